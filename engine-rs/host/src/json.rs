//! JSON as JavaScript's `JSON.stringify` writes it, for the records the host writes field by field
//! in a fixed order (the bench's result, the dry run's plan): strings escaped by the core's rule
//! (contract 10.2), numbers in their shortest form, what is not finite as null.

use fracture_engine::json_string;

/// A JSON value, its object fields in the order they are written.
pub enum J {
    Null,
    Bool(bool),
    Int(u64),
    Num(f64),
    Str(String),
    List(Vec<J>),
    Obj(Vec<(&'static str, J)>),
}

impl J {
    /// `v` as given, or null.
    pub fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> J) -> J {
        v.map_or(J::Null, f)
    }

    /// Strings, as a list.
    pub fn strs(list: &[String]) -> J {
        J::List(list.iter().map(|s| J::Str(s.clone())).collect())
    }

    /// As `JSON.stringify(value)`: one line, no spaces.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// As `JSON.stringify(value, null, 2)`.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(2), 0);
        out
    }

    // Numbers from 1e21 up would differ in form; none of these records holds one.
    fn write(&self, out: &mut String, indent: Option<usize>, depth: usize) {
        let open = |out: &mut String, first: bool, d: usize| {
            if !first {
                out.push(',');
            }
            if let Some(w) = indent {
                out.push('\n');
                out.push_str(&" ".repeat(w * d));
            }
        };
        let close = |out: &mut String, d: usize| {
            if let Some(w) = indent {
                out.push('\n');
                out.push_str(&" ".repeat(w * d));
            }
        };
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(n) => out.push_str(&n.to_string()),
            J::Num(x) if !x.is_finite() => out.push_str("null"),
            J::Num(x) => out.push_str(&format!("{x}")),
            J::Str(s) => json_string(out, s),
            J::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    open(out, i == 0, depth + 1);
                    item.write(out, indent, depth + 1);
                }
                if !items.is_empty() {
                    close(out, depth);
                }
                out.push(']');
            }
            J::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    open(out, i == 0, depth + 1);
                    json_string(out, k);
                    out.push_str(if indent.is_some() { ": " } else { ":" });
                    v.write(out, indent, depth + 1);
                }
                if !fields.is_empty() {
                    close(out, depth);
                }
                out.push('}');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_json_stringify_writes_it() {
        let v = J::Obj(vec![
            ("s", J::Str("a\"b\\c\u{1}\n\u{e9}\u{85}".into())),
            ("n", J::List(vec![J::Num(9.0), J::Num(0.125), J::Num(f64::INFINITY), J::Int(u64::MAX)])),
            ("e", J::List(vec![])),
            ("o", J::Obj(vec![("x", J::Null), ("y", J::Bool(false))])),
            ("z", J::Obj(vec![])),
        ]);
        assert_eq!(
            v.compact(),
            "{\"s\":\"a\\\"b\\\\c\\u0001\\n\u{e9}\\u0085\",\"n\":[9,0.125,null,18446744073709551615],\"e\":[],\"o\":{\"x\":null,\"y\":false},\"z\":{}}"
        );
        assert_eq!(
            v.pretty(),
            "{\n  \"s\": \"a\\\"b\\\\c\\u0001\\n\u{e9}\\u0085\",\n  \"n\": [\n    9,\n    0.125,\n    null,\n    18446744073709551615\n  ],\n  \"e\": [],\n  \"o\": {\n    \"x\": null,\n    \"y\": false\n  },\n  \"z\": {}\n}"
        );
    }
}
