//! A diagnosis as the command lines print it: lines of text, or one JSON object (`--json`). Both
//! command lines (and the site, the SDK and Python) print these bytes.

use crate::cause::{Cause, Diagnosis, Field};
use crate::source::bytes;
use fracture_engine::json_string;
use std::fmt::Write;

fn field_text(v: &Field) -> String {
    match v {
        Field::Int(n) => n.to_string(),
        Field::Text(s) => s.clone(),
        Field::Bool(b) => b.to_string(),
        Field::Spans(s) => format!("{} runs", s.len()),
        Field::Copies(c) => format!("{} copies", c.len()),
        Field::Checks(c) => format!("{} kinds", c.len()),
    }
}

fn heading(c: &Cause) -> String {
    let mut h = c.cause.to_string();
    if let Some(d) = c.text("direction") {
        h.push_str(&format!(" ({d})"));
    }
    h
}

/// The text form: a line on the file, then each cause with its evidence.
pub fn text(d: &Diagnosis) -> String {
    let mut out = format!("{}: {}, {}", d.file, bytes(d.size), d.family);
    if let Some(o) = &d.original {
        let _ = write!(out, "; original {}: {}", o.name, bytes(o.size));
    }
    if !d.damaged() {
        out.push_str(if d.original.is_some() { ": identical to the original\n" } else { ": no known damage found\n" });
        for n in &d.notes {
            let _ = writeln!(out, "  note: {n}");
        }
        return out;
    }
    out.push('\n');
    for c in &d.causes {
        let _ = writeln!(out, "  {}, confidence {:.2}", heading(c), c.confidence);
        for e in &c.evidence {
            let _ = writeln!(out, "    - {e}");
        }
        for (k, v) in &c.fields {
            if matches!(k, &"charset") {
                let _ = writeln!(out, "    {k}: {}", field_text(v));
            }
        }
        if c.repairable {
            out.push_str("    --repair OUT can undo it\n");
        }
    }
    if let Some(u) = &d.unknown {
        out.push_str("  unknown damage\n");
        for e in &u.evidence {
            let _ = writeln!(out, "    - {e}");
        }
    }
    for n in &d.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    if let Some(o) = &d.original {
        let _ = writeln!(out, "  {}", o.summary);
    }
    out
}

fn json_field(out: &mut String, v: &Field) {
    match v {
        Field::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Field::Text(s) => json_string(out, s),
        Field::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Field::Spans(s) => {
            let items: Vec<String> = s.iter().map(|(a, b)| format!("[{a},{b}]")).collect();
            let _ = write!(out, "[{}]", items.join(","));
        }
        Field::Copies(c) => {
            let items: Vec<String> =
                c.iter().map(|(f, t, l)| format!("{{\"from\":{f},\"to\":{t},\"length\":{l}}}")).collect();
            let _ = write!(out, "[{}]", items.join(","));
        }
        Field::Checks(c) => {
            out.push('[');
            for (i, (key, name, n)) in c.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str("{\"kind\":");
                json_string(out, key);
                out.push_str(",\"name\":");
                json_string(out, name);
                let _ = write!(out, ",\"failed\":{n}}}");
            }
            out.push(']');
        }
    }
}

fn strings(out: &mut String, list: &[String]) {
    out.push('[');
    for (i, s) in list.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(out, s);
    }
    out.push(']');
}

/// The JSON form: `{"file", "size", "family", "causes": [...], "unknown", "explained", "original", "notes"}`.
pub fn json(d: &Diagnosis) -> String {
    let mut out = String::from("{\"file\":");
    json_string(&mut out, &d.file);
    let _ = write!(out, ",\"size\":{},\"family\":", d.size);
    json_string(&mut out, d.family);
    out.push_str(",\"causes\":[");
    for (i, c) in d.causes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"cause\":");
        json_string(&mut out, c.cause);
        let _ = write!(out, ",\"confidence\":{},\"evidence\":", c.confidence);
        strings(&mut out, &c.evidence);
        for (k, v) in &c.fields {
            let _ = write!(out, ",\"{k}\":");
            json_field(&mut out, v);
        }
        let _ = write!(out, ",\"repairable\":{}}}", c.repairable);
    }
    out.push_str("],\"unknown\":");
    match &d.unknown {
        None => out.push_str("null"),
        Some(u) => {
            out.push_str("{\"evidence\":");
            strings(&mut out, &u.evidence);
            match u.at {
                Some(at) => {
                    let _ = write!(out, ",\"at\":{at}}}");
                }
                None => out.push_str(",\"at\":null}"),
            }
        }
    }
    out.push_str(",\"explained\":");
    out.push_str(match d.explained {
        None => "null",
        Some(true) => "true",
        Some(false) => "false",
    });
    out.push_str(",\"original\":");
    match &d.original {
        None => out.push_str("null"),
        Some(o) => {
            out.push_str("{\"file\":");
            json_string(&mut out, &o.name);
            let _ = write!(out, ",\"size\":{},\"differences\":{},\"summary\":", o.size, o.differences);
            json_string(&mut out, &o.summary);
            out.push('}');
        }
    }
    out.push_str(",\"notes\":");
    strings(&mut out, &d.notes);
    out.push_str("}\n");
    out
}

/// The line after a repair: what was undone, and where it went.
pub fn repaired(out: &str, r: &crate::Repair, written: u64) -> String {
    format!("fracture: diagnose: wrote {} ({}): undid {}\n", out, bytes(written), r.undoes.join(", "))
}
