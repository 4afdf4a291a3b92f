"""The decoders the evaluation fuzzes (targets/Cargo.toml pins them) and the known bug in each: a
crash is that bug when the replayed panic is at `at` (crate, file and line of the published bug)."""

TARGETS = {
    "png": {
        "crate": "png 0.18.0",
        "checksums": "chunk CRC-32 (checked by the decoder)",
        "gated": True,
        "bug": {
            "at": "png-0.18.0/src/decoder/transform/palette.rs:74",
            "what": "a PLTE chunk whose length is not a multiple of 3 panics in the palette expansion",
            "source": "image-rs/image-png pull request 682 (fixed after 0.18.0)",
        },
    },
    "zip": {
        "crate": "zip 4.6.1",
        "checksums": "member CRC-32 (checked when a member is read)",
        "gated": True,
        "bug": {
            "at": "zip-4.6.1/src/extra_fields/extended_timestamp.rs:26",
            "what": "an extended-timestamp extra field shorter than its flags byte underflows",
            "source": "zip-rs/zip2 issue 696 (a regression in 4.6.1)",
        },
    },
    "gif": {
        "crate": "gif 0.9.0",
        "checksums": "none",
        "gated": False,
        "bug": {
            "at": "gif-0.9.0/src/reader/mod.rs:389",
            "what": "an interlaced frame of height 0 indexes past the interlace pass table",
            "source": "image-rs/image-gif issue 28",
        },
    },
}

# The configurations: the fuzzer, and whether Fracture's mutator runs alone or beside the fuzzer's own.
CONFIGS = {
    "afl-default": {"fuzzer": "afl", "mutator": None},
    "afl-fracture": {"fuzzer": "afl", "mutator": "only"},
    "afl-both": {"fuzzer": "afl", "mutator": "stage"},
    "lf-default": {"fuzzer": "libfuzzer", "mutator": None},
    "lf-fracture": {"fuzzer": "libfuzzer", "mutator": "only"},
}

# The pairs the report tests (the first against the second).
PAIRS = [
    ("afl-fracture", "afl-default"),
    ("afl-both", "afl-default"),
    ("afl-both", "afl-fracture"),
    ("lf-fracture", "lf-default"),
]


def bug_site(location):
    """`crate-version/path:line` from a panic location in cargo's registry (or as it is)."""
    marker = "/registry/src/"
    if marker in location:
        rest = location.split(marker, 1)[1]
        return rest.split("/", 1)[1] if "/" in rest else rest
    return location
