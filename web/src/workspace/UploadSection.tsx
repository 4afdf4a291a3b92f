// The upload and process section (id="upload", the target of every "Start Corrupting" scroll).
import { lazy, Suspense, useCallback, useState } from 'react';
import { styled } from 'styled-components';
import { extensionOf } from '../../../lib/engine/shared/names.ts';
import { useWorkspace } from './provider.tsx';
import { DropZone, openPicker } from './DropZone.tsx';
import { FileList } from './FileList.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { Telemetry } from './Telemetry.tsx';
import { overallPercent } from './state.ts';
import { Bar, Button, barFill, Lead, Section, SectionTitle } from './styles.ts';
import { toast } from '../ui/toast.tsx';

// What the page says about the share link it was opened with (its own chunk, loaded with a link).
const LinkNotice = lazy(async () => ({ default: (await import('./LinkNotice.tsx')).LinkNotice }));
// A campaign.json from `fracture run` shows its findings (its own chunk, loaded when one is dropped).
const CampaignPanel = lazy(() => import('./CampaignPanel.tsx'));
/** `*campaign*.json`: read as a campaign (campaign.ts); a file that is not one joins the list. */
const CAMPAIGN_NAME = /campaign[^/]*\.json$/i;

const INPUT_ID = 'workspace-file-input';

export function UploadSection() {
  const ws = useWorkspace();
  const { items, busy, run } = ws.state;
  const hasProcessed = items.some((item) => item.result);
  const nextFile = items.find((item) => !item.result) ?? items[0];
  const percent = overallPercent(run);
  const [campaign, setCampaign] = useState<File | null>(null);
  const { addFiles } = ws;
  const onFiles = useCallback(
    (files: File[]) => {
      const dropped = files.find((f) => CAMPAIGN_NAME.test(f.name));
      if (dropped) setCampaign(dropped);
      const rest = files.filter((f) => f !== dropped);
      if (rest.length > 0) addFiles(rest);
    },
    [addFiles],
  );
  const notCampaign = useCallback(
    (file: File, why: string) => {
      setCampaign(null);
      addFiles([file]);
      toast({ title: `${file.name} is not a campaign`, description: `Added as a file to corrupt: ${why}.` });
    },
    [addFiles],
  );

  return (
    <Section id="upload" aria-labelledby="upload-title">
      <SectionTitle id="upload-title">Upload &amp; Process</SectionTitle>
      <Lead>Files are corrupted in this tab by a WebAssembly engine in a background worker. Nothing is uploaded.</Lead>
      <Layout>
        <Main>
          {ws.link && (
            <Suspense fallback={null}>
              <LinkNotice />
            </Suspense>
          )}
          <DropZone inputId={INPUT_ID} onFiles={onFiles} />
          {campaign && (
            <Suspense fallback={null}>
              <CampaignPanel
                key={`${campaign.name}:${campaign.lastModified}:${campaign.size}`}
                file={campaign}
                onClose={() => setCampaign(null)}
                onNotCampaign={notCampaign}
              />
            </Suspense>
          )}
          {items.length > 0 && (
            <div>
              <ListHeader>
                <h3>Files ({items.length})</h3>
                <Button type="button" $tone="secondary" onClick={() => openPicker(INPUT_ID)}>
                  Add More
                </Button>
                <Button type="button" $tone="danger" onClick={ws.clearFiles} disabled={busy}>
                  Clear All
                </Button>
              </ListHeader>
              <FileList items={items} busy={busy} onRemove={ws.removeFile} onDownload={ws.downloadFile} />
            </div>
          )}
          {run && (
            <Overall>
              <OverallText id="workspace-overall-label">
                <span>Overall progress</span>
                <span data-field="overall">
                  {run.done} / {run.total} files · {percent}%
                </span>
              </OverallText>
              <Bar
                role="progressbar"
                aria-labelledby="workspace-overall-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={barFill(percent)} />
              </Bar>
            </Overall>
          )}
        </Main>
        <Side>
          <SettingsPanel ext={nextFile ? extensionOf(nextFile.file.name) : ''} />
          <Actions>
            <Button
              type="button"
              $tone="primary"
              disabled={busy}
              // Still focusable with no files, so pressing it explains what is missing.
              aria-disabled={items.length === 0 || undefined}
              aria-busy={busy || undefined}
              onClick={() => void ws.start()}
            >
              {busy ? 'Processing... stays on your device.' : 'Start Processing'}
            </Button>
            <Button
              type="button"
              $tone="secondary"
              disabled={busy || ws.zipping}
              aria-disabled={!hasProcessed || undefined}
              aria-busy={ws.zipping || undefined}
              onClick={() => void ws.downloadZip()}
            >
              {ws.zipping ? 'Building ZIP…' : 'Download All as ZIP'}
            </Button>
          </Actions>
          <Telemetry />
        </Side>
      </Layout>
    </Section>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.6fr) minmax(280px, 1fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  display: grid;
  gap: 20px;
  min-width: 0;
`;

const Side = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
`;

const ListHeader = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 10px;
  h3 {
    flex: 1;
    margin: 0;
    font-size: 1.05rem;
  }
`;

const Overall = styled.div`
  display: grid;
  gap: 6px;
`;

const OverallText = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.9rem;
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: grid;
  gap: 10px;
`;
