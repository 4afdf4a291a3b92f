//! The map a walk builds (section 14.1): units, their fields and roles, and `finish`, which
//! numbers repeated units, clips overlaps and names the bytes between and after them.

/// The most regions a walk records (section 14.1); with the gaps between them a map has at most
/// twice this plus one.
pub const MAX_WALK_REGIONS: usize = 4096;

/// What a region's bytes are to a reader that checks what the format defines (section 14.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A signature, magic number, type code or marker the reader recognises the format or part by.
    Magic,
    /// A length, offset, count or size the layout depends on.
    Layout,
    /// A checksum field.
    Checksum,
    /// Bytes a checksum covers.
    Checked,
    /// Content nothing in the format verifies.
    Payload,
    /// Bytes readers skip: padding, data after the end marker, bytes between units.
    Skipped,
}

/// The spots of a `layout` (or `magic`) region that no reader checks (section 14.2, "Unchecked spots"): a change
/// confined to them expects `may_accept`, with its own `why`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Soft {
    /// Every byte counts.
    #[default]
    None,
    /// A ZIP local header: its date and time (offsets 10 to 13).
    ZipLocal,
    /// A ZIP central directory entry: version made by (4, 5), date and time (12 to 15), internal
    /// and external attributes (36 to 41).
    ZipCentral,
    /// A GIF packed-fields byte: every bit but the color table flag, and the table size while the
    /// input's flag is clear.
    GifFlags,
    /// gzip's CM and FLG: FLG's FTEXT bit alone.
    GzipHeader,
    /// An ELF `e_ident`: EI_OSABI, EI_ABIVERSION and the reserved padding (offsets 7 to 15).
    ElfIdent,
    /// The ELF header's fields after `e_ident`: `e_version` (4 to 7 from the field's start) and
    /// `e_entry` (8 to 11 in a 32-bit file, 8 to 15 in a 64-bit one).
    ElfFields { wide: bool },
    /// An ELF symbol table (SYMTAB, DYNSYM), entry by entry (16 or 24 bytes): st_value, st_size and
    /// st_other; st_name, st_info and st_shndx are layout.
    ElfSymbols { wide: bool },
    /// The type of an ISO-BMFF box its container does not need (section 14.3.9): all four bytes.
    IsobmffOptional,
}

impl Soft {
    /// Whether changing the byte at `rel` (from the field's start) from `before` to `after` touches
    /// only bits no reader checks.
    pub fn allows(self, rel: u64, before: u8, after: u8) -> bool {
        let diff = before ^ after;
        match self {
            Soft::None => false,
            Soft::ZipLocal => (10..14).contains(&rel),
            Soft::ZipCentral => (4..6).contains(&rel) || (12..16).contains(&rel) || (36..42).contains(&rel),
            Soft::GifFlags => diff & 0x80 == 0 && (diff & 0x07 == 0 || before & 0x80 == 0),
            Soft::GzipHeader => rel == 1 && diff == 0x01,
            Soft::ElfIdent => (7..16).contains(&rel),
            Soft::ElfFields { wide } => (4..if wide { 16 } else { 12 }).contains(&rel),
            Soft::ElfSymbols { wide: true } => matches!(rel % 24, 5 | 8..=23),
            Soft::ElfSymbols { wide: false } => matches!(rel % 16, 4..=11 | 13),
            Soft::IsobmffOptional => rel < 4,
        }
    }

    /// The hit's `why` when every change lies in these spots.
    pub fn why(self) -> &'static str {
        match self {
            Soft::None => super::why::LAYOUT,
            Soft::ZipLocal | Soft::ZipCentral => super::why::ZIP_INFO,
            Soft::GifFlags => super::why::GIF_BITS,
            Soft::GzipHeader => super::why::GZIP_FTEXT,
            Soft::ElfIdent | Soft::ElfFields { .. } | Soft::ElfSymbols { .. } => super::why::ELF_INFO,
            Soft::IsobmffOptional => super::why::ISOBMFF_OPTIONAL,
        }
    }
}

/// One region of the map: `[start, end)` of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub path: String,
    pub start: u64,
    pub end: u64,
    pub role: Role,
    /// `path[..unit_end]` is the region's unit, `FORMAT:UNIT` (the whole path for a region without
    /// a field): the regions of one unit share it (section 14.2, a checksum the fix recomputed).
    pub unit_end: usize,
    /// The spots no reader checks (`layout` regions only), at offsets from `origin`, where the walk
    /// recorded the field (before clipping).
    pub soft: Soft,
    pub origin: u64,
}

impl Region {
    /// A region that is a unit of its own (no field).
    pub fn plain(path: String, start: u64, end: u64, role: Role) -> Region {
        let unit_end = path.len();
        Region { path, start, end, role, unit_end, soft: Soft::None, origin: start }
    }

    /// `FORMAT:UNIT`, the unit the region belongs to.
    pub fn unit(&self) -> &str {
        &self.path[..self.unit_end]
    }
}

/// A unit a walk has opened (`Map::unit`).
#[derive(Clone, Copy, Debug)]
pub struct Unit(usize);

