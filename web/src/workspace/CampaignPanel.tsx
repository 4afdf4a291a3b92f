// A `fracture run` campaign dropped on the workspace (issue 24, point 7): its counts and each unique
// crash or hang with its replay, and a button per crash that puts the variant's settings (algorithm,
// intensity, seed, byte ranges, Keep checksums valid) in the workspace, so dropping the input file
// and pressing Start Processing makes the same variant. Its own chunk: it loads when a campaign is
// dropped, not with the page.
import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import { modeLabel } from '../../../lib/engine/shared/modes.ts';
import { toast } from '../ui/toast.tsx';
import { type Campaign, type CampaignCrash, parseCampaign, variantSettings } from './campaign.ts';
import { useWorkspace } from './provider.tsx';
import { Badge, Button, Card } from './styles.ts';

interface Props {
  file: File;
  onClose(): void;
  /** The file is not a campaign after all: it goes to the file list. */
  onNotCampaign(file: File, why: string): void;
}

export default function CampaignPanel({ file, onClose, onNotCampaign }: Props) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  useEffect(() => {
    let live = true;
    file.text().then(
      (json) => {
        if (!live) return;
        const parsed = parseCampaign(json);
        if (parsed.ok) setCampaign(parsed.campaign);
        else onNotCampaign(file, parsed.error);
      },
      (e: unknown) => live && onNotCampaign(file, e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [file, onNotCampaign]);
  if (!campaign) return null;
  const { counts } = campaign;
  const recorded = counts.accepted + counts.rejected + counts.crashed + counts.hung;
  return (
    <Panel as="section" aria-labelledby="campaign-title" data-campaign>
      <Head>
        <h3 id="campaign-title">Campaign: {file.name}</h3>
        <Button type="button" $tone="ghost" onClick={onClose}>
          Close campaign
        </Button>
      </Head>
      <Command>{campaign.command.join(' ')}</Command>
      <p data-field="runs">
        {recorded} of {campaign.planned} runs
        {campaign.shard ? ` (shard ${campaign.shard[0]} of ${campaign.shard[1]})` : ''}
        {campaign.complete ? '' : ', interrupted'}
      </p>
      <Counts aria-label="Outcomes">
        <div>
          <dt>Accepted</dt>
          <dd data-count="accepted">{counts.accepted}</dd>
        </div>
        <div>
          <dt>Rejected</dt>
          <dd data-count="rejected">{counts.rejected}</dd>
        </div>
        <div>
          <dt>Crashed</dt>
          <dd data-count="crashed">{counts.crashed}</dd>
        </div>
        <div>
          <dt>Hung</dt>
          <dd data-count="hung">{counts.hung}</dd>
        </div>
      </Counts>
      <h4>
        {campaign.crashes.length === 0
          ? 'No crashes or hangs.'
          : `${campaign.crashes.length} unique ${campaign.crashes.length === 1 ? 'failure' : 'failures'}`}
      </h4>
      <Crashes>
        {campaign.crashes.map((crash) => (
          <CrashItem key={crash.id} campaign={campaign} crash={crash} />
        ))}
      </Crashes>
    </Panel>
  );
}

function CrashItem({ campaign, crash }: { campaign: Campaign; crash: CampaignCrash }) {
  const ws = useWorkspace();
  const found = variantSettings(campaign, crash);
  const settings = 'unavailable' in found ? undefined : found;
  const [outcome, cause] = crash.signature.split('\n');
  const open = () => {
    if (!settings) return;
    ws.setAlgorithm(settings.algorithm);
    ws.setIntensity(settings.intensity);
    ws.setRangesText(settings.rangesText);
    ws.setFixChecksums(settings.fixChecksums);
    ws.applySeed(String(settings.seed));
    toast({
      title: 'Variant settings loaded',
      description: `${modeLabel(campaign.mode)}, intensity ${settings.intensity}%, seed ${settings.seed}. Add ${crash.file} and press Start Processing to make crash ${crash.id}'s variant.`,
    });
    document.getElementById('upload')?.scrollIntoView({ block: 'start' });
  };
  const shown = crash.seeds.slice(0, 12).join(', ') + (crash.seeds.length > 12 ? `, … (${crash.seeds.length})` : '');
  return (
    <li data-crash={crash.id} aria-labelledby={`crash-${crash.id}`}>
      <CrashHead>
        <strong id={`crash-${crash.id}`}>{crash.id}</strong>
        <Badge $tone={crash.outcome === 'hung' ? 'example' : 'live'}>{outcome ?? crash.outcome}</Badge>
        <span>{cause}</span>
      </CrashHead>
      <dl>
        <dt>File</dt>
        <dd>
          {crash.file}, seed {crash.seed}
        </dd>
        <dt>Seeds</dt>
        <dd>{shown}</dd>
        <dt>Minimized</dt>
        <dd>{crash.minimized === null ? 'no' : `${crash.minimized} (${crash.minimizedChanges} bytes changed)`}</dd>
      </dl>
      <Signature aria-label={`Signature of ${crash.id}`}>{crash.signature}</Signature>
      <Replay aria-label={`Replay of ${crash.id}`}>
        {crash.replay.corrupt}
        {'\n'}
        {crash.replay.program}
      </Replay>
      <Button
        type="button"
        $tone="secondary"
        onClick={open}
        disabled={!settings}
        aria-describedby={settings ? undefined : `crash-${crash.id}-why`}
      >
        Open variant settings
      </Button>
      {'unavailable' in found && <p id={`crash-${crash.id}-why`}>{found.unavailable}</p>}
    </li>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: 12px;
  h3,
  h4,
  p {
    margin: 0;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  h3 {
    flex: 1;
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
`;

const Command = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-size: 0.85rem;
  color: var(--color-text-muted, #94a3b8);
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 8px;
  margin: 0;
  div {
    padding: 8px;
    border: 1px solid var(--color-border, #334155);
    border-radius: 10px;
  }
  dt {
    font-size: 0.8rem;
    color: var(--color-text-muted, #94a3b8);
  }
  dd {
    margin: 0;
    font-size: 1.3rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Crashes = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 8px;
    justify-items: start;
    padding: 12px;
    border: 1px solid var(--color-border, #334155);
    border-radius: 10px;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 12px;
    margin: 0;
    font-size: 0.9rem;
  }
  dt {
    color: var(--color-text-muted, #94a3b8);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const CrashHead = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const Signature = styled.pre`
  width: 100%;
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 0.8rem;
`;

const Replay = styled.pre`
  width: 100%;
  margin: 0;
  padding: 8px;
  border-radius: 8px;
  background: var(--color-surface-raised, #111a2e);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 0.8rem;
`;
