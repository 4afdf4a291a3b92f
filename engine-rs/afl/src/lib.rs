//! `libfracture_afl.so`: Fracture's engine as a fuzzer's mutator (docs/mutators.md).
//!
//! - AFL++'s custom mutator interface: `afl_custom_init`, `afl_custom_fuzz`, `afl_custom_describe`,
//!   `afl_custom_deinit`. The state owns the output buffer, as AFL++ expects.
//! - libFuzzer's `LLVMFuzzerCustomMutator`, which mutates in place.
//!
//! Each call draws, from a ChaCha8 sequence seeded at init (the core's `rng::Sequence`, rand_chacha),
//! one kind of change (`strategy`): one of the engine's modes run on the input in memory (`draw`),
//! havoc edits inside the structure map with checksums fixed (`havoc`), or a PNG chunk change
//! (`chunks`); AFL++'s `afl_custom_queue_new_entry` tells which kinds find coverage. This file is the
//! C ABI shim and the only place with unsafe code; no panic crosses it (`catch_unwind`: on one the
//! call returns the input, cut to `max_size`).

use std::ffi::{c_char, c_uint, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use fracture_engine::rng::Sequence;

pub mod chunks;
pub mod draw;
pub mod havoc;
pub mod strategy;

use draw::Config;
use strategy::Strategy;

/// The sequence of the mutator's draws (sequence 0 of the init seed, as the engine's plan sequence).
const DRAW_SEQUENCE: u64 = 0;

/// What `afl_custom_init` returns: the draws' sequence, the configuration, what the strategy has
/// learned, the output buffer handed to AFL++ and the last call's description.
pub struct State {
    draws: Sequence,
    config: Config,
    strategy: Strategy,
    out: Vec<u8>,
    described: CString,
}

impl State {
    fn new(seed: u64, config: Config) -> State {
        State {
            draws: Sequence::new(seed, DRAW_SEQUENCE),
            config,
            strategy: Strategy::default(),
            out: Vec::new(),
            described: CString::default(),
        }
    }
}

/// `len` bytes at `ptr` as a slice, empty for NULL or 0.
///
/// # Safety
///
/// `ptr` is NULL or points to `len` readable bytes that nothing writes while the slice lives.
unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract above.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }
}

/// The input, cut to `max_size`, into `out`: what a call returns when it cannot mutate.
fn fallback(input: &[u8], max_size: usize, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(&input[..input.len().min(max_size)]);
}

/// AFL++: creates the mutator's state from `seed` (AFL++ passes a number drawn from its own seeded
/// generator). Reads `FRACTURE_MUTATOR_MODES` and `FRACTURE_MUTATOR_NAME` (docs/mutators.md); on a
/// bad value prints the reason on standard error and returns NULL, which AFL++ reports as a failed
/// init. `afl` (AFL++'s own state) is not used.
#[no_mangle]
pub extern "C" fn afl_custom_init(_afl: *mut c_void, seed: c_uint) -> *mut c_void {
    let made = catch_unwind(|| match Config::from_env() {
        Ok(config) => Box::into_raw(Box::new(State::new(u64::from(seed), config))).cast::<c_void>(),
        Err(e) => {
            eprintln!("fracture_afl: {e}");
            std::ptr::null_mut()
        }
    });
    made.unwrap_or(std::ptr::null_mut())
}

/// AFL++: one mutation of `buf[0, buf_size)`, written to a buffer the state owns, whose address goes
/// to `*out_buf`; returns its length, at most `max_size`. `add_buf` (another corpus entry) is what a
/// chunk splice draws from. The input is never changed. Deterministic: the same init seed and the
/// same sequence of calls give the same outputs.
///
/// # Safety
///
/// `data` is a pointer `afl_custom_init` returned and `afl_custom_deinit` has not freed; `buf` points
/// to `buf_size` readable bytes (or is NULL with `buf_size` 0), `add_buf` likewise to `add_buf_size`;
/// `out_buf` points to a writable pointer.
/// The buffer written to `*out_buf` stays valid until the next call with `data` or its deinit.
#[no_mangle]
pub unsafe extern "C" fn afl_custom_fuzz(
    data: *mut c_void,
    buf: *const u8,
    buf_size: usize,
    out_buf: *mut *mut u8,
    add_buf: *const u8,
    add_buf_size: usize,
    max_size: usize,
) -> usize {
    if data.is_null() || out_buf.is_null() {
        return 0;
    }
    // SAFETY: `data` came from `afl_custom_init` (Box::into_raw of a State) and is not freed (the
    // caller's contract); AFL++ calls one state from one thread, so this is the only reference.
    let state = unsafe { &mut *data.cast::<State>() };
    // SAFETY: `buf` and `add_buf` point to their sizes' readable bytes (the caller's contract), which
    // nothing writes while this call runs; the slices do not outlive the call.
    let (input, partner) = unsafe { (bytes(buf, buf_size), bytes(add_buf, add_buf_size)) };
    // A new buffer each call: the input may be the previous call's output (a caller that feeds the
    // mutator its own output back), which must stay intact until the engine has read it.
    let mut fresh = Vec::new();
    let State { draws, config, strategy, out, described } = state;
    let done = catch_unwind(AssertUnwindSafe(|| {
        let mutation = strategy.mutate(draws, config, input, partner, max_size, &mut fresh);
        *described = CString::new(mutation.describe()).unwrap_or_default();
    }));
    if done.is_err() {
        fallback(input, max_size, &mut fresh);
        *described = CString::default();
    }
    // AFL++ 4.40c's FrameShift writes the length fields it knows of the queue entry into the output
    // buffer, at the entry's offsets, even past the end of a shorter output (docs/mutators.md): room
    // for the whole entry keeps those writes inside this allocation.
    fresh.reserve(input.len().saturating_sub(fresh.len()) + 16);
    *out = fresh;
    // SAFETY: `out_buf` is a valid, writable pointer (checked non-null above; the caller's contract).
    unsafe { *out_buf = out.as_mut_ptr() };
    out.len()
}

