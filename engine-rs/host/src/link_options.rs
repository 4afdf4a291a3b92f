// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.

//! The share link's format (docs/contract.md, section 11.5): its version and the options it carries,
//! as lib/report/link-options.ts has them.

/// The query key `v` of every share link.
pub const LINK_VERSION: u32 = 2;

/// An option of `fracture` that changes the output's bytes, carried by a share link under its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkOption {
    pub name: &'static str,
    /// Whether it takes a value (a flag does not).
    pub value: bool,
    pub repeatable: bool,
}

/// In the order of `fracture --help`.
pub const LINK_OPTIONS: &[LinkOption] = &[
    LinkOption { name: "mode", value: true, repeatable: false },
    LinkOption { name: "intensity", value: true, repeatable: false },
    LinkOption { name: "seed", value: true, repeatable: false },
    LinkOption { name: "only", value: true, repeatable: true },
    LinkOption { name: "protect", value: true, repeatable: true },
    LinkOption { name: "fix-checksums", value: false, repeatable: false },
    LinkOption { name: "member", value: true, repeatable: false },
    LinkOption { name: "direction", value: true, repeatable: false },
    LinkOption { name: "charset", value: true, repeatable: false },
    LinkOption { name: "bom", value: true, repeatable: false },
    LinkOption { name: "block-size", value: true, repeatable: false },
];
