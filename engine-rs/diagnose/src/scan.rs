//! One pass over the whole file, a piece at a time: the counts the causes are judged on (line
//! endings, in binary stretches and overall; the high bit; how the bytes read as UTF-8; sectors of
//! zeros). Memory is a few counters whatever the file's size.

use crate::utf8::Utf8;

/// Line-ending counts of some stretch of the file.
#[derive(Clone, Copy, Default, Debug)]
pub struct Lines {
    pub bytes: u64,
    pub lf: u64,
    pub cr: u64,
    /// LF bytes right after a CR.
    pub crlf: u64,
}

impl Lines {
    fn add(&mut self, o: &Lines) {
        self.bytes += o.bytes;
        self.lf += o.lf;
        self.cr += o.cr;
        self.crlf += o.crlf;
    }
}

/// Sectors whose bytes are all zero, at 512-byte boundaries.
pub const SECTOR: u64 = 512;
/// Runs of zero sectors remembered (the count goes on past it).
const RUNS_KEPT: usize = 64;

#[derive(Default, Debug)]
pub struct Stats {
    pub size: u64,
    /// Bytes 0x80 and above.
    pub high: u64,
    pub all: Lines,
    /// Windows of `WINDOW` bytes that hold control bytes text never holds: compressed or binary data,
    /// where a CR before a LF is a 1-in-256 chance.
    pub binary: Lines,
    /// CR CR LF: a LF to CRLF conversion run on a file that already had CRLF.
    pub crcrlf: u64,
    pub first_crlf: Option<u64>,
    pub first_lone_lf: Option<u64>,
    pub utf8: Utf8,
    /// Zero runs `[start, end)` at sector boundaries (the first `RUNS_KEPT`), and how many there are.
    pub zero_runs: Vec<(u64, u64)>,
    pub zero_run_count: u64,
    pub zero_sectors: u64,
}

const WINDOW: usize = 4096;

/// The scan in progress.
pub struct Scan {
    s: Stats,
    prev: u8,
    prev2: u8,
    run: Option<(u64, u64)>,
}

impl Scan {
    pub fn new() -> Scan {
        Scan { s: Stats::default(), prev: 0, prev2: 0, run: None }
    }

    /// The next piece, at offset `at` (pieces come in order, each a multiple of 4096 bytes but the last).
    pub fn feed(&mut self, at: u64, piece: &[u8]) {
        self.s.utf8.feed(piece);
        for (i, w) in piece.chunks(WINDOW).enumerate() {
            self.window(at + (i * WINDOW) as u64, w);
        }
        for (i, sector) in piece.chunks(SECTOR as usize).enumerate() {
            let start = at + i as u64 * SECTOR;
            if sector.len() as u64 == SECTOR && sector.iter().all(|&b| b == 0) {
                self.s.zero_sectors += 1;
                match &mut self.run {
                    Some(r) if r.1 == start => r.1 = start + SECTOR,
                    _ => {
                        self.close_run();
                        self.run = Some((start, start + SECTOR));
                    }
                }
            }
        }
    }

    fn close_run(&mut self) {
        if let Some(r) = self.run.take() {
            self.s.zero_run_count += 1;
            if self.s.zero_runs.len() < RUNS_KEPT {
                self.s.zero_runs.push(r);
            }
        }
    }

    fn window(&mut self, at: u64, w: &[u8]) {
        // A histogram for the counts, then only the line feeds for the pairs.
        // Four tables: a run of one byte value (zeros) would otherwise wait on its own count each time.
        let mut four = [[0u32; 256]; 4];
        let mut quads = w.chunks_exact(4);
        for q in &mut quads {
            four[0][usize::from(q[0])] += 1;
            four[1][usize::from(q[1])] += 1;
            four[2][usize::from(q[2])] += 1;
            four[3][usize::from(q[3])] += 1;
        }
        for &b in quads.remainder() {
            four[0][usize::from(b)] += 1;
        }
        let mut hist = [0u32; 256];
        for (i, h) in hist.iter_mut().enumerate() {
            *h = four[0][i] + four[1][i] + four[2][i] + four[3][i];
        }
        let count = |r: std::ops::RangeInclusive<usize>| r.map(|i| u64::from(hist[i])).sum::<u64>();
        let controls =
            count(0..=8) + count(0x0E..=0x1A) + count(0x1C..=0x1F) + u64::from(hist[0x0B]) + u64::from(hist[0x7F]);
        let mut l = Lines { bytes: w.len() as u64, lf: u64::from(hist[10]), cr: u64::from(hist[13]), crlf: 0 };
        self.s.high += count(0x80..=0xFF);
        if l.lf > 0 {
            let before = |i: usize, k: usize, prev: u8, prev2: u8| match (i.checked_sub(k), k) {
                (Some(j), _) => w[j],
                (None, 1) => prev,
                (None, _) if i == 1 => prev,
                (None, _) => prev2,
            };
            for i in memchr::memchr_iter(b'\n', w) {
                if before(i, 1, self.prev, self.prev2) == b'\r' {
                    l.crlf += 1;
                    self.s.first_crlf.get_or_insert(at + i as u64);
                    if before(i, 2, self.prev, self.prev2) == b'\r' {
                        self.s.crcrlf += 1;
                    }
                } else {
                    self.s.first_lone_lf.get_or_insert(at + i as u64);
                }
            }
        }
        let n = w.len();
        (self.prev, self.prev2) = (w[n - 1], if n >= 2 { w[n - 2] } else { self.prev });
        self.s.all.add(&l);
        // Text has next to no control bytes; compressed data has about one in ten (one in five once
        // its high bits are cleared).
        if controls * 20 >= l.bytes && l.bytes >= 256 {
            self.s.binary.add(&l);
        }
    }

    pub fn finish(mut self, size: u64) -> Stats {
        self.close_run();
        self.s.utf8.finish();
        self.s.size = size;
        self.s
    }
}

/// Whether the `k` observed events are far above what chance gives (`lambda` expected): the Chernoff
/// bound on the Poisson tail, P(X >= k) <= e^-lambda (e lambda / k)^k, as a probability.
pub fn upper_tail(k: u64, lambda: f64) -> f64 {
    let k = k as f64;
    if k <= lambda {
        return 1.0;
    }
    (-lambda + k * (std::f64::consts::E * lambda.max(1e-12) / k).ln()).exp().min(1.0)
}

/// P(X <= k) for X Poisson(lambda), bounded the same way from the other side.
pub fn lower_tail(k: u64, lambda: f64) -> f64 {
    let k = k as f64;
    if k >= lambda {
        return 1.0;
    }
    if k == 0.0 {
        return (-lambda).exp();
    }
    (-lambda + k * (std::f64::consts::E * lambda / k).ln()).exp().min(1.0)
}
