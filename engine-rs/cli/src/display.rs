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
