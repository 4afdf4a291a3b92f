#!/usr/bin/env node
// Generates the engine's tables from engine-data/formats.toml (the file says what it holds and which
// files come from it): Rust for the core crate and the native CLI, TypeScript for the reference
// engine and lib/engine/shared, and the four tables of docs/contract.md between their markers; the
// reports' shared texts and PDF layout from engine-data/report.toml, for the native CLI and
// lib/report; the hosts' messages from engine-data/messages.toml, for engine-rs/host and
// lib/engine/shared; and the command lines' options and help from engine-data/cli.toml, for the
// native CLI and cli/.
//
//   node scripts/gen-engine-data.mjs            write the files whose text changed
//   node scripts/gen-engine-data.mjs --check    exit 1, naming them, when any generated file is stale
//   --data FILE                                 read another formats TOML (the generator's tests use it)
//   --report-data FILE                          read another report TOML (the same)
//   --messages-data FILE                        read another messages TOML (the same)
//   --cli-data FILE                             read another command-line TOML (the same)
//
// The TOML is read with smol-toml (a maintained TOML 1.0 parser without dependencies or install
// script). The output is passed through rustfmt and Biome with the repository's settings, so the
// generated files are exactly what `make fmt` would leave and `make lint` accepts.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = 'engine-data/formats.toml';
const REPORT_DATA = 'engine-data/report.toml';
const MESSAGES_DATA = 'engine-data/messages.toml';
const CLI_DATA = 'engine-data/cli.toml';
const GENERATOR = 'scripts/gen-engine-data.mjs';
const CONTRACT = 'docs/contract.md';
const NOTICE = `Generated from ${DATA} by ${GENERATOR}; do not edit.`;

const OUTPUTS = {
  modesRs: 'engine-rs/core/src/modes/tables.rs',
  formatsRs: 'engine-rs/core/src/formats/tables.rs',
  recipesRs: 'engine-rs/core/src/recipes/tables.rs',
  cliRs: 'engine-rs/host/src/ui_modes.rs',
  modesTs: 'lib/engine/shared/mode-tables.ts',
  referenceTs: 'lib/engine/reference/tables.ts',
  reportRs: 'engine-rs/host/src/report/tables.rs',
  reportTs: 'lib/report/tables.ts',
  whyRs: 'engine-rs/core/src/structure/why.rs',
  whyTs: 'lib/engine/reference/structure/why.ts',
  charsetsRs: 'engine-rs/core/src/modes/charsets.rs',
  charsetsTs: 'lib/engine/reference/charsets.ts',
  messagesRs: 'engine-rs/host/src/messages.rs',
  messagesTs: 'lib/engine/shared/messages.ts',
  ioReasonsRs: 'engine-rs/cli/src/io_reasons.rs',
  cliTablesRs: 'engine-rs/host/src/cli_tables.rs',
  cliTablesTs: 'cli/cli-tables.ts',
  linkRs: 'engine-rs/host/src/link_options.rs',
  linkTs: 'lib/report/link-options.ts',
};

// Reading and checking the data

class DataError extends Error {}

function fail(where, message) {
  throw new DataError(`${DATA}: ${where}: ${message}`);
}

function keys(where, table, required, optional = []) {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) fail(where, 'expected a table');
  for (const k of required) if (!(k in table)) fail(where, `missing \`${k}\``);
  for (const k of Object.keys(table)) {
    if (!required.includes(k) && !optional.includes(k)) fail(where, `unknown key \`${k}\``);
  }
}

function text(where, v) {
  if (typeof v !== 'string' || v.length === 0) fail(where, 'expected a non-empty string');
  return v;
}

function integer(where, v, min, max = Number.MAX_SAFE_INTEGER) {
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (!Number.isInteger(n) || n < min || n > max) fail(where, `expected an integer from ${min} to ${max}`);
  return n;
}

/**
 * A byte string in the contract's notation (section 6.5.2): `\xNN` is the byte NN, every other
 * character is its printable ASCII byte (0x21-0x7E; a space is written `\x20`). Returns the bytes.
 */
function decodeBytes(where, notation) {
  text(where, notation);
  const out = [];
  for (let i = 0; i < notation.length; ) {
    const hexByte = /^\\x([0-9A-Fa-f]{2})/.exec(notation.slice(i));
    if (hexByte) {
      out.push(Number.parseInt(hexByte[1], 16));
      i += 4;
      continue;
    }
    const code = notation.charCodeAt(i);
    if (code < 0x21 || code > 0x7e || notation[i] === '\\') {
      fail(where, `${JSON.stringify(notation)}: write byte ${i} as \\xNN (only \\xNN escapes and printable ASCII)`);
    }
    out.push(code);
    i += 1;
  }
  return out;
}

const SYNCS = ['none', 'jpeg_markers', 'media'];
const MODE_OPTIONS = ['ranges', 'fix_checksums', 'direction', 'charset', 'bom', 'block_size'];

/** The TOML text, checked: every rule a newcomer could break gets a message naming the row. */
function load(toml) {
  let raw;
  try {
    raw = parse(toml);
  } catch (e) {
    throw new DataError(`${DATA}: ${e.message}`);
  }
  keys('top level', raw, ['site_origin', 'modes', 'bit_rot_one_in', 'magic', 'family', 'extensions']);
  const siteOrigin = text('site_origin', raw.site_origin);
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]+)?$/.test(siteOrigin)) {
    fail('site_origin', 'expected an http or https origin: scheme and host (and port), no path or trailing /');
  }

  if (!Array.isArray(raw.modes) || raw.modes.length === 0) fail('modes', 'expected an array of tables');
  const modes = raw.modes.map((m, i) => {
    const where = `modes[${i}]`;
    keys(where, m, ['name', 'ui_value', 'ui_order', 'ui_label', 'options']);
    const name = text(`${where}.name`, m.name);
    if (!/^[a-z]+(_[a-z]+)*$/.test(name)) fail(`${where}.name`, 'expected snake_case');
    if (!Array.isArray(m.options) || m.options.some((o) => !MODE_OPTIONS.includes(o))) {
      fail(`${where}.options`, `expected a list of ${MODE_OPTIONS.join(', ')}`);
    }
    return {
      name,
      uiValue: text(`${where}.ui_value`, m.ui_value),
      uiOrder: integer(`${where}.ui_order`, m.ui_order, 1, raw.modes.length),
      uiLabel: text(`${where}.ui_label`, m.ui_label),
      options: MODE_OPTIONS.filter((o) => m.options.includes(o)),
    };
  });
  unique('modes', modes, (m) => m.name, 'name');
  unique('modes', modes, (m) => m.uiValue, 'ui_value');
  unique('modes', modes, (m) => m.uiOrder, 'ui_order');
  for (const m of modes) {
    const other = modes.find((o) => o.name === m.uiValue && o !== m);
    if (other) fail(`mode ${m.name}`, `ui_value ${m.uiValue} is another mode's name`);
  }

  if (!Array.isArray(raw.bit_rot_one_in) || raw.bit_rot_one_in.length !== 101) {
    fail('bit_rot_one_in', 'expected 101 integers, one per intensity 0..100');
  }
  const bitRotOneIn = raw.bit_rot_one_in.map((d, i) => integer(`bit_rot_one_in[${i}]`, d, 8, 0xffff_ffff));

  if (!Array.isArray(raw.family) || raw.family.length === 0) fail('family', 'expected [[family]] tables');
  const families = raw.family.map((f, i) => {
    const where = `family ${f?.id ?? `#${i + 1}`}`;
    const base = ['id', 'strategy', 'recipe'];
    const id = text(`${where}.id`, f.id);
    if (!/^[a-z0-9]+$/.test(id)) fail(where, 'id: lower-case letters and digits only');
    const family = { id, rustName: f.rust_name ?? id[0].toUpperCase() + id.slice(1) };
    if (!/^[A-Z][A-Za-z0-9]*$/.test(family.rustName)) {
      fail(where, `\`${family.rustName}\` is no Rust enum variant: give \`rust_name\``);
    }
    if (f.recipe === 'own') {
      keys(where, f, base, ['rust_name']);
    } else if (f.recipe === 'shape') {
      keys(
        where,
        f,
        [...base, 'header', 'header_text', 'sync'],
        ['signatures', 'signatures_text', 'own_step', 'rust_name'],
      );
      const signatures = (f.signatures ?? []).map((s, j) => {
        const at = `${where}.signatures[${j}]`;
        const sig = typeof s === 'string' ? { bytes: s, fill: 0 } : s;
        keys(at, sig, ['bytes', 'fill']);
        const decoded = decodeBytes(at, sig.bytes);
        const fill = integer(`${at}.fill`, sig.fill, 0, 255);
        // The contract's rule (section 6.5.3): zeros could leave or rebuild a signature holding one.
        const want = decoded.includes(0) ? 0xff : 0x00;
        if (fill !== want) {
          fail(at, `${sig.bytes} must be filled with 0x${want.toString(16).toUpperCase().padStart(2, '0')}`);
        }
        return { notation: sig.bytes, bytes: decoded, fill };
      });
      if (signatures.length > 0 !== 'signatures_text' in f) {
        fail(where, 'signatures_text goes with a non-empty signature list, and only with one');
      }
      if (!SYNCS.includes(f.sync)) fail(`${where}.sync`, `expected one of ${SYNCS.join(', ')}`);
      family.shape = {
        header: integer(`${where}.header`, f.header, 0),
        headerText: text(`${where}.header_text`, f.header_text),
        signatures,
        signaturesText: signatures.length > 0 ? text(`${where}.signatures_text`, f.signatures_text) : '',
        sync: f.sync,
      };
      if ('own_step' in f) family.ownStep = text(`${where}.own_step`, f.own_step);
    } else {
      fail(`${where}.recipe`, 'expected "shape" or "own"');
    }
    family.strategy = text(`${where}.strategy`, f.strategy);
    family.recipe = f.recipe;
    return family;
  });
  unique('family', families, (f) => f.id, 'id');
  unique('family', families, (f) => f.rustName, 'rust_name');
  unique('family', families, (f) => f.strategy, 'strategy');
  const familyIds = new Set(families.map((f) => f.id));
  const known = (where, id) => {
    if (!familyIds.has(id)) fail(where, `unknown family ${JSON.stringify(id)}`);
    return id;
  };

  if (!Array.isArray(raw.magic)) fail('magic', 'expected an array of tables');
  const magic = raw.magic.map((m, i) => {
    const where = `magic[${i}]`;
    keys(where, m, ['family', 'offset', 'bytes']);
    return {
      family: known(`${where}.family`, m.family),
      offset: integer(`${where}.offset`, m.offset, 0),
      notation: m.bytes,
      bytes: decodeBytes(`${where}.bytes`, m.bytes),
    };
  });

  keys('extensions', raw.extensions, [], [...familyIds]);
  const extensions = [];
  for (const [family, list] of Object.entries(raw.extensions)) {
    if (!Array.isArray(list)) fail(`extensions.${family}`, 'expected an array of strings');
    for (const ext of list) {
      if (typeof ext !== 'string' || !/^[a-z0-9_+-]+$/.test(ext)) {
        fail(`extensions.${family}`, `${JSON.stringify(ext)}: lower-case, no dot (a-z, 0-9, _, +, -)`);
      }
      extensions.push([ext, family]);
    }
  }
  extensions.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < extensions.length; i++) {
    if (extensions[i][0] === extensions[i - 1][0]) {
      fail('extensions', `${extensions[i][0]} is listed twice (${extensions[i - 1][1]}, ${extensions[i][1]})`);
    }
  }

  return { siteOrigin, modes, bitRotOneIn, families, magic, extensions };
}

