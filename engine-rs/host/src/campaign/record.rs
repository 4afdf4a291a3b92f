//! The campaign's records (docs/campaigns.md, sections 5 and 6): a line of runs.jsonl per run, and
//! JSON written as `JSON.stringify(value, null, 2)` writes it.

use std::fmt::Write;

use super::outcome::Outcome;

/// A JSON value with its keys in the order they were added.
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(&'static str, Json)>),
    /// JSON text made elsewhere (an engine report), written as it is.
    Raw(String),
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<String> for Json {
    fn from(s: String) -> Json {
        Json::Str(s)
    }
}

impl From<u64> for Json {
    fn from(n: u64) -> Json {
        Json::Int(n as i64)
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        v.map_or(Json::Null, Into::into)
    }
}

/// JSON.stringify's escaping: `"`, `\`, the named escapes, other C0 controls as `\u00xx`.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Json {
    /// `JSON.stringify(value, null, 2) + "\n"`.
    pub fn pretty(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, Some(0));
        s.push('\n');
        s
    }

    /// `JSON.stringify(value)`.
    pub fn compact(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, None);
        s
    }

    fn write(&self, s: &mut String, indent: Option<usize>) {
        let newline = |s: &mut String, level: usize| {
            s.push('\n');
            s.push_str(&"  ".repeat(level));
        };
        match self {
            Json::Null => s.push_str("null"),
            Json::Bool(b) => s.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(s, "{n}");
            }
            Json::Str(x) => string(s, x),
            Json::Raw(text) => s.push_str(text),
            Json::Arr(items) if items.is_empty() => s.push_str("[]"),
            Json::Obj(items) if items.is_empty() => s.push_str("{}"),
            Json::Arr(items) => {
                s.push('[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        s.push(',');
                    }
                    if let Some(level) = indent {
                        newline(s, level + 1);
                    }
                    item.write(s, indent.map(|l| l + 1));
                }
                if let Some(level) = indent {
                    newline(s, level);
                }
                s.push(']');
            }
            Json::Obj(items) => {
                s.push('{');
                for (k, (key, item)) in items.iter().enumerate() {
                    if k > 0 {
                        s.push(',');
                    }
                    if let Some(level) = indent {
                        newline(s, level + 1);
                    }
                    string(s, key);
                    s.push(':');
                    if indent.is_some() {
                        s.push(' ');
                    }
                    item.write(s, indent.map(|l| l + 1));
                }
                if let Some(level) = indent {
                    newline(s, level);
                }
                s.push('}');
            }
        }
    }
}

/// One run as runs.jsonl records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub file: String,
    pub seed: u64,
    pub outcome: Outcome,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    pub duration_ms: u64,
    pub variant_sha256: String,
    pub crash_id: Option<String>,
}

impl Run {
    /// The line, without its `\n`, keys in the order of section 5.
    pub fn line(&self) -> String {
        Json::Obj(vec![
            ("file", self.file.as_str().into()),
            ("seed", self.seed.into()),
            ("outcome", self.outcome.name().into()),
            ("exit_code", self.exit_code.map_or(Json::Null, |c| Json::Int(i64::from(c)))),
            ("signal", self.signal.clone().into()),
            ("duration_ms", self.duration_ms.into()),
            ("variant_sha256", self.variant_sha256.as_str().into()),
            ("crash_id", self.crash_id.clone().into()),
        ])
        .compact()
    }

    /// A line read back (None when it does not hold a run).
    pub fn parse(line: &str) -> Option<Run> {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let text = |k: &str| v.get(k)?.as_str().map(str::to_string);
        let maybe_text = |k: &str| match v.get(k)? {
            serde_json::Value::Null => Some(None),
            serde_json::Value::String(s) => Some(Some(s.clone())),
            _ => None,
        };
        let exit_code = match v.get("exit_code")? {
            serde_json::Value::Null => None,
            n => Some(i32::try_from(n.as_i64()?).ok()?),
        };
        let outcome = Outcome::from_name(&text("outcome")?)?;
        let crash_id = maybe_text("crash_id")?;
        // A crash id names a directory under DIR/crashes: none but what the model makes is taken.
        if outcome.failed() != crash_id.is_some() || !crash_id.as_deref().is_none_or(super::outcome::is_crash_id) {
            return None;
        }
        Some(Run {
            file: text("file")?,
            seed: v.get("seed")?.as_u64()?,
            outcome,
            exit_code,
            signal: maybe_text("signal")?,
            duration_ms: v.get("duration_ms")?.as_u64()?,
            variant_sha256: text("variant_sha256")?,
            crash_id,
        })
    }
}

/// One shell word by the program rule (docs/campaigns.md, section 6): bare when every character is
/// in `A-Za-z0-9_./:=@%+,-`, else single-quoted.
pub fn program_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_in_key_order() {
        let run = Run {
            file: "in/a \"b\".png".into(),
            seed: 42,
            outcome: Outcome::Crashed,
            exit_code: None,
            signal: Some("SIGSEGV".into()),
            duration_ms: 12,
            variant_sha256: "ab".into(),
            crash_id: Some("1a2b3c4d5e6f".into()),
        };
        assert_eq!(
            run.line(),
            r#"{"file":"in/a \"b\".png","seed":42,"outcome":"crashed","exit_code":null,"signal":"SIGSEGV","duration_ms":12,"variant_sha256":"ab","crash_id":"1a2b3c4d5e6f"}"#
        );
        // A crash id is a directory's name under DIR/crashes: a line naming another path is no record.
        let evil = run.line().replace("1a2b3c4d5e6f", "../../../tmp/x");
        assert_eq!(Run::parse(&evil), None);
        assert_eq!(Run::parse(&run.line()), Some(run));
        assert_eq!(Run::parse(r#"{"file":"a","seed":1"#), None);
    }

    #[test]
    fn pretty_is_json_stringify_with_two_spaces() {
        let v = Json::Obj(vec![
            ("a", Json::Arr(vec![])),
            ("b", Json::Arr(vec![Json::Int(1), Json::Null])),
            ("c", Json::Obj(vec![])),
            ("d", "\u{1}\u{7f}é".into()),
        ]);
        assert_eq!(
            v.pretty(),
            "{\n  \"a\": [],\n  \"b\": [\n    1,\n    null\n  ],\n  \"c\": {},\n  \"d\": \"\\u0001\u{7f}é\"\n}\n"
        );
        assert_eq!(program_word("a-b/c.png"), "a-b/c.png");
        assert_eq!(program_word("it's"), "'it'\\''s'");
        assert_eq!(program_word(""), "''");
    }
}
