// Wall-clock laps inside an engine's process, in the shape engine-rs/core/examples/bench.rs prints:
// { stage: ms, ..., total }.
export class Meter {
  constructor() {
    this.laps = {};
    this.at = performance.now();
  }

  lap(name) {
    const now = performance.now();
    this.laps[name] = now - this.at;
    this.at = now;
  }

  /** Leaves the time since the last lap out of every lap (set-up that is not measured). */
  skip() {
    this.at = performance.now();
  }

  result() {
    return { ...this.laps, total: Object.values(this.laps).reduce((a, b) => a + b, 0) };
  }
}
