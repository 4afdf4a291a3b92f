// The host fields every host but the native CLI takes from fracture-host through the outputs module
// (reports.ts; engine-rs/host/src/host_fields.rs, share_link.rs): replay commands a POSIX shell reads
// back exactly, share links that read back (share-link-read.ts) to the options of the replay command,
// and the golden links of tests/golden/share-links.json (docs/contract.md, section 11.5), which
// engine-rs/host/tests/share_links.rs checks natively.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isHidden } from '../../report/display.ts';
import { LINK_OPTIONS, LINK_VERSION, linkArgs, readShareLink } from '../../report/share-link-read.ts';
import { SITE_ORIGIN } from '../shared/mode-tables.ts';
import type { Report } from '../shared/types.ts';
import { loadOutputsModule } from './node.ts';
import { withHostFields } from './reports.ts';

const outputs = await loadOutputsModule();
const hosted = (report: object, origin?: string) => withHostFields(outputs, report as Report, { origin });
/** The word fracture-host writes for a file name (a command with no options). */
const shellWord = (name: string) => outputs.commandOf([], name).slice('fracture '.length);
const hasControl = (s: string) => [...s].some((ch) => isHidden(ch.codePointAt(0)!));

/** What bash makes of `printf %s WORD`: the word as the shell reads it back. */
function bashReads(word: string, shell = 'bash'): string {
  return execFileSync(shell, ['-c', `printf %s ${word}`], { encoding: 'utf8' });
}

const ODD_NAMES = [
  'report.pdf',
  'quarterly results.csv',
  "it's here.txt",
  'résumé 📄 ẞ-Ωmega.tar.gz',
  '$(rm -rf ~).png',
  '`whoami`.bin',
  'a;b&c|d>e<f.txt',
  '*.jpg',
  '~home',
  '-rf',
  '--mode',
  'name"with"quotes',
  'back\\slash',
  'semi;colon',
  '!bang!',
  '#hash',
  'tab\there',
  'new\nline',
  'trailing newline\n',
  'bell\u0007 and esc\u001b[31m',
  'del\u007f',
  "mixed 'quote' and \n newline",
  'c1\u0085next\u009b[31m',
  'invoice\u202efdp.exe',
  'line\u2028sep\u2029 and iso\u2066late\u2069',
  '',
];

