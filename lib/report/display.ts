// Names and reports as text that never carries a raw control character (docs/cli.md, "Names";
// docs/contract.md, section 10.2). The native CLI's twins are `display` in
// engine-rs/host/src/display.rs and `json_string` in engine-rs/core/src/report.rs.

/**
 * Characters a name never shows raw in a message, a PDF or a replay command: the C0 and C1
 * controls, DEL, the line and paragraph separators, and the bidirectional embeddings, overrides and
 * isolates that can make a name display as another (CVE-2021-42574).
 */
export function isHidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const hex = (code: number, digits: number) => code.toString(16).toUpperCase().padStart(digits, '0');

/**
 * A name as messages and PDF reports show it: `\n`, `\t`, `\r`, `\xHH` for the other C0 controls
 * and DEL, `\xHH` for a byte of a name that is not UTF-8 (held as the lone surrogate U+DC00 + byte),
 * `\u{HHHH}` for the C1 controls, the separators, the bidirectional controls and any other lone
 * surrogate; everything else (backslashes too) as itself.
 */
export function displayName(name: string): string {
  let out = '';
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    // A byte of a file name that is not UTF-8, as lib/engine/host/byte-paths.ts holds it: `\xHH`, as natively.
    else if (code >= 0xdc80 && code <= 0xdcff) out += `\\x${hex(code - 0xdc00, 2)}`;
    else if (isHidden(code) || (code >= 0xd800 && code <= 0xdfff)) out += `\\u{${hex(code, 4)}}`;
    else out += ch;
  }
  return out;
}

// DEL and the C1 controls, which JSON.stringify leaves raw (it escapes only those below U+0020).
const RAW_CONTROLS = /[\u007f-\u009f]/g;

/**
 * `JSON.stringify(value, null, indent)` with DEL and the C1 controls (U+007F to U+009F) also
 * written `\u00xx` (contract 10.2), so a report never carries a raw control character. Outside
 * strings JSON.stringify writes only ASCII below U+007F, so only strings change.
 */
export function reportJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(RAW_CONTROLS, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}
