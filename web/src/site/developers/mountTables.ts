// The tables of /developers/fault-injection, cell for cell those of docs/mount.md (the power-cut models
// and "Against other tools"; developers.test.ts holds them equal). A cell is text with `code` in
// backticks.

export interface ComparisonTable {
  caption: string;
  /** The tools, Fracture first. */
  tools: readonly string[];
  /** Each row: what is compared, then one cell per tool. */
  rows: readonly (readonly string[])[];
}

export const FAULT_TOOLS: ComparisonTable = {
  caption: 'Fracture against fault-injection tools',
  tools: ['Fracture', 'LazyFS', 'unreliablefs', 'CharybdeFS', 'Kibosh', 'libfiu', 'dm-flakey'],
  rows: [
    [
      'How it sits',
      'FUSE 3 mount; no root beyond FUSE',
      'FUSE 3 mount; `allow_other` (`user_allow_other` in /etc/fuse.conf)',
      'FUSE 2 mount (Linux, BSDs, macOS)',
      'FUSE 2 mount, run as root in its README',
      'FUSE 2 mount (Linux)',
      'LD_PRELOAD (`fiu-run -x`) or failure points built into the program',
      'device mapper: root and a block device',
    ],
    [
      'Reproducible',
      'seed; per-operation draws, same faults whatever the threads',
      'no randomness: a config fault fires at its Nth occurrence; a FIFO command when it arrives',
      '`-seed` (default the time), but one global `rand()` shared by the FUSE threads',
      'no seed: `std::random_device`',
      '`--random-seed` (default the time), but one `drand48()` stream shared by the FUSE threads',
      'own generator, seeded by the clock unless `FIU_PRNG_SEED`; errnos and short counts from `random()`',
      'faults follow the wall clock (up/down intervals)',
    ],
    [
      'Errors (EIO, ENOSPC, ...)',
      '24 errnos by name, per op, path, count, offset, structure region, bytes written, probability',
      'none',
      "a random errno from the operation's list (`errinj_errno`)",
      'a chosen or random errno per FUSE operation, with a probability',
      'a chosen errno on reads (`unreadable`) or writes (`unwritable`)',
      "a chosen or random errno from each libc call's list",
      'EIO on reads and/or writes in down intervals',
    ],
    [
      'Short reads and writes',
      '`short`, `short=N`',
      'no',
      'no (#27, incomplete writes: closed, not done)',
      'no',
      'short reads of random length (`read_corrupt` mode 1200)',
      "`.../reduce` points cut a read's or write's count at random",
      'no',
    ],
    [
      'Data corruption',
      "the engine's modes, byte-identical to offline, with what each change hit",
      'no',
      "no (#101: Kibosh's `read_corrupt`, `write_corrupt` not implemented)",
      'no',
      "random bytes or zeros on reads and writes; drops the machine's page cache every second (root)",
      'no',
      '`corrupt_bio_byte`, `random_read_corrupt`, `random_write_corrupt`',
    ],
    [
      'fsync failure / drop',
      "errno, and Linux's drop after a writeback error",
      'fsync never fails; `clear-cache` loses unsynced writes',
      "a random errno from fsync's list; the behaviour after it asked for (#76, #96)",
      'an errno on `fsync` or `fsyncdir`',
      'no',
      'errno (`posix/io/sync/fsync`, `fdatasync`)',
      '`drop_writes` or `error_writes` in down intervals',
    ],
    [
      'Change the plan at run time',
      'control socket (`fracture ctl`)',
      'FIFO commands; a socket asked for (#3)',
      '`unreliablefs.conf` in the mount, read again when touched',
      'Thrift RPC server',
      'JSON written to the `kibosh_control` file',
      '`fiu-ctrl` over a named pipe',
      'reload the table (`dmsetup suspend`, `load`, `resume`)',
    ],
    [
      'Path selection',
      'globs',
      'one exact path per torn or clear fault, a regex for `crash`; wildcards asked for (#10)',
      'regex (`path_regexp`)',
      'regex',
      'a path prefix and suffix',
      'no (failure points are libc calls)',
      'whole device',
    ],
    [
      'Log and replay',
      'JSON lines; `--replay` injects exactly the logged faults',
      'a log of operations (`log_all_operations`); no replay',
      'each injection printed; no replay',
      'no',
      'each fault in `--log`; no replay',
      'no',
      'no',
    ],
    [
      'Loop that finds and shrinks failures',
      '`fracture run --mount` (ddmin over faults)',
      'none of its own; Jepsen drives it',
      'no',
      'no',
      'no',
      'no',
      'no',
    ],
  ],
};

