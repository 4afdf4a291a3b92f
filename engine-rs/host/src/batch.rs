//! The batch ZIP (`--zip`, docs/zip.md): what goes in and in which order. Every corrupted file in
//! run order under its entry name (contract 11.6; one flat folder), then the session report's JSON,
//! then with `--pdf` its PDF; all dated by the session's start (session::SessionStart). The shell
//! computes each file's CRC-32 (zip::Crc32), writes the header this returns and the file's bytes after
//! it; the report's entries come whole from here. Calls out of that order are refused.

use crate::session::Session;
use crate::zip::{crc32, ZipWriter};

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
}
