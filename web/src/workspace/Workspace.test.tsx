// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAGES } from '../../../lib/engine/shared/stages.ts';
import { SITE_ORIGIN } from '../../../lib/engine/shared/mode-tables.ts';
import type { CorruptCallbacks, CorruptOptions, Report } from '../../../lib/engine/shared/types.ts';
import { png } from '../../../tests/cross-engine/families.ts';
import { Toaster } from '../ui/toast.tsx';
import { PreviewPanel, ReportSection, UploadSection, WorkspaceProvider } from './Workspace.tsx';
import type { CorruptFn } from './run.ts';

// The real engine lives in a Web Worker; these tests drive the UI with a stand-in.
vi.mock('./engine.ts', () => ({ corrupt: () => Promise.reject(new Error('real engine not used here')) }));
// The archive itself is tested end to end; here only how the workspace reacts when it fails.
const zipFailure = vi.hoisted(() => ({ error: undefined as unknown, standIn: false }));
vi.mock('./batch.ts', async (original) => {
  const real = await original<typeof import('./batch.ts')>();
  return {
    batchArchive: (...args: Parameters<typeof real.batchArchive>) =>
      zipFailure.error !== undefined
        ? Promise.reject(zipFailure.error)
        : zipFailure.standIn
          ? Promise.resolve({ blob: new Blob(['zip']), name: 'session.zip' })
          : real.batchArchive(...args),
  };
});

