// /benchmark: the engine's speed in the visitor's own browser (docs/benchmark.md). The page is
// prerendered; the runs start with "Run benchmark", in the engine's Web Worker (loaded then, with
// lib/engine/host/bench-client.ts), on inputs made from the seed in the worker. Nothing is read from
// or sent off the device.
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import native from '../../../../docs/bench-native.json';
import {
  type BenchEnvironment,
  type BenchOptions,
  type BenchResult,
  type BenchRow,
  BENCH_INPUTS,
  environment,
  markdown,
  MIB,
  planCells,
  SCHEMA,
  sizeText,
  pageTsCap,
  TS_MAX_BYTES,
  VERSION,
} from '../../../../lib/engine/host/bench.ts';
import { ENGINE_MODES } from '../../../../lib/engine/shared/types.ts';
import { Button } from '../../ui/Button.tsx';
import { Container, Eyebrow, Lead, Prose, Section, TableScroll } from '../../ui/layout.tsx';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

const TITLE = 'Benchmark: the WebAssembly engine in your browser | Fracture';
const DESCRIPTION =
  'Measure megabytes per second for every corruption mode in your own browser: the WebAssembly engine beside the TypeScript reference engine and the native CLI. Inputs are generated in the page; nothing is uploaded.';

/** The page's sizes (MiB); `?size-kib=N` adds an N KiB size, for the browser tests only. */
export const PAGE_SIZES_MIB = [16, 64, 200] as const;
const NATIVE = native as unknown as BenchResult;

/** The extra size `?size-kib=N` asks for (browser tests), in bytes. */
function testSize(): number | undefined {
  if (typeof location === 'undefined') return undefined;
  const n = Number(new URLSearchParams(location.search).get('size-kib'));
  return Number.isInteger(n) && n >= 4 && n <= 16 * 1024 ? n * 1024 : undefined;
}

function browserName(ua: string): string {
  const m = /(Firefox|Edg|OPR|Chrome|Version)\/([\d.]+)/.exec(ua);
  if (!m) return 'browser';
  const name = { Edg: 'Edge', OPR: 'Opera', Version: 'Safari' }[m[1]] ?? m[1];
  return `${name} ${m[2]}`;
}

