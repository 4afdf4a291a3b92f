//! The batch ZIP (`--zip`, docs/zip.md): what goes in and in which order. Every corrupted file in
//! run order under its entry name (contract 11.6; one flat folder), then the session report's JSON,
//! then with `--pdf` its PDF; all dated by the session's start (session::SessionStart). The shell
//! computes each file's CRC-32 (zip::Crc32), writes the header this returns and the file's bytes after
//! it; the report's entries come whole from here. Calls out of that order are refused.

use crate::session::Session;
use crate::shell::{Fault, Files};
use crate::zip::{crc32, Crc32, ZipWriter};
use crate::{display, messages};

/// A corrupted file for the archive: its bytes, or the path of the file it was written to (read
/// back a piece at a time, so a batch of large files is never in memory).
pub enum Entry {
    Bytes(Vec<u8>),
    File(Vec<u8>),
}

/// The pieces an entry's file is read in.
const PIECE: u64 = 4 << 20;

/// What is done with each piece of a file read (the shell's files handed back for the writing).
type Each<'a> = dyn FnMut(&mut dyn Files, &[u8]) -> Result<(), Fault> + 'a;

/// The file at `path`, at most `limit` bytes of it, handed to `each` a piece at a time; how many.
fn pieces(files: &mut dyn Files, path: &[u8], limit: u64, each: &mut Each) -> Result<u64, Fault> {
    let mut at = 0u64;
    while at < limit {
        let piece = files.read_at(path, at, PIECE.min(limit - at) as usize)?;
        if piece.is_empty() {
            break;
        }
        each(files, &piece)?;
        at += piece.len() as u64;
    }
    Ok(at)
}

pub struct BatchZip {
    session: Session,
    json: String,
    zip: ZipWriter,
    next_file: usize,
    report_written: bool,
    pdf: bool,
    pdf_written: bool,
}

impl BatchZip {
    /// `pdf`: the archive will hold the session report's PDF (`--pdf`).
    pub fn new(session: Session, pdf: bool) -> BatchZip {
        let zip = ZipWriter::new(session.start.entry_seconds(), session.start.utc_offset_s);
        let json = session.to_json();
        BatchZip { session, json, zip, next_file: 0, report_written: false, pdf, pdf_written: false }
    }