// Downloads are recorded, not made (jsdom has no object URLs).
const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('./bytes.ts', async (original) => ({
  ...(await original<typeof import('./bytes.ts')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const calls: { name: string; options: CorruptOptions }[] = [];
let gate: Promise<void> = Promise.resolve();
/** An engine error for a file, as the engine would throw it (none: the file completes). */
let refuse: (name: string, options: CorruptOptions) => string | undefined = () => undefined;

const fakeEngine: CorruptFn = async (file, name, options, callbacks: CorruptCallbacks) => {
  calls.push({ name, options });
  const refusal = refuse(name, options);
  if (refusal) throw new Error(refusal);
  const input = new Uint8Array(file instanceof Blob ? await file.arrayBuffer() : file);
  for (const { stage, progress, message } of STAGES) {
    callbacks.onStage?.(stage, message);
    callbacks.onProgress?.(progress);
    if (stage === 'corrupt') await gate;
  }
  const data = input.map((b) => b ^ 0xff);
  const report = {
    engine: 'fracture-engine/1',
    filename: name,
    format: 'text',
    original_size: input.length,
    result_size: data.length,
    mode: options.mode,
    intensity: options.intensity,
    seed: options.seed,
    time_ms: 12.34,
    ops_ms: 1.25,
    before_entropy: 2.5,
    after_entropy: 3.1234,
    entropy_delta: 0.6234,
    verdict: "Won't Open (Verified Heuristically)",
    recipe: 'Flipped bytes.',
    strategy: 'byte_flip',
    guarantee: false,
  } as Report;
  return { data, report };
};

function renderWorkspace(state?: unknown, search = '') {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/', search, state }]}>
      <Toaster />
      <WorkspaceProvider host={{ corrupt: fakeEngine }} initialSeed={1234567890}>
        <UploadSection />
        <ReportSection />
        <PreviewPanel />
      </WorkspaceProvider>
    </MemoryRouter>,
  );
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications alt+T' }));
// sonner's region appears with the first toast (ui/toast.tsx loads it then), so the first look waits for it.
const findToast = async (text: string) =>
  within(await screen.findByRole('region', { name: 'Notifications alt+T' })).findByText(text);
const fileInput = () => document.getElementById('workspace-file-input') as HTMLInputElement;

beforeEach(() => {
  zipFailure.error = undefined;
  zipFailure.standIn = false;
  saved.length = 0;
  calls.length = 0;
  gate = Promise.resolve();
  refuse = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Workspace', () => {
  it('explains Start and ZIP when there is nothing to work on', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    const start = screen.getByRole('button', { name: 'Start Processing' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    await user.click(start);
    expect(await findToast('No files selected')).toBeInTheDocument();
    expect(toasts().getByText('Please add files first.')).toBeInTheDocument();
    expect(toasts().getByText('No files selected').closest('[data-sonner-toast]')).toHaveAttribute(
      'data-type',
      'error',
    );
    await user.click(screen.getByRole('button', { name: 'Download All as ZIP' }));
    expect(await findToast('No processed files')).toBeInTheDocument();
    expect(toasts().getByText('Process files first before downloading as ZIP')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers the twelve algorithms with the first file extension in the Won\u2019t Open label', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    const select = screen.getByLabelText('Algorithm') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual([
      'quick_scramble',
      'guaranteed_break',
      'stealth_corruption',
      'cut_replace',
      'jumble_sections',
      'interrupted_download',
      'bad_sectors',
      'bit_rot',
      'text_transfer',
      'seven_bit',
      'charset_roundtrip',
      'misdirected_write',
    ]);
    expect(
      Array.from(select.options)
        .slice(5)
        .map((o) => o.textContent),
    ).toEqual([
      'Interrupted Download · Cut Short',
      'Bad Sectors · Zeroed Blocks',
      'Bit Rot · Single-Bit Errors',
      'Text-Mode Transfer · Line Endings Converted',
      '7-Bit Transport · High Bit Cleared',
      'Charset Round Trip · Mojibake',
      'Misdirected Write · Block at the Wrong Offset',
    ]);
    expect(select.options[1].textContent).toBe("Won't Open · File Format Killer, or Header Poison");
    await user.upload(fileInput(), new File(['{"a":1}'], 'data.json'));
    expect(select.options[1].textContent).toBe("Won't Open · JSON Format Killer, or Header Poison");
    expect(select.value).toBe('quick_scramble');
  });

  it('passes Byte ranges and Keep checksums valid to the engine for the modes that take them', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.selectOptions(screen.getByLabelText('Algorithm'), 'bit_rot');
    await user.click(screen.getByText('Advanced'));
    await user.type(screen.getByLabelText('Byte ranges'), 'only 0x10:0x40, protect 0:8');
    await user.click(screen.getByRole('switch', { name: 'Keep checksums valid' }));
    await user.upload(fileInput(), new File(['x'.repeat(100)], 'a.bin'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].options).toEqual({
      mode: 'bit_rot',
      intensity: 80,
      seed: 1234567890,
      ranges: { only: ['0x10:0x40'], protect: ['0:8'] },
      fixChecksums: true,
    });
  });

  it('the Target picker aims the run: selectors into Byte ranges, a member glob, each file its own error', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.click(screen.getByText('Advanced'));
    const pick = screen.getByRole('button', { name: "Pick from the file's structure" });
    expect(pick).toBeDisabled();
    await user.upload(fileInput(), [
      new File([new Uint8Array(png(150_000))], 'a.png'),
      new File(['plain words'], 'b.txt'),
    ]);
    await user.click(pick);
    expect(pick).toHaveAttribute('aria-expanded', 'true');
    const idat = await screen.findByRole('checkbox', { name: /IDAT/ }, { timeout: 10_000 });
    expect(screen.getByText(/One file is of another format \(b\.txt: text\)/)).toBeInTheDocument();
    await user.click(idat);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part of IDAT' }), 'data');
    expect(screen.getByLabelText('Byte ranges')).toHaveValue('only png:IDAT/data');
    expect(screen.getByText('only png:IDAT/data.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Member'), 'x/**');
    // The picker closes; the choice stays in the settings.
    await user.click(screen.getByRole('button', { name: 'Close the picker' }));
    expect(screen.getByText('only png:IDAT/data; member x/**.')).toBeInTheDocument();
    refuse = (name) => (name === 'b.txt' ? 'Selector png:IDAT/data is for png files; this file is text' : undefined);
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => [c.name, c.options])).toEqual(
      ['a.png', 'b.txt'].map((name, i) => [
        name,
        {
          mode: 'byte_flip',
          intensity: 80,
          seed: 1234567890 + i,
          ranges: { only: ['png:IDAT/data'], protect: [] },
          member: 'x/**',
        },
      ]),
    );
    // Not retried without the target: the file says the engine's own error, and a toast names it.
    expect(await findToast('The target did not apply to b.txt')).toBeInTheDocument();
    expect(toasts().getByText('Selector png:IDAT/data is for png files; this file is text')).toBeInTheDocument();
    expect(
      screen.getByText("Couldn't corrupt this file: Selector png:IDAT/data is for png files; this file is text"),
    ).toBeInTheDocument();
  });

  it('explains a bad range beside the field, and refuses to start with it', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.click(screen.getByText('Advanced'));
    const field = screen.getByLabelText('Byte ranges');
    await user.type(field, '200:100');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('workspace-ranges-error')).toHaveTextContent(
      'Invalid byte range "200:100": the start is after the end',
    );
    expect(field).toHaveAttribute('aria-describedby', 'workspace-ranges-error');
    await user.upload(fileInput(), new File(['abc'], 'a.bin'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    expect(await findToast('Check the byte ranges')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('disables the Advanced options for a mode that takes none, and sends none', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.click(screen.getByText('Advanced'));
    await user.type(screen.getByLabelText('Byte ranges'), '0:10');
    await user.selectOptions(screen.getByLabelText('Algorithm'), 'cut_replace');
    expect(screen.getByLabelText('Byte ranges')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Keep checksums valid' })).toBeDisabled();
    await user.upload(fileInput(), new File(['abc'], 'a.bin'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].options).toEqual({ mode: 'truncate_insert', intensity: 80, seed: 1234567890 });
  });

  it('preselects the algorithm a navigation asked for, and ignores unknown ones', () => {
    const { unmount } = renderWorkspace({ scrollTo: 'upload', algorithm: 'jumble_sections' });
    expect((screen.getByLabelText('Algorithm') as HTMLSelectElement).value).toBe('jumble_sections');
    unmount();
    renderWorkspace({ scrollTo: 'upload', algorithm: 'delete_everything' });
    expect((screen.getByLabelText('Algorithm') as HTMLSelectElement).value).toBe('quick_scramble');
  });

  it('keeps intensity an integer in 1-100, default 80, from the slider or the number box', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    const slider = screen.getByRole('slider', { name: 'Intensity' }) as HTMLInputElement;
    const box = screen.getByRole('spinbutton', { name: 'Intensity (percent)' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['1', '100', '1', '80']);
    await user.clear(box);
    await user.type(box, '250');
    expect(slider.value).toBe('100');
    await user.clear(box);
    await user.type(box, '0');
    expect(slider.value).toBe('1');
    await user.tab();
    expect(box.value).toBe('1');
    await user.clear(box);
    await user.type(box, '42');
    expect(slider.value).toBe('42');
    expect(screen.getByText(/Start at 60-80%/)).toBeInTheDocument();
  });

  it('shows 8 digits of the seed, copies it whole, and draws a new one', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWorkspace();
    const seed = screen.getByRole('status', { name: 'Deterministic Seed' });
    expect(seed).toHaveTextContent('12345678…');
    expect(seed).toHaveAttribute('data-seed', '1234567890');
    // Keyboard focus shows the whole seed in a tooltip, described to assistive technology too.
    screen.getByRole('button', { name: 'Copy' }).focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Full seed: 1234567890');
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription('Full seed: 1234567890');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('1234567890');
    expect(await findToast('Seed copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(await findToast('New seed generated')).toBeInTheDocument();
    expect(seed.getAttribute('data-seed')).not.toBe('1234567890');
    expect(Number(seed.getAttribute('data-seed'))).toBeLessThan(2147483647);
  });

  it('runs files with master seed + index, skips processed ones, and fills report, telemetry and preview', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    expect(screen.getByText('Example Data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Corrupted Preview' })).toBeNull();

    await user.upload(fileInput(), [new File(['hello'], 'a.txt'), new File(['x,y\n1,2'], 'b.csv')]);
    expect(screen.getByRole('heading', { name: 'Files (2)' })).toBeInTheDocument();
    expect(screen.getAllByText('5 B')).toHaveLength(1);
    expect(screen.getAllByText('Queued for processing. Nothing leaves your device.')).toHaveLength(2);

    let open!: () => void;
    gate = new Promise((r) => (open = r));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    const busy = await screen.findByRole('button', { name: 'Processing... stays on your device.' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).toBeDisabled();
    expect(await screen.findByText(/Corrupting…/)).toBeInTheDocument();
    expect(screen.getByText(/Step 3\/5 · Applying deterministic corruption with seed/)).toBeInTheDocument();
    await act(async () => open());

    expect(await findToast('Done. Files saved locally.')).toBeInTheDocument();
    expect(toasts().getByText('Successfully processed 2 files with deterministic seeds')).toBeInTheDocument();
    expect(calls.map((c) => [c.name, c.options])).toEqual([
      ['a.txt', { mode: 'byte_flip', intensity: 80, seed: 1234567890 }],
      ['b.csv', { mode: 'byte_flip', intensity: 80, seed: 1234567891 }],
    ]);
    expect(screen.getByRole('button', { name: 'Start Processing' })).toBeEnabled();
    expect(screen.getByText('2 / 2 files · 100%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).not.toHaveAttribute('aria-disabled');

    // The report and preview follow the latest file.
    expect(screen.getByText('Live Report')).toBeInTheDocument();
    const report = document.querySelector('[data-report="live"]') as HTMLElement;
    expect(within(report).getByText('b.csv')).toBeInTheDocument();
    expect(report.querySelector('[data-field="seed"]')).toHaveTextContent('1234567891');
    expect(report.querySelector('[data-field="after-entropy"]')).toHaveTextContent('3.1234');
    expect(report.querySelector('[data-field="time"]')).toHaveTextContent('0.01 s');
    expect(report.querySelector('[data-field="recoverability"]')).toHaveTextContent('Unlikely');
    expect(screen.getByRole('button', { name: 'Copy report' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Corrupted Preview' })).toBeInTheDocument();
    // The hex view opens at the first change (every byte changed here: offset 0).
    expect(await screen.findByText('First change at byte 0')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-preview="before"]')).toHaveTextContent('x,y\\x0a1,2'));
    expect(document.querySelector('[data-field="change-summary"]')).toHaveTextContent(
      /bytes changed \(100\.0%\) in 1 run; first change at byte 0\./,
    );

    // Telemetry: hidden until shown, then 3-decimal entropy and 1-decimal ms.
    const telemetry = document.getElementById('workspace-telemetry')!;
    expect(telemetry).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(telemetry).toBeVisible();
    expect(telemetry.querySelector('[data-field="after-entropy"]')).toHaveTextContent('3.123');
    expect(telemetry.querySelector('[data-field="entropy-delta"]')).toHaveTextContent('+0.623');
    expect(telemetry.querySelector('[data-field="time"]')).toHaveTextContent('12.3 ms');
    expect(telemetry.querySelector('[data-field="session-time"]')).toHaveTextContent('24.7 ms');
    expect(telemetry.querySelector('[data-field="size-change"]')).toHaveTextContent('No change');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(telemetry).not.toBeVisible();

    // A new run processes only the new file, as file 0 of that run.
    await user.upload(fileInput(), new File(['zz'], 'noext'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ name: 'noext', options: { mode: 'byte_flip', intensity: 80, seed: 1234567890 } });
    await waitFor(() => expect(screen.getByText('1 / 1 files · 100%')).toBeInTheDocument());
  });

  it('skips a file over 200 MB with its toast while the others run', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    const big = new File(['x'], 'huge.iso');
    Object.defineProperty(big, 'size', { value: 200 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), [big, new File(['ok'], 'ok.txt')]);
    expect(screen.getByText('Over the 200MB limit: skipped when processing.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    expect(await findToast('File too large')).toBeInTheDocument();
    expect(toasts().getByText('huge.iso exceeds 200MB limit')).toBeInTheDocument();
    expect(await findToast('Successfully processed 1 file with deterministic seeds')).toBeInTheDocument();
    expect(calls.map((c) => c.name)).toEqual(['ok.txt']);
  });

  it('removes and clears files', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.upload(fileInput(), [new File(['1'], 'one.bin'), new File(['2'], 'two.bin')]);
    await user.click(screen.getByRole('button', { name: 'Remove one.bin' }));
    expect(screen.getByRole('heading', { name: 'Files (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('heading', { name: /Files \(/ })).toBeNull();
  });

  it('shows names in their display form: no raw control character, no bidirectional override', async () => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.upload(fileInput(), [new File(['1'], 'invoice\u202efdp.exe'), new File(['2'], 'esc\u001b[31m\nx.bin')]);
    expect(screen.getByText('invoice\\u{202E}fdp.exe')).toBeInTheDocument();
    expect(screen.getByText('esc\\x1B[31m\\nx.bin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove invoice\\u{202E}fdp.exe' })).toBeInTheDocument();
    const list = screen.getByRole('heading', { name: 'Files (2)' }).parentElement!.parentElement!;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw controls.
    expect(list.textContent).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it('takes dropped files', async () => {
    renderWorkspace();
    const zone = screen.getByRole('button', { name: /Drop files here or browse/ }).parentElement!;
    const files = [new File(['a'], 'dropped.png')];
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.getByRole('heading', { name: 'Files (1)' })).toBeInTheDocument();
    expect(zone).not.toHaveAttribute('data-dragging');
  });

  it('shows the sample report as Example Data, with the fixed fields of docs/product.md, "Example Data report"', () => {
    renderWorkspace();
    const report = document.querySelector('[data-report="example"]') as HTMLElement;
    expect(report.querySelector('[data-field="filename"]')).toHaveTextContent('example_document.pdf');
    expect(report.querySelector('[data-field="original-size"]')).toHaveTextContent('14.77 MB (15,482,880 bytes)');
    expect(report.querySelector('[data-field="intensity"]')).toHaveTextContent('86%');
    expect(report.querySelector('[data-field="seed"]')).toHaveTextContent('1234567890');
    expect(report.querySelector('[data-field="mode"]')).toHaveTextContent('Quick Scramble · Random Bit Flips');
    expect(report.querySelector('[data-field="verdict"]')).toHaveTextContent("Won't Open (Verified Heuristically)");
  });

  it.each([
    [new Error('Quota exceeded'), 'Quota exceeded'],
    ['not an Error', 'Unknown error occurred'],
  ])('reports a ZIP failure (%s) and can try again', async (error, description) => {
    const user = userEvent.setup();
    renderWorkspace();
    await user.upload(fileInput(), new File(['abc'], 'a.txt'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await findToast('Done. Files saved locally.');
    zipFailure.error = error;
    await user.click(screen.getByRole('button', { name: 'Download All as ZIP' }));
    expect(await findToast('ZIP Creation Failed')).toBeInTheDocument();
    expect(toasts().getByText(description).closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).toBeEnabled();
  });

  it('lets results go once every ZIP download reading them is done, and makes one again when asked', async () => {
    // A stand-in service worker: answers 'ready', and ends each download when the test says.
    const ports: MessagePort[] = [];
    const worker = {
      postMessage(_: unknown, [port]: MessagePort[]) {
        ports.push(port);
        port.postMessage({ type: 'ready' });
      },
    };
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: worker } });
    // What the archive holds is tested end to end (tests/e2e); here only who serves it.
    zipFailure.standIn = true;
    const user = userEvent.setup();
    renderWorkspace();
    await user.upload(fileInput(), new File(['hello'], 'a.txt'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await findToast('Done. Files saved locally.');
    const download = screen.getByRole('button', { name: 'Download corrupted a.txt' });
    await user.click(download);
    await waitFor(() => expect(saved).toHaveLength(1));
    const first = new Uint8Array(await saved[0].blob.arrayBuffer());

    // Two ZIP downloads under way, served by the worker (neither saved by the page).
    const zip = screen.getByRole('button', { name: 'Download All as ZIP' });
    await user.click(zip);
    await waitFor(() => expect(ports).toHaveLength(1));
    await waitFor(() => expect(zip).toBeEnabled());
    await user.click(zip);
    await waitFor(() => expect(ports).toHaveLength(2));
    expect(saved).toHaveLength(1);

    // The first ends while the second still reads the result: kept, the download needs no engine.
    ports[0].postMessage({ type: 'done' });
    await new Promise((r) => setTimeout(r, 20));
    await user.click(download);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls).toHaveLength(1);

    // The second ends: let go, and made again for the next download, with the same options and bytes.
    ports[1].postMessage({ type: 'done' });
    await new Promise((r) => setTimeout(r, 20));
    await user.click(download);
    expect(await findToast('Making the file again')).toBeInTheDocument();
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ name: 'a.txt', options: { mode: 'byte_flip', intensity: 80, seed: 1234567890 } });
    expect(new Uint8Array(await saved[2].blob.arrayBuffer())).toEqual(first);
    expect(saved[2].name).toBe('a_corrupted.txt');
  });

  it('a share link sets every setting, says which file it expects, and Copy share link makes it again', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = `${SITE_ORIGIN}/?v=2&mode=bit_rot&intensity=33&seed=9007199254740991&only=0%3A64&fix-checksums=&member=a%2F*&file=a.txt&size=5`;
    renderWorkspace(undefined, new URL(link).search);
    expect(await findToast('Settings loaded from link')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('bit_rot');
    expect(screen.getByRole('slider', { name: 'Intensity' })).toHaveValue('33');
    expect(screen.getByRole('status', { name: 'Deterministic Seed' })).toHaveAttribute('data-seed', '9007199254740991');
    expect(screen.getByRole('textbox', { name: 'Byte ranges' })).toHaveValue('only 0:64');
    expect(screen.getByRole('switch', { name: 'Keep checksums valid' })).toBeChecked();
    expect(await screen.findByRole('textbox', { name: 'Member' })).toHaveValue('a/*');
    const notice = document.querySelector('[data-field="link-loaded"]');
    expect(notice).toHaveTextContent('It reproduces the run of a.txt (5 bytes). Add a.txt (5 bytes) alone');
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    // No file in the list: the link of the settings alone (made by the outputs module, once it loads).
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.replace('&file=a.txt&size=5', '')));
  });

  it("offers the chosen algorithm's own options, runs with them, keeps each algorithm's, and links them", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWorkspace();
    const algorithm = screen.getByRole('combobox', { name: 'Algorithm' });
    // Quick Scramble takes none.
    expect(screen.queryByRole('combobox', { name: 'Line endings' })).toBeNull();
    await user.selectOptions(algorithm, 'text_transfer');
    const endings = screen.getByRole('combobox', { name: 'Line endings' });
    expect(endings).toHaveDisplayValue('Chosen by the seed');
    await user.selectOptions(endings, 'CRLF to LF (a transfer to Unix)');
    await user.selectOptions(algorithm, 'charset_roundtrip');
    expect(screen.getByRole('combobox', { name: 'Direction' })).toHaveDisplayValue(/^To UTF-8/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charset' }), 'Latin-1 (ISO-8859-1)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Byte order mark' }), 'A UTF-8 BOM stripped');
    await user.selectOptions(algorithm, 'misdirected_write');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Block size' }), '512 bytes (a disk sector)');
    // Back to Text-Mode Transfer: its choice was kept.
    await user.selectOptions(algorithm, 'text_transfer');
    expect(screen.getByRole('combobox', { name: 'Line endings' })).toHaveDisplayValue(
      'CRLF to LF (a transfer to Unix)',
    );
    await user.upload(fileInput(), new File(['a\r\nb'], 'a.txt'));
    await user.click(screen.getByRole('button', { name: 'Start Processing' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].options).toEqual({
      mode: 'text_transfer',
      intensity: 80,
      seed: 1234567890,
      direction: 'crlf_to_lf',
    });
    await user.selectOptions(algorithm, 'charset_roundtrip');
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(writeText).toHaveBeenLastCalledWith(
      `${SITE_ORIGIN}/?v=2&mode=charset_roundtrip&intensity=80&seed=1234567890&charset=latin1&bom=strip&file=a.txt&size=4`,
    );
  });

  it("a share link sets the algorithm's own options", async () => {
    const link = `${SITE_ORIGIN}/?v=2&mode=misdirected_write&intensity=20&seed=4&block-size=512`;
    renderWorkspace(undefined, new URL(link).search);
    expect(await findToast('Settings loaded from link')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('misdirected_write');
    expect(screen.getByRole('combobox', { name: 'Block size' })).toHaveDisplayValue('512 bytes (a disk sector)');
  });

  it('a share link it cannot honour applies nothing and says why in the page', async () => {
    renderWorkspace(undefined, '?algorithm=nuke&intensity=500&seed=42');
    expect(await findToast('Share link not applied')).toBeInTheDocument();
    const alert = document.querySelector('[data-field="link-refused"]');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(
      'The workspace cannot honour: algorithm "nuke" (unknown algorithm); intensity "500" (not a whole number from 1 to 100).',
    );
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('quick_scramble');
    expect(screen.getByRole('slider', { name: 'Intensity' })).toHaveValue('80');
    expect(screen.getByRole('status', { name: 'Deterministic Seed' })).toHaveAttribute('data-seed', '1234567890');
  });
});
