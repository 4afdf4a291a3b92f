"""Fracture: deterministic, format-aware file corruption (docs/python.md).

The engine is the Rust core the ``fracture`` command line runs (engine-rs/core), built into this
package with PyO3: the same input, name, mode, intensity, seed and options give the same bytes and
the same report here as there. The engine runs with the GIL released.
"""

from __future__ import annotations

import json
import os
import secrets
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import _native

__all__ = [
    "ENGINE_VERSION",
    "MAX_SEED",
    "MODES",
    "UI_MODES",
    "Diagnosis",
    "Result",
    "corrupt",
    "corrupt_file",
    "corrupted_name",
    "diagnose",
]

#: The engine modes, in the contract's order (docs/contract.md, section 6).
MODES: Tuple[str, ...] = tuple(_native.modes())
#: The site's names for the modes, which ``mode`` takes too: ``{"quick_scramble": "byte_flip", ...}``.
UI_MODES: Dict[str, str] = dict(_native.ui_modes())
#: The largest seed, 2**53 - 1.
MAX_SEED: int = _native.MAX_SEED
#: The engine version reports carry (``fracture-engine/1``).
ENGINE_VERSION: str = _native.engine_version()

#: ``{"only": ["0x40:"], "protect": ["-12:"]}``: texts ``A:B`` as ``--only`` / ``--protect`` take them.
Ranges = Mapping[str, Union[str, Iterable[str]]]
PathLike = Union[str, "os.PathLike[str]"]

# The seed drawn when none is given: below 2**31 - 1, as the site and the CLIs draw theirs.
_RANDOM_SEEDS = 2_147_483_647


class Result:
    """A corrupted copy: ``data`` (the bytes) and ``report`` (the CLI's ``--json`` report, a dict)."""

    __slots__ = ("data", "report")

    def __init__(self, data: bytes, report: Dict[str, Any]) -> None:
        self.data = data
        self.report = report

    @property
    def seed(self) -> int:
        """The seed the engine used (drawn at random when none was given)."""
        return int(self.report["seed"])

    @property
    def replay(self) -> str:
        """The ``fracture`` command that makes the same bytes from the same file."""
        return str(self.report["replay"])

    def __eq__(self, other: object) -> bool:
        """The same bytes and the same report, timings (``time_ms``, ``ops_ms``) aside."""
        if not isinstance(other, Result):
            return NotImplemented
        return self.data == other.data and _untimed(self.report) == _untimed(other.report)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        r = self.report
        return (
            f"Result(mode={r['mode']!r}, intensity={r['intensity']}, seed={r['seed']}, "
            f"{len(self.data)} bytes, sha256_after={r['sha256_after'][:12]}...)"
        )


def _untimed(report: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in report.items() if k not in ("time_ms", "ops_ms")}


def _mode(mode: object) -> str:
    if not isinstance(mode, str):
        raise ValueError(f"Unsupported corruption mode: {mode}")
    return mode


def _intensity(intensity: object) -> int:
    if isinstance(intensity, bool) or not isinstance(intensity, int) or not 0 <= intensity <= 100:
        raise ValueError(f"Intensity must be an integer from 0 to 100, got {intensity}")
    return intensity


def _seed(seed: object) -> int:
    if seed is None:
        return secrets.randbelow(_RANDOM_SEEDS)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"Seed must be an integer from 0 to {MAX_SEED}, got {seed}")
    return seed


def _ranges(ranges: Optional[Ranges]) -> Tuple[List[str], List[str]]:
    if ranges is None:
        return [], []
    if not isinstance(ranges, Mapping):
        raise ValueError(f'ranges must be a mapping such as {{"only": ["0x40:"], "protect": ["-12:"]}}, got {ranges!r}')
    unknown = [k for k in ranges if k not in ("only", "protect")]
    if unknown:
        raise ValueError(f"ranges takes the keys 'only' and 'protect', not {unknown[0]!r}")

    def texts(key: str) -> List[str]:
        value = ranges.get(key)
        if value is None:
            return []
        items = [value] if isinstance(value, str) else list(value)
        # Anything but a text is a range the engine cannot read: its message names it.
        return [item if isinstance(item, str) else str(item) for item in items]

    return texts("only"), texts("protect")


