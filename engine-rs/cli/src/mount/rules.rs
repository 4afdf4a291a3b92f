//! Fault rules (docs/mount.md, "Fault plans"; docs/contract.md, section 15): `OP:GLOB:TRIGGER:EFFECT`
//! from `--fault`, or the same rules from a TOML plan (`--faults PLAN`), each refused with the line
//! that holds it.

use std::fmt;

/// The operations a rule can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Open,
    Read,
    Write,
    Fsync,
    Fdatasync,
    Rename,
    Unlink,
    Any,
}

impl Op {
    pub const NAMES: [(&'static str, Op); 8] = [
        ("open", Op::Open),
        ("read", Op::Read),
        ("write", Op::Write),
        ("fsync", Op::Fsync),
        ("fdatasync", Op::Fdatasync),
        ("rename", Op::Rename),
        ("unlink", Op::Unlink),
        ("any", Op::Any),
    ];

    pub fn parse(s: &str) -> Option<Op> {
        Op::NAMES.iter().find(|(n, _)| *n == s).map(|&(_, op)| op)
    }

    pub fn name(self) -> &'static str {
        Op::NAMES.iter().find(|(_, op)| *op == self).map_or("any", |(n, _)| n)
    }

    /// Whether a rule for `self` applies to an operation `op` (never `Any`): `fsync` covers
    /// fdatasync too (both make data durable), `fdatasync` only fdatasync.
    pub fn covers(self, op: Op) -> bool {
        self == Op::Any || self == op || (self == Op::Fsync && op == Op::Fdatasync)
    }

    /// Operations on a byte range (the others have no offset).
    pub fn ranged(self) -> bool {
        matches!(self, Op::Read | Op::Write)
    }
}

/// When a rule fires.
#[derive(Clone, Debug, PartialEq)]
pub enum Trigger {
    /// The Nth matching operation on a file (counted per rule and per file), from 1.
    Nth(u64),
    /// Every read or write touching this byte.
    Offset(u64),
    /// Every read or write touching a region of the file's structure map that the selector names.
    Sel(String),
    /// Every matching operation once this many bytes were written through the mount.
    After(u64),
    /// Each matching operation with this probability, drawn from the seed and the operation.
    P(f64),
}

/// What a fired rule does.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// The operation fails with this errno (its name and number).
    Errno(&'static str, i32),
    /// A short read or write: this many bytes, or half of those asked for.
    Short(Option<u32>),
    /// The operation waits this many milliseconds, then runs.
    Delay(u64),
    /// fsync and fdatasync: the data written since the file's last durable point is dropped and this
    /// call fails with EIO, as Linux does after a writeback error; later calls succeed.
    Drop,
    /// The power is cut at this operation (crate::mount::cut): the program's process group stops and
    /// the disk keeps what the power-cut model says.
    PowerCut,
}

/// One rule, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub op: Op,
    pub glob: String,
    pub trigger: Trigger,
    pub effect: Effect,
}

/// The errno names an effect may give, with Linux's numbers (libc).
pub const ERRNOS: [(&str, i32); 24] = [
    ("EIO", libc::EIO),
    ("ENOSPC", libc::ENOSPC),
    ("EACCES", libc::EACCES),
    ("EROFS", libc::EROFS),
    ("EPERM", libc::EPERM),
    ("EDQUOT", libc::EDQUOT),
    ("EFBIG", libc::EFBIG),
    ("ENOMEM", libc::ENOMEM),
    ("EINTR", libc::EINTR),
    ("EAGAIN", libc::EAGAIN),
    ("EBADF", libc::EBADF),
    ("ENOENT", libc::ENOENT),
    ("EEXIST", libc::EEXIST),
    ("EISDIR", libc::EISDIR),
    ("ENOTDIR", libc::ENOTDIR),
    ("EINVAL", libc::EINVAL),
    ("EMFILE", libc::EMFILE),
    ("ENFILE", libc::ENFILE),
    ("EBUSY", libc::EBUSY),
    ("ENXIO", libc::ENXIO),
    ("ETIMEDOUT", libc::ETIMEDOUT),
    ("ENOLCK", libc::ENOLCK),
    ("ESTALE", libc::ESTALE),
    ("EXDEV", libc::EXDEV),
];

fn errno(name: &str) -> Option<Effect> {
    ERRNOS.iter().find(|(n, _)| *n == name).map(|&(n, v)| Effect::Errno(n, v))
}

const TRIGGERS: [&str; 5] = ["nth=", "offset=", "sel=", "after=", "p="];

