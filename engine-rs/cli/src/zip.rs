//! `--zip`: the batch ZIP's shell. What goes in, in which order and with which bytes around it is
//! fracture-host's (`batch`, `zip`, the npm CLI's too); this reads each corrupted file (twice when it
//! is on disk: its CRC-32, then its copy) and writes the archive through a temporary file.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use fracture_host::batch::BatchZip;
use fracture_host::zip::Crc32;

/// A corrupted output kept for the ZIP: its bytes, or the file it was streamed to.
pub enum Data {
    Bytes(Vec<u8>),
    File(PathBuf),
}

const COPY: usize = 4 << 20;

/// `f`'s bytes to `sink`, a buffer at a time; the count.
fn each_chunk(f: &mut impl Read, mut sink: impl FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<u64> {
    let mut buf = vec![0u8; COPY];
    let mut size = 0u64;
    loop {
        let got = f.read(&mut buf)?;
        if got == 0 {
            return Ok(size);
        }
        sink(&buf[..got])?;
        size += got as u64;
    }
}

impl Data {
    fn crc_and_size(&self) -> std::io::Result<(u32, u64)> {
        let mut crc = Crc32::default();
        let size = match self {
            Data::Bytes(b) => {
                crc.update(b);
                b.len() as u64
            }
            Data::File(p) => each_chunk(&mut File::open(p)?, |c| {
                crc.update(c);
                Ok(())
            })?,
        };
        Ok((crc.value(), size))
    }

    /// Copies the entry's bytes after its header; a file that changed since its CRC was taken fails
    /// the archive rather than let it lie about its contents.
    fn copy_to<W: Write>(&self, w: &mut W, crc: u32, size: u64) -> std::io::Result<()> {
        match self {
            Data::Bytes(b) => w.write_all(b),
            Data::File(p) => {
                let mut again = Crc32::default();
                let copied = each_chunk(&mut File::open(p)?.take(size.saturating_add(1)), |c| {
                    again.update(c);
                    w.write_all(c)
                })?;
                if copied == size && again.value() == crc {
                    Ok(())
                } else {
                    Err(std::io::Error::other(fracture_host::messages::changed_while_zipped(&crate::display::path(p))))
                }
            }
        }
    }
}

/// Writes the batch to `path` through a temporary file (crate::output) with mode `mode`: `files` in
/// run order, then the session report, then `pdf` when given.
pub fn write_file(
    path: &Path,
    batch: &mut BatchZip,
    files: &[&Data],
    pdf: Option<&[u8]>,
    mode: u32,
) -> std::io::Result<()> {
    let pending = crate::output::create(path, mode)?;
    let mut w = BufWriter::with_capacity(1 << 20, pending.file());
    for data in files {
        let (crc, size) = data.crc_and_size()?;
        w.write_all(&batch.file_header(size, crc).map_err(std::io::Error::other)?)?;
        data.copy_to(&mut w, crc, size)?;
    }
    w.write_all(&batch.report_entry().map_err(std::io::Error::other)?)?;
    if let Some(pdf) = pdf {
        w.write_all(&batch.pdf_entry(pdf).map_err(std::io::Error::other)?)?;
    }
    w.write_all(&batch.finish().map_err(std::io::Error::other)?)?;
    w.flush()?;
    drop(w);
    pending.commit()
}