/// AFL++: how many times to call `afl_custom_fuzz` on this queue entry when the mutator runs as a
/// stage beside AFL++'s own (without `AFL_CUSTOM_MUTATOR_ONLY`). An entry whose checksums the
/// mutator keeps gets `CHECKSUM_STAGE` calls, about what AFL++'s havoc stage makes of an average
/// entry; any other gets a sixteenth of that, since there AFL++'s own havoc makes most of the same
/// changes and the time is better left to it (short paired runs on the gif decoder of
/// `make fuzz-eval` lost coverage with a quarter).
///
/// # Safety
///
/// `data` is a pointer `afl_custom_init` returned and `afl_custom_deinit` has not freed; `buf`
/// points to `buf_size` readable bytes (or is NULL).
#[no_mangle]
pub unsafe extern "C" fn afl_custom_fuzz_count(data: *mut c_void, buf: *const u8, buf_size: usize) -> u32 {
    const CHECKSUM_STAGE: u32 = 256;
    if data.is_null() {
        return 0;
    }
    // SAFETY: as in `afl_custom_fuzz`: a live State, referenced only here during the call.
    let state = unsafe { &*data.cast::<State>() };
    // SAFETY: `buf` points to `buf_size` readable bytes (the caller's contract).
    let input = unsafe { bytes(buf, buf_size) };
    let covered = catch_unwind(AssertUnwindSafe(|| draw::eligible(&state.config, input).1)).unwrap_or(false);
    if covered {
        CHECKSUM_STAGE
    } else {
        CHECKSUM_STAGE / 16
    }
}

/// AFL++: a new corpus entry was saved as the file `filename_new_queue`. When it holds the last
/// output, the kind of change that made it found coverage, and the strategy draws it more often
/// (docs/mutators.md). Returns 0: the file is left as it is.
///
/// # Safety
///
/// `data` is a pointer `afl_custom_init` returned and `afl_custom_deinit` has not freed;
/// `filename_new_queue` is NULL or a NUL-terminated path.
#[no_mangle]
pub unsafe extern "C" fn afl_custom_queue_new_entry(
    data: *mut c_void,
    filename_new_queue: *const c_char,
    _filename_orig_queue: *const c_char,
) -> u8 {
    if data.is_null() || filename_new_queue.is_null() {
        return 0;
    }
    // SAFETY: as in `afl_custom_fuzz`: a live State, referenced only here during the call.
    let state = unsafe { &mut *data.cast::<State>() };
    // SAFETY: a NUL-terminated string (the caller's contract), read before the call returns.
    let path = unsafe { std::ffi::CStr::from_ptr(filename_new_queue) };
    let _ = catch_unwind(AssertUnwindSafe(|| {
        if let Some(path) = path.to_str().ok().map(std::path::Path::new) {
            // Only a file the size of the last output can be it; others are not read.
            let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(u64::MAX);
            if state.strategy.last_len() == Some(len) {
                if let Ok(entry) = std::fs::read(path) {
                    state.strategy.new_entry(&entry);
                }
            }
        }
    }));
    0
}

/// AFL++: the last mutation's name, `fracture-{mode}-i{intensity}-s{seed}[-fix]` (AFL++ puts it in
/// the names of the queue entries it saves), cut to `max_description_len` bytes; NULL before the
/// first call.
///
/// # Safety
///
/// `data` is a pointer `afl_custom_init` returned and `afl_custom_deinit` has not freed. The string
/// stays valid until the next call with `data` or its deinit.
#[no_mangle]
pub unsafe extern "C" fn afl_custom_describe(data: *mut c_void, max_description_len: usize) -> *const c_char {
    if data.is_null() {
        return std::ptr::null();
    }
    // SAFETY: as in `afl_custom_fuzz`: a live State, referenced only here during the call.
    let state = unsafe { &mut *data.cast::<State>() };
    let text = state.described.as_bytes();
    if text.is_empty() {
        return std::ptr::null();
    }
    if text.len() > max_description_len {
        // The description is ASCII, so any cut is whole characters.
        let cut = text[..max_description_len].to_vec();
        state.described = CString::new(cut).unwrap_or_default();
    }
    state.described.as_ptr()
}

