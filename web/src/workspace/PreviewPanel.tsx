// The corrupted-preview panel: where in the latest file the bytes changed (the change map and a hex
// view that steps from run to run), and for images, audio and video the result as the browser renders
// it, with the browser's own verdict. It renders only once a result exists.
import { styled } from 'styled-components';
import { displayName } from '../../../lib/report/display.ts';
import { useWorkspace } from './provider.tsx';
import { ChangeView } from './ChangeView.tsx';
import { MediaView } from './MediaView.tsx';
import { mediaOf } from './media.ts';
import type { Finished } from './results.ts';
import { Lead, Section, SectionTitle } from './styles.ts';

export function PreviewPanel() {
  const { latest } = useWorkspace();
  if (!latest?.result) return null;
  const item = latest as Finished;
  return (
    <Section id="preview" aria-labelledby="preview-title">
      <SectionTitle id="preview-title">Corrupted Preview</SectionTitle>
      <Lead>
        Where the bytes of <strong>{displayName(item.file.name)}</strong> changed. Non-printable bytes are shown as
        \xNN; changed bytes are highlighted.
      </Lead>
      <Stack>
        {/* Keyed by the result, so a new file starts at its own first change. */}
        {mediaOf(item.file.name) && <MediaView key={`media-${item.id}`} item={item} />}
        <ChangeView key={`changes-${item.id}`} item={item} />
      </Stack>
    </Section>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 20px;
`;
