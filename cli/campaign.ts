// The records of a campaign (docs/campaigns.md): outcomes, signatures and crash ids, the lines of
// runs.jsonl, campaign.json and summary.md. Pure functions of their arguments, shared by `fracture
// run` (cli/run.ts) and `fracture merge` (cli/merge.ts); the native CLI writes the same bytes
// (engine-rs/cli/src/campaign.rs).
import { createHash } from 'node:crypto';
import { variantName } from '../lib/engine/shared/names.ts';
import { replayCommand, shareLink } from '../lib/report/host-fields.ts';

export type Outcome = 'accepted' | 'rejected' | 'crashed' | 'hung';
export const OUTCOMES: readonly Outcome[] = ['accepted', 'rejected', 'crashed', 'hung'];

/** Standard output and standard error keep at most this many bytes each. */
export const CAPTURE_LIMIT = 65536;

/** The signals that make a run `crashed`. */
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT', 'SIGTRAP', 'SIGSYS']);

/** Linux's names of signals 1-31 (SIGIOT as SIGABRT, SIGPOLL as SIGIO). */
const SIGNAL_NAMES = [
  'SIGHUP',
  'SIGINT',
  'SIGQUIT',
  'SIGILL',
  'SIGTRAP',
  'SIGABRT',
  'SIGBUS',
  'SIGFPE',
  'SIGKILL',
  'SIGUSR1',
  'SIGSEGV',
  'SIGUSR2',
  'SIGPIPE',
  'SIGALRM',
  'SIGTERM',
  'SIGSTKFLT',
  'SIGCHLD',
  'SIGCONT',
  'SIGSTOP',
  'SIGTSTP',
  'SIGTTIN',
  'SIGTTOU',
  'SIGURG',
  'SIGXCPU',
  'SIGXFSZ',
  'SIGVTALRM',
  'SIGPROF',
  'SIGWINCH',
  'SIGIO',
  'SIGPWR',
  'SIGSYS',
];

/** A signal's recorded name: Linux's for 1-31, `SIG{n}` otherwise. */
export function signalName(n: number): string {
  return n >= 1 && n <= 31 ? SIGNAL_NAMES[n - 1] : `SIG${n}`;
}

/** How one run of PROGRAM ended. */
export interface Ending {
  hung: boolean;
  exitCode: number | null;
  /** A signal's name (signalName), or null. */
  signal: string | null;
  /** Its kept standard error. */
  stderr: Uint8Array;
}

export interface Judging {
  /** Exit codes that count as crashes. */
  crashExit: ReadonlySet<number>;
  crashPattern: RegExp | null;
}

export interface Verdict {
  outcome: Outcome;
  /** For crashed and hung runs. */
  signature: string | null;
  crashId: string | null;
}

const SANITIZER = [/^==[0-9]+==(ERROR|WARNING): [A-Za-z]+Sanitizer/u, /^WARNING: ThreadSanitizer/u, /runtime error: /u];
const FRAME = /^\s*#[0-9]+ /u;
const PANIC = /^thread '.*' panicked at /u;

