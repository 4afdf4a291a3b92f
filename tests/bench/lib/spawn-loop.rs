// The native baseline of tests/bench/floor.mjs's campaign figures: PROGRAM started COUNT times one
// after another, each with FILE on standard input and its output and errors read through pipes, as
// plainly as Rust's standard library starts a process. Compiled by the benchmark with rustc -O.
//
//   spawn-loop COUNT FILE PROGRAM [ARGS...]
use std::fs::File;
use std::process::{Command, ExitCode, Stdio};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [count, file, program, rest @ ..] = args.as_slice() else {
        eprintln!("usage: spawn-loop COUNT FILE PROGRAM [ARGS...]");
        return ExitCode::from(2);
    };
    let count: u32 = count.parse().expect("COUNT is a number");
    for _ in 0..count {
        let stdin = File::open(file).expect("FILE can be read");
        let ran = Command::new(program)
            .args(rest)
            .stdin(Stdio::from(stdin))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("PROGRAM starts");
        std::hint::black_box(ran);
    }
    ExitCode::SUCCESS
}