/// A number as the options take them: decimal, or 0x hex.
fn number(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => u64::from_str_radix(hex, 16).ok(),
        Some(_) => None,
        None if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok(),
        None => None,
    }
}

impl Trigger {
    pub fn parse(s: &str) -> Result<Trigger, String> {
        let (key, value) = s
            .split_once('=')
            .ok_or_else(|| format!("unknown trigger \"{s}\" (nth=N, offset=N, sel=SELECTOR, after=BYTES or p=P)"))?;
        let bad = |what: &str| format!("bad trigger \"{s}\": {what}");
        match key {
            "nth" => {
                number(value).filter(|n| *n >= 1).map(Trigger::Nth).ok_or_else(|| bad("N is a whole number from 1"))
            }
            "offset" => number(value).map(Trigger::Offset).ok_or_else(|| bad("N is a byte offset")),
            "after" => number(value).map(Trigger::After).ok_or_else(|| bad("BYTES is a whole number")),
            "p" => value
                .parse::<f64>()
                .ok()
                .filter(|p| p.is_finite() && (0.0..=1.0).contains(p) && !value.starts_with('+'))
                .map(Trigger::P)
                .ok_or_else(|| bad("P is a probability from 0 to 1")),
            "sel" => fracture_engine::options::Selector::parse(value)
                .map(|_| Trigger::Sel(value.to_string()))
                .map_err(|_| bad("a selector is FORMAT:PATH, as --only takes it (png:IDAT#1)")),
            _ => Err(format!("unknown trigger \"{s}\" (nth=N, offset=N, sel=SELECTOR, after=BYTES or p=P)")),
        }
    }
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trigger::Nth(n) => write!(f, "nth={n}"),
            Trigger::Offset(n) => write!(f, "offset={n}"),
            Trigger::Sel(s) => write!(f, "sel={s}"),
            Trigger::After(n) => write!(f, "after={n}"),
            Trigger::P(p) => write!(f, "p={p}"),
        }
    }
}

impl Effect {
    pub fn parse(s: &str) -> Result<Effect, String> {
        if let Some(e) = errno(s) {
            return Ok(e);
        }
        let bad = || {
            format!(
                "unknown effect \"{s}\" (an errno such as EIO, ENOSPC, EACCES or EROFS; short, short=N, delay=MS, drop or power_cut)"
            )
        };
        match s.split_once('=') {
            None if s == "short" => Ok(Effect::Short(None)),
            None if s == "drop" => Ok(Effect::Drop),
            None if s == "power_cut" => Ok(Effect::PowerCut),
            Some(("short", n)) => {
                number(n).and_then(|n| u32::try_from(n).ok()).map(|n| Effect::Short(Some(n))).ok_or_else(bad)
            }
            Some(("delay", ms)) => number(ms).filter(|ms| *ms <= 3_600_000).map(Effect::Delay).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Errno(name, _) => f.write_str(name),
            Effect::Short(None) => f.write_str("short"),
            Effect::Short(Some(n)) => write!(f, "short={n}"),
            Effect::Delay(ms) => write!(f, "delay={ms}"),
            Effect::Drop => f.write_str("drop"),
            Effect::PowerCut => f.write_str("power_cut"),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}:{}", self.op.name(), self.glob, self.trigger, self.effect)
    }
}

impl Rule {
    /// `OP:GLOB:TRIGGER:EFFECT`. GLOB may hold `:`; the trigger is the last field that starts with a
    /// trigger's key, and a selector trigger may hold `:` too (`sel=png:IDAT#1`).
    pub fn parse(text: &str) -> Result<Rule, String> {
        let form = || format!("bad fault rule \"{text}\": expected OP:GLOB:TRIGGER:EFFECT (read:*.db:nth=5:EIO)");
        let (op, rest) = text.split_once(':').ok_or_else(form)?;
        let (middle, effect) = rest.rsplit_once(':').ok_or_else(form)?;
        // The trigger starts after the last `:` that is followed by a trigger's key.
        let at = middle
            .rmatch_indices(':')
            .map(|(i, _)| i)
            .find(|&i| TRIGGERS.iter().any(|k| middle[i + 1..].starts_with(k)))
            .ok_or_else(|| match middle.rsplit_once(':') {
                Some((_, t)) => Trigger::parse(t).err().unwrap_or_else(form),
                None => form(),
            })?;
        let (glob, trigger) = (&middle[..at], &middle[at + 1..]);
        let op = Op::parse(op).ok_or_else(|| {
            format!(
                "unknown operation \"{op}\" in \"{text}\" (open, read, write, fsync, fdatasync, rename, unlink or any)"
            )
        })?;
        Rule::new(op, glob, Trigger::parse(trigger)?, Effect::parse(effect)?).map_err(|e| format!("{e} in \"{text}\""))
    }

