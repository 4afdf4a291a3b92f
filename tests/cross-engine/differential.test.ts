// Differential test: random inputs, modes, intensities, seeds, names and options (byte ranges,
// checksum fixing, and on the golden vectors' structured files selectors drawn from their structure
// maps and member globs drawn from their archives' members) through the native engine
// (engine-rs/core/examples/oracle.rs), the WebAssembly module and the TypeScript reference engine; all
// three must give identical bytes and reports (timing aside). FRACTURE_DIFF_CASES sets the count
// (default 1000), FRACTURE_DIFF_SEED replays a run; a failure prints the case and how to reproduce it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrupt as corruptTs } from '../../lib/engine/reference/engine.ts';
import { detect } from '../../lib/engine/reference/formats.ts';
import { bytesArea, structureMap } from '../../lib/engine/reference/structure/index.ts';
import { extensionOf } from '../../lib/engine/shared/names.ts';
import { ENGINE_MODES, RANGE_MODES } from '../../lib/engine/shared/mode-tables.ts';
import type { CorruptOptions, Report } from '../../lib/engine/shared/types.ts';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';
import { runWasm, type WasmEngine } from '../../lib/engine/host/run.ts';
import { type Gen, generate, xorshiftBytes } from './generators.ts';
import { buildOracle } from './oracle.ts';
import { untimed } from './untimed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CASES = Number(process.env.FRACTURE_DIFF_CASES ?? 1000);
const MASTER = Number(process.env.FRACTURE_DIFF_SEED ?? 20261120);

const MODES = ENGINE_MODES;
/** PNG, ZIP, tar, Ogg and FLAC files whose checksums the fix walks: the golden vectors' inputs. */
const STRUCTURED = [
  ...new Map(
    (
      JSON.parse(readFileSync(path.join(ROOT, 'tests/golden/vectors.json'), 'utf8')).records as {
        input: Gen;
        name: string;
        fix_checksums?: boolean;
      }[]
    )
      .filter((r) => r.fix_checksums && r.input.gen === 'hex' && r.input.hex.length > 0)
      .map((r) => [JSON.stringify(r.input), { name: r.name, bytes: generate(r.input) }]),
  ).values(),
];
const MAGIC = [
  '',
  '89504e470d0a1a0a0000000d49484452',
  '255044462d312e340a',
  '504b0304',
  'ffd8ffe0',
  '47494638396101000100',
  '49492a00',
  '524946460000000057454250',
  '524946460000000041564920',
  '524946460000000057415645',
  '0000001866747970',
  '1a45dfa3',
  '464c5601',
  '664c6143',
  '4f676753',
  '3026b2758e66cf11',
  'd0cf11e0a1b11ae1',
  '526172211a0700',
  '377abcaf271c',
  'fd377a585a00',
  '1f8b08',
  '4d534346',
  '494433',
  '4d5a',
  '425a6839',
  'fffb',
  'fff1',
  '3c73766720',
  '7b2261223a5b',
  '612c622c630a',
];
const NAMES = [
  '',
  'x',
  '.bashrc',
  'a.PDF',
  'f.zip',
  't.csv',
  'd.json',
  'ü ✓.png',
  'a.b.c.mp3',
  'trailing.',
  'x.tar',
  'n.exe',
  's.svg',
  'v.mkv',
  'doc.DOCX',
  'notes.txt',
  'clip.mp4',
  'data.tsv',
  '日本語.xlsx',
  'archive.7z',
];
const SIZES = [
  0, 1, 2, 15, 16, 17, 4095, 4096, 4097, 8191, 8192, 8193, 65535, 65536, 65537, 131071, 131072, 131073, 196609,
];

/** Small PRNG for choosing cases (not the engine's generator). */
function chooser(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  return { next, pick: <T>(a: readonly T[]) => a[next() % a.length], below: (n: number) => next() % n };
}

interface Case {
  index: number;
  magic: string;
  size: number;
  lowEntropy: boolean;
  /** An index into STRUCTURED: the input is that file, with `size` of its bytes XORed with random ones. */
  structured?: number;
  name: string;
  mode: string;
  intensity: number;
  seed: number;
  ranges?: { only: string[]; protect: string[] };
  fix_checksums?: boolean;
  member?: string;
  /** The conversion modes' and misdirected_write's options (docs/contract.md, sections 6.13 to 6.16). */
  direction?: string;
  charset?: string;
  bom?: string;
  block_size?: number;
  /** The body drawn from bytes the conversion modes convert: CR, LF, UTF-8, CP1252 and BOM bytes. */
  texty?: boolean;
  path: string;
}

