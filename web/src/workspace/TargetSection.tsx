// The Advanced settings' Target and Member (docs/product.md, "Target"): what the run aims at, in words;
// the button that opens the Target picker (TargetPicker.tsx, loaded then, with the structure walks);
// and the Member field, the member glob of docs/contract.md section 6.11. SettingsPanel loads this
// module when Advanced first opens, so the page's first load carries none of it.
import { lazy, Suspense, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { useWorkspace } from './provider.tsx';
import { Button, Field } from './styles.ts';
import { selectorsIn } from './targetText.ts';

const TargetPicker = lazy(async () => ({ default: (await import('./TargetPicker.tsx')).TargetPicker }));

/** What the Target aims at, in words: the selectors in Byte ranges and the member glob. */
export function targetSummary(rangesText: string, member: string): string {
  const parts = selectorsIn(rangesText).map((s) => `${s.kind} ${s.text}`);
  if (member.trim() !== '') parts.push(`member ${member.trim()}`);
  return parts.length === 0 ? 'The whole file (no selector or member).' : `${parts.join('; ')}.`;
}

export function TargetSection() {
  const { state, optionsApply, rangesText, setRangesText, memberText, setMemberText } = useWorkspace();
  const files = useMemo(() => state.items.map((item) => item.file), [state.items]);
  const [targetOpen, setTargetOpen] = useState(false);
  return (
    <>
      <Field>
        <span id="workspace-target-label">Target</span>
        <Hint id="workspace-target-now" data-field="target-summary">
          {targetSummary(rangesText, memberText)}
        </Hint>
        <Row>
          <Button
            type="button"
            $tone="secondary"
            aria-expanded={targetOpen}
            aria-controls="workspace-target"
            aria-describedby="workspace-target-now"
            disabled={files.length === 0}
            onClick={() => setTargetOpen((open) => !open)}
          >
            {targetOpen ? 'Close the picker' : "Pick from the file's structure"}
          </Button>
        </Row>
        {files.length === 0 && <Hint>Add a file to pick its chunks, segments or members.</Hint>}
        <div id="workspace-target">
          {targetOpen && files.length > 0 && (
            <Suspense fallback={<p role="status">Loading the picker…</p>}>
              <TargetPicker
                files={files}
                optionsApply={optionsApply}
                rangesText={rangesText}
                setRangesText={setRangesText}
                memberText={memberText}
                setMemberText={setMemberText}
              />
            </Suspense>
          )}
        </div>
      </Field>
      <Field>
        <label htmlFor="workspace-member">Member</label>
        <TextInput
          id="workspace-member"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. word/document.xml or **.class"
          value={memberText}
          aria-describedby="workspace-member-hint"
          onChange={(event) => setMemberText(event.currentTarget.value)}
        />
        <Hint id="workspace-member-hint">
          Optional, for ZIP-family and tar files (DOCX, JAR, EPUB, …): damage only the members whose names match, each
          as a file of its own, and keep the archive valid. * matches within a folder, ** across folders. Works with
          every algorithm.
        </Hint>
      </Field>
    </>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const TextInput = styled.input`
  width: 100%;
  min-height: 34px;
  padding: 4px 8px;
  border-radius: 8px;
  border: 1px solid var(--color-border, #334155);
  background: var(--color-surface-raised, #111a2e);
  color: inherit;
  font: inherit;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: var(--color-text-muted, #94a3b8);
`;
