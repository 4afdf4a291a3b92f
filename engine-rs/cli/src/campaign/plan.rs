//! Planning a campaign: the whole plan (inputs read and hashed, DIR checked and claimed, the
//! campaign described, with `--resume` the ledger continued from DIR) is
//! fracture_host::campaign::plan, the npm CLI's too; this shell hands it the arguments' bytes and
//! std's files, and names each input's job-slot file.

use std::os::unix::ffi::OsStrExt;

use fracture_host::campaign::plan::Given;
use fracture_host::campaign::Ledger;

use super::Options;

/// An input, read.
pub(super) struct Loaded {
    pub input: crate::process::Input,
    pub mode: u32,
    /// Its name in the job slots: letters, digits and `._-` kept.
    pub slot_name: String,
}

/// The campaign planned: inputs read, DIR checked, recorded runs in the ledger.
pub(super) struct Planned {
    pub ledger: Ledger,
    pub loaded: Vec<Loaded>,
}

/// The campaign planned, or the usage error that refuses it.
pub(super) fn plan(o: &Options) -> Result<Planned, String> {
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
    let planned = fracture_host::campaign::plan::plan(&given, &mut crate::files::StdFiles::default())?;
    let loaded = planned.loaded.into_iter().zip(&o.files).map(|(l, f)| Loaded {
        slot_name: fracture_host::shrink::names::slot_name(f.as_os_str().as_bytes()),
        input: crate::process::Input::of(f, l.bytes, l.sha256),
        mode: l.mode,
    });
    Ok(Planned { ledger: planned.ledger, loaded: loaded.collect() })
}
