# The native module (engine-rs/python/src/lib.rs). Call it through `fracture`, which checks the
# arguments with the command line's messages first.
from typing import List, Optional, Tuple, TypedDict

MAX_SEED: int

class Settings(TypedDict):
    """The engine's arguments, checked by `fracture` first (`_settings`)."""

    mode: str
    intensity: int
    seed: int
    only: List[str]
    protect: List[str]
    fix_checksums: bool
    member: Optional[str]
    direction: Optional[str]
    charset: Optional[str]
    bom: Optional[str]
    block_size: Optional[str]

def corrupt(data: bytes | bytearray, name: str, settings: Settings) -> Tuple[bytes, str]: ...
def corrupt_file(src: str, dst: str, name: Optional[str], settings: Settings) -> str: ...
def check(settings: Settings) -> None: ...
def modes() -> List[str]: ...
def ui_modes() -> List[Tuple[str, str]]: ...
def engine_version() -> str: ...
def diagnose_file(path: str, original: Optional[str] = None) -> Tuple[str, str, bool]: ...
def diagnose_bytes(data: bytes | bytearray, name: str, original: Optional[bytes | bytearray] = None) -> Tuple[str, str, bool]: ...
