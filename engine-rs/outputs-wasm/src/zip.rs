//! The batch ZIP (`--zip`, and the site's "Download All as ZIP") for the npm CLI and the page: the
//! session's start, the session report and the archive's bytes from fracture-host (batch, session,
//! zip), as the native CLI makes them. The host reads each corrupted file, feeds its bytes to
//! `ZipCrc32`, writes the header `fileHeader` returns and then the bytes (the page: the result's Blob
//! itself, lib/zip/batch.ts); the rest of the archive comes whole from here.

use fracture_host::batch::{BatchZip as Batch, Entry};
use fracture_host::js::{JsFiles, Shell};
use fracture_host::session::{Session, SessionFile, SessionStart};
use fracture_host::zip::Crc32;
use wasm_bindgen::prelude::*;

fn err(e: String) -> JsError {
    JsError::new(&e)
}

/// The session's start, `[unixMs, utcOffsetSeconds]`: SOURCE_DATE_EPOCH's (`sourceDateEpoch`, the
/// variable's value or undefined) or the clock's (`nowMs`, names in local time `localOffsetS` east of
/// UTC). Throws the line that refuses a malformed SOURCE_DATE_EPOCH.
#[wasm_bindgen(js_name = sessionStart)]
pub fn session_start(source_date_epoch: Option<String>, now_ms: f64, local_offset_s: i32) -> Result<Vec<f64>, JsError> {
    let s = SessionStart::new(source_date_epoch.as_deref(), now_ms as i64, local_offset_s).map_err(err)?;
    Ok(vec![s.unix_ms as f64, f64::from(s.utc_offset_s)])
}

/// One batch ZIP (fracture_host::batch::BatchZip).
#[wasm_bindgen]
pub struct BatchZip(Batch);

#[wasm_bindgen]
impl BatchZip {
    /// `reports`: the files' reports as a JSON array, in run order; `variants`: `--count` above 1;
    /// `pdf`: the archive will hold the session report's PDF. Seeds stay below 2^53.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        start_ms: f64,
        utc_offset_s: i32,
        mode: &str,
        intensity: u32,
        master_seed: f64,
        variants: bool,
        reports: &str,
        pdf: bool,
    ) -> Result<BatchZip, JsError> {
        let list: Vec<serde_json::Value> =
            serde_json::from_str(reports).map_err(|e| JsError::new(&format!("reports are not a JSON array ({e})")))?;
        let files = list.iter().map(SessionFile::from_json).collect::<Result<Vec<_>, _>>().map_err(err)?;
        let start = SessionStart { unix_ms: start_ms as i64, utc_offset_s };
        let session = Session::new(start, mode, intensity, master_seed as u64, variants, files);
        Ok(BatchZip(Batch::new(session, pdf)))
    }

    /// ZIP64 fields and end records even where 32 bits do, so tests reach readers' ZIP64 paths without
    /// writing 4 GiB (lib/zip/batch.test.ts). Before the first entry; the object is consumed.
    #[wasm_bindgen(js_name = forceZip64)]
    pub fn force_zip64(self) -> Result<BatchZip, JsError> {
        self.0.force_zip64().map(BatchZip).map_err(err)
    }

    /// The archive's own name, `fracture_session_YYYYMMDD-HHMMSS.zip`, read from the clock the start
    /// was taken from (the page's download).
    #[wasm_bindgen(js_name = zipName)]
    pub fn zip_name(&self) -> String {
        self.0.session().start.zip_name()
    }

    /// The session report's JSON, as the archive holds it.
    #[wasm_bindgen(js_name = sessionJson)]
    pub fn session_json(&self) -> String {
        self.0.session_json().to_string()
    }

    /// The archive written to `path` through the shell's `files` (fracture_host::batch, as natively):
    /// the files at `paths` (NUL-ended) in run order, the session report and, when the batch holds
    /// one, its PDF, dated SOURCE_DATE_EPOCH's time or `nowMs`; with the permissions `allowed` grants.
    /// Throws the line that says why it could not be written.
    #[wasm_bindgen(js_name = writeTo)]
    pub fn write_to(
        &mut self,
        path: &[u8],
        allowed: u32,
        paths: &[u8],
        source_date_epoch: Option<String>,
        now_ms: f64,
        files: &JsFiles,
    ) -> Result<(), JsError> {
        let entries: Vec<Entry> = fracture_host::js::items(paths).into_iter().map(Entry::File).collect();
        let made_ms = fracture_host::session::report_made_ms(source_date_epoch.as_deref(), now_ms as i64);
        let entries: Vec<&Entry> = entries.iter().collect();
        self.0.write_to(path, allowed, &entries, made_ms, &mut Shell(files)).map_err(err)
    }

    /// The next file's local header; its `size` bytes follow it.
    #[wasm_bindgen(js_name = fileHeader)]
    pub fn file_header(&mut self, size: f64, crc: u32) -> Result<Vec<u8>, JsError> {
        self.0.file_header(size as u64, crc).map_err(err)
    }

    /// The session report's entry, header and JSON.
    #[wasm_bindgen(js_name = reportEntry)]
    pub fn report_entry(&mut self) -> Result<Vec<u8>, JsError> {
        self.0.report_entry().map_err(err)
    }

    /// The session report's PDF entry, header and bytes.
    #[wasm_bindgen(js_name = pdfEntry)]
    pub fn pdf_entry(&mut self, pdf: &[u8]) -> Result<Vec<u8>, JsError> {
        self.0.pdf_entry(pdf).map_err(err)
    }

    /// The central directory and end records.
    pub fn finish(&self) -> Result<Vec<u8>, JsError> {
        self.0.finish().map_err(err)
    }
}

/// An entry's CRC-32, fed in pieces (fracture_host::zip::Crc32).
#[wasm_bindgen]
#[derive(Default)]
pub struct ZipCrc32(Crc32);

#[wasm_bindgen]
impl ZipCrc32 {
    #[wasm_bindgen(constructor)]
    pub fn new() -> ZipCrc32 {
        ZipCrc32::default()
    }

    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn value(&self) -> u32 {
        self.0.value()
    }
}
