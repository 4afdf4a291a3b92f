//! The file alone: which known damage its signature, its line endings, its high bits, its UTF-8,
//! its zero sectors, its repeated blocks and its structure show. Each rule claims a cause only on
//! evidence chance would not give (the tails are bounded and the bound is the confidence); what is
//! broken but matches no rule is unknown.

use crate::cause::{Cause, Field, Unknown};
use crate::scan::{lower_tail, upper_tail};
use crate::seen::{dense, Seen};
use crate::signature::{hex, Rewrite};
use crate::source::{bytes, count, thousands};
use fracture_engine::Family;

fn textual(f: Family) -> bool {
    matches!(f, Family::Text | Family::Svg)
}

pub struct Judged {
    pub causes: Vec<Cause>,
    pub unknown: Option<Unknown>,
    pub notes: Vec<String>,
}

pub fn judge(s: &Seen) -> Judged {
    let mut causes = Vec::new();
    let mut notes = Vec::new();
    if let Some(c) = line_endings(s, &mut notes) {
        causes.push(c);
    }
    if let Some(c) = seven_bit(s) {
        causes.push(c);
    }
    if let Some(c) = charset(s) {
        causes.push(c);
    }
    if let Some(r) = s.rewritten.filter(|r| r.rewrite == Rewrite::Bom) {
        causes.push(
            Cause::new("bom_added", 0.98)
                .says(format!(
                    "the file starts EF BB BF (a UTF-8 byte order mark) and then a {} signature ({})",
                    r.family.id(),
                    hex(r.magic)
                ))
                .repairable(),
        );
    } else if s.head.starts_with(b"\xEF\xBB\xBF") && textual(s.family) {
        notes.push("the file starts with a UTF-8 byte order mark, as many text files do".into());
    }
    let transfer = !causes.is_empty();
    let mut unknown = None;
    if transfer {
        // The structure's failures follow from the transfer: said as its evidence, not as causes.
        if let (Some(shape), Some(first)) = (s.shape, causes.first_mut()) {
            for (_, name, n) in &shape.checks {
                first.evidence.push(format!(
                    "{} no longer match{}, as the conversion changed the bytes they cover",
                    count(*n, name, &format!("{name}s")),
                    if *n == 1 { "es" } else { "" }
                ));
            }
        }
    } else {
        structural(s, &mut causes, &mut unknown);
    }
    causes.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    Judged { causes, unknown, notes }
}

fn line_endings(s: &Seen, notes: &mut Vec<String>) -> Option<Cause> {
    let b = &s.stats.binary;
    let sig = s.rewritten.filter(|r| matches!(r.rewrite, Rewrite::LfToCrlf | Rewrite::LfToCrlfAll | Rewrite::CrlfToLf));
    // A LF after a CR is as likely in binary data as a CR anywhere else.
    let lone_cr = b.cr.saturating_sub(b.crlf);
    let natural = b.lf as f64 * lone_cr.max(1) as f64 / b.bytes.max(1) as f64;
    let up = upper_tail(b.crlf, natural);
    let expected_crlf = b.cr as f64 * b.lf as f64 / b.bytes.max(1) as f64;
    let down = lower_tail(b.crlf, expected_crlf);
    // A recorded offset moved by exactly the CR LF pairs before it (every LF there gained a CR), or
    // back with no CR LF left before it (every CR LF lost its CR).
    let shift = s.shape.and_then(|sh| sh.shift.as_ref());
    let shift_up = shift.is_some_and(|sh| sh.delta() > 0 && sh.delta() as u64 == sh.crlf_before);
    let shift_down = shift.is_some_and(|sh| sh.delta() < 0 && sh.crlf_before == 0);
    let to_crlf = sig.is_some_and(|r| r.rewrite != Rewrite::CrlfToLf) || (b.lf >= 8 && up < 1e-6) || shift_up;
    // Compressed data holds a CR about every 256 bytes; none at all is a transfer that ended every CR's
    // line (curl's ASCII mode on Unix turns lone CRs into LF too). Half that rate, to be safe.
    let no_cr = (-(b.bytes as f64) / 512.0).exp();
    let cr_gone = dense(s.family) && b.cr == 0 && no_cr < 1e-6;
    let to_lf = !to_crlf
        && (sig.is_some_and(|r| r.rewrite == Rewrite::CrlfToLf) || (b.cr >= 8 && down < 1e-6) || cr_gone || shift_down);
    let all = &s.stats.all;
    if !to_crlf && !to_lf {
        if textual(s.family) && all.crlf > 0 {
            let lone = all.lf - all.crlf;
            notes.push(if lone == 0 {
                format!("every line of this text ends CR LF ({}), as DOS and Windows text does", thousands(all.crlf))
            } else {
                format!(
                    "its lines end CR LF ({}) and LF ({}): a text edited on two systems, or converted in part",
                    thousands(all.crlf),
                    thousands(lone)
                )
            });
        }
        return None;
    }
    let mut p: f64 = 1.0;
    let mut c = Cause::new("text_transfer", 0.0);
    if let Some(r) = sig {
        c = c.says(format!(
            "the {} signature reads {}; unchanged it is {}: the line endings in it were converted",
            r.family.id(),
            hex(&r.seen),
            hex(r.magic)
        ));
        p *= 0.02;
    }
    if to_crlf {
        c = c.with("direction", Field::Text("lf_to_crlf".into()));
        if b.lf >= 8 {
            c = c.says(format!(
                "in its binary data, {} of {} LF bytes follow a CR; chance would give about {:.1}",
                thousands(b.crlf),
                thousands(b.lf),
                natural
            ));
            p *= up;
        }
        if s.stats.crcrlf > 0 {
            c = c.says(format!("{} CR CR LF: a CR LF that gained a second CR", thousands(s.stats.crcrlf)));
        }
        c = c.with("count", Field::Int(all.crlf)).repairable();
    } else {
        c = c.with("direction", Field::Text("crlf_to_lf".into()));
        if b.cr >= 8 {
            c = c.says(format!(
                "in its binary data, {} of {} CR bytes are followed by a LF; chance would give about {:.1}",
                thousands(b.crlf),
                thousands(b.cr),
                expected_crlf
            ));
            p *= down;
        }
        if cr_gone {
            c = c.says(format!(
                "not one CR byte in {} of binary data, where about one in 256 bytes is a CR",
                bytes(b.bytes)
            ));
            p *= no_cr;
        }
        c = c.with("count", Field::Int(all.lf));
    }
    if let Some(sh) = shift.filter(|_| shift_up || shift_down) {
        c = c.says(format!(
            "the file records {} at byte {}; it is at byte {} ({:+} bytes: {})",
            sh.what,
            thousands(sh.declared),
            thousands(sh.actual),
            sh.delta(),
            if shift_up { "one for each line ending before it" } else { "and not one CR LF is left before it" }
        ));
        p *= 0.05;
    }
    c.confidence = confidence(p);
    Some(c)
}

