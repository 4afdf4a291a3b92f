"""The golden vectors (tests/golden/vectors.json) through the installed package: every record's bytes
and report, from bytes (`corrupt`) and from a file (`corrupt_file`, the streamed run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT, sha256, untimed
from inputs import generate

import fracture

VECTORS = json.loads((ROOT / "tests" / "golden" / "vectors.json").read_text())
RECORDS = VECTORS["records"]


def options(record):
    return dict(
        name=record["name"],
        mode=record["mode"],
        intensity=record["intensity"],
        seed=record["seed"],
        ranges=record.get("ranges"),
        fix_checksums=bool(record.get("fix_checksums", False)),
        member=record.get("member"),
        direction=record.get("direction"),
        charset=record.get("charset"),
        bom=record.get("bom"),
        block_size=record.get("block_size"),
    )


def test_the_vectors_are_the_engines():
    assert VECTORS["engine"] == fracture.ENGINE_VERSION
    assert len(RECORDS) > 300
    # Every mode, and both options, are among them.
    assert {r["mode"] for r in RECORDS} == set(fracture.MODES)
    assert any(r.get("ranges") for r in RECORDS) and any(r.get("fix_checksums") for r in RECORDS)


# The report's fields of docs/contract.md section 14, after sha256_after; vectors.json predates them
# and tests/golden/structure.json holds their vectors.
STRUCTURE_FIELDS = ["structure", "hits", "expect_overall"]


def engine_fields(report):
    """The report without the host fields and section 14's: what vectors.json records."""
    return {k: v for k, v in report.items() if k not in ("replay", "share_link", *STRUCTURE_FIELDS)}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['mode']}-{r['name']}-{r['why']}"[:80])
def test_corrupt_equals_the_vector(record):
    result = fracture.corrupt(generate(record["input"]), **options(record))
    assert sha256(result.data) == record["sha256"]
    report = untimed(result.report)
    # The host fields follow the engine's, as in the CLI's --json report, and section 14's fields
    # (structure.json holds their vectors) the others.
    assert list(report)[-5:] == [*STRUCTURE_FIELDS, "replay", "share_link"]
    assert engine_fields(report) == record["report"]
    assert report["replay"].startswith(f"fracture --mode {record['mode']} --intensity {record['intensity']} ")


@pytest.mark.parametrize("record", RECORDS[::7], ids=lambda r: f"{r['mode']}-{r['name']}-{r['why']}"[:80])
def test_corrupt_file_equals_the_vector(record, tmp_path: Path):
    src = tmp_path / "in" / record["name"]
    src.parent.mkdir()
    src.write_bytes(generate(record["input"]))
    dst = tmp_path / "out.bin"
    report = fracture.corrupt_file(src, dst, **options(record))
    assert sha256(dst.read_bytes()) == record["sha256"]
    assert engine_fields(untimed(report)) == record["report"]
