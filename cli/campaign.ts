// What the npm CLI's campaign shell needs of its own (docs/campaigns.md): how a run of PROGRAM
// ended as Node reports it, the capture limit, and the option texts of section 1. Every record,
// signature, crash id, campaign.json and summary.md is the campaign model's (engine-rs/host, through
// the host module), the native CLI's own.

/** Standard output and standard error keep at most this many bytes each. */
export const CAPTURE_LIMIT = 65536;

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

/** The timeout in seconds, as the canonical command writes it: `10`, `0.5`, `2.25`. */
export function timeoutText(ms: number): string {
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

/** The exit codes as the canonical command writes them: sorted, comma-separated. */
export function crashExitText(codes: number[]): string {
  return codes.join(',');
}
