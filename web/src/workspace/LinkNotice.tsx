// What the page says about the share link it was opened with (share.ts): the run it reproduces and
// the file that run read (name and size, from the link), checked against the files in the list; or,
// for a link the workspace cannot honour, why nothing of it was applied and the command line that
// runs it. It stays until dismissed, so no run starts with other settings than the link's unseen.
import { styled } from 'styled-components';
import { useWorkspace } from './provider.tsx';
import type { ExpectedFile } from './share.ts';
import { Button } from './styles.ts';
import { linkSummary } from './useSettings.ts';

const sizeText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'byte' : 'bytes'}`;

/** The expected file against the list: the sentence, and whether it matches. */
function fileCheck(file: ExpectedFile, files: readonly { name: string; size: number }[]): [string, boolean] {
  if (files.length === 0) return [`Add ${file.name} (${sizeText(file.size)}) alone, then Start Processing.`, true];
  const first = files[0];
  const same = first.name === file.name && first.size === file.size;
  if (same && files.length === 1)
    return [`${first.name} (${sizeText(first.size)}) is the file the link expects.`, true];
  if (same) {
    return [
      `The list holds ${files.length} files: the first is the one the link expects; the others run with the seeds after it.`,
      true,
    ];
  }
  return [
    `The link expects ${file.name} (${sizeText(file.size)}), but the first file here is ${first.name} (${sizeText(first.size)}): its result will not be the link's.`,
    false,
  ];
}

export function LinkNotice() {
  const { link, linkHolds, dismissLink, state } = useWorkspace();
  if (!link) return null;
  const files = state.items.map((item) => item.file);
  const dismiss = (
    <Button type="button" $tone="secondary" onClick={dismissLink}>
      Dismiss
    </Button>
  );
  if (link.kind === 'refused') {
    return (
      <Notice role="alert" data-field="link-refused" $tone="danger">
        <strong>This share link cannot run here, so none of its settings were applied.</strong>
        <span>
          The workspace cannot honour: <span data-field="link-problems">{link.problems.join('; ')}</span>.
          {link.file && ` It is a run of ${link.file.name} (${sizeText(link.file.size)}).`}
        </span>
        {link.command && (
          <span>
            The command line runs it: <code data-field="link-command">{link.command}</code>
          </span>
        )}
        <div>{dismiss}</div>
      </Notice>
    );
  }
  const [sentence, matches] = link.file ? fileCheck(link.file, files) : ['', true];
  return (
    <Notice role="status" data-field="link-loaded" $tone={linkHolds && matches ? 'ok' : 'warn'}>
      <strong>Settings from a share link: {linkSummary(link.settings)}.</strong>
      {link.file && (
        <span data-field="link-file">
          It reproduces the run of {link.file.name} ({sizeText(link.file.size)}). {sentence}
        </span>
      )}
      {!linkHolds && (
        <span data-field="link-changed">The settings were changed since: a run now is not the link's.</span>
      )}
      <div>{dismiss}</div>
    </Notice>
  );
}

const TONES = {
  ok: 'var(--color-border, #334155)',
  warn: 'var(--color-warning, #facc15)',
  danger: 'var(--color-danger, #f87171)',
};

const Notice = styled.div<{ $tone: keyof typeof TONES }>`
  display: grid;
  gap: 8px;
  padding: 12px 14px;
  border: 1px solid ${(p) => TONES[p.$tone]};
  border-radius: 12px;
  font-size: 0.92rem;
  code {
    word-break: break-all;
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  }
`;
