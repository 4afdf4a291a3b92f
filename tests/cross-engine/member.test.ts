// `--member` (docs/contract.md, section 6.11) as users meet it in the three command line tools
// (native, npm with --engine wasm, npm with --engine ts): the same archive bytes and reports, an
// archive that `unzip -t` and Python's tarfile accept, each member extracting to exactly what the
// tool makes of the member's bytes as a file of its own with seed + its match index, and the no-match
// error. The SDK's `member` option gives the same bytes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrupt as corruptSdk } from '../../sdk/node.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');
const TOOLS = [
  { label: 'native', cmd: NATIVE, args: [] as string[] },
  { label: 'npm wasm', cmd: process.execPath, args: [NPM, '--engine', 'wasm'] },
  { label: 'npm ts', cmd: process.execPath, args: [NPM, '--engine', 'ts'] },
];

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
let dir: string;

function python(cwd: string, script: string): Buffer {
  const r = spawnSync('python3', ['-c', script], { cwd });
  if (r.status !== 0) throw new Error(r.stderr.toString());
  return r.stdout;
}

function run(tool: (typeof TOOLS)[number], args: string[], cwd: string) {
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-member-'));
  python(
    dir,
    `
import io, tarfile, zipfile
members = [("mimetype", b"application/epub+zip", zipfile.ZIP_STORED),
           ("OEBPS/chapter1.xhtml", b"<html>" + b"<p>chapter one</p>" * 80 + b"</html>", zipfile.ZIP_DEFLATED),
           ("OEBPS/chapter2.xhtml", b"<html>" + b"<p>chapter two</p>" * 50 + b"</html>", zipfile.ZIP_DEFLATED),
           ("OEBPS/cover.bin", bytes(range(256)) * 8, zipfile.ZIP_STORED)]
for name, force in [("book.epub", False), ("book64.zip", True)]:
    with zipfile.ZipFile(name, "w") as z:
        for member, data, method in members:
            info = zipfile.ZipInfo(member, date_time=(2026, 1, 2, 3, 4, 6))
            info.compress_type = method
            with z.open(info, "w", force_zip64=force) as f:
                f.write(data)
with tarfile.open("bundle.tar", "w", format=tarfile.PAX_FORMAT) as t:
    for member, data in [("src/main.rs", b"fn main() {}\\n" * 40), ("src/lib.rs", b"pub fn f() {}\\n" * 30), ("README", b"read me")]:
        info = tarfile.TarInfo(member); info.size = len(data); info.mtime = 1700000000
        t.addfile(info, io.BytesIO(data))
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--member in the three command line tools', () => {
  const cases: [string, string, string][] = [
    ['book.epub', 'OEBPS/*.xhtml', 'byte_flip'],
    ['book.epub', '**.xhtml', 'truncate_insert'],
    ['book64.zip', 'OEBPS/chapter?.xhtml', 'guaranteed_break'],
    ['bundle.tar', 'src/*.rs', 'truncate_insert'],
  ];
  for (const [file, glob, mode] of cases) {
    it(`${file} ${glob} ${mode}: same bytes and reports, a valid archive, members as files of their own`, () => {
      const results = TOOLS.map((tool) => {
        const out = path.join(dir, `${tool.label.replace(' ', '-')}-${mode}`);
        const r = run(tool, ['--member', glob, '--mode', mode, '--seed', '21', '--json', '--out', out, file], dir);
        expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
        const report = JSON.parse(r.out.split('\n')[0]);
        const written = path.join(out, file.replace(/\.(\w+)$/, '_corrupted.$1'));
        return { report, bytes: readFileSync(written), written };
      });
      for (const r of results.slice(1)) {
        expect(sha(r.bytes)).toBe(sha(results[0].bytes));
        const { time_ms: _a, ops_ms: _b, ...rest } = r.report;
        const { time_ms: _c, ops_ms: _d, ...first } = results[0].report;
        expect(JSON.stringify(rest)).toBe(JSON.stringify(first));
      }
      const { report, written } = results[0];
      expect(report.strategy).toBe('member');
      expect(report.replay).toContain(`--member '${glob}'`);
      const members = report.member.members as {
        name: string;
        seed: number;
        changed_bytes: number;
        expect_overall: string;
      }[];
      expect(members.length).toBe(2);
      // The hits (section 6.11.4): one per member whose content changed, on its data, with its own
      // expectation; the rewritten headers, CRC-32s and directory are repairs, not hits.
      const prefix = file.endsWith('.tar') ? 'tar' : 'zip';
      const changed = members.filter((m) => m.changed_bytes > 0);
      expect(changed.length).toBeGreaterThan(0);
      const hits = report.hits as { path: string; changed_bytes: number; expect: string }[];
      expect(hits.map((h) => h.path).sort()).toEqual(changed.map((m) => `${prefix}:member[${m.name}]/data`).sort());
      for (const m of changed) {
        const hit = hits.find((h) => h.path === `${prefix}:member[${m.name}]/data`);
        expect(hit?.changed_bytes).toBe(m.changed_bytes);
        expect(hit?.expect).toBe(m.expect_overall);
      }
      const order = ['ignored', 'may_accept', 'reject'];
      const strongest = hits.reduce((a, h) => (order.indexOf(h.expect) > order.indexOf(a) ? h.expect : a), 'ignored');
      expect(report.expect_overall).toBe(strongest);
      const read = (archive: string, name: string) =>
        file.endsWith('.tar')
          ? python(
              dir,
              `import sys, tarfile; sys.stdout.buffer.write(tarfile.open(${JSON.stringify(archive)}).extractfile(${JSON.stringify(name)}).read())`,
            )
          : python(
              dir,
              `import sys, zipfile; z = zipfile.ZipFile(${JSON.stringify(archive)}); assert z.testzip() is None; sys.stdout.buffer.write(z.read(${JSON.stringify(name)}))`,
            );
      if (!file.endsWith('.tar')) {
        const t = spawnSync('unzip', ['-t', written], { encoding: 'utf8' });
        expect(t.status, t.stdout).toBe(0);
      }
      for (const [k, m] of members.entries()) {
        expect(m.seed).toBe(21 + k);
        // The member as a file of its own, through the native tool, with its seed.
        const own = path.join(dir, `own-${mode}-${k}`);
        mkdirSync(own, { recursive: true });
        const base = m.name.slice(m.name.lastIndexOf('/') + 1);
        writeFileSync(path.join(own, base), read(file, m.name));
        const r = run(TOOLS[0], ['--mode', mode, '--seed', String(m.seed), '--quiet', '--out', 'out', base], own);
        expect(r.code, r.err).toBe(0);
        const expected = readFileSync(path.join(own, 'out', base.replace(/\.(\w+)$/, '_corrupted.$1')));
        expect(sha(read(written, m.name))).toBe(sha(expected));
      }
    });
  }

  it('a glob that matches nothing fails that file in every tool, naming the members', () => {
    for (const tool of TOOLS) {
      const r = run(tool, ['--member', '*.xml', '--seed', '1', '--out', 'none', 'book.epub'], dir);
      expect(r.code, tool.label).toBe(1);
      expect(r.err).toContain(
        'fracture: book.epub: No member matches "*.xml": the archive\'s 4 members are mimetype, OEBPS/chapter1.xhtml, OEBPS/chapter2.xhtml, OEBPS/cover.bin',
      );
    }
  });

  it("the SDK's member option gives the native tool's bytes", async () => {
    const input = readFileSync(path.join(dir, 'book.epub'));
    for (const engine of ['wasm', 'ts'] as const) {
      const { data, report } = await corruptSdk(input, {
        filename: 'book.epub',
        mode: 'byte_flip',
        seed: 21,
        member: 'OEBPS/*.xhtml',
        engine,
      });
      const native = readFileSync(path.join(dir, 'native-byte_flip', 'book_corrupted.epub'));
      expect(sha(data)).toBe(sha(native));
      expect(report.member?.glob).toBe('OEBPS/*.xhtml');
    }
  });
});
