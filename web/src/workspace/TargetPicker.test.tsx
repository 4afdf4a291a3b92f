// @vitest-environment jsdom
// The Target picker as a user meets it: the file's units from its real structure map, picks written
// into the Byte ranges and Member fields, keyboard use, files of several formats, and axe.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { png, zip } from '../../../tests/cross-engine/families.ts';
import { TargetPicker } from './TargetPicker.tsx';

const pngFile = new File([new Uint8Array(png(250_000))], 'picture.png');
const zipFile = new File([new Uint8Array(zip(100_000))], 'logs.zip');
const textFile = new File(['just some words\n'], 'notes.txt');

/** The picker with the two settings it writes, shown so the tests can read them. */
function Harness({ files, ranges = '', member = '' }: { files: File[]; ranges?: string; member?: string }) {
  const [rangesText, setRangesText] = useState(ranges);
  const [memberText, setMemberText] = useState(member);
  return (
    <main>
      <output data-testid="ranges">{rangesText}</output>
      <output data-testid="member">{memberText}</output>
      <TargetPicker
        files={files}
        optionsApply
        rangesText={rangesText}
        setRangesText={setRangesText}
        memberText={memberText}
        setMemberText={setMemberText}
      />
    </main>
  );
}

const ranges = () => screen.getByTestId('ranges').textContent;
const member = () => screen.getByTestId('member').textContent;

afterEach(cleanup);

/** A ustar archive of `n` one-line members `d/f-0000.txt`, `d/f-0001.txt`, ... (tar's own layout). */
function manyMembers(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n * 1024 + 1024);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  for (let i = 0; i < n; i++) {
    const h = i * 1024;
    const body = `member ${i}\n`;
    ascii(h, `d/f-${String(i).padStart(4, '0')}.txt`);
    ascii(h + 100, '0000644');
    ascii(h + 124, body.length.toString(8).padStart(11, '0'));
    ascii(h + 156, '0');
    ascii(h + 257, 'ustar');
    ascii(h + 148, '        ');
    let sum = 0;
    for (let k = 0; k < 512; k++) sum += out[h + k];
    ascii(h + 148, `${sum.toString(8).padStart(6, '0')}\0 `);
    ascii(h + 512, body);
  }
  return out;
}

describe('TargetPicker', () => {
  it("lists a PNG's units, and picks write selectors into the Byte ranges field", async () => {
    const user = userEvent.setup();
    render(<Harness files={[pngFile]} ranges="protect 0:8" />);
    expect(screen.getByRole('heading', { name: 'Target' })).toHaveFocus();
    const units = await screen.findByRole('group', { name: /Units of picture\.png \(4\)/ });
    expect(
      within(units)
        .getAllByRole('checkbox')
        .map((b) => b.closest('li')?.querySelector('code')?.textContent),
    ).toEqual(['signature', 'IHDR', 'IDAT (×3)', 'IEND']);
    await user.click(within(units).getByRole('checkbox', { name: /IDAT \(×3\)/ }));
    expect(ranges()).toBe('protect 0:8, only png:IDAT');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part of IDAT' }), 'data');
    expect(ranges()).toBe('protect 0:8, only png:IDAT/data');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Which IDAT' }), 'IDAT#1');
    expect(ranges()).toBe('protect 0:8, only png:IDAT#1/data');
    await user.click(screen.getByRole('radio', { name: /Protect: never damage these/ }));
    expect(ranges()).toBe('protect 0:8, protect png:IDAT#1/data');
    await user.click(screen.getByRole('button', { name: 'Clear target' }));
    expect(ranges()).toBe('protect 0:8');
    expect(within(units).getByRole('checkbox', { name: /IDAT/ })).not.toBeChecked();
  });

  it('works from the keyboard: Tab to a unit, Space picks it', async () => {
    const user = userEvent.setup();
    render(<Harness files={[pngFile]} />);
    await screen.findByRole('group', { name: /Units of/ });
    const ihdr = screen.getByRole('checkbox', { name: /IHDR/ });
    // From the heading: the two radios are one tab stop, then the units in order.
    await user.tab();
    expect(screen.getByRole('radio', { name: /Only/ })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(ihdr).toHaveFocus();
    await user.keyboard(' ');
    expect(ranges()).toBe('only png:IHDR');
  });

  it('opens again with the picks the field holds', async () => {
    render(<Harness files={[pngFile]} ranges="only png:IDAT#2/crc, 0:4" />);
    const box = await screen.findByRole('checkbox', { name: /IDAT/ });
    await waitFor(() => expect(box).toBeChecked());
    expect(screen.getByRole('combobox', { name: 'Which IDAT' })).toHaveValue('IDAT#2');
    expect(screen.getByRole('combobox', { name: 'Part of IDAT' })).toHaveValue('crc');
  });

  it("lists a ZIP's members, and picking one sets the member glob", async () => {
    const user = userEvent.setup();
    render(<Harness files={[pngFile, zipFile]} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'File to read the units from' }), 'logs.zip');
    const members = await screen.findByRole('group', { name: 'Member to corrupt inside the archive' });
    expect(
      within(members)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['None: the archive as one file', 'logs/0.log', 'logs/1.log', 'logs/2.log']);
    await user.click(within(members).getByRole('radio', { name: 'logs/1.log' }));
    expect(member()).toBe('logs/1.log');
    // Arrow keys move within the group, as in any radio group.
    await user.keyboard('{ArrowDown}');
    expect(member()).toBe('logs/2.log');
    await user.click(within(members).getByRole('radio', { name: /None/ }));
    expect(member()).toBe('');
  });

  it('says which files are of another format and what happens to them', async () => {
    render(<Harness files={[pngFile, zipFile, textFile]} />);
    const note = await screen.findByText(/files are of another format/);
    expect(note.textContent).toContain('logs.zip: zip');
    expect(note.textContent).toContain('notes.txt: text');
    expect(note.textContent).toContain("that file's error, and the other files still complete");
    expect(screen.getByText(/the selectors picked here apply to png files/)).toBeTruthy();
  });

  it('passes axe', async () => {
    const { container } = render(<Harness files={[pngFile, zipFile]} ranges="only png:IDAT/data" />);
    await screen.findByRole('group', { name: /Units of/ });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Part of IDAT' })).toBeTruthy());
    // jsdom lays nothing out, so contrast is left to the end-to-end axe run in Chromium.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.passes.length).toBeGreaterThan(0);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  it('a long list is searched, never cut: every member of a 260-member tar is found', async () => {
    const user = userEvent.setup();
    render(<Harness files={[new File([manyMembers(260)], 'many.tar')]} />);
    const members = await screen.findByRole('group', { name: 'Member to corrupt inside the archive' });
    // The first 200 and "None"; the rest a click or a search away.
    expect(within(members).getAllByRole('radio')).toHaveLength(201);
    const search = screen.getByRole('searchbox', { name: 'Find units and members' });
    await user.click(search);
    await user.paste('f-0237');
    expect(
      within(members)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['None: the archive as one file', 'd/f-0237.txt']);
    expect(screen.getByText(/of 260 members match\./).textContent).toMatch(
      /^\d+ of \d+ units, 1 of 260 members match\.$/,
    );
    await user.click(within(members).getByRole('radio', { name: 'd/f-0237.txt' }));
    expect(member()).toBe('d/f-0237.txt');
    await user.clear(search);
    await user.click(within(members).getByRole('button', { name: 'Show 60 more members (60 not shown)' }));
    expect(within(members).getAllByRole('radio')).toHaveLength(261);
  });
});