    /// A rule from its parts, refusing the combinations that cannot happen.
    pub fn new(op: Op, glob: &str, trigger: Trigger, effect: Effect) -> Result<Rule, String> {
        if glob.is_empty() {
            return Err("an empty GLOB (use * for every file)".into());
        }
        if matches!(trigger, Trigger::Offset(_) | Trigger::Sel(_)) && !(op.ranged() || op == Op::Any) {
            return Err(format!("{} has no byte range, so offset= and sel= never match it", op.name()));
        }
        match effect {
            Effect::Short(_) if !op.ranged() => return Err(format!("short is for read and write, not {}", op.name())),
            Effect::Drop if !matches!(op, Op::Fsync | Op::Fdatasync) => {
                return Err(format!("drop is for fsync and fdatasync, not {}", op.name()))
            }
            _ => {}
        }
        Ok(Rule { op, glob: glob.to_string(), trigger, effect })
    }

    /// Whether the rule's GLOB names the file at `path` (inside the mount, without a leading `/`): a
    /// GLOB with a `/` is matched against the whole path, one without against the file's name, with
    /// the `--member` glob's rules (`*`, `?`, `**`).
    pub fn names(&self, path: &str) -> bool {
        glob_names(&self.glob, path)
    }
}

/// Whether `glob` names `path` (the rule of `Rule::names`, shared by `--files`).
pub fn glob_names(glob: &str, path: &str) -> bool {
    if glob.contains('/') {
        fracture_engine::member::matches(glob.trim_start_matches('/'), path)
    } else {
        fracture_engine::member::matches(glob, path.rsplit('/').next().unwrap_or(path))
    }
}

/// A plan file (TOML): `[[fault]]` tables, each either `rule = "OP:GLOB:TRIGGER:EFFECT"` or `op`,
/// `path`, one of `nth`, `offset`, `sel`, `after`, `p`, and `effect`. A mistake is refused as
/// `PLAN:LINE: what`.
pub fn parse_plan(text: &str, shown: &str) -> Result<Vec<Rule>, String> {
    let line_of = |offset: usize| text[..offset.min(text.len())].bytes().filter(|&b| b == b'\n').count() + 1;
    let doc: toml::Table = text.parse::<toml::Table>().map_err(|e| {
        let line = e.span().map_or(1, |s| line_of(s.start));
        format!("{shown}:{line}: {}", e.message())
    })?;
    let spans = table_lines(text);
    let mut rules = Vec::new();
    for (key, value) in &doc {
        if key != "fault" {
            return Err(format!(
                "{shown}:{}: unknown key \"{key}\" (a plan holds [[fault]] tables)",
                key_line(text, key)
            ));
        }
        let toml::Value::Array(tables) = value else {
            return Err(format!("{shown}:{}: fault must be [[fault]] tables", key_line(text, key)));
        };
        for (i, table) in tables.iter().enumerate() {
            let line = spans.get(i).copied().unwrap_or(1);
            let toml::Value::Table(t) = table else {
                return Err(format!("{shown}:{line}: fault must be [[fault]] tables"));
            };
            rules.push(rule_of_table(t).map_err(|e| format!("{shown}:{line}: {e}"))?);
        }
    }
    Ok(rules)
}

/// The line of each `[[fault]]` header, in order.
fn table_lines(text: &str) -> Vec<usize> {
    text.lines().enumerate().filter(|(_, l)| l.trim_start().starts_with("[[fault]]")).map(|(i, _)| i + 1).collect()
}

fn key_line(text: &str, key: &str) -> usize {
    text.lines().position(|l| l.trim_start().starts_with(key)).map_or(1, |i| i + 1)
}