/** Bytes for a texty body: every unit the conversion modes have, and letters between them. */
const TEXTY = [0x0d, 0x0a, 0x61, 0x20, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0x93, 0x81, 0xef, 0xbb, 0xbf, 0x0d, 0x0a];

/**
 * The conversion modes' and misdirected_write's options for a case, drawn by a chooser of their own
 * (so the other draws stay as they were): mostly on the modes that take them, now and then on another
 * mode or with a value no mode knows (an error each engine must word alike).
 */
function variantFor(r: ReturnType<typeof chooser>, c: Case): void {
  const pick = <T>(a: readonly (T | undefined)[]) => r.pick(a);
  c.texty = r.below(2) === 0;
  if (r.below(20) === 0) {
    c.direction = pick(['lf_to_crlf', 'to_utf8', 'sideways']);
    c.block_size = pick([undefined, 513]);
    return;
  }
  if (c.mode === 'text_transfer') c.direction = pick([undefined, 'lf_to_crlf', 'crlf_to_lf']);
  if (c.mode === 'charset_roundtrip') {
    c.direction = pick([undefined, 'to_utf8', 'from_utf8']);
    c.charset = pick([undefined, 'cp1252', 'latin1']);
    c.bom = pick([undefined, 'keep', 'add', 'strip']);
  }
  if (c.mode === 'misdirected_write') c.block_size = pick([undefined, 512, 4096]);
}

/**
 * Selectors for a structured case, drawn from its input's map (the reference engine's walk; the
 * engines must agree on the map too, so a path one of them lacks shows as a disagreement): a unit
 * whole, one field, every repeat (`#k` left out), a `*` within a segment, another family's selector
 * (an error each engine must word alike), or a path that is not there (the no-match error).
 */
function selectorsFor(r: ReturnType<typeof chooser>, input: Uint8Array, name: string): string[] {
  const family = detect(input, extensionOf(name));
  const paths = structureMap(family, bytesArea(input)).map((g) => g.path);
  return Array.from({ length: 1 + r.below(2) }, () => {
    const path = r.pick(paths);
    const colon = path.indexOf(':');
    const [fam, rest] = [path.slice(0, colon), path.slice(colon + 1)];
    // A member name in [...] keeps its `/`: split the unit from the field after the last `]`.
    const close = rest.lastIndexOf(']');
    const slash = rest.indexOf('/', close + 1);
    const unit = slash < 0 ? rest : rest.slice(0, slash);
    const field = slash < 0 ? '' : rest.slice(slash);
    switch (r.below(6)) {
      case 0:
        return `${fam}:${unit}`;
      case 1:
        return `${fam}:${unit.replace(/#\d+$/, '')}${field}`;
      case 2:
        return field ? `${fam}:*${field}` : `${fam}:*`;
      case 3:
        return `${fam === 'png' ? 'zip' : 'png'}:${unit}`;
      case 4:
        return `${fam}:no_such_unit${field}`;
      default:
        return path;
    }
  });
}

