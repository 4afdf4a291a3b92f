//! What a run came to (docs/campaigns.md, sections 3 and 4): the outcome from the exit status and
//! standard error, the signature of a crash or hang, and the crash id derived from it.

use regex::Regex;
use std::sync::OnceLock;

/// How a run of the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Code(i32),
    /// Ended by this signal (Linux's numbering: the records name signals as Linux does).
    Signal(i32),
    /// Still running at the timeout (its group was killed).
    Timeout,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Accepted,
    Rejected,
    Crashed,
    Hung,
}

impl Outcome {
    pub const ALL: [Outcome; 4] = [Outcome::Accepted, Outcome::Rejected, Outcome::Crashed, Outcome::Hung];

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Accepted => "accepted",
            Outcome::Rejected => "rejected",
            Outcome::Crashed => "crashed",
            Outcome::Hung => "hung",
        }
    }

    pub fn from_name(name: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.name() == name)
    }

    /// Crashed and hung runs are failures: they have a signature and make the exit code 1.
    pub fn failed(self) -> bool {
        matches!(self, Outcome::Crashed | Outcome::Hung)
    }
}

/// What makes a run a crash besides a crash signal: `--crash-exit` and `--crash-pattern`.
pub struct Rules {
    pub crash_exit: Vec<i32>,
    pub pattern: Option<Regex>,
}

/// A run's outcome with its exit code or signal name and, for a failure, its signature.
#[derive(Debug, PartialEq)]
pub struct Verdict {
    pub outcome: Outcome,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    pub signature: Option<String>,
}

/// The signals that are crashes (docs/campaigns.md, section 3, rule 2).
/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP and SIGSYS (Linux's numbers).
const CRASH_SIGNALS: [i32; 7] = [11, 7, 4, 8, 6, 5, 31];

/// Linux's signal names for 1-31, `SIG{n}` otherwise.
pub fn signal_name(n: i32) -> String {
    match usize::try_from(n) {
        Ok(i @ 1..=31) => SIGNAL_NAMES[i - 1].to_string(),
        _ => format!("SIG{n}"),
    }
}

/// How a test of the minimiser that ended so failed (None: it passed), as `fracture minimize`'s
/// progress lines say it: `exit 1`, `killed by signal 11`, `timed out after 10000 ms`.
pub fn test_failure(status: &Status, timeout_ms: u64) -> Option<String> {
    match status {
        Status::Code(0) => None,
        Status::Code(code) => Some(crate::messages::minimize_exit(&code.to_string())),
        Status::Signal(n) => Some(crate::messages::minimize_signal(&n.to_string())),
        Status::Timeout => Some(crate::messages::minimize_timeout(&timeout_ms.to_string())),
    }
}

/// The Linux number of a signal named as `signal_name` names it (Node reports signals by name, with
/// its platform's numbers); 0 for a name it does not know.
pub fn signal_number(name: &str) -> i32 {
    let alias = match name {
        "SIGIOT" => "SIGABRT",
        "SIGPOLL" => "SIGIO",
        other => other,
    };
    match SIGNAL_NAMES.iter().position(|n| *n == alias) {
        Some(i) => i as i32 + 1,
        None => alias.strip_prefix("SIG").and_then(|n| n.parse().ok()).unwrap_or(0),
    }
}

/// Linux's names of signals 1-31.
const SIGNAL_NAMES: [&str; 31] = [
    "SIGHUP",
    "SIGINT",
    "SIGQUIT",
    "SIGILL",
    "SIGTRAP",
    "SIGABRT",
    "SIGBUS",
    "SIGFPE",
    "SIGKILL",
    "SIGUSR1",
    "SIGSEGV",
    "SIGUSR2",
    "SIGPIPE",
    "SIGALRM",
    "SIGTERM",
    "SIGSTKFLT",
    "SIGCHLD",
    "SIGCONT",
    "SIGSTOP",
    "SIGTSTP",
    "SIGTTIN",
    "SIGTTOU",
    "SIGURG",
    "SIGXCPU",
    "SIGXFSZ",
    "SIGVTALRM",
    "SIGPROF",
    "SIGWINCH",
    "SIGIO",
    "SIGPWR",
    "SIGSYS",
];

/// Standard error's kept bytes as lines: lossy UTF-8, split on `\n`, a trailing `\r` removed.
fn lines(stderr: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(stderr);
    text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect()
}

struct Patterns {
    sanitizer: Regex,
    frame: Regex,
    panic: Regex,
    numbers: Regex,
    blanks: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("a valid built-in pattern");
        Patterns {
            sanitizer: re(r"^==[0-9]+==(ERROR|WARNING): [A-Za-z]+Sanitizer|^WARNING: ThreadSanitizer|runtime error: "),
            frame: re(r"^\s*#[0-9]+ "),
            panic: re(r"^thread '.*' panicked at "),
            numbers: re(r"0x[0-9a-fA-F]+|[0-9]+"),
            blanks: re(r"[ \t]+"),
        }
    })
}

