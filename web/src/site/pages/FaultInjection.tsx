// /developers/fault-injection: `fracture mount` for developers (docs/mount.md). A module of its own, so
// the other developer pages do not carry its text; the text itself is a static part
// (site/shell/StaticPart.tsx, developers/FaultInjectionBody.tsx), which a first visit reads in the
// prerendered HTML without loading its code: the page's first load stays within its budget.
import { DeveloperPage } from '../developers/DeveloperPage.tsx';
import { StaticPart, staticPart } from '../shell/StaticPart.tsx';

const BODY = staticPart(async () => (await import('../developers/FaultInjectionBody.tsx')).FaultInjectionBody);

export function FaultInjection() {
  return (
    <DeveloperPage
      path="/developers/fault-injection"
      title="Fault injection with fracture mount"
      heading="Faults and power cuts under a running program"
      description="fracture mount shows a directory to a program through FUSE: its files read as the corrupted copies fracture writes, seeded rules make reads, writes and fsyncs fail, come back short or wait, and a power cut leaves what a disk would hold. Every fault is logged and replays exactly."
      keywords={[
        'fuse fault injection',
        'filesystem fault injection',
        'fsync failure testing',
        'power loss testing',
        'crash consistency testing',
      ]}
    >
      <StaticPart part={BODY} />
    </DeveloperPage>
  );
}
