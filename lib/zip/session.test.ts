import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION, VERDICT, type Report } from '../engine/shared/types.ts';
import {
  batchEntries,
  buildSessionReport,
  sessionReportName,
  sessionZip,
  sessionZipName,
  type BatchResult,
  type SessionReport,
} from './session.ts';
import {
  inspectWithPython,
  makeTempDir,
  readWithJavaStream,
  sevenZipTest,
  streamToFile,
  unzipTest,
} from './testing/readers.ts';
import { zipStream } from './writer.ts';

const STARTED = new Date(2025, 0, 2, 3, 4, 5, 678); // local time: names use the user's clock
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (s: string) => new TextEncoder().encode(s);

function report(filename: string, overrides: Partial<Report> = {}): Report {
  return {
    engine: ENGINE_VERSION,
    filename,
    format: 'generic',
    original_size: 1000,
    result_size: 1000,
    mode: 'byte_flip',
    intensity: 86,
    seed: 1234567890,
    time_ms: 12.5,
    ops_ms: 3.25,
    before_entropy: 7.8234,
    after_entropy: 7.9871,
    entropy_delta: 0.1637,
    verdict: VERDICT,
    recipe: 'Random byte flips',
    strategy: 'byte_flip',
    guarantee: false,
    ops: 419,
    preserve_header: 5,
    sha256_before: 'a'.repeat(64),
    sha256_after: 'b'.repeat(64),
    ...overrides,
  };
}

describe('session names', () => {
  it('stamps the ZIP and the report with the local date and time', () => {
    expect(sessionZipName(STARTED)).toBe('fracture_session_20250102-030405.zip');
    expect(sessionReportName(STARTED)).toBe('fracture_session_20250102-030405_session_report.json');
    expect(sessionZipName(new Date(2031, 11, 31, 23, 59, 59))).toBe('fracture_session_20311231-235959.zip');
  });
});

