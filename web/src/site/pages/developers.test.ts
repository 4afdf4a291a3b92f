// The developer pages' claims are true of the product: their examples are the ones the package tests
// run, their output is what the code prints, and the names they give exist in the sources.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assert, property } from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruption } from '../../../../sdk/fast-check.ts';
import { FAULT_TOOLS, MODELS, POWER_TOOLS } from '../developers/mountTables.ts';
import { AFL, BUILD, EXAMPLE, EXPORTS, FAILURE } from './Developers.tsx';
import {
  CAMPAIGN,
  COMMANDS,
  CTL,
  DRY_RUN,
  ERRNOS,
  OPS,
  PLAN,
  PLAN_RULES,
  CHECK_SH,
  INSERT_SH,
  POWER,
  RULES,
  SQLITE_RUN,
} from '../developers/FaultInjectionBody.tsx';

const read = (file: string) => readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');

describe('/developers/fast-check', () => {
  it("shows docs/fast-check.md's Vitest example, the one tests/sdk/fast-check.test.ts runs as written", () => {
    const doc = read('docs/fast-check.md');
    const example = /<!-- example: vitest [^>]*-->\n```js\n([\s\S]*?)```\n/.exec(doc)?.[1];
    expect(example?.trimEnd()).toBe(EXAMPLE);
    expect(read('tests/sdk/fast-check.test.ts')).toContain("docExample('vitest')");
  });

  it('shows the counterexample fast-check prints for a property that fails for every value', () => {
    let message = '';
    try {
      assert(property(corruption(new TextEncoder().encode('{"a": 1}'), { filename: 'config.json' }), () => false));
    } catch (e) {
      message = (e as Error).message;
    }
    const [failed, counterexample] = FAILURE.split('\n');
    expect(message.split('\n')[0]).toBe(failed);
    expect(message).toContain(`\n${counterexample}\n`);
  });
});

describe('/developers/python', () => {
  const pkg = (file: string) => read(`engine-rs/python/python/fracture/${file}`);

  it('names the functions and parameters the package has', () => {
    const init = pkg('__init__.py');
    expect(init).toMatch(
      /def corrupt\(\s*data[^)]*\*,\s*name: str[^)]*mode: str[^)]*intensity: int[^)]*seed: Optional\[int\][^)]*ranges:[^)]*fix_checksums: bool/,
    );
    expect(init).toMatch(/def corrupt_file\(\s*src: PathLike,\s*dst: PathLike,/);
    expect(init).toMatch(/def replay\(self\) -> str:/);
    expect(pkg('hypothesis.py')).toMatch(
      /def corruptions\(\s*base[^)]*\*,\s*name: str = "input\.bin",\s*modes:[^)]*max_intensity: int = 100,/,
    );
  });

  it('describes the pytest plugin as it is: registered, fixture, marker, ids, replay section', () => {
    expect(read('engine-rs/python/pyproject.toml')).toMatch(/\[project\.entry-points\.pytest11\]/);
    expect(read('engine-rs/python/pyproject.toml')).toMatch(/^requires-python = ">=3\.9"$/m);
    expect(read('engine-rs/python/pyproject.toml')).toMatch(/^dependencies = \[\]$/m);
    const plugin = pkg('pytest_plugin.py');
    expect(plugin).toMatch(/def corrupted\(request: pytest\.FixtureRequest, tmp_path: Path\)/);
    expect(plugin).toContain('metafunc.parametrize("fracture_seed", seeds, ids=[f"seed={s}" for s in seeds])');
    expect(plugin).toContain('report.sections.append(("fracture replay", text))');
  });

  it('builds with make python into target/wheels/', () => {
    expect(read('Makefile')).toMatch(/^python: .*## build the Python package's wheel into target\/wheels\//m);
  });
});