def _flag(fix_checksums: object) -> bool:
    if not isinstance(fix_checksums, bool):
        raise ValueError(f"fix_checksums must be True or False, got {fix_checksums!r}")
    return fix_checksums


def _member(member: Optional[str]) -> Optional[str]:
    if member is not None and not isinstance(member, str):
        raise ValueError(f"member must be a glob text such as 'word/*.xml', got {member!r}")
    if member == "":
        raise ValueError("--member needs a glob, such as word/document.xml or '**/*.xml'")
    return member


def _text(value: object) -> Optional[str]:
    """A mode's option as the engine takes it (docs/contract.md, checks 8c to 8f): the text given,
    a number as Python prints it, or None when it was not given; the engine refuses what it does not know."""
    return None if value is None else str(value)


def _settings(
    mode: str,
    intensity: int,
    seed: Optional[int],
    ranges: Optional[Ranges],
    fix_checksums: bool,
    member: Optional[str] = None,
    variant: Optional[Mapping[str, object]] = None,
) -> "_native.Settings":
    """The engine's arguments, each checked with the command line's message, for the native module.
    ``variant``: the conversion modes' and misdirected_write's options (``direction``, ``charset``,
    ``bom``, ``block_size``)."""
    only, protect = _ranges(ranges)
    v = variant or {}
    return {
        "mode": _mode(mode),
        "intensity": _intensity(intensity),
        "seed": _seed(seed),
        "only": only,
        "protect": protect,
        "fix_checksums": _flag(fix_checksums),
        "member": _member(member),
        "direction": _text(v.get("direction")),
        "charset": _text(v.get("charset")),
        "bom": _text(v.get("bom")),
        "block_size": _text(v.get("block_size")),
    }


