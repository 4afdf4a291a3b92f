// Counts the lines of host code that have a counterpart in the other language (issue 40; the figures
// are in docs/architecture.md, "What is still written twice"). A concern is twinned while it has code in
// both Rust and TypeScript; its lines (both sides) count. A concern written once (Rust only, or
// generated from engine-data/) counts nothing.
//
// Every host source file must be named below, in a concern or in ONE_SIDE with the reason it has no
// twin, so a new file cannot escape the count: the script fails on a file it does not know, and on a
// named file that is gone.
//
// Lines counted: not blank, not only a comment; Rust from the file's start to its `#[cfg(test)]` module.
//
// Usage: node scripts/count-twins.mjs [--json] [--root DIR]   (DIR: another checkout, say main's, for a
// figure before a change; the same lists judge it, so files it does not know are listed, not fatal)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** concern -> its Rust files and its TypeScript files (directories end with `/`). */
export const CONCERNS = {
  // The model itself is engine-rs/host/src/campaign (written once); what is left here is each
  // command line's shell (programs, files, signals, the terminal), counted as twinned all the same.
  'campaign (model until issue 40; now the shells)': {
    // reaper.rs serves fracture minimize too, as the spawner (cli/run/spawner.ts) does.
    rust: ['engine-rs/cli/src/campaign/', 'engine-rs/cli/src/reaper.rs'],
    ts: ['cli/campaign.ts', 'cli/run.ts', 'cli/merge.ts', 'cli/run/'],
  },
  // How a line is read and what it decides (ranges, the mode's options, the combinations refused, in
  // which order; bench's options too) are engine-rs/host/src/args/ for both (the npm CLI through the
  // outputs module); what is left is each command line handing its arguments' bytes over and typing
  // each command's decisions (counted twinned all the same).
  'arguments (each command typing what the host crate read and decided)': {
    rust: ['engine-rs/cli/src/args/'],
    ts: ['cli/args.ts', 'cli/args/shared.ts', 'cli/args/corrupt.ts', 'cli/args/run.ts', 'cli/args/tools.ts'],
  },
  // The rounds, their texts, the minimiser's names and its files (shrink/command.rs, from 1 December)
  // are engine-rs/host/src/shrink/ (written once; the npm CLI calls them through
  // engine-rs/host-wasm/src/shrink.rs): what is left here is each command line's shell (the tests on
  // job slots, timeouts, process groups, signals).
  'minimiser (the rounds until issue 40; now the shells)': {
    rust: ['engine-rs/cli/src/minimize.rs'],
    ts: ['cli/minimize.ts'],
  },
  // The corrupting command's plan (routes, seeds, output names and paths, checksum routes, the claims
  // that refuse it, the --dry-run lines and JSON) is engine-rs/host/src/plan.rs, output_plan.rs and
  // dry_run.rs for both (the npm CLI through the outputs module; issue 40, point 4). What is left here
  // is each shell looking at its files (device and inode, real paths) and handing them over.
  'output plan and claims': {
    rust: ['engine-rs/cli/src/plan.rs'],
    ts: ['cli/plan.ts'],
  },
  // The command lines name their outputs through engine-rs/host/src/output_plan.rs (which also
  // de-duplicates a run's names) over names.rs; shared/names.ts, its twin, stays for the browser's
  // downloads and the SDK's exported corruptedName and variantName. Every batch ZIP's entry names
  // come from engine-rs/host/src/entry_names.rs, which has no twin (until 1 December it was part of
  // names.rs and counted twinned with it).
  'output names': {
    rust: ['engine-rs/cli/src/names.rs', 'engine-rs/host/src/names.rs'],
    ts: ['lib/engine/shared/names.ts'],
  },
  'outputs through temporary files, signals': { rust: ['engine-rs/cli/src/output.rs'], ts: ['sdk/outputs.ts'] },
  // The session report and the batch ZIP's layout are engine-rs/host/src/{session,batch,zip}.rs for
  // every host (issue 40): the command lines and, through the outputs module, the page. What each
  // keeps is its shell (reading the files or the results' Blobs for their CRC-32, the clock, the time
  // zone, SOURCE_DATE_EPOCH), counted as twinned all the same.
  'session report and batch ZIP (the shells)': {
    rust: ['engine-rs/cli/src/session.rs'],
    ts: ['cli/zip.ts', 'lib/zip/batch.ts'],
  },
  // The PDF reports are engine-rs/host/src/report/pdf for every host (the npm CLI, the SDK and the
  // site through the outputs module), and the change map engine-rs/host/src/report/changes.rs (the
  // site's worker and the npm CLI through lib/engine/host-module/reports.ts); the hit lines' and the
  // report panel's sentences stay twinned: the site draws them in the page, without the module.
  'report text': {
    rust: ['engine-rs/host/src/report/text.rs'],
    ts: ['lib/report/text.ts'],
  },
  'display form of names': {
    rust: ['engine-rs/cli/src/display.rs', 'engine-rs/host/src/display.rs'],
    ts: ['lib/report/display.ts'],
  },
  // The replay command and the share link are engine-rs/host/src/host_fields.rs and share_link.rs
  // for every host: the npm CLI, the SDK and the site through the outputs module
  // (lib/engine/host-module/reports.ts; the site's Settings panel through web/src/workspace/links.ts).
  'host fields (replay command)': { rust: ['engine-rs/host/src/host_fields.rs'], ts: [] },
  'share link': { rust: ['engine-rs/host/src/share_link.rs'], ts: [] },
  // The result's JSON, table and comparison are engine-rs/host/src/bench.rs for both command lines
  // (the npm CLI through the outputs module). What is left twinned: the npm CLI's plan and a row's
  // figures (lib/engine/host/bench.ts) and its timed runs (bench-run.ts), which the /benchmark page
  // runs too, against the native bench's own (counted from 30 November; before, only cli/bench.ts was).
  'fracture bench': {
    rust: ['engine-rs/cli/src/bench.rs'],
    ts: ['cli/bench.ts', 'lib/engine/host/bench.ts', 'lib/engine/host/bench-run.ts'],
  },
  'the corrupting command: read, process, reports, progress': {
    rust: [
      'engine-rs/cli/src/main.rs',
      'engine-rs/cli/src/process.rs',
      'engine-rs/cli/src/read.rs',
      'engine-rs/cli/src/reports.rs',
      'engine-rs/cli/src/ui.rs',
    ],
    ts: ['cli/fracture.ts', 'cli/corrupt/', 'cli/main.ts', 'cli/reports.ts', 'cli/progress.ts', 'cli/io.ts'],
  },
  // What each command line gives what the host crate runs whole (fracture_host::shell::Files from 1
  // December: `merge`, a campaign's plan and DIR, `minimize`'s files): a file looked at or read, a
  // directory made, an output written. Each platform's own, counted as twinned all the same.
  "the shells' files (for the commands the host crate runs whole)": {
    rust: ['engine-rs/cli/src/files.rs'],
    ts: ['cli/files.ts'],
  },
  'fracture diagnose (the shells around engine-rs/diagnose)': {
    rust: ['engine-rs/cli/src/diagnose.rs'],
    ts: ['cli/diagnose.ts'],
  },
};

