//! The batch's session report (docs/product.md, "Session report"; docs/zip.md): its fields, its
//! JSON, and the session's start, which names and dates the batch ZIP. Written once for every host:
//! the native CLI calls it, the npm CLI and the page through engine-rs/outputs-wasm.

use fracture_engine::{json_string, Report, Value};

use crate::entry_names::archive_names;

/// The reproducible-builds variable (reproducible-builds.org/specs/source-date-epoch): when set, it
/// is the session's start.
pub const SOURCE_DATE_EPOCH: &str = "SOURCE_DATE_EPOCH";

/// 9999-12-31T23:59:59Z: the last second a four-digit ISO year (session_timestamp) can write.
const LAST_SECOND: i64 = 253_402_300_799;
/// 1980-01-01T00:00:00Z and 2107-12-31T23:59:58Z: the first and last times an MS-DOS date holds.
pub const DOS_FIRST: i64 = 315_532_800;
pub const DOS_LAST: i64 = 4_354_819_198;

/// When the session started, as the batch ZIP records it: milliseconds since 1970 (UTC), and the
/// offset east of UTC, in seconds, of the clock the names are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionStart {
    pub unix_ms: i64,
    pub utc_offset_s: i32,
}

impl SessionStart {
    /// `SOURCE_DATE_EPOCH` when it is set and not empty (its seconds, names in UTC, so the archive
    /// depends on neither the clock nor the time zone); otherwise the clock, `now_ms`, with names in
    /// local time (`local_offset_s` east of UTC). A value that is not a whole number of seconds from
    /// 0 to 253402300799 is refused, as the specification asks, with the line to print.
    pub fn new(source_date_epoch: Option<&str>, now_ms: i64, local_offset_s: i32) -> Result<Self, String> {
        match source_date_epoch.filter(|v| !v.is_empty()) {
            None => Ok(SessionStart { unix_ms: now_ms, utc_offset_s: local_offset_s }),
            Some(v) => match v.parse::<i64>() {
                Ok(s) if (0..=LAST_SECOND).contains(&s) && v.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(SessionStart { unix_ms: s * 1000, utc_offset_s: 0 })
                }
                _ => Err(format!(
                    "{SOURCE_DATE_EPOCH} must be a whole number of seconds from 0 to {LAST_SECOND} (1970 to 9999, UTC), got {}",
                    quoted(v)
                )),
            },
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, as JavaScript's toISOString writes it.
    pub fn iso(&self) -> String {
        iso_time(self.unix_ms)
    }

    /// `fracture_session_YYYYMMDD-HHMMSS`, read from the clock the start was taken from.
    pub fn stem(&self) -> String {
        let (y, mo, d, h, mi, s, _) = civil(self.unix_ms + i64::from(self.utc_offset_s) * 1000);
        format!("fracture_session_{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
    }

    /// The archive's own name, `fracture_session_YYYYMMDD-HHMMSS.zip` (the page's download; the
    /// command lines write where `--zip` says).
    pub fn zip_name(&self) -> String {
        format!("{}.zip", self.stem())
    }

    /// The session report's name inside the ZIP.
    pub fn report_name(&self) -> String {
        format!("{}_session_report.json", self.stem())
    }

    /// The session report's PDF, beside it.
    pub fn pdf_name(&self) -> String {
        format!("{}_session_report.pdf", self.stem())
    }

    /// The entries' date, in seconds since 1970 (UTC): the start, clamped to what a DOS date holds.
    /// Their DOS fields read it on the names' clock (`utc_offset_s`; zip::ZipWriter::new).
    pub fn entry_seconds(&self) -> i64 {
        self.unix_ms.div_euclid(1000).clamp(DOS_FIRST, DOS_LAST)
    }
}

/// When a report is made, as its PDF records it: SOURCE_DATE_EPOCH's time when it is set and valid
/// (so a run under it writes the same PDF bytes at any hour), the clock's `now_ms` otherwise.
pub fn report_made_ms(source_date_epoch: Option<&str>, now_ms: i64) -> i64 {
    SessionStart::new(source_date_epoch, now_ms, 0).map_or(now_ms, |s| s.unix_ms)
}

fn quoted(v: &str) -> String {
    let mut out = String::new();
    json_string(&mut out, v);
    out
}

/// UTC civil date and time of `unix_ms`: (year, month, day, hour, minute, second, millisecond).
pub fn civil(unix_ms: i64) -> (i64, u32, u32, u32, u32, u32, u32) {
    let (secs, ms) = (unix_ms.div_euclid(1000), unix_ms.rem_euclid(1000) as u32);
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    // Howard Hinnant's days-to-civil.
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, (rem / 3600) as u32, (rem / 60 % 60) as u32, (rem % 60) as u32, ms)
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` of `unix_ms`, as JavaScript's toISOString writes it.
pub fn iso_time(unix_ms: i64) -> String {
    let (y, mo, d, h, mi, s, ms) = civil(unix_ms);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{ms:03}Z")
}

pub const DEFAULT_RECIPE: &str = "Unknown";
pub const DEFAULT_VERDICT: &str = "Won't Open";
pub const RECOVERABILITY: &str = "Unlikely";

/// What the session report keeps of one file's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionFile {
    pub filename: String,
    pub original_size: u64,
    pub result_size: u64,
    pub entropy_delta: f64,
    pub time_ms: f64,
    pub seed: u64,
    pub recipe: Option<String>,
    pub verdict: Option<String>,
    pub engine: Option<String>,
    pub sha256_after: Option<String>,
    pub replay: Option<String>,
    pub expect_overall: Option<String>,
}

fn json_text(v: &serde_json::Value, k: &str) -> Option<String> {
    v.get(k).and_then(serde_json::Value::as_str).map(str::to_string)
}

fn json_num(v: &serde_json::Value, k: &str) -> f64 {
    v.get(k).and_then(serde_json::Value::as_f64).unwrap_or(0.0)
}

fn json_int(v: &serde_json::Value, k: &str) -> u64 {
    let n = v.get(k);
    n.and_then(serde_json::Value::as_u64)
        .or_else(|| n.and_then(serde_json::Value::as_f64).filter(|x| *x >= 0.0).map(|x| x as u64))
        .unwrap_or(0)
}

impl SessionFile {
    /// From a file's report as the native CLI holds it: through its JSON (always an object), so both
    /// command lines go through the one reading below.
    pub fn from_report(r: &Report) -> SessionFile {
        serde_json::from_str(&r.to_json()).ok().and_then(|v| SessionFile::from_json(&v).ok()).unwrap_or_default()
    }

    /// From a file's report as JSON (what the npm CLI hands over).
    pub fn from_json(v: &serde_json::Value) -> Result<SessionFile, String> {
        if !v.is_object() {
            return Err("a file's report is not a JSON object".into());
        }
        Ok(SessionFile {
            filename: json_text(v, "filename").unwrap_or_default(),
            original_size: json_int(v, "original_size"),
            result_size: json_int(v, "result_size"),
            entropy_delta: json_num(v, "entropy_delta"),
            time_ms: json_num(v, "time_ms"),
            seed: json_int(v, "seed"),
            recipe: json_text(v, "recipe"),
            verdict: json_text(v, "verdict"),
            engine: json_text(v, "engine"),
            sha256_after: json_text(v, "sha256_after"),
            replay: json_text(v, "replay"),
            expect_overall: json_text(v, "expect_overall"),
        })
    }
}

/// A batch's session report: the run, and each file with its name inside the ZIP.
#[derive(Clone, Debug)]
pub struct Session {
    pub start: SessionStart,
    pub mode: String,
    pub intensity: u32,
    pub master_seed: u64,
    pub files: Vec<SessionFile>,
    /// Each file's entry name in the batch ZIP, in run order (contract 11.6).
    pub archive_names: Vec<String>,
}

/// `x` rounded to `decimals`, halves up as JavaScript's Math.round, and never -0.
fn round(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale + 0.5).floor() / scale + 0.0
}

impl Session {
    /// `variants`: the run makes variants (`--count` above 1), so each entry is
    /// `{base}_corrupted_{seed}{.ext}`. The report's names are claimed first, so no input takes them.
    pub fn new(
        start: SessionStart,
        mode: &str,
        intensity: u32,
        master_seed: u64,
        variants: bool,
        files: Vec<SessionFile>,
    ) -> Session {
        let named: Vec<(&str, u64)> = files.iter().map(|f| (f.filename.as_str(), f.seed)).collect();
        let archive_names = archive_names(&[&start.report_name(), &start.pdf_name()], &named, variants);
        Session { start, mode: mode.to_string(), intensity, master_seed, files, archive_names }
    }

    /// The run's fields, in the order of docs/product.md ("Session report"), without the files.
    pub fn head(&self) -> Report {
        let mut out = Report::default();
        out.set("session_timestamp", Value::Str(self.start.iso()));
        out.set("total_files", Value::Int(self.files.len() as u64));
        out.set("mode", Value::Str(self.mode.clone()));
        out.set("intensity", Value::Int(u64::from(self.intensity)));
        out.set("master_seed", Value::Int(self.master_seed));
        // Rounded, so float addition noise (0.1 + 0.2) does not reach the report.
        out.set("session_duration_ms", Value::Num(round(self.files.iter().map(|f| f.time_ms).sum(), 3)));
        out.set("total_entropy_delta", Value::Num(round(self.files.iter().map(|f| f.entropy_delta).sum(), 4)));
        out.set("recoverability", Value::Str(RECOVERABILITY.into()));
        out
    }

    /// File `i`'s entry in the report.
    pub fn file_fields(&self, i: usize) -> Vec<(&'static str, Value)> {
        let f = &self.files[i];
        let or = |v: &Option<String>, default: &str| {
            Value::Str(v.as_deref().filter(|s| !s.is_empty()).unwrap_or(default).to_string())
        };
        let mut fields = vec![
            ("filename", Value::Str(f.filename.clone())),
            ("archive_name", Value::Str(self.archive_names[i].clone())),
            ("original_size", Value::Int(f.original_size)),
            ("result_size", Value::Int(f.result_size)),
            ("entropy_delta", Value::Num(f.entropy_delta)),
            ("time_ms", Value::Num(f.time_ms)),
            ("seed", Value::Int(f.seed)),
            ("recipe", or(&f.recipe, DEFAULT_RECIPE)),
            ("verdict", or(&f.verdict, DEFAULT_VERDICT)),
        ];
        let optional = [
            ("engine", &f.engine),
            ("sha256_after", &f.sha256_after),
            ("replay", &f.replay),
            ("expect_overall", &f.expect_overall),
        ];
        fields.extend(optional.into_iter().filter_map(|(k, v)| v.as_ref().map(|s| (k, Value::Str(s.clone())))));
        fields
    }

    /// The report as the ZIP holds it: JSON.stringify(report, null, 2) and a newline.
    pub fn to_json(&self) -> String {
        let mut whole = self.head();
        let files = (0..self.files.len()).map(|i| Value::Object(self.file_fields(i))).collect();
        whole.set("files", Value::List(files));
        whole.to_json_pretty() + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil(1_795_305_600_123), (2026, 11, 22, 0, 0, 0, 123));
        assert_eq!(civil(951_782_400_000), (2000, 2, 29, 0, 0, 0, 0));
        assert_eq!(iso_time(LAST_SECOND * 1000 + 999), "9999-12-31T23:59:59.999Z");
        assert_eq!(civil(DOS_LAST * 1000), (2107, 12, 31, 23, 59, 58, 0));
        assert_eq!(civil(DOS_FIRST * 1000), (1980, 1, 1, 0, 0, 0, 0));
    }

    #[test]
    fn source_date_epoch_is_the_start_in_utc() {
        let clock = SessionStart::new(None, 1_795_305_600_123, 3600).unwrap();
        assert_eq!(clock, SessionStart { unix_ms: 1_795_305_600_123, utc_offset_s: 3600 });
        assert_eq!(clock.stem(), "fracture_session_20261122-010000");
        assert_eq!(SessionStart::new(Some(""), 5, 60).unwrap().unix_ms, 5);
        let fixed = SessionStart::new(Some("1700000000"), 1_795_305_600_123, 3600).unwrap();
        assert_eq!(fixed.iso(), "2023-11-14T22:13:20.000Z");
        assert_eq!(fixed.report_name(), "fracture_session_20231114-221320_session_report.json");
        assert_eq!(fixed.entry_seconds(), 1_700_000_000);
        assert_eq!(SessionStart::new(Some("0"), 0, 0).unwrap().entry_seconds(), DOS_FIRST);
        assert_eq!(SessionStart::new(Some("253402300799"), 0, 0).unwrap().entry_seconds(), DOS_LAST);
        for bad in ["-1", "1.5", "+3", " 7", "1e9", "253402300800", "now"] {
            let e = SessionStart::new(Some(bad), 0, 0).unwrap_err();
            assert!(e.starts_with("SOURCE_DATE_EPOCH must be a whole number") && e.contains(bad), "{e}");
            assert_eq!(report_made_ms(Some(bad), 42), 42, "a malformed value leaves the clock's time");
        }
        assert_eq!(report_made_ms(Some("1700000000"), 42), 1_700_000_000_000);
        assert_eq!(report_made_ms(None, 42), 42);
    }

    #[test]
    fn report_json_is_json_stringify_with_two_spaces() {
        let start = SessionStart::new(Some("1735787045"), 0, 0).unwrap();
        let file = |name: &str, seed, ms| SessionFile {
            filename: name.into(),
            original_size: 1000,
            result_size: 957,
            entropy_delta: -0.0421,
            time_ms: ms,
            seed,
            recipe: Some(String::new()),
            engine: Some("fracture-engine/1".into()),
            expect_overall: Some("reject".into()),
            ..SessionFile::default()
        };
        let s = Session::new(start, "byte_flip", 86, 7, false, vec![file("a/d.csv", 7, 0.1), file("b/d.csv", 8, 0.2)]);
        assert_eq!(s.archive_names, ["d_corrupted.csv", "d_corrupted (2).csv"]);
        let json = s.to_json();
        let want = r#"{
  "session_timestamp": "2025-01-02T03:04:05.000Z",
  "total_files": 2,
  "mode": "byte_flip",
  "intensity": 86,
  "master_seed": 7,
  "session_duration_ms": 0.3,
  "total_entropy_delta": -0.0842,
  "recoverability": "Unlikely",
  "files": [
    {
      "filename": "a/d.csv",
      "archive_name": "d_corrupted.csv",
      "original_size": 1000,
      "result_size": 957,
      "entropy_delta": -0.0421,
      "time_ms": 0.1,
      "seed": 7,
      "recipe": "Unknown",
      "verdict": "Won't Open",
      "engine": "fracture-engine/1",
      "expect_overall": "reject"
    },
"#;
        assert!(json.starts_with(want), "{json}");
        assert!(json.ends_with("\"reject\"\n    }\n  ]\n}\n"), "{json}");
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(SessionFile::from_json(&parsed["files"][1]).unwrap().seed, 8);
    }
}
