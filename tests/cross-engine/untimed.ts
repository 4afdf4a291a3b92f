// A report as the tests compare it: every field but the two timings, which differ from run to run.

/** The report's fields in emitted order (key order is part of the contract), without `time_ms` and `ops_ms`. */
export function untimed(report: object): [string, unknown][] {
  return Object.entries(report).filter(([k]) => k !== 'time_ms' && k !== 'ops_ms');
}
