// styled-components normally writes its rules into a <style> element, which a Content-Security-Policy
// without 'unsafe-inline' blocks. Constructed style sheets (document.adoptedStyleSheets) are CSSOM,
// which CSP does not govern, so the strict policy holds and the styles still apply.
import { __PRIVATE__ } from 'styled-components';
import type { GroupedTag, Tag } from 'styled-components/dist/sheet/types';

const BaseStyleSheet = __PRIVATE__.StyleSheet;

/** The flat rule list styled-components addresses by index, kept in one constructed sheet. */
class ConstructedTag implements Tag {
  length = 0;

  constructor(private readonly sheet: CSSStyleSheet) {}

  insertRule(index: number, rule: string): boolean {
    try {
      this.sheet.insertRule(rule, index);
      this.length++;
      return true;
    } catch {
      // A rule the browser cannot parse (a vendor prefix it lacks) is skipped, as styled-components does.
      return false;
    }
  }

  deleteRule(index: number): void {
    this.sheet.deleteRule(index);
    this.length--;
  }

  getRule(index: number): string {
    return index < this.length ? this.sheet.cssRules[index].cssText : '';
  }
}

/**
 * Rules grouped per component, groups in registration order, so a component that extends another
 * wins the cascade exactly as with the stock sheet.
 */
export class GroupedRules implements GroupedTag {
  groupSizes = new Uint32Array(512);
  length = 512;

  constructor(readonly tag: Tag) {}

  private indexOfGroup(group: number): number {
    let index = 0;
    for (let g = 0; g < group; g++) index += this.groupSizes[g];
    return index;
  }

  insertRules(group: number, rules: string[]): void {
    if (group >= this.groupSizes.length) {
      let size = this.groupSizes.length;
      while (group >= size) size <<= 1;
      const grown = new Uint32Array(size);
      grown.set(this.groupSizes);
      this.groupSizes = grown;
      this.length = size;
    }
    let at = this.indexOfGroup(group + 1);
    for (const rule of rules) {
      if (this.tag.insertRule(at, rule)) {
        this.groupSizes[group]++;
        at++;
      }
    }
  }

  clearGroup(group: number): void {
    if (group >= this.length) return;
    const count = this.groupSizes[group];
    const start = this.indexOfGroup(group);
    this.groupSizes[group] = 0;
    for (let i = 0; i < count; i++) this.tag.deleteRule(start);
  }

  getGroup(group: number): string {
    if (group >= this.length || this.groupSizes[group] === 0) return '';
    const start = this.indexOfGroup(group);
    let css = '';
    for (let i = start; i < start + this.groupSizes[group]; i++) css += `${this.tag.getRule(i)}/*!sc*/\n`;
    return css;
  }
}

class ConstructedStyleSheet extends BaseStyleSheet {
  constructor(private readonly target: CSSStyleSheet) {
    super({ isServer: false, useCSSOMInjection: true });
  }

  override getTag(): GroupedTag {
    // clearTag() drops the tag; the replacement must stay in the constructed sheet too.
    if (!this.tag) this.tag = new GroupedRules(new ConstructedTag(this.target));
    return this.tag;
  }
}

/**
 * A styled-components sheet that writes into a constructed style sheet adopted by the document, or
 * undefined where the browser lacks constructed sheets (then styled-components' default applies).
 */
export function createConstructedStyleSheet(doc: Document = document): InstanceType<typeof BaseStyleSheet> | undefined {
  if (!('adoptedStyleSheets' in doc) || typeof CSSStyleSheet === 'undefined') return undefined;
  let css: CSSStyleSheet;
  try {
    css = new CSSStyleSheet();
  } catch {
    return undefined;
  }
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, css];
  return new ConstructedStyleSheet(css);
}
