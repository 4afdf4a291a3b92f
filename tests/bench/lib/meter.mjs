// Stage timing inside an engine's process: wall clock and the CPU time of the thread running the
// engine, read from /proc/thread-self/schedstat as engine-rs/examples/bench.rs reads it. The kernel
// brings that figure up to date at scheduler ticks, so it is exact over seconds and coarse (a few ms)
// over a short stage; it leaves out time spent waiting for a CPU that other processes held.
import { readFileSync } from 'node:fs';

function threadCpuMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** Collects named laps; `result()` gives { wall: {name: ms, ..., total}, cpu: {...} }. */
export class Meter {
  constructor() {
    this.wall = {};
    this.cpu = {};
    this.restart();
  }

  restart() {
    this.cpuAt = threadCpuMs();
    this.wallAt = performance.now();
  }

  lap(name) {
    const wall = performance.now();
    const cpu = threadCpuMs();
    this.wall[name] = wall - this.wallAt;
    this.cpu[name] = cpu == null || this.cpuAt == null ? null : cpu - this.cpuAt;
    this.restart();
  }

  result() {
    const total = (side) => (Object.values(side).some((v) => v == null) ? null : Object.values(side).reduce((a, b) => a + b, 0));
    return { wall: { ...this.wall, total: total(this.wall) }, cpu: { ...this.cpu, total: total(this.cpu) } };
  }
}