export const POWER_TOOLS: ComparisonTable = {
  caption: 'Fracture against crash-consistency tools',
  tools: ['Fracture', 'LazyFS', 'CrashMonkey', 'ALICE', 'dm-flakey'],
  rows: [
    [
      'What it tests',
      'a program on any file system (FUSE)',
      'a program on FUSE',
      'Linux file systems (a kernel module records block I/O)',
      'a program, from a recorded system-call trace',
      'whatever runs on the device',
    ],
    [
      'Needs',
      'FUSE',
      'FUSE, `user_allow_other`',
      'root, its kernel modules (kernels 3.12 to 5.6 tested), its RAM block device',
      'Python 2.7 and its own strace (`alice-strace`)',
      'root, device mapper, a block device',
    ],
    [
      'Lost unsynced data',
      '`lose_unsynced`',
      '`clear-cache`',
      'crash states at persistence points',
      'yes (abstract persistence models)',
      '`drop_writes` (breaks the file system easily, LazyFS #3)',
    ],
    [
      'Torn writes',
      '`torn`, whole sectors, zeros or old bytes',
      '`torn-op`: some parts of one write persist',
      'a random subset of the sectors since the last barrier (`-S` sector size)',
      'writes split block-aligned or in N pieces; appends may leave zeros or garbage',
      'no',
    ],
    [
      'Reordering',
      '`reorder`, with dependencies kept',
      '`torn-seq`: the named writes of a run of writes to one file persist',
      'block writes permuted between barriers (without `-P`)',
      'yes',
      'no',
    ],
    [
      'Lost and misdirected block writes',
      '`lost_write`, `misdirected`',
      'no',
      'no',
      'no',
      '`drop_writes` loses every write of a down interval; none misdirected',
    ],
    [
      'Reproducible',
      'seed, the cut point and the operations: the same tree, its SHA-256 printed',
      'an occurrence count in the config repeats; a FIFO command lands when it arrives',
      'replays the recorded I/O; permutations from a fixed-seed `mt19937(42)`',
      'deterministic exploration of the trace',
      'follows the wall clock',
    ],
    [
      'The loop',
      "every durability point (or a seeded sample), the checker's verdict per cut, grouped, with replays",
      'none of its own: Jepsen or a script',
      'its auto-checker on each crash state; Ace generates workloads',
      'its explorer runs your checker on each crash state',
      'none',
    ],
  ],
};

/** The power-cut models: name, what the disk holds after the cut, the real fault behind it (docs/mount.md). */
export const MODELS: readonly (readonly [string, string, string])[] = [
  [
    'lose_unsynced',
    'only what was durable: every held operation is lost',
    "the page cache lost with the power: LazyFS's `clear-cache`, dm-flakey's `drop_writes`",
  ],
  [
    'torn',
    "what was durable, and of each held write its first c sectors (`--sector`, 512 or 4096), c drawn from the seed between none and all; the rest of the write's bytes hold zeros (the file grown to the write's end, `--torn-fill zeros`: the zero-filled extents ext4's delayed allocation leaves) or what was there (`--torn-fill old`); other held operations are lost",
    'a write torn at a sector boundary by a power loss: drives promise atomic sectors, not atomic writes',
  ],
  [
    'reorder',
    "what was durable, and a subset of the held operations, each kept with probability 1/2 drawn from the seed, but never without an earlier one it depends on (a rename without the creation it moves); a file's data may be lost while the rename that put it in place survives",
    "a disk cache or a file system that persists in its own order (ALICE's reordering, CrashMonkey's crash states)",
  ],
  [
    'lost_write',
    'what was durable, except one block write drawn from the seed among those still on the disk: it never reached the disk (the block holds what it held before); held operations are lost',
    'a lost write: the drive acknowledged it and never wrote it (Bairavasundaram et al., "An Analysis of Data Corruption in the Storage Stack", FAST 2008)',
  ],
  [
    'misdirected',
    "as `lost_write`, and the lost block's bytes landed at another block-aligned offset of the same file, drawn from the seed",
    'a misdirected write (Krioukov et al., "Parity Lost and Parity Regained", FAST 2008)',
  ],
];
