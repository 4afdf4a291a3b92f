// The developer pages (/developers/python, /developers/fast-check, /developers/fuzzer-mutators,
// /developers/fault-injection): one module for them all, so the shell's table of page chunks grows by
// one entry, not one per page (every route's first load carries that table; docs/site.md, "Budgets").
// /developers/fault-injection's text, longer than the others together, is a static part of its own
// (site/shell/StaticPart.tsx, developers/FaultInjectionBody.tsx): a first visit reads it in the
// prerendered HTML without loading its code, and the other pages never carry it. Their claims are
// held to the sources by developers.test.ts.
import { CodeBlock, DeveloperPage } from '../developers/DeveloperPage.tsx';
import { StaticPart, staticPart } from '../shell/StaticPart.tsx';
import header from '../../../../engine-rs/afl/include/fracture_afl.h?raw';

const PY_INSTALL = `make python                               # builds target/wheels/fracture-1.0.0-cp39-abi3-*.whl
pip install target/wheels/fracture-*.whl   # CPython 3.9 or later, one wheel for all of them`;

const PY_API = `import fracture

result = fracture.corrupt(data, name="photo.png", mode="bit_rot", intensity=30, seed=7)
result.data     # the corrupted bytes
result.report   # the report fracture --json prints for the same file and options
result.replay   # 'fracture --mode bit_rot --intensity 30 --seed 7 photo.png'

fracture.corrupt_file("in/photo.png", "out/photo.png", mode="bit_rot", seed=7)`;

const PYTEST = `import pytest

def test_reader_survives(corrupted):
    path = corrupted("tests/data/photo.png", mode="bit_rot", seed=3)
    with pytest.raises(ImageError):
        load_image(path)

@pytest.mark.fracture(seeds=range(50), mode="guaranteed_break")
def test_every_seed(corrupted, fracture_seed):
    assert_rejected_cleanly(corrupted("tests/data/report.pdf"))`;

const HYPOTHESIS = `from hypothesis import given
from fracture.hypothesis import corruptions

@given(corruptions(PNG_BYTES, name="photo.png", modes=["bit_rot", "bad_sectors"], max_intensity=60))
def test_decoder_never_crashes(result):
    decode(result.data)`;

export function Python() {
  return (
    <DeveloperPage
      path="/developers/python"
      title="Python, pytest and Hypothesis"
      heading="Corrupted test files from Python, pytest and Hypothesis"
      description="The fracture package runs the same Rust engine as the command line in Python: corrupt() and corrupt_file(), a pytest fixture and marker, and a Hypothesis strategy that shrinks to the least damage that still fails."
      keywords={['python file corruption', 'pytest corrupted files', 'hypothesis strategy corrupt', 'pytest plugin']}
    >
      <h2>Install</h2>
      <p>
        The package is built from the repository with maturin and PyO3 into one abi3 wheel for CPython 3.9 and later. It
        has no dependencies; Hypothesis is optional and only <code>fracture.hypothesis</code> needs it.
      </p>
      <CodeBlock label="Build and install the wheel">{PY_INSTALL}</CodeBlock>

      <h2>corrupt and corrupt_file</h2>
      <p>
        <code>fracture.corrupt(data, *, name, mode, intensity, seed, ranges, fix_checksums)</code> returns a result
        whose <code>data</code> is the corrupted bytes and whose <code>report</code> equals the report{' '}
        <code>fracture --json</code> prints for the same input and options, timings aside. The same seed gives the same
        bytes as the command line, the npm package and this site. With <code>seed=None</code> a seed is drawn and
        recorded in the report.
      </p>
      <p>
        <code>fracture.corrupt_file(src, dst, ...)</code> streams a file of any size in bounded memory and follows the
        command line’s rules: it never writes onto its input, and it writes through a temporary file that is renamed
        into place once complete. A bad option raises <code>ValueError</code> with the command line’s message. The
        engine releases the GIL while it works.
      </p>
      <CodeBlock label="corrupt and corrupt_file">{PY_API}</CodeBlock>

      <h2>The pytest plugin</h2>
      <p>
        Installing the package registers the plugin; there is nothing to import or configure. The fixture{' '}
        <code>corrupted(path_or_bytes, **options)</code> writes a corrupted copy under the test’s <code>tmp_path</code>{' '}
        and returns its path. The marker <code>@pytest.mark.fracture(seeds=range(...))</code> runs the test once per
        seed, with the seed in the <code>fracture_seed</code> argument and test ids such as <code>seed=17</code>. A
        failing test’s report has a <code>fracture replay</code> section with the command that makes the same file
        again.
      </p>
      <CodeBlock label="A pytest fixture and marker">{PYTEST}</CodeBlock>

      <h2>The Hypothesis strategy</h2>
      <p>
        <code>corruptions(base, *, name, modes, max_intensity)</code> draws a mode, an intensity and a seed, in that
        order, and produces results. When a test fails, Hypothesis shrinks the example toward the first mode, the lowest
        intensity and the smallest seed: close to the least damage that still fails.
      </p>
      <CodeBlock label="A Hypothesis strategy">{HYPOTHESIS}</CodeBlock>
      <p>
        The full guide is <code>docs/python.md</code> in the repository.
      </p>
    </DeveloperPage>
  );
}

