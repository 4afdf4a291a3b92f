// The fields a host adds after the engine's report (docs/contract.md, "Host fields"): the replay
// command, the share link and, in the browser, the browser's own decoder verdict. The engine's fields
// and their order stay as the contract and the golden vectors fix them. The native CLI builds the same
// text in engine-rs/host/src/host_fields.rs; tests/cross-engine/cli.test.ts holds the two together, and
// both pass the share links of tests/golden/share-links.json.
import { SITE_ORIGIN } from '../engine/shared/mode-tables.ts';
import { ALGORITHMS } from '../engine/shared/modes.ts';
import type { CorruptOptions, Report } from '../engine/shared/types.ts';
import { isHidden } from './display.ts';
import { LINK_VERSION, linkSettings, shareLinkOf } from './share-link.ts';

/**
 * The site's origin: share links in every report point here, whichever host made it. Written once,
 * in engine-data/formats.toml (`site_origin`), for the site, both command lines and the SDK.
 */
export { SITE_ORIGIN };

/** The browser's verdict on the corrupted file: its image or media decoder opened it, or not. */
export type BrowserDecoder = 'opened' | 'rejected' | 'not_applicable';

export interface HostFields {
  replay: string;
  share_link: string;
  browser_decoder?: BrowserDecoder;
}

export type HostReport = Report & HostFields;

/** What a replay command reproduces. Options added to the engine later join here, and only here. */
export interface ReplayOptions extends Pick<CorruptOptions, 'mode' | 'intensity' | 'seed'> {
  /** Byte ranges as the report's `ranges` field lists them: `only A:B` or `protect A:B`, in order. */
  ranges?: readonly string[];
  fixChecksums?: boolean;
  /** The `member` glob (docs/contract.md, section 6.11). */
  member?: string;
  /** The conversion modes' and misdirected_write's options (sections 6.13 to 6.16). */
  direction?: string;
  charset?: string;
  bom?: string;
  blockSize?: number;
}

/** The report fields a replay command is made from. */
export type ReplayFields = Pick<
  Report,
  | 'mode'
  | 'intensity'
  | 'seed'
  | 'ranges'
  | 'checksums_fixed'
  | 'member'
  | 'direction'
  | 'charset'
  | 'bom'
  | 'block_size'
>;

/**
 * The options a report was made with, as the report records them: `ranges` holds the canonical texts
 * (`only 0:4096, protect -512:`; a range text never holds a comma or a space) and `checksums_fixed`
 * is present exactly when checksums were fixed (docs/contract.md, sections 6.9.4 and 6.10).
 */
export function replayOptions(report: ReplayFields): ReplayOptions {
  const options: ReplayOptions = { mode: report.mode, intensity: report.intensity, seed: report.seed };
  if (report.ranges) options.ranges = report.ranges.split(', ');
  if (report.checksums_fixed !== undefined) options.fixChecksums = true;
  if (report.member !== undefined) options.member = report.member.glob;
  // text_transfer's direction always (the seed's choice written out makes the same bytes); the
  // others when they are not the defaults (docs/contract.md, section 11.5).
  if (report.mode === 'text_transfer') options.direction = report.direction;
  if (report.mode === 'charset_roundtrip') {
    if (report.direction === 'from_utf8') options.direction = report.direction;
    if (report.charset === 'latin1') options.charset = report.charset;
    if (report.bom !== undefined && report.bom !== 'keep') options.bom = report.bom;
  }
  if (report.mode === 'misdirected_write' && report.block_size === 512) options.blockSize = report.block_size;
  return options;
}

/**
 * The command-line options, in the order the replay command prints them: `--only A:B` and
 * `--protect A:B` as the report lists them (`--only=-512:` when the range starts with `-`, so it is
 * not read as an option), then `--fix-checksums`, then `--direction`, `--charset`, `--bom` and
 * `--block-size`, then `--member`. Range texts are plain shell words.
 */
export function replayArgs(options: ReplayOptions): string[] {
  const args = ['--mode', options.mode, '--intensity', String(options.intensity), '--seed', String(options.seed)];
  for (const range of options.ranges ?? []) {
    const [kind, text] = range.split(' ');
    if (text.startsWith('-')) args.push(`--${kind}=${text}`);
    else args.push(`--${kind}`, text);
  }
  if (options.fixChecksums) args.push('--fix-checksums');
  if (options.direction !== undefined) args.push('--direction', options.direction);
  if (options.charset !== undefined) args.push('--charset', options.charset);
  if (options.bom !== undefined) args.push('--bom', options.bom);
  if (options.blockSize !== undefined) args.push('--block-size', String(options.blockSize));
  if (options.member !== undefined) args.push('--member', options.member);
  return args;
}

