"""A Hypothesis strategy of corrupted copies (docs/python.md).

``corruptions(base)`` draws a mode, an intensity and a seed, in that order, and corrupts ``base``
with them. They are drawn as a choice from a list and two integers, so Hypothesis' shrinker reduces a
failing example to the first mode that still fails, then the lowest intensity, then the smallest
seed: the example it reports is as little damage as it could find.
"""

from __future__ import annotations

from typing import Iterable, Optional, Tuple, Union

from hypothesis import strategies as st

from . import MAX_SEED, MODES, UI_MODES, Result, corrupt

__all__ = ["corruptions"]


def corruptions(
    base: Union[bytes, bytearray, memoryview],
    *,
    name: str = "input.bin",
    modes: Optional[Iterable[str]] = None,
    max_intensity: int = 100,
) -> st.SearchStrategy[Result]:
    """Corrupted copies of ``base`` (a :class:`fracture.Result` each), detected as ``name``.

    ``modes``: the modes to draw from, engine or site names (default: every mode, in
    :data:`fracture.MODES` order, which is also the order the shrinker prefers). ``max_intensity``:
    the highest intensity drawn (0 to 100). Every example replays with its report's ``replay``.
    """
    if isinstance(base, memoryview):
        base = base.tobytes()
    if not isinstance(base, (bytes, bytearray)):
        raise TypeError(f"base must be bytes, bytearray or memoryview, not {type(base).__name__}")
    data = bytes(base)
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    chosen = list(MODES) if modes is None else [modes] if isinstance(modes, str) else list(modes)
    if not chosen:
        raise ValueError("modes must name at least one mode")
    for mode in chosen:
        if mode not in MODES and mode not in UI_MODES:
            raise ValueError(f"Unsupported corruption mode: {mode}")
    if isinstance(max_intensity, bool) or not isinstance(max_intensity, int) or not 0 <= max_intensity <= 100:
        raise ValueError(f"Intensity must be an integer from 0 to 100, got {max_intensity}")
    engine_modes = list(dict.fromkeys(UI_MODES.get(m, m) for m in chosen))

    # Hypothesis names a failing example by this function and its draw:
    # `result=corruption(('bit_rot', 12, 0))` is mode, intensity and seed.
    def corruption(drawn: Tuple[str, int, int]) -> Result:
        mode, intensity, seed = drawn
        return corrupt(data, name=name, mode=mode, intensity=intensity, seed=seed)

    return st.tuples(
        st.sampled_from(engine_modes),
        st.integers(min_value=0, max_value=max_intensity),
        st.integers(min_value=0, max_value=MAX_SEED),
    ).map(corruption)
