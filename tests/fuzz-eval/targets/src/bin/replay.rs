//! `replay TARGET FILE...`: runs the harness on each file, uninstrumented, and prints one JSON line
//! per file: `{"file":..,"panic":null}` or the panic's message and `file:line`, so the evaluation
//! can tell which known bug a saved crash is (scripts/fuzz-eval/).

use std::panic;
use std::sync::Mutex;

static LAST: Mutex<Option<(String, String)>> = Mutex::new(None);

fn json(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(harness) = args.first().and_then(|n| fracture_fuzz_eval_targets::by_name(n)) else {
        eprintln!("usage: replay png|gif|zip FILE...");
        std::process::exit(2);
    };
    panic::set_hook(Box::new(|info| {
        let message = match (info.payload().downcast_ref::<&str>(), info.payload().downcast_ref::<String>()) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => String::from("(no message)"),
        };
        let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        *LAST.lock().unwrap() = Some((message, at));
    }));
    for file in &args[1..] {
        let data = match std::fs::read(file) {
            Ok(d) => d,
            Err(e) => {
                println!("{{\"file\":{},\"error\":{}}}", json(file), json(&e.to_string()));
                continue;
            }
        };
        *LAST.lock().unwrap() = None;
        let crashed = panic::catch_unwind(|| harness(&data)).is_err();
        let last = LAST.lock().unwrap().take();
        match (crashed, last) {
            (true, Some((message, at))) => {
                println!("{{\"file\":{},\"panic\":{},\"at\":{}}}", json(file), json(&message), json(&at))
            }
            _ => println!("{{\"file\":{},\"panic\":null}}", json(file)),
        }
    }
}
