// The text of /developers/fault-injection, whose frame is FaultInjection in pages/Developers.tsx:
// `fracture mount` (docs/mount.md) for developers, its corrupted reads, fault rules, log, control
// socket, campaigns and power cuts, and the tables against other tools. A static part
// (site/shell/StaticPart.tsx): a first visit reads it in the prerendered HTML. developers.test.ts holds
// every rule, plan, option, model and table cell shown here to the sources and the native binary.
import { Fragment, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { TableScroll } from '../../ui/layout.tsx';
import type { CodeBlock as CodeBlockComponent } from './DeveloperPage.tsx';
import { type ComparisonTable, FAULT_TOOLS, MODELS, POWER_TOOLS } from './mountTables.ts';

/** Text with `code` in backticks, as the tables of docs/mount.md write it. */
export function inline(text: string): ReactNode {
  // Each part is keyed by where it starts in the text: stable, and unique.
  let at = 0;
  return text.split('`').map((part, n) => {
    const key = at;
    at += part.length + 1;
    return n % 2 ? <code key={key}>{part}</code> : <Fragment key={key}>{part}</Fragment>;
  });
}

/** A wide table in a named, focusable region that scrolls sideways (keyboard users can scroll it). */
const Wide = styled(TableScroll)`
  &:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
  & caption { padding: 10px 12px; text-align: left; font-weight: 700; color: var(--text); }
  & td, & tbody th { min-width: 9rem; }
  & > table[data-columns='3'] { min-width: 44rem; }
  & > table[data-columns='6'] { min-width: 66rem; }
  & > table[data-columns='8'] { min-width: 84rem; }
`;

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <Wide role="region" tabIndex={0} aria-label={caption}>
      <table data-columns={head.length}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h || i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...cells]) => (
            <tr key={first}>
              <th scope="row">{inline(first)}</th>
              {cells.map((cell, i) => (
                <td key={head[i + 1]}>{inline(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Wide>
  );
}

const comparison = (t: ComparisonTable) => <Table caption={t.caption} head={['', ...t.tools]} rows={t.rows} />;

/** What the page's first block shows: one line per way of using the mount. */
export const COMMANDS = `fracture mount photos/ mnt/ --mode bit_rot --intensity 40 --seed 7 -- ./importer mnt/
fracture mount data/ mnt/ --fault 'read:*.db:nth=5:EIO' --log faults.jsonl -- ./app --db mnt/app.db
fracture mount data/ mnt/ --fault 'fsync:*:nth=3:EIO' --upper after/ -- sqlite3 mnt/t.db 'INSERT ...'
fracture run --mount data/ --fault 'read:*:p=0.01:EIO' --count 200 -- ./app --db {}/app.db
fracture run --mount data/ --power-cut torn --check 'sqlite3 {}/app.db "PRAGMA integrity_check"' -- ./app {}`;

/** `--dry-run` on a directory holding b.txt and deep/a.png: what the binary prints (developers.test.ts). */
export const DRY_RUN = `$ fracture mount src mnt --seed 99 --mode bit_rot --intensity 90 --dry-run
mount /tmp/dr/src at /tmp/dr/mnt (seed 99)
file b.txt: fracture --mode bit_rot --intensity 90 --seed 240095254788716 /tmp/dr/src/b.txt
file deep/a.png: fracture --mode bit_rot --intensity 90 --seed 413708743897106 /tmp/dr/src/deep/a.png`;

/** Rules as `--fault` takes them, each with what it does; each parses as written. */
export const RULES: readonly (readonly [string, string])[] = [
  ['read:*.db:nth=5:EIO', 'the 5th read of each .db file fails with EIO'],
  ['fsync:*:nth=3:EIO', 'the 3rd fsync or fdatasync of each file fails'],
  ['write:*:after=1048576:ENOSPC', 'the disk is full once 1 MiB was written'],
  ['read:*.png:sel=png:IDAT#1:short', "reads of a PNG's first IDAT chunk come back short"],
  ['read:*:offset=4096:short=7', 'reads that touch byte 4096 return 7 bytes'],
  ['any:**:p=0.01:delay=20', 'one operation in a hundred waits 20 ms'],
  ['fsync:*.db:nth=1:drop', "the first fsync drops the file's unsynced data and fails"],
  ['rename:*:nth=1:power_cut', 'the power goes at the first rename'],
];

const RULE_LINES = RULES.map(([rule, what]) => `${`--fault '${rule}'`.padEnd(38)}# ${what}`).join('\n');

/** A plan (`--faults PLAN`): a rule as written, and a rule by its parts. */
export const PLAN = `[[fault]]
rule = "read:*.db:nth=5:EIO"

[[fault]]
op = "write"
path = "*"
after = 1048576
effect = "ENOSPC"`;

/** The rules PLAN holds, as the binary prints them back. */
export const PLAN_RULES = ['read:*.db:nth=5:EIO', 'write:*:after=1048576:ENOSPC'];

export const CTL = `fracture ctl mnt faults plan.toml     # replace the rules (- reads the plan from standard input)
fracture ctl mnt log                  # the log so far
fracture ctl mnt power-cut            # cut the power now (a mount with --power-cut)
fracture umount mnt                   # end the mount, even after its process was killed`;

export const CAMPAIGN = `fracture run --mount data/ --fault 'read:*:p=0.01:EIO' --count 200 --out campaign -- ./app --db {}/app.db
fracture mount data/ mnt --replay campaign/crashes/ID/minimized.jsonl -- ./app --db mnt/app.db`;

export const POWER = `fracture mount data/ mnt --power-cut torn --power-cut-at 3 --seed 9 --upper after/ -- python3 saver.py
fracture mount data/ mnt --power-cut misdirected --sector 512 --power-cut-at end --upper after/ -- ./app
fracture run --mount data/ --power-cut reorder --max 50 --keep-trees --check './check.sh {}' -- ./app {}`;

/** The worked example (engine-rs/cli/tests/mount_power.rs runs the same program and checker): the
 * program, the checker, and the two loops with what they print (developers.test.ts runs them). */
export const INSERT_SH = `# insert.sh: four transactions, each noted outside the mount (in the cut's own FRACTURE_NOTES)
# once sqlite3 reports it committed
: > "$FRACTURE_NOTES/committed"
for i in 1 2 3 4; do
  sqlite3 "$FRACTURE_MOUNT/t.db" "PRAGMA synchronous=$SYNC; INSERT INTO t VALUES($i);" > /dev/null || exit 1
  echo $i >> "$FRACTURE_NOTES/committed"
done`;

export const CHECK_SH = `# check.sh DIR: the database is whole and holds every noted commit
[ "$(sqlite3 "$1/t.db" 'PRAGMA integrity_check')" = ok ] || { echo 'integrity_check failed' >&2; exit 1; }
for i in $(cat "$FRACTURE_NOTES/committed" 2>/dev/null); do
  [ "$(sqlite3 "$1/t.db" "SELECT count(*) FROM t WHERE x=$i")" = 1 ] || { echo "committed transaction $i is missing" >&2; exit 1; }
done`;

export const SQLITE_RUN = `$ sqlite3 src/t.db 'PRAGMA journal_mode=WAL; CREATE TABLE t(x);' > /dev/null
$ SYNC=FULL fracture run --mount src --power-cut lose_unsynced --seed 3 --out full --check 'sh check.sh {}' -- sh insert.sh
fracture: run: seed 3, power cuts by lose_unsynced
fracture: run: the program makes K = 20 durability points: 21 cuts of 21
fracture: run: 21 cuts: 21 accepted, 0 failed; 0 unique -> full/summary.md
$ SYNC=OFF fracture run --mount src --power-cut lose_unsynced --seed 3 --out off --check 'sh check.sh {}' -- sh insert.sh
fracture: run: seed 3, power cuts by lose_unsynced
fracture: run: the program never makes anything durable (K = 0): only the cut after it ends
fracture: run: 1 cuts: 0 accepted, 1 failed; 1 unique -> off/summary.md`;

/** The operations, triggers and effects a rule takes, as the page lists them (rules.rs has the same). */
export const OPS = ['open', 'read', 'write', 'fsync', 'fdatasync', 'rename', 'unlink', 'any'];
export const ERRNOS = [
  'EIO',
  'ENOSPC',
  'EACCES',
  'EROFS',
  'EPERM',
  'EDQUOT',
  'EFBIG',
  'ENOMEM',
  'EINTR',
  'EAGAIN',
  'EBADF',
  'ENOENT',
  'EEXIST',
  'EISDIR',
  'ENOTDIR',
  'EINVAL',
  'EMFILE',
  'ENFILE',
  'EBUSY',
  'ENXIO',
  'ETIMEDOUT',
  'ENOLCK',
  'ESTALE',
  'EXDEV',
];

const list = (words: readonly string[]) =>
  words.map((w, i) => (
    <Fragment key={w}>
      {i > 0 && (i === words.length - 1 ? ' or ' : ', ')}
      <code>{w}</code>
    </Fragment>
  ));

/** The page's text; `CodeBlock` comes from the page (a type import here keeps it out of this chunk). */
export function FaultInjectionBody({ CodeBlock }: { CodeBlock: typeof CodeBlockComponent }) {
  return (
    <>
      <h2>A native command, for Linux</h2>
      <p>
        <code>fracture mount</code> is a command of the native command line (<code>make native</code> builds{' '}
        <code>target/release/fracture</code>) and runs on Linux with FUSE 3: it needs the kernel’s{' '}
        <code>/dev/fuse</code> and <code>fusermount3</code>, which <code>scripts/setup.sh</code> installs from Debian’s{' '}
        <code>fuse3</code>. Neither this site nor the npm command line can mount anything:{' '}
        <code>npx fracture mount</code> prints one line saying it is a native command and exits with status 2. macOS
        through macFUSE is untested: the code keeps to what FUSE offers on both, but no test runs there. The kernel’s
        protocol is spoken through the maintained <code>fuser</code> crate; the fault engine, the overlay and the seed
        rules are Fracture’s own.
      </p>
      <CodeBlock label="Ways to use fracture mount">{COMMANDS}</CodeBlock>
      <p>
        SOURCE, a directory or one file, appears at MOUNTPOINT. With <code>-- COMMAND</code> the command runs with the
        mount in place, in a process group of its own with <code>FRACTURE_MOUNT</code> set to the mountpoint; the mount
        ends when the command does, and <code>fracture</code> exits with its status (128 + N when signal N ended it).
        Without a command the mount stays until Ctrl-C, SIGTERM, SIGHUP or <code>fracture umount MOUNTPOINT</code>.
      </p>

      <h2>Corrupted reads equal the offline bytes</h2>
      <p>
        With a corruption option (<code>--mode</code>, <code>--intensity</code>, <code>--only</code>,{' '}
        <code>--protect</code>, <code>--fix-checksums</code>, <code>--member</code>) or <code>--files GLOB</code>, each
        selected file reads, by any sequence of reads at any offsets and sizes, from any number of threads, cached or
        with <code>O_DIRECT</code>, exactly the bytes <code>fracture</code> with the same options writes for a copy of
        it. The mount runs the command line’s own code into a private cache file the first time the file is read and
        answers each read as soon as its bytes are made, so memory stays that of a streamed run whatever the file’s
        size; <code>stat</code> shows the variant’s length. Without a corruption option, files show as they are and only
        the rules act. A file the program writes shows its own bytes from then on.
      </p>
      <h3>The seed rule</h3>
      <p>
        A SOURCE that is one file gets the seed S. In a directory, the file at path P gets (S + H(P)) mod 2<sup>53</sup>
        , where H(P) is the first 8 bytes of the SHA-256 of P’s bytes read big-endian: two files with the same bytes get
        different damage, and adding a file changes no other file’s seed. <code>--dry-run</code> prints each file’s seed
        and the command that writes its bytes, and mounts nothing:
      </p>
      <CodeBlock label="The seed of each file, with --dry-run">{DRY_RUN}</CodeBlock>

      <h2>Fault rules</h2>
      <p>
        A rule is <code>OP:GLOB:TRIGGER:EFFECT</code>, given with <code>--fault</code> (as often as needed) or in a TOML
        plan with <code>--faults PLAN</code>. The first rule that fires decides.
      </p>
      <ul>
        <li>
          <strong>OP</strong>: {list(OPS)}. <code>fsync</code> covers fsync and fdatasync, <code>fdatasync</code> only
          fdatasync; <code>open</code> covers creating opens too.
        </li>
        <li>
          <strong>GLOB</strong>: <code>*</code> and <code>?</code> within a path segment, <code>**</code> across. A GLOB
          with a <code>/</code> is matched against the path inside the mount, one without against the file’s name (
          <code>*.db</code> matches <code>data/app.db</code>).
        </li>
        <li>
          <strong>TRIGGER</strong>: <code>nth=N</code>, the Nth matching operation on a file, counted per rule and per
          file; <code>offset=N</code>, every read or write whose bytes include byte N; <code>sel=SELECTOR</code>, every
          read or write touching a region of the file’s structure map, named as <code>--only</code> names them;{' '}
          <code>after=BYTES</code>, every matching operation once that many bytes were written through the mount (the
          write that crosses the limit writes what fits and returns a short count, as a filling disk does);{' '}
          <code>p=P</code>, each matching operation with probability P, drawn from the seed, the rule and the operation
          itself, never from a shared random stream.
        </li>
        <li>
          <strong>EFFECT</strong>: an errno by name, {list(ERRNOS)}; <code>short</code> (half the bytes asked for) or{' '}
          <code>short=N</code>; <code>delay=MS</code> (the operation waits, then runs); for fsync and fdatasync{' '}
          <code>drop</code>, Linux’s behaviour after a writeback error: the data written since the file’s last durable
          point is dropped, the call fails with EIO and later fsyncs succeed; and <code>power_cut</code> (below).
        </li>
      </ul>
      <CodeBlock label="Fault rules">{RULE_LINES}</CodeBlock>
      <p>
        The same rules, seed and sequence of operations give the same faults whatever the threads, read sizes and
        timing. A file that a read or write rule can name, or whose writes a rule can drop, is opened with FUSE’s direct
        I/O, so each of the program’s reads and writes reaches the mount one for one and the 5th read is the program’s
        5th read; other files keep the page cache.
      </p>
      <h3>Plans</h3>
      <p>
        A plan is a TOML file of <code>[[fault]]</code> tables, each one rule as written or its parts. A mistake is
        refused with the plan’s name and line, exit status 2, before anything is mounted.
      </p>
      <CodeBlock label="A fault plan in TOML">{PLAN}</CodeBlock>

      <h2>The log and its replay</h2>
      <p>
        <code>--log FILE</code> writes JSON lines: first the mount (the version, the engine, SOURCE, the seed, the
        corruption and the rules), then one line per event. A <code>fault</code> line has the operation, path, offset,
        length, its number among that file’s operations of its kind, the rule, the errno or the short count returned,
        the process, and for reads and writes the regions of the file’s structure map it touched with what a strict
        reader should do about them. A <code>read</code> line is a read of a corrupted file with how many of its bytes
        differ from SOURCE; <code>variant</code>, a corrupted file made, with its seed, its replay command and the
        engine’s report; <code>error</code>, a SOURCE file the mount cannot read (its reads fail with EIO and the mount
        goes on); <code>plan</code>, rules put in force by <code>fracture ctl</code>; and, with power cuts,{' '}
        <code>cut</code> and <code>mmap</code>. <code>--replay LOG</code> injects exactly the logged faults again, each
        at its numbered operation on its path, with the log’s seed and corruption, and nothing else.
      </p>

      <h2>The control socket</h2>
      <p>
        Each mount has a private directory, mode 0700 (under <code>$XDG_RUNTIME_DIR/fracture/</code>, else{' '}
        <code>$TMPDIR/fracture-UID/</code>), that holds its control socket. Through it a test changes the rules while
        the program runs (their <code>nth</code> counts start again), reads the log so far (the last 100,000 lines, kept
        even without <code>--log</code>) or cuts the power.
      </p>
      <CodeBlock label="Talking to a running mount">{CTL}</CodeBlock>

      <h2>Campaigns and shrinking</h2>
      <p>
        <code>fracture run --mount SOURCE</code> with <code>--count N</code> runs the program N times, run k on a fresh
        mount with seed S + k; <code>{'{}'}</code> in its arguments is the mount’s path. Each run is classified as{' '}
        <code>fracture run</code> classifies them (accepted, rejected, crashed or hung) and recorded in{' '}
        <code>runs.jsonl</code>; <code>campaign.json</code> and <code>summary.md</code> list each unique failure. Each
        is shrunk to the fewest injected faults that still give its signature: delta debugging (Zeller and Hildebrandt’s
        ddmin) over its log’s faults, each test a mount that replays the faults kept, up to 200 tests.{' '}
        <code>crashes/ID/</code> keeps the run’s log and the shrunk one, <code>minimized.jsonl</code>, whose replay is
        the second line:
      </p>
      <CodeBlock label="A campaign and the replay of a shrunk failure">{CAMPAIGN}</CodeBlock>

      <h2>Power cuts</h2>
      <p>
        With <code>--power-cut MODEL</code> the mount holds what the program writes, truncates, creates, links, renames
        and unlinks, and lets it reach the upper directory, which plays the disk, only when the program makes it
        durable, as POSIX requires: a file’s data at fsync or fdatasync of the file (and at each write of a file opened
        with O_SYNC or O_DSYNC), a name at fsync of its parent directory, with the earlier name operations it depends
        on. Nothing else makes anything durable: not close, not the program’s exit. Reads see the program’s own writes
        at once, as a page cache does. ext4 often does more; the model is what every POSIX file system promises, so a
        program that passes it passes on them all.
      </p>
      <p>
        The durability points are the program’s fsync and fdatasync calls, fsyncs of directories and O_SYNC writes,
        numbered from 1. <code>--power-cut-at K</code> cuts at the Kth, before it takes effect;{' '}
        <code>--power-cut-at end</code> after the program ends; a <code>power_cut</code> rule at the operation it names;{' '}
        <code>fracture ctl MOUNTPOINT power-cut</code> at once. The program’s process group is stopped, and the disk
        keeps what the model says:
      </p>
      <Table
        caption="Power-cut models"
        head={['Model', 'What the disk holds after the cut', 'The real fault behind it']}
        rows={MODELS.map(([name, holds, fault]) => [`\`${name}\``, holds, fault])}
      />
      <p>
        Every choice is drawn from the seed, the model and the held operation’s place, so the same run, model, seed and
        cut point give the same tree byte for byte whatever the threads and timing; the cut prints the tree’s SHA-256.{' '}
        <code>--sector</code> (512 or 4096, the default) is the sector of torn writes and the block of lost and
        misdirected ones; <code>--torn-fill</code> (<code>zeros</code>, the default, or <code>old</code>) is what a torn
        write’s missing sectors hold.
      </p>
      <CodeBlock label="Power cuts">{POWER}</CodeBlock>
      <h3>The loop</h3>
      <p>
        <code>fracture run --power-cut MODEL --mount SOURCE --check CHECKER -- PROGRAM</code> answers “does our save
        survive a power cut at every point?”:
      </p>
      <ol>
        <li>
          CHECKER, a shell command in which <code>{'{}'}</code> is a mount’s path, must accept SOURCE as it is;
        </li>
        <li>
          PROGRAM runs once, uncut, to count its durability points K (a program that never makes anything durable is
          said on the first line);
        </li>
        <li>
          for each cut point, each of the K and the one after the program ends (a sample of <code>--max N</code> drawn
          from the seed when there are more), PROGRAM runs on a fresh mount whose power is cut there, and CHECKER runs
          on what the disk held, on a mount of its own without faults (<code>--keep-trees</code> keeps each tree);
        </li>
        <li>
          CHECKER’s outcome is the cut’s (accepted when it exits 0; rejected, crashed or hung as{' '}
          <code>fracture run</code> classifies); <code>runs.jsonl</code> records each cut, and{' '}
          <code>campaign.json</code> groups the failures by the operation at the cut and the checker’s signature, each
          with the commands that replay it.
        </li>
      </ol>
      <p>
        Each cut's PROGRAM and its CHECKER share <code>FRACTURE_NOTES</code>, a directory outside the mount, empty when
        the cut's PROGRAM starts: where a program notes what it told its user (a commit, an acknowledged save), for the
        checker to hold the disk to. Cuts run side by side (<code>--jobs</code>), so a file they shared would mix their
        notes.
      </p>
      <h3>Worked example: SQLite, synchronous=FULL against OFF</h3>
      <p>
        A program inserts four rows into a database in WAL mode, each in its own <code>sqlite3</code> run, and after
        each commit notes the row in <code>$FRACTURE_NOTES/committed</code>, outside the mount; the checker wants{' '}
        <code>PRAGMA integrity_check</code> to say <code>ok</code> and every noted row in the database.
      </p>
      <CodeBlock label="The program, insert.sh">{INSERT_SH}</CodeBlock>
      <CodeBlock label="The checker, check.sh">{CHECK_SH}</CodeBlock>
      <CodeBlock label="The loop with synchronous=FULL and with OFF, and what it prints">{SQLITE_RUN}</CodeBlock>
      <ul>
        <li>
          With <code>synchronous=FULL</code>, SQLite fsyncs the write-ahead log at each commit: 20 durability points, 21
          cuts, every one accepted. Wherever the power goes, the database is whole and holds every commit the program
          was told of.
        </li>
        <li>
          With <code>synchronous=OFF</code>, SQLite never fsyncs (K = 0): the cut after the program ends loses the
          write-ahead log, and the checker reports <code>committed transaction N is missing</code> (the digits of a
          signature are written N); <code>off/summary.md</code> gives the two commands that replay it, and the loop
          exits with status 1. SQLite’s documentation warns that with this setting the database might become corrupted
          if the operating system crashes or the computer loses power; here the loss is a committed transaction.
        </li>
      </ul>
      <p>
        <code>engine-rs/cli/tests/mount_power.rs</code> runs this example, and savers that show what ALICE describes: a
        temporary file renamed over the old one with only the directory fsynced is left empty under{' '}
        <code>lose_unsynced</code> (the rename is durable, the data is not) and empty or partial under <code>torn</code>
        ; a file rewritten in place without fsync is left partly new, partly old under <code>torn</code>; the safe saver
        (write the temporary file, fsync it, rename it, fsync the directory) passes every cut point under{' '}
        <code>lose_unsynced</code>, <code>torn</code> and <code>reorder</code>.
      </p>

      <h2>Safety</h2>
      <ul>
        <li>
          SOURCE is never written: its files are opened read-only, and writes, creations, renames and deletions land in
          an upper directory as overlayfs does it (a file copied up before its first change, a deleted name hidden by a
          whiteout). <code>--upper DIR</code> keeps it; otherwise it is private and removed at the end.{' '}
          <code>--upper</code>, <code>--log</code> and a campaign’s <code>--out</code> are refused inside SOURCE or
          MOUNTPOINT.
        </li>
        <li>
          A refusal is one line and exit status 2, with nothing mounted: no <code>/dev/fuse</code> or no{' '}
          <code>fusermount3</code> (the line says what to install), a MOUNTPOINT that is missing, not a directory, not
          empty or already a mount, SOURCE and MOUNTPOINT inside each other, a plan with an unknown operation, trigger
          or errno (with its line).
        </li>
        <li>
          However it ends, nothing is left: Ctrl-C, SIGTERM and SIGHUP pass to the command and end the mount cleanly;
          after SIGKILL, <code>fracture umount MOUNTPOINT</code> unmounts and removes the temporary directories. The
          tests check <code>/proc/mounts</code> and the temporary directory after each way of ending.
        </li>
      </ul>

      <h2>Against fault-injection tools</h2>
      <p>
        Each cell was checked against the tool’s own code, documentation and issue tracker; where a tool has an open
        request for a feature, its issue number is given.
      </p>
      {comparison(FAULT_TOOLS)}
      <h2>Against crash-consistency tools</h2>
      {comparison(POWER_TOOLS)}
      <p>
        Sources: the repositories dsrhaslab/lazyfs (issues #3 and #10), ligurio/unreliablefs (issues #27, #76, #96 and
        #101), scylladb/charybdefs, confluentinc/kibosh, albertito/libfiu, utsaslab/crashmonkey and madthanu/alice; the
        Linux kernel’s dm-flakey documentation and source; and the papers “When Amnesia Strikes” (LazyFS, PVLDB 2024),
        “Finding Crash-Consistency Bugs with Bounded Black-Box Crash Testing” (CrashMonkey, OSDI 2018) and “All File
        Systems Are Not Created Equal” (ALICE, OSDI 2014). The files behind each cell are listed in{' '}
        <code>docs/mount.md</code>.
      </p>
      <p>
        The full guide is <code>docs/mount.md</code> in the repository; the seed rules of files, faults and cuts are
        section 15 of <code>docs/contract.md</code>.
      </p>
    </>
  );
}
