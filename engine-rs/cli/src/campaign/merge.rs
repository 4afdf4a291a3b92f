//! `fracture merge DIR... --out OUT` (docs/campaigns.md, section 10): the whole command is
//! fracture_host::campaign::merge::command, the npm CLI's too; this shell hands it the paths' bytes
//! and std's files.

use std::os::unix::ffi::OsStrExt;
use std::process::ExitCode;

use super::MergeOptions;

pub fn merge(o: MergeOptions) -> ExitCode {
    let dirs: Vec<Vec<u8>> = o.dirs.iter().map(|d| d.as_os_str().as_bytes().to_vec()).collect();
    let out = o.out.as_os_str().as_bytes();
    ExitCode::from(fracture_host::campaign::merge::command(&dirs, out, o.quiet, &mut crate::files::StdFiles::default()))
}
