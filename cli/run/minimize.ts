// A campaign's crashes minimised (docs/campaigns.md, section 9): the crashes the ledger names (not
// minimised yet, not pre-existing), each shrunk with `fracture minimize`'s minimiser to a 1-minimal
// set of changes on which the program still gives the crash's signature (the ledger judges).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runFlaky, runMinimized, runMinimizing } from '../../lib/engine/shared/messages.ts';
import { display, outputMode } from '../../sdk/outputs.ts';
import { ioText } from '../io.ts';
import { budget, Candidates, runsOf, shrink } from '../minimize.ts';
import { howItEnded, runIn, type Shell } from './shell.ts';
import { Stop, writeAtomicSync } from './program.ts';

interface Entry {
  id: string;
  signature: string;
  fileIndex: number;
  variant: string;
  minimizedPath: string;
}

export async function minimizeCrashes(s: Shell, written: () => void) {
  const { a, inputs, ledger, io } = s;
  for (const entry of JSON.parse(ledger.entries(true)) as Entry[]) {
    const input = inputs[entry.fileIndex];
    const variant = readFileSync(path.join(a.out, entry.variant));
    if (variant.length !== input.bytes.length) continue;
    const original = input.bytes;
    const changed: number[] = [];
    for (let i = 0; i < original.length; i++) if (original[i] !== variant[i]) changed.push(i);
    if (!a.quiet) io.err.write(`${runMinimizing(entry.id, String(changed.length))}\n`);
    const candidates = new Candidates(
      s.slots.length,
      original,
      variant,
      budget(changed.length),
      async (slot, bytes, onCancel) => {
        const ran = await runIn(s, slot, input, bytes, onCancel);
        if (!ran) return undefined;
        const signature = ledger.signature(...howItEnded(ran.ending), ran.ending.stderr);
        return signature === entry.signature ? { fail: true, how: entry.id } : { fail: false };
      },
    );
    const [again] = await candidates.outcomes([changed]);
    if (!again.fail) {
      if (!a.quiet) io.err.write(`${runFlaky(entry.id)}\n`);
      continue;
    }
    const kept = await shrink(
      runsOf(changed),
      (sets) => candidates.firstFailing(sets),
      () => candidates.spent,
      () => undefined,
      () => undefined,
    );
    const result = Uint8Array.from(original);
    for (const p of kept) result[p] = variant[p];
    const at = path.join(a.out, entry.minimizedPath);
    try {
      writeAtomicSync(at, result, outputMode([input.mode]));
    } catch (e) {
      throw new Stop(`cannot write ${display(at)}: ${ioText(e)}`);
    }
    ledger.setMinimized(entry.id, kept.length);
    written();
    if (!a.quiet) io.err.write(`${runMinimized(entry.id, String(kept.length))}\n`);
  }
}