/** Standard error's lines: lossy UTF-8, split on `\n`, a trailing `\r` removed from each. */
export function stderrLines(stderr: Uint8Array): string[] {
  return new TextDecoder('utf-8')
    .decode(stderr)
    .split('\n')
    .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** The report lines standard error holds (a sanitizer's, a Rust panic's, or a --crash-pattern line), or none. */
export function reportLines(lines: string[], pattern: RegExp | null): string[] | null {
  const at = lines.findIndex((l) => SANITIZER.some((re) => re.test(l)));
  if (at >= 0) {
    const frames = lines.slice(at + 1).filter((l) => FRAME.test(l));
    return [lines[at], ...frames.slice(0, 3)];
  }
  const panic = lines.findIndex((l) => PANIC.test(l));
  if (panic >= 0) {
    const line = lines[panic];
    return line.endsWith(':') && panic + 1 < lines.length ? [line, lines[panic + 1]] : [line];
  }
  if (pattern) {
    const hit = lines.find((l) => pattern.test(l));
    if (hit !== undefined) return [hit];
  }
  return null;
}

/** A report line as it enters a signature: addresses `0x?`, numbers `N`, blanks one space, trimmed. */
export function normalise(line: string): string {
  return line
    .replace(/0x[0-9a-fA-F]+|[0-9]+/g, (m) => (m.startsWith('0x') ? '0x?' : 'N'))
    .replace(/[ \t]+/g, ' ')
    .replace(/^ +| +$/g, '');
}

/** The first 12 hex digits of the SHA-256 of the signature. */
export function crashIdOf(signature: string): string {
  return createHash('sha256').update(signature, 'utf8').digest('hex').slice(0, 12);
}

/** The outcome of a run (docs/campaigns.md, section 3), its signature and crash id. */
export function judge(end: Ending, j: Judging): Verdict {
  if (end.hung) {
    const signature = 'hung\ntimeout';
    return { outcome: 'hung', signature, crashId: crashIdOf(signature) };
  }
  const pattern = j.crashPattern;
  const report = () => reportLines(stderrLines(end.stderr), pattern);
  let crashed = end.signal !== null && CRASH_SIGNALS.has(end.signal);
  if (!crashed && end.exitCode !== null && j.crashExit.has(end.exitCode)) crashed = true;
  const lines = report();
  if (!crashed && lines !== null) crashed = true;
  if (!crashed) return { outcome: end.exitCode === 0 ? 'accepted' : 'rejected', signature: null, crashId: null };
  const cause = end.signal !== null ? `signal ${end.signal}` : `exit ${end.exitCode}`;
  const signature = ['crashed', cause, ...(lines ?? []).map(normalise)].join('\n');
  return { outcome: 'crashed', signature, crashId: crashIdOf(signature) };
}

/** One line of runs.jsonl, as recorded. */
export interface RunRecord {
  file: string;
  seed: number;
  outcome: Outcome;
  exit_code: number | null;
  signal: string | null;
  duration_ms: number;
  variant_sha256: string;
  crash_id: string | null;
}

/** A record as its line of runs.jsonl (with its `\n`), keys in the spec's order. */
export function recordLine(r: RunRecord): string {
  return `${JSON.stringify({
    file: r.file,
    seed: r.seed,
    outcome: r.outcome,
    exit_code: r.exit_code,
    signal: r.signal,
    duration_ms: r.duration_ms,
    variant_sha256: r.variant_sha256,
    crash_id: r.crash_id,
  })}\n`;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

/** The records of a runs.jsonl text: lines that do not parse, or the last one when cut short, are dropped. */
export function parseRecords(text: string): RunRecord[] {
  const lines = text.split('\n');
  // The part after the last `\n` has none: cut short (or empty).
  lines.pop();
  const out: RunRecord[] = [];
  for (const line of lines) {
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(line);
    } catch {
      continue;
    }
    if (
      v === null ||
      typeof v !== 'object' ||
      typeof v.file !== 'string' ||
      !isInt(v.seed) ||
      !OUTCOMES.includes(v.outcome as Outcome) ||
      !(v.exit_code === null || isInt(v.exit_code)) ||
      !isStringOrNull(v.signal) ||
      !isInt(v.duration_ms) ||
      typeof v.variant_sha256 !== 'string' ||
      !isStringOrNull(v.crash_id)
    ) {
      continue;
    }
    out.push({
      file: v.file,
      seed: v.seed,
      outcome: v.outcome as Outcome,
      exit_code: v.exit_code as number | null,
      signal: v.signal as string | null,
      duration_ms: v.duration_ms,
      variant_sha256: v.variant_sha256,
      crash_id: v.crash_id as string | null,
    });
  }
  return out;
}

/** What a campaign was asked to do: everything campaign.json records except its results. */
export interface CampaignSpec {
  mode: string;
  intensity: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  seed: number;
  count: number;
  timeoutMs: number;
  /** Sorted, distinct. */
  crashExit: number[];
  crashPattern: string | null;
  minimize: boolean;
  files: string[];
  /** PROGRAM then ARGS. */
  program: string[];
  shard: [number, number] | null;
}

/** The timeout in seconds, as the canonical command writes it: `10`, `0.5`, `2.25`. */
export function timeoutText(ms: number): string {
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

/** `--only A:B`, or `--only=A:B` when A:B starts with `-`. */
function rangeArgs(kind: string, list: string[]): string[] {
  return list.flatMap((r) => (r.startsWith('-') ? [`--${kind}=${r}`] : [`--${kind}`, r]));
}

/** The exit codes as the canonical command writes them: sorted, comma-separated. */
export function crashExitText(codes: number[]): string {
  return codes.join(',');
}

/** The campaign's canonical command (section 6): the same for every shard and the merge. */
export function canonicalCommand(s: CampaignSpec): string[] {
  return [
    'fracture',
    'run',
    '--mode',
    s.mode,
    '--intensity',
    String(s.intensity),
    ...rangeArgs('only', s.only),
    ...rangeArgs('protect', s.protect),
    ...(s.fixChecksums ? ['--fix-checksums'] : []),
    '--seed',
    String(s.seed),
    '--count',
    String(s.count),
    '--timeout',
    timeoutText(s.timeoutMs),
    ...(s.crashExit.length > 0 ? ['--crash-exit', crashExitText(s.crashExit)] : []),
    ...(s.crashPattern !== null ? ['--crash-pattern', s.crashPattern] : []),
    ...(s.minimize ? [] : ['--no-minimize']),
    ...s.files,
    '--',
    ...s.program,
  ];
}

export interface InputInfo {
  file: string;
  size: number;
  sha256: string;
}

/** One unique failure, as campaign.json lists it. */
export interface CrashEntry {
  id: string;
  outcome: Outcome;
  signature: string;
  file: string;
  seed: number;
  seeds: number[];
  variant: string;
  minimized: string | null;
  minimized_changes: number | null;
  replay: { corrupt: string; program: string; share_link: string };
}

export interface Counts {
  accepted: number;
  rejected: number;
  crashed: number;
  hung: number;
}

export interface CampaignFile {
  version: 1;
  command: string[];
  inputs: InputInfo[];
  options: {
    mode: string;
    intensity: number;
    only: string[];
    protect: string[];
    fix_checksums: boolean;
    timeout_ms: number;
    crash_exit: number[];
    crash_pattern: string | null;
    minimize: boolean;
  };
  program: string[];
  seed: number;
  count: number;
  shard: [number, number] | null;
  planned: number;
  complete: boolean;
  counts: Counts;
  crashes: CrashEntry[];
}

/** A word as the program rule quotes it: bare when plain, else in single quotes. */
export function programWord(word: string): string {
  return word !== '' && /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The program's replay: `{}` made the variant's path (relative to DIR), or the variant on standard input. */
export function programReplay(program: string[], variant: string): string {
  const [prog, ...args] = program;
  const fed = args.some((a) => a.includes('{}'));
  const words = [prog, ...args.map((a) => a.replaceAll('{}', variant))].map(programWord);
  return fed ? words.join(' ') : `${words.join(' ')} < ${programWord(variant)}`;
}

/** The command that makes variant `seed` of `input` again, and its share link (the input's base name and size). */
export function corruptReplay(s: CampaignSpec, input: InputInfo, seed: number): { corrupt: string; link: string } {
  const ranges = [...s.only.map((r) => `only ${r}`), ...s.protect.map((r) => `protect ${r}`)];
  const options = { mode: s.mode, intensity: s.intensity, seed, ranges, fixChecksums: s.fixChecksums };
  const file = { name: baseName(input.file), size: input.size };
  return { corrupt: replayCommand(options, input.file), link: shareLink(options, file) };
}

/** The base name of a path (after its last `/`). */
export function baseName(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash >= 0 ? file.slice(slash + 1) : file;
}

/** The variant's name: what `fracture --count N` names it. */
export function variantFileName(file: string, seed: number): string {
  return variantName(baseName(file), seed);
}

/** The minimised file's name beside it: `{base}_corrupted_{seed}_minimized{.ext}`. */
export function minimizedFileName(file: string, seed: number): string {
  const name = variantFileName(file, seed);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}_minimized${name.slice(dot)}`;
}

/** What the crash entries are made from beside the records: each id's signature and minimised file. */
export interface CrashFacts {
  signature: (id: string) => string | undefined;
  /** The minimised file (relative to DIR) of this id's representative and its changes, if it is there. */
  minimized: (id: string, file: string, seed: number) => { path: string; changes: number } | null;
}

/** Runs sorted by run index (the seed's offset from the campaign's seed). */
export function sortRecords(records: RunRecord[]): RunRecord[] {
  return [...records].sort((a, b) => a.seed - b.seed);
}

/** campaign.json's value from the spec, the inputs and every recorded run. */
export function campaignValue(
  s: CampaignSpec,
  inputs: InputInfo[],
  records: RunRecord[],
  planned: number,
  facts: CrashFacts,
): CampaignFile {
  const sorted = sortRecords(records);
  const counts: Counts = { accepted: 0, rejected: 0, crashed: 0, hung: 0 };
  const byId = new Map<string, RunRecord[]>();
  for (const r of sorted) {
    counts[r.outcome]++;
    if (r.crash_id !== null) {
      const list = byId.get(r.crash_id);
      if (list) list.push(r);
      else byId.set(r.crash_id, [r]);
    }
  }
  const crashes: CrashEntry[] = [];
  for (const [id, list] of byId) {
    const rep = list[0];
    const variant = `crashes/${id}/${variantFileName(rep.file, rep.seed)}`;
    const min = facts.minimized(id, rep.file, rep.seed);
    const r = corruptReplay(
      s,
      inputs.find((i) => i.file === rep.file) ?? { file: rep.file, size: 0, sha256: '' },
      rep.seed,
    );
    crashes.push({
      id,
      outcome: rep.outcome,
      signature: facts.signature(id) ?? '',
      file: rep.file,
      seed: rep.seed,
      seeds: list.map((r) => r.seed),
      variant,
      minimized: min?.path ?? null,
      minimized_changes: min?.changes ?? null,
      replay: { corrupt: r.corrupt, program: programReplay(s.program, variant), share_link: r.link },
    });
  }
  return {
    version: 1,
    command: canonicalCommand(s),
    inputs,
    options: {
      mode: s.mode,
      intensity: s.intensity,
      only: s.only,
      protect: s.protect,
      fix_checksums: s.fixChecksums,
      timeout_ms: s.timeoutMs,
      crash_exit: s.crashExit,
      crash_pattern: s.crashPattern,
      minimize: s.minimize,
    },
    program: s.program,
    seed: s.seed,
    count: s.count,
    shard: s.shard,
    planned,
    complete: sorted.length === planned,
    counts,
    crashes,
  };
}

export function campaignJson(c: CampaignFile): string {
  return `${JSON.stringify(c, null, 2)}\n`;
}

/** The cause line of a signature (its second line). */
function causeOf(signature: string): string {
  return signature.split('\n')[1] ?? '';
}

/** summary.md (section 6), exactly. */
export function summaryMd(c: CampaignFile): string {
  const recorded = c.counts.accepted + c.counts.rejected + c.counts.crashed + c.counts.hung;
  const lines = [
    '# Fracture campaign',
    '',
    `- Command: \`${c.command.map(programWord).join(' ')}\``,
    `- Runs: ${recorded} of ${c.planned}${c.complete ? '' : ' (interrupted: run again with --resume)'}`,
  ];
  if (c.shard) lines.push(`- Shard: ${c.shard[0]} of ${c.shard[1]}`);
  lines.push(
    `- Accepted ${c.counts.accepted}, rejected ${c.counts.rejected}, crashed ${c.counts.crashed}, hung ${c.counts.hung}`,
    `- Unique crashes and hangs: ${c.crashes.length}`,
    '',
  );
  if (c.crashes.length === 0) lines.push('No crashes or hangs.');
  for (const e of c.crashes) {
    lines.push(
      `## ${e.id}: ${e.outcome}, ${causeOf(e.signature)}`,
      '',
      `- File: \`${e.file}\`, seeds: ${e.seeds.join(', ')}`,
      `- Variant: \`${e.variant}\``,
      e.minimized === null
        ? '- Minimized: no'
        : `- Minimized: \`${e.minimized}\` (${e.minimized_changes} bytes changed)`,
      '- Signature:',
      '',
      '```',
      e.signature,
      '```',
      '',
      "Replay (from the campaign's directory, then inside DIR):",
      '',
      '```sh',
      e.replay.corrupt,
      e.replay.program,
      '```',
      '',
    );
  }
  // One `\n` at the end: a crash section's empty line is the file's last line break.
  let text = lines.join('\n');
  if (!text.endsWith('\n')) text += '\n';
  return text;
}