    /// ZIP64 fields and end records even where 32 bits do (zip::ZipWriter::force_zip64), so tests
    /// reach readers' ZIP64 paths without writing 4 GiB. Only before the first entry.
    pub fn force_zip64(mut self) -> Result<BatchZip, String> {
        if self.zip.offset() > 0 {
            return Err("ZIP64 is forced before the first entry, not after".into());
        }
        self.zip = self.zip.force_zip64();
        Ok(self)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session report's JSON, as the archive holds it.
    pub fn session_json(&self) -> &str {
        &self.json
    }

    /// The next file's entry name, while files remain.
    pub fn next_name(&self) -> Option<&str> {
        self.session.archive_names.get(self.next_file).map(String::as_str)
    }

    /// The archive written to `path` through the shell's `files` (a temporary file, renamed once
    /// whole, with the permissions `allowed` grants): `entries` in run order, each file's CRC-32
    /// taken and then checked again as it is copied (a file that changed between fails the archive
    /// rather than let it lie about its contents), the session report and, when the batch holds one,
    /// the report's PDF, made at `made_ms`. The line that says why it could not be, otherwise.
    pub fn write_to(
        &mut self,
        path: &[u8],
        allowed: u32,
        entries: &[&Entry],
        made_ms: i64,
        files: &mut dyn Files,
    ) -> Result<(), String> {
        let why = |w: Fault| messages::cannot_write(&display::bytes(path), &w);
        let out = files.create(path, allowed).map_err(why)?;
        match self.fill(out, entries, made_ms, files) {
            Ok(()) => files.commit(out).map_err(why),
            Err(w) => {
                files.discard(out);
                Err(why(w))
            }
        }
    }

    fn fill(&mut self, out: u32, entries: &[&Entry], made_ms: i64, files: &mut dyn Files) -> Result<(), Fault> {
        for entry in entries {
            match entry {
                Entry::Bytes(bytes) => {
                    files.put(out, &self.file_header(bytes.len() as u64, crc32(bytes))?)?;
                    files.put(out, bytes)?;
                }
                Entry::File(path) => {
                    let mut first = Crc32::default();
                    let size = pieces(files, path, u64::MAX, &mut |_, piece| {
                        first.update(piece);
                        Ok(())
                    })?;
                    files.put(out, &self.file_header(size, first.value())?)?;
                    let mut again = Crc32::default();
                    let copied = pieces(files, path, size.saturating_add(1), &mut |files, piece| {
                        again.update(piece);
                        files.put(out, piece)
                    })?;
                    if copied != size || again.value() != first.value() {
                        return Err(messages::changed_while_zipped(&display::bytes(path)));
                    }
                }
            }
        }
        files.put(out, &self.report_entry()?)?;
        if self.pdf {
            let json = serde_json::from_str(self.session_json()).unwrap_or_default();
            files.put(out, &self.pdf_entry(&crate::report::pdf::session_report(&json, made_ms))?)?;
        }
        files.put(out, &self.finish()?)
    }

    /// The local header of the next file (in run order), `size` bytes with CRC-32 `crc`; its bytes
    /// follow it.
    pub fn file_header(&mut self, size: u64, crc: u32) -> Result<Vec<u8>, String> {
        let Some(name) = self.session.archive_names.get(self.next_file) else {
            return Err(format!("the batch holds {} files, not more", self.session.files.len()));
        };
        let header = self.zip.local_header(name, size, crc)?;
        self.next_file += 1;
        Ok(header)
    }

    /// The session report's entry, header and JSON, once every file is in.
    pub fn report_entry(&mut self) -> Result<Vec<u8>, String> {
        if self.next_file < self.session.files.len() || self.report_written {
            return Err("the session report follows every file, once".into());
        }
        let mut out = self.zip.local_header(
            &self.session.start.report_name(),
            self.json.len() as u64,
            crc32(self.json.as_bytes()),
        )?;
        out.extend_from_slice(self.json.as_bytes());
        self.report_written = true;
        Ok(out)
    }

    /// The session report's PDF entry, header and bytes, after the JSON.
    pub fn pdf_entry(&mut self, pdf: &[u8]) -> Result<Vec<u8>, String> {
        if !self.pdf || !self.report_written || self.pdf_written {
            return Err("the session PDF follows the JSON, once, with --pdf".into());
        }
        let mut out = self.zip.local_header(&self.session.start.pdf_name(), pdf.len() as u64, crc32(pdf))?;
        out.extend_from_slice(pdf);
        self.pdf_written = true;
        Ok(out)
    }

    /// The central directory and end records, once every entry is in.
    pub fn finish(&self) -> Result<Vec<u8>, String> {
        if !self.report_written || self.pdf != self.pdf_written {
            return Err("the archive ends after the session report".into());
        }
        Ok(self.zip.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SessionFile, SessionStart};

    fn batch(pdf: bool) -> BatchZip {
        let start = SessionStart::new(Some("1700000000"), 0, 0).unwrap();
        let file = |name: &str| SessionFile { filename: name.into(), ..SessionFile::default() };
        BatchZip::new(Session::new(start, "byte_flip", 50, 1, false, vec![file("x/a.bin"), file("y/a.bin")]), pdf)
    }

    #[test]
    fn order_is_files_then_report_then_pdf() {
        let mut b = batch(true);
        assert!(b.report_entry().is_err());
        assert_eq!(b.next_name(), Some("a_corrupted.bin"));
        let mut archive = b.file_header(2, crc32(b"hi")).unwrap();
        archive.extend_from_slice(b"hi");
        assert_eq!(b.next_name(), Some("a_corrupted (2).bin"));
        archive.extend(b.file_header(0, 0).unwrap());
        assert!(b.file_header(0, 0).is_err());
        assert!(b.finish().is_err());
        archive.extend(b.report_entry().unwrap());
        assert!(b.finish().is_err());
        archive.extend(b.pdf_entry(b"%PDF-").unwrap());
        archive.extend(b.finish().unwrap());
        let names: Vec<&str> =
            ["a_corrupted.bin", "a_corrupted (2).bin", "fracture_session_20231114-221320_session_report.json"].to_vec();
        for n in names {
            assert!(archive.windows(n.len()).any(|w| w == n.as_bytes()), "{n}");
        }
        assert!(batch(false).pdf_entry(b"").is_err());
    }

    #[test]
    fn zip64_is_forced_before_the_first_entry_only() {
        let mut b = batch(false).force_zip64().unwrap();
        let header = b.file_header(2, crc32(b"hi")).unwrap();
        // Version needed 4.5 and the sizes left to the ZIP64 extra field.
        assert_eq!(header[4..6], [45, 0]);
        assert_eq!(header[18..26], [0xff; 8]);
        assert!(b.force_zip64().is_err());
        assert_eq!(batch(false).file_header(2, 0).unwrap()[4..6], [20, 0]);
    }

    #[test]
    fn an_archive_is_written_whole_or_not_at_all() {
        use crate::shell::memory::Memory;
        let mut m = Memory::default();
        m.add("out/b.bin", &vec![7u8; (PIECE + 3) as usize]);
        let mut b = batch(false);
        let entries = [Entry::Bytes(b"hi".to_vec()), Entry::File(b"out/b.bin".to_vec())];
        b.write_to(b"z.zip", 0o640, &entries.iter().collect::<Vec<_>>(), 0, &mut m).unwrap();
        let zip = m.get("z.zip").expect("the archive");
        let mut expected = batch(false);
        let mut whole = expected.file_header(2, crc32(b"hi")).unwrap();
        whole.extend_from_slice(b"hi");
        let big = vec![7u8; (PIECE + 3) as usize];
        whole.extend(expected.file_header(big.len() as u64, crc32(&big)).unwrap());
        whole.extend_from_slice(&big);
        whole.extend(expected.report_entry().unwrap());
        whole.extend(expected.finish().unwrap());
        assert!(zip == whole, "the archive is the files, the report and the directory, in order");
        assert_eq!(m.permissions(b"z.zip"), 0o640);
        // A file that cannot be read fails the archive: nothing lands at its name.
        let entries = [Entry::Bytes(Vec::new()), Entry::File(b"gone".to_vec())];
        let gone = batch(false).write_to(b"y.zip", 0o600, &entries.iter().collect::<Vec<_>>(), 0, &mut m);
        assert_eq!(gone.unwrap_err(), messages::cannot_write("y.zip", &messages::io_not_found()));
        assert!(m.get("y.zip").is_none());
        // A file that changes between its CRC-32 and its copy fails it too (its first pass: one read).
        m.add("small.bin", b"abc");
        m.change = Some((1, "small.bin".into(), b"abd".to_vec()));
        let entries = [Entry::File(b"small.bin".to_vec())];
        let changed = batch(false).write_to(b"x.zip", 0o600, &entries.iter().collect::<Vec<_>>(), 0, &mut m);
        let why = messages::changed_while_zipped("small.bin");
        assert_eq!(changed.unwrap_err(), messages::cannot_write("x.zip", &why));
        assert!(m.get("x.zip").is_none());
    }
}
