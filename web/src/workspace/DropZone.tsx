// The dashed drop zone: a real button that opens the file picker (so the keyboard and screen readers
// get it for free), inside an area that also takes files dropped on it.
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { styled } from 'styled-components';

/** Format families shown as badges, and the extension chips (docs/product.md, "Home page"). */
export const FORMAT_BADGES = [
  'Documents',
  'Spreadsheets',
  'Archives',
  'Images',
  'Audio & Video',
  'Code & Data',
  'Executables',
] as const;
export const EXAMPLE_EXTENSIONS = [
  'docx',
  'xlsx',
  'pdf',
  'zip',
  'json',
  'csv',
  'png',
  'mp4',
  'exe',
  'sql',
  'py',
  'js',
  'rar',
  'gif',
  'mp3',
  'wav',
] as const;

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function DropZone({ onFiles, inputId }: { onFiles: (files: File[]) => void; inputId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  return (
    <Zone
      data-dragging={over || undefined}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        // Without preventDefault the browser opens the dropped file instead of handing it to us.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        hidden
        aria-label="Choose files to corrupt"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Reset so picking the same file again still fires change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Browse type="button" onClick={() => input.current?.click()} aria-describedby={`${inputId}-hint`}>
        <Icon aria-hidden="true">⇪</Icon>
        <strong>
          Drop files here or <u>browse</u>
        </strong>
        <Hint id={`${inputId}-hint`}>Up to 200MB each. You can process many at once.</Hint>
      </Browse>
      <Chips aria-label="Supported format families">
        {FORMAT_BADGES.map((badge) => (
          <li key={badge} data-kind="badge">
            {badge}
          </li>
        ))}
      </Chips>
      <Chips aria-label="Example extensions">
        {EXAMPLE_EXTENSIONS.map((ext) => (
          <li key={ext} data-kind="chip">
            .{ext}
          </li>
        ))}
      </Chips>
    </Zone>
  );
}

/** Opens the same picker from elsewhere ("Add More"). */
export function openPicker(inputId: string): void {
  (document.getElementById(inputId) as HTMLInputElement | null)?.click();
}

const Zone = styled.div`
  display: grid;
  gap: 14px;
  justify-items: center;
  padding: 28px 20px;
  border: 2px dashed var(--color-border-strong, #475569);
  border-radius: 16px;
  background: var(--color-surface, #0b1220);
  transition: border-color 0.15s ease, background 0.15s ease;
  &[data-dragging] {
    border-color: var(--color-accent, #38bdf8);
    background: var(--color-surface-raised, #111a2e);
  }
`;

const Browse = styled.button`
  display: grid;
  gap: 6px;
  justify-items: center;
  width: 100%;
  padding: 20px;
  border: 0;
  border-radius: 12px;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  strong {
    font-size: 1.15rem;
  }
  &:focus-visible {
    outline: 2px solid var(--color-accent, #38bdf8);
    outline-offset: 2px;
  }
`;

const Icon = styled.span`
  font-size: 2rem;
  line-height: 1;
  color: var(--color-accent, #38bdf8);
`;

const Hint = styled.span`
  color: var(--color-text-muted, #94a3b8);
  font-size: 0.9rem;
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 2px 10px;
    border-radius: 999px;
    font-size: 0.78rem;
    border: 1px solid var(--color-border, #334155);
    color: var(--color-text-muted, #94a3b8);
  }
  li[data-kind='badge'] {
    color: var(--color-text, #e2e8f0);
    background: var(--color-surface-raised, #111a2e);
  }
`;
