// The collapsible "Session Telemetry" card: hidden by default; figures follow the display rules
// (entropy to 3 decimals, times in ms to 1 decimal, sizes in B/KB/MB).
import { styled } from 'styled-components';
import { displayName } from '../../../lib/report/display.ts';
import { modeLabel } from '../../../lib/engine/shared/modes.ts';
import { extensionOf } from '../../../lib/engine/shared/names.ts';
import { useWorkspace } from './provider.tsx';
import { formatEntropy, formatEntropyDelta, formatMs, formatSize, recoverability, sizeChange } from './format.ts';
import { processedItems } from './state.ts';
import { Button, Card, DataList, Muted } from './styles.ts';

export function Telemetry() {
  const { telemetryShown, toggleTelemetry, state, latest } = useWorkspace();
  const done = processedItems(state.items);
  const sessionMs = done.reduce((sum, item) => sum + (item.result?.report.time_ms ?? 0), 0);
  const report = latest?.result?.report;
  return (
    <Card>
      <Header>
        <h3 id="workspace-telemetry-title">Session Telemetry</h3>
        <Button
          type="button"
          $tone="ghost"
          aria-expanded={telemetryShown}
          aria-controls="workspace-telemetry"
          onClick={toggleTelemetry}
        >
          {telemetryShown ? 'Hide' : 'Show'}
        </Button>
      </Header>
      <section id="workspace-telemetry" hidden={!telemetryShown} aria-labelledby="workspace-telemetry-title">
        {!report ? (
          <Muted>No files processed yet. Figures appear here after a run.</Muted>
        ) : (
          <DataList>
            <div>
              <dt>Files processed</dt>
              <dd data-field="files">
                {done.length} of {state.items.length}
              </dd>
            </div>
            <div>
              <dt>Session time</dt>
              <dd data-field="session-time">{formatMs(sessionMs)}</dd>
            </div>
            <div>
              <dt>Latest file</dt>
              <dd data-field="filename">{displayName(report.filename)}</dd>
            </div>
            <div>
              <dt>Algorithm</dt>
              <dd>{modeLabel(report.mode, extensionOf(report.filename))}</dd>
            </div>
            <div>
              <dt>Entropy before</dt>
              <dd data-field="before-entropy">{formatEntropy(report.before_entropy, 'telemetry')}</dd>
            </div>
            <div>
              <dt>Entropy after</dt>
              <dd data-field="after-entropy">{formatEntropy(report.after_entropy, 'telemetry')}</dd>
            </div>
            <div>
              <dt>Entropy change</dt>
              <dd data-field="entropy-delta">{formatEntropyDelta(report.entropy_delta, 'telemetry')}</dd>
            </div>
            <div>
              <dt>Processing time</dt>
              <dd data-field="time">{formatMs(report.time_ms)}</dd>
            </div>
            <div>
              <dt>Mutation time</dt>
              <dd data-field="ops-time">{formatMs(report.ops_ms)}</dd>
            </div>
            <div>
              <dt>Original size</dt>
              <dd data-field="original-size">{formatSize(report.original_size)}</dd>
            </div>
            <div>
              <dt>Result size</dt>
              <dd data-field="result-size">{formatSize(report.result_size)}</dd>
            </div>
            <div>
              <dt>Size change</dt>
              <dd data-field="size-change">{sizeChange(report.original_size, report.result_size)}</dd>
            </div>
            <div>
              <dt>Recoverability</dt>
              <dd data-field="recoverability">{recoverability(report.intensity, report.entropy_delta)}</dd>
            </div>
            <div>
              <dt>Seed</dt>
              <dd data-field="seed">{report.seed}</dd>
            </div>
          </DataList>
        )}
      </section>
    </Card>
  );
}

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 4px;
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;