/// 1 - p, at most 0.99 (no evidence here is certainty), rounded.
fn confidence(p: f64) -> f64 {
    ((1.0 - p).clamp(0.0, 0.99) * 100.0).round() / 100.0
}

fn seven_bit(s: &Seen) -> Option<Cause> {
    let st = s.stats;
    let sig = s.rewritten.filter(|r| r.rewrite == Rewrite::SevenBit);
    let binary =
        st.binary.bytes >= 4096 && (dense(s.family) || (s.family == Family::Generic && st.binary.bytes * 2 >= st.size));
    if st.high > 0 || !(sig.is_some() || binary) {
        return None;
    }
    let mut c = Cause::new("seven_bit", 0.0).with("count", Field::Int(0));
    let mut p = 1.0;
    if let Some(r) = sig {
        c = c.says(format!(
            "the {} signature reads {}; with its high bits it is {}",
            r.family.id(),
            hex(&r.seen),
            hex(r.magic)
        ));
        p *= 0.02;
    }
    if binary {
        c = c.says(format!(
            "not one of its {} is 0x80 or above, in {} of binary data where half the bytes would be",
            bytes(st.size),
            bytes(st.binary.bytes)
        ));
        p *= if dense(s.family) { 0.01 } else { 0.2 };
    }
    c.confidence = confidence(p);
    Some(c)
}

fn charset(s: &Seen) -> Option<Cause> {
    let u = &s.stats.utf8;
    let sig = s.rewritten.filter(|r| matches!(r.rewrite, Rewrite::Latin1ToUtf8 | Rewrite::Cp1252ToUtf8));
    let binary = !textual(s.family) && s.stats.binary.bytes >= 4096 && u.valid() && u.multibyte() >= 16 && u.other == 0;
    let doubled = textual(s.family) && u.doubled >= 3 && u.doubled * 3 >= u.multibyte();
    if !(sig.is_some() || binary || doubled) {
        return None;
    }
    let charset = if u.cp1252 > 0 || sig.is_some_and(|r| r.rewrite == Rewrite::Cp1252ToUtf8) {
        "cp1252"
    } else if u.c1 > 0 {
        "latin1"
    } else {
        "latin1_or_cp1252"
    };
    let mut c = Cause::new("charset_roundtrip", 0.0)
        .with("direction", Field::Text("to_utf8".into()))
        .with("charset", Field::Text(charset.into()));
    let mut p = 1.0;
    if let Some(r) = sig {
        c = c.says(format!(
            "the {} signature reads {}; before the conversion it was {}",
            r.family.id(),
            hex(&r.seen),
            hex(r.magic)
        ));
        p *= 0.02;
    }
    if binary {
        c = c.says(format!(
            "binary data that is valid UTF-8 throughout, and its {} are all Latin-1 or CP1252 characters: each byte above 0x7F became one",
            count(u.multibyte(), "multi-byte character", "multi-byte characters")
        ));
        p *= 0.001;
        c = c.with("count", Field::Int(u.multibyte())).repairable();
    } else if doubled {
        c = c.says(format!(
            "{} of UTF-8 read as CP1252 or Latin-1 and written as UTF-8 again (Ã© for é)",
            count(u.doubled, "character", "characters")
        ));
        p *= if u.doubled >= 10 { 0.02 } else { 0.2 };
        c = c.with("count", Field::Int(u.doubled)).repairable();
    } else {
        c = c.with("count", Field::Int(u.multibyte())).repairable();
    }
    c.confidence = confidence(p);
    Some(c)
}

fn structural(s: &Seen, causes: &mut Vec<Cause>, unknown: &mut Option<Unknown>) {
    crate::structural::judge(s, causes, unknown);
}