const FC_INSTALL = 'npm i -D ./fracture-1.0.0.tgz fast-check   # the package from npm pack, fast-check 4';

/** docs/fast-check.md's Vitest example, which tests/sdk/fast-check.test.ts runs as written (developers.test.ts). */
export const EXAMPLE = `import fc from 'fast-check';
import { corruption } from 'fracture/fast-check';
import { expect, test } from 'vitest';

const config = new TextEncoder().encode(JSON.stringify({ name: 'demo', retries: 3, tags: ['a', 'b'] }));

test('a damaged config is read, or refused with a SyntaxError', () => {
  fc.assert(
    fc.property(corruption(config, { filename: 'config.json', maxIntensity: 60 }), ({ data }) => {
      try {
        JSON.parse(new TextDecoder().decode(data));
      } catch (e) {
        expect(e).toBeInstanceOf(SyntaxError);
      }
    }),
  );
});`;

/** What fast-check prints for a property that fails for every value (developers.test.ts makes it). */
export const FAILURE = `Property failed after 1 tests
Counterexample: [corruption({"mode":"byte_flip","intensity":0,"seed":0})]`;

export function FastCheck() {
  return (
    <DeveloperPage
      path="/developers/fast-check"
      title="fast-check arbitrary"
      heading="Corrupted files as a fast-check arbitrary"
      description="fracture/fast-check turns a file into a fast-check arbitrary of corrupted copies for property tests in Vitest, Jest or node:test, with the same bytes and report as the SDK and failures that shrink to the least damage."
      keywords={[
        'fast-check arbitrary',
        'property based testing corrupted files',
        'vitest fuzz file',
        'jest',
        'node:test',
      ]}
    >
      <h2>Install</h2>
      <p>
        <code>fracture/fast-check</code> is an entry of the npm package. fast-check is an optional peer dependency: the
        package does not ship it, so install it beside it.
      </p>
      <CodeBlock label="Install">{FC_INSTALL}</CodeBlock>

      <h2>corruption(base, options)</h2>
      <p>
        Each value draws a mode, an intensity and a seed, in that order, and is <code>{'{ data, report }'}</code>: the
        bytes and the report that the SDK’s <code>corrupt()</code> gives for them. <code>modes</code> limits the modes
        (engine or site names), <code>maxIntensity</code> caps the intensity, and <code>filename</code>,{' '}
        <code>ranges</code> and <code>fixChecksums</code> work as they do in <code>corrupt()</code>. With{' '}
        <code>ranges</code> or <code>fixChecksums</code>, only the modes that take them are drawn (byte_flip,
        header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write).
      </p>
      <CodeBlock label="A property in Vitest">{EXAMPLE}</CodeBlock>

      <h2>When a property fails</h2>
      <p>
        fast-check shrinks the failing value toward the first mode, the lowest intensity and the smallest seed, and
        prints the draw rather than the bytes. The value’s <code>report.replay</code> is the command line that makes the
        same bytes.
      </p>
      <CodeBlock label="A shrunk counterexample">{FAILURE}</CodeBlock>
      <p>
        The same arbitrary runs under <code>node --test</code>, and under Jest with Node’s{' '}
        <code>--experimental-vm-modules</code> (the package is ES modules only). The entry is for Node 20.19 or later.
        The full guide, with the tests that check these claims, is <code>docs/fast-check.md</code> in the repository.
      </p>
    </DeveloperPage>
  );
}

export const BUILD = 'make afl-mutator   # writes target/release/libfracture_afl.so';

export const AFL =
  'AFL_CUSTOM_MUTATOR_LIBRARY=target/release/libfracture_afl.so afl-fuzz -i seeds -o out -- ./target @@';

