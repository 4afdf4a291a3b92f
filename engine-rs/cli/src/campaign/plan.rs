//! Planning a campaign: the whole plan (inputs read and hashed, DIR checked and claimed, the
//! campaign described, with `--resume` the ledger continued from DIR) is
//! fracture_host::campaign::plan, the npm CLI's too; this shell hands it the arguments' bytes and
//! std's files, and names each input's job-slot file.

use std::os::unix::ffi::OsStrExt;

use fracture_host::campaign::drive::Drive;
use fracture_host::campaign::plan::{Given, Planned};

use super::Options;

/// Each input as this shell runs it: the engine's input and its file's name in the job slots
/// (letters, digits and `._-` kept).
pub(super) type Slots = Vec<(String, crate::process::Input)>;

/// The campaign planned (inputs read, DIR checked, recorded runs in the ledger) and ready to run, or
/// the usage error that refuses it.
pub(super) fn plan(o: &Options) -> Result<(Drive, Slots), String> {
    let bytes = |p: &std::ffi::OsStr| p.as_bytes().to_vec();
    let files: Vec<Vec<u8>> = o.files.iter().map(|f| bytes(f.as_os_str())).collect();
    let program: Vec<Vec<u8>> = o.program.iter().map(|w| bytes(w)).collect();
    let given = Given {
        decided: &o.decided,
        files: &files,
        program: &program,
        dir: o.out.as_os_str().as_bytes(),
        random: crate::args::random_seed(),
    };
    let files = &mut crate::files::StdFiles::default();
    let Planned { ledger, loaded } = fracture_host::campaign::plan::plan(&given, files)?;
    let modes = loaded.iter().map(|l| l.mode).collect();
    let slots = loaded.into_iter().zip(&o.files).map(|(l, f)| {
        let name = fracture_host::shrink::names::slot_name(f.as_os_str().as_bytes());
        (name, crate::process::Input::of(f, l.bytes, l.sha256))
    });
    let slots = slots.collect();
    Ok((Drive::new(ledger, modes, o.out.as_os_str().as_bytes(), o.decided.quiet), slots))
}