function unique(where, rows, key, name) {
  const seen = new Set();
  for (const row of rows) {
    const k = key(row);
    if (seen.has(k)) fail(where, `${name} ${k} appears twice`);
    seen.add(k);
  }
}

// Code

const camel = (snake) => snake.replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());
const upperSnake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
const rsString = (s) => JSON.stringify(s);
const rsBytes = (notation) => `b"${notation.replaceAll('"', '\\"')}"`;
const tsString = (s) => JSON.stringify(s);
const tsBytes = (notation) => `bytes('${notation.replaceAll("'", "\\'")}')`;
const hex = (byte) => `0x${byte.toString(16).padStart(2, '0')}`;
const shapeConst = (f) => upperSnake(f.rustName);
const RS_SYNCS = { none: 'Syncs::None', jpeg_markers: 'Syncs::JpegMarkers', media: 'Syncs::Media' };

function modesRs({ modes, bitRotOneIn }) {
  const withOption = (o) => modes.filter((m) => m.options.includes(o)).map((m) => `Mode::${camel(m.name)}`);
  return `// ${NOTICE}

//! The engine modes (docs/contract.md, section 6).

/// An engine mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
${modes.map((m) => `    ${camel(m.name)},`).join('\n')}
}

impl Mode {
    /// Every mode, in the contract's order.
    pub const ALL: [Mode; ${modes.length}] = [${modes.map((m) => `Mode::${camel(m.name)}`).join(', ')}];

    /// The engine mode name.
    pub fn name(self) -> &'static str {
        match self {
${modes.map((m) => `            Mode::${camel(m.name)} => ${rsString(m.name)},`).join('\n')}
        }
    }

    /// Whether the mode takes byte ranges (\`--only\`, \`--protect\`).
    pub fn takes_ranges(self) -> bool {
        matches!(self, ${withOption('ranges').join(' | ')})
    }

    /// Whether the mode takes \`--fix-checksums\`.
    pub fn takes_fix_checksums(self) -> bool {
        matches!(self, ${withOption('fix_checksums').join(' | ')})
    }

    /// Whether the mode takes a direction (\`--direction\`).
    pub fn takes_direction(self) -> bool {
        matches!(self, ${withOption('direction').join(' | ')})
    }

    /// Whether the mode takes a charset and a BOM variant (\`--charset\`, \`--bom\`).
    pub fn takes_charset(self) -> bool {
        matches!(self, ${withOption('charset').join(' | ')})
    }

    /// Whether the mode takes a block size (\`--block-size\`).
    pub fn takes_block_size(self) -> bool {
        matches!(self, ${withOption('block_size').join(' | ')})
    }
}

/// bit_rot at intensity i flips one bit in \`BIT_ROT_ONE_IN[i]\` (docs/contract.md, section 6.7).
pub const BIT_ROT_ONE_IN: [u32; 101] = [${bitRotOneIn.join(', ')}];
`;
}

function formatsRs({ families, magic, extensions }) {
  const variant = Object.fromEntries(families.map((f) => [f.id, `Family::${f.rustName}`]));
  return `// ${NOTICE}

//! The format families, the magic table and the extension table (docs/contract.md, sections 7.1
//! and 7.3).

/// A family of formats that share one failure recipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
${families.map((f) => `    ${f.rustName},`).join('\n')}
}

impl Family {
    /// Every family, in the contract's order.
    pub const ALL: [Family; ${families.length}] = [${families.map((f) => variant[f.id]).join(', ')}];

    /// The name in the report's \`format\` field.
    pub fn id(self) -> &'static str {
        match self {
${families.map((f) => `            ${variant[f.id]} => ${rsString(f.id)},`).join('\n')}
        }
    }
}

/// \`(family, offset, bytes)\`, tried in this order; a row matches when the input holds \`bytes\` at
/// \`offset\`.
pub const MAGIC: &[(Family, usize, &[u8])] = &[
${magic.map((m) => `    (${variant[m.family]}, ${m.offset}, ${rsBytes(m.notation)}),`).join('\n')}
];

/// Sorted by extension (binary search); lower-case, no dot.
pub const EXTENSIONS: &[(&str, Family)] = &[
${extensions.map(([e, f]) => `    (${rsString(e)}, ${variant[f]}),`).join('\n')}
];
`;
}

function recipesRs({ families }) {
  const shaped = families.filter((f) => f.shape);
  const own = families.filter((f) => f.recipe === 'own' || f.ownStep);
  return `// ${NOTICE}

//! Each family's strategy name and, where its recipe is the shape, its shape row (docs/contract.md,
//! section 6.5.4).

use super::prims::Signature;
use super::shape::{Shape, Syncs};
use crate::formats::Family;

/// The report's \`strategy\` for guaranteed_break on \`family\`.
pub fn strategy(family: Family) -> &'static str {
    match family {
${families.map((f) => `        Family::${f.rustName} => ${rsString(f.strategy)},`).join('\n')}
    }
}

/// Whether \`family\`'s recipe has hand-written code: a recipe of its own, or a step of its own inside
/// the shape (the tests hold the engine's list of them to this one).
#[cfg(test)]
pub fn has_own_code(family: Family) -> bool {
    matches!(family, ${own.map((f) => `Family::${f.rustName}`).join(' | ')})
}

/// The shape row of \`family\`, for the families whose recipe is the shape (alone or with a step of
/// its own).
pub fn shape(family: Family) -> Option<&'static Shape> {
    match family {
${shaped.map((f) => `        Family::${f.rustName} => Some(&${shapeConst(f)}),`).join('\n')}
        _ => None,
    }
}
${shaped
  .map(
    (f) => `
pub const ${shapeConst(f)}: Shape = Shape {
    header: ${f.shape.header},
    header_text: ${rsString(f.shape.headerText)},
    signatures: &[${f.shape.signatures.map((s) => `Signature { bytes: ${rsBytes(s.notation)}, fill: ${hex(s.fill)} }`).join(', ')}],
    signatures_text: ${rsString(f.shape.signaturesText)},
    syncs: ${RS_SYNCS[f.shape.sync]},
};
`,
  )
  .join('')}`;
}

