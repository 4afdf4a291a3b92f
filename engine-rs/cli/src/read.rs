//! Reading an input file while measuring it: the SHA-256 is computed on a second thread, piece by
//! piece as the pieces arrive, and the byte values are counted on this one after each read. The scan
//! stage then has nothing left to read twice. What the host crate reads (`read_whole`) is not
//! measured here: it hashes what it needs.

use std::io::{ErrorKind, Read};
use std::os::unix::fs::MetadataExt;
use std::sync::mpsc;

use fracture_engine::{byte_counts, Sha256Hasher};

/// A file's size, modification time and identity, compared before and after it is read.
#[derive(PartialEq)]
pub struct Snapshot(u64, i64, i64, u64, u64);

impl Snapshot {
    pub fn of(m: &std::fs::Metadata) -> Snapshot {
        Snapshot(m.len(), m.mtime(), m.mtime_nsec(), m.dev(), m.ino())
    }
}

/// Standard input longer than `max` bytes: the refusal.
pub fn too_large(max: u64) -> String {
    fracture_host::messages::stdin_too_large(&max.to_string())
}

/// Bytes read (and handed to the hashing thread) at a time.
const PIECE: usize = 8 << 20;

/// The file's bytes, their SHA-256 (lower-case hex) and their byte-value counts. A file whose size,
/// modification time or length changes while it is read is an error, not a silent cut. `progress`
/// hears the bytes read so far after each piece.
pub fn read_measured(
    mut file: std::fs::File,
    progress: &mut dyn FnMut(u64),
) -> std::io::Result<(Vec<u8>, String, [u64; 256])> {
    let before = Snapshot::of(&file.metadata()?);
    let len = usize::try_from(file.metadata()?.len()).map_err(|_| changed())?;
    let mut bytes = vec![0u8; len];
    let mut counts = [0u64; 256];
    let sha = if len <= PIECE {
        read_exact(&mut file, &mut bytes)?;
        add(&mut counts, &bytes);
        let mut sha = Sha256Hasher::default();
        sha.update(&bytes);
        sha.hex()
    } else {
        std::thread::scope(|scope| -> std::io::Result<String> {
            let (pieces, arrived) = mpsc::channel::<&[u8]>();
            let hasher = scope.spawn(move || {
                let mut sha = Sha256Hasher::default();
                for piece in arrived {
                    sha.update(piece);
                }
                sha.hex()
            });
            let mut rest: &mut [u8] = &mut bytes;
            while !rest.is_empty() {
                let take = rest.len().min(PIECE);
                let (piece, tail) = std::mem::take(&mut rest).split_at_mut(take);
                read_exact(&mut file, piece)?;
                let piece: &[u8] = piece;
                // The other thread hashes this piece while this one counts it and reads the next.
                pieces.send(piece).map_err(|_| std::io::Error::other("the SHA-256 thread stopped"))?;
                add(&mut counts, piece);
                rest = tail;
                progress((len - rest.len()) as u64);
            }
            drop(pieces);
            hasher.join().map_err(|_| std::io::Error::other("the SHA-256 thread failed"))
        })?
    };
    unchanged(&mut file, &before)?;
    Ok((bytes, sha, counts))
}

/// The file's bytes, not measured (what fracture_host reads through `Files::read_input`: it hashes
/// what it needs itself); a change while it is read is an error, as in `read_measured`.
pub fn read_whole(mut file: std::fs::File) -> std::io::Result<Vec<u8>> {
    let before = Snapshot::of(&file.metadata()?);
    let mut bytes = vec![0u8; usize::try_from(file.metadata()?.len()).map_err(|_| changed())?];
    read_exact(&mut file, &mut bytes)?;
    unchanged(&mut file, &before)?;
    Ok(bytes)
}

/// Nothing past the end read, and the size, time and identity as `before`.
fn unchanged(file: &mut std::fs::File, before: &Snapshot) -> std::io::Result<()> {
    let mut probe = [0u8; 1];
    if file.read(&mut probe)? != 0 || Snapshot::of(&file.metadata()?) != *before {
        return Err(changed());
    }
    Ok(())
}

fn read_exact(file: &mut std::fs::File, into: &mut [u8]) -> std::io::Result<()> {
    file.read_exact(into).map_err(|e| if e.kind() == ErrorKind::UnexpectedEof { changed() } else { e })
}

/// Standard input to its end, measured as a file is; more than `max` bytes is an error.
pub fn read_stdin_measured(max: u64) -> std::io::Result<(Vec<u8>, String, [u64; 256])> {
    let mut bytes = Vec::new();
    std::io::stdin().lock().take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(std::io::Error::other(too_large(max)));
    }
    let mut sha = Sha256Hasher::default();
    sha.update(&bytes);
    let counts = byte_counts(&bytes);
    Ok((bytes, sha.hex(), counts))
}

fn add(counts: &mut [u64; 256], bytes: &[u8]) {
    for (total, n) in counts.iter_mut().zip(byte_counts(bytes)) {
        *total += n;
    }
}

fn changed() -> std::io::Error {
    std::io::Error::other(fracture_host::messages::changed_while_read())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_digest_and_counts_equal_the_one_pass_ones() {
        let dir = std::env::temp_dir().join(format!("fracture-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for len in [0usize, 1, PIECE, PIECE + 1, 2 * PIECE + 12_345] {
            let bytes: Vec<u8> = (0..len as u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
            let path = dir.join(format!("in-{len}.bin"));
            std::fs::write(&path, &bytes).unwrap();
            let (read, sha, counts) = read_measured(std::fs::File::open(&path).unwrap(), &mut |_| {}).unwrap();
            assert!(read == bytes, "{len}");
            let mut one = Sha256Hasher::default();
            one.update(&bytes);
            assert_eq!(sha, one.hex(), "{len}");
            assert_eq!(counts, byte_counts(&bytes), "{len}");
            assert!(read_whole(std::fs::File::open(&path).unwrap()).unwrap() == bytes, "{len}");
            // A file that grows while it is read (after its first piece) is refused.
            if len > PIECE {
                let file = std::fs::File::open(&path).unwrap();
                let grow = || {
                    use std::io::Write;
                    std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"x").unwrap();
                };
                let grown = read_measured(file, &mut |_| grow()).unwrap_err();
                assert_eq!(grown.to_string(), fracture_host::messages::changed_while_read());
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
