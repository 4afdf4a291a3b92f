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
}

impl Region {
    /// A region that is a unit of its own (no field).
    pub fn plain(path: String, start: u64, end: u64, role: Role) -> Region {
        let unit_end = path.len();
        Region { path, start, end, role, unit_end }
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
}

impl Map {
    pub fn new(format: &'static str, len: u64) -> Map {
        Map { format, len, names: Vec::new(), parents: Vec::new(), raw: Vec::new(), full: false }
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
        if self.raw.len() >= MAX_WALK_REGIONS {
            self.full = true;
            return;
        }
        self.raw.push(Raw { unit: unit.0, field, start, end, role });
    }

    /// The map: regions sorted by start (a walk's order among equal starts), each clipped to the
    /// input and to the end of the one before it (a region left empty is dropped), with
    /// `FORMAT:gap` between them and `FORMAT:trailing` (or `FORMAT:unmapped` when the walk hit the
    /// cap) after the last. A unit name that occurs more than once carries `#k`, k counting its
    /// occurrences from 0 in the order the walk opened them (a child unit's among its parent's
    /// children), and a child's name follows its parent's numbered name and `/`.
    pub fn finish(self) -> Vec<Region> {
        let Map { format, len, names, parents, mut raw, full } = self;
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
            out.push(Region { path, start, end, role: r.role, unit_end });
            at = end;
        }
        if at < len {
            let (name, role) = if full { ("unmapped", Role::Payload) } else { ("trailing", Role::Skipped) };
            out.push(Region::plain(format!("{format}:{name}"), at, len, role));
        }
        out
    }
}