function cliRs({ siteOrigin, modes }) {
  const ui = [...modes].sort((a, b) => a.uiOrder - b.uiOrder);
  return `// ${NOTICE}

//! The UI's Algorithm values, which the command line takes as well as engine modes
//! (docs/contract.md, sections 6 and 11.3), and the site's origin.

use fracture_engine::Mode;

/// The site's origin: share links in every report point here, whichever host made it.
pub const SITE_ORIGIN: &str = ${rsString(siteOrigin)};

/// \`(UI value, engine mode)\`, in the UI's order.
pub const UI_VALUES: [(&str, Mode); ${ui.length}] = [
${ui.map((m) => `    (${rsString(m.uiValue)}, Mode::${camel(m.name)}),`).join('\n')}
];

/// \`(engine mode, UI label)\`, in the UI's order; \`{EXT}\` is the file's extension upper-cased, or \`File\`.
pub const UI_LABELS: [(&str, &str); ${ui.length}] = [
${ui.map((m) => `    (${rsString(m.name)}, ${rsString(m.uiLabel)}),`).join('\n')}
];
`;
}

function modesTs({ siteOrigin, modes }) {
  const ui = [...modes].sort((a, b) => a.uiOrder - b.uiOrder);
  const withOption = (o) => modes.filter((m) => m.options.includes(o)).map((m) => tsString(m.name));
  return `// ${NOTICE}

/** The site's origin: share links in every report point here, whichever host made it; the site's canonical addresses too. */
export const SITE_ORIGIN = ${tsString(siteOrigin)};

/** The engine mode names, in the contract's order (docs/contract.md, section 6). */
export const ENGINE_MODES = [${modes.map((m) => tsString(m.name)).join(', ')}] as const;

export type EngineMode = (typeof ENGINE_MODES)[number];

/**
 * The UI's Algorithm options, in the UI's order: the value, the engine mode it stands for, and the
 * label (\`{EXT}\` is the file's extension upper-cased, or \`File\`).
 */
export const ALGORITHMS = [
${ui.map((m) => `  { value: ${tsString(m.uiValue)}, mode: ${tsString(m.name)}, label: ${tsString(m.uiLabel)} },`).join('\n')}
] as const satisfies readonly { value: string; mode: EngineMode; label: string }[];

/** The modes that take byte ranges (\`ranges\`: --only, --protect), in the contract's order. */
export const RANGE_MODES = [${withOption('ranges').join(', ')}] as const satisfies readonly EngineMode[];

/** The modes that take \`fixChecksums\` (--fix-checksums), in the contract's order. */
export const FIX_CHECKSUM_MODES = [${withOption('fix_checksums').join(', ')}] as const satisfies readonly EngineMode[];

/** The modes that take a \`direction\` (--direction), in the contract's order. */
export const DIRECTION_MODES = [${withOption('direction').join(', ')}] as const satisfies readonly EngineMode[];

/** The modes that take a \`charset\` and a \`bom\` variant (--charset, --bom), in the contract's order. */
export const CHARSET_MODES = [${withOption('charset').join(', ')}] as const satisfies readonly EngineMode[];

/** The modes that take a \`blockSize\` (--block-size), in the contract's order. */
export const BLOCK_SIZE_MODES = [${withOption('block_size').join(', ')}] as const satisfies readonly EngineMode[];
`;
}

function referenceTs({ bitRotOneIn, families, magic, extensions }) {
  const key = (id) => (/^[a-z_]\w*$/.test(id) ? id : tsString(id));
  const shaped = families.filter((f) => f.shape);
  const own = families.filter((f) => f.recipe === 'own' || f.ownStep);
  return `// ${NOTICE}

import type { Shape } from './recipes/types.ts';

/** A byte string in the contract's notation (section 6.5.2): each character's code is one byte. */
const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** bit_rot at intensity i flips one bit in BIT_ROT_ONE_IN[i] (docs/contract.md, section 6.7). */
export const BIT_ROT_ONE_IN: readonly number[] = [${bitRotOneIn.join(', ')}];

/** The format families, in the contract's order; the id is the report's \`format\`. */
export const FAMILIES = [${families.map((f) => tsString(f.id)).join(', ')}] as const;

export type Family = (typeof FAMILIES)[number];

/** [family, offset, bytes], tried in this order; a row matches when the input holds the bytes at the offset. */
export const MAGIC: readonly (readonly [Family, number, Uint8Array])[] = [
${magic.map((m) => `  [${tsString(m.family)}, ${m.offset}, ${tsBytes(m.notation)}],`).join('\n')}
];

/** The extension table, sorted by extension; lower-case, no dot. */
export const EXTENSIONS: readonly (readonly [string, Family])[] = [
${extensions.map(([e, f]) => `  [${tsString(e)}, ${tsString(f)}],`).join('\n')}
];

/** The report's \`strategy\` for guaranteed_break on each family. */
export const STRATEGIES: Readonly<Record<Family, string>> = {
${families.map((f) => `  ${key(f.id)}: ${tsString(f.strategy)},`).join('\n')}
};

/** The families whose recipe has hand-written code: a recipe of their own, or a step of their own inside the shape. */
export type OwnCodeFamily = ${own.map((f) => tsString(f.id)).join(' | ')};

/** The families whose recipe is the shape (alone or with a step of their own). */
export type ShapeFamily = ${shaped.map((f) => tsString(f.id)).join(' | ')};

/** The shape rows (docs/contract.md, section 6.5.4). */
export const SHAPES: Readonly<Record<ShapeFamily, Shape>> = {
${shaped
  .map(
    (f) => `  ${key(f.id)}: {
    header: ${f.shape.header},
    headerText: ${tsString(f.shape.headerText)},
    signatures: [${f.shape.signatures.map((s) => `{ bytes: ${tsBytes(s.notation)}, fill: ${hex(s.fill)} }`).join(', ')}],
    signaturesText: ${tsString(f.shape.signaturesText)},
    sync: ${tsString(f.shape.sync)},
  },`,
  )
  .join('\n')}
};
`;
}

// The contract's tables (Markdown, aligned as Prettier aligns them: every column as wide as its
// widest cell, at least three)

