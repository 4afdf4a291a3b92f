// The golden share links (tests/golden/share-links.json, docs/contract.md section 11.5): each report
// gives its replay command and its link, as engine-rs/host/tests/share_links.rs checks for the native
// hosts; and each link reads back to the options of the replay command, the file and its size.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../engine/shared/mode-tables.ts';
import type { Report } from '../engine/shared/types.ts';
import { replayArgs, replayOptions, withHostFields } from './host-fields.ts';
import { LINK_OPTIONS, LINK_VERSION, linkSettings } from './share-link.ts';
import { linkArgs, readShareLink } from './share-link-read.ts';

interface Case {
  why: string;
  report: Report;
  replay: string;
  share_link: string;
  settings: [string, string][];
}

const golden = JSON.parse(readFileSync(new URL('../../tests/golden/share-links.json', import.meta.url), 'utf8')) as {
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
    const hosted = withHostFields(c.report);
    expect(hosted.replay).toBe(c.replay);
    expect(hosted.share_link).toBe(c.share_link);
    // Read back: the options of the replay command, in its order, and the file.
    const read = readShareLink(new URL(c.share_link).search);
    expect(read).toEqual({
      ok: true,
      run: { version: LINK_VERSION, settings: c.settings, file: c.report.filename, size: c.report.original_size },
    });
    const args = replayArgs(replayOptions(c.report));
    expect(linkSettings(args)).toEqual(c.settings);
    expect(linkArgs(c.settings)).toEqual(args);
    for (const [name] of c.settings) expect(LINK_OPTIONS.map((o) => o.name)).toContain(name);
  });
});

describe('readShareLink', () => {
  it('refuses what no host writes', () => {
    expect(readShareLink('?v=1&mode=bit_rot')).toEqual({
      ok: false,
      problems: ['link format "1" (this site reads format 2 and the first links)'],
    });
    expect(readShareLink('?v=2&mode=a&mode=b&size=-1&x=1&fix-checksums=on')).toEqual({
      ok: false,
      problems: [
        'mode given twice',
        'size "-1" (not one byte count)',
        '"x" (not a setting of a run)',
        'fix-checksums "on" (a switch carries no value)',
      ],
    });
  });
});
