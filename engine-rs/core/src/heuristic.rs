//! The verify stage's "looks corrupted" check (docs/contract.md, section 8.1).

/// True when the bytes look broken enough that a reader of `ext` files would reject them.
pub fn looks_corrupted(bytes: &[u8], ext: &str) -> bool {
    let n = bytes.len();
    if n == 0 || bytes[0] == 0 {
        return true;
    }
    if n >= 4 && bytes[..4].iter().all(|&b| b == 0 || b > 127) {
        return true;
    }
    let head = &bytes[..n.min(1000)];
    let odd = head.iter().filter(|&&b| (b < 32 && !matches!(b, 9 | 10 | 13)) || b > 127).count();
    // "over 15%", in integers: odd / len > 15 / 100.
    if odd * 100 > head.len() * 15 {
        return true;
    }
    let first_k = &bytes[..n.min(1024)];
    match ext {
        "csv" | "tsv" => {
            let delim = if ext == "csv" { b',' } else { b'\t' };
            !first_k.contains(&delim) || bytecount(bytes, b'"') % 2 == 1 || first_k.contains(&0)
        }
        "json" => bytecount(bytes, b'{') != bytecount(bytes, b'}') || bytecount(bytes, b'[') != bytecount(bytes, b']'),
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
