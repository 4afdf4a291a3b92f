//! The npm CLI's command lines (fracture_host::args, as the native CLI reads and decides them): the
//! npm CLI hands over its arguments' bytes and gets back what the line holds (where each value is,
//! so that it takes a path's exact bytes from its own arguments) and the command's decisions, or
//! the message that refuses the line.

use fracture_host::args::{decide_json, read, Print, Side};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// The decisions a command's line gets here.
fn decided(command: Option<&str>, line: &fracture_host::args::Line, cores: usize, seed: u64) -> Result<Value, String> {
    let g = &line.tokens.given;
    match command {
        None => decide_json("fracture", g, cores, seed),
        Some("agree") => decide_json("corruption", g, cores, seed),
        Some(c) => decide_json(c, g, cores, seed),
    }
}

/// `argv`: the arguments' bytes one after another, `lengths` each one's; `cores`: --jobs' default;
/// `randomSeed`: the seed when none is given. Returns `{"refused", "command"}` (the message and the
/// command whose help it points at), `{"print": "help" | "version", "command"}`, or `{"command",
/// "decided", "values": [[option, arg, at], ...], "flags": [option, ...], "positionals": [arg, ...], "program": index | null}`
/// (a value is argument `arg` from `at` on, an index into the same string in JavaScript: what comes
/// before a value is ASCII).
#[wasm_bindgen(js_name = readArgs)]
pub fn read_args(argv: &[u8], lengths: &[u32], cores: u32, random_seed: f64) -> String {
    let mut args: Vec<&[u8]> = Vec::with_capacity(lengths.len());
    let mut at = 0;
    for &n in lengths {
        let end = (at + n as usize).min(argv.len());
        args.push(&argv[at..end]);
        at = end;
    }
    let line = match read(&args, Side::Npm) {
        Ok(line) => line,
        Err(r) => return json!({ "refused": r.message, "command": r.sub }).to_string(),
    };
    let command = line.sub.name;
    if let Some(p) = line.tokens.print {
        let version = (p == Print::Version).then(fracture_host::args::version_text);
        return json!({ "print": if p == Print::Help { "help" } else { "version" }, "command": command, "version": version })
            .to_string();
    }
    match decided(command, &line, cores as usize, random_seed as u64) {
        Err(message) => json!({ "refused": message, "command": command }),
        Ok(decided) => json!({
            "command": command,
            "decided": decided,
            "values": line.tokens.values.iter().map(|(n, p)| json!([n, p.arg, p.at])).collect::<Vec<_>>(),
            "flags": line.tokens.given.options.iter().filter(|(_, v)| v.is_empty()).map(|(n, _)| n).collect::<Vec<_>>(),
            "positionals": line.tokens.positionals,
            "program": line.program,
        }),
    }
    .to_string()
}
