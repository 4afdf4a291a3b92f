"""The pytest plugin (registered through the ``pytest11`` entry point; docs/python.md).

- ``corrupted(path_or_bytes, **options) -> pathlib.Path``: a fixture that writes a corrupted copy
  under the test's ``tmp_path`` and returns its path.
- ``@pytest.mark.fracture(seeds=range(...), **options)``: runs the test once per seed, passing it as
  the ``fracture_seed`` argument (ids ``seed=N``); the options become ``corrupted``'s defaults, and
  the test's seed its seed.
- A failing test's report gets a section ``fracture replay``: the ``fracture`` command that makes
  each of its corrupted files again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import pytest

import fracture

# The variants a test made: (the input's path, or None for bytes; the report).
_MADE = pytest.StashKey[List[Tuple[Optional[Path], Dict[str, Any]]]]()

_MARKER_HELP = (
    "fracture(seeds=range(...), **options): run the test once per seed as its fracture_seed "
    "argument (ids seed=N); options (mode, intensity, name, ranges, fix_checksums) become the "
    "corrupted fixture's defaults"
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", _MARKER_HELP)


def _marker_options(node: pytest.Item) -> Dict[str, Any]:
    marker = node.get_closest_marker("fracture")
    if marker is None:
        return {}
    if marker.args:
        raise pytest.UsageError("@pytest.mark.fracture takes keyword arguments only: seeds=..., mode=..., ...")
    return {k: v for k, v in marker.kwargs.items() if k != "seeds"}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("fracture")
    if marker is None or "seeds" not in marker.kwargs:
        return
    seeds = list(marker.kwargs["seeds"])
    for seed in seeds:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= fracture.MAX_SEED:
            raise ValueError(f"Seed must be an integer from 0 to {fracture.MAX_SEED}, got {seed}")
    if "fracture_seed" not in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid}: @pytest.mark.fracture(seeds=...) needs a fracture_seed argument"
        )
    metafunc.parametrize("fracture_seed", seeds, ids=[f"seed={s}" for s in seeds])


def _test_seed(node: pytest.Item) -> Optional[int]:
    callspec = getattr(node, "callspec", None)
    return None if callspec is None else callspec.params.get("fracture_seed")


def _free(path: Path) -> Path:
    """``path``, or ``stem (2).ext``, ``stem (3).ext``, ... when it is taken (the CLIs' rule)."""
    k = 2
    candidate = path
    while candidate.exists() or candidate.is_symlink():
        candidate = path.with_name(f"{path.stem} ({k}){path.suffix}")
        k += 1
    return candidate


@pytest.fixture
def corrupted(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., Path]:
    """``corrupted(path_or_bytes, **options) -> Path``: a corrupted copy under ``tmp_path``.

    A path is streamed with :func:`fracture.corrupt_file` (its name picks the format); bytes are
    corrupted as ``name`` (default ``input.bin``). The options are :func:`fracture.corrupt`'s; the
    ``fracture`` marker's options and the test's ``fracture_seed`` are the defaults. The file is
    ``tmp_path/corrupted/{base}_corrupted_{seed}{.ext}``.
    """
    defaults = _marker_options(request.node)
    seed = _test_seed(request.node)
    if seed is not None:
        defaults.setdefault("seed", seed)
    made = request.node.stash.setdefault(_MADE, [])
    out_dir = tmp_path / "corrupted"

    def make(source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview], **options: Any) -> Path:
        opts = {**defaults, **options}
        out_dir.mkdir(exist_ok=True)
        if isinstance(source, (bytes, bytearray, memoryview)):
            result = fracture.corrupt(source, **opts)
            out = _free(out_dir / fracture.corrupted_name(result.report["filename"], result.seed))
            out.write_bytes(result.data)
            made.append((None, result.report))
            return out
        src = Path(os.fspath(source))
        # The seed is known before the run, so the output can be named by it.
        opts["seed"] = fracture._seed(opts.get("seed"))
        name = opts.get("name") or src.name
        out = _free(out_dir / fracture.corrupted_name(name, opts["seed"]))
        report = fracture.corrupt_file(src, out, **opts)
        made.append((src, report))
        return out

    return make


def _shell_word(text: str) -> str:
    """``text`` as the replay command writes a file name: quoted for a POSIX shell when it must be."""
    # A replay is `fracture --mode M --intensity N --seed S NAME`: seven words, then the name's.
    return fracture.corrupt(b"", name=text, seed=0).replay.split(" ", 7)[7]


def _replay(report: Dict[str, Any], path: Optional[Path]) -> str:
    """The report's replay command, naming the input by its path when it came from a file."""
    if path is None:
        return f"{report['replay']}    # the bytes given, saved as {report['filename']}"
    replay = str(report["replay"])
    return replay[: len(replay) - len(_shell_word(report["filename"]))] + _shell_word(str(path))


def _section(item: pytest.Item) -> Optional[str]:
    made = item.stash.get(_MADE, [])
    lines = [_replay(report, path) for path, report in made]
    seed = _test_seed(item)
    if not lines and seed is not None:
        # The test made no file through the fixture: the command for its seed and options.
        opts = _marker_options(item)
        opts["seed"] = seed
        opts["name"] = "FILE"
        lines.append(fracture.corrupt(b"", **opts).replay)
    if not lines:
        return None
    return "\n".join(lines)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.failed and report.when == "call":
        try:
            text = _section(item)
        except Exception as e:  # a bad marker option is reported, not raised a second time here
            text = f"(no replay command: {e})"
        if text:
            report.sections.append(("fracture replay", text))
