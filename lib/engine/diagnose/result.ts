/** What `diagnose` returns in every host: the command lines' `--json` object, their text, and whether damage was found. */
export interface DiagnoseCause {
  /** text_transfer, seven_bit, charset_roundtrip, misdirected_write, interrupted_transfer, bad_sectors,
   * bom_added, bom_removed, signature_damaged, checksum_mismatch or trailing_data (docs/damage.md). */
  cause: string;
  /** 0 to 1. */
  confidence: number;
  evidence: string[];
  repairable: boolean;
  /** lf_to_crlf or crlf_to_lf (text_transfer); to_utf8 or from_utf8 (charset_roundtrip). */
  direction?: string;
  count?: number;
  charset?: string;
  at?: number;
  [field: string]: unknown;
}

export interface DiagnoseReport {
  file: string;
  size: number;
  family: string;
  causes: DiagnoseCause[];
  unknown: { evidence: string[]; at: number | null } | null;
  /** With an original: whether the causes explain every difference; null without one. */
  explained: boolean | null;
  original: { file: string; size: number; differences: number; summary: string } | null;
  notes: string[];
}

export interface DiagnoseResult {
  report: DiagnoseReport;
  /** The text `fracture diagnose` prints. */
  text: string;
  /** Whether damage was found (the command lines' exit status 1). */
  damaged: boolean;
}
