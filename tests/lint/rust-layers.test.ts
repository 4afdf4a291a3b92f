// The Rust layer check of `make lint` (scripts/check-rust-layers.mjs), run as lint runs it on small
// crates written here: it must fail on a planted circle, also one that only the second path of a file
// shows (it once read only the first `crate::` path of each file), and pass a crate without one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` as a crate's src and runs the check on it. */
function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'fracture-layers-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const run = spawnSync(process.execPath, [join(repo, 'scripts/check-rust-layers.mjs'), dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

// `options` is a directory module the check looks inside (NESTED), as in the core.
const nested = (structure: string) => ({
  'lib.rs': 'pub mod options;\npub mod structure;\n',
  'options/mod.rs': 'pub mod a;\npub mod b;\n',
  'options/a.rs': 'pub struct A;\n',
  'options/b.rs': 'use crate::structure::S;\npub struct B(pub Option<Box<S>>);\n',
  'structure.rs': structure,
});

describe('the Rust layer check', () => {
  it('fails on two modules that use each other', () => {
    const { status, output } = check({
      'lib.rs': 'mod a;\nmod b;\n',
      'a.rs': 'use crate::b::B;\npub struct A(pub Option<Box<B>>);\n',
      'b.rs': 'use crate::a::A;\npub struct B(pub Option<Box<A>>);\n',
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/module cycle: (a -> b -> a|b -> a -> b)/);
  });

  it('reads every path of a file: a circle through its second crate::options path', () => {
    const { status, output } = check(
      nested('use crate::options::a::A;\nuse crate::options::b::B;\npub struct S(pub A, pub Option<B>);\n'),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/module cycle: .*options\/b/);
  });

  it('takes an item the crate root defines as no module and no edge', () => {
    const { status, output } = check({
      'lib.rs': 'mod a;\npub fn helper() {}\n',
      'a.rs': 'pub fn a() {\n    crate::helper();\n}\n',
    });
    expect(status, output).toBe(0);
  });

  it("reads a binary crate's main.rs as its root: a circle between commands, and the root's imports", () => {
    const cli = (parse: string) => ({
      'main.rs': 'mod args;\nmod minimize;\nuse other_crate::ui_modes;\nfn main() {}\n',
      'args.rs': `${parse}pub struct MinimizeOptions;\n`,
      'minimize.rs': 'use crate::args::MinimizeOptions;\nuse crate::ui_modes::X;\npub fn run(_: MinimizeOptions) {}\n',
    });
    const circle = check(cli('pub fn parse() {\n    crate::minimize::run(MinimizeOptions);\n}\n'));
    expect(circle.status).not.toBe(0);
    expect(circle.output).toMatch(/module cycle: (args -> minimize -> args|minimize -> args -> minimize)/);
    const owned = check(cli(''));
    expect(owned.status, owned.output).toBe(0);
    expect(owned.output).toContain('no cycle');
  });

  it('passes the same crate without the circle', () => {
    const { status, output } = check(nested('use crate::options::a::A;\npub struct S(pub A);\n'));
    expect(status, output).toBe(0);
    expect(output).toContain('no cycle');
  });
});
