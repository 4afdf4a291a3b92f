//! The member glob (docs/contract.md, section 6.11.1): `**` any characters, `*` any characters but
//! `/`, `?` one character but `/`, anything else itself; matched against the whole member name.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    AnyDeep,
    Any,
    One,
    Char(char),
}

fn tokens(glob: &str) -> Vec<Token> {
    let chars: Vec<char> = glob.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '*' if chars.get(i + 1) == Some(&'*') => {
                out.push(Token::AnyDeep);
                i += 2;
                continue;
            }
            '*' => out.push(Token::Any),
            '?' => out.push(Token::One),
            c => out.push(Token::Char(c)),
        }
        i += 1;
    }
    out
}

/// Whether `name` matches `glob`, in time proportional to their lengths' product (the set of glob
/// positions reachable after each character of the name).
pub fn matches(glob: &str, name: &str) -> bool {
    let t = tokens(glob);
    let m = t.len();
    // reach[j]: the first j tokens can match the name read so far.
    let mut reach = vec![false; m + 1];
    reach[0] = true;
    let close = |reach: &mut Vec<bool>| {
        for j in 0..m {
            if reach[j] && matches!(t[j], Token::Any | Token::AnyDeep) {
                reach[j + 1] = true;
            }
        }
    };
    close(&mut reach);
    for c in name.chars() {
        let mut next = vec![false; m + 1];
        for j in 0..m {
            if !reach[j] {
                continue;
            }
            match t[j] {
                Token::AnyDeep => next[j] = true,
                Token::Any if c != '/' => next[j] = true,
                Token::Any => {}
                Token::One if c != '/' => next[j + 1] = true,
                Token::One => {}
                Token::Char(x) if x == c => next[j + 1] = true,
                Token::Char(_) => {}
            }
        }
        reach = next;
        close(&mut reach);
    }
    reach[m]
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn stars_questions_and_deep_stars() {
        assert!(matches("word/document.xml", "word/document.xml"));
        assert!(!matches("document.xml", "word/document.xml"));
        assert!(matches("word/*.xml", "word/document.xml"));
        assert!(!matches("*.xml", "word/document.xml"));
        assert!(matches("**.xml", "word/document.xml"));
        assert!(matches("**/*.xml", "word/_rels/document.xml"));
        assert!(!matches("**/*.xml", "document.xml"));
        assert!(matches("**", "a/b/c"));
        assert!(matches("a?c", "abc") && !matches("a?c", "a/c") && !matches("a?c", "ac"));
        assert!(matches("*", "") && !matches("?", ""));
        assert!(matches("é*✓", "éx✓"));
        assert!(!matches("a*b", "a/b/c"));
    }
}