function markdownTable(header, rows) {
  const widths = header.map((h, c) => Math.max(3, h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const code = (s) => `\`${s}\``;

/** Prose wrapped at 100 columns, as the contract's paragraphs are. */
function wrap(prose) {
  const lines = [''];
  for (const word of prose.split(' ')) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > 100) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.join('\n');
}
const SYNC_NAMES = { none: 'none', jpeg_markers: 'JPEG markers', media: 'media' };

function contractTables({ modes, bitRotOneIn, families, magic, extensions }, { pdf }) {
  const ui = [...modes].sort((a, b) => a.uiOrder - b.uiOrder);
  const hex4 = (c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return {
    cp1252: markdownTable(
      ['Byte', ...Array.from({ length: 8 }, (_, c) => `+${c}`)],
      Array.from({ length: 4 }, (_, r) => [
        `0x${(0x80 + r * 8).toString(16).toUpperCase()}`,
        ...Array.from({ length: 8 }, (_, c) => (pdf.cp1252High[r * 8 + c] ? hex4(pdf.cp1252High[r * 8 + c]) : 'none')),
      ]),
    ),
    modes: `${markdownTable(
      ['Engine mode', 'UI value', 'UI label', 'Options'],
      modes.map((m) => [code(m.name), code(m.uiValue), m.uiLabel, m.options.map(code).join(', ') || '—']),
    )}\n\n${wrap(`The UI lists the modes in the order ${ui.map((m) => m.uiValue).join(', ')}.`)}`,
    bit_rot: markdownTable(
      ['Intensity', ...Array.from({ length: 10 }, (_, c) => `+${c}`)],
      Array.from({ length: 11 }, (_, r) => [
        String(r * 10),
        ...Array.from({ length: 10 }, (_, c) => (r * 10 + c <= 100 ? String(bitRotOneIn[r * 10 + c]) : '')),
      ]),
    ),
    families: markdownTable(
      [
        'Family',
        'Strategy',
        'H',
        'Header text',
        'Signatures, in list order (fill 0x00 unless marked 0xFF)',
        'Signatures text',
        'Sync step',
        'Own step',
      ],
      families.map((f) => {
        if (!f.shape) return [f.id, code(f.strategy), '—', 'own recipe', '—', '—', '—', 'own recipe'];
        const s = f.shape;
        const signatures =
          s.signatures.length === 0
            ? '— (none)'
            : s.signatures.map((sig) => code(sig.notation) + (sig.fill === 0xff ? ' (0xFF)' : '')).join(', ');
        return [
          f.id,
          code(f.strategy),
          String(s.header),
          s.headerText,
          signatures,
          s.signaturesText || '—',
          SYNC_NAMES[s.sync],
          f.ownStep ?? '—',
        ];
      }),
    ),
    magic: markdownTable(
      ['#', 'Family', 'Offset', 'Bytes (hex)', 'As text'],
      magic.map((m, i) => [
        String(i + 1),
        m.family,
        String(m.offset),
        code(m.bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ')),
        code(m.notation),
      ]),
    ),
    extensions: markdownTable(
      ['Family', 'Count', 'Extensions'],
      [
        ...families
          .map((f) => [f.id, extensions.filter(([, fam]) => fam === f.id).map(([e]) => e)])
          .filter(([, list]) => list.length > 0)
          .map(([id, list]) => [id, String(list.length), list.join(', ')]),
        ['**total**', `**${extensions.length}**`, ''],
      ],
    ),
  };
}

/** `contract` with the text between each `<!-- generated:NAME -->` pair replaced. */
function spliceContract(contract, tables) {
  let out = contract;
  for (const [name, table] of Object.entries(tables)) {
    const open = `<!-- generated:${name} -->\n`;
    const close = `\n<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close, start);
    if (start < 0 || end < 0) throw new DataError(`${CONTRACT}: the markers of the ${name} table are missing`);
    out = out.slice(0, start + open.length) + table + out.slice(end);
  }
  return out;
}

// Formatting, writing, checking

// The reports' texts and PDF layout (engine-data/report.toml)

const REPORT_NOTICE = `Generated from ${REPORT_DATA} by ${GENERATOR}; do not edit.`;

function number(where, v, min) {
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min) fail(where, `expected a number from ${min}`);
  return n;
}

function loadReport(toml) {
  const fail_ = (where, message) => {
    throw new DataError(`${REPORT_DATA}: ${where}: ${message}`);
  };
  let raw;
  try {
    raw = parse(toml);
  } catch (e) {
    fail_('TOML', e.message);
  }
  const guard = (f) => {
    try {
      return f();
    } catch (e) {
      if (e instanceof DataError) throw new DataError(e.message.replace(`${DATA}: `, `${REPORT_DATA}: `));
      throw e;
    }
  };
  return guard(() => {
    keys('top level', raw, ['texts', 'pdf_rows', 'pdf', 'why', 'expect', 'hits']);
    keys('texts', raw.texts, ['legal_notice', 'escalated', 'not_escalated', 'mode_fields', 'browser_decoder']);
    const expectKeys = ['reject', 'may_accept', 'ignored', 'unchanged'];
    keys('expect', raw.expect, expectKeys);
    const expect = expectKeys.map((k) => ({ key: k, text: text(`expect.${k}`, raw.expect[k]) }));
    const whyKeys = [
      'magic',
      'layout',
      'checksum',
      'checked',
      'checked_fixed',
      'repaired',
      'payload',
      'skipped',
      'member',
      'zip_info',
      'gif_bits',
      'gzip_ftext',
      'elf_info',
      'isobmff_optional',
    ];
    keys('why', raw.why, whyKeys);
    const why = whyKeys.map((k) => ({ key: k, text: text(`why.${k}`, raw.why[k]) }));
    const texts = {
      legalNotice: text('texts.legal_notice', raw.texts.legal_notice),
      escalated: text('texts.escalated', raw.texts.escalated),
      notEscalated: text('texts.not_escalated', raw.texts.not_escalated),
    };
    if (!Array.isArray(raw.texts.mode_fields)) fail('texts.mode_fields', 'expected a list');
    const modeFields = raw.texts.mode_fields.map((row, i) => {
      const where = `texts.mode_fields[${i}]`;
      if (!Array.isArray(row) || row.length !== 2) fail(where, 'expected [key, label]');
      if (!/^[a-z_]+$/.test(row[0])) fail(where, `${JSON.stringify(row[0])} is not a report key`);
      return { key: row[0], label: text(where, row[1]) };
    });
    unique('texts.mode_fields', modeFields, (f) => f.key, 'key');
    if (!Array.isArray(raw.texts.browser_decoder)) fail('texts.browser_decoder', 'expected a list');
    const browserDecoder = raw.texts.browser_decoder.map((row, i) => {
      const where = `texts.browser_decoder[${i}]`;
      if (!Array.isArray(row) || row.length !== 2) fail(where, 'expected [value, sentence]');
      return { value: text(where, row[0]), sentence: text(where, row[1]) };
    });
    unique('texts.browser_decoder', browserDecoder, (d) => d.value, 'value');
    keys('pdf_rows', raw.pdf_rows, PDF_ROW_LISTS);
    const pdfRows = Object.fromEntries(
      PDF_ROW_LISTS.map((list) => {
        const rows = raw.pdf_rows[list];
        if (!Array.isArray(rows) || rows.length === 0) fail(`pdf_rows.${list}`, 'expected a list of rows');
        return [list, rows.map((row, i) => pdfRow(`pdf_rows.${list}[${i}]`, row))];
      }),
    );
    const p = raw.pdf;
    const numbers = ['page_width', 'page_height', 'margin', 'value_column', 'label_gap', 'mono_advance'];
    keys('pdf', p, [...numbers, 'helvetica_bold_widths', 'widest', 'cp1252_high']);
    const lowerCamel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
    const pdf = Object.fromEntries(numbers.map((k) => [lowerCamel(k), number(`pdf.${k}`, p[k], 0)]));
    const list = (k, length, max) => {
      if (!Array.isArray(p[k]) || p[k].length !== length) fail(`pdf.${k}`, `expected ${length} numbers`);
      return p[k].map((v, i) => integer(`pdf.${k}[${i}]`, v, 0, max));
    };
    pdf.helveticaBoldWidths = list('helvetica_bold_widths', 95, 1000);
    pdf.widest = integer('pdf.widest', p.widest, 1, 1000);
    pdf.cp1252High = list('cp1252_high', 32, 0xffff);
    return { texts, modeFields, browserDecoder, pdfRows, pdf, why, expect, hits: loadHits(raw.hits, expectKeys) };
  });
}

/** report.toml's `[hits]`: the "What was hit" table's texts and PDF layout. */
function loadHits(h, expectKeys) {
  const numbers = ['pdf_size', 'why_indent'];
  keys('hits', h, [
    'heading',
    'overall',
    'legend',
    'columns',
    'labels',
    'pdf_max_rows',
    'pdf_more',
    'page_rows',
    'pdf_columns',
    ...numbers,
  ]);
  const overall = text('hits.overall', h.overall);
  if (!overall.includes('{label}') || !overall.includes('{words}'))
    fail('hits.overall', 'must hold {label} and {words}');
  const legend = text('hits.legend', h.legend);
  if (!legend.includes('{label}') || !legend.includes('{words}')) fail('hits.legend', 'must hold {label} and {words}');
  const pdfMore = text('hits.pdf_more', h.pdf_more);
  if (!pdfMore.includes('{n}')) fail('hits.pdf_more', 'must hold {n}');
  if (!Array.isArray(h.columns) || h.columns.length !== 5) fail('hits.columns', 'expected 5 column names');
  const columns = h.columns.map((c, i) => text(`hits.columns[${i}]`, c));
  if (!Array.isArray(h.pdf_columns) || h.pdf_columns.length !== columns.length - 1)
    fail('hits.pdf_columns', `expected ${columns.length - 1} numbers`);
  const pdfColumns = h.pdf_columns.map((v, i) => number(`hits.pdf_columns[${i}]`, v, 0));
  for (let i = 1; i < pdfColumns.length; i++)
    if (pdfColumns[i] <= pdfColumns[i - 1]) fail('hits.pdf_columns', 'expected increasing edges');
  if (!Array.isArray(h.labels)) fail('hits.labels', 'expected a list');
  const labels = h.labels.map((row, i) => {
    const where = `hits.labels[${i}]`;
    if (!Array.isArray(row) || row.length !== 2) fail(where, 'expected [expect, label]');
    return { key: text(where, row[0]), label: text(where, row[1]) };
  });
  if (labels.map((l) => l.key).join() !== expectKeys.join())
    fail('hits.labels', `expected a label for each of ${expectKeys.join(', ')}, in that order`);
  return {
    heading: text('hits.heading', h.heading),
    overall,
    legend,
    columns,
    labels,
    pdfMaxRows: integer('hits.pdf_max_rows', h.pdf_max_rows, 1, 10_000),
    pdfMore,
    pageRows: integer('hits.page_rows', h.page_rows, 1, 10_000),
    pdfColumns,
    pdfSize: number('hits.pdf_size', h.pdf_size, 1),
    whyIndent: number('hits.why_indent', h.why_indent, 0),
  };
}

/** The PDF reports' row lists, in report.toml's order. */
const PDF_ROW_LISTS = ['file', 'file_end', 'session', 'session_file'];
/** How a row's value is written (report.toml says what each does); some take no field or label. */
const ROW_FORMATS = [
  'text',
  'bytes',
  'ms',
  'name',
  'mode',
  'sizes',
  'escalation',
  'decoder',
  'expect',
  'made',
  'mode_fields',
];
const NO_FIELD = ['made', 'mode_fields'];
const NO_LABEL = ['mode_fields'];

function pdfRow(where, row) {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) fail(where, 'expected a table');
  const format = row.format;
  if (!ROW_FORMATS.includes(format))
    fail(where, `format ${JSON.stringify(format)} is not one of ${ROW_FORMATS.join(', ')}`);
  const needs = [...(NO_LABEL.includes(format) ? [] : ['label']), ...(NO_FIELD.includes(format) ? [] : ['field'])];
  keys(where, row, ['format', ...needs], ['optional']);
  if ('optional' in row && typeof row.optional !== 'boolean') fail(`${where}.optional`, 'expected true or false');
  if ('field' in row && !/^[a-z0-9_]+$/.test(row.field))
    fail(where, `${JSON.stringify(row.field)} is not a report key`);
  return {
    label: 'label' in row ? text(`${where}.label`, row.label) : '',
    field: 'field' in row ? row.field : '',
    format,
    optional: row.optional === true,
  };
}

const upperCamel = (snake) => snake.replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());

/** A number as Rust's f32 literal. */
const rsFloat = (n) => (Number.isInteger(n) ? `${n}.0` : String(n));

function reportRs({ texts, modeFields, browserDecoder, pdfRows, pdf, expect, hits }) {
  const rsRow = (r) =>
    `    PdfRow { label: ${rsString(r.label)}, field: ${rsString(r.field)}, format: RowFormat::${upperCamel(r.format)}, optional: ${r.optional} },`;
  const rsRows = Object.entries(pdfRows)
    .map(
      ([list, rows]) => `/// The PDF reports' \`${list}\` rows, top to bottom.
pub const ${list.toUpperCase()}_ROWS: [PdfRow; ${rows.length}] = [
${rows.map(rsRow).join('\n')}
];`,
    )
    .join('\n');
  return `// ${REPORT_NOTICE}

//! The reports' shared texts and the PDF layout's numbers, as lib/report/tables.ts has them.

pub const LEGAL_NOTICE: &str = ${rsString(texts.legalNotice)};
pub const ESCALATED_TEXT: &str = ${rsString(texts.escalated)};
pub const NOT_ESCALATED_TEXT: &str = ${rsString(texts.notEscalated)};

/// \`expect_overall\`'s values and their words (docs/contract.md, section 14.2).
pub const EXPECT_WORDS: [(&str, &str); ${expect.length}] = [
${expect.map((e) => `    (${rsString(e.key)}, ${rsString(e.text)}),`).join('\n')}
];

/// Mode-specific report fields and their labels, in the contract's order.
pub const MODE_FIELDS: [(&str, &str); ${modeFields.length}] = [
${modeFields.map((f) => `    (${rsString(f.key)}, ${rsString(f.label)}),`).join('\n')}
];

/// What a file report's "Browser decoder" row says for each value.
pub const BROWSER_DECODER: [(&str, &str); ${browserDecoder.length}] = [
${browserDecoder.map((d) => `    (${rsString(d.value)}, ${rsString(d.sentence)}),`).join('\n')}
];

/// How a PDF row's value is written (engine-data/report.toml, \`[pdf_rows]\`, says what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFormat {
${ROW_FORMATS.map((f) => `    ${upperCamel(f)},`).join('\n')}
}

/// A PDF report's row: its label, the report field it shows and how its value is written; an
/// optional row is left out when the record lacks the field or it is empty.
pub struct PdfRow {
    pub label: &'static str,
    pub field: &'static str,
    pub format: RowFormat,
    pub optional: bool,
}

${rsRows}

/// An A4 page in points, and its margin on every side.
pub const PAGE_W: f32 = ${rsFloat(pdf.pageWidth)};
pub const PAGE_H: f32 = ${rsFloat(pdf.pageHeight)};
pub const MARGIN: f32 = ${rsFloat(pdf.margin)};
/// A row's value column starts this far right of the margin.
pub const VALUE_COLUMN: f32 = ${rsFloat(pdf.valueColumn)};
/// Room between a row's label and its value.
pub const LABEL_GAP: f32 = ${rsFloat(pdf.labelGap)};
/// Courier's advance width, in thousandths of the size, for every glyph.
pub const MONO_ADVANCE: f32 = ${rsFloat(pdf.monoAdvance)};
/// Helvetica-Bold's advance widths (thousandths of the size) for U+0020-U+007E.
pub const HELVETICA_BOLD_WIDTHS: [u16; 95] = [${pdf.helveticaBoldWidths.join(', ')}];
/// The width any other character counts as.
pub const WIDEST: u32 = ${pdf.widest};
/// Windows-1252's characters at 0x80-0x9F (0 where the code is unassigned).
pub const CP1252_HIGH: [u32; 32] = [${pdf.cp1252High.map((c) => `0x${c.toString(16).padStart(4, '0')}`).join(', ')}];

/// The "What was hit" table (engine-data/report.toml, \`[hits]\`): its heading, the overall
/// sentence and legend lines (\`{label}\` and \`{words}\` filled in), the column names and each expectation's label.
pub const HITS_HEADING: &str = ${rsString(hits.heading)};
pub const HITS_OVERALL: &str = ${rsString(hits.overall)};
pub const HITS_LEGEND: &str = ${rsString(hits.legend)};
pub const HITS_COLUMNS: [&str; ${hits.columns.length}] = [${hits.columns.map(rsString).join(', ')}];
pub const EXPECT_LABELS: [(&str, &str); ${hits.labels.length}] = [
${hits.labels.map((l) => `    (${rsString(l.key)}, ${rsString(l.label)}),`).join('\n')}
];
/// A PDF lists at most this many hits, then \`HITS_PDF_MORE\` (\`{n}\` the hits left out).
pub const HITS_PDF_MAX_ROWS: usize = ${hits.pdfMaxRows};
pub const HITS_PDF_MORE: &str = ${rsString(hits.pdfMore)};
/// The PDF table's column edges right of the margin, its text size, and the \`why\` lines' indent.
pub const HITS_PDF_COLUMNS: [f32; ${hits.pdfColumns.length}] = [${hits.pdfColumns.map(rsFloat).join(', ')}];
pub const HITS_PDF_SIZE: f32 = ${rsFloat(hits.pdfSize)};
pub const HITS_WHY_INDENT: f32 = ${rsFloat(hits.whyIndent)};
`;
}

function reportTs({ texts, modeFields, expect, hits }) {
  return `// ${REPORT_NOTICE}
// The reports' shared texts the site's report panel prints; the PDF layout is the host crate's alone
// (engine-rs/host/src/report/tables.rs), whose writer every host uses.
import type { Report } from '../engine/shared/types.ts';

/** The legal notice every page and every report carries. */
export const LEGAL_NOTICE = ${tsString(texts.legalNotice)};
export const ESCALATED_TEXT = ${tsString(texts.escalated)};
export const NOT_ESCALATED_TEXT = ${tsString(texts.notEscalated)};

/** \`expect_overall\`'s values and their words (docs/contract.md, section 14.2). */
export const EXPECT_WORDS: Readonly<Record<string, string>> = {
${expect.map((e) => `  ${e.key}: ${tsString(e.text)},`).join('\n')}
};

/** Mode-specific report fields and their labels, in the contract's order. */
export const MODE_FIELDS: readonly { key: keyof Report & string; label: string }[] = [
${modeFields.map((f) => `  { key: ${tsString(f.key)}, label: ${tsString(f.label)} },`).join('\n')}
];

/** The "What was hit" table (engine-data/report.toml, \`[hits]\`): its heading, the overall
 * sentence and legend lines (\`{label}\` and \`{words}\` filled in), the column names and each expectation's label. */
export const HITS_HEADING = ${tsString(hits.heading)};
export const HITS_OVERALL = ${tsString(hits.overall)};
export const HITS_LEGEND = ${tsString(hits.legend)};
export const HITS_COLUMNS: readonly string[] = [${hits.columns.map(tsString).join(', ')}];
export const EXPECT_LABELS: Readonly<Record<string, string>> = {
${hits.labels.map((l) => `  ${l.key}: ${tsString(l.label)},`).join('\n')}
};
/** A PDF lists at most this many hits, then \`HITS_PDF_MORE\` (\`{n}\` the hits left out). */
export const HITS_PDF_MAX_ROWS = ${hits.pdfMaxRows};
export const HITS_PDF_MORE = ${tsString(hits.pdfMore)};
/** The report page shows this many hits until "Show all" is pressed. */
export const HITS_PAGE_ROWS = ${hits.pageRows};
`;
}

function whyRs({ why }) {
  return `// ${REPORT_NOTICE}

//! Why a hit expects what it does (docs/contract.md, section 14.2), word for word as
//! lib/engine/reference/structure/why.ts says it.

${why.map((w) => `pub const ${w.key.toUpperCase()}: &str = ${rsString(w.text)};`).join('\n')}
`;
}

/** Windows-1252's characters at 0x80-0x9F as hex code points, 0 where the code is unassigned. */
const cp1252List = (pdf) => pdf.cp1252High.map((c) => `0x${c.toString(16).padStart(4, '0')}`).join(', ');

function charsetsRs({ pdf }) {
  return `// ${REPORT_NOTICE}

//! Windows-1252's characters at 0x80-0x9F, 0 where the code is unassigned (docs/contract.md,
//! section 6.15): charset_roundtrip's CP1252; 0xA0-0xFF are Latin-1's.

pub const CP1252_HIGH: [u32; 32] = [${cp1252List(pdf)}];
`;
}

function charsetsTs({ pdf }) {
  return `// ${REPORT_NOTICE}
// Windows-1252's characters at 0x80-0x9F, 0 where the code is unassigned (docs/contract.md,
// section 6.15): charset_roundtrip's CP1252; 0xA0-0xFF are Latin-1's.

export const CP1252_HIGH: readonly number[] = [${cp1252List(pdf)}];
`;
}

function whyTs({ why }) {
  return `// ${REPORT_NOTICE}
// Why a hit expects what it does (docs/contract.md, section 14.2), word for word as
// engine-rs/core/src/structure/why.rs says it.

export const WHY = {
${why.map((w) => `  ${w.key}: ${tsString(w.text)},`).join('\n')}
} as const;
`;
}

// The hosts' messages (engine-data/messages.toml)

const MESSAGES_NOTICE = `Generated from ${MESSAGES_DATA} by ${GENERATOR}; do not edit.`;

function loadMessages(toml) {
  const fail_ = (where, message) => {
    throw new DataError(`${MESSAGES_DATA}: ${where}: ${message}`);
  };
  let raw;
  try {
    raw = parse(toml);
  } catch (e) {
    fail_('TOML', e.message);
  }
  if (typeof raw.messages !== 'object' || raw.messages === null) fail_('top level', 'missing `messages`');
  for (const k of Object.keys(raw)) if (k !== 'messages' && k !== 'errno') fail_('top level', `unknown key \`${k}\``);
  const messages = Object.entries(raw.messages).map(([name, text]) => {
    const where = `messages.${name}`;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) fail_(where, 'a name is lower-case words joined by _');
    if (typeof text !== 'string' || text.length === 0) fail_(where, 'expected a non-empty string');
    const pieces = text.split(/(\{[a-z_]+\})/);
    for (const p of pieces) {
      if (!p.startsWith('{') && /[{}]/.test(p)) fail_(where, `${JSON.stringify(text)}: a brace outside {name}`);
    }
    const params = [...new Set(pieces.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1)))];
    return { name, pieces, params };
  });
  // [errno]: each reason's errno names, each name once, each reason a message without placeholders.
  const seen = new Set();
  const errno = Object.entries(raw.errno ?? {}).map(([name, codes]) => {
    const where = `errno.${name}`;
    const m = messages.find((x) => x.name === name);
    if (!m || m.params.length > 0) fail_(where, 'not a message without {placeholders}');
    if (!Array.isArray(codes) || codes.length === 0) fail_(where, 'expected a list of errno names');
    for (const c of codes) {
      if (typeof c !== 'string' || !/^E[A-Z0-9]+$/.test(c)) fail_(where, `${JSON.stringify(c)} is not an errno name`);
      if (seen.has(c)) fail_(where, `${c} is worded twice`);
      seen.add(c);
    }
    return { name, codes };
  });
  return { messages, errno };
}

