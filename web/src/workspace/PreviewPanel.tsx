// The corrupted-preview panel (DECISIONS.md 6): the first bytes of the latest file before and after,
// non-printable bytes escaped and changed bytes marked. It renders only once a result exists.
import { styled } from 'styled-components';
import { changedCount, previewRuns } from './bytes.ts';
import type { PreviewRun } from './bytes.ts';
import { useWorkspace } from './controller.tsx';
import { PREVIEW_BYTES } from './run.ts';
import { Card, Lead, Section, SectionTitle } from './styles.ts';

export function PreviewPanel() {
  const { latest } = useWorkspace();
  const result = latest?.result;
  if (!latest || !result) return null;
  const { originalHead, resultHead } = result;
  const changed = changedCount(originalHead, resultHead);
  return (
    <Section id="preview" aria-labelledby="preview-title">
      <SectionTitle id="preview-title">Corrupted Preview</SectionTitle>
      <Lead>
        First {PREVIEW_BYTES} bytes of <strong>{latest.file.name}</strong>: {changed} of{' '}
        {Math.max(originalHead.length, resultHead.length)} offsets differ. Non-printable bytes are shown as \xNN;
        changed bytes are highlighted.
      </Lead>
      <Grid>
        <Card>
          <h3>Before</h3>
          <Bytes runs={previewRuns(originalHead, resultHead)} label="Original bytes" side="before" />
        </Card>
        <Card>
          <h3>After</h3>
          <Bytes runs={previewRuns(resultHead, originalHead)} label="Corrupted bytes" side="after" />
        </Card>
      </Grid>
    </Section>
  );
}

function Bytes({ runs, label, side }: { runs: PreviewRun[]; label: string; side: string }) {
  return (
    <Pre aria-label={label} data-preview={side} tabIndex={0}>
      {runs.length === 0 ? (
        <em>(empty)</em>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence; the index is their identity.
        runs.map((run, i) => (run.changed ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))
      )}
    </Pre>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 20px;
  h3 {
    margin: 0 0 10px;
    font-size: 1rem;
  }
`;

const Pre = styled.pre`
  margin: 0;
  padding: 12px;
  border-radius: 10px;
  background: var(--color-code, #020617);
  font-size: 0.8rem;
  line-height: 1.6;
  white-space: pre-wrap;
  word-break: break-all;
  mark {
    background: rgb(248 113 113 / 0.3);
    color: #fecaca;
    border-radius: 2px;
  }
`;
