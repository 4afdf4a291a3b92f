// A campaign's crashes minimised (docs/campaigns.md, section 9): the crashes the ledger names (not
// minimised yet, not pre-existing), each shrunk by the minimiser's machine (fracture_host::shrink,
// through the host module, as `fracture minimize` and the native CLI do) to a 1-minimal set of
// changes on which the program still gives the crash's signature (the ledger judges).
import { readFileSync } from 'node:fs';
import {
  cannotWrite,
  runFlaky,
  runMinimized,
  runMinimizing,
  runOriginalToo,
} from '../../lib/engine/shared/messages.ts';
import { loadHostModule } from '../../lib/engine/host-module/node.ts';
import { fsPath } from '../../lib/engine/host/byte-paths.ts';
import { display, outputMode } from '../../sdk/outputs.ts';
import { ioText } from '../io.ts';
import { drive } from '../minimize.ts';
import { howItEnded, runIn, type Shell } from './shell.ts';
import { joined, Stop, writeAtomicSync } from './program.ts';

interface Entry {
  id: string;
  signature: string;
  fileIndex: number;
  variant: string;
  minimizedPath: string;
}

export async function minimizeCrashes(s: Shell, written: () => void, interrupted: () => boolean) {
  const { a, inputs, ledger, io } = s;
  const host = await loadHostModule();
  const say = (line: string) => {
    if (!a.decided.quiet) io.err.write(`${line}\n`);
  };
  for (const entry of JSON.parse(ledger.entries(true)) as Entry[]) {
    const input = inputs[entry.fileIndex];
    const m = new host.Shrinker(input.bytes, readFileSync(fsPath(joined(a.out, entry.variant))));
    try {
      if (m.refused() === 'lengths') continue;
      say(runMinimizing(entry.id, String(m.changed())));
      const done = await drive(
        m,
        s.slots.length,
        async (slot, bytes, onCancel) => {
          const ran = await runIn(s, slot, input, bytes, onCancel);
          if (!ran) return undefined;
          const signature = ledger.signature(...howItEnded(ran.ending), ran.ending.stderr);
          return signature === entry.signature ? { fail: true, how: '' } : { fail: false };
        },
        () => undefined,
        interrupted,
      );
      if (!done) return;
      const refused = m.resultRefused();
      if (refused !== undefined) {
        say(refused === 'fails_on_original' ? runOriginalToo(entry.id) : runFlaky(entry.id));
        continue;
      }
      const at = joined(a.out, entry.minimizedPath);
      try {
        writeAtomicSync(at, m.result(), outputMode([input.mode]));
      } catch (e) {
        throw new Stop(cannotWrite(display(at), ioText(e)));
      }
      ledger.setMinimized(entry.id, m.kept());
      written();
      say(runMinimized(entry.id, String(m.kept())));
    } finally {
      m.free();
    }
  }
}
