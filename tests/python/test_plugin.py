"""The pytest plugin as a user meets it: a test file run by pytest (pytester) with the installed
package, whose entry point loads the plugin."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest
from conftest import CLI, sha256

import fracture
from inputs import png

TEST_FILE = '''
import pathlib, pytest, fracture

PNG = pathlib.Path(__file__).parent / "photo.png"

def test_fixture_from_a_path(corrupted, tmp_path):
    out = corrupted(PNG, mode="bit_rot", intensity=20, seed=4)
    assert isinstance(out, pathlib.Path)
    assert out.parent == tmp_path / "corrupted" and out.name == "photo_corrupted_4.png"
    report = fracture.corrupt_file(PNG, tmp_path / "again.png", mode="bit_rot", intensity=20, seed=4)
    assert out.read_bytes() == (tmp_path / "again.png").read_bytes() != PNG.read_bytes()
    assert report["sha256_before"] != report["sha256_after"]

def test_fixture_from_bytes(corrupted, tmp_path):
    out = corrupted(b"hello " * 1000, name="greeting.txt", seed=9)
    assert out == tmp_path / "corrupted" / "greeting_corrupted_9.txt"
    assert out.read_bytes() == fracture.corrupt(b"hello " * 1000, name="greeting.txt", seed=9).data
    # The same input and seed twice: a second name, not an overwrite.
    assert corrupted(b"hello " * 1000, name="greeting.txt", seed=9).name == "greeting_corrupted_9 (2).txt"

@pytest.mark.fracture(seeds=range(3), mode="bad_sectors", intensity=50)
def test_marked(corrupted, fracture_seed):
    out = corrupted(PNG)
    assert out.name == f"photo_corrupted_{fracture_seed}.png"
    expected = fracture.corrupt(PNG.read_bytes(), name="photo.png", mode="bad_sectors", intensity=50, seed=fracture_seed)
    assert out.read_bytes() == expected.data

@pytest.mark.fracture(seeds=[5, 17], mode="bit_rot", intensity=30)
def test_fails_on_one_seed(corrupted, fracture_seed):
    out = corrupted(PNG)
    assert fracture_seed != 17, "the parser choked"

@pytest.mark.fracture(seeds=[8], mode="truncate_insert", ranges=None)
def test_fails_without_a_file(fracture_seed):
    assert False
'''


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.path.joinpath("photo.png").write_bytes(png())
    pytester.makepyfile(test_user=TEST_FILE)
    return pytester


def test_fixture_marker_ids_and_replay_in_a_subprocess(project: pytest.Pytester):
    # A separate pytest process, as a user runs it: only the entry point can have loaded the plugin.
    result = project.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=6, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*test_user.py::test_marked[[]seed=0[]] PASSED*",
            "*test_user.py::test_marked[[]seed=1[]] PASSED*",
            "*test_user.py::test_marked[[]seed=2[]] PASSED*",
            "*test_user.py::test_fails_on_one_seed[[]seed=5[]] PASSED*",
            "*test_user.py::test_fails_on_one_seed[[]seed=17[]] FAILED*",
        ]
    )
    text = result.stdout.str()
    # The failing test's report shows the command for its seed, with the input's path.
    png_path = project.path / "photo.png"
    replay = f"fracture --mode bit_rot --intensity 30 --seed 17 {png_path}"
    assert "- fracture replay -" in text
    assert replay in text.splitlines()
    # Without a file made through the fixture: the seed's command for FILE.
    assert "fracture --mode truncate_insert --intensity 80 --seed 8 FILE" in text.splitlines()
    # Only failing tests get the section (two failures, two sections).
    assert text.count("- fracture replay -") == 2


def test_the_replay_command_makes_the_failing_file(project: pytest.Pytester, tmp_path: Path):
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-k", "fails_on_one_seed", "--basetemp", str(tmp_path / "t"))
    result.assert_outcomes(passed=1, failed=1)
    line = next(line for line in result.stdout.lines if line.startswith("fracture --mode bit_rot"))
    words = shlex.split(line)
    p = subprocess.run([str(CLI), *words[1:], "--quiet", "--out", str(tmp_path / "cli")], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    # (pytest links the latest directory of each test as ...current: one file, two paths)
    made = list({p.resolve() for p in (tmp_path / "t").glob("*/corrupted/photo_corrupted_17.png")})
    assert len(made) == 1
    assert sha256((tmp_path / "cli" / "photo_corrupted.png").read_bytes()) == sha256(made[0].read_bytes())


def test_marker_is_declared(pytester: pytest.Pytester):
    result = pytester.runpytest_subprocess("--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.fracture(seeds=range(...), **options)*"])
    result = pytester.runpytest_subprocess("--fixtures")
    result.stdout.fnmatch_lines(["corrupted*", "*corrupted(path_or_bytes, **options) -> Path*"])


def test_marker_needs_the_seed_argument(pytester: pytest.Pytester):
    pytester.makepyfile(
        """
        import pytest
        @pytest.mark.fracture(seeds=[1, 2])
        def test_x():
            pass
        """
    )
    result = pytester.runpytest_subprocess()
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*needs a fracture_seed argument*"])


def test_marker_refuses_bad_seeds(pytester: pytest.Pytester):
    pytester.makepyfile(
        """
        import pytest
        @pytest.mark.fracture(seeds=[1, -2])
        def test_x(fracture_seed):
            pass
        """
    )
    result = pytester.runpytest_subprocess()
    result.stdout.fnmatch_lines(["*Seed must be an integer from 0 to 9007199254740991, got -2*"])
    assert result.ret != 0


def test_marker_without_seeds_sets_defaults(pytester: pytest.Pytester):
    pytester.makepyfile(
        """
        import pytest, fracture
        @pytest.mark.fracture(mode="interrupted_transfer", intensity=50)
        def test_x(corrupted):
            out = corrupted(b"abc" * 1000, seed=3)
            assert out.read_bytes() == fracture.corrupt(b"abc" * 1000, mode="interrupted_transfer", intensity=50, seed=3).data
            assert len(out.read_bytes()) < 3000
        """
    )
    pytester.runpytest_subprocess().assert_outcomes(passed=1)


def test_plugin_module_is_the_installed_one():
    import fracture.pytest_plugin as plugin

    assert Path(plugin.__file__).parent == Path(fracture.__file__).parent