function messagesRs({ messages }) {
  const body = (m) =>
    m.params.length === 0
      ? `${rsString(m.pieces.join(''))}.to_string()`
      : `format!(${rsString(m.pieces.map((p) => (p.startsWith('{') ? p : p.replaceAll('{', '{{').replaceAll('}', '}}'))).join(''))})`;
  return `// ${MESSAGES_NOTICE}

//! What the hosts say about files and outputs, word for word as lib/engine/shared/messages.ts says it.

${messages
  .map(
    (m) => `/// ${m.pieces.join('')}
pub fn ${m.name}(${m.params.map((p) => `${p}: &str`).join(', ')}) -> String {
    ${body(m)}
}
`,
  )
  .join('\n')}`;
}

function ioReasonsRs({ errno }) {
  return `// ${MESSAGES_NOTICE}

//! The system's reasons by errno, as engine-data/messages.toml's \`[errno]\` table words them (the
//! npm CLI's \`IO_REASONS\`, lib/engine/shared/messages.ts, by Node's \`code\`).

use fracture_host::messages as m;

/// The words of \`errno\`'s reason, when the table has them.
pub fn said(errno: i32) -> Option<String> {
    let said: fn() -> String = match errno {
${errno.map((e) => `        ${e.codes.map((c) => `libc::${c}`).join(' | ')} => m::${e.name},`).join('\n')}
        _ => return None,
    };
    Some(said())
}
`;
}

