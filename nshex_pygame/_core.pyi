"""Type stub of the native module ``nshex_pygame._core`` (built from rust_core/nshex_py).

Import it through :mod:`nshex_pygame.core`, never directly. Names starting with ``_`` exist
only in this stub (typing helpers).
"""

import os
from typing import Any, Literal, TypedDict, final

class _Unit(TypedDict):
    seat: int
    tile: str
    at: tuple[int, int]
    facing: int
    wounds: int

class _Phase(TypedDict):
    initiative: int
    events: list[dict[str, Any]]

build_profile: Literal["release", "debug"]

class ScenarioError(ValueError):
    """A scenario that cannot be loaded; the message is ``"<name>:<line>: <what is wrong>"``."""

class EngineError(RuntimeError):
    """The engine failed on a valid position."""

def tile_ids(army: str | None = None) -> list[str]: ...
def tile_info(tile_id: str) -> dict[str, Any]: ...

@final
class Position:
    @staticmethod
    def from_toml(text: str, name: str = "<scenario>", test_tables: bool = False) -> Position: ...
    @staticmethod
    def from_file(path: str | os.PathLike[str]) -> Position: ...
    @property
    def armies(self) -> list[str]: ...
    @property
    def hq_hp(self) -> list[int]: ...
    @property
    def units(self) -> list[_Unit]: ...
    @property
    def board(self) -> Literal["standard", "expanded"]: ...
    def resolve_battle(self, choices: dict[str, Any] | None = None) -> BattleResult: ...
    def to_dict(self) -> dict[str, Any]: ...

@final
class BattleResult:
    @property
    def hq_hp(self) -> list[int]: ...
    @property
    def winner(self) -> int | Literal["draw"] | None: ...
    @property
    def units(self) -> list[_Unit]: ...
    @property
    def phases(self) -> list[_Phase]: ...
    @property
    def position(self) -> Position: ...
    @property
    def changed(self) -> bool:
        """Whether the battle changed anything (a wound, HQ damage or a removal)."""
    def to_json(self) -> str: ...