/** A member glob for an archive case: one member's name, a `*` pattern over its last part, every member, or none. */
function memberGlobFor(r: ReturnType<typeof chooser>, input: Uint8Array, name: string): string | undefined {
  const family = detect(input, extensionOf(name));
  if (family !== 'zip' && family !== 'tar') return undefined;
  const members = [
    ...new Set(
      structureMap(family, bytesArea(input))
        .map((g) => /^[a-z]+:member\[(.*)\]/.exec(g.path)?.[1])
        .filter((m): m is string => m !== undefined),
    ),
  ];
  const one = members.length ? r.pick(members) : 'x';
  switch (r.below(4)) {
    case 0:
      return '*';
    case 1:
      return one.replace(/[^/]*$/, '*');
    case 2:
      return 'no/such/member';
    default:
      return one.replace(/[*?[]/g, '?');
  }
}

/** A range text for an n-byte input: decimal or hex, from the start or from the end, ends left out. */
function rangeText(r: ReturnType<typeof chooser>, n: number): string {
  const value = () => {
    const v = r.below(Math.max(1, n + 50));
    const text = r.below(3) === 0 ? `0x${v.toString(16)}` : String(v);
    return r.below(3) === 0 ? `-${text}` : text;
  };
  const a = r.below(6) === 0 ? '' : value();
  const b = r.below(6) === 0 ? '' : value();
  // Mostly ordered, so most ranges hold bytes; the others are errors or empty, which is tested too.
  if (r.below(5) !== 0 && a && b && !a.startsWith('-') && !b.startsWith('-') && Number(a) > Number(b))
    return `${b}:${a}`;
  return `${a}:${b}`;
}

function makeInput(c: Case): Uint8Array {
  if (c.structured !== undefined) {
    const out = STRUCTURED[c.structured].bytes.slice();
    const noise = xorshiftBytes(Math.min(c.size, out.length), c.index + 1);
    for (let i = 0; i < noise.length; i += 97) out[noise[i] % out.length] ^= noise[i + 1] ?? 1;
    return out;
  }
  const magic = Uint8Array.from(c.magic.match(/../g) ?? [], (h) => parseInt(h, 16));
  const body = xorshiftBytes(c.size, c.index + 1);
  if (c.texty) for (let i = 0; i < body.length; i++) body[i] = TEXTY[body[i] % TEXTY.length];
  else if (c.lowEntropy) for (let i = 0; i < body.length; i++) body[i] = (body[i] & 0x0f) | 0x20;
  const out = new Uint8Array(magic.length + body.length);
  out.set(magic);
  out.set(body, magic.length);
  return out;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** An engine's answer: [name, sha256, report] or, when it throws, [name, undefined, its message]. */
async function answer(name: string, run: () => Promise<[string, string]>): Promise<(string | undefined)[]> {
  try {
    return [name, ...(await run())];
  } catch (e) {
    return [name, undefined, (e as Error).message];
  }
}

describe(`differential: native, WebAssembly and TypeScript on ${CASES} random cases (seed ${MASTER})`, () => {
  let dir: string;
  let wasm: WasmEngine;
  const cases: Case[] = [];
  let native: { sha256?: string; report?: Report; error?: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fracture-diff-'));
    const r = chooser(MASTER);
    const aim = chooser(MASTER ^ 0x5e1ec7);
    const variant = chooser(MASTER ^ 0x7ae1);
    for (let i = 0; i < CASES; i++) {
      const size = r.below(3) === 0 ? r.pick(SIZES) : r.below(300_000);
      const seedKind = r.below(5);
      const seed =
        seedKind === 0
          ? Number.MAX_SAFE_INTEGER - r.below(3)
          : seedKind === 1
            ? r.below(10)
            : r.next() * 2048 + r.below(2048);
      const c: Case = {
        index: i,
        magic: r.pick(MAGIC),
        size,
        lowEntropy: r.below(2) === 0,
        name: r.pick(NAMES),
        mode: r.pick(MODES),
        intensity: r.below(4) === 0 ? r.pick([0, 1, 50, 100]) : r.below(101),
        seed,
        path: path.join(dir, `case-${i}.bin`),
      };
      // Options: mostly on the modes that take them, sometimes on the others (a usage error each
      // engine must word alike).
      const optionMode = (RANGE_MODES as readonly string[]).includes(c.mode) || r.below(10) === 0;
      // A third: a structured file (mostly with the fix); a fifth of the rest: the fix alone.
      const kind = optionMode ? r.below(15) : 15;
      if (kind < 5) {
        c.structured = r.below(STRUCTURED.length);
        c.name = STRUCTURED[c.structured].name;
        c.size = r.below(40);
        c.fix_checksums = r.below(4) !== 0;
      } else if (kind < 7) {
        c.fix_checksums = true;
      }
      if (optionMode && r.below(2) === 0) {
        const n = c.structured !== undefined ? STRUCTURED[c.structured].bytes.length : c.size + c.magic.length / 2;
        const list = () => Array.from({ length: r.below(3) }, () => rangeText(r, n));
        c.ranges = { only: list(), protect: list() };
      }
      // Aims by structure, drawn by a chooser of their own so that the cases above stay as they were:
      // on half the structured cases selectors (only or protect), on the other half's archives a member glob.
      if (c.structured !== undefined) {
        const input = makeInput(c);
        if (aim.below(2) === 0) {
          const ranges = c.ranges ?? { only: [], protect: [] };
          const side = aim.below(3) === 0 ? 'protect' : 'only';
          ranges[side] = [...ranges[side], ...selectorsFor(aim, input, c.name)];
          c.ranges = ranges;
        } else {
          c.member = memberGlobFor(aim, input, c.name);
        }
      }
      variantFor(variant, c);
      writeFileSync(c.path, makeInput(c));
      cases.push(c);
    }
    const oracle = buildOracle();
    const input = cases
      .map((c) =>
        JSON.stringify({
          path: c.path,
          name: c.name,
          mode: c.mode,
          intensity: c.intensity,
          seed: c.seed,
          ranges: c.ranges,
          fix_checksums: c.fix_checksums,
          member: c.member,
          direction: c.direction,
          charset: c.charset,
          bom: c.bom,
          block_size: c.block_size,
        }),
      )
      .join('\n');
    const out = execFileSync(oracle, {
      input,
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
    native = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    wasm = await loadWasmEngine();
  }, 600_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives identical bytes and reports (or errors) in all three engines', async () => {
    expect(native.length).toBe(CASES);
    const failures: string[] = [];
    const withOptions: string[] = [];
    const aimed: string[] = [];
    const members: string[] = [];
    const variants: string[] = [];
    for (const c of cases) {
      const input = makeInput(c);
      const opts: CorruptOptions = {
        mode: c.mode,
        intensity: c.intensity,
        seed: c.seed,
        ranges: c.ranges,
        fixChecksums: c.fix_checksums,
        member: c.member,
        ...(c.direction !== undefined ? { direction: c.direction } : {}),
        ...(c.charset !== undefined ? { charset: c.charset } : {}),
        ...(c.bom !== undefined ? { bom: c.bom } : {}),
        ...(c.block_size !== undefined ? { blockSize: c.block_size } : {}),
      };
      const n = native[c.index];
      const answers = [
        ['native', n.sha256, n.report ? JSON.stringify(Object.entries(n.report)) : n.error],
        await answer('wasm', async () => {
          const w = await runWasm(wasm, input, c.name, opts);
          return [sha256(w.data), JSON.stringify(untimed(w.report))];
        }),
        await answer('ts', async () => {
          const ts = corruptTs(input, c.name, opts);
          return [sha256(ts.data), JSON.stringify(untimed(ts.report))];
        }),
      ];
      if (c.ranges || c.fix_checksums) withOptions.push(n.error ? 'error' : 'ok');
      const selectors = [...(c.ranges?.only ?? []), ...(c.ranges?.protect ?? [])].some((t) => /^[a-z]/.test(t));
      if (selectors) aimed.push(n.error ? 'error' : 'ok');
      if (c.member) members.push(n.error ? 'error' : 'ok');
      if (c.direction ?? c.charset ?? c.bom ?? c.block_size) variants.push(n.error ? 'error' : 'ok');
      if (new Set(answers.map((a) => `${a[1]} ${a[2]}`)).size !== 1) {
        const { path: _p, ...shown } = c;
        failures.push(
          `case ${JSON.stringify(shown)}\n  reproduce: FRACTURE_DIFF_SEED=${MASTER} FRACTURE_DIFF_CASES=${c.index + 1} npx vitest run --config web/vite.config.ts tests/cross-engine/differential.test.ts\n` +
            answers.map((a) => `  ${a[0]}: ${a[1]} ${a[2]}`).join('\n'),
        );
        if (failures.length >= 5) break;
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The options were exercised, mostly on runs that go through.
    console.log(
      `options ${withOptions.length}, the new modes' options ${variants.length}, selectors ${aimed.filter((x) => x === 'ok').length} ok and ${aimed.filter((x) => x === 'error').length} refused, member globs ${members.filter((x) => x === 'ok').length} ok and ${members.filter((x) => x === 'error').length} refused`,
    );
    if (CASES >= 1000) {
      expect(withOptions.filter((x) => x === 'ok').length).toBeGreaterThan(150);
      expect(withOptions.filter((x) => x === 'error').length).toBeGreaterThan(10);
      // Selectors and member globs too, both resolving and refused.
      expect(aimed.filter((x) => x === 'ok').length).toBeGreaterThan(20);
      expect(aimed.filter((x) => x === 'error').length).toBeGreaterThan(5);
      expect(members.filter((x) => x === 'ok').length).toBeGreaterThan(5);
      expect(members.filter((x) => x === 'error').length).toBeGreaterThan(1);
      // The new modes' options, run and refused.
      expect(variants.filter((x) => x === 'ok').length).toBeGreaterThan(60);
      expect(variants.filter((x) => x === 'error').length).toBeGreaterThan(10);
    }
  }, 600_000);
});