describe('buildSessionReport', () => {
  it('holds the fields of docs/product.md ("Session report") in its order, with engine, hash and archive name', () => {
    const files = [
      report('example_document.pdf', {
        original_size: 15_482_880,
        result_size: 15_482_880,
        time_ms: 1230,
        seed: 1234567890,
      }),
      report('data.csv', {
        seed: 1234567891,
        entropy_delta: -0.0421,
        time_ms: 40.25,
        result_size: 957,
        recipe: 'Cut and replace',
      }),
    ];
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'byte_flip',
      intensity: 86,
      masterSeed: 1234567890,
      files,
    });
    expect(Object.keys(session)).toEqual([
      'session_timestamp',
      'total_files',
      'mode',
      'intensity',
      'master_seed',
      'session_duration_ms',
      'total_entropy_delta',
      'recoverability',
      'files',
    ]);
    expect(session).toEqual({
      session_timestamp: STARTED.toISOString(),
      total_files: 2,
      mode: 'byte_flip',
      intensity: 86,
      master_seed: 1234567890,
      session_duration_ms: 1270.25,
      total_entropy_delta: 0.1216,
      recoverability: 'Unlikely',
      files: [
        {
          filename: 'example_document.pdf',
          archive_name: 'example_document_corrupted.pdf',
          original_size: 15_482_880,
          result_size: 15_482_880,
          entropy_delta: 0.1637,
          time_ms: 1230,
          seed: 1234567890,
          recipe: 'Random byte flips',
          verdict: VERDICT,
          engine: ENGINE_VERSION,
          sha256_after: 'b'.repeat(64),
        },
        {
          filename: 'data.csv',
          archive_name: 'data_corrupted.csv',
          original_size: 1000,
          result_size: 957,
          entropy_delta: -0.0421,
          time_ms: 40.25,
          seed: 1234567891,
          recipe: 'Cut and replace',
          verdict: VERDICT,
          engine: ENGINE_VERSION,
          sha256_after: 'b'.repeat(64),
        },
      ],
    });
    expect(Object.keys(session.files[0])).toEqual([
      'filename',
      'archive_name',
      'original_size',
      'result_size',
      'entropy_delta',
      'time_ms',
      'seed',
      'recipe',
      'verdict',
      'engine',
      'sha256_after',
    ]);
  });

  it('falls back to recipe "Unknown" and verdict "Won\'t Open", and leaves out what is not known', () => {
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'shuffle_blocks',
      intensity: 50,
      masterSeed: 7,
      files: [
        report('a.bin', { recipe: '', verdict: '' }),
        { filename: 'b.bin', original_size: 1, result_size: 1, entropy_delta: 0, time_ms: 1, seed: 8 },
      ],
    });
    expect(session.files.map((f) => [f.recipe, f.verdict])).toEqual([
      ['Unknown', "Won't Open"],
      ['Unknown', "Won't Open"],
    ]);
    expect(JSON.parse(JSON.stringify(session.files[1]))).not.toHaveProperty('engine');
  });

  it("carries each file's expect_overall last, when its report has one", () => {
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'byte_flip',
      intensity: 86,
      masterSeed: 1,
      files: [report('a.png', { expect_overall: 'reject' }), { ...report('b.bin'), replay: 'fracture b.bin' }],
    });
    expect(session.files[0].expect_overall).toBe('reject');
    expect(Object.keys(session.files[0]).at(-1)).toBe('expect_overall');
    expect(Object.keys(session.files[1]).slice(-2)).toEqual(['sha256_after', 'replay']);
  });

  it('sums entropy deltas to 4 decimals and times to the microsecond, without float noise', () => {
    const files = [0.1, 0.2, 0.00004, -0.00001].map((d, i) =>
      report(`f${i}`, { entropy_delta: d, time_ms: [0.1, 0.2, 0.0004, 0][i] }),
    );
    const session = buildSessionReport({ timestamp: STARTED, mode: 'byte_flip', intensity: 80, masterSeed: 1, files });
    expect(session.total_entropy_delta).toBe(0.3);
    expect(session.session_duration_ms).toBe(0.3);
    const many = Array.from({ length: 1000 }, (_, i) => report(`g${i}`, { entropy_delta: 0.0001 }));
    expect(
      buildSessionReport({ timestamp: STARTED, mode: 'byte_flip', intensity: 80, masterSeed: 1, files: many })
        .total_entropy_delta,
    ).toBe(0.1);
  });

  it('reports an empty session as zeros, not -0 or NaN', () => {
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'byte_flip',
      intensity: 80,
      masterSeed: 1,
      files: [],
    });
    expect(JSON.stringify(session)).toContain(
      '"total_files":0,"mode":"byte_flip","intensity":80,"master_seed":1,"session_duration_ms":0,"total_entropy_delta":0',
    );
    expect(
      Object.is(
        buildSessionReport({
          timestamp: STARTED,
          mode: 'm',
          intensity: 1,
          masterSeed: 1,
          files: [report('x', { entropy_delta: -0.00001 })],
        }).total_entropy_delta,
        0,
      ),
    ).toBe(true);
  });

  it("gives every file a safe, unique corrupted name and never takes the report's name", () => {
    const names = [
      'data.csv',
      'DATA.csv',
      'data.csv',
      '../../web/etc/passwd',
      '',
      'README',
      'fracture_session_20250102-030405_session_report.json',
    ];
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'byte_flip',
      intensity: 80,
      masterSeed: 1,
      files: names.map((n) => report(n)),
    });
    expect(session.files.map((f) => f.archive_name)).toEqual([
      'data_corrupted.csv',
      'DATA_corrupted (2).csv',
      'data_corrupted (3).csv',
      'passwd_corrupted.bin',
      'file_corrupted.bin',
      'README_corrupted.bin',
      'fracture_session_20250102-030405_session_report_corrupted.json',
    ]);
  });
});

