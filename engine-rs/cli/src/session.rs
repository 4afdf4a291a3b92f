//! The session report inside the batch ZIP (docs/product.md, "Session report") and the PDF reports'
//! time: fracture-host's (`session`), given the clock, the time zone and SOURCE_DATE_EPOCH from here.

use std::time::{SystemTime, UNIX_EPOCH};

use fracture_host::session::SessionStart;

fn unix_ms(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ`, as JavaScript's toISOString writes it.
pub fn iso_time(t: SystemTime) -> String {
    fracture_host::session::iso_time(unix_ms(t))
}

/// The local time zone's offset east of UTC at `t`, in seconds, as the user's clock reads it
/// (JavaScript's -getTimezoneOffset() * 60); 0 if the C library cannot tell.
fn local_offset_s(t: SystemTime) -> i32 {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let Ok(secs) = libc::time_t::try_from(secs) else { return 0 };
    // SAFETY: localtime_r writes only into `tm`, which lives here; a null return is checked.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    if unsafe { libc::localtime_r(&secs, &mut tm) }.is_null() {
        return 0;
    }
    i32::try_from(tm.tm_gmtoff).unwrap_or(0)
}

/// When a report is made (fracture_host::session::report_made_ms): SOURCE_DATE_EPOCH's time when set,
/// the clock's otherwise.
pub fn report_made_ms() -> i64 {
    fracture_host::session::report_made_ms(source_date_epoch().as_deref(), unix_ms(SystemTime::now()))
}

fn source_date_epoch() -> Option<String> {
    std::env::var_os(fracture_host::session::SOURCE_DATE_EPOCH).map(|v| v.to_string_lossy().into_owned())
}

/// The session's start (fracture_host::session::SessionStart::new): SOURCE_DATE_EPOCH's when set,
/// the clock's otherwise; the line refusing a malformed SOURCE_DATE_EPOCH.
pub fn start() -> Result<SessionStart, String> {
    let now = SystemTime::now();
    SessionStart::new(source_date_epoch().as_deref(), unix_ms(now), local_offset_s(now))
}
