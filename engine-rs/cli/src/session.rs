//! The session report inside the batch ZIP (docs/product.md, "Session report").

use std::time::{SystemTime, UNIX_EPOCH};

use fracture_engine::{round4, Report, Value};

fn num(r: &Report, k: &str) -> f64 {
    match r.get(k) {
        Some(Value::Num(x)) => *x,
        Some(Value::Int(x)) => *x as f64,
        _ => 0.0,
    }
}

fn text(r: &Report, k: &str, default: &str) -> String {
    match r.get(k) {
        Some(Value::Str(s)) => s.clone(),
        _ => default.to_string(),
    }
}

/// UTC civil date and time of `t`: (year, month, day, hour, minute, second, millisecond).
pub fn civil(t: SystemTime) -> (i64, u32, u32, u32, u32, u32, u32) {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
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
    (year, month, day, (rem / 3600) as u32, (rem / 60 % 60) as u32, (rem % 60) as u32, d.subsec_millis())
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ`, as JavaScript's toISOString writes it.
pub fn iso_time(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s, ms) = civil(t);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{ms:03}Z")
}

/// The local civil date and time of `t` (year, month, day, hour, minute, second), as the user's
/// clock shows it and JavaScript's getFullYear()... getSeconds() give it; UTC if the C library
/// cannot tell.
pub fn local_civil(t: SystemTime) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    if let Ok(secs) = libc::time_t::try_from(secs) {
        // SAFETY: localtime_r writes only into `tm`, which lives here; a null return is checked.
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        if !unsafe { libc::localtime_r(&secs, &mut tm) }.is_null() {
            let field = |v: libc::c_int| u32::try_from(v).unwrap_or(0);
            return (
                i64::from(tm.tm_year) + 1900,
                field(tm.tm_mon) + 1,
                field(tm.tm_mday),
                field(tm.tm_hour),
                field(tm.tm_min),
                field(tm.tm_sec),
            );
        }
    }
    let (y, mo, d, h, mi, s, _) = civil(t);
    (y, mo, d, h, mi, s)
}

/// `fracture_session_YYYYMMDD-HHMMSS_session_report.json`, in local time as the browser and the npm
/// CLI name it (lib/zip/session.ts).
pub fn report_name(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = local_civil(t);
    format!("fracture_session_{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}_session_report.json")
}

/// `fracture_session_YYYYMMDD-HHMMSS_session_report.pdf`, beside the JSON in the ZIP.
pub fn pdf_name(t: SystemTime) -> String {
    let json = report_name(t);
    format!("{}.pdf", &json[..json.len() - ".json".len()])
}

/// The batch ZIP's entry name of each file (its report's `filename` and `seed`), in run order, by
/// the rule of docs/contract.md, section 11.6.
pub fn entry_names<'a>(t: SystemTime, reports: impl Iterator<Item = &'a Report>, variants: bool) -> Vec<String> {
    let files: Vec<(String, u64)> = reports
        .map(|r| {
            let seed = match r.get("seed") {
                Some(Value::Int(n)) => *n,
                _ => 0,
            };
            (text(r, "filename", ""), seed)
        })
        .collect();
    let files: Vec<(&str, u64)> = files.iter().map(|(f, s)| (f.as_str(), *s)).collect();
    fracture_host::names::archive_names(&[&report_name(t), &pdf_name(t)], &files, variants)
}

/// The session report: the run's fields, then one entry per file.
pub struct Session {
    pub head: Report,
    pub files: Vec<Report>,
}

impl Session {
    pub fn to_json(&self) -> String {
        let files: Vec<String> = self.files.iter().map(Report::to_json).collect();
        // The report type holds flat values; the files array is spliced in as raw JSON.
        let head = self.head.to_json();
        format!("{},\"files\":[{}]}}\n", &head[..head.len() - 1], files.join(","))
    }
}

/// `files` pairs each file's report with its name inside the archive.
pub fn session_report(
    t: SystemTime,
    mode: &str,
    intensity: u32,
    master_seed: u64,
    files: &[(&str, &Report)],
) -> Session {
    let reports: Vec<&Report> = files.iter().map(|(_, r)| *r).collect();
    let mut out = Report::default();
    out.set("session_timestamp", Value::Str(iso_time(t)));
    out.set("total_files", Value::Int(reports.len() as u64));
    out.set("mode", Value::Str(mode.to_string()));
    out.set("intensity", Value::Int(u64::from(intensity)));
    out.set("master_seed", Value::Int(master_seed));
    let duration: f64 = reports.iter().map(|r| num(r, "time_ms")).sum();
    out.set("session_duration_ms", Value::Num((duration * 1000.0).round() / 1000.0));
    out.set("total_entropy_delta", Value::Num(round4(reports.iter().map(|r| num(r, "entropy_delta")).sum())));
    out.set("recoverability", Value::Str("Unlikely".into()));
    let files = files
        .iter()
        .map(|(archive_name, r)| {
            let mut f = Report::default();
            f.set("filename", Value::Str(text(r, "filename", "")));
            f.set("archive_name", Value::Str(archive_name.to_string()));
            f.set("original_size", r.get("original_size").cloned().unwrap_or(Value::Int(0)));
            f.set("result_size", r.get("result_size").cloned().unwrap_or(Value::Int(0)));
            f.set("entropy_delta", r.get("entropy_delta").cloned().unwrap_or(Value::Num(0.0)));
            f.set("time_ms", r.get("time_ms").cloned().unwrap_or(Value::Num(0.0)));
            f.set("seed", r.get("seed").cloned().unwrap_or(Value::Int(0)));
            f.set("recipe", Value::Str(text(r, "recipe", "Unknown")));
            f.set("verdict", Value::Str(text(r, "verdict", "Won't Open")));
            f.set("engine", Value::Str(text(r, "engine", "")));
            f.set("sha256_after", Value::Str(text(r, "sha256_after", "")));
            if let Some(replay) = r.get("replay") {
                f.set("replay", replay.clone());
            }
            if let Some(expect) = r.get("expect_overall") {
                f.set("expect_overall", expect.clone());
            }
            f
        })
        .collect();
    Session { head: out, files }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn civil_dates() {
        let t = UNIX_EPOCH + Duration::from_millis(1_795_305_600_123); // 2026-11-22T00:00:00.123Z
        assert_eq!(civil(t), (2026, 11, 22, 0, 0, 0, 123));
        assert_eq!(civil(UNIX_EPOCH + Duration::from_secs(951_782_400)), (2000, 2, 29, 0, 0, 0, 0));
    }
}
