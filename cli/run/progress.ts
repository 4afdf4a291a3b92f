// The progress line of `fracture run` on a terminal (docs/campaigns.md, section 11): at most 10
// redraws a second, its words from engine-data/messages.toml as the native CLI's.
import { runProgress } from '../../lib/engine/shared/messages.ts';

export class ProgressLine {
  private last = 0;
  private shown = false;
  private readonly started = performance.now();
  private session = 0;

  constructor(
    private readonly err: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly enabled: boolean,
    private readonly planned: number,
  ) {}

  /** `counts`: accepted, rejected, crashed, hung so far. */
  update(counts: ArrayLike<number>, ranNow: boolean) {
    if (ranNow) this.session++;
    if (!this.enabled) return;
    const done = Array.from(counts).reduce((a, b) => a + b, 0);
    const now = performance.now();
    if (now - this.last < 100 && done < this.planned) return;
    this.last = now;
    const rate = this.session / Math.max((now - this.started) / 1000, 0.001);
    const [a, r, c, h] = Array.from(counts, String);
    this.err.write(`\r${runProgress(String(done), String(this.planned), rate.toFixed(1), a, r, c, h)}\x1b[K`);
    this.shown = true;
  }

  /** Ends the line (a newline), so other lines come below it. */
  end() {
    if (this.shown) this.err.write('\n');
    this.shown = false;
  }
}