/** An argument of the replay command: options as they are, values (a `--member` glob) as one shell word. */
function optionWord(a: string): string {
  return a.startsWith('-') ? a : shellWord(a);
}

/** `fracture --mode M --intensity N --seed S FILE`, FILE quoted for a POSIX shell. */
export function replayCommand(options: ReplayOptions, fileName: string): string {
  return commandOf(replayArgs(options), fileName);
}

/** `fracture ARGS FILE`: the arguments of `replayArgs` (or a share link's, share-link.ts) and FILE as shell words. */
export function commandOf(args: readonly string[], fileName: string): string {
  return ['fracture', ...args.map(optionWord), shellWord(fileName)].join(' ');
}

const encoder = new TextEncoder();

// Words made only of these need no quoting in any POSIX shell.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;
/**
 * Controls (C0, DEL, C1), which a terminal may act on when they are pasted, and the separators and
 * bidirectional controls that could make the command display as another (display.ts).
 */
export function isControl(code: number): boolean {
  return isHidden(code);
}

/** A byte of a file name that is not UTF-8, held as U+DC00 + byte (lib/engine/host/byte-paths.ts). */
const isEscapedByte = (code: number) => code >= 0xdc80 && code <= 0xdcff;

function hasControl(text: string): boolean {
  // By code point: half of a pair (an emoji's) is no escaped byte.
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (isControl(code) || isEscapedByte(code)) return true;
  }
  return false;
}

/**
 * One shell word that a POSIX shell reads back as `word`: left bare when every character is plain,
 * else in single quotes (`'` written as `'\''`), or, when it holds control characters that a terminal
 * would act on when pasted or bytes that are not UTF-8 (a file name held as byte-paths.ts holds it),
 * in `$'…'` with those characters and bytes escaped (POSIX.1-2024, bash, zsh, ksh).
 * A name starting with `-` gets `./` so the command line does not read it as an option.
 */
export function shellWord(word: string): string {
  if (word === '') return "''";
  const w = word.startsWith('-') ? `./${word}` : word;
  if (PLAIN.test(w)) return w;
  if (!hasControl(w)) return `'${w.replaceAll("'", "'\\''")}'`;
  let out = "$'";
  for (const ch of w) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    // Each byte of its UTF-8 (one for C0 and DEL).
    else if (isControl(code)) for (const b of encoder.encode(ch)) out += `\\x${b.toString(16).padStart(2, '0')}`;
    // A byte that is not UTF-8, as itself (the native CLI's shell_word_bytes).
    else if (isEscapedByte(code)) out += `\\x${(code - 0xdc00).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** The UI's Algorithm value for an engine mode (the engine mode itself if the UI has none). */
export function uiValueOf(mode: string): string {
  return ALGORITHMS.find((a) => a.mode === mode)?.value ?? mode;
}

/** The file a share link names: the one the run read (its report's `filename` and `original_size`). */
export interface LinkedFile {
  name: string;
  size: number;
}

/**
 * The share link of a run (docs/contract.md, section 11.5): the replay command's options as a query
 * on `origin`, then the file's name and size (share-link.ts). Without a file (the workspace's "Copy
 * share link" before any file is added) the link has no `file` and `size`.
 */
export function shareLink(options: ReplayOptions, file?: LinkedFile, origin: string = SITE_ORIGIN): string {
  const args = replayArgs(options);
  if (file) return shareLinkOf(origin, args, file.name, file.size);
  return `${origin}/?${new URLSearchParams([['v', String(LINK_VERSION)], ...linkSettings(args)])}`;
}

/**
 * The report as a host hands it out: the engine's fields unchanged and in order, then `replay`,
 * `share_link` (on `origin`) and (browser only) `browser_decoder`. `fileName` is the name the replay
 * command runs on: the report's `filename`, or a file's own name when that is not UTF-8 (the report
 * has U+FFFD there; the command keeps the bytes, as natively).
 */
export function withHostFields(
  report: Report,
  browserDecoder?: BrowserDecoder,
  origin: string = SITE_ORIGIN,
  fileName: string = report.filename,
): HostReport {
  const options = replayOptions(report);
  const fields: HostFields = {
    replay: replayCommand(options, fileName),
    share_link: shareLink(options, { name: report.filename, size: report.original_size }, origin),
  };
  if (browserDecoder !== undefined) fields.browser_decoder = browserDecoder;
  return { ...report, ...fields };
}
