//! What diagnose reports: causes with their confidence and evidence, and the file's diagnosis.

/// A value in a cause's extra fields (JSON).
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Int(u64),
    Text(String),
    Bool(bool),
    /// `[[start, end], ...]`.
    Spans(Vec<(u64, u64)>),
    /// `[{"from", "to", "length"}, ...]`.
    Copies(Vec<(u64, u64, u64)>),
    /// `[{"kind", "name", "failed"}, ...]`.
    Checks(Vec<(String, String, u64)>),
}

/// One known damage.
#[derive(Clone, Debug, PartialEq)]
pub struct Cause {
    /// A mode name where one exists (text_transfer, seven_bit, ...), else bom_added, ... (docs/damage.md).
    pub cause: &'static str,
    /// 0 to 1: how sure the evidence makes it, rounded to hundredths.
    pub confidence: f64,
    pub evidence: Vec<String>,
    /// Fields of this cause (direction, count, charset, at, ...), in the order printed.
    pub fields: Vec<(&'static str, Field)>,
    /// Whether `--repair` can undo it.
    pub repairable: bool,
}

impl Cause {
    pub fn new(cause: &'static str, confidence: f64) -> Cause {
        Cause {
            cause,
            confidence: (confidence.clamp(0.0, 1.0) * 100.0).round() / 100.0,
            evidence: Vec::new(),
            fields: Vec::new(),
            repairable: false,
        }
    }

    pub fn says(mut self, line: impl Into<String>) -> Cause {
        self.evidence.push(line.into());
        self
    }

    pub fn with(mut self, key: &'static str, value: Field) -> Cause {
        self.fields.push((key, value));
        self
    }

    pub fn repairable(mut self) -> Cause {
        self.repairable = true;
        self
    }

    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    pub fn int(&self, key: &str) -> u64 {
        match self.field(key) {
            Some(Field::Int(n)) => *n,
            _ => 0,
        }
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        match self.field(key) {
            Some(Field::Text(s)) => Some(s),
            _ => None,
        }
    }
}

/// Damage seen but not explained by any known cause: said to be unknown, never guessed.
#[derive(Clone, Debug, PartialEq)]
pub struct Unknown {
    pub evidence: Vec<String>,
    /// Where it starts (in the file).
    pub at: Option<u64>,
}

/// The comparison with an original.
#[derive(Clone, Debug, PartialEq)]
pub struct Original {
    pub name: String,
    pub size: u64,
    /// Bytes that differ (positionally when the sizes are equal; else the aligned differences).
    pub differences: u64,
    /// One sentence on the differences ("every difference is ...").
    pub summary: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnosis {
    pub file: String,
    pub size: u64,
    pub family: &'static str,
    pub causes: Vec<Cause>,
    pub unknown: Option<Unknown>,
    /// With an original: whether the causes account for every difference.
    pub explained: Option<bool>,
    pub original: Option<Original>,
    /// Facts worth saying that are not damage (a DOS text file's CRLF, a BOM on a text file).
    pub notes: Vec<String>,
}

impl Diagnosis {
    /// Whether anything is wrong: exit 1 when it is, 0 when not.
    pub fn damaged(&self) -> bool {
        !self.causes.is_empty() || self.unknown.is_some() || self.explained == Some(false)
    }

    pub fn has(&self, cause: &str) -> bool {
        self.causes.iter().any(|c| c.cause == cause)
    }
}
