// The developer pages' claims are true of the product: their examples are the ones the package tests
// run, their output is what the code prints, and the names they give exist in the sources.
import { readFileSync } from 'node:fs';
import { assert, property } from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corruption } from '../../../../sdk/fast-check.ts';
import { AFL, BUILD, EXAMPLE, EXPORTS, FAILURE } from './Developers.tsx';

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