describe('/developers/fuzzer-mutators', () => {
  it('gives the make target and the library it writes, as the Makefile has them', () => {
    const makefile = read('Makefile');
    const library = /^AFL_LIB := (\S+)$/m.exec(makefile)?.[1];
    expect(library).toBe('target/release/libfracture_afl.so');
    expect(makefile).toMatch(/^afl-mutator: \$\(AFL_LIB\)/m);
    expect(BUILD).toBe(`make afl-mutator   # writes ${library}`);
    expect(AFL.startsWith(`AFL_CUSTOM_MUTATOR_LIBRARY=${library} afl-fuzz `)).toBe(true);
    expect(read('docs/mutators.md')).toContain('AFL_CUSTOM_MUTATOR_LIBRARY=');
  });

  it("shows the header's declarations, one per function the library exports", () => {
    // tests/afl/run.sh compiles a program against the header and links it with the library, so the
    // header is held to the library there; here the page must show exactly its declarations.
    const declarations = EXPORTS.replace(/,\n\s+/g, ', ').split('\n');
    expect(declarations.map((d) => /(\w+)\(/.exec(d)?.[1])).toEqual([
      'afl_custom_init',
      'afl_custom_fuzz',
      'afl_custom_describe',
      'afl_custom_fuzz_count',
      'afl_custom_queue_new_entry',
      'afl_custom_deinit',
      'LLVMFuzzerCustomMutator',
    ]);
    const header = read('engine-rs/afl/include/fracture_afl.h');
    for (const line of EXPORTS.split('\n')) expect(header).toContain(line);
    expect(EXPORTS).not.toMatch(/\/\*|#|extern "C"/);
  });
});

describe('/developers/fault-injection', () => {
  const native = new URL('../../../../target/release/fracture', import.meta.url).pathname;
  const cliToml = parseToml(read('engine-data/cli.toml')) as Record<string, { options: { name: string }[] }>;
  const source = read('web/src/site/developers/FaultInjectionBody.tsx');
  let dir: string;

  beforeAll(() => {
    if (!existsSync(native)) throw new Error(`${native} is missing: run \`make native\` first`);
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'fracture-mount-page-')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A fresh directory with SOURCE directories and an empty mountpoint, for --dry-run. */
  function place(...sources: string[]): string {
    const at = mkdtempSync(path.join(dir, 'p-'));
    for (const s of sources) mkdirSync(path.join(at, s), { recursive: true });
    mkdirSync(path.join(at, 'mnt'));
    return at;
  }

  /** `fracture mount ... --dry-run`'s `fault` lines: the rules as the binary parsed them. */
  function parsedRules(args: string[], cwd = place('src')) {
    const r = spawnSync(native, ['mount', 'src', 'mnt', '--dry-run', ...args], { cwd, encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr, rules: r.stdout.split('\n').filter((l) => l.startsWith('fault ')) };
  }

  it('shows rules that the binary parses as written, and would see a wrong one refused', () => {
    const shown = RULES.map(([rule]) => rule);
    const r = parsedRules(shown.flatMap((rule) => ['--fault', rule]));
    expect(r.status, r.stderr).toBe(0);
    expect(r.rules).toEqual(shown.map((rule) => `fault ${rule}`));
    const wrong = parsedRules(['--fault', 'reed:*.db:nth=5:EIO']);
    expect([wrong.status, wrong.rules]).toEqual([2, []]);
  });

  it('shows a plan that parses to the rules it is said to hold', () => {
    const cwd = place('src');
    writeFileSync(path.join(cwd, 'plan.toml'), `${PLAN}\n`);
    const r = parsedRules(['--faults', 'plan.toml'], cwd);
    expect(r.status, r.stderr).toBe(0);
    expect(r.rules).toEqual(PLAN_RULES.map((rule) => `fault ${rule}`));
  });

  it("shows --dry-run's output as the binary prints it", () => {
    const cwd = place('src/deep');
    writeFileSync(path.join(cwd, 'src/b.txt'), 'text\n');
    writeFileSync(path.join(cwd, 'src/deep/a.png'), 'not really a png\n');
    const [command, ...output] = DRY_RUN.split('\n');
    const args = command.replace(/^\$ fracture /, '').split(' ');
    const r = spawnSync(native, args, { cwd, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.replaceAll(cwd, '/tmp/dr')).toBe(`${output.join('\n')}\n`);
  });

  /** Every `fracture SUBCOMMAND ...` line of the page's code blocks. */
  const commandLines = [COMMANDS, CTL, CAMPAIGN, POWER, SQLITE_RUN]
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/^\$ (: > committed\.log; )?(SYNC=\w+ )?/, '').replace(/\s+#.*$/, ''))
    .filter((line) => line.startsWith('fracture '));

  it('runs every fracture mount command it shows through the parser (--dry-run), options and values', () => {
    const mounts = commandLines.filter((l) => l.startsWith('fracture mount ') && !l.includes('--replay'));
    expect(mounts.length).toBeGreaterThanOrEqual(5);
    const bin = mkdtempSync(path.join(dir, 'bin-'));
    symlinkSync(native, path.join(bin, 'fracture'));
    for (const line of mounts) {
      const cwd = place('src', 'data', 'photos');
      const r = spawnSync('sh', ['-c', line.replace(/^fracture mount /, 'fracture mount --dry-run ')], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });
      expect([r.status, r.stderr], line).toEqual([0, '']);
      expect(r.stdout, line).toMatch(/^mount \S+ at \S+ \(seed \d+\)\n/);
    }
  });

  it('names only options that engine-data/cli.toml gives the command', () => {
    const names = (table: string) => new Set(cliToml[table].options.map((o) => o.name));
    for (const line of commandLines) {
      const [, command] = line.split(' ');
      const table =
        command === 'mount' || command === 'run' || command === 'ctl' || command === 'umount' ? command : '';
      expect(table, line).not.toBe('');
      const before = line.split(' -- ')[0];
      for (const [, option] of before.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g))
        expect(names(table).has(option), `${line}: --${option}`).toBe(true);
    }
    // The page names options of mount and run (and the corrupting command's, which both take), not
    // counting the arguments of the programs it runs (after --).
    const known = new Set([...names('mount'), ...names('run'), ...names('fracture')]);
    const own = source
      .split('\n')
      .map((line) => line.split(' -- ')[0])
      .join('\n');
    const named = [...own.matchAll(/(?<!var\()--([a-z][a-z-]*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(20);
    for (const option of named) expect(known.has(option), `--${option}`).toBe(true);
    const requests = /\{ name = "REQUEST", help = "([^"]+)" \}/.exec(read('engine-data/cli.toml'))?.[1];
    expect(requests).toBe('faults, log or power-cut');
    for (const line of commandLines.filter((l) => l.startsWith('fracture ctl ')))
      expect(['faults', 'log', 'power-cut']).toContain(line.split(/\s+/)[3]);
  });

  it("lists rules.rs's operations, triggers, errnos and effects, and cut.rs's models in order", () => {
    const rules = read('engine-rs/cli/src/mount/rules.rs');
    expect(OPS).toEqual([...rules.matchAll(/\("(\w+)", Op::\w+\)/g)].map((m) => m[1]));
    expect(ERRNOS).toEqual([...rules.matchAll(/\("(E[A-Z]+)", libc::E[A-Z]+\)/g)].map((m) => m[1]));
    const triggers = /const TRIGGERS: \[&str; \d+\] = \[([^\]]+)\]/.exec(rules)?.[1].match(/\w+=/g);
    expect(triggers).toEqual(['nth=', 'offset=', 'sel=', 'after=', 'p=']);
    for (const key of triggers ?? []) expect(source).toContain(`<code>${key}`);
    for (const effect of ['short', 'drop', 'power_cut']) expect(rules).toContain(`s == "${effect}"`);
    for (const effect of ['short', 'short=N', 'delay=MS', 'drop', 'power_cut'])
      expect(source).toContain(`<code>${effect}</code>`);
    const models = [...read('engine-rs/cli/src/mount/cut.rs').matchAll(/\("(\w+)", Model::\w+\)/g)].map((m) => m[1]);
    expect(MODELS.map(([name]) => name)).toEqual(models);
    expect(models).toEqual(['lose_unsynced', 'torn', 'reorder', 'lost_write', 'misdirected']);
    expect(read('engine-data/cli.toml')).toContain('lose_unsynced, torn, reorder, lost_write or misdirected');
  });

  it("shows docs/mount.md's tables cell for cell", () => {
    const doc = read('docs/mount.md');
    /** The markdown table that starts at the first line matching `start` after `after`. */
    const table = (after: string, start: RegExp) => {
      const from = doc.indexOf(after);
      const lines = doc.slice(from).split('\n');
      const first = lines.findIndex((l) => start.test(l));
      const rows = lines.slice(
        first,
        lines.findIndex((l, i) => i > first && !l.startsWith('|')),
      );
      const cells = rows.map((r) =>
        r
          .slice(1, -1)
          .split(' | ')
          .map((c) => c.trim()),
      );
      return { head: cells[0], rows: cells.slice(2) };
    };
    const tools = table('## Against other tools', /^\| +\| Fracture/);
    expect(tools.head).toEqual(['', ...FAULT_TOOLS.tools]);
    expect(tools.rows).toEqual(FAULT_TOOLS.rows);
    const power = table('Power cuts, against the tools', /^\| +\| Fracture/);
    expect(power.head).toEqual(['', ...POWER_TOOLS.tools]);
    expect(power.rows).toEqual(POWER_TOOLS.rows);
    const models = table('**The cut.**', /^\| Model /);
    expect(models.rows).toEqual(MODELS.map(([name, holds, fault]) => [`\`${name}\``, holds, fault]));
    expect(doc).toContain('Sources (');
  });

  it('shows the program and checker of the SQLite example that engine-rs/cli/tests/mount_power.rs runs', () => {
    // The test's Rust string literals, unescaped.
    const test = read('engine-rs/cli/tests/mount_power.rs')
      .replaceAll('\\"', '"')
      .replaceAll('{{', '{')
      .replaceAll('}}', '}');
    const shown = `${INSERT_SH}\n${CHECK_SH}\n${SQLITE_RUN}`;
    for (const part of [
      'PRAGMA journal_mode=WAL; CREATE TABLE t(x);',
      'for i in 1 2 3 4; do',
      'echo $i >> "$FRACTURE_NOTES/committed"',
      'for i in $(cat "$FRACTURE_NOTES/committed" 2>/dev/null); do',
      'sqlite3 "$FRACTURE_MOUNT/t.db" "PRAGMA synchronous=$SYNC; INSERT INTO t VALUES($i);" > /dev/null || exit 1',
      `'PRAGMA integrity_check')" = ok ] || { echo 'integrity_check failed' >&2; exit 1; }`,
      '"SELECT count(*) FROM t WHERE x=$i")" = 1 ] || { echo "committed transaction $i is missing" >&2; exit 1; }',
    ]) {
      expect(test).toContain(part);
      expect(shown).toContain(part);
    }
    expect(test).toContain('"--power-cut", "lose_unsynced"');
    expect(shown).toContain('--power-cut lose_unsynced');
  });

  // The example as written, on FUSE: the page shows what these runs print. Where FUSE is missing the
  // test says so and passes, unless FRACTURE_REQUIRE_FUSE is set (scripts/test.sh sets it as root
  // with /dev/fuse, as in CI), where it fails.
  it('prints, run as written, what the worked example shows (FUSE)', () => {
    const fuse = existsSync('/dev/fuse') && spawnSync('fusermount3', ['-V']).status === 0;
    const sqlite = spawnSync('sqlite3', ['-version']).status === 0;
    if (!fuse || !sqlite) {
      expect(process.env.FRACTURE_REQUIRE_FUSE, 'FUSE and sqlite3 are required here').toBeUndefined();
      console.warn(`skipped: ${fuse ? 'no sqlite3' : 'no FUSE (/dev/fuse, fusermount3)'}`);
      return;
    }
    const cwd = place('src');
    writeFileSync(path.join(cwd, 'insert.sh'), `${INSERT_SH}\n`);
    writeFileSync(path.join(cwd, 'check.sh'), `${CHECK_SH}\n`);
    const bin = mkdtempSync(path.join(dir, 'bin-'));
    symlinkSync(native, path.join(bin, 'fracture'));
    const steps = SQLITE_RUN.split(/^\$ /m).filter(Boolean);
    expect(steps).toHaveLength(3);
    for (const step of steps) {
      const [command, ...printed] = step.trimEnd().split('\n');
      const r = spawnSync('sh', ['-c', command], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });
      expect(r.stdout, command).toBe('');
      expect(r.stderr.trimEnd().split('\n').filter(Boolean), command).toEqual(printed);
      expect(r.status, command).toBe(command.includes('SYNC=OFF') ? 1 : 0);
    }
    expect(readFileSync(path.join(cwd, 'off/summary.md'), 'utf8')).toContain('committed transaction N is missing');
  });

  it('says the npm CLI refuses mount, as the usage test holds', () => {
    expect(source).toContain('<code>npx fracture mount</code> prints one line');
    expect(read('tests/cross-engine/usage.test.ts')).toContain(
      "[['mount', 'src', 'mnt'], 'mount is a command', 'fracture']",
    );
  });
});