/// The report lines of standard error (section 3), not yet normalised: None when there is no report.
pub fn report_lines(stderr: &[u8], rules: &Rules) -> Option<Vec<String>> {
    let p = patterns();
    let lines = lines(stderr);
    if let Some(at) = lines.iter().position(|l| p.sanitizer.is_match(l)) {
        let frames = lines[at + 1..].iter().filter(|l| p.frame.is_match(l)).take(3);
        return Some(std::iter::once(&lines[at]).chain(frames).cloned().collect());
    }
    if let Some(at) = lines.iter().position(|l| p.panic.is_match(l)) {
        let mut out = vec![lines[at].clone()];
        if lines[at].ends_with(':') {
            if let Some(next) = lines.get(at + 1) {
                out.push(next.clone());
            }
        }
        return Some(out);
    }
    let pattern = rules.pattern.as_ref()?;
    lines.iter().find(|l| pattern.is_match(l)).map(|l| vec![l.clone()])
}

/// Addresses `0x?` and numbers `N` in one pass, blanks collapsed, trimmed (section 4).
pub fn normalise(line: &str) -> String {
    let p = patterns();
    let line = p.numbers.replace_all(line, |c: &regex::Captures| if c[0].starts_with("0x") { "0x?" } else { "N" });
    let line = p.blanks.replace_all(&line, " ");
    line.trim_matches(' ').to_string()
}

/// The signature of a failed run (section 4), from its outcome, exit code or signal, and standard error.
pub fn signature(
    outcome: Outcome,
    exit_code: Option<i32>,
    signal: Option<&str>,
    stderr: &[u8],
    rules: &Rules,
) -> String {
    if outcome == Outcome::Hung {
        return "hung\ntimeout".to_string();
    }
    let cause = match (signal, exit_code) {
        (Some(s), _) => format!("signal {s}"),
        (None, Some(c)) => format!("exit {c}"),
        (None, None) => "exit ?".to_string(),
    };
    let mut text = format!("crashed\n{cause}");
    for line in report_lines(stderr, rules).unwrap_or_default() {
        text.push('\n');
        text.push_str(&normalise(&line));
    }
    text
}

/// The first rule that applies decides (section 3).
pub fn classify(status: &Status, stderr: &[u8], rules: &Rules) -> Verdict {
    let (exit_code, signal) = match *status {
        Status::Code(c) => (Some(c), None),
        Status::Signal(s) => (None, Some(s)),
        Status::Timeout => {
            return Verdict {
                outcome: Outcome::Hung,
                exit_code: None,
                signal: None,
                signature: Some(signature(Outcome::Hung, None, None, stderr, rules)),
            }
        }
    };
    let crashed = signal.is_some_and(|s| CRASH_SIGNALS.contains(&s))
        || exit_code.is_some_and(|c| rules.crash_exit.contains(&c))
        || report_lines(stderr, rules).is_some();
    let outcome = if crashed {
        Outcome::Crashed
    } else if exit_code == Some(0) {
        Outcome::Accepted
    } else {
        Outcome::Rejected
    };
    let signal = signal.map(signal_name);
    let signature = crashed.then(|| signature(outcome, exit_code, signal.as_deref(), stderr, rules));
    Verdict { outcome, exit_code, signal, signature }
}

/// The first 12 hex digits of the signature's SHA-256.
pub fn crash_id(signature: &str) -> String {
    let mut h = fracture_engine::Sha256Hasher::default();
    h.update(signature.as_bytes());
    h.hex()[..12].to_string()
}

