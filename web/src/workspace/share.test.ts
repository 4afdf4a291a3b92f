import { describe, expect, it } from 'vitest';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';
import { type LinkedFile, type LinkedSettings, linkOf } from './links.ts';
import { parseShareQuery } from './share.ts';

const outputs = await loadOutputsModule();
/** A share link as fracture-host makes it (links.ts). */
const shareLink = (settings: LinkedSettings, file?: LinkedFile) => linkOf(outputs, settings, file);

const search = (link: string) => new URL(link).search;

describe('parseShareQuery', () => {
  it('reads back every link the reports carry, each setting and the file', () => {
    for (const [mode, value] of [
      ['byte_flip', 'quick_scramble'],
      ['guaranteed_break', 'guaranteed_break'],
      ['header_preserve_flip', 'stealth_corruption'],
      ['truncate_insert', 'cut_replace'],
      ['shuffle_blocks', 'jumble_sections'],
      ['interrupted_transfer', 'interrupted_download'],
      ['bad_sectors', 'bad_sectors'],
      ['bit_rot', 'bit_rot'],
    ]) {
      const link = shareLink({ mode, intensity: 42, seed: 9007199254740991 }, { name: 'a b.png', size: 7 });
      expect(parseShareQuery(search(link))).toEqual({
        ok: true,
        version: 2,
        settings: {
          algorithm: value,
          intensity: 42,
          seed: 9007199254740991,
          rangesText: '',
          fixChecksums: false,
          memberText: '',
          variant: {},
        },
        file: { name: 'a b.png', size: 7 },
      });
    }
    const options = {
      mode: 'bad_sectors',
      intensity: 1,
      seed: 0,
      ranges: ['only -512:', 'only png:IDAT#2/data', 'protect 0x10:0x20'],
      fixChecksums: true,
      member: '**/*.xml',
    };
    expect(parseShareQuery(search(shareLink(options)))).toMatchObject({
      ok: true,
      settings: {
        rangesText: 'only -512:, only png:IDAT#2/data, protect 0x10:0x20',
        fixChecksums: true,
        memberText: '**/*.xml',
      },
    });
  });

  it("reads the new modes' own options, a default's word as no option (the same bytes)", () => {
    const settings = (options: Parameters<typeof shareLink>[0]) => {
      const q = parseShareQuery(search(shareLink(options)));
      if (!q?.ok) throw new Error(`${JSON.stringify(options)} was refused: ${JSON.stringify(q)}`);
      return q.settings;
    };
    expect(settings({ mode: 'text_transfer', intensity: 100, seed: 1, direction: 'crlf_to_lf' })).toMatchObject({
      algorithm: 'text_transfer',
      variant: { direction: 'crlf_to_lf' },
    });
    expect(settings({ mode: 'text_transfer', intensity: 100, seed: 1 }).variant).toEqual({});
    expect(
      settings({
        mode: 'charset_roundtrip',
        intensity: 5,
        seed: 1,
        direction: 'from_utf8',
        charset: 'latin1',
        bom: 'add',
      }).variant,
    ).toEqual({ direction: 'from_utf8', charset: 'latin1', bom: 'add' });
    expect(
      settings({
        mode: 'charset_roundtrip',
        intensity: 5,
        seed: 1,
        direction: 'to_utf8',
        charset: 'cp1252',
        bom: 'keep',
      }).variant,
    ).toEqual({});
    expect(settings({ mode: 'misdirected_write', intensity: 5, seed: 1, blockSize: 512 }).variant).toEqual({
      blockSize: 512,
    });
    expect(settings({ mode: 'misdirected_write', intensity: 5, seed: 1, blockSize: 4096 }).variant).toEqual({});
    const refused = parseShareQuery('?v=2&mode=bit_rot&intensity=4&seed=1&direction=lf_to_crlf&block-size=100');
    expect(refused).toMatchObject({
      ok: false,
      problems: [
        'direction with bit_rot (the algorithm does not take it)',
        'block-size with bit_rot (the algorithm does not take it)',
      ],
      args: [
        '--mode',
        'bit_rot',
        '--intensity',
        '4',
        '--seed',
        '1',
        '--direction',
        'lf_to_crlf',
        '--block-size',
        '100',
      ],
    });
    expect(parseShareQuery('?v=2&mode=misdirected_write&intensity=4&seed=1&block-size=100')).toMatchObject({
      ok: false,
      problems: ['block-size "100" (not 4096 or 512)'],
    });
    expect(parseShareQuery('?v=2&mode=text_transfer&intensity=4&seed=1&direction=to_utf8')).toMatchObject({
      ok: false,
      problems: ['direction "to_utf8" (not lf_to_crlf or crlf_to_lf)'],
    });
  });

  it('is null for a visit without settings (other parameters such as ?e2e are not settings)', () => {
    expect(parseShareQuery('')).toBeNull();
    expect(parseShareQuery('?e2e')).toBeNull();
  });

  it('reads the first links (no v): algorithm, intensity and seed, the rest off', () => {
    expect(parseShareQuery('?algorithm=cut_replace&intensity=9&seed=3')).toEqual({
      ok: true,
      version: 1,
      settings: {
        algorithm: 'cut_replace',
        intensity: 9,
        seed: 3,
        rangesText: '',
        fixChecksums: false,
        memberText: '',
        variant: {},
      },
    });
  });

  it('refuses a link it cannot honour as a whole, naming each setting and why', () => {
    const refused = (query: string) => {
      const q = parseShareQuery(query);
      if (!q || q.ok) throw new Error(`${query} was not refused`);
      return q;
    };
    expect(refused('?algorithm=nuke&intensity=80&seed=7').problems).toEqual(['algorithm "nuke" (unknown algorithm)']);
    expect(refused('?algorithm=cut_replace&intensity=0&seed=-1').problems).toEqual([
      "intensity 0 (the workspace's Intensity starts at 1)",
      'seed "-1" (not a whole number from 0 to 9007199254740991)',
    ]);
    const v2 = '?v=2&mode=bit_rot&intensity=40&seed=9';
    expect(refused('?v=3&mode=bit_rot').problems).toEqual([
      'link format "3" (this site reads format 2 and the first links)',
    ]);
    expect(refused(`${v2}&out=x`).problems).toEqual(['"out" (not a setting of a run)']);
    expect(refused(`${v2}&fix-checksums=1`).problems).toEqual(['fix-checksums "1" (a switch carries no value)']);
    expect(refused(`${v2}&seed=10`).problems).toEqual(['seed given twice']);
    expect(refused(`${v2}&only=0:1,protect%200:2`).problems).toEqual(['only "0:1,protect 0:2" (not one range)']);
    expect(refused(`${v2}&only=0:x`).problems[0]).toMatch(/^byte ranges \(/);
    expect(refused('?v=2&mode=guaranteed_break&intensity=40&seed=9&only=0:8').problems).toEqual([
      'byte ranges or checksum fixing with guaranteed_break (the algorithm takes neither)',
    ]);
    expect(refused('?v=2&mode=bit_rot&seed=9').problems).toEqual(['no intensity']);
    for (const bad of ['101', '1e2', '50.5', ' ', '', 'NaN', '0x10']) {
      expect(refused(`?v=2&mode=bit_rot&seed=1&intensity=${encodeURIComponent(bad)}`).problems, bad).toHaveLength(1);
    }
    for (const bad of ['9007199254740992', '1.5', 'abc', '', '99999999999999999999']) {
      expect(refused(`?v=2&mode=bit_rot&intensity=1&seed=${encodeURIComponent(bad)}`).problems, bad).toHaveLength(1);
    }
    expect(refused(`?algorithm=${'x'.repeat(5000)}&intensity=1&seed=1`).problems[0].length).toBeLessThan(80);
  });

  it('gives the arguments of a refused link, which make the command line that runs it on the file it names', () => {
    const link = shareLink(
      { mode: 'bit_rot', intensity: 0, seed: 5, ranges: ['protect -8:'] },
      { name: "it's.png", size: 3 },
    );
    const query = parseShareQuery(search(link));
    expect(query).toEqual({
      ok: false,
      problems: ["intensity 0 (the workspace's Intensity starts at 1)"],
      args: ['--mode', 'bit_rot', '--intensity', '0', '--seed', '5', '--protect=-8:'],
      file: { name: "it's.png", size: 3 },
    });
    expect(outputs.commandOf(query?.ok === false ? (query.args ?? []) : [], "it's.png")).toBe(
      "fracture --mode bit_rot --intensity 0 --seed 5 --protect=-8: 'it'\\''s.png'",
    );
  });
});