describe('the file name as a shell word', () => {
  it('leaves plain names bare and quotes the rest', () => {
    expect(shellWord('report.pdf')).toBe('report.pdf');
    expect(shellWord('a-b_c+d=e,f:g@h%i/j')).toBe('a-b_c+d=e,f:g@h%i/j');
    expect(shellWord('quarterly results.csv')).toBe("'quarterly results.csv'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('-rf')).toBe('./-rf');
    expect(shellWord('-a b')).toBe("'./-a b'");
    expect(shellWord('new\nline')).toBe("$'new\\nline'");
    expect(shellWord('')).toBe("''");
    // C1 controls and bidirectional controls: each UTF-8 byte as \xHH.
    expect(shellWord('c1\u0085.txt')).toBe("$'c1\\xc2\\x85.txt'");
    expect(shellWord('invoice\u202efdp.exe')).toBe("$'invoice\\xe2\\x80\\xaefdp.exe'");
    expect(shellWord('é\u007f')).toBe("$'é\\x7f'");
  });

  it('bash reads every quoted name back exactly, running nothing', () => {
    for (const name of ODD_NAMES) {
      const expected = name === '' ? '' : name.startsWith('-') ? `./${name}` : name;
      expect(bashReads(shellWord(name)), JSON.stringify(name)).toBe(expected);
    }
  });

  it('dash (a strict POSIX sh) reads back every name without control characters', () => {
    for (const name of ODD_NAMES.filter((n) => !hasControl(n))) {
      const expected = name === '' ? '' : name.startsWith('-') ? `./${name}` : name;
      expect(bashReads(shellWord(name), 'dash'), JSON.stringify(name)).toBe(expected);
    }
  });

  it('never leaves a control character in the command (pasting it could act on the terminal)', () => {
    for (const name of ODD_NAMES) expect(hasControl(shellWord(name)), JSON.stringify(name)).toBe(false);
  });
});

describe('replay command and share link', () => {
  const run = { mode: 'header_preserve_flip', intensity: 37, seed: 9007199254740991 };

  it('prints the options the command lines take, then the file, and links to them with the file', () => {
    const h = hosted({ ...run, filename: 'my photo.jpg', original_size: 12 });
    expect(h.replay).toBe("fracture --mode header_preserve_flip --intensity 37 --seed 9007199254740991 'my photo.jpg'");
    expect(h.share_link).toBe(
      `${SITE_ORIGIN}/?v=2&mode=header_preserve_flip&intensity=37&seed=9007199254740991&file=my+photo.jpg&size=12`,
    );
    expect(hosted({ ...run, filename: 'a', original_size: 1 }, 'https://qa.example.org').share_link).toMatch(
      /^https:\/\/qa\.example\.org\/\?v=2&/,
    );
    // Settings alone (the workspace's Copy share link before a file is added): no file, no size.
    expect(
      outputs.shareLink(JSON.stringify({ mode: 'byte_flip', intensity: 80, seed: 0 }), 'https://qa.example.org'),
    ).toBe('https://qa.example.org/?v=2&mode=byte_flip&intensity=80&seed=0');
  });

  it('carries the options of the conversion modes and misdirected_write that change the bytes', () => {
    const replay = (fields: Partial<Report>) =>
      hosted({ intensity: 100, seed: 3, filename: 'f.txt', ...fields }).replay;
    expect(replay({ mode: 'text_transfer', direction: 'crlf_to_lf' })).toBe(
      'fracture --mode text_transfer --intensity 100 --seed 3 --direction crlf_to_lf f.txt',
    );
    expect(replay({ mode: 'charset_roundtrip', direction: 'to_utf8', charset: 'cp1252', bom: 'keep' })).toBe(
      'fracture --mode charset_roundtrip --intensity 100 --seed 3 f.txt',
    );
    expect(replay({ mode: 'charset_roundtrip', direction: 'from_utf8', charset: 'latin1', bom: 'strip' })).toBe(
      'fracture --mode charset_roundtrip --intensity 100 --seed 3 --direction from_utf8 --charset latin1 --bom strip f.txt',
    );
    expect(replay({ mode: 'misdirected_write', block_size: 512 })).toBe(
      'fracture --mode misdirected_write --intensity 100 --seed 3 --block-size 512 f.txt',
    );
    expect(replay({ mode: 'misdirected_write', block_size: 4096 })).toBe(
      'fracture --mode misdirected_write --intensity 100 --seed 3 f.txt',
    );
    expect(replay({ mode: 'shuffle_blocks', block_size: 4096 })).toBe(
      'fracture --mode shuffle_blocks --intensity 100 --seed 3 f.txt',
    );
  });

  it('adds the host fields after the engine fields, leaving those unchanged', () => {
    const report = {
      engine: 'fracture-engine/1',
      filename: 'a b.png',
      original_size: 3,
      mode: 'truncate_insert',
      intensity: 5,
      seed: 7,
      sha256_after: 'ff',
    } as unknown as Report;
    const h = withHostFields(outputs, report, { browserDecoder: 'rejected' });
    expect(Object.keys(h)).toEqual([...Object.keys(report), 'replay', 'share_link', 'browser_decoder']);
    expect(h).toMatchObject(report);
    expect(h.replay).toBe("fracture --mode truncate_insert --intensity 5 --seed 7 'a b.png'");
    expect(Object.keys(withHostFields(outputs, report))).not.toContain('browser_decoder');
  });

  it('carries the byte ranges, in the order of the report, and --fix-checksums, so the command reproduces the run', () => {
    const h = hosted({
      filename: '-x.png',
      original_size: 100,
      mode: 'bit_rot',
      intensity: 9,
      seed: 4,
      ranges: 'only 16:-32, only -0:, protect :512',
      checksums_fixed: {},
    } as unknown as Report);
    expect(h.replay).toBe(
      'fracture --mode bit_rot --intensity 9 --seed 4 --only 16:-32 --only=-0: --protect :512 --fix-checksums ./-x.png',
    );
    expect(h.share_link).toBe(
      `${SITE_ORIGIN}/?v=2&mode=bit_rot&intensity=9&seed=4&only=16%3A-32&only=-0%3A&protect=%3A512&fix-checksums=&file=-x.png&size=100`,
    );
  });
});

interface Case {
  why: string;
  report: Report;
  replay: string;
  share_link: string;
  settings: [string, string][];
}

const golden = JSON.parse(readFileSync(new URL('../../../tests/golden/share-links.json', import.meta.url), 'utf8')) as {
  version: number;
  origin: string;
  links: Case[];
};

describe('share links (tests/golden/share-links.json)', () => {
  it('are of this format and origin', () => {
    expect(golden.version).toBe(LINK_VERSION);
    expect(golden.origin).toBe(SITE_ORIGIN);
    expect(golden.links.length).toBeGreaterThanOrEqual(10);
  });

  it.each(golden.links.map((c) => [c.why, c] as const))('%s', (_, c) => {
    const h = withHostFields(outputs, c.report);
    expect(h.replay).toBe(c.replay);
    expect(h.share_link).toBe(c.share_link);
    // Read back: the options of the replay command, in its order, and the file; they run as the replay.
    const read = readShareLink(new URL(c.share_link).search);
    expect(read).toEqual({
      ok: true,
      run: { version: LINK_VERSION, settings: c.settings, file: c.report.filename, size: c.report.original_size },
    });
    expect(outputs.commandOf(linkArgs(c.settings), c.report.filename)).toBe(c.replay);
    for (const [name] of c.settings) expect(LINK_OPTIONS.map((o) => o.name)).toContain(name);
  });
});
