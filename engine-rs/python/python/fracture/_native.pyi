# The native module (engine-rs/python/src/lib.rs). Call it through `fracture`, which checks the
# arguments with the command line's messages first.
from typing import List, Optional, Tuple

MAX_SEED: int

def corrupt(
    data: bytes | bytearray,
    name: str,
    mode: str,
    intensity: int,
    seed: int,
    only: List[str],
    protect: List[str],
    fix_checksums: bool,
) -> Tuple[bytes, str]: ...
def corrupt_file(
    src: str,
    dst: str,
    name: Optional[str],
    mode: str,
    intensity: int,
    seed: int,
    only: List[str],
    protect: List[str],
    fix_checksums: bool,
) -> str: ...
def check(mode: str, intensity: int, seed: int, only: List[str], protect: List[str], fix_checksums: bool) -> None: ...
def modes() -> List[str]: ...
def ui_modes() -> List[Tuple[str, str]]: ...
def engine_version() -> str: ...
