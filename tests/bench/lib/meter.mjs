// Wall-clock laps inside an engine's process, in the shape engine-rs/examples/bench.rs prints:
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

  result() {
    return { ...this.laps, total: Object.values(this.laps).reduce((a, b) => a + b, 0) };
  }
}
