//! The report: ordered fields serialised exactly as JavaScript's JSON.stringify would.

use std::fmt::Write;

pub const VERDICT: &str = "Won't Open (Verified Heuristically)";
pub const ENGINE_VERSION: &str = "fracture-engine/1";

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Str(String),
    Int(u64),
    Num(f64),
    Bool(bool),
    /// An object of counts, keys in order (`checksums_fixed`).
    Counts(Vec<(&'static str, u64)>),
    /// An object, keys in order (`member`, and each member's entry in it).
    Object(Vec<(&'static str, Value)>),
    /// An array (`member.members`).
    List(Vec<Value>),
}

/// Fields in the order every engine emits them (docs/contract.md, section 10).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    pub fields: Vec<(&'static str, Value)>,
}

impl Report {
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    pub fn set(&mut self, key: &'static str, value: Value) {
        match self.fields.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.fields.push((key, value)),
        }
    }

    /// `JSON.stringify(report)`.
    pub fn to_json(&self) -> String {
        self.write(None)
    }

    /// `JSON.stringify(report, null, 2)`.
    pub fn to_json_pretty(&self) -> String {
        self.write(Some(2))
    }

    fn write(&self, indent: Option<usize>) -> String {
        let mut s = String::new();
        let fields: Vec<(&str, &Value)> = self.fields.iter().map(|(k, v)| (*k, v)).collect();
        write_object(&mut s, &fields, indent, 1);
        s
    }
}

/// An object as JSON.stringify writes it, at nesting `depth` (1 for the report itself).
fn write_object(s: &mut String, fields: &[(&str, &Value)], indent: Option<usize>, depth: usize) {
    let empty = fields.is_empty();
    s.push('{');
    for (i, &(k, v)) in fields.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        if let Some(w) = indent {
            s.push('\n');
            s.push_str(&" ".repeat(w * depth));
        }
        json_string(s, k);
        s.push(':');
        if indent.is_some() {
            s.push(' ');
        }
        match v {
            Value::Str(x) => json_string(s, x),
            Value::Int(x) => write!(s, "{x}").unwrap(),
            Value::Num(x) => json_number(s, *x),
            Value::Bool(x) => write!(s, "{x}").unwrap(),
            v => write_value(s, v, indent, depth),
        }
    }
    if let (Some(w), false) = (indent, empty) {
        s.push('\n');
        s.push_str(&" ".repeat(w * (depth - 1)));
    }
    s.push('}');
}

/// A value nested at `depth` (its own members are indented one level further).
fn write_value(s: &mut String, v: &Value, indent: Option<usize>, depth: usize) {
    match v {
        Value::Str(x) => json_string(s, x),
        Value::Int(x) => write!(s, "{x}").unwrap(),
        Value::Num(x) => json_number(s, *x),
        Value::Bool(x) => write!(s, "{x}").unwrap(),
        Value::Counts(c) => {
            let values: Vec<Value> = c.iter().map(|(_, n)| Value::Int(*n)).collect();
            let inner: Vec<(&str, &Value)> = c.iter().map(|(k, _)| *k).zip(values.iter()).collect();
            write_object(s, &inner, indent, depth + 1);
        }
        Value::Object(f) => {
            let inner: Vec<(&str, &Value)> = f.iter().map(|(k, v)| (*k, v)).collect();
            write_object(s, &inner, indent, depth + 1);
        }
        Value::List(items) => {
            s.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if let Some(w) = indent {
                    s.push('\n');
                    s.push_str(&" ".repeat(w * (depth + 1)));
                }
                write_value(s, item, indent, depth + 1);
            }
            if let (Some(w), false) = (indent, items.is_empty()) {
                s.push('\n');
                s.push_str(&" ".repeat(w * depth));
            }
            s.push(']');
        }
    }
}

/// A count as people read it, its digits in groups of three: 1234567 -> "1,234,567" (the hosts'
/// lines and reports, and `fracture diagnose`'s, print counts so).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// JSON.stringify's string escaping, and DEL and the C1 controls as `\u00xx` too (contract 10.2), so
/// a report never carries a raw control character.
pub fn json_string(out: &mut String, s: &str) {
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
            c if (c as u32) < 0x20 || ('\u{7f}'..='\u{9f}').contains(&c) => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Number formatting that matches JavaScript for the values reports hold (finite, |x| < 1e21, and
/// either 0 or |x| >= 1e-6): Rust's shortest round-trip digits, which is what JS prints there.
fn json_number(out: &mut String, x: f64) {
    if !x.is_finite() {
        out.push_str("null");
    } else if x == 0.0 {
        out.push('0');
    } else {
        write!(out, "{x}").unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_like_json_stringify() {
        let mut r = Report::default();
        r.set("a", Value::Str("q\"\\\n\u{1}é".into()));
        r.set("b", Value::Int(9007199254740991));
        r.set("c", Value::Num(-0.1637));
        r.set("d", Value::Num(8.0));
        r.set("e", Value::Bool(true));
        assert_eq!(r.to_json(), r#"{"a":"q\"\\\n\u0001é","b":9007199254740991,"c":-0.1637,"d":8,"e":true}"#);
        assert_eq!(r.to_json_pretty(), "{\n  \"a\": \"q\\\"\\\\\\n\\u0001é\",\n  \"b\": 9007199254740991,\n  \"c\": -0.1637,\n  \"d\": 8,\n  \"e\": true\n}");
        let mut c = Report::default();
        c.set("n", Value::Str("\u{7e}\u{7f}\u{80}\u{85}\u{9f}\u{a0}".into()));
        assert_eq!(c.to_json(), "{\"n\":\"~\\u007f\\u0080\\u0085\\u009f\u{a0}\"}");
        r.set("f", Value::Counts(vec![("x", 1), ("y", 0)]));
        r.set("g", Value::Counts(vec![]));
        assert!(r.to_json().ends_with(r#""e":true,"f":{"x":1,"y":0},"g":{}}"#));
        let mut m = Report::default();
        m.set(
            "m",
            Value::Object(vec![
                ("l", Value::List(vec![Value::Object(vec![("k", Value::Int(1))]), Value::Int(2)])),
                ("e", Value::List(vec![])),
            ]),
        );
        assert_eq!(m.to_json(), r#"{"m":{"l":[{"k":1},2],"e":[]}}"#);
        assert_eq!(
            m.to_json_pretty(),
            "{\n  \"m\": {\n    \"l\": [\n      {\n        \"k\": 1\n      },\n      2\n    ],\n    \"e\": []\n  }\n}"
        );
        assert!(r
            .to_json_pretty()
            .ends_with("\"e\": true,\n  \"f\": {\n    \"x\": 1,\n    \"y\": 0\n  },\n  \"g\": {}\n}"));
    }
}