describe('batchEntries', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir('fracture-session-');
  });
  afterAll(async () => {
    await temp.remove();
  });

  function run(names: string[]): { results: BatchResult[]; session: SessionReport; bodies: Uint8Array[] } {
    const bodies = names.map((n, i) => utf8(`corrupted bytes of ${n} #${i}\n`.repeat(i + 1)));
    const results: BatchResult[] = names.map((n, i) => ({
      data: i % 2 ? new Blob([bodies[i] as Uint8Array<ArrayBuffer>]) : bodies[i],
      report: report(n, { seed: 100 + i, sha256_after: sha256(bodies[i]), result_size: bodies[i].length }),
    }));
    const session = buildSessionReport({
      timestamp: STARTED,
      mode: 'byte_flip',
      intensity: 80,
      masterSeed: 100,
      files: results.map((r) => r.report),
    });
    return { results, session, bodies };
  }

  it('makes a batch ZIP of the corrupted files and the session report that real readers accept', async () => {
    const { results, session, bodies } = run([
      'report.pdf',
      'report.pdf',
      'Report.PDF',
      'photo.jpg',
      'notes',
      'דוח.docx',
      '🧪 sample.json',
    ]);
    const path = join(temp.dir, sessionZipName(STARTED));
    await streamToFile(zipStream(batchEntries(results, session)), path);

    const python = await inspectWithPython(path);
    expect(python.testzip).toBeNull();
    const reportName = 'fracture_session_20250102-030405_session_report.json';
    expect(python.entries.map((e) => e.name)).toEqual([
      'report_corrupted.pdf',
      'report_corrupted (2).pdf',
      'Report_corrupted (3).PDF',
      'photo_corrupted.jpg',
      'notes_corrupted.bin',
      'דוח_corrupted.docx',
      '🧪 sample_corrupted.json',
      reportName,
    ]);
    expect(python.entries.slice(0, -1).map((e) => e.sha256)).toEqual(bodies.map(sha256));
    // Entries carry the session's time, so the archive does not depend on when it was zipped.
    for (const entry of python.entries) expect(entry.date_time).toEqual([2025, 1, 2, 3, 4, 4]);
    expect((await unzipTest(path)).ok).toBe(true);
    expect((await sevenZipTest(path)).ok).toBe(true);

    const streamed = await readWithJavaStream(path, temp.dir);
    expect(streamed.map((e) => e.name)).toEqual(python.entries.map((e) => e.name));
    const reportEntry = streamed[streamed.length - 1];
    const stdout = execFileSync('unzip', ['-p', path, reportName]).toString('utf8');
    expect(sha256(utf8(stdout))).toBe(reportEntry.sha256);
    const parsed = JSON.parse(stdout) as SessionReport;
    expect(parsed).toEqual(JSON.parse(JSON.stringify(session)));
    expect(parsed.files.map((f) => f.archive_name)).toEqual(python.entries.slice(0, -1).map((e) => e.name));
    expect(parsed.files.map((f) => f.sha256_after)).toEqual(python.entries.slice(0, -1).map((e) => e.sha256));
  });

  it('sessionZip is the report, the name and the archive of batchEntries in one call', async () => {
    const { results, session } = run(['one.png', 'two.png']);
    const made = sessionZip({ timestamp: STARTED, mode: 'byte_flip', intensity: 80, masterSeed: 100 }, results);
    expect(made.name).toBe('fracture_session_20250102-030405.zip');
    expect(made.report).toEqual(session);
    const [viaHelper, viaParts] = await Promise.all([
      new Response(made.stream).arrayBuffer(),
      new Response(zipStream(batchEntries(results, session))).arrayBuffer(),
    ]);
    expect(sha256(new Uint8Array(viaHelper))).toBe(sha256(new Uint8Array(viaParts)));
  });

  it('refuses results that are not the files the report was built from', () => {
    const { results, session } = run(['a.txt', 'b.txt']);
    expect(() => [...batchEntries(results.slice(1), session)]).toThrow(/lists 2 files but 1 were given/);
    expect(() => [...batchEntries([results[1], results[0]], session)]).toThrow(
      /File 1 is "b.txt" but the session report lists "a.txt"/,
    );
  });
});
