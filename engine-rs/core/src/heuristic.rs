//! The verify stage's "looks corrupted" check (docs/contract.md, section 8.1).

/// True when the bytes look broken enough that a reader of `ext` files would reject them.
pub fn looks_corrupted(bytes: &[u8], ext: &str) -> bool {
    looks_corrupted_parts(bytes, bytes.len() as u64, ext, &|needle| bytecount(bytes, needle) as u64)
}

/// `looks_corrupted` from what it reads: the first 1,024 bytes (`head`, all of them when the file is
/// shorter), the length `n`, and for csv, tsv and json the count of a byte value over the whole file.
/// A streaming caller counts byte values as the output goes by.
pub fn looks_corrupted_parts(head: &[u8], n: u64, ext: &str, count: &dyn Fn(u8) -> u64) -> bool {
    let bytes = &head[..head.len().min(1024)];
    if n == 0 || bytes[0] == 0 {
        return true;
    }
    if n >= 4 && bytes[..4].iter().all(|&b| b == 0 || b > 127) {
        return true;
    }
    let head = &bytes[..bytes.len().min(1000)];
    let odd = head.iter().filter(|&&b| (b < 32 && !matches!(b, 9 | 10 | 13)) || b > 127).count();
    // "over 15%", in integers: odd / len > 15 / 100.
    if odd * 100 > head.len() * 15 {
        return true;
    }
    let first_k = bytes;
    match ext {
        "csv" | "tsv" => {
            let delim = if ext == "csv" { b',' } else { b'\t' };
            !first_k.contains(&delim) || count(b'"') % 2 == 1 || first_k.contains(&0)
        }
        "json" => count(b'{') != count(b'}') || count(b'[') != count(b']'),
        _ => false,
    }
}

fn bytecount(bytes: &[u8], needle: u8) -> usize {
    bytes.iter().filter(|&&b| b == needle).count()
}

#[cfg(test)]
mod tests {
    use super::looks_corrupted;

    #[test]
    fn rules() {
        assert!(looks_corrupted(b"", "txt"));
        assert!(looks_corrupted(b"\0abc", "txt"));
        assert!(looks_corrupted(&[0x80, 0x00, 0xff, 0x90, b'a'], "bin"));
        assert!(!looks_corrupted(b"hello world", "txt"));
        assert!(looks_corrupted(b"a;b;c\n1;2;3\n", "csv"), "no comma");
        assert!(looks_corrupted(b"a,\"b\n", "csv"), "odd quotes");
        assert!(!looks_corrupted(b"a,b\n1,2\n", "csv"));
        assert!(looks_corrupted(b"a,b\n", "tsv"), "no tab");
        assert!(looks_corrupted(b"{\"a\":[1}", "json"));
        assert!(!looks_corrupted(b"{\"a\":[1]}", "json"));
        // 15% exactly is not over 15%: 3 odd bytes of 20.
        let mut v = vec![b'a'; 20];
        v[5] = 1;
        v[6] = 2;
        v[7] = 3;
        assert!(!looks_corrupted(&v, "txt"));
        v[8] = 4;
        assert!(looks_corrupted(&v, "txt"));
    }
}