def corrupt(
    data: Union[bytes, bytearray, memoryview],
    *,
    name: str = "input.bin",
    mode: str = "byte_flip",
    intensity: int = 80,
    seed: Optional[int] = None,
    ranges: Optional[Ranges] = None,
    fix_checksums: bool = False,
    member: Optional[str] = None,
    direction: Optional[str] = None,
    charset: Optional[str] = None,
    bom: Optional[str] = None,
    block_size: Optional[int] = None,
) -> Result:
    """Corrupts a copy of ``data`` as ``fracture --mode MODE --intensity N --seed S`` corrupts a file
    called ``name`` (the name picks the format: ``photo.png``, ``archive.zip``).

    ``mode`` is an engine mode (:data:`MODES`) or a site name (:data:`UI_MODES`); ``seed=None``
    draws one, which the report records. ``ranges`` mirrors ``--only`` / ``--protect``;
    ``fix_checksums`` mirrors ``--fix-checksums``; ``member`` mirrors ``--member GLOB`` (damage the
    matching members of a ZIP or tar archive, each as a file of its own, and keep the archive
    valid). ``direction``, ``charset``, ``bom`` and ``block_size`` mirror ``--direction``,
    ``--charset``, ``--bom`` and ``--block-size`` (text_transfer, charset_roundtrip and
    misdirected_write; docs/contract.md, sections 6.13 to 6.16). A bad option raises
    :class:`ValueError` with the command line's message.
    """
    if isinstance(data, memoryview):
        data = data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be bytes, bytearray or memoryview, not {type(data).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    variant = {"direction": direction, "charset": charset, "bom": bom, "block_size": block_size}
    settings = _settings(mode, intensity, seed, ranges, fix_checksums, member, variant)
    out, report = _native.corrupt(data, name, settings)
    return Result(out, json.loads(report))


def corrupt_file(
    src: PathLike,
    dst: PathLike,
    *,
    name: Optional[str] = None,
    mode: str = "byte_flip",
    intensity: int = 80,
    seed: Optional[int] = None,
    ranges: Optional[Ranges] = None,
    fix_checksums: bool = False,
    member: Optional[str] = None,
    direction: Optional[str] = None,
    charset: Optional[str] = None,
    bom: Optional[str] = None,
    block_size: Optional[int] = None,
) -> Dict[str, Any]:
    """Corrupts the file ``src`` into ``dst`` and returns the report: the bytes ``fracture`` writes
    for the same options, streamed in bounded memory whatever the file's size.

    The original is never changed: a ``dst`` that is ``src`` (the same file through a symlink or a
    hard link too) or a directory raises :class:`ValueError` naming both paths; the output is
    written to a new temporary file (mode 0600) in ``dst``'s directory and renamed onto ``dst``,
    with the input's permissions less the umask. ``name`` (default: ``src``'s file name) is what
    format detection and the report see. Ctrl-C stops the run and leaves ``dst`` as it was. With
    ``member`` the archive is read whole (at most 4294967295 bytes). The other options are
    :func:`corrupt`'s.
    """
    for what, value in (("name", name),):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    report = _native.corrupt_file(
        os.fsdecode(os.fspath(src)),
        os.fsdecode(os.fspath(dst)),
        name,
        _settings(
            mode,
            intensity,
            seed,
            ranges,
            fix_checksums,
            member,
            {"direction": direction, "charset": charset, "bom": bom, "block_size": block_size},
        ),
    )
    parsed: Dict[str, Any] = json.loads(report)
    return parsed


def corrupted_name(name: str, seed: Optional[int] = None) -> str:
    """The CLI's output name for ``name``: ``{base}_corrupted{.ext}``, or with a seed
    ``{base}_corrupted_{seed}{.ext}`` (as ``--count`` names variants); ``.bin`` without an extension.
    """
    tail = "_corrupted" if seed is None else f"_corrupted_{seed}"
    dot = name.rfind(".")
    if dot <= 0:
        return f"{name}{tail}.bin"
    return f"{name[:dot]}{tail}{name[dot:]}"


class Diagnosis:
    """What ``fracture diagnose`` says about a file (docs/damage.md): ``report`` is its ``--json``
    object (``file``, ``size``, ``family``, ``causes``, ``unknown``, ``explained``, ...), ``text`` its
    text form, ``damaged`` whether damage was found (the command's exit status 1)."""

    __slots__ = ("report", "text", "damaged")

    def __init__(self, report: Dict[str, Any], text: str, damaged: bool) -> None:
        self.report = report
        self.text = text
        self.damaged = damaged

    @property
    def causes(self) -> List[Dict[str, Any]]:
        """The known causes, most certain first (empty when nothing is wrong)."""
        causes: List[Dict[str, Any]] = self.report["causes"]
        return causes

    def __repr__(self) -> str:
        named = ", ".join(c["cause"] for c in self.causes) or "no known damage"
        return f"Diagnosis({self.report['file']!r}: {named})"


def diagnose(
    file: Union[PathLike, bytes, bytearray],
    original: Optional[Union[PathLike, bytes, bytearray]] = None,
    *,
    name: Optional[str] = None,
) -> Diagnosis:
    """Names the known damage that explains ``file`` (a path, read in bounded memory whatever its
    size, or bytes named ``name``), with evidence and a confidence, as ``fracture diagnose`` does;
    with ``original`` every difference is classified. A directory, a FIFO or an empty file raises
    :class:`ValueError` with the command line's sentence."""
    if isinstance(file, (bytes, bytearray)):
        if original is not None and not isinstance(original, (bytes, bytearray)):
            raise TypeError("original must be bytes when file is bytes")
        report, text, damaged = _native.diagnose_bytes(bytes(file), name or "data", original)
    else:
        if isinstance(original, (bytes, bytearray)):
            raise TypeError("original must be a path when file is a path")
        report, text, damaged = _native.diagnose_file(
            os.fsdecode(os.fspath(file)), None if original is None else os.fsdecode(os.fspath(original))
        )
    return Diagnosis(json.loads(report), text, damaged)