function messagesTs({ messages, errno }) {
  const lowerCamel = (k) => k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
  const template = (m) =>
    `\`${m.pieces.map((p) => (p.startsWith('{') ? `\${${lowerCamel(p.slice(1, -1))}}` : p.replace(/[`$\\]/g, '\\$&'))).join('')}\``;
  return `// ${MESSAGES_NOTICE}
// What the hosts say about files and outputs, word for word as engine-rs/host/src/messages.rs says it.

${messages
  .map(
    (m) => `/** ${m.pieces.join('')} */
export const ${lowerCamel(m.name)} = (${m.params.map((p) => `${lowerCamel(p)}: string`).join(', ')}): string => ${template(m)};
`,
  )
  .join('\n')}
/** The system's reasons by Node's \`code\` (the \`[errno]\` table; natively engine-rs/cli/src/io_reasons.rs). */
export const IO_REASONS: Readonly<Record<string, () => string>> = {
${errno.flatMap((e) => e.codes.map((c) => `  ${c}: ${lowerCamel(e.name)},`)).join('\n')}
};
`;
}

// rustup's rustfmt first, as the Makefile and scripts/lint.sh put it (cargo fmt uses the same one).
const PATH = [join(homedir(), '.cargo', 'bin'), process.env.PATH].join(delimiter);

// The command lines' options and help texts (engine-data/cli.toml)

const CLI_NOTICE = `Generated from ${CLI_DATA} by ${GENERATOR}; do not edit.`;

/** A message with `{placeholders}`: its pieces and its parameters, in the order they first appear. */
function template(where, text, failWith) {
  if (typeof text !== 'string' || text.length === 0) failWith(where, 'expected a non-empty string');
  const pieces = text.split(/(\{[a-z_]+\})/);
  for (const p of pieces) {
    if (!p.startsWith('{') && /[{}]/.test(p)) failWith(where, `${JSON.stringify(text)}: a brace outside {name}`);
  }
  const params = [...new Set(pieces.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1)))];
  return { pieces, params };
}

const COMMAND_KEYS = ['usage', 'about', 'arguments', 'options', 'after'];

