// Fails when the engine core's Rust modules use each other in a cycle (issue 22: a core in layers).
//
// The nodes are the top-level modules of engine-rs/core/src and, inside the directory modules listed
// in NESTED, their submodules. An edge a -> b is a path in a's code (a `use` or inline) that names b,
// every such path of the file (tests/lint/rust-layers.test.ts plants a circle only a second path shows):
// `crate::b...`, `crate::Item` where the crate root re-exports Item from b, and inside a directory
// module `super::b` / `b::` for a sibling or child module (`super::Item` goes to what the parent
// re-exports, else to the parent). Tests (`tests.rs`, `tests/`, a trailing `#[cfg(test)] mod`) and
// comments are not counted. The layering order is in docs/engine.md ("Layers").
//
// Usage: node scripts/check-rust-layers.mjs [path to the crate's src]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = process.argv[2] ?? 'engine-rs/core/src';
// Directory modules whose submodules are checked too.
const NESTED = ['checksums', 'formats', 'modes', 'options', 'recipes', 'stream', 'structure'];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' ? [] : files(path);
    return name.endsWith('.rs') && name !== 'tests.rs' ? [path] : [];
  });
}

/** The module a file is: ["stream", "run"] for stream/run.rs, ["stream"] for stream/mod.rs or stream.rs. */
function modulePath(file) {
  const parts = relative(SRC, file).replace(/\.rs$/, '').split('/');
  if (parts.at(-1) === 'mod' || parts.at(-1) === 'lib' || (parts.length === 1 && parts[0] === 'main')) parts.pop();
  return parts;
}

/** The code without comments, string literals and a trailing test module. */
function code(text) {
  const cut = text.search(/#\[cfg\(test\)\]\s*mod \w+\s*\{/);
  const body = cut >= 0 ? text.slice(0, cut) : text;
  return body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/**
 * `pub use a::{B, c::D as E}` in a file: exported name -> first path segment (a). At the crate root
 * (`root`) a private `use` names things for the whole crate too (`crate::D` in any module).
 */
function reexports(text, root = false) {
  const map = new Map();
  const re = root
    ? /(?:pub(?:\([^)]*\))?\s+)?use\s+(?:self::|crate::)?(\w+)::([^;]+);/g
    : /pub(?:\([^)]*\))?\s+use\s+(?:self::)?(\w+)::([^;]+);/g;
  for (const m of code(text).matchAll(re)) {
    for (const item of m[2].replace(/[{}]/g, ',').split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        .split('::')
        .at(-1)
        .trim();
      if (name) map.set(name, m[1]);
    }
  }
  return map;
}

/** The first segment of each path in `use crate::{a, b::c}` or `crate::a::b` forms after `prefix::`. */
function heads(src, prefix) {
  const out = [];
  const re = new RegExp(`\\b${prefix}::(\\{|\\w+)`, 'g');
  for (const m of src.matchAll(re)) {
    if (m[1] !== '{') {
      out.push(m[1]);
      continue;
    }
    let depth = 0;
    let i = m.index + m[0].length - 1;
    let seg = '';
    const items = [];
    for (; i < src.length; i++) {
      const ch = src[i];
      if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        if (depth === 0) break;
      }
      if (depth === 1 && ch === ',') {
        items.push(seg);
        seg = '';
      } else if (depth >= 1 && !(depth === 1 && ch === '{')) seg += ch;
    }
    items.push(seg);
    for (const item of items) {
      const head = item.trim().split(/::|\s/)[0];
      if (head) out.push(head);
    }
  }
  return out;
}

const all = files(SRC);
const texts = new Map(all.map((f) => [modulePath(f).join('/'), readFileSync(f, 'utf8')]));
const top = new Set([...texts.keys()].filter((k) => k && !k.includes('/')));
const children = (mod) =>
  new Set([...texts.keys()].filter((k) => k.startsWith(`${mod}/`) && !k.slice(mod.length + 1).includes('/')));
const node = (path) => (NESTED.includes(path[0]) ? path.slice(0, 2) : path.slice(0, 1)).join('/');
const rootExports = reexports(texts.get('') ?? '', true);
// Items the crate root defines itself (`crate::hidden`): the root is no node, so they make no edge.
const rootItems = new Set(
  [
    ...code(texts.get('') ?? '').matchAll(/pub(?:\([^)]*\))?\s+(?:fn|struct|enum|const|static|type|trait)\s+(\w+)/g),
  ].map((m) => m[1]),
);

const edges = new Map();
const problems = [];
for (const [mod, text] of texts) {
  if (!mod) continue;
  const from = node(mod.split('/'));
  const src = code(text);
  const add = (to) => {
    if (to && to !== from) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  };
  for (const head of heads(src, 'crate')) {
    if (rootItems.has(head)) continue;
    const target = top.has(head) ? head : rootExports.get(head);
    if (!target) problems.push(`${mod}: crate::${head} is neither a module nor a root re-export`);
    // The root's name for another crate's item (`use fracture_host::ui_modes;`): no module of this one.
    else if (!top.has(target)) continue;
    else if (NESTED.includes(target)) {
      // crate::stream::run::x names the submodule; every such path counts.
      let named = false;
      for (const m of src.matchAll(new RegExp(`crate::${target}::(\\w+)`, 'g'))) {
        if (children(target).has(`${target}/${m[1]}`)) {
          add(`${target}/${m[1]}`);
          named = true;
        }
      }
      if (!named) add(target);
    } else add(target);
  }
  const parts = mod.split('/');
  if (!NESTED.includes(parts[0])) continue;
  // Inside a directory module: siblings through super::, children by name.
  const parent = parts.length > 1 ? parts.slice(0, -1).join('/') : null;
  if (parent && parts.length === 2) {
    const siblings = children(parent);
    const parentExports = reexports(texts.get(parent) ?? '');
    for (const head of heads(src, 'super')) {
      if (siblings.has(`${parent}/${head}`)) add(`${parent}/${head}`);
      else if (parentExports.has(head) && siblings.has(`${parent}/${parentExports.get(head)}`))
        add(`${parent}/${parentExports.get(head)}`);
      else add(parent);
    }
  }
  if (parts.length === 1) {
    for (const child of children(mod)) {
      const name = child.slice(mod.length + 1);
      if (new RegExp(`(?<![:\\w])${name}::`).test(src)) add(child);
    }
  }
}

// A cycle is a back edge of a depth-first walk.
const state = new Map();
const stack = [];
const cycles = [];
function visit(n) {
  state.set(n, 1);
  stack.push(n);
  for (const m of edges.get(n) ?? []) {
    if (state.get(m) === 1) cycles.push([...stack.slice(stack.indexOf(m)), m].join(' -> '));
    else if (!state.has(m)) visit(m);
  }
  stack.pop();
  state.set(n, 2);
}
for (const n of [...edges.keys()].sort()) if (!state.has(n)) visit(n);

for (const p of problems) console.error(p);
for (const c of cycles) console.error(`module cycle: ${c}`);
if (problems.length || cycles.length) process.exit(1);
const count = [...edges.values()].reduce((a, s) => a + s.size, 0);
console.log(`Rust modules of ${SRC}: ${edges.size} with uses, ${count} edges, no cycle`);