function pageEnvironment(): BenchEnvironment {
  return environment('browser', {
    os: null,
    arch: null,
    cores: navigator.hardwareConcurrency ?? null,
    user_agent: navigator.userAgent,
    runtime: browserName(navigator.userAgent),
  });
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  align-items: end;
  margin: 24px 0;

  & label { display: grid; gap: 6px; font-weight: 600; }
  & select, & input {
    font: inherit;
    padding: 0.5em;
    border-radius: var(--radius);
    border: 1px solid var(--border);
    background: var(--surface-2);
    color: var(--text);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 16px 0;
`;

const Bars = styled.svg`
  width: 100%;
  height: auto;
  & text { fill: var(--text); font-size: 12px; }
  & .wasm { fill: #38e2ad; }
  & .ts { fill: #7aa2ff; }
  & .native { fill: #c8a2ff; }
`;

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number; label: string }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const figure = (r: BenchRow | undefined) =>
  r ? `${r.median_mib_s.toFixed(1)} (${r.min_mib_s.toFixed(1)}–${r.max_mib_s.toFixed(1)})` : '–';

function nativeRow(mode: string, input: string): BenchRow | undefined {
  return NATIVE.rows.find((r) => r.mode === mode && r.input === input);
}

/** One bar group per mode and input: wasm, ts and native medians, scaled to the largest. */
function Chart({ rows }: { rows: BenchRow[] }) {
  const groups = ENGINE_MODES.flatMap((mode) =>
    BENCH_INPUTS.map((input) => ({
      label: `${mode} ${input}`,
      bars: [
        ['wasm', rows.find((r) => r.mode === mode && r.input === input && r.engine === 'wasm')],
        ['ts', rows.find((r) => r.mode === mode && r.input === input && r.engine === 'ts')],
        ['native', nativeRow(mode, input)],
      ] as const,
    })),
  ).filter((g) => g.bars.some(([, r]) => r && r.engine !== 'native'));
  const max = Math.max(1, ...groups.flatMap((g) => g.bars.map(([, r]) => r?.median_mib_s ?? 0)));
  const rowH = 14;
  const groupH = rowH * 3 + 12;
  const left = 200;
  const width = 760;
  return (
    <Bars
      viewBox={`0 0 ${width} ${groups.length * groupH + 20}`}
      role="img"
      aria-labelledby="bench-chart-title"
      data-testid="bench-chart"
    >
      <title id="bench-chart-title">
        Median MiB/s per mode and input: WebAssembly (green), TypeScript reference (blue), native CLI (violet)
      </title>
      {groups.map((g, i) => (
        <g key={g.label} transform={`translate(0 ${i * groupH})`}>
          <text x={0} y={rowH * 1.5}>
            {g.label}
          </text>
          {g.bars.map(([engine, r], j) => {
            const w = r ? ((width - left - 80) * r.median_mib_s) / max : 0;
            return (
              <g key={engine}>
                <rect className={engine} x={left} y={j * rowH} width={w} height={rowH - 3} />
                <text x={left + w + 6} y={j * rowH + rowH - 4}>
                  {r ? `${engine} ${r.median_mib_s.toFixed(0)}` : ''}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </Bars>
  );
}

/** A labelled whole-number field; what is typed is kept within [min, max]. */
function NumberField(p: {
  label: string;
  min: number;
  max: number;
  value: number;
  disabled: boolean;
  set: (n: number) => void;
}) {
  return (
    <label>
      {p.label}
      <input
        type="number"
        min={p.min}
        max={p.max}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.set(Math.min(p.max, Math.max(p.min, Math.trunc(Number(e.target.value)) || p.min)))}
      />
    </label>
  );
}

function Runner() {
  const extra = useRef<number | undefined>(undefined);
  const [sizes, setSizes] = useState<number[]>(PAGE_SIZES_MIB.map((m) => m * MIB));
  const [size, setSize] = useState(PAGE_SIZES_MIB[0] * MIB);
  const [intensity, setIntensity] = useState(80);
  const [runs, setRuns] = useState(5);
  const [seed, setSeed] = useState(1);
  const [env, setEnv] = useState<BenchEnvironment | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [result, setResult] = useState<BenchResult | null>(null);
  const [copied, setCopied] = useState('');
  const cancel = useRef<(() => void) | null>(null);
  /** The bench client, once loaded (see `prepare`). */
  const prepared = useRef<Promise<typeof import('../../../../lib/engine/host/bench-client.ts')> | null>(null);
  /** The engine's worker has loaded and waits at rest (tests/bench/page.mjs measures the tab then). */
  const [engineReady, setEngineReady] = useState(false);

  useEffect(() => {
    setEnv(pageEnvironment());
    extra.current = testSize();
    const add = extra.current;
    if (add !== undefined) {
      setSizes((list) => [add, ...list]);
      setSize(add);
    }
    return () => {
      cancel.current?.();
      if (prepared.current) void prepared.current.then((c) => c.disposeBench());
    };
  }, []);

  /**
   * The engine's worker starts when the visitor first reaches the form (focus or pointer), before
   * any run, and waits at rest, so a run adds only its own memory; not on load, which stays light.
   */
  const prepare = () => {
    if (prepared.current) return;
    const client = import('../../../../lib/engine/host/bench-client.ts');
    prepared.current = client;
    void client
      .then((c) => c.prepareBench())
      .then(() => setEngineReady(true))
      .catch(() => undefined);
  };

  const run = async () => {
    const options: BenchOptions = {
      sizes_bytes: [size],
      modes: [...ENGINE_MODES],
      inputs: [...BENCH_INPUTS],
      engines: ['wasm', 'ts'],
      intensity,
      runs,
      seed,
      ts_max_bytes: pageTsCap(size),
    };
    const started = pageEnvironment();
    setEnv(started);
    setResult(null);
    setCopied('');
    setStatus({ kind: 'running', done: 0, total: 1, label: 'Loading the engine…' });
    const { startBench, BENCH_CANCELLED } = await import('../../../../lib/engine/host/bench-client.ts');
    const job = startBench(options, planCells(options), (done, total, c) =>
      setStatus({
        kind: 'running',
        done,
        total,
        label: `${c.mode}, ${c.engine}, ${c.input}, ${sizeText(c.size_bytes)}`,
      }),
    );
    cancel.current = job.cancel;
    try {
      const rows = await job.rows;
      setResult({ schema: SCHEMA, version: VERSION, environment: started, options, rows });
      setStatus({ kind: 'done' });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setStatus(message === BENCH_CANCELLED ? { kind: 'cancelled' } : { kind: 'failed', message });
    } finally {
      cancel.current = null;
    }
  };

  const copy = async (what: 'JSON' | 'Markdown') => {
    if (!result) return;
    const text = what === 'JSON' ? `${JSON.stringify(result, null, 2)}\n` : markdown(result);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied to the clipboard`);
    } catch {
      setCopied(`The clipboard refused; the ${what} is below, under "Result as JSON"`);
    }
  };

  const running = status.kind === 'running';
  const rows = result?.rows ?? [];
  const find = (mode: string, input: string, engine: string) =>
    rows.find((r) => r.mode === mode && r.input === input && r.engine === engine);
  return (
    <>
      <h2 id="bench-run">Run it</h2>
      <Form
        aria-labelledby="bench-run"
        onFocus={prepare}
        onPointerEnter={prepare}
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void run();
        }}
      >
        <label>
          Input size
          <select value={size} disabled={running} onChange={(e) => setSize(Number(e.target.value))}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {sizeText(s)}
              </option>
            ))}
          </select>
        </label>
        <NumberField
          label="Intensity (0–100)"
          min={0}
          max={100}
          value={intensity}
          disabled={running}
          set={setIntensity}
        />
        <NumberField label="Runs per row" min={1} max={20} value={runs} disabled={running} set={setRuns} />
        <NumberField label="Seed" min={0} max={Number.MAX_SAFE_INTEGER} value={seed} disabled={running} set={setSeed} />
        <Actions>
          <Button type="submit" disabled={running}>
            Run benchmark
          </Button>
          <Button variant="secondary" disabled={!running} onClick={() => cancel.current?.()}>
            Cancel
          </Button>
        </Actions>
      </Form>
      <p>
        The TypeScript reference engine runs at most a quarter of the chosen size and at most {sizeText(TS_MAX_BYTES)}:
        at this size its rows use a {sizeText(pageTsCap(size))} input (it is slow, and its outputs are new arrays beside
        its input).
      </p>
      <div aria-live="polite" data-testid="bench-status" data-engine={engineReady ? 'ready' : 'loading'}>
        {status.kind === 'running' && (
          <p>
            <label>
              Progress: run {status.done} of {status.total} ({status.label}){' '}
              <progress max={status.total} value={status.done} />
            </label>
          </p>
        )}
        {status.kind === 'done' && <p>Done: {rows.length} rows.</p>}
        {status.kind === 'cancelled' && <p>Cancelled. Nothing was kept.</p>}
        {status.kind === 'failed' && <p role="alert">The benchmark failed: {status.message}</p>}
      </div>

      <h2>Your environment</h2>
      <ul data-testid="bench-environment">
        <li>Browser: {env ? `${env.runtime} (${env.user_agent})` : 'shown once the page runs'}</li>
        <li>Cores: {env?.cores ?? 'unknown'}</li>
        <li>WebAssembly SIMD: {env ? (env.wasm_simd ? 'available' : 'not available') : '–'}</li>
        <li>WebAssembly threads (shared memory): {env ? (env.wasm_threads ? 'available' : 'not available') : '–'}</li>
      </ul>

      <h2>Results</h2>
      <p>
        Median MiB/s over the runs, the range (slowest–fastest) in brackets. The native figures are the native
        CLI&apos;s on {sizeText(NATIVE.options.sizes_bytes[0])} inputs, from docs/bench-native.json (
        {NATIVE.environment.runtime}, {NATIVE.environment.os} {NATIVE.environment.arch}, {NATIVE.environment.cores}{' '}
        cores, {NATIVE.environment.date.slice(0, 10)}).
      </p>
      <TableScroll>
        <table data-testid="bench-results">
          <thead>
            <tr>
              <th scope="col">Mode</th>
              <th scope="col">Input</th>
              <th scope="col">WebAssembly MiB/s</th>
              <th scope="col">TypeScript MiB/s</th>
              <th scope="col">wasm ÷ ts</th>
              <th scope="col">Native CLI MiB/s</th>
            </tr>
          </thead>
          <tbody>
            {ENGINE_MODES.flatMap((mode) =>
              BENCH_INPUTS.map((input) => {
                const w = find(mode, input, 'wasm');
                const t = find(mode, input, 'ts');
                return (
                  <tr key={`${mode}-${input}`} data-mode={mode} data-input={input}>
                    <th scope="row">{mode}</th>
                    <td>{input}</td>
                    <td data-engine="wasm">{figure(w)}</td>
                    <td data-engine="ts">
                      {figure(t)}
                      {t && w && t.size_bytes !== w.size_bytes ? ` at ${sizeText(t.size_bytes)}` : ''}
                    </td>
                    <td>{w && t && t.median_mib_s > 0 ? `${(w.median_mib_s / t.median_mib_s).toFixed(1)}×` : '–'}</td>
                    <td>{figure(nativeRow(mode, input))}</td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </TableScroll>
      {result && <Chart rows={rows} />}
      <Actions>
        <Button variant="secondary" disabled={!result} onClick={() => void copy('JSON')}>
          Copy JSON
        </Button>
        <Button variant="secondary" disabled={!result} onClick={() => void copy('Markdown')}>
          Copy Markdown
        </Button>
      </Actions>
      <p aria-live="polite">{copied}</p>
      {result && (
        <details>
          <summary>Result as JSON</summary>
          <pre data-testid="bench-json">{JSON.stringify(result, null, 2)}</pre>
        </details>
      )}
    </>
  );
}

export function Benchmark() {
  const path = '/benchmark';
  return (
    <>
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['webassembly benchmark', 'file corruption speed', 'wasm vs typescript', 'fracture benchmark']}
        path={path}
        structuredData={[
          webPage('WebPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>Benchmark</Eyebrow>
          <h1>How fast is the engine in your browser?</h1>
          <Lead>
            One button runs every corruption mode on inputs generated in this page, with the WebAssembly engine and the
            TypeScript reference engine, and shows megabytes per second beside the native command line&apos;s figure.
            Your files are never read or uploaded.
          </Lead>
          <Prose>
            <h2>What is timed</h2>
            <p>
              Each WebAssembly run times one call into the engine, in the same Web Worker the workspace uses: the engine
              streams the input, already in memory, in 1 MiB pieces through the five stages (scan, plan, corrupt,
              verify, report) with both SHA-256 checksums, and copies each output piece out. The native figures time the
              same code on one core. The reference engine&apos;s runs are one call on the whole input, its output in new
              memory. Not timed: generating the input (random bytes and a valid PNG, made from the seed), loading the
              engines, drawing the page. Before each mode&apos;s runs an untimed run on 1 MiB lets the browser compile
              the hot code. Memory: the engine&apos;s worker starts when you reach the form below and waits; a run then
              adds the input (made once, read by every run) and a piece or two, never a second copy of it, so the tab
              grows by about the input&apos;s size over what it held at rest before the run.
            </p>
            <p>
              The same suite runs from the command line: <code>fracture bench</code> (native) and{' '}
              <code>npx fracture bench --engine both</code>, with the same JSON, so a browser&apos;s figures and a
              CLI&apos;s compare row by row (<code>--compare OLD.json</code>).
            </p>
          </Prose>
          <Runner />
        </Container>
      </Section>
    </>
  );
}