/**
 * The library's C declarations, as its header has them (engine-rs/afl/include/fracture_afl.h: the
 * afl suite compiles a program against it and links it with the library): comments, preprocessor
 * lines and the C++ guard left out.
 */
export const EXPORTS = header
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#') && !/^(extern "C" \{|\})$/.test(line.trim()))
  .join('\n');

export function FuzzerMutators() {
  return (
    <DeveloperPage
      path="/developers/fuzzer-mutators"
      title="Fuzzer mutators"
      heading="Fracture as a custom mutator for AFL++ and libFuzzer"
      description="A shared library built from Fracture’s Rust core that plugs its corruption modes and checksum-keeping edits into AFL++ through the custom mutator interface, with a libFuzzer custom mutator in the same library."
      keywords={['afl++ custom mutator', 'libfuzzer custom mutator', 'structure aware fuzzing', 'file format fuzzing']}
    >
      <h2>Build</h2>
      <p>
        <code>make afl-mutator</code> builds the library from the same core as the command line.
      </p>
      <CodeBlock label="Build the mutator">{BUILD}</CodeBlock>

      <h2>With AFL++</h2>
      <p>
        AFL++ loads the library named by <code>AFL_CUSTOM_MUTATOR_LIBRARY</code>. Each mutation it asks for runs one of
        Fracture’s corruption modes on the input, or makes small edits inside the regions Fracture’s structure map
        allows, or changes a PNG chunk whole; for PNG, ZIP, tar, Ogg and FLAC the checksums are kept valid, so a decoder
        that verifies them reads the change instead of rejecting it. Which kind it draws follows what found new coverage
        on your target.
      </p>
      <CodeBlock label="Run AFL++ with the mutator">{AFL}</CodeBlock>
      <p>
        The mutator then runs as a stage before AFL++’s own havoc, the setting <code>docs/mutators.md</code> recommends.
        With AFL++ 4.40c (the version cargo-afl 0.18 builds) also set <code>AFL_FRAMESHIFT_DISABLE=1</code>: its
        FrameShift rewrites the length fields of every output at the queue entry’s offsets, undoing the mutator’s
        changes.
      </p>

      <h2>The C interface</h2>
      <p>
        The library exports AFL++’s custom mutator functions <code>afl_custom_init</code>, <code>afl_custom_fuzz</code>,{' '}
        <code>afl_custom_describe</code>, <code>afl_custom_fuzz_count</code>, <code>afl_custom_queue_new_entry</code>{' '}
        and <code>afl_custom_deinit</code>, and libFuzzer’s <code>LLVMFuzzerCustomMutator</code>, declared in{' '}
        <code>engine-rs/afl/include/fracture_afl.h</code>.
      </p>
      <CodeBlock label="Exported functions">{EXPORTS}</CodeBlock>

      <h2>What was measured</h2>
      <p>
        <code>make fuzz-eval</code> measures the mutator the way fuzzing research measures fuzzers: AFL++ with its own
        mutators, with Fracture’s alone and with both, and libFuzzer with and without it, on published Rust decoders
        (the <code>png</code>, <code>zip</code> and <code>gif</code> crates, each pinned to a version with a known
        crash), ten trials of ten minutes per configuration, with the median and spread of the edges covered, a
        Mann-Whitney U test between configurations, and each configuration’s time to the known bug. The figures, the
        machine they ran on and the raw results are in <code>docs/mutators.md</code>. The small PNG reader of{' '}
        <code>make fuzz-demo</code> is a demo written for this project, to show the mechanism; it is not evidence.
      </p>
      <p>
        The full guide is <code>docs/mutators.md</code> in the repository.
      </p>
    </DeveloperPage>
  );
}

const BODY = staticPart(async () => (await import('../developers/FaultInjectionBody.tsx')).FaultInjectionBody);

export function FaultInjection() {
  return (
    <DeveloperPage
      path="/developers/fault-injection"
      title="Fault injection with fracture mount"
      heading="Faults and power cuts under a running program"
      description="fracture mount shows a directory to a program through FUSE: its files read as the corrupted copies fracture writes, seeded rules make reads, writes and fsyncs fail, come back short or wait, and a power cut leaves what a disk would hold. Every fault is logged and replays exactly."
      keywords={[
        'fuse fault injection',
        'filesystem fault injection',
        'fsync failure testing',
        'power loss testing',
        'crash consistency testing',
      ]}
    >
      <StaticPart part={BODY} props={{ CodeBlock }} />
    </DeveloperPage>
  );
}
