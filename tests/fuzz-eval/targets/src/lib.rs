//! One harness per decoder: what a program that reads untrusted files of that format does with
//! one, through the crate's public API. Errors are the decoder's to return; only a panic (or an
//! abort) is a crash.

use std::io::{Cursor, Read};

/// Decoded bytes a harness reads at most from one image or member: the decoders' own limits stop
/// the rest, and an input that declares more is still read this far.
const MAX_OUTPUT: usize = 64 << 20;

/// The `png` crate: header, then every frame, expanded to 8-bit RGB(A) as viewers ask.
pub fn png(data: &[u8]) {
    let mut decoder = png::Decoder::new(Cursor::new(data));
    decoder.set_transformations(png::Transformations::EXPAND);
    let Ok(mut reader) = decoder.read_info() else { return };
    let Some(size) = reader.output_buffer_size() else { return };
    if size > MAX_OUTPUT {
        return;
    }
    let mut buf = vec![0; size];
    while reader.next_frame(&mut buf).is_ok() {}
    let _ = reader.finish();
}

/// The `gif` crate: every frame, as RGBA.
pub fn gif(data: &[u8]) {
    let mut decoder = gif::Decoder::new(data);
    gif::SetParameter::set(&mut decoder, gif::ColorOutput::RGBA);
    let Ok(mut reader) = decoder.read_info() else { return };
    for _ in 0..64 {
        match reader.read_next_frame() {
            Ok(Some(_)) => {}
            _ => break,
        }
    }
}

/// The `zip` crate: the central directory, then every member's bytes (which checks their CRC-32).
pub fn zip(data: &[u8]) {
    let Ok(mut archive) = zip::ZipArchive::new(Cursor::new(data)) else { return };
    let mut out = Vec::new();
    for i in 0..archive.len().min(64) {
        if let Ok(file) = archive.by_index(i) {
            out.clear();
            let _ = file.take(MAX_OUTPUT as u64).read_to_end(&mut out);
        }
    }
}

/// The harness for a target's name.
pub fn by_name(name: &str) -> Option<fn(&[u8])> {
    match name {
        "png" => Some(png),
        "gif" => Some(gif),
        "zip" => Some(zip),
        _ => None,
    }
}

/// The fuzzer's entry point for a harness: AFL++'s persistent loop (cargo-afl) or libFuzzer's
/// `LLVMFuzzerTestOneInput` (libfuzzer-sys), by feature.
#[macro_export]
macro_rules! entry {
    ($harness:path) => {
        #[cfg(feature = "afl")]
        fn main() {
            afl::fuzz!(|data: &[u8]| $harness(data));
        }
        #[cfg(feature = "libfuzzer")]
        libfuzzer_sys::fuzz_target!(|data: &[u8]| $harness(data));
        #[cfg(not(any(feature = "afl", feature = "libfuzzer")))]
        fn main() {
            eprintln!("build with --features afl or --features libfuzzer");
            std::process::exit(2);
        }
    };
}
