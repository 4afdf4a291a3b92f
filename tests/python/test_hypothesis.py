"""fracture.hypothesis.corruptions: what it draws, and that Hypothesis shrinks a failing property to
little damage (the first mode, a low intensity, a small seed)."""

from __future__ import annotations

import re

import pytest
from hypothesis import find, given, settings

import fracture
from fracture.hypothesis import corruptions

BASE = bytes((i * 7) % 256 for i in range(20_000))


@settings(max_examples=40, deadline=None)
@given(corruptions(BASE, name="data.bin"))
def test_every_example_is_the_engine_output_for_its_draw(result):
    r = result.report
    assert r["mode"] in fracture.MODES and 0 <= r["intensity"] <= 100 and 0 <= r["seed"] <= fracture.MAX_SEED
    again = fracture.corrupt(BASE, name="data.bin", mode=r["mode"], intensity=r["intensity"], seed=r["seed"])
    assert again.data == result.data
    assert r["replay"].endswith(" data.bin")


@settings(max_examples=30, deadline=None)
@given(corruptions(BASE, modes=["bit_rot", "cut_replace"], max_intensity=10))
def test_modes_and_max_intensity(result):
    assert result.report["mode"] in ("bit_rot", "truncate_insert")
    assert result.report["intensity"] <= 10


def test_shrinks_to_the_lowest_intensity_that_fails():
    # Fails once at least 200 bits are flipped: the smallest example is the lowest intensity that
    # flips that many, at seed 0.
    def bits(intensity):
        return fracture.corrupt(BASE, mode="bit_rot", intensity=intensity, seed=0).report["bits_flipped"]

    lowest = next(i for i in range(101) if bits(i) >= 200)
    assert lowest > 0
    found = find(
        corruptions(BASE, modes=["bit_rot"]),
        lambda r: r.report["bits_flipped"] >= 200,
        settings=settings(max_examples=200, database=None),
    )
    assert (found.report["intensity"], found.report["seed"]) == (lowest, 0)


def test_shrinks_toward_small_seeds_and_the_first_mode():
    # Fails when the output's SHA-256 starts with a digit below 4: about one seed in four.
    found = find(
        corruptions(BASE, modes=["bad_sectors", "bit_rot"]),
        lambda r: r.report["sha256_after"][0] in "0123",
        settings=settings(max_examples=500, database=None),
    )
    assert found.report["mode"] == "bad_sectors"
    assert found.report["intensity"] == 0
    assert found.report["seed"] < 100, found.report["seed"]


def test_a_failing_test_reports_a_small_example(pytester: pytest.Pytester):
    base = bytes(range(256)) * 40

    def ops(intensity):
        return fracture.corrupt(base, mode="byte_flip", intensity=intensity, seed=0).report["ops"]

    lowest = next(i for i in range(101) if ops(i) >= 3000)
    assert lowest > 0
    pytester.makepyfile(
        f"""
        from hypothesis import given, settings
        from fracture.hypothesis import corruptions

        @settings(max_examples=300, database=None, deadline=None)
        @given(corruptions(bytes(range(256)) * 40, modes=["byte_flip"]))
        def test_parser(result):
            assert result.report["ops"] < 3000
        """
    )
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    # Hypothesis names the example by its draw, `corruption(('byte_flip', 54, 0))` (over several
    # lines), and the traceback shows the Result's repr.
    assert "result=corruption((" in text
    found = re.search(r"result\s*=\s*Result\(mode='byte_flip', intensity=(\d+), seed=(\d+),", text)
    assert found, text
    assert (int(found.group(1)), int(found.group(2))) == (lowest, 0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="Unsupported corruption mode: shred"):
        corruptions(BASE, modes=["shred"])
    with pytest.raises(ValueError, match="Intensity must be an integer from 0 to 100, got 101"):
        corruptions(BASE, max_intensity=101)
    with pytest.raises(ValueError, match="at least one mode"):
        corruptions(BASE, modes=[])
    with pytest.raises(TypeError):
        corruptions("text")  # type: ignore[arg-type]


def test_draws_shrink_in_the_documented_order():
    # The example Hypothesis starts from is the simplest: the first mode, intensity 0, seed 0.
    found = find(corruptions(BASE), lambda r: True, settings=settings(database=None))
    assert (found.report["mode"], found.report["intensity"], found.report["seed"]) == ("byte_flip", 0, 0)
