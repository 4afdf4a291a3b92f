//! PDF reports: a file's report and the batch's session report, written once for every host (the
//! native CLI's `--pdf`; the npm CLI, the SDK and the site through engine-rs/outputs-wasm), from the
//! reports' JSON, so the same report and time make the same bytes everywhere. With the pdf-writer
//! crate: a small, maintained low-level writer (Typst's) with four small dependencies and no C code;
//! the higher-level crates (printpdf, krilla) bring font parsing and shaping we do not need, since
//! the standard Type 1 fonts need no embedding.
//!
//! Text: the standard fonts draw Windows-1252 characters. Any other character is drawn as "?" from
//! a font whose ToUnicode map gives the real character back, so pdftotext yields every value.

use std::collections::{BTreeSet, HashMap};

use pdf_writer::types::{SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Date, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use serde_json::Value as Json;

use super::changes::ChangeMap;
use super::tables::{
    PdfRow, RowFormat, BROWSER_DECODER, FILE_END_ROWS, FILE_ROWS, HITS_COLUMNS, HITS_HEADING, HITS_PDF_COLUMNS,
    HITS_PDF_MAX_ROWS, HITS_PDF_SIZE, HITS_WHY_INDENT, LABEL_GAP, MARGIN, MONO_ADVANCE, PAGE_H, PAGE_W,
    SESSION_FILE_ROWS, SESSION_ROWS, VALUE_COLUMN,
};
use super::text::{
    change_summary, expect_label, expect_text, first_change_text, hits_by_strength, hits_legend, hits_more_text,
    mode_label, overall_sentence, thousands, Hit, ESCALATED_TEXT, LEGAL_NOTICE, MODE_FIELDS, NOT_ESCALATED_TEXT,
};
use crate::display;
use crate::session::{civil, iso_time};

mod fonts;
use fonts::{cp1252, wrap_bold, Font, Res, FALLBACK_CODES, FALLBACK_FIRST, FONTS};

const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;
const VALUE_X: f32 = MARGIN + VALUE_COLUMN;
const VALUE_W: f32 = PAGE_W - MARGIN - VALUE_X;

/// Pages and a cursor: text and rectangles placed top to bottom, a new page when one fills.
struct Writer {
    pages: Vec<(Content, BTreeSet<Res>)>,
    y: f32,
    /// The characters of the fallback fonts, in code order.
    fallback: Vec<char>,
    fallback_code: HashMap<char, usize>,
}

impl Writer {
    fn new() -> Writer {
        let mut w = Writer { pages: Vec::new(), y: 0.0, fallback: Vec::new(), fallback_code: HashMap::new() };
        w.new_page();
        w
    }

    fn new_page(&mut self) {
        self.pages.push((Content::new(), BTreeSet::new()));
        self.y = PAGE_H - MARGIN;
    }

    fn page(&mut self) -> &mut (Content, BTreeSet<Res>) {
        self.pages.last_mut().expect("a page")
    }

    /// Moves down by `height`, starting a new page first if it would not fit.
    fn take(&mut self, height: f32) -> f32 {
        if self.y - height < MARGIN {
            self.new_page();
        }
        self.y -= height;
        self.y
    }

    fn gap(&mut self, height: f32) {
        self.y -= height;
    }

    /// One line of text at (x, y): runs of drawable characters, and the rest through a fallback font.
    fn draw(&mut self, text: &str, x: f32, y: f32, font: Font, size: f32, color: f32) {
        let mut runs: Vec<(Res, Vec<u8>)> = Vec::new();
        for c in text.chars() {
            let (res, code) = match cp1252(c) {
                Some(code) => (Res::Std(font), code),
                None => {
                    let next = self.fallback.len();
                    let slot = *self.fallback_code.entry(c).or_insert(next);
                    if slot == next {
                        self.fallback.push(c);
                    }
                    (Res::Fallback(slot / FALLBACK_CODES), FALLBACK_FIRST + (slot % FALLBACK_CODES) as u8)
                }
            };
            match runs.last_mut() {
                Some((r, codes)) if *r == res => codes.push(code),
                _ => runs.push((res, vec![code])),
            }
        }
        let (content, fonts) = self.page();
        fonts.insert(Res::Std(font));
        content.begin_text();
        content.set_fill_rgb(color, color, color);
        content.next_line(x, y);
        for (res, codes) in &runs {
            fonts.insert(*res);
            content.set_font(Name(res.name().as_bytes()), size);
            content.show(Str(codes));
        }
        content.end_text();
    }

    fn heading(&mut self, text: &str, size: f32) {
        let y = self.take(size + 6.0);
        self.draw(text, MARGIN, y, Font::Bold, size, 0.1);
    }

    fn paragraph(&mut self, text: &str, font: Font, size: f32) {
        for line in wrap(text, (CONTENT_W / (MONO_ADVANCE * size)).floor() as usize) {
            let y = self.take(size + 3.0);
            self.draw(&line, MARGIN, y, font, size, 0.1);
        }
    }

    /// A label and its value side by side, each wrapping in its own column.
    fn row(&mut self, label: &str, value: &str) {
        let size = 8.5;
        let labels = wrap_bold(label, VALUE_X - MARGIN - LABEL_GAP, size);
        let values = wrap(value, (VALUE_W / (MONO_ADVANCE * size)).floor() as usize);
        for i in 0..labels.len().max(values.len()) {
            let y = self.take(size + 4.0);
            if let Some(label) = labels.get(i) {
                self.draw(label, MARGIN, y, Font::Bold, size, 0.3);
            }
            if let Some(line) = values.get(i) {
                self.draw(line, VALUE_X, y, Font::Mono, size, 0.1);
            }
        }
    }

    /// `rows` of `record` (report.toml's `[pdf_rows]`), in order.
    fn rows(&mut self, rows: &[PdfRow], record: &Json, made: i64) {
        for row in rows {
            if row.format == RowFormat::ModeFields {
                for (key, label) in MODE_FIELDS {
                    if record.get(key).is_some_and(Json::is_number) {
                        self.row(&format!("{label} ({key})"), &value(record, key));
                    }
                }
                continue;
            }
            if row.optional && value(record, row.field).is_empty() {
                continue;
            }
            self.row(row.label, &row_value(row, record, made));
        }
    }

    /// A label, then its value across the page, in the largest size from 8 to 6 that fits one line.
    fn block(&mut self, label: &str, value: &str) {
        let y = self.take(12.0);
        self.draw(label, MARGIN, y, Font::Bold, 8.5, 0.3);
        let chars = value.chars().count() as f32;
        let size = [8.0, 7.0, 6.0].into_iter().find(|s| chars * MONO_ADVANCE * s <= CONTENT_W).unwrap_or(6.0);
        self.paragraph(value, Font::Mono, size);
        self.gap(3.0);
    }

    /// The change map: one rectangle per changed segment, darker where more bytes changed.
    fn change_figure(&mut self, map: &ChangeMap) {
        let height = 22.0;
        let x0 = MARGIN;
        let bottom = self.take(height + 8.0) + 4.0;
        let scale = if map.span > 0 { CONTENT_W / map.span as f32 } else { 0.0 };
        let (c, _) = self.page();
        c.save_state();
        c.set_fill_rgb(0.95, 0.95, 0.95);
        c.rect(x0, bottom, CONTENT_W, height);
        c.fill_nonzero();
        for (s, &changed) in map.changed.iter().enumerate() {
            if changed == 0 {
                continue;
            }
            let from = map.segment_start(s);
            let len = map.segment_start(s + 1) - from;
            let t = 0.25 + 0.75 * (changed as f32 / len as f32);
            c.set_fill_rgb(0.95 - t * 0.2, 0.95 - t * 0.85, 0.95 - t * 0.85);
            c.rect(x0 + from as f32 * scale, bottom, (len as f32 * scale).max(0.5), height);
            c.fill_nonzero();
        }
        c.set_line_width(0.5);
        c.set_stroke_rgb(0.6, 0.6, 0.6);
        c.rect(x0, bottom, CONTENT_W, height);
        c.stroke();
        if let Some(sp) = &map.splice {
            let len = (sp.removed + sp.inserted) as f32;
            c.set_line_width(1.2);
            c.set_stroke_rgb(0.1, 0.3, 0.8);
            c.rect(x0 + sp.at as f32 * scale, bottom - 3.0, (len * scale).max(1.5), height + 6.0);
            c.stroke();
        }
        c.restore_state();
        let axis = self.take(10.0);
        self.draw("byte 0", x0, axis, Font::Mono, 7.0, 0.4);
        let end = format!("byte {}", thousands(map.span));
        let x = x0 + CONTENT_W - end.len() as f32 * MONO_ADVANCE * 7.0;
        self.draw(&end, x, axis, Font::Mono, 7.0, 0.4);
    }

    /// Cells side by side at report.toml's `[hits]` column edges, each wrapping in its column.
    fn cells(&mut self, cells: &[&str], font: Font, color: f32) {
        let size = HITS_PDF_SIZE;
        let columns: Vec<Vec<String>> = cells
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let width = HITS_PDF_COLUMNS.get(i + 1).copied().unwrap_or(CONTENT_W) - HITS_PDF_COLUMNS[i] - LABEL_GAP;
                if font == Font::Bold {
                    wrap_bold(cell, width, size)
                } else {
                    wrap(cell, (width / (MONO_ADVANCE * size)).floor() as usize)
                }
            })
            .collect();
        for line in 0..columns.iter().map(Vec::len).max().unwrap_or(0) {
            let y = self.take(size + 3.0);
            for (i, lines) in columns.iter().enumerate() {
                if let Some(text) = lines.get(line) {
                    self.draw(text, MARGIN + HITS_PDF_COLUMNS[i], y, font, size, color);
                }
            }
        }
    }

    /// "What was hit": the overall expectation, then the hits (strongest first, at most
    /// HITS_PDF_MAX_ROWS, each with its `why` under it) and the legend. None for a report without
    /// hits.
    fn hits_table(&mut self, r: &Json) {
        let Some(overall) = r.get("expect_overall").and_then(Json::as_str) else { return };
        self.heading(HITS_HEADING, 11.0);
        self.paragraph(&overall_sentence(overall), Font::Mono, 8.0);
        let hits = hits_by_strength(r);
        self.gap(4.0);
        if !hits.is_empty() {
            self.hit_rows(&hits);
        }
        self.gap(8.0);
    }

    fn hit_rows(&mut self, hits: &[Hit]) {
        self.cells(&HITS_COLUMNS[..HITS_PDF_COLUMNS.len()], Font::Bold, 0.3);
        let size = HITS_PDF_SIZE;
        let why_chars = ((CONTENT_W - HITS_WHY_INDENT) / (MONO_ADVANCE * size)).floor() as usize;
        for hit in hits.iter().take(HITS_PDF_MAX_ROWS) {
            self.gap(2.0);
            let (changed, first) = (thousands(hit.changed_bytes), thousands(hit.first));
            self.cells(&[&hit.path, &changed, &first, expect_label(&hit.expect)], Font::Mono, 0.1);
            for line in wrap(&hit.why, why_chars) {
                let y = self.take(size + 3.0);
                self.draw(&line, MARGIN + HITS_WHY_INDENT, y, Font::Mono, size, 0.4);
            }
        }
        if hits.len() > HITS_PDF_MAX_ROWS {
            self.gap(2.0);
            self.paragraph(&hits_more_text(hits.len() - HITS_PDF_MAX_ROWS), Font::Mono, size);
        }
        self.gap(4.0);
        for line in hits_legend() {
            self.paragraph(&line, Font::Mono, 7.0);
        }
    }

    /// The document: catalog, info, fonts (with the fallbacks' ToUnicode maps) and pages.
    fn finish(self, title: &str, made: i64) -> Vec<u8> {
        let mut next = 1;
        let mut alloc = || {
            let r = Ref::new(next);
            next += 1;
            r
        };
        let (catalog, tree, info) = (alloc(), alloc(), alloc());
        let std_refs: Vec<Ref> = FONTS.iter().map(|_| alloc()).collect();
        let fallback_fonts = self.fallback.len().div_ceil(FALLBACK_CODES);
        let fallback_refs: Vec<(Ref, Ref)> = (0..fallback_fonts).map(|_| (alloc(), alloc())).collect();
        let page_refs: Vec<(Ref, Ref)> = self.pages.iter().map(|_| (alloc(), alloc())).collect();

        let mut pdf = Pdf::new();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids(page_refs.iter().map(|(p, _)| *p)).count(page_refs.len() as i32);
        let (y, mo, d, h, mi, s, _) = civil(made);
        let date = Date::new(y as u16).month(mo as u8).day(d as u8).hour(h as u8).minute(mi as u8).second(s as u8);
        pdf.document_info(info)
            .title(TextStr(title))
            .creator(TextStr("Fracture"))
            .producer(TextStr("Fracture (pdf-writer)"))
            .creation_date(date)
            .modified_date(date);
        for ((_, base), id) in FONTS.iter().zip(&std_refs) {
            pdf.type1_font(*id).base_font(Name(base.as_bytes())).encoding_predefined(Name(b"WinAnsiEncoding"));
        }
        for (i, (font, cmap)) in fallback_refs.iter().enumerate() {
            let chars = &self.fallback[i * FALLBACK_CODES..((i + 1) * FALLBACK_CODES).min(self.fallback.len())];
            let mut f = pdf.type1_font(*font);
            f.base_font(Name(b"Courier"));
            f.to_unicode(*cmap);
            let mut enc = f.encoding_custom();
            enc.base_encoding(Name(b"WinAnsiEncoding"));
            enc.differences().consecutive(FALLBACK_FIRST, (0..FALLBACK_CODES).map(|_| Name(b"question")));
            enc.finish();
            f.finish();
            let info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"UCS"), supplement: 0 };
            let mut map = UnicodeCmap::<u8>::new(Name(b"Adobe-Identity-UCS"), info);
            for (j, c) in chars.iter().enumerate() {
                map.pair(FALLBACK_FIRST + j as u8, *c);
            }
            pdf.cmap(*cmap, &map.finish());
        }
        for ((content, fonts), (page_id, content_id)) in self.pages.into_iter().zip(&page_refs) {
            let mut page = pdf.page(*page_id);
            page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H));
            page.parent(tree);
            page.contents(*content_id);
            let mut resources = page.resources();
            let mut dict = resources.fonts();
            for res in &fonts {
                let id = match res {
                    Res::Std(f) => std_refs[FONTS.iter().position(|(x, _)| x == f).unwrap_or(0)],
                    Res::Fallback(i) => fallback_refs[*i].0,
                };
                dict.pair(Name(res.name().as_bytes()), id);
            }
            dict.finish();
            resources.finish();
            page.finish();
            pdf.stream(*content_id, &content.finish());
        }
        pdf.finish()
    }
}

