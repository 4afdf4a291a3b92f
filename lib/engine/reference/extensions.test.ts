import { describe, expect, it } from 'vitest';
import { EXTENSIONS, familyForExtension } from './extensions.ts';
import { FAMILIES } from './tables.ts';

describe('the extension table', () => {
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
