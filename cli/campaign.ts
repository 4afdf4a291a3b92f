// What the npm CLI's campaign shell needs of its own (docs/campaigns.md): how a run of PROGRAM
// ended as Node reports it and the capture limit. Every record,
// signature, crash id, campaign.json and summary.md is the campaign model's (engine-rs/host, through
// the host module), the native CLI's own.

/** Standard output and standard error keep at most this many bytes each. */
export const CAPTURE_LIMIT = 65536;

/** How one run of PROGRAM ended. */
export interface Ending {
  hung: boolean;
  exitCode: number | null;
  /** The name of the signal that ended it (Node's: the campaign model numbers it as Linux does), or null. */
  signal: string | null;
  /** Its kept standard error. */
  stderr: Uint8Array;
}
