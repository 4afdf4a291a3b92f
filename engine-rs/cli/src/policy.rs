//! The native CLI's decisions, each made once (docs/cli.md, "One shape: plan, execute, emit"): how a
//! file is read (whole or streamed), where its checksums are fixed, and the engine's argument checks
//! for one variant. The plan (plan.rs) records each answer; the execution follows the plan. The npm
//! CLI and the SDK take the same decisions in lib/engine/host/policy.ts.

/// How an input goes through the engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Route {
    /// Read into memory and run through the stages at once.
    Whole,
    /// Read by position as it is corrupted, in bounded memory.
    Streamed,
}

impl Route {
    pub fn name(self) -> &'static str {
        match self {
            Route::Whole => "whole",
            Route::Streamed => "streamed",
        }
    }
}

/// The native engine streams every mode; `--pdf` holds each input whole, because its change map
/// compares the whole original with the whole result, and so does `--member`, which rebuilds the
/// archive around its members (callers pass `pdf || member`).
pub fn route(pdf: bool) -> Route {
    if pdf {
        Route::Whole
    } else {
        Route::Streamed
    }
}

/// Where `--fix-checksums` patches the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Checksums {
    /// Not asked for.
    Unfixed,
    /// The engine fixes them in the bytes it holds (a whole input).
    InMemory,
    /// Patched in place in the output file, which is read back (a streamed input to a file).
    InOutputFile,
    /// Patched in an unnamed temporary file, then copied (a streamed input to standard output).
    ThroughTemporaryFile,
}

impl Checksums {
    pub fn name(self) -> &'static str {
        match self {
            Checksums::Unfixed => "unfixed",
            Checksums::InMemory => "in memory",
            Checksums::InOutputFile => "in the output file",
            Checksums::ThroughTemporaryFile => "in a temporary file, then copied",
        }
    }
}

/// The checksum route of a variant: `fix` (--fix-checksums), its input's route, and whether its
/// output is standard output.
pub fn checksums(fix: bool, route: Route, to_stdout: bool) -> Checksums {
    match (fix, route, to_stdout) {
        (false, _, _) => Checksums::Unfixed,
        (true, Route::Whole, _) => Checksums::InMemory,
        (true, Route::Streamed, false) => Checksums::InOutputFile,
        (true, Route::Streamed, true) => Checksums::ThroughTemporaryFile,
    }
}

/// The engine's checks of one variant's arguments (mode, intensity, its seed), before its input is
/// read; a seed past u64 is refused as past the limit. Each failure is the engine's one line.
pub fn check_variant(mode: &str, intensity: u32, seed: Option<u64>) -> Result<(), String> {
    fracture_engine::check_args(mode, intensity, seed.unwrap_or(u64::MAX)).map(|_| ()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdf_reads_whole_everything_else_streams() {
        assert_eq!(route(true), Route::Whole);
        assert_eq!(route(false), Route::Streamed);
    }

    #[test]
    fn checksums_are_fixed_where_the_output_is() {
        assert_eq!(checksums(false, Route::Streamed, false), Checksums::Unfixed);
        assert_eq!(checksums(true, Route::Whole, true), Checksums::InMemory);
        assert_eq!(checksums(true, Route::Streamed, false), Checksums::InOutputFile);
        assert_eq!(checksums(true, Route::Streamed, true), Checksums::ThroughTemporaryFile);
    }

    #[test]
    fn variant_checks_are_the_engines() {
        assert!(check_variant("byte_flip", 80, Some(1)).is_ok());
        let past = check_variant("byte_flip", 80, Some(fracture_engine::MAX_SEED + 1)).unwrap_err();
        assert!(past.starts_with("Seed must be an integer from 0 to 9007199254740991"), "{past}");
        assert!(check_variant("byte_flip", 80, None).unwrap_err().starts_with("Seed must be"));
    }
}