/// Whether `id` is a crash id as `crash_id` makes them: 12 lower-case hexadecimal digits. A crash id
/// names a directory under DIR/crashes, so one read back from a file (a shard's runs.jsonl, say) that
/// is anything else, `../../x` for one, is not taken.
pub fn is_crash_id(id: &str) -> bool {
    id.len() == 12 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(pattern: Option<&str>) -> Rules {
        Rules { crash_exit: vec![3], pattern: pattern.map(|p| Regex::new(p).unwrap()) }
    }

    #[test]
    fn crash_ids_read_back_are_what_crash_id_makes() {
        assert!(is_crash_id(&crash_id("crashed\nsignal SIGSEGV")));
        for bad in ["", "a2fc820b9db", "a2fc820b9db1a", "A2FC820B9DB1", "../../../tmp", "a2fc820b9db/", "a2fc820b9dbg"]
        {
            assert!(!is_crash_id(bad), "{bad:?}");
        }
    }

    #[test]
    fn outcomes_by_rule_order() {
        let r = rules(None);
        let v = classify(&Status::Code(0), b"", &r);
        assert_eq!((v.outcome, v.exit_code, v.signature), (Outcome::Accepted, Some(0), None));
        assert_eq!(classify(&Status::Code(2), b"", &r).outcome, Outcome::Rejected);
        let v = classify(&Status::Code(3), b"", &r);
        assert_eq!((v.outcome, v.signature.as_deref()), (Outcome::Crashed, Some("crashed\nexit 3")));
        let v = classify(&Status::Signal(11), b"", &r);
        assert_eq!((v.outcome, v.signal.as_deref()), (Outcome::Crashed, Some("SIGSEGV")));
        assert_eq!(v.signature.as_deref(), Some("crashed\nsignal SIGSEGV"));
        assert_eq!(classify(&Status::Signal(9), b"", &r).outcome, Outcome::Rejected);
        assert_eq!(classify(&Status::Signal(15), b"", &r).signal.as_deref(), Some("SIGTERM"));
        let v = classify(&Status::Timeout, b"thread 'main' panicked at x", &r);
        assert_eq!((v.outcome, v.signature.as_deref()), (Outcome::Hung, Some("hung\ntimeout")));
        assert_eq!(signal_name(64), "SIG64");
    }

    #[test]
    fn sanitizer_panic_and_pattern_reports() {
        let asan = b"noise 12\n==4711==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011 at pc 0x4c3f2e\r\nREAD of size 1\n    #0 0x4c3f2e in parse /src/a.c:12:3\n    #1 0x4c4000 in main /src/a.c:40:5\n\n    #2 0x7f00 in __libc_start_main\n    #3 0x1 in _start\n";
        let v = classify(&Status::Code(1), asan, &rules(None));
        assert_eq!(v.outcome, Outcome::Crashed);
        assert_eq!(
            v.signature.unwrap(),
            "crashed\nexit N\n==N==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x? at pc 0x?\n#N 0x? in parse /src/a.c:N:N\n#N 0x? in main /src/a.c:N:N\n#N 0x? in __libc_start_main"
                .replacen("exit N", "exit 1", 1)
        );
        let panic = b"thread 'main' panicked at src/main.rs:5:9:\nindex out of bounds: the len is 3 but the index is 7\nnote: run with";
        let v = classify(&Status::Code(101), panic, &rules(None));
        assert_eq!(
            v.signature.unwrap(),
            "crashed\nexit 101\nthread 'main' panicked at src/main.rs:N:N:\nindex out of bounds: the len is N but the index is N"
        );
        let v = classify(&Status::Code(1), b"ok\nFATAL   bad  chunk 77 \n", &rules(Some("FATAL")));
        assert_eq!(v.signature.unwrap(), "crashed\nexit 1\nFATAL bad chunk N");
        assert_eq!(classify(&Status::Code(1), b"FATAL\n", &rules(None)).outcome, Outcome::Rejected);
        assert_eq!(normalise("\t10x5  at 0x1F0 0xZ "), "NxN at 0x? NxZ");
        let ub = b"a.c:3:5: runtime error: signed integer overflow: 2147483647 + 1";
        assert_eq!(classify(&Status::Code(0), ub, &rules(None)).outcome, Outcome::Crashed);
    }

    #[test]
    fn ids_are_sha256_prefixes() {
        // printf 'crashed\nsignal SIGSEGV' | sha256sum | cut -c1-12
        assert_eq!(crash_id("crashed\nsignal SIGSEGV"), "a2fc820b9db1");
        assert_eq!(crash_id("hung\ntimeout"), crash_id("hung\ntimeout"));
        assert_ne!(crash_id("crashed\nexit 3"), crash_id("crashed\nexit 4"));
    }
}
