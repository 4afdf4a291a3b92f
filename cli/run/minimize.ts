// A campaign's crashes minimised (docs/campaigns.md, section 9): the crashes the ledger names (not
// minimised yet, not pre-existing), each shrunk by the minimiser's machine (fracture_host::shrink,
// through the host module, as `fracture minimize` and the native CLI do) to a 1-minimal set of
// changes on which the program still gives the crash's signature (the ledger judges).
import { readFileSync } from 'node:fs';
import { runFlaky, runMinimized, runMinimizing, runOriginalToo } from '../../lib/engine/shared/messages.ts';
import { loadHostModule } from '../../lib/engine/host-module/node.ts';
import { fsPath } from '../../lib/engine/host/byte-paths.ts';
import { drive } from '../minimize.ts';
import { howItEnded, runIn, type Shell, orStop } from './shell.ts';
import { joined } from './program.ts';

interface Entry {
  id: string;
  signature: string;
  fileIndex: number;
  variant: string;
}

export async function minimizeCrashes(s: Shell, interrupted: () => boolean) {
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
      // The file, its count in the ledger and campaign.json: fracture_host's CampaignDir.
      orStop(() => s.dir.minimized(ledger, entry.id, m.result(), m.kept(), input.mode, s.files));
      say(runMinimized(entry.id, String(m.kept())));
    } finally {
      m.free();
    }
  }
}
