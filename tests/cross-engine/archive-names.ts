// Entry names that are safe to extract anywhere. A batch ZIP holds files named by whoever named the
// inputs, so every name is reduced to one plain file name that cannot climb out of the extraction
// folder, spoof its extension, or fail on Windows, and names that one file system would merge
// (case, Unicode normalisation) are told apart. The rule is docs/contract.md, section 11.6.
//
// An oracle, not the product: every host names its entries with engine-rs/host/src/entry_names.rs (the
// command lines directly or through the outputs module, the page through lib/zip/batch.ts). This is
// the rule written a second time, independently, as the reference engine writes the contract a
// second time: both pass tests/golden/zip-names.json, and tests/cross-engine/names.test.ts holds the
// command lines' archives to it.

/** Most file systems (ext4, NTFS, APFS) cap a name at 255 bytes or UTF-16 units; bytes is the tighter. */
export const MAX_NAME_BYTES = 255;

/** What an empty name becomes. */
const FALLBACK_NAME = 'file';

const REPLACEMENT = '_';

/**
 * Replaced by '_': C0 and C1 controls and DEL; line and paragraph separators; the bidirectional
 * embeddings, overrides and isolates that let "invoice\u202Efdp.exe" display as "invoiceexe.pdf"
 * (CVE-2021-42574, "Trojan Source"); characters Windows forbids in names. Right-to-left text itself,
 * the implicit direction marks and emoji joiners are kept.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069<>:"|?*]/g;
// With the u flag a valid pair is one code point, so only lone surrogates match (and no lookbehind,
// which older Safari cannot parse). Text that is not valid Unicode becomes U+FFFD, as bytes that are
// not UTF-8 do when a name is decoded (TextDecoder, Rust's from_utf8_lossy).
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;
const REPLACEMENT_CHARACTER = '\uFFFD';
const DRIVE = /^[A-Za-z]:/;
/** Device names Windows reserves with any extension ("nul.txt" opens the null device). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])\s*(\.|$)/i;
const TRAILING_DOTS_AND_SPACES = /[.\s]+$/u;

/**
 * One safe file name from an untrusted one: the last path segment (either slash), without a drive
 * prefix, NFC-normalised, unsafe characters replaced, no trailing dots or spaces, never "." or "..",
 * at most 255 UTF-8 bytes (shortened before the extension, between user-perceived characters).
 */
export function safeEntryName(raw: string): string {
  let name = raw.replace(LONE_SURROGATE, REPLACEMENT_CHARACTER).normalize('NFC');
  const segments = name.split(/[/\\]/).filter((s) => s.length > 0);
  name = segments.length > 0 ? segments[segments.length - 1] : '';
  name = name.replace(DRIVE, '');
  name = name.replace(UNSAFE, REPLACEMENT);
  // Windows drops trailing dots and spaces, which would turn "a.txt." into "a.txt" and ".." into "".
  name = name.trim().replace(TRAILING_DOTS_AND_SPACES, '');
  if (name.length === 0) return FALLBACK_NAME;
  if (WINDOWS_DEVICE.test(name)) name = REPLACEMENT + name;
  const [base, extension] = splitExtension(name);
  return fitName(base, '', extension);
}

/**
 * Hands out safe names that are unique ignoring case and Unicode normalisation, as a
 * case-insensitive file system (NTFS, APFS) would compare them; a repeat gets " (2)", " (3)", ...
 * before its extension. One namer per archive.
 */
export class EntryNamer {
  private readonly taken = new Set<string>();
  /** For a name already handed out, the next suffix number worth trying, so 1,000 copies stay linear. */
  private readonly nextSuffix = new Map<string, number>();

  take(raw: string): string {
    const name = safeEntryName(raw);
    const key = foldKey(name);
    if (this.claim(key)) return name;
    const [base, extension] = splitExtension(name);
    for (let n = this.nextSuffix.get(key) ?? 2; ; n++) {
      const candidate = fitName(base, ` (${n})`, extension);
      if (this.claim(foldKey(candidate))) {
        this.nextSuffix.set(key, n + 1);
        return candidate;
      }
    }
  }

  private claim(key: string): boolean {
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }
}

/**
 * The batch ZIP's entry names (docs/contract.md, section 11.6): `reserved` (the session report's
 * names) are claimed first; then each file, in run order, gets the corrupted name of its safe name
 * (`{base}_corrupted_{seed}{.ext}` when the run makes variants), fitted to 255 bytes with
 * `_corrupted` and the extension kept, made unique.
 */
export function archiveNames(
  reserved: readonly string[],
  files: readonly { filename: string; seed: number }[],
  variants: boolean,
): string[] {
  const namer = new EntryNamer();
  for (const name of reserved) namer.take(name);
  return files.map(({ filename, seed }) => {
    // corruptedName (variantName) of the safe name, fitted with `_corrupted` and the extension kept.
    const [base, extension] = splitExtension(safeEntryName(filename));
    return namer.take(fitName(base, variants ? `_corrupted_${seed}` : '_corrupted', extension || '.bin'));
  });
}

/** The comparison key: upper- then lower-casing folds ß/SS and ς/σ/Σ together, and NFC folds composed and decomposed forms. */
function foldKey(name: string): string {
  return name.toUpperCase().toLowerCase().normalize('NFC');
}

/** Splits at the last dot, as corruptedName does; a leading dot alone is not an extension. */
function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * `base + suffix + extension`, shortening base (then, if it must, the extension) at character
 * boundaries until the whole is at most MAX_NAME_BYTES.
 */
function fitName(base: string, suffix: string, extension: string): string {
  const whole = base + suffix + extension;
  if (utf8Length(whole) <= MAX_NAME_BYTES) return whole;
  const tailBytes = utf8Length(suffix + extension);
  // An absurdly long "extension" is just part of the name: cut the whole thing instead.
  if (tailBytes > MAX_NAME_BYTES / 2) {
    const cut = truncate(whole, MAX_NAME_BYTES).replace(TRAILING_DOTS_AND_SPACES, '');
    return cut.length > 0 ? cut : FALLBACK_NAME;
  }
  const kept = truncate(base, MAX_NAME_BYTES - tailBytes);
  return (kept.length > 0 ? kept : FALLBACK_NAME) + suffix + extension;
}

const segmenter =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/** The longest prefix of `text` within `maxBytes` of UTF-8 that ends on a grapheme boundary (a code point one where Intl.Segmenter is missing). */
function truncate(text: string, maxBytes: number): string {
  const pieces: Iterable<string> = segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : text;
  let out = '';
  let bytes = 0;
  for (const piece of pieces) {
    const length = utf8Length(piece);
    if (bytes + length > maxBytes) break;
    out += piece;
    bytes += length;
  }
  return out;
}

/** UTF-8 length of well-formed text, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