function loadCli(toml) {
  const fail_ = (where, message) => {
    throw new DataError(`${CLI_DATA}: ${where}: ${message}`);
  };
  let raw;
  try {
    raw = parse(toml);
  } catch (e) {
    fail_('TOML', e.message);
  }
  try {
    const names = Object.keys(raw).filter((k) => k !== 'usage' && k !== 'link');
    if (names[0] !== 'fracture') fail('top level', 'the first command is `fracture`');
    if (!('usage' in raw)) fail('top level', 'missing `usage`');
    if (!('minimize' in raw)) fail('top level', 'missing `minimize`');
    const options = (where, list, commands) => {
      if (!Array.isArray(list) || list.length === 0) fail(where, 'expected a list of options');
      const rows = list.map((o, i) => {
        const at = `${where}[${i}]`;
        if ('like' in o) {
          keys(at, o, ['name', 'like']);
          const from = commands[o.like]?.options.find((x) => x.name === o.name);
          if (!from) fail(`${at}.like`, `no option ${o.name} in an earlier command ${JSON.stringify(o.like)}`);
          return from;
        }
        keys(at, o, ['name', 'help'], ['value', 'short', 'repeatable', 'path', 'npm_only', 'link', 'native_only']);
        if (!/^[a-z][a-z-]*$/.test(o.name)) fail(at, `${JSON.stringify(o.name)} is not an option name`);
        for (const k of ['repeatable', 'path', 'npm_only', 'link', 'native_only']) {
          if (k in o && typeof o[k] !== 'boolean') fail(`${at}.${k}`, 'expected true or false');
        }
        if ('short' in o && !/^[A-Za-z]$/.test(o.short)) fail(`${at}.short`, 'expected one letter');
        if (('repeatable' in o || 'path' in o) && !('value' in o)) fail(at, 'a flag takes no value to repeat or read');
        // A link's value is text from a page: never a path, never an option of one CLI only.
        if (o.link === true && (o.path === true || o.npm_only === true))
          fail(at, 'a link option is no path and no npm_only');
        if (o.link === true && where !== 'fracture.options') fail(at, "link options are fracture's own");
        return {
          name: o.name,
          help: text(`${at}.help`, o.help),
          value: 'value' in o ? text(`${at}.value`, o.value) : '',
          short: o.short ?? '',
          repeatable: o.repeatable === true,
          path: o.path === true,
          npmOnly: o.npm_only === true,
          link: o.link === true,
          nativeOnly: o.native_only === true,
        };
      });
      unique(where, rows, (o) => o.name, 'name');
      return rows;
    };
    const commands = {};
    for (const name of names) {
      const c = raw[name];
      const fracture = name === 'fracture';
      keys(name, c, COMMAND_KEYS, fracture ? ['commands'] : ['npm_only', 'native_only']);
      if (c.npm_only === true && c.native_only === true) fail(name, 'a command is npm_only or native_only, not both');
      if (!Array.isArray(c.arguments)) fail(`${name}.arguments`, 'expected a list');
      if (!Array.isArray(c.after)) fail(`${name}.after`, 'expected a list of paragraphs');
      commands[name] = {
        name,
        npmOnly: c.npm_only === true,
        nativeOnly: c.native_only === true,
        usage: text(`${name}.usage`, c.usage),
        about: text(`${name}.about`, c.about),
        arguments: c.arguments.map((a, i) => {
          const at = `${name}.arguments[${i}]`;
          keys(at, a, ['name', 'help'], ['many', 'rest', 'shown']);
          if (!/^[A-Z]+$/.test(a.name)) fail(`${at}.name`, 'expected a name in capitals');
          const many = a.many === true;
          return {
            name: a.name,
            help: text(`${at}.help`, a.help),
            many,
            rest: a.rest === true,
            shown: 'shown' in a ? text(`${at}.shown`, a.shown) : many ? `[${a.name}]...` : `[${a.name}]`,
          };
        }),
        options: options(`${name}.options`, c.options, commands),
        after: c.after.map((p, i) => text(`${name}.after[${i}]`, p)),
        commands: fracture
          ? (() => {
              if (!Array.isArray(c.commands)) fail('fracture.commands', 'expected a list');
              return c.commands.map((sub, i) => {
                keys(`fracture.commands[${i}]`, sub, ['name', 'help'], ['npm_only']);
                return {
                  name: text(`fracture.commands[${i}].name`, sub.name),
                  help: text(`fracture.commands[${i}].help`, sub.help),
                  npmOnly: sub.npm_only === true,
                };
              });
            })()
          : [],
      };
    }
    if (typeof raw.usage !== 'object' || raw.usage === null) fail('usage', 'expected a table');
    const usage = Object.entries(raw.usage).map(([name, message]) => {
      const where = `usage.${name}`;
      if (!/^[a-z][a-z0-9_]*$/.test(name)) fail(where, 'a name is lower-case words joined by _');
      return { name, ...template(where, message, fail) };
    });
    if (!usage.some((m) => m.name === 'line')) fail('usage', 'missing `line`');
    keys('link', raw.link, ['version']);
    const link = { version: integer('link.version', raw.link.version, 1, 1000) };
    return { commands: Object.values(commands), usage, link };
  } catch (e) {
    if (e instanceof DataError) throw new DataError(e.message.replace(`${DATA}: `, `${CLI_DATA}: `));
    throw e;
  }
}

/**
 * A command's help as clap lays one out, for the native CLI (`npm` false: without the npm CLI's own
 * options and commands) or the npm CLI: the about paragraph, the usage line, the arguments and
 * options (each section aligned on its longest entry, two spaces after it, help wrapped at 100
 * columns), then the subcommands and the paragraphs after.
 */
function helpText(command, npm) {
  const wrap = (words, indent) => {
    const lines = [];
    let line = '';
    for (const word of words.split(' ')) {
      if (line && indent + line.length + 1 + word.length > 100) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
    return lines.join(`\n${' '.repeat(indent)}`);
  };
  const table = (rows) => {
    const width = Math.max(...rows.map(([left]) => left.length)) + 2;
    return rows.map(([left, help]) => `  ${left.padEnd(width)}${wrap(help, width + 2)}`).join('\n');
  };
  const options = command.options
    .filter((o) => npm || !o.npmOnly)
    .map((o) => [`${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` <${o.value}>` : ''}`, o.help]);
  const args = command.arguments.map((a) => [a.shown, a.help]);
  // Commands are a table whose entries are not wrapped (clap's subcommand list).
  const listed = command.commands.filter((c) => npm || !c.npmOnly);
  const subWidth = Math.max(0, ...listed.map((c) => c.name.length)) + 2;
  const commands =
    listed.length > 0 ? `Commands:\n${listed.map((c) => `  ${c.name.padEnd(subWidth)}${c.help}`).join('\n')}\n\n` : '';
  const after = command.after.map((p) => wrap(p, 0)).join('\n\n');
  // A command without positionals has no Arguments section, as clap prints it.
  const argsPart = args.length > 0 ? `Arguments:\n${table(args)}\n\n` : '';
  return `${wrap(command.about, 0)}\n\nUsage: ${command.usage}\n\n${argsPart}Options:\n${table(options)}\n\n${commands}${after}\n`;
}

const upper = (name) => name.toUpperCase().replaceAll('-', '_');
const lowerCamel = (k) => k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

function cliTablesRs({ commands, usage }) {
  const rsOption = (o) =>
    `    CliOption { name: ${rsString(o.name)}, value: ${rsString(o.value)}, short: ${o.short ? `Some('${o.short}')` : 'None'}, repeatable: ${o.repeatable}, path: ${o.path}, npm_only: ${o.npmOnly}, native_only: ${o.nativeOnly} },`;
  const command = (c) => {
    const positionals = c.arguments.filter((a) => !a.rest);
    return `/// \`${c.usage}\`
pub const ${upper(c.name)}: Command = Command {
    options: &[
${c.options.map(rsOption).join('\n')}
    ],
    positionals: &[${positionals.map((a) => `Positional { name: ${rsString(a.name)}, many: ${a.many} }`).join(', ')}],
    name: ${rsString(c.name)},
};`;
  };
  // The help texts apart from the tables, so that a build which never prints one (the npm CLI's
  // WebAssembly module: it prints its own) carries none of them.
  const helpArm = (c) => `        ${rsString(c.name)} => ${rsString(helpText(c, false))},`;
  const body = (m) =>
    m.params.length === 0
      ? `${rsString(m.pieces.join(''))}.to_string()`
      : `format!(${rsString(m.pieces.map((p) => (p.startsWith('{') ? p : p.replaceAll('{', '{{').replaceAll('}', '}}'))).join(''))})`;
  return `// ${CLI_NOTICE}

//! The command lines' options, help texts and usage errors, as cli/cli-tables.ts has them.

use crate::cli_shape::{CliOption, Command, Positional};

${commands.map(command).join('\n\n')}

/// Command \`name\`'s help text, as the native CLI prints it.
pub fn help(name: &str) -> &'static str {
    match name {
${commands.map(helpArm).join('\n')}
        _ => "",
    }
}

/// The usage errors, each the one line \`line\` wraps.
pub mod usage {
    use std::fmt::Display;

${usage
  .map(
    (m) => `    /// ${m.pieces.join('')}
    pub fn ${m.name}(${m.params.map((p) => `${p}: impl Display`).join(', ')}) -> String {
        ${body(m)}
    }
`,
  )
  .join('\n')}
    /// A refused command line's one line, pointing at the help of the command that refused it
    /// (\`None\`: the corrupting command).
    pub fn refusal(sub: Option<&str>, message: &str) -> String {
        match sub {
            Some(sub) => line(message, format!("fracture {sub}")),
            None => line(message, "fracture"),
        }
    }
}
`;
}

function cliTablesTs({ commands, usage }) {
  // The npm CLI reads its lines through the host crate (engine-rs/host/src/args/tokens.rs, with the
  // Rust tables); what it takes from here is each command's help, laid out with its own options, and
  // the usage errors of its own checks.
  const helpEntry = (c) => `  ${/^[a-z]+$/.test(c.name) ? c.name : tsString(c.name)}: ${tsString(helpText(c, true))},`;
  const tmpl = (m) =>
    `\`${m.pieces.map((p) => (p.startsWith('{') ? `\${${lowerCamel(p.slice(1, -1))}}` : p.replace(/[`$\\]/g, '\\$&'))).join('')}\``;
  return `// ${CLI_NOTICE}
// The npm CLI's help texts and the usage errors, as engine-rs/host/src/cli_tables.rs has them.

/** Each command's help, as \`fracture COMMAND --help\` prints it (the npm CLI's own options in it). */
export const HELP: Record<string, string> = {
${commands
  .filter((c) => !c.nativeOnly)
  .map(helpEntry)
  .join('\n')}
};

/** The usage errors, each the one line \`line\` wraps. */
export const usage = {
${usage
  .map(
    (m) => `  /** ${m.pieces.join('').replaceAll('*/', '*\\/')} */
  ${lowerCamel(m.name)}: (${m.params.map((p) => `${lowerCamel(p)}: string | number`).join(', ')}): string => ${tmpl(m)},`,
  )
  .join('\n')}
};
`;
}