/** Host files with no counterpart, and why. */
export const ONE_SIDE = {
  // Generated from engine-data/*.toml by scripts/gen-engine-data.mjs: written once.
  'engine-rs/host/src/cli_tables.rs': 'generated',
  'engine-rs/host/src/report/tables.rs': 'generated',
  'engine-rs/cli/src/io_reasons.rs': 'generated',
  'engine-rs/host/src/messages.rs': 'generated',
  'engine-rs/host/src/ui_modes.rs': 'generated',
  'engine-rs/host/src/link_options.rs': 'generated',
  'engine-rs/host/src/texts.rs': 'generated',
  'cli/cli-tables.ts': 'generated',
  'lib/report/tables.ts': 'generated',
  'lib/report/link-options.ts': 'generated',
  'lib/engine/shared/messages.ts': 'generated',
  'lib/engine/shared/mode-tables.ts': 'generated',
  'lib/engine/shared/texts.ts': 'generated',
  // Native only.
  'engine-rs/cli/src/mount/': 'fracture mount: native only (FUSE)',
  'engine-rs/host/src/lib.rs': 'the host crate: written once',
  'engine-rs/host/src/': 'the host crate: written once, called by both command lines',
  // The npm CLI's and the SDK's own.
  'cli/agree.ts': "the npm CLI's own command (runs the engines side by side)",
  'cli/agree/': "fracture agree's engines, comparison and lines (the npm CLI's own command)",
  'cli/args/agree.ts':
    "fracture agree's arguments (the npm CLI's own command; its corruption options are fracture_host::args')",
  'cli/host.ts': "the npm CLI's loader of the host module",
  // Loaders and typed calls of the host modules: the logic is fracture-host's.
  'lib/engine/host-module/': "the host modules' loaders and typed calls (no logic of their own)",
  'cli/exact-exec.ts': "spawn() with a name's bytes: Node's strings need it, Rust's Command takes OsStr",
  'lib/engine/shared/blob.ts': 'browser Blob reading',
  'lib/engine/shared/modes.ts': 'the engine options type',
  'lib/engine/shared/platform.ts': 'platform detection',
  'lib/engine/shared/stages.ts': 'stage names of the engine protocol',
  'lib/engine/shared/types.ts': 'engine protocol types',
  'lib/zip/testing/': 'test helpers',
  'lib/report/share-link-read.ts':
    "the site reads share links back (no command line does; the links are fracture-host's)",
  'lib/report/pdf.ts': "hands reports to fracture-host's PDF writer (engine-rs/host/src/report/pdf)",
  // The host crate takes its CRC-32 from the crc crate: no code of ours on the Rust side.
  'lib/zip/crc32.ts': "the browser's CRC-32 (the page has none built in)",
  'sdk/': "the SDK's entries (no native SDK)",
};

