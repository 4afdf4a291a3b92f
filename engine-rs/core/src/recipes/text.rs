/// NUL, then 0xC0 (never valid in UTF-8), 0xFF (never valid) and 0x80 (a lone continuation byte).
pub const POISON: [u8; 4] = [0x00, 0xC0, 0xFF, 0x80];

/// Bytes that carry structure in text formats; each becomes 0xFF.
pub const STRUCTURAL: &[u8] = b",;\t|\"'`{}[]()<>:=";

/// The bytes cut from the end: at least max(50 bytes, 10%), plus up to a further 25% with intensity.
pub fn cut(n: u64, intensity: u32) -> u64 {
    ((n / 10).max(50) + n * u64::from(intensity) / 400).min(n)
}

/// Replaces the structural bytes of `buf` with 0xFF; returns how many.
pub fn destroy(buf: &mut [u8]) -> u64 {
    let mut table = [false; 256];
    for &b in STRUCTURAL {
        table[b as usize] = true;
    }
    let mut destroyed = 0;
    for b in buf.iter_mut() {
        if table[*b as usize] {
            *b = 0xFF;
            destroyed += 1;
        }
    }
    destroyed
}

pub fn sentence(scrambled: u64, destroyed: u64, cut: u64) -> String {
    format!(
        "Prepended a NUL and invalid UTF-8 bytes, scrambled {scrambled} bytes, replaced {destroyed} delimiter, quote and bracket bytes with 0xFF and cut the last {cut} bytes."
    )
}