/// AFL++: frees the state `afl_custom_init` made (and the output buffer with it). NULL is ignored.
///
/// # Safety
///
/// `data` is NULL or a pointer `afl_custom_init` returned that has not been freed; it is not used again.
#[no_mangle]
pub unsafe extern "C" fn afl_custom_deinit(data: *mut c_void) {
    if data.is_null() {
        return;
    }
    // SAFETY: `data` is a Box<State> from `afl_custom_init`, freed exactly once (the caller's contract).
    let state = unsafe { Box::from_raw(data.cast::<State>()) };
    let _ = catch_unwind(AssertUnwindSafe(move || drop(state)));
}

/// libFuzzer's own mutation, `LLVMFuzzerMutate`, looked up once in the process: there when the library
/// is linked into a libFuzzer target, absent elsewhere.
type NativeMutate = unsafe extern "C" fn(*mut u8, usize, usize) -> usize;

fn libfuzzer_mutate() -> Option<NativeMutate> {
    static FOUND: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    extern "C" {
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    }
    let addr = *FOUND.get_or_init(|| {
        // SAFETY: a null handle is glibc's RTLD_DEFAULT (search the whole process); the name is a
        // NUL-terminated literal.
        unsafe { dlsym(std::ptr::null_mut(), c"LLVMFuzzerMutate".as_ptr()) as usize }
    });
    // SAFETY: a non-null address of `LLVMFuzzerMutate`, whose C signature is NativeMutate's.
    (addr != 0).then(|| unsafe { std::mem::transmute::<usize, NativeMutate>(addr) })
}

/// libFuzzer: mutates `data[0, size)` in place into at most `max_size` bytes (the buffer's capacity)
/// and returns the new size. The first draw of a sequence seeded with `seed` gives half the calls to
/// libFuzzer's own mutation (`LLVMFuzzerMutate`, with its dictionary and the values its comparison
/// tracing saw) when the process has it; the others make one of Fracture's changes with a fresh
/// strategy (libFuzzer tells the mutator nothing back). Without libFuzzer's own mutation, the same
/// call gives the same bytes. The configuration is read from the environment once, on the first call; a bad
/// value there is reported once on standard error, and the defaults are used.
///
/// # Safety
///
/// `data` points to a writable buffer of `max(size, max_size)` bytes (libFuzzer's contract: `size` <=
/// `max_size`, the buffer holds `max_size`), or is NULL with `size` and `max_size` 0.
#[no_mangle]
pub unsafe extern "C" fn LLVMFuzzerCustomMutator(data: *mut u8, size: usize, max_size: usize, seed: c_uint) -> usize {
    static CONFIG: std::sync::OnceLock<Config> = std::sync::OnceLock::new();
    if data.is_null() {
        return 0;
    }
    // SAFETY: `data` holds `size` readable bytes (the caller's contract); this copy is made before
    // anything writes to the buffer.
    let input = unsafe { std::slice::from_raw_parts(data, size) }.to_vec();
    let mut out = Vec::new();
    let done = catch_unwind(AssertUnwindSafe(|| {
        let config = CONFIG.get_or_init(|| {
            Config::from_env().unwrap_or_else(|e| {
                eprintln!("fracture_afl: {e}; using every mode");
                Config::default()
            })
        });
        let mut draws = Sequence::new(u64::from(seed), DRAW_SEQUENCE);
        let native = if draws.below(2) == 0 { libfuzzer_mutate() } else { None };
        match native {
            // SAFETY: libFuzzer's contract for LLVMFuzzerMutate is this function's own (`data`
            // holds `max_size` writable bytes, `size` <= `max_size`); `out` receives the result.
            Some(mutate) => {
                out.extend_from_slice(&input);
                out.resize(max_size.max(input.len()), 0);
                let n = unsafe { mutate(out.as_mut_ptr(), input.len(), max_size) };
                out.truncate(n.min(max_size));
            }
            None => {
                Strategy::default().mutate(&mut draws, config, &input, &[], max_size, &mut out);
            }
        }
    }));
    if done.is_err() {
        fallback(&input, max_size, &mut out);
    }
    let n = out.len().min(max_size);
    // SAFETY: the buffer holds at least `max_size` writable bytes and n <= max_size; `out` is a
    // separate allocation, so the ranges do not overlap.
    unsafe { std::ptr::copy_nonoverlapping(out.as_ptr(), data, n) };
    n
}