const ROOTS = [
  'engine-rs/cli/src',
  'engine-rs/host/src',
  'cli',
  'lib/zip',
  'lib/report',
  'lib/engine/shared',
  'lib/engine/host-module',
  'sdk',
];
// Single files of lib/engine/host (the rest of it runs an engine: not host logic of the command lines).
const EXTRA = ['lib/engine/host/bench.ts', 'lib/engine/host/bench-run.ts'];

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    if (/\.test\.ts$|\.d\.ts$/.test(name)) return [];
    return /\.(rs|ts)$/.test(name) ? [path] : [];
  });
}

/** Lines of code: not blank, not only a comment; Rust before its test module. */
export function codeLines(text, rust) {
  let body = text;
  if (rust) {
    const cut = body.search(/^#\[cfg\(test\)\]\s*\n\s*mod \w+/m);
    if (cut >= 0) body = body.slice(0, cut);
  }
  body = body.replace(/\/\*[\s\S]*?\*\//g, '');
  return body.split('\n').filter((l) => {
    const t = l.trim();
    return t !== '' && !t.startsWith('//');
  }).length;
}

const under = (file, entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

export function count(root = '.') {
  const files = [
    ...ROOTS.flatMap((r) => walk(join(root, r)).map((f) => f.slice(root === '.' ? 0 : root.length + 1))),
    ...EXTRA.filter((f) => existsSync(join(root, f))),
  ];
  const problems = [];
  const named = [...Object.values(CONCERNS).flatMap((c) => [...c.rust, ...c.ts]), ...Object.keys(ONE_SIDE)];
  for (const entry of named) {
    // A file moved between crates is named at both places (the count works on older checkouts too).
    const moved = named.some((e) => e !== entry && e.split('/').pop() === entry.split('/').pop());
    if (!entry.endsWith('/') && !existsSync(join(root, entry)) && !Object.keys(ONE_SIDE).includes(entry) && !moved)
      problems.push(`${entry}: named here but not in the repository`);
  }
  const concerns = [];
  const seen = new Set();
  for (const [name, c] of Object.entries(CONCERNS)) {
    const side = (list) => files.filter((f) => list.some((e) => under(f, e)));
    const rust = side(c.rust);
    const ts = side(c.ts);
    for (const f of [...rust, ...ts]) seen.add(f);
    const lines = (list) =>
      list.reduce((n, f) => n + codeLines(readFileSync(join(root, f), 'utf8'), f.endsWith('.rs')), 0);
    const r = lines(rust);
    const t = lines(ts);
    concerns.push({ name, rust: r, ts: t, twinned: rust.length > 0 && ts.length > 0 ? r + t : 0 });
  }
  for (const f of files) {
    if (seen.has(f) || Object.keys(ONE_SIDE).some((e) => under(f, e))) continue;
    problems.push(`${f}: in no concern and not in ONE_SIDE (scripts/count-twins.mjs)`);
  }
  const total = concerns.reduce((n, c) => n + c.twinned, 0);
  return { concerns, total, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? process.argv[at + 1] : '.';
  const { concerns, total, problems } = count(root);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ concerns, total }, null, 2));
  else {
    for (const c of concerns) {
      const state = c.twinned ? `${String(c.twinned).padStart(5)} twinned` : '    0 (written once)';
      console.log(`${state}  Rust ${String(c.rust).padStart(5)}  TypeScript ${String(c.ts).padStart(5)}  ${c.name}`);
    }
    console.log(`twinned host lines: ${total}`);
  }
  for (const p of problems) console.error(p);
  if (problems.length && root === '.') process.exit(1);
}
