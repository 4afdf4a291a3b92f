//! The display form of a name in messages and per-file lines (docs/cli.md, "Names"): never a raw
//! control character, never a byte that is not UTF-8, whatever the file system gave us. Also the
//! CLI's one JSON string form, for the JSON it writes by hand (`--plan json`, `fracture bench`).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

pub use fracture_host::display::bytes;

pub fn os(name: &OsStr) -> String {
    bytes(name.as_bytes())
}

pub fn path(path: &Path) -> String {
    os(path.as_os_str())
}

/// `s` as a JSON string, escaped as the reports escape it (the core's rule, contract 10.2).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    fracture_engine::json_string(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped_as_json_stringify_escapes_them() {
        assert_eq!(json_string("a\"b\\c\u{1}\n\u{e9}"), "\"a\\\"b\\\\c\\u0001\\n\u{e9}\"");
    }
}
