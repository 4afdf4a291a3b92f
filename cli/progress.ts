// What the user sees while a run goes on: a progress bar for the current file and one for the batch
// when standard error is a terminal, laid out as the native CLI's (indicatif there), and every other
// line printed above them. Written here rather than taken from a library: the package `fracture` is
// also the SDK, whose runtime dependencies are only what the engine needs (none), and two redrawn
// lines are a few dozen lines of code (docs/cli.md says more).

const BAR = 30;
/** Redraws at most this often (the engine's stages call in far more often on small files). */
const FRAME_MS = 50;

/** Bytes as indicatif's HumanBytes writes them: `512 B`, `1.50 KiB`, `143.05 MiB`. */
export function humanBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let u = 0;
  let x = n;
  while (x >= 1024 && u < units.length - 1) {
    x /= 1024;
    u++;
  }
  return u === 0 ? `${n} B` : `${x.toFixed(2)} ${units[u]}`;
}

/** Time left, short: `4s`, `2m`, `1h`. */
function humanSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${Math.round(s)}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  return `${Math.round(s / 3600)}h`;
}

interface Bar {
  label: string;
  at: number;
  total: number;
  started: number;
}

function render(b: Bar, now: number): string {
  const fraction = b.total > 0 ? Math.min(1, b.at / b.total) : 1;
  const filled = Math.floor(fraction * BAR);
  const bar = filled >= BAR ? '='.repeat(BAR) : `${'='.repeat(filled)}>${' '.repeat(BAR - filled - 1)}`;
  const elapsed = (now - b.started) / 1000;
  const left = b.at > 0 ? (elapsed * (b.total - b.at)) / b.at : Number.POSITIVE_INFINITY;
  const label = [...b.label].length > 24 ? `${[...b.label].slice(0, 23).join('')}…` : b.label;
  return `${label.padEnd(24)} [${bar}] ${humanBytes(b.at).padStart(10)}/${humanBytes(b.total).padEnd(10)} ${String(Math.floor(fraction * 100)).padStart(3)}% ${humanSeconds(left).padStart(4)} left`;
}

export class Progress {
  private file: Bar;
  private batch: Bar;
  private before = 0;
  private drawn = false;
  private lastDraw = 0;
  private readonly enabled: boolean;

  /** Bars only when `show` and standard error is a terminal; `total` is the batch's bytes. */
  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly err: NodeJS.WritableStream & { isTTY?: boolean },
    show: boolean,
    total: number,
  ) {
    this.enabled = show && err.isTTY === true;
    const now = Date.now();
    this.file = { label: '', at: 0, total: 0, started: now };
    this.batch = { label: 'batch', at: 0, total, started: now };
  }

  /** A new file (or variant) of `size` bytes starts. */
  start(label: string, size: number) {
    this.file = { label, at: 0, total: size, started: Date.now() };
    this.draw(true);
  }

  /** The batch learns a size it could not know up front (standard input's). */
  grow(bytes: number) {
    this.batch.total += bytes;
  }

  /** The current file's progress as a fraction. */
  progress(fraction: number) {
    this.file.at = Math.floor(this.file.total * fraction);
    this.batch.at = this.before + this.file.at;
    this.draw(false);
  }

  /** The current file is done (or failed): the batch moves past its bytes. */
  done() {
    this.before += this.file.total;
    this.file.at = this.file.total;
    this.batch.at = this.before;
    this.draw(false);
  }

  /** A line on standard output, drawn above the bars. */
  outLine(line: string) {
    this.above(() => this.out.write(`${line}\n`));
  }

  /** A line on standard error, drawn above the bars. */
  errLine(line: string) {
    this.above(() => this.err.write(`${line}\n`));
  }

  /** Removes the bars. */
  finish() {
    this.clear();
  }

  private above(write: () => void) {
    const redraw = this.drawn;
    this.clear();
    write();
    if (redraw) this.draw(true);
  }

  private clear() {
    if (!this.drawn) return;
    // Cursor on the first bar's line: clear it and the next, and come back.
    this.err.write('\r\x1b[2K\x1b[1B\x1b[2K\x1b[1A');
    this.drawn = false;
  }

  private draw(force: boolean) {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < FRAME_MS) return;
    this.lastDraw = now;
    this.clear();
    this.err.write(`${render(this.file, now)}\n${render(this.batch, now)}\x1b[1A\r`);
    this.drawn = true;
  }
}
