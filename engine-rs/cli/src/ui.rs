//! What the user sees while a run goes on: a progress bar for the current file and one for the batch
//! (indicatif) when standard error is a terminal, and every other line printed around them.

use std::io::{IsTerminal, Write};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Ui {
    bars: Option<Bars>,
}

struct Bars {
    multi: MultiProgress,
    file: ProgressBar,
    batch: ProgressBar,
    /// Batch bytes done before the current file.
    before: u64,
    /// The current file's size.
    size: u64,
}

/// The npm CLI draws the same line (cli/progress.ts).
const TEMPLATE: &str = "{prefix:24!} [{bar:30}] {bytes:>10}/{total_bytes:10} {percent:>3}% {eta:>4} left";

impl Ui {
    /// Bars only when asked for and standard error is a terminal; `total` is the batch's bytes.
    pub fn new(bars: bool, total: u64) -> Ui {
        if !bars || !std::io::stderr().is_terminal() {
            return Ui { bars: None };
        }
        let multi = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(TEMPLATE)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        let file = multi.add(ProgressBar::new(0).with_style(style.clone()));
        let batch = multi.add(ProgressBar::new(total).with_style(style).with_prefix("batch"));
        Ui { bars: Some(Bars { multi, file, batch, before: 0, size: 0 }) }
    }

    /// A new file (or variant) of `size` bytes starts.
    pub fn start(&mut self, label: &str, size: u64) {
        if let Some(b) = &mut self.bars {
            b.size = size;
            b.file.reset();
            b.file.set_length(size);
            b.file.set_prefix(label.to_string());
        }
    }

    /// The batch learns a size it could not know up front (standard input's).
    pub fn grow(&mut self, bytes: u64) {
        if let Some(b) = &self.bars {
            b.batch.inc_length(bytes);
        }
    }

    /// The current file's progress as a fraction.
    pub fn progress(&mut self, fraction: f64) {
        if let Some(b) = &self.bars {
            let at = (b.size as f64 * fraction) as u64;
            b.file.set_position(at);
            b.batch.set_position(b.before + at);
        }
    }

    /// The current file is done (or failed): the batch moves past its bytes.
    pub fn done(&mut self) {
        if let Some(b) = &mut self.bars {
            b.before += b.size;
            b.batch.set_position(b.before);
            b.file.set_position(b.size);
        }
    }

    /// A line on standard output, drawn above the bars.
    pub fn out(&self, line: &str) {
        self.print(|| {
            let _ = writeln!(std::io::stdout().lock(), "{line}");
        });
    }

    /// A line on standard error, drawn above the bars.
    pub fn err(&self, line: &str) {
        self.print(|| eprintln!("{line}"));
    }

    fn print(&self, f: impl FnOnce()) {
        match &self.bars {
            Some(b) => b.multi.suspend(f),
            None => f(),
        }
    }

    /// Removes the bars.
    pub fn finish(&self) {
        if let Some(b) = &self.bars {
            b.file.finish_and_clear();
            b.batch.finish_and_clear();
            let _ = b.multi.clear();
        }
    }
}
