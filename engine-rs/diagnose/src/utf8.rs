//! How the bytes read as UTF-8, streamed: whether all of it is valid, and which characters the
//! multi-byte sequences are, to tell text from bytes that went through a Latin-1 or CP1252 to UTF-8
//! conversion (every byte above 0x7F became a character of those sets) and from UTF-8 converted twice
//! (its lead bytes became Ã, Â, ...).

/// CP1252's characters for 0x80 to 0x9F (0 where CP1252 leaves the byte undefined).
pub const CP1252_HIGH: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0, 0,
    0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// The byte CP1252 writes `c` as, for its characters outside Latin-1's.
pub fn cp1252_byte(c: u32) -> Option<u8> {
    CP1252_HIGH.iter().position(|&x| x == c && c != 0).map(|i| 0x80 + i as u8)
}

#[derive(Default, Debug, Clone)]
pub struct Utf8 {
    /// Invalid sequences (each maximal invalid part counts once).
    pub invalid: u64,
    pub first_invalid: Option<u64>,
    /// Characters U+0080 to U+009F (C1 controls: Latin-1's reading of 0x80-0x9F).
    pub c1: u64,
    /// Characters U+00A0 to U+00FF.
    pub latin1: u64,
    /// CP1252's characters for 0x80-0x9F.
    pub cp1252: u64,
    /// Any other multi-byte character.
    pub other: u64,
    /// A character U+00C2 to U+00F4 (a UTF-8 lead byte read as one character) followed by one a
    /// continuation byte reads as: UTF-8 decoded as CP1252 or Latin-1 and encoded again.
    pub doubled: u64,
    // Decoder state.
    need: u8,
    cp: u32,
    lo: u8,
    hi: u8,
    pos: u64,
    /// Continuation-like characters still expected after a lead-like one (`doubled`).
    expect: u8,
}

impl Utf8 {
    pub fn multibyte(&self) -> u64 {
        self.c1 + self.latin1 + self.cp1252 + self.other
    }

    pub fn valid(&self) -> bool {
        self.invalid == 0
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while i < bytes.len() {
            if self.need == 0 {
                // ASCII, eight bytes at a time.
                let mut j = i;
                while j + 8 <= bytes.len()
                    && u64::from_le_bytes(bytes[j..j + 8].try_into().expect("8")) & 0x8080_8080_8080_8080 == 0
                {
                    j += 8;
                }
                if j > i {
                    self.expect = 0;
                    self.pos += (j - i) as u64;
                    i = j;
                    continue;
                }
            }
            self.byte(bytes[i]);
            self.pos += 1;
            i += 1;
        }
    }

    fn bad(&mut self) {
        self.invalid += 1;
        self.first_invalid.get_or_insert(self.pos);
        self.need = 0;
        self.expect = 0;
    }

    fn byte(&mut self, b: u8) {
        if self.need > 0 {
            if (self.lo..=self.hi).contains(&b) {
                self.cp = (self.cp << 6) | u32::from(b & 0x3F);
                (self.lo, self.hi) = (0x80, 0xBF);
                self.need -= 1;
                if self.need == 0 {
                    self.char(self.cp);
                }
                return;
            }
            self.bad();
        }
        let (need, cp, lo, hi) = match b {
            0..=0x7F => {
                self.expect = 0;
                return;
            }
            0xC2..=0xDF => (1, u32::from(b & 0x1F), 0x80, 0xBF),
            0xE0 => (2, 0, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (2, u32::from(b & 0x0F), 0x80, 0xBF),
            0xED => (2, 0x0D, 0x80, 0x9F),
            0xF0 => (3, 0, 0x90, 0xBF),
            0xF1..=0xF3 => (3, u32::from(b & 0x07), 0x80, 0xBF),
            0xF4 => (3, 4, 0x80, 0x8F),
            _ => return self.bad(),
        };
        (self.need, self.cp, self.lo, self.hi) = (need, cp, lo, hi);
    }

    fn char(&mut self, c: u32) {
        match c {
            0x80..=0x9F => self.c1 += 1,
            0xA0..=0xFF => self.latin1 += 1,
            _ if CP1252_HIGH.contains(&c) => self.cp1252 += 1,
            _ => self.other += 1,
        }
        // A continuation byte 0x80-0xBF as CP1252 or Latin-1 reads it; a whole sequence of them after
        // a lead byte's character is one doubled character.
        let continuation = (0x80..=0xBF).contains(&c) || cp1252_byte(c).is_some_and(|b| b <= 0xBF);
        if self.expect > 0 && continuation {
            self.expect -= 1;
            if self.expect == 0 {
                self.doubled += 1;
            }
            return;
        }
        self.expect = match c {
            0xC2..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF4 => 3,
            _ => 0,
        };
    }

    /// A sequence cut by the end of the file is invalid too.
    pub fn finish(&mut self) {
        if self.need > 0 {
            self.bad();
        }
    }
}