/// Lines of at most `max` characters, broken at spaces where one is near enough.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max {
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let mut end = chars.len().min(at + max);
        if end < chars.len() {
            // JavaScript's lastIndexOf(' ', end): the last space at or before `end`.
            if let Some(space) = chars[..=end].iter().rposition(|&c| c == ' ') {
                if space > at {
                    end = space;
                }
            }
        }
        lines.push(chars[at..end].iter().collect());
        at = end;
        if chars.get(at) == Some(&' ') {
            at += 1;
        }
    }
    lines
}

/// A report value as JavaScript's String() prints it (the report's JSON numbers); "" for none.
fn value(r: &Json, key: &str) -> String {
    match r.get(key) {
        Some(Json::String(s)) => s.clone(),
        Some(Json::Number(n)) if n.is_f64() => match n.as_f64().unwrap_or(0.0) {
            // JavaScript prints -0 as "0" (the pattern matches both zeros).
            0.0 => "0".into(),
            x => x.to_string(),
        },
        // A whole number, as JSON wrote it.
        Some(Json::Number(n)) => n.to_string(),
        Some(Json::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// A row's value, written by its format (report.toml's `[pdf_rows]` says what each does).
fn row_value(row: &PdfRow, r: &Json, made: i64) -> String {
    let v = value(r, row.field);
    match row.format {
        RowFormat::Bytes => format!("{v} bytes"),
        RowFormat::Ms => format!("{v} ms"),
        RowFormat::Name => display::text(&v),
        RowFormat::Mode => format!("{v} ({})", mode_label(&v, &extension(&value(r, "filename")))),
        RowFormat::Sizes => format!("{v} -> {} bytes", value(r, "result_size")),
        RowFormat::Escalation => {
            let escalated = matches!(r.get(row.field), Some(Json::Bool(true)));
            (if escalated { ESCALATED_TEXT } else { NOT_ESCALATED_TEXT }).to_string()
        }
        RowFormat::Decoder => BROWSER_DECODER.iter().find(|(k, _)| *k == v).map_or(v, |(_, s)| (*s).to_string()),
        RowFormat::Expect => expect_text(&v),
        RowFormat::Made => iso_time(made),
        RowFormat::Text | RowFormat::ModeFields => v,
    }
}

fn extension(name: &str) -> String {
    match name.rfind('.') {
        Some(i) if i > 0 => name[i + 1..].to_lowercase(),
        _ => String::new(),
    }
}

/// A file's report (its JSON, with the host fields): every value, the change map, the replay command
/// and the share link; `made`: when, in milliseconds since 1970 (UTC).
pub fn file_report(r: &Json, changes: &ChangeMap, made: i64) -> Vec<u8> {
    // Drawn in the display form: a control character in a name is shown escaped, never raw.
    let name = display::text(&value(r, "filename"));
    let mut w = Writer::new();
    w.heading("Fracture corruption report", 16.0);
    w.paragraph(&name, Font::Mono, 10.0);
    w.gap(8.0);
    w.rows(&FILE_ROWS, r, made);
    w.gap(6.0);
    w.block("Recipe", &value(r, "recipe"));
    w.heading("Change map", 11.0);
    w.change_figure(changes);
    w.paragraph(&first_change_text(changes), Font::Mono, 8.0);
    w.paragraph(&change_summary(changes), Font::Mono, 8.0);
    w.gap(8.0);
    w.hits_table(r);
    w.block("Replay command", &value(r, "replay"));
    w.block("Share link", &value(r, "share_link"));
    w.rows(&FILE_END_ROWS, r, made);
    w.gap(10.0);
    w.paragraph(&format!("Legal notice: {LEGAL_NOTICE}"), Font::Mono, 7.0);
    w.finish(&format!("Fracture corruption report: {name}"), made)
}

/// The batch's session report (its JSON, as the ZIP holds it): the run's settings and totals, then
/// every file of its `files`.
pub fn session_report(session: &Json, made: i64) -> Vec<u8> {
    let mut w = Writer::new();
    w.heading("Fracture session report", 16.0);
    w.gap(6.0);
    w.rows(&SESSION_ROWS, session, made);
    let files = session.get("files").and_then(Json::as_array).map_or(&[][..], Vec::as_slice);
    for (i, r) in files.iter().enumerate() {
        w.gap(8.0);
        w.paragraph(&format!("{}. {}", i + 1, display::text(&value(r, "filename"))), Font::MonoBold, 9.0);
        w.rows(&SESSION_FILE_ROWS, r, made);
    }
    w.gap(12.0);
    w.paragraph(&format!("Legal notice: {LEGAL_NOTICE}"), Font::Mono, 7.0);
    w.finish("Fracture session report", made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::changes::change_map;
    use serde_json::json;

    #[test]
    fn wraps_at_spaces_losing_nothing() {
        assert_eq!(wrap("aaa bbb ccc", 7), ["aaa bbb", "ccc"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        let text = "fracture --mode byte_flip --intensity 80 --seed 1 résumé📄📄📄📄📄.bin";
        assert_eq!(wrap(text, 20).join(" ").replace(' ', ""), text.replace(' ', ""));
    }

    /// A report with `n` hits: region-k changed k + 1 bytes, every third a reject.
    fn report_with_hits(n: u64) -> Json {
        let hit = |k: u64| {
            let expect = if k % 3 == 0 { "reject" } else { "may_accept" };
            json!({
                "path": format!("png:region-{k}/data"),
                "changed_bytes": k + 1,
                "first": 1000 * k,
                "expect": expect,
                "why": format!("Because of {k}."),
            })
        };
        json!({ "filename": "hits.png", "expect_overall": "reject", "hits": (0..n).map(hit).collect::<Vec<_>>() })
    }

    fn text_of(pdf: &[u8]) -> String {
        String::from_utf8_lossy(pdf).into_owned()
    }

    #[test]
    fn hits_table_lists_the_strongest_first_and_caps_its_rows() {
        let changes = change_map(&[0; 64], &[1; 64]);
        let pdf = text_of(&file_report(&report_with_hits(50), &changes, 0));
        assert!(pdf.contains("What was hit"));
        assert!(pdf.contains("Overall expectation: must reject"));
        assert_eq!(pdf.matches("png:region-").count(), HITS_PDF_MAX_ROWS);
        assert!(pdf.contains("and 10 more regions"));
        // The 17 rejects come first, the largest first: region-48 leads, region-0 is the last of them.
        let at = |k: u64| pdf.find(&format!("png:region-{k}/data")).unwrap_or(usize::MAX);
        assert!(at(48) < at(45) && at(45) < at(0) && at(0) < at(49));
        assert_eq!(at(1), usize::MAX, "the weakest, smallest hits are left out");
        assert!(pdf.contains("Because of 48."));
        for line in hits_legend() {
            assert!(pdf.contains(&line), "{line}");
        }
    }

    #[test]
    fn hits_table_without_the_cap_and_without_hits() {
        let changes = change_map(&[0; 64], &[1; 64]);
        let few = text_of(&file_report(&report_with_hits(3), &changes, 0));
        assert_eq!(few.matches("png:region-").count(), 3);
        assert!(!few.contains("more regions"));
        let mut old = report_with_hits(3);
        old.as_object_mut().expect("an object").retain(|k, _| k != "hits" && k != "expect_overall");
        let old = text_of(&file_report(&old, &changes, 0));
        assert!(!old.contains("What was hit"));
        assert!(old.contains("Legal notice"));
    }

    #[test]
    fn mode_field_labels_wrap_within_their_column_losing_nothing() {
        let width = VALUE_X - MARGIN - LABEL_GAP;
        for (key, label) in MODE_FIELDS {
            let text = format!("{label} ({key})");
            let lines = wrap_bold(&text, width, 8.5);
            for line in &lines {
                assert!(fonts::bold_width(line, 8.5) <= width, "{line}");
            }
            assert_eq!(lines.join(" "), text);
        }
        assert_eq!(wrap_bold(&"W".repeat(40), 50.0, 10.0).concat(), "W".repeat(40));
    }

    #[test]
    fn the_same_report_and_time_make_the_same_bytes() {
        let changes = change_map(&[0; 64], &[1; 64]);
        let a = file_report(&report_with_hits(5), &changes, 1_767_225_600_000);
        assert_eq!(a, file_report(&report_with_hits(5), &changes, 1_767_225_600_000));
        assert!(text_of(&a).contains("(D:20260101000000"), "the creation date is the time given");
        assert_ne!(a, file_report(&report_with_hits(5), &changes, 1_767_225_601_000));
    }

    #[test]
    fn values_print_as_javascript_prints_them() {
        let r =
            json!({"a": -0.0, "b": 0.1234, "c": 18446744073709551615u64, "d": -3, "e": 2.5e-3, "f": true, "g": "x"});
        let got: Vec<String> = ["a", "b", "c", "d", "e", "f", "g", "none"].iter().map(|k| value(&r, k)).collect();
        assert_eq!(got, ["0", "0.1234", "18446744073709551615", "-3", "0.0025", "true", "x", ""]);
    }

    #[test]
    fn windows_1252() {
        assert_eq!(cp1252('A'), Some(0x41));
        assert_eq!(cp1252('é'), Some(0xe9));
        assert_eq!(cp1252('€'), Some(0x80));
        assert_eq!(cp1252('Ω'), None);
        assert_eq!(cp1252('\u{81}'), None);
    }
}
