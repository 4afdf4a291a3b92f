import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSIONS, familyForExtension } from './extensions.ts';
import { FAMILIES } from './families.ts';

const rustSource = (path: string): string =>
  readFileSync(new URL(`../../../engine-rs/core/src/formats/${path}`, import.meta.url), 'utf8');

describe('the extension table', () => {
  it('is the Rust engine table, row for row', () => {
    // The report id of each Rust Family variant, from `Family::X => "id"` in formats/mod.rs.
    const ids = new Map(Array.from(rustSource('mod.rs').matchAll(/Family::(\w+) => "([^"]+)"/g), (m) => [m[1], m[2]]));
    expect(ids.size).toBe(FAMILIES.length);
    const rows = Array.from(rustSource('extensions.rs').matchAll(/\("([^"]+)", Family::(\w+)\)/g), (m) => [
      m[1],
      ids.get(m[2]),
    ]);
    expect(rows.length).toBe(320);
    expect(EXTENSIONS.map(([ext, family]) => [ext, family])).toEqual(rows);
  });

  it('is sorted, unique, lower-case, without dots, and over 200 long', () => {
    for (let i = 1; i < EXTENSIONS.length; i++) expect(EXTENSIONS[i - 1][0] < EXTENSIONS[i][0]).toBe(true);
    for (const [ext, family] of EXTENSIONS) {
      expect(ext).toMatch(/^[a-z0-9_+-]+$/);
      expect(FAMILIES).toContain(family);
    }
    expect(EXTENSIONS.length).toBeGreaterThan(200);
  });

  it('looks up families', () => {
    expect(familyForExtension('docx')).toBe('zip');
    expect(familyForExtension('pdf')).toBe('pdf');
    expect(familyForExtension('csv')).toBe('text');
    expect(familyForExtension('nope')).toBeUndefined();
    expect(familyForExtension('')).toBeUndefined();
    expect(familyForExtension('constructor')).toBeUndefined();
  });
});