/** The share link's options (`link = true` in fracture's options) and its version (`[link]`). */
function linkOptions({ commands, link }) {
  const options = commands.find((c) => c.name === 'fracture').options.filter((o) => o.link);
  return { version: link.version, options };
}

function linkRs(cli) {
  const { version, options } = linkOptions(cli);
  return `// ${CLI_NOTICE}

//! The share link's format (docs/contract.md, section 11.5): its version and the options it carries,
//! as lib/report/link-options.ts has them.

/// The query key \`v\` of every share link.
pub const LINK_VERSION: u32 = ${version};

/// An option of \`fracture\` that changes the output's bytes, carried by a share link under its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkOption {
    pub name: &'static str,
    /// Whether it takes a value (a flag does not).
    pub value: bool,
    pub repeatable: bool,
}

/// In the order of \`fracture --help\`.
pub const LINK_OPTIONS: &[LinkOption] = &[
${options.map((o) => `    LinkOption { name: ${rsString(o.name)}, value: ${o.value !== ''}, repeatable: ${o.repeatable} },`).join('\n')}
];
`;
}

function linkTs(cli) {
  const { version, options } = linkOptions(cli);
  return `// ${CLI_NOTICE}
// The share link's format (docs/contract.md, section 11.5): its version and the options it carries,
// as engine-rs/host/src/link_options.rs has them.

/** The query key \`v\` of every share link. */
export const LINK_VERSION = ${version};

/** An option of \`fracture\` that changes the output's bytes, carried by a share link under its name. */
export interface LinkOption {
  readonly name: string;
  /** Whether it takes a value (a flag does not). */
  readonly value: boolean;
  readonly repeatable: boolean;
}

/** In the order of \`fracture --help\`. */
export const LINK_OPTIONS: readonly LinkOption[] = [
${options.map((o) => `  { name: ${tsString(o.name)}, value: ${o.value !== ''}, repeatable: ${o.repeatable} },`).join('\n')}
];
`;
}

function run(command, args, input) {
  const env = { ...process.env, PATH };
  const r = spawnSync(command, args, { cwd: ROOT, env, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`${command}: ${r.error.message} (is it installed? make setup installs it)`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

const rustfmt = (source) =>
  run('rustfmt', ['--edition', '2021', '--config-path', 'rustfmt.toml', '--emit', 'stdout'], source);
const biome = (path, source) =>
  run(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', `--stdin-file-path=${path}`], source);

/** Every generated file's path (relative to the repository) and text, from the TOML text. */
function generate(toml, reportToml, messagesToml, cliToml) {
  const data = load(toml);
  const report = loadReport(reportToml);
  const messages = loadMessages(messagesToml);
  const cli = loadCli(cliToml);
  const files = new Map([
    [OUTPUTS.modesRs, rustfmt(modesRs(data))],
    [OUTPUTS.formatsRs, rustfmt(formatsRs(data))],
    [OUTPUTS.recipesRs, rustfmt(recipesRs(data))],
    [OUTPUTS.cliRs, rustfmt(cliRs(data))],
    [OUTPUTS.modesTs, biome(OUTPUTS.modesTs, modesTs(data))],
    [OUTPUTS.referenceTs, biome(OUTPUTS.referenceTs, referenceTs(data))],
    [OUTPUTS.reportRs, rustfmt(reportRs(report))],
    [OUTPUTS.reportTs, biome(OUTPUTS.reportTs, reportTs(report))],
    [OUTPUTS.whyRs, rustfmt(whyRs(report))],
    [OUTPUTS.whyTs, biome(OUTPUTS.whyTs, whyTs(report))],
    [OUTPUTS.charsetsRs, rustfmt(charsetsRs(report))],
    [OUTPUTS.charsetsTs, biome(OUTPUTS.charsetsTs, charsetsTs(report))],
    [OUTPUTS.messagesRs, rustfmt(messagesRs(messages))],
    [OUTPUTS.messagesTs, biome(OUTPUTS.messagesTs, messagesTs(messages))],
    [OUTPUTS.ioReasonsRs, rustfmt(ioReasonsRs(messages))],
    [OUTPUTS.cliTablesRs, rustfmt(cliTablesRs(cli))],
    [OUTPUTS.cliTablesTs, biome(OUTPUTS.cliTablesTs, cliTablesTs(cli))],
    [OUTPUTS.linkRs, rustfmt(linkRs(cli))],
    [OUTPUTS.linkTs, biome(OUTPUTS.linkTs, linkTs(cli))],
  ]);
  files.set(CONTRACT, spliceContract(readFileSync(join(ROOT, CONTRACT), 'utf8'), contractTables(data, report)));
  return files;
}

function read(path) {
  try {
    return readFileSync(join(ROOT, path), 'utf8');
  } catch {
    return undefined;
  }
}

function main(argv) {
  const check = argv.includes('--check');
  const dataAt = argv.indexOf('--data');
  const dataPath = dataAt >= 0 ? argv[dataAt + 1] : join(ROOT, DATA);
  const reportAt = argv.indexOf('--report-data');
  const reportPath = reportAt >= 0 ? argv[reportAt + 1] : join(ROOT, REPORT_DATA);
  const messagesAt = argv.indexOf('--messages-data');
  const messagesPath = messagesAt >= 0 ? argv[messagesAt + 1] : join(ROOT, MESSAGES_DATA);
  const cliAt = argv.indexOf('--cli-data');
  const cliPath = cliAt >= 0 ? argv[cliAt + 1] : join(ROOT, CLI_DATA);
  let files;
  try {
    files = generate(
      readFileSync(dataPath, 'utf8'),
      readFileSync(reportPath, 'utf8'),
      readFileSync(messagesPath, 'utf8'),
      readFileSync(cliPath, 'utf8'),
    );
  } catch (e) {
    console.error(e instanceof DataError ? e.message : e.stack);
    return 2;
  }
  const stale = [...files].filter(([path, text]) => read(path) !== text).map(([path]) => path);
  if (check) {
    if (stale.length === 0) return 0;
    console.error(
      `Stale: ${stale.join(', ')}\nthe data in engine-data/ changed without them; run \`make\` or \`node ${GENERATOR}\`.`,
    );
    return 1;
  }
  for (const path of stale) {
    writeFileSync(join(ROOT, path), files.get(path));
    console.log(`wrote ${path}`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
