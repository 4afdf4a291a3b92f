// The tables both engines read come from engine-data/formats.toml through scripts/gen-engine-data.mjs,
// run here as `make` and `make lint` run it: the committed tables must be what the TOML gives, a
// changed TOML must make `--check` fail naming the stale files, and data that breaks a rule of the
// contract must be refused with a message naming the row.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GENERATOR = join(ROOT, 'scripts/gen-engine-data.mjs');
const TOML = readFileSync(join(ROOT, 'engine-data/formats.toml'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'fracture-engine-data-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REPORT_TOML = readFileSync(join(ROOT, 'engine-data/report.toml'), 'utf8');
const MESSAGES_TOML = readFileSync(join(ROOT, 'engine-data/messages.toml'), 'utf8');
const CLI_TOML = readFileSync(join(ROOT, 'engine-data/cli.toml'), 'utf8');

/**
 * `--check` against `toml` (the repository's formats TOML when omitted) and `reportToml` (its
 * report TOML when omitted): exit status and stderr.
 */
function check(
  toml?: string,
  reportToml?: string,
  messagesToml?: string,
  cliToml?: string,
): { status: number | null; stderr: string } {
  const args = [GENERATOR, '--check'];
  for (const [flag, text] of [
    ['--data', toml],
    ['--report-data', reportToml],
    ['--messages-data', messagesToml],
    ['--cli-data', cliToml],
  ] as const) {
    if (text === undefined) continue;
    const path = join(dir, `data-${Math.random().toString(36).slice(2)}.toml`);
    writeFileSync(path, text);
    args.push(flag, path);
  }
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

/** The TOML with `from` replaced by `to` (which must occur exactly once). */
function edited(from: string, to: string): string {
  expect(TOML.split(from).length, `${from} occurs once`).toBe(2);
  return TOML.replace(from, to);
}

describe('engine-data/formats.toml and the generated tables', () => {
  it('the committed tables are what the TOML gives', () => {
    expect(check()).toEqual({ status: 0, stderr: '' });
  });

  it('a changed TOML makes --check fail, naming exactly the stale files', () => {
    const { status, stderr } = check(edited('gzip = ["gz", "gzip", "tgz"]', 'gzip = ["gz", "gzip", "tgz", "gzz"]'));
    expect(status).toBe(1);
    const stale = /^Stale: (.*)$/m.exec(stderr)?.[1].split(', ');
    expect(stale).toEqual([
      'engine-rs/core/src/formats/tables.rs',
      'lib/engine/reference/tables.ts',
      'docs/contract.md',
    ]);
  });

  it('a changed UI label reaches the UI list, the native CLI table (PDF reports) and the contract, not the engines', () => {
    const { status, stderr } = check(edited('Cut & Replace · Size Alteration', 'Cut & Replace · Size Change'));
    expect(status).toBe(1);
    // The native CLI's table holds the labels for its PDF reports.
    expect(/^Stale: (.*)$/m.exec(stderr)?.[1].split(', ')).toEqual([
      'engine-rs/host/src/ui_modes.rs',
      'lib/engine/shared/mode-tables.ts',
      'docs/contract.md',
    ]);
  });

  it('a changed report label reaches the PDF writer and the workspace, nothing else', () => {
    const from = '["one_in_bits", "Rate, 1 in this many bits"]';
    expect(REPORT_TOML.split(from).length).toBe(2);
    const { status, stderr } = check(undefined, REPORT_TOML.replace(from, '["one_in_bits", "One bit in"]'));
    expect(status).toBe(1);
    expect(/^Stale: (.*)$/m.exec(stderr)?.[1].split(', ')).toEqual([
      'engine-rs/host/src/report/tables.rs',
      'lib/report/tables.ts',
    ]);
  });

  it('refuses report data that breaks its shape, naming the file and the key', () => {
    const short = check(undefined, REPORT_TOML.replace('widest = 1000', 'widest = 0'));
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('engine-data/report.toml: pdf.widest: expected an integer from 1 to 1000');
    const twice = check(undefined, REPORT_TOML.replace('["removed", "Bytes removed"]', '["ops", "Bytes removed"]'));
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('texts.mode_fields: key ops appears twice');
    const row = '{ label = "Sizes", field = "original_size", format = "sizes" }';
    expect(REPORT_TOML.split(row).length).toBe(2);
    const format = check(undefined, REPORT_TOML.replace(row, row.replace('"sizes"', '"size"')));
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('engine-data/report.toml: pdf_rows.session_file[1]: format "size" is not one of');
    const unlabelled = check(undefined, REPORT_TOML.replace(row, '{ field = "original_size", format = "sizes" }'));
    expect(unlabelled.status).toBe(2);
    expect(unlabelled.stderr).toContain('pdf_rows.session_file[1]: missing `label`');
  });

  it('a PDF row moved in report.toml moves in the one PDF writer, nothing else', () => {
    const intensity = '  { label = "Intensity", field = "intensity", format = "text" },\n';
    const seed = '  { label = "Seed", field = "seed", format = "text" },\n';
    expect(REPORT_TOML.split(intensity + seed).length).toBe(2);
    const { status, stderr } = check(undefined, REPORT_TOML.replace(intensity + seed, seed + intensity));
    expect(status).toBe(1);
    expect(/^Stale: (.*)$/m.exec(stderr)?.[1].split(', ')).toEqual(['engine-rs/host/src/report/tables.rs']);
  });

  it('a changed option help reaches both command lines, nothing else', () => {
    const from = 'help = "0-100 (default 80)"';
    expect(CLI_TOML.split(from).length).toBe(2);
    const { status, stderr } = check(undefined, undefined, undefined, CLI_TOML.replace(from, 'help = "0 to 100"'));
    expect(status).toBe(1);
    expect(/^Stale: (.*)$/m.exec(stderr)?.[1].split(', ')).toEqual([
      'engine-rs/host/src/cli_tables.rs',
      'cli/cli-tables.ts',
    ]);
  });

  it('refuses command-line data that breaks its shape, naming the file and the key', () => {
    const flag = '{ name = "quiet", help = "no progress lines" }';
    expect(CLI_TOML.split(flag).length).toBe(2);
    const repeated = check(
      undefined,
      undefined,
      undefined,
      CLI_TOML.replace(flag, flag.replace('name', 'repeatable = true, name')),
    );
    expect(repeated.status).toBe(2);
    expect(repeated.stderr).toContain(
      'engine-data/cli.toml: minimize.options[4]: a flag takes no value to repeat or read',
    );
    const twice = check(undefined, undefined, undefined, CLI_TOML.replace(flag, '{ name = "out", help = "x" }'));
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('minimize.options: name out appears twice');
  });

  it('a changed host message reaches the Rust hosts and the TypeScript hosts, nothing else', () => {
    const from = 'output_is_input = "output {path} is the input {input}"';
    expect(MESSAGES_TOML.split(from).length).toBe(2);
    const edited = MESSAGES_TOML.replace(from, 'output_is_input = "output {path} would replace the input {input}"');
    const { status, stderr } = check(undefined, undefined, edited);
    expect(status).toBe(1);
    expect(/^Stale: (.*)$/m.exec(stderr)?.[1].split(', ')).toEqual([
      'engine-rs/host/src/messages.rs',
      'lib/engine/shared/messages.ts',
    ]);
  });

  it('refuses a message with a stray brace or a bad name', () => {
    const brace = check(undefined, undefined, MESSAGES_TOML.replace('is a directory"', 'is a {directory"'));
    expect(brace.status).toBe(2);
    expect(brace.stderr).toContain('engine-data/messages.toml: messages.output_is_directory:');
    const name = check(undefined, undefined, MESSAGES_TOML.replace('[messages]\n', '[messages]\nBad = "x"\n'));
    expect(name.status).toBe(2);
    expect(name.stderr).toContain('messages.Bad: a name is lower-case words joined by _');
  });

  it('refuses an errno worded twice, or worded by a message that takes placeholders', () => {
    const twice = check(
      undefined,
      undefined,
      MESSAGES_TOML.replace('io_busy = ["EBUSY"]', 'io_busy = ["EBUSY", "EIO"]'),
    );
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('engine-data/messages.toml: errno.io_busy: EIO is worded twice');
    const placeholders = check(undefined, undefined, `${MESSAGES_TOML}cannot_write = ["EXDEV"]\n`);
    expect(placeholders.status).toBe(2);
    expect(placeholders.stderr).toContain('errno.cannot_write: not a message without {placeholders}');
  });

  it("refuses a fill byte against the contract's rule", () => {
    const { status, stderr } = check(edited("{ bytes = 'PE\\x00\\x00', fill = 0xFF }", "'PE\\x00\\x00'"));
    expect(status).toBe(2);
    expect(stderr).toContain('family pe.signatures[0]: PE\\x00\\x00 must be filled with 0xFF');
  });

  it('refuses an extension listed twice', () => {
    const { status, stderr } = check(edited('cab = ["cab"]', 'cab = ["cab", "gz"]'));
    expect(status).toBe(2);
    expect(stderr).toContain('gz is listed twice (gzip, cab)');
  });

  it('refuses bytes outside the notation, unknown keys and unknown families', () => {
    const space = check(edited("bytes = 'AVI\\x20'", "bytes = 'AVI '"));
    expect(space.status).toBe(2);
    expect(space.stderr).toContain('magic[11].bytes: "AVI ": write byte 3 as \\xNN');

    const typo = check(edited('header_text = "the MSCF signature"', 'header_txt = "the MSCF signature"'));
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('family cab: missing `header_text`');

    const family = check(
      edited(
        '{ family = "cab", offset = 0, bytes = \'MSCF\' }',
        '{ family = "cabinet", offset = 0, bytes = \'MSCF\' }',
      ),
    );
    expect(family.status).toBe(2);
    expect(family.stderr).toContain('magic[25].family: unknown family "cabinet"');
  });
});
