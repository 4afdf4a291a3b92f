import { describe, expect, it } from 'vitest';
import { GroupedRules } from './constructedSheet.ts';

/** A Tag over a plain array, standing in for a CSSStyleSheet. */
function arrayTag() {
  const rules: string[] = [];
  return {
    rules,
    get length() {
      return rules.length;
    },
    insertRule(index: number, rule: string) {
      if (rule.includes('!invalid')) return false;
      rules.splice(index, 0, rule);
      return true;
    },
    deleteRule(index: number) {
      rules.splice(index, 1);
    },
    getRule(index: number) {
      return rules[index] ?? '';
    },
  };
}

describe('GroupedRules', () => {
  it('keeps rules ordered by group whatever order groups arrive in', () => {
    const tag = arrayTag();
    const grouped = new GroupedRules(tag);
    grouped.insertRules(3, ['.c{}']);
    grouped.insertRules(1, ['.a{}', '.a:hover{}']);
    grouped.insertRules(2, ['.b{}']);
    grouped.insertRules(1, ['.a2{}']);
    expect(tag.rules).toEqual(['.a{}', '.a:hover{}', '.a2{}', '.b{}', '.c{}']);
    expect(grouped.getGroup(1)).toBe('.a{}/*!sc*/\n.a:hover{}/*!sc*/\n.a2{}/*!sc*/\n');
  });

  it('clears one group without touching the others', () => {
    const tag = arrayTag();
    const grouped = new GroupedRules(tag);
    grouped.insertRules(0, ['.x{}']);
    grouped.insertRules(1, ['.y{}', '.y2{}']);
    grouped.insertRules(2, ['.z{}']);
    grouped.clearGroup(1);
    expect(tag.rules).toEqual(['.x{}', '.z{}']);
    expect(grouped.getGroup(1)).toBe('');
    grouped.insertRules(1, ['.y3{}']);
    expect(tag.rules).toEqual(['.x{}', '.y3{}', '.z{}']);
  });

  it('grows past its initial 512 groups and skips rules the browser rejects', () => {
    const tag = arrayTag();
    const grouped = new GroupedRules(tag);
    grouped.insertRules(2000, ['.far{}', '.bad{!invalid}']);
    grouped.insertRules(5, ['.near{}']);
    expect(grouped.length).toBeGreaterThan(2000);
    expect(tag.rules).toEqual(['.near{}', '.far{}']);
  });
});
