// Types shared by the page, the worker, the reference engine and the CLI (docs/contract.md is the
// contract). The engine modes come from engine-data/formats.toml (mode-tables.ts).
import type { EngineMode } from './mode-tables.ts';
import type { PlatformBlob } from './platform.ts';

export { ENGINE_MODES, type EngineMode } from './mode-tables.ts';

export type Stage = 'scan' | 'plan' | 'corrupt' | 'verify' | 'report';

export interface CorruptOptions {
  /** Engine mode (not a UI value); anything else rejects with "Unsupported corruption mode: {mode}". */
  mode: string;
  /** Integer 0..=100. */
  intensity: number;
  /** Integer 0..=2^53-1. */
  seed: number;
  /** Which engine the worker runs: the WebAssembly module (default) or the TypeScript reference engine. */
  engine?: 'wasm' | 'ts';
  /**
   * Byte ranges, texts `A:B` (docs/contract.md, section 6.9): changes only inside `only` (when given)
   * and never inside `protect`. byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and
   * misdirected_write only.
   */
  ranges?: { only?: readonly string[]; protect?: readonly string[] };
  /** Recompute the checksums that cover stored bytes after the corruption (section 6.10). */
  fixChecksums?: boolean;
  /**
   * Corrupt the members of a ZIP or tar archive whose names match this glob, each as a file of its
   * own, and keep the archive valid (docs/contract.md, section 6.11).
   */
  member?: string;
  /**
   * text_transfer: `lf_to_crlf` or `crlf_to_lf` (absent: the seed chooses); charset_roundtrip:
   * `to_utf8` (the default) or `from_utf8` (docs/contract.md, sections 6.13 and 6.15).
   */
  direction?: string;
  /** charset_roundtrip: `cp1252` (the default) or `latin1`. */
  charset?: string;
  /** charset_roundtrip's BOM variant: `keep` (the default), `add` or `strip`. */
  bom?: string;
  /** misdirected_write: 4096 (the default) or 512 (section 6.16). */
  blockSize?: number;
}

/** The conversion modes' and misdirected_write's options (docs/contract.md, sections 6.13 to 6.16). */
export type ModeVariant = Pick<CorruptOptions, 'direction' | 'charset' | 'bom' | 'blockSize'>;

/** Where a host keeps a run's output: no engine argument, so apart from CorruptOptions. */
export interface OutputPlace {
  /**
   * Browser worker only: write the output to this file of the origin-private file system (directory
   * names, then the file's name) and hand back that file, which Chromium keeps on disk, not a Blob
   * held in memory (private windows keep Blobs in memory only).
   */
  path?: readonly string[];
}

export interface CorruptCallbacks {
  onStage?: (stage: Stage, message: string) => void;
  onProgress?: (fraction: number) => void;
}

/**
 * The report, keys in the order every engine emits them (docs/contract.md, section 10).
 * Mode-specific fields are present only for their modes; `escalated` only when it happened.
 */
export interface Report {
  engine: string;
  filename: string;
  format: string;
  original_size: number;
  result_size: number;
  mode: EngineMode;
  intensity: number;
  seed: number;
  time_ms: number;
  ops_ms: number;
  before_entropy: number;
  after_entropy: number;
  entropy_delta: number;
  verdict: string;
  recipe: string;
  strategy: string;
  guarantee: boolean;
  ops?: number;
  preserve_header?: number;
  removed?: number;
  inserted?: number;
  remove_start?: number;
  shuffled_blocks?: number;
  block_size?: number;
  cut_at?: number;
  bytes_lost?: number;
  sectors_zeroed?: number;
  bytes_zeroed?: number;
  sector_size?: number;
  bits_flipped?: number;
  one_in_bits?: number;
  /** text_transfer and charset_roundtrip: the direction converted. */
  direction?: string;
  /** text_transfer: the line endings found and converted. */
  line_endings?: number;
  converted?: number;
  /** seven_bit: the bytes above 0x7F found (converted: those whose high bit was cleared). */
  high_bytes?: number;
  /** charset_roundtrip: the charset, the BOM variant, the units found and those dropped. */
  charset?: string;
  bom?: string;
  characters?: number;
  dropped?: number;
  /** misdirected_write: the blocks overwritten (block_size: their size). */
  blocks_misdirected?: number;
  /** With byte ranges: their canonical text, and how many bytes could change. */
  ranges?: string;
  allowed_bytes?: number;
  /** Each selector and the spans it resolved to (contract 14.4), only with selectors. */
  selected?: string;
  /** With fixChecksums: fields fixed per kind, and what could not be fixed. */
  checksums_fixed?: Record<string, number>;
  checksums_unfixable?: string;
  /** With `member`: the glob, the archive kind, its candidates and each corrupted member (section 6.11.4). */
  member?: MemberField;
  escalated?: boolean;
  sha256_before: string;
  sha256_after: string;
  /**
   * The structure map (docs/contract.md, section 14.1): regions that cover every input byte, in
   * order. Reports written before section 14 lack these three fields.
   */
  structure?: StructureRegion[];
  /** One entry per region with at least one changed byte (section 14.2). */
  hits?: StructureHit[];
  /** The strongest expectation among the hits; `unchanged` when there is none. */
  expect_overall?: 'reject' | 'may_accept' | 'ignored' | 'unchanged';
}

/** A region of the structure map: `[start, end)` of the input. */
export interface StructureRegion {
  path: string;
  start: number;
  end: number;
}

/** What a change in one region should cause (docs/contract.md, section 14.2). */
export interface StructureHit {
  path: string;
  changed_bytes: number;
  first: number;
  expect: 'reject' | 'may_accept' | 'ignored';
  why: string;
}

/** A corrupted member's entry in the report's `member.members`. */
export interface MemberEntry {
  name: string;
  seed: number;
  original_size: number;
  result_size: number;
  changed_bytes: number;
  format: string;
  strategy: string;
  recipe: string;
  /** The member's own hits and overall expectation (section 6.11.4); the report's hit for the member repeats the latter. */
  hits?: StructureHit[];
  expect_overall?: 'reject' | 'may_accept' | 'ignored' | 'unchanged';
  [field: string]: unknown;
}

export interface MemberField {
  glob: string;
  archive: 'zip' | 'tar';
  members_total: number;
  members: MemberEntry[];
}

export interface CorruptResult {
  data: Uint8Array;
  report: Report;
}

/** What the browser's engine client resolves to: the output as a Blob, built by the worker. */
export interface EngineResult {
  data: PlatformBlob;
  report: Report;
  /** Set when `store` was asked for but the output stayed a Blob in memory: why. */
  notStored?: string;
}

export const VERDICT = "Won't Open (Verified Heuristically)";
export const ENGINE_VERSION = 'fracture-engine/1';