fn rule_of_table(t: &toml::Table) -> Result<Rule, String> {
    const KEYS: [&str; 9] = ["rule", "op", "path", "nth", "offset", "sel", "after", "p", "effect"];
    if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(format!("unknown key \"{k}\" ({})", KEYS.join(", ")));
    }
    let text = |k: &str| -> Result<Option<String>, String> {
        match t.get(k) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("{k} must be a string")),
        }
    };
    if let Some(rule) = text("rule")? {
        if t.len() > 1 {
            return Err("a table with rule = \"...\" holds nothing else".into());
        }
        return Rule::parse(&rule);
    }
    let op_text = text("op")?.ok_or("missing op")?;
    let op = Op::parse(&op_text).ok_or_else(|| {
        format!("unknown operation \"{op_text}\" (open, read, write, fsync, fdatasync, rename, unlink or any)")
    })?;
    let glob = text("path")?.unwrap_or_else(|| "*".into());
    let mut triggers = Vec::new();
    for key in ["nth", "offset", "sel", "after", "p"] {
        let Some(v) = t.get(key) else { continue };
        let value = match v {
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::Float(x) => x.to_string(),
            toml::Value::String(s) => s.clone(),
            _ => return Err(format!("{key} must be a number")),
        };
        triggers.push(Trigger::parse(&format!("{key}={value}"))?);
    }
    let trigger = match triggers.len() {
        1 => triggers.remove(0),
        0 => return Err("missing trigger (one of nth, offset, sel, after, p)".into()),
        _ => return Err("more than one trigger (one of nth, offset, sel, after, p)".into()),
    };
    let effect = Effect::parse(&text("effect")?.ok_or("missing effect")?)?;
    Rule::new(op, &glob, trigger, effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_as_written() {
        for text in [
            "read:*.db:nth=5:EIO",
            "fsync:*:nth=3:EIO",
            "write:*:after=1048576:ENOSPC",
            "read:a:b/*.png:sel=png:IDAT#1:short",
            "any:**:p=0.01:delay=20",
            "fsync:x:nth=1:drop",
            "read:*:offset=4096:short=7",
        ] {
            let rule = Rule::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(rule.to_string(), text);
        }
        let sel = Rule::parse("read:a:b/*.png:sel=png:IDAT#1:short").unwrap();
        assert_eq!((sel.glob.as_str(), sel.trigger), ("a:b/*.png", Trigger::Sel("png:IDAT#1".into())));
        assert_eq!(Rule::parse("write:*:after=0x100:ENOSPC").unwrap().trigger, Trigger::After(256));
    }

    #[test]
    fn mistakes_are_named() {
        let cases = [
            ("reed:*:nth=1:EIO", "unknown operation \"reed\""),
            ("read:*:nth=1:EWHAT", "unknown effect \"EWHAT\""),
            ("read:*:nth=0:EIO", "N is a whole number from 1"),
            ("read:*:count=3:EIO", "unknown trigger \"count=3\""),
            ("read:*:p=1.5:EIO", "a probability from 0 to 1"),
            ("fsync:*:offset=3:EIO", "fsync has no byte range"),
            ("open:*:nth=1:short", "short is for read and write"),
            ("read:*:nth=1:drop", "drop is for fsync and fdatasync"),
            ("read:*:nth=1", "expected OP:GLOB:TRIGGER:EFFECT"),
            ("read::nth=1:EIO", "an empty GLOB"),
        ];
        for (text, want) in cases {
            let e = Rule::parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn globs_name_files_or_paths() {
        assert!(glob_names("*.db", "data/x.db"));
        assert!(glob_names("*", "a/b/c"));
        assert!(!glob_names("data/*.db", "other/x.db"));
        assert!(glob_names("data/*.db", "data/x.db"));
        assert!(glob_names("**/x.db", "a/b/x.db"));
        assert!(!glob_names("*.db", "x.db-wal"));
    }

    #[test]
    fn plans_name_the_line() {
        let plan = "# a plan\n[[fault]]\nop = \"read\"\npath = \"*.db\"\nnth = 5\neffect = \"EIO\"\n\n[[fault]]\nrule = \"fsync:*:nth=3:drop\"\n";
        let rules = parse_plan(plan, "plan.toml").unwrap();
        assert_eq!(rules.len(), 2);
        assert_eq!(rules[0].to_string(), "read:*.db:nth=5:EIO");
        assert_eq!(rules[1].effect, Effect::Drop);
        let bad = "[[fault]]\nop = \"read\"\nnth = 1\neffect = \"EIO\"\n[[fault]]\nop = \"scribble\"\nnth = 1\neffect = \"EIO\"\n";
        assert_eq!(
            parse_plan(bad, "p.toml").unwrap_err(),
            "p.toml:5: unknown operation \"scribble\" (open, read, write, fsync, fdatasync, rename, unlink or any)"
        );
        let errno = "[[fault]]\nop = \"read\"\nnth = 1\neffect = \"EBOGUS\"\n";
        assert!(parse_plan(errno, "p.toml").unwrap_err().starts_with("p.toml:1: unknown effect \"EBOGUS\""));
        assert!(parse_plan("[[fault]\n", "p.toml").unwrap_err().starts_with("p.toml:1: "));
        assert!(parse_plan("x = 1\n", "p.toml").unwrap_err().starts_with("p.toml:1: unknown key \"x\""));
    }
}
