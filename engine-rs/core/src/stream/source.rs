//! Where a stream reads its input: any `Source` read by position (a file, or bytes in memory).

use std::io;

use crate::checksums::Positional;

/// An input read by position.
pub trait Source: Sync {
    fn size(&self) -> u64;
    /// Fills `buf` with the bytes from `pos`; fewer bytes than asked is an error.
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()>;
}

/// Bytes in memory as a source (tests, and callers that already hold the input).
pub struct Bytes<'a>(pub &'a [u8]);

impl Source for Bytes<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        let from = usize::try_from(pos).map_err(|_| changed())?;
        let part = self.0.get(from..from + buf.len()).ok_or_else(changed)?;
        buf.copy_from_slice(part);
        Ok(())
    }
}

/// A file as a source; its size is taken when it is opened.
pub struct FileSource {
    file: std::fs::File,
    len: u64,
}

impl FileSource {
    pub fn open(path: &std::path::Path) -> io::Result<FileSource> {
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        Ok(FileSource { file, len })
    }

    pub fn new(file: std::fs::File) -> io::Result<FileSource> {
        let len = file.metadata()?.len();
        Ok(FileSource { file, len })
    }
}

impl Source for FileSource {
    fn size(&self) -> u64 {
        self.len
    }

    #[cfg(unix)]
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::os::unix::fs::FileExt;
        self.file.read_exact_at(buf, pos).map_err(eof_is_change)
    }

    #[cfg(not(unix))]
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = &self.file;
        file.seek(SeekFrom::Start(pos))?;
        file.read_exact(buf).map_err(eof_is_change)
    }
}

fn eof_is_change(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        changed()
    } else {
        e
    }
}

pub(crate) fn changed() -> io::Error {
    io::Error::other("the file changed while it was being read")
}

/// A source read by position for a walk (the structure map's, the checksum fix's input).
pub(crate) struct SourceAt<'a>(pub &'a dyn Source);

impl Positional for SourceAt<'_> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.0.read_at(pos, buf)
    }

    fn write_at(&mut self, _: u64, _: &[u8]) -> io::Result<()> {
        Err(io::Error::other("the input is not written"))
    }
}