pub(super) struct Raw {
    unit: usize,
    field: Option<&'static str>,
    start: u64,
    end: u64,
    role: Role,
    soft: Soft,
}

/// What a walk builds: units in the order it finds them, each with its fields.
pub struct Map {
    format: &'static str,
    len: u64,
    names: Vec<String>,
    /// The unit each unit is nested in (`Map::child`), None at the top.
    parents: Vec<Option<usize>>,
    pub(super) raw: Vec<Raw>,
    pub(super) full: bool,
    /// Whether the last `field` or `whole` was recorded (`soft` marks it).
    pushed: bool,
}

impl Map {
    pub fn new(format: &'static str, len: u64) -> Map {
        Map { format, len, names: Vec::new(), parents: Vec::new(), raw: Vec::new(), full: false, pushed: false }
    }

    /// Opens a unit named `name` (a chunk type, a marker name, `member[NAME]`): None once the map
    /// holds `MAX_WALK_REGIONS` regions, and the walk stops there.
    pub fn unit(&mut self, name: impl Into<String>) -> Option<Unit> {
        self.open(None, name.into())
    }

    /// Opens a unit named `name` nested in `parent` (an ISO-BMFF box in its container box): its path
    /// is the parent's, then `/name`, and `#k` numbers it among the parent's children of that name.
    pub fn child(&mut self, parent: Unit, name: impl Into<String>) -> Option<Unit> {
        self.open(Some(parent.0), name.into())
    }

    fn open(&mut self, parent: Option<usize>, name: String) -> Option<Unit> {
        if self.raw.len() >= MAX_WALK_REGIONS {
            self.full = true;
            return None;
        }
        self.names.push(name);
        self.parents.push(parent);
        Some(Unit(self.names.len() - 1))
    }

    /// Records the field `field` of `unit` at `[start, end)`.
    pub fn field(&mut self, unit: Unit, field: &'static str, start: u64, end: u64, role: Role) {
        self.push(unit, Some(field), start, end, role);
    }

    /// Records `unit` as one region without fields.
    pub fn whole(&mut self, unit: Unit, start: u64, end: u64, role: Role) {
        self.push(unit, None, start, end, role);
    }

    fn push(&mut self, unit: Unit, field: Option<&'static str>, start: u64, end: u64, role: Role) {
        self.pushed = self.raw.len() < MAX_WALK_REGIONS;
        if !self.pushed {
            self.full = true;
            return;
        }
        self.raw.push(Raw { unit: unit.0, field, start, end, role, soft: Soft::None });
    }

    /// Marks the region just recorded (if it was) as having spots no reader checks.
    pub fn soft(&mut self, soft: Soft) {
        if let Some(r) = self.raw.last_mut().filter(|_| self.pushed) {
            r.soft = soft;
        }
    }

    /// The map: regions sorted by start (a walk's order among equal starts), each clipped to the
    /// input and to the end of the one before it (a region left empty is dropped), with
    /// `FORMAT:gap` between them and `FORMAT:trailing` (or `FORMAT:unmapped` when the walk hit the
    /// cap) after the last. A unit name that occurs more than once carries `#k`, k counting its
    /// occurrences from 0 in the order the walk opened them (a child unit's among its parent's
    /// children), and a child's name follows its parent's numbered name and `/`.
    pub fn finish(self) -> Vec<Region> {
        let Map { format, len, names, parents, mut raw, full, .. } = self;
        let mut seen: std::collections::HashMap<(Option<usize>, &str), (usize, usize)> =
            std::collections::HashMap::new();
        let mut numbered: Vec<String> = Vec::with_capacity(names.len());
        for (name, &parent) in names.iter().zip(&parents) {
            seen.entry((parent, name.as_str())).or_insert((0, 0)).0 += 1;
        }
        for (name, &parent) in names.iter().zip(&parents) {
            let (count, next) = seen.get_mut(&(parent, name.as_str())).expect("counted above");
            let own = if *count > 1 { format!("{name}#{next}") } else { name.clone() };
            *next += 1;
            // A parent is opened before its children, so its numbered name is there.
            numbered.push(match parent {
                Some(p) => format!("{}/{own}", numbered[p]),
                None => own,
            });
        }
        raw.sort_by_key(|r| r.start);
        let mut out = Vec::with_capacity(raw.len() + 1);
        let mut at = 0;
        for r in raw {
            let start = r.start.max(at);
            let end = r.end.min(len);
            if end <= start {
                continue;
            }
            if start > at {
                out.push(Region::plain(format!("{format}:gap"), at, start, Role::Skipped));
            }
            let unit = format!("{format}:{}", numbered[r.unit]);
            let unit_end = unit.len();
            let path = match r.field {
                Some(field) => format!("{unit}/{field}"),
                None => unit,
            };
            out.push(Region { path, start, end, role: r.role, unit_end, soft: r.soft, origin: r.start });
            at = end;
        }
        if at < len {
            let (name, role) = if full { ("unmapped", Role::Payload) } else { ("trailing", Role::Skipped) };
            out.push(Region::plain(format!("{format}:{name}"), at, len, role));
        }
        out
    }
}
