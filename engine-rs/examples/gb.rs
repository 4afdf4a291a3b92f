//! A minimal stand-in for the `fracture` command line, with the same options the parser tests use:
//! `gb [--mode M] --intensity N --seed S --out DIR [--json] FILE...` writes DIR/{base}_corrupted{.ext}
//! for file i with seed S + i, and with --json prints one report per line.
//! tests/parsers/run.py uses it when target/release/fracture cannot do the job.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut mode = "guaranteed_break".to_string();
    let (mut intensity, mut seed, mut out, mut json) = (80u32, 0u64, "corrupted".to_string(), false);
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().unwrap_or_else(|| usage(&format!("{name} needs a value")));
        match a.as_str() {
            "--mode" => mode = value("--mode"),
            "--intensity" => intensity = value("--intensity").parse().unwrap_or_else(|_| usage("bad --intensity")),
            "--seed" => seed = value("--seed").parse().unwrap_or_else(|_| usage("bad --seed")),
            "--out" => out = value("--out"),
            "--json" => json = true,
            _ if a.starts_with("--") => usage(&format!("unknown option {a}")),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        usage("no input file");
    }
    let mut failed = false;
    for (i, file) in files.iter().enumerate() {
        let name = Path::new(file).file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let result = std::fs::read(file).map_err(|e| e.to_string()).and_then(|bytes| {
            fracture_engine::corrupt(&bytes, &name, &mode, intensity, seed + i as u64).map_err(|e| e.to_string())
        });
        match result {
            Ok((data, report)) => {
                let target = Path::new(&out).join(corrupted_name(&name));
                if let Err(e) = std::fs::create_dir_all(&out).and_then(|_| std::fs::write(&target, data)) {
                    eprintln!("{file}: {e}");
                    failed = true;
                } else if json {
                    println!("{}", report.to_json());
                }
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `{base}_corrupted{.ext}`, the extension being the text after the last dot (none for `.bashrc`).
fn corrupted_name(name: &str) -> String {
    match name.rfind('.') {
        Some(i) if i > 0 => format!("{}_corrupted{}", &name[..i], &name[i..]),
        _ => format!("{name}_corrupted"),
    }
}

fn usage(msg: &str) -> ! {
    eprintln!("gb: {msg}\nusage: gb [--mode M] --intensity N --seed S --out DIR [--json] FILE...");
    std::process::exit(2)
}
