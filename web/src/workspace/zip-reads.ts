// Which results the ZIP downloads under way read. A stored result that one still streams from is not
// removed when its file is removed or the list cleared: it is marked, and goes when the last ZIP
// download reading it ends. Shared by the selection (removing) and the results (ZIP downloads).
import type { Report } from '../../../lib/engine/shared/types.ts';
import type { Finished } from './results.ts';

export class ZipReads {
  /** How many ZIP downloads under way read each result, by its report. */
  private readonly byReport = new WeakMap<Report, number>();
  /** The same by file id. */
  private readonly byId = new Map<number, number>();
  /** Files removed while a ZIP download streamed their results: those go when it ends. */
  private readonly removed = new Set<number>();

  /**
   * Counts one more (`by` = 1, when a ZIP download starts) or one fewer (-1, when it ends) reader
   * of each of `items`; returns the ids removed meanwhile that no download reads any more.
   */
  read(items: readonly Finished[], by: 1 | -1): number[] {
    const free: number[] = [];
    for (const { id, result } of items) {
      this.byReport.set(result.report, (this.byReport.get(result.report) ?? 0) + by);
      const count = (this.byId.get(id) ?? 0) + by;
      if (count > 0) this.byId.set(id, count);
      else {
        this.byId.delete(id);
        if (this.removed.delete(id)) free.push(id);
      }
    }
    return free;
  }

  /** How many ZIP downloads under way read the result with `report`. */
  readers(report: Report): number {
    return this.byReport.get(report) ?? 0;
  }

  /** Whether a ZIP download under way streams from file `id`'s result. */
  isRead(id: number): boolean {
    return this.byId.has(id);
  }

  /** Whether any ZIP download is under way. */
  get any(): boolean {
    return this.byId.size > 0;
  }

  /** Marks file `id` as removed while read: read() hands it back once no download reads it. */
  removeLater(id: number): void {
    this.removed.add(id);
  }
}
