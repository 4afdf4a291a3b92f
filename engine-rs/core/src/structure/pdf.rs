//! PDF (section 14.3): read as tokens in one pass, tolerant of any damage: the header line, objects
//! `object[N G]` from `N G obj` to `endobj`, `xref` sections, `trailer`s and `startxref` up to
//! `%%EOF` (an incremental update repeats them, numbered `#k`).

use super::map::{Map, Role, Unit};
use crate::checksums::area::Area;

const WINDOW: u64 = 64 << 10;

fn whitespace(b: u8) -> bool {
    matches!(b, 0 | b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

fn delimiter(b: u8) -> bool {
    matches!(b, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}

/// A token: a run of regular characters and its first bytes (enough for the keywords and for an
/// integer of at most 10 digits).
#[derive(Clone, Copy)]
struct Token {
    start: u64,
    len: u64,
    head: [u8; 10],
    /// Whether only whitespace separates it from the token before.
    spaced: bool,
}

impl Token {
    fn is(&self, word: &[u8]) -> bool {
        self.len == word.len() as u64 && &self.head[..word.len()] == word
    }

    fn integer(&self) -> Option<u64> {
        let digits = &self.head[..(self.len as usize).min(10)];
        (self.len <= 10 && digits.iter().all(u8::is_ascii_digit))
            .then(|| digits.iter().fold(0, |v, &d| v * 10 + u64::from(d - b'0')))
    }
}

/// What is open: the part of the map the next keyword (or the input's end) closes.
enum Open {
    None,
    /// An object's unit and the end of its `N G obj`.
    Object(Unit, u64),
    Xref(Unit, u64),
    Trailer(Unit, u64),
    /// `startxref`'s unit and the end of its keyword.
    Startxref(Unit, u64),
}

struct Walk {
    m: Map,
    open: Open,
    /// The two tokens before the current one.
    before: [Option<Token>; 2],
    stopped: bool,
}

impl Walk {
    /// Closes what is open at `at`.
    fn close(&mut self, at: u64) {
        match std::mem::replace(&mut self.open, Open::None) {
            Open::None => {}
            Open::Object(u, body) => self.m.field(u, "body", body, at, Role::Payload),
            Open::Xref(u, start) | Open::Trailer(u, start) => self.m.whole(u, start, at, Role::Layout),
            Open::Startxref(u, kw) => self.m.field(u, "offset", kw, at, Role::Layout),
        }
    }

    fn unit(&mut self, name: String) -> Option<Unit> {
        let u = self.m.unit(name);
        self.stopped |= u.is_none();
        u
    }

    fn token(&mut self, t: Token) {
        let end = t.start + t.len;
        if t.is(b"obj") {
            if let [Some(a), Some(b)] = self.before {
                if let (Some(num), Some(gen), true, true) = (a.integer(), b.integer(), b.spaced, t.spaced) {
                    self.close(a.start);
                    if let Some(u) = self.unit(format!("object[{num} {gen}]")) {
                        self.m.field(u, "header", a.start, end, Role::Magic);
                        self.open = Open::Object(u, end);
                    }
                }
            }
        } else if t.is(b"endobj") {
            if let Open::Object(u, body) = self.open {
                self.m.field(u, "body", body, t.start, Role::Payload);
                self.m.field(u, "end", t.start, end, Role::Magic);
                self.open = Open::None;
            }
        } else if t.is(b"xref") || t.is(b"trailer") {
            self.close(t.start);
            let xref = t.is(b"xref");
            if let Some(u) = self.unit(if xref { "xref" } else { "trailer" }.into()) {
                self.open = if xref { Open::Xref(u, t.start) } else { Open::Trailer(u, t.start) };
            }
        } else if t.is(b"startxref") {
            self.close(t.start);
            if let Some(u) = self.unit("startxref".into()) {
                self.m.field(u, "keyword", t.start, end, Role::Magic);
                self.open = Open::Startxref(u, end);
            }
        }
        self.before = [self.before[1], Some(t)];
    }

    /// A comment `[start, end)` (to the end of its line) whose first bytes are `head`.
    fn comment(&mut self, start: u64, end: u64, head: &[u8]) {
        if start == 0 && head.starts_with(b"%PDF-") {
            if let Some(u) = self.unit("header".into()) {
                self.m.whole(u, 0, end, Role::Magic);
            }
        } else if head.starts_with(b"%%EOF") {
            if let Open::Startxref(u, kw) = self.open {
                self.m.field(u, "offset", kw, start, Role::Layout);
                self.m.field(u, "eof", start, end, Role::Magic);
                self.open = Open::None;
            } else {
                self.close(start);
                if let Some(u) = self.unit("eof".into()) {
                    self.m.whole(u, start, end, Role::Magic);
                }
            }
        }
    }
}

/// What the lexer is inside.
enum Lex {
    /// Tokens, whitespace and delimiters.
    Normal,
    /// A comment: its start and first bytes (enough for `%PDF-` and `%%EOF`).
    Comment(u64, [u8; 5], usize),
    /// A literal string: its depth of parentheses and whether the byte before was a backslash.
    Literal(u32, bool),
    /// A stream's data after the `stream` keyword: how many bytes of `endstream` the last ones
    /// match.
    Stream(usize),
}

const ENDSTREAM: &[u8; 9] = b"endstream";
/// For each prefix of `endstream`, the longest proper suffix that is also a prefix (Knuth-Morris-
/// Pratt): only the `e` at 6 repeats.
const ENDSTREAM_FAIL: [usize; 9] = [0, 0, 0, 0, 0, 0, 1, 0, 0];

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut w = Walk { m: Map::new("pdf", n), open: Open::None, before: [None, None], stopped: false };
    let mut token: Option<Token> = None;
    let mut lex = Lex::Normal;
    // Whether only whitespace has come since the last token.
    let mut spaced = false;
    let mut p = 0;
    while p < n && !w.stopped {
        let len = (n - p).min(WINDOW) as usize;
        let Some(window) = input.get(p, len) else { break };
        for (i, &b) in window.iter().enumerate() {
            let at = p + i as u64;
            match &mut lex {
                Lex::Comment(start, head, got) => {
                    if b == b'\n' || b == b'\r' {
                        let (start, head, got) = (*start, *head, *got);
                        lex = Lex::Normal;
                        w.comment(start, at, &head[..got]);
                        spaced = false;
                    } else if *got < 5 {
                        head[*got] = b;
                        *got += 1;
                    }
                    continue;
                }
                Lex::Literal(depth, escaped) => {
                    if *escaped {
                        *escaped = false;
                    } else if b == b'\\' {
                        *escaped = true;
                    } else if b == b'(' {
                        *depth += 1;
                    } else if b == b')' {
                        *depth -= 1;
                        if *depth == 0 {
                            lex = Lex::Normal;
                        }
                    }
                    continue;
                }
                Lex::Stream(matched) => {
                    let mut j = *matched;
                    while j > 0 && ENDSTREAM[j] != b {
                        j = ENDSTREAM_FAIL[j - 1];
                    }
                    if ENDSTREAM[j] == b {
                        j += 1;
                    }
                    *matched = j;
                    if j == ENDSTREAM.len() {
                        lex = Lex::Normal;
                        spaced = false;
                    }
                    continue;
                }
                Lex::Normal => {}
            }
            if whitespace(b) || delimiter(b) {
                if let Some(t) = token.take() {
                    w.token(t);
                    spaced = true;
                    if t.is(b"stream") {
                        lex = Lex::Stream(0);
                        continue;
                    }
                }
                if b == b'%' {
                    lex = Lex::Comment(at, [b'%', 0, 0, 0, 0], 1);
                } else if b == b'(' {
                    lex = Lex::Literal(1, false);
                }
                if delimiter(b) {
                    spaced = false;
                }
                continue;
            }
            match token.as_mut() {
                Some(t) => {
                    if t.len < 10 {
                        t.head[t.len as usize] = b;
                    }
                    t.len += 1;
                }
                None => {
                    let mut head = [0; 10];
                    head[0] = b;
                    token = Some(Token { start: at, len: 1, head, spaced });
                }
            }
        }
        p += len as u64;
    }
    if !w.stopped {
        if let Some(t) = token.take() {
            w.token(t);
        }
        if let Lex::Comment(start, head, got) = lex {
            w.comment(start, n, &head[..got]);
        }
        w.close(n);
    }
    w.m
}
