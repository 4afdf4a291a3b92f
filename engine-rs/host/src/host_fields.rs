//! The fields every host adds after the engine's report (docs/contract.md, section 11.5): the
//! replay command and the share link, for every host: the native CLI and Python call it, the npm
//! CLI, the SDK and the site through the outputs module (engine-rs/outputs-wasm, hostFields). Held
//! to the vectors of tests/golden/share-links.json here and in lib/engine/host-module.

use fracture_engine::{Report, Value};

/// The site's origin (engine-data/formats.toml, `site_origin`): share links point here.
pub use crate::ui_modes::SITE_ORIGIN;

fn text<'a>(r: &'a Report, key: &str) -> &'a str {
    match r.get(key) {
        Some(Value::Str(s)) => s,
        _ => "",
    }
}

fn int(r: &Report, key: &str) -> u64 {
    match r.get(key) {
        Some(Value::Int(n)) => *n,
        _ => 0,
    }
}

/// Words made only of these need no quoting in any POSIX shell.
fn plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c)
}

/// Controls (C0, DEL, C1), which a terminal may act on when they are pasted, and the separators and
/// bidirectional controls that could make the command display as another (display::hidden).
fn control(c: char) -> bool {
    crate::hidden(c)
}

/// One word a POSIX shell reads back as `word` (POSIX.1-2024 `$'…'` quoting): bare
/// when plain, else in single quotes, or in `$'…'` when it holds control characters; a leading `-`
/// gets `./`.
pub fn shell_word(word: &str) -> String {
    if word.is_empty() {
        return "''".into();
    }
    let w = if word.starts_with('-') { format!("./{word}") } else { word.to_string() };
    if w.chars().all(plain) {
        return w;
    }
    if !w.chars().any(control) {
        return format!("'{}'", w.replace('\'', "'\\''"));
    }
    let mut out = String::from("$'");
    for c in w.chars() {
        match c {
            '\\' | '\'' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if control(c) => {
                // Each byte of its UTF-8 (one for C0 and DEL).
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    out.push_str(&format!("\\x{b:02x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The command-line options a report was made with, in the replay command's order: `--only` and
/// `--protect` from its `ranges` field (`--only=-512:` for a range starting with `-`), then
/// `--fix-checksums` when it has `checksums_fixed`, then the conversion modes' and
/// misdirected_write's options, then `--member`.
pub fn replay_args(r: &Report) -> Vec<String> {
    let mut args = vec![
        "--mode".to_string(),
        text(r, "mode").to_string(),
        "--intensity".to_string(),
        int(r, "intensity").to_string(),
        "--seed".to_string(),
        int(r, "seed").to_string(),
    ];
    let ranges = text(r, "ranges");
    if !ranges.is_empty() {
        for range in ranges.split(", ") {
            let (kind, value) = range.split_once(' ').unwrap_or((range, ""));
            if value.starts_with('-') {
                args.push(format!("--{kind}={value}"));
            } else {
                args.push(format!("--{kind}"));
                args.push(value.to_string());
            }
        }
    }
    if r.get("checksums_fixed").is_some() {
        args.push("--fix-checksums".into());
    }
    args.extend(variant_args(r));
    if let Some(Value::Object(member)) = r.get("member") {
        if let Some((_, Value::Str(glob))) = member.iter().find(|(k, _)| *k == "glob") {
            args.push("--member".into());
            args.push(glob.clone());
        }
    }
    args
}

/// The conversion modes' and misdirected_write's options a report was made with (docs/contract.md,
/// section 11.5): text_transfer's direction always (the seed's choice written out makes the same
/// bytes), the others when they are not the defaults.
fn variant_args(r: &Report) -> Vec<String> {
    let mut args = Vec::new();
    let mut push = |option: &str, value: &str| {
        args.push(option.to_string());
        args.push(value.to_string());
    };
    match text(r, "mode") {
        "text_transfer" if !text(r, "direction").is_empty() => push("--direction", text(r, "direction")),
        "charset_roundtrip" => {
            if text(r, "direction") == "from_utf8" {
                push("--direction", "from_utf8");
            }
            if text(r, "charset") == "latin1" {
                push("--charset", "latin1");
            }
            if !matches!(text(r, "bom"), "keep" | "") {
                push("--bom", text(r, "bom"));
            }
        }
        "misdirected_write" if int(r, "block_size") == 512 => push("--block-size", "512"),
        _ => {}
    }
    args
}

/// An argument of the replay command: options as they are, values (a `--member` glob) as one shell word.
fn option_word(a: &str) -> String {
    if a.starts_with('-') {
        a.to_string()
    } else {
        shell_word(a)
    }
}

/// `fracture --mode M --intensity N --seed S [ranges] [--fix-checksums] FILE`.
pub fn replay_command(r: &Report) -> String {
    command_of(&replay_args(r), text(r, "filename"))
}

/// `fracture ARGS FILE`: the arguments of `replay_args` (or a share link's) and FILE as shell words.
pub fn command_of(args: &[String], file: &str) -> String {
    command(args, shell_word(file))
}

/// `fracture ARGS` then `file_word`, a file already written as a shell word.
fn command(args: &[String], file_word: String) -> String {
    let mut words = vec!["fracture".to_string()];
    words.extend(args.iter().map(|a| option_word(a)));
    words.push(file_word);
    words.join(" ")
}

/// A file name that is not UTF-8 as one shell word: `$'…'`, each byte that is not part of valid UTF-8
/// as `\xhh`, the rest as `shell_word` writes it inside `$'…'`.
pub fn shell_word_bytes(name: &[u8]) -> String {
    let mut out = String::from("$'");
    if name.starts_with(b"-") {
        out.push_str("./");
    }
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' | '\'' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if control(c) => {
                    for b in c.encode_utf8(&mut [0; 4]).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('\'');
    out
}

/// The report's share link (docs/contract.md, section 11.5): its replay command's options as a
/// query on `SITE_ORIGIN`, then its file's name and size (crate::share_link).
pub fn share_link(r: &Report) -> String {
    share_link_on(r, SITE_ORIGIN)
}

/// The share link on another origin (the SDK's `siteOrigin`); a report without a `filename` (the
/// site's settings before any file is added) links to the settings alone.
pub fn share_link_on(r: &Report, origin: &str) -> String {
    match r.get("filename") {
        Some(_) => crate::share_link::share_link(origin, &replay_args(r), text(r, "filename"), int(r, "original_size")),
        None => crate::share_link::settings_link(origin, &replay_args(r)),
    }
}

/// The report with `replay` and `share_link` after the engine's fields; `replay_name`: the file's
/// own name, which the replay command names by its bytes when they are not UTF-8 (the report's
/// `filename` has U+FFFD there).
pub fn add(r: &mut Report, replay_name: Option<&[u8]>) {
    let (replay, link) = fields(r, replay_name, SITE_ORIGIN);
    r.set("replay", Value::Str(replay));
    r.set("share_link", Value::Str(link));
}

/// `replay` and `share_link` of a report: the command on `replay_name` when the file's name is not
/// UTF-8 (its bytes), on the report's `filename` otherwise; the link on `origin`.
pub fn fields(r: &Report, replay_name: Option<&[u8]>, origin: &str) -> (String, String) {
    let replay = match replay_name.filter(|n| std::str::from_utf8(n).is_err()) {
        Some(name) => command(&replay_args(r), shell_word_bytes(name)),
        None => replay_command(r),
    };
    (replay, share_link_on(r, origin))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_are_not_utf8() {
        assert_eq!(shell_word_bytes(b"caf\xe9.txt"), "$'caf\\xe9.txt'");
        assert_eq!(shell_word_bytes(b"-x\xff it's\n"), "$'./-x\\xff it\\'s\\n'");
        // What bash reads back from the word is the name.
        let word = shell_word_bytes(b"a\xe9 b\x01'\\c");
        let out = std::process::Command::new("bash").arg("-c").arg(format!("printf %s {word}")).output().unwrap();
        assert_eq!(out.stdout, b"a\xe9 b\x01'\\c");
    }

    #[test]
    fn shell_words() {
        assert_eq!(shell_word("report.pdf"), "report.pdf");
        assert_eq!(shell_word("quarterly results.csv"), "'quarterly results.csv'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word("-rf"), "./-rf");
        assert_eq!(shell_word("new\nline"), "$'new\\nline'");
        assert_eq!(shell_word("bell\u{7}'"), "$'bell\\x07\\''");
        // C1 controls and bidirectional controls: each UTF-8 byte as \xHH.
        assert_eq!(shell_word("c1\u{85}.txt"), "$'c1\\xc2\\x85.txt'");
        assert_eq!(shell_word("invoice\u{202e}fdp.exe"), "$'invoice\\xe2\\x80\\xaefdp.exe'");
        assert_eq!(shell_word("é\u{7f}"), "$'é\\x7f'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn replay_carries_the_options_that_change_the_bytes() {
        let report = |mode: &str, fields: &[(&'static str, Value)]| {
            let mut r = Report { fields: Vec::new() };
            r.set("filename", Value::Str("f.txt".into()));
            r.set("mode", Value::Str(mode.into()));
            r.set("intensity", Value::Int(100));
            r.set("seed", Value::Int(3));
            for (k, v) in fields {
                r.set(k, v.clone());
            }
            replay_command(&r)
        };
        let s = |t: &str| Value::Str(t.into());
        assert_eq!(
            report("text_transfer", &[("direction", s("crlf_to_lf"))]),
            "fracture --mode text_transfer --intensity 100 --seed 3 --direction crlf_to_lf f.txt"
        );
        let defaults = [("direction", s("to_utf8")), ("charset", s("cp1252")), ("bom", s("keep"))];
        assert_eq!(
            report("charset_roundtrip", &defaults),
            "fracture --mode charset_roundtrip --intensity 100 --seed 3 f.txt"
        );
        let all = [("direction", s("from_utf8")), ("charset", s("latin1")), ("bom", s("strip"))];
        assert_eq!(
            report("charset_roundtrip", &all),
            "fracture --mode charset_roundtrip --intensity 100 --seed 3 --direction from_utf8 --charset latin1 --bom strip f.txt"
        );
        assert_eq!(
            report("misdirected_write", &[("block_size", Value::Int(512))]),
            "fracture --mode misdirected_write --intensity 100 --seed 3 --block-size 512 f.txt"
        );
        assert_eq!(
            report("misdirected_write", &[("block_size", Value::Int(4096))]),
            "fracture --mode misdirected_write --intensity 100 --seed 3 f.txt"
        );
        // shuffle_blocks has a block_size too, and no option for it.
        assert_eq!(
            report("shuffle_blocks", &[("block_size", Value::Int(4096))]),
            "fracture --mode shuffle_blocks --intensity 100 --seed 3 f.txt"
        );
    }

    #[test]
    fn replay_with_options() {
        let mut r = Report::default();
        r.set("filename", Value::Str("a b.png".into()));
        r.set("mode", Value::Str("bit_rot".into()));
        r.set("intensity", Value::Int(5));
        r.set("seed", Value::Int(7));
        r.set("ranges", Value::Str("only 16:-32, only :512, protect -0:".into()));
        r.set("checksums_fixed", Value::Counts(vec![]));
        // A name that is UTF-8 is the report's filename; one that is not is named by its bytes.
        add(&mut r, Some(b"a b.png"));
        assert_eq!(
            text(&r, "replay"),
            "fracture --mode bit_rot --intensity 5 --seed 7 --only 16:-32 --only :512 --protect=-0: --fix-checksums 'a b.png'"
        );
        let mut named = r.clone();
        add(&mut named, Some(b"caf\xe9.png"));
        assert!(text(&named, "replay").ends_with(" --fix-checksums $'caf\\xe9.png'"));
        assert_eq!(text(&named, "share_link"), text(&r, "share_link"));
        assert_eq!(
            text(&r, "share_link"),
            format!(
                "{SITE_ORIGIN}/?v=2&mode=bit_rot&intensity=5&seed=7&only=16%3A-32&only=%3A512&protect=-0%3A&fix-checksums=&file=a+b.png&size=0"
            )
        );
    }
}
