"""The parameters of a game for the learning environments: those ``nshex arena`` takes.

``armies`` (a list, or one string with ``;`` or ``,`` between names), ``seats`` (0: as many
as armies; otherwise it must match), ``mode`` (``default``: the base game with two seats, a
deathmatch with more), ``board``, ``variants`` (list or ``;``-separated), ``mercenaries``,
``random_mercenaries``, ``mad_bomber`` and ``seed`` (it shuffles the engine's decks; every draw
of the environments is an explicit chance outcome, so it matters only for Mercenaries dealt at
random). Battle choices are always automatic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nshex_pygame.core import Game

DEFAULTS: dict[str, Any] = {
    "armies": "borgo;moloch",
    "seats": 0,
    "mode": "default",
    "board": "standard",
    "variants": "",
    "mercenaries": 0,
    "random_mercenaries": False,
    "mad_bomber": "off",
    "seed": 0,
}
"""Every parameter with its default (OpenSpiel's parameter specification)."""


def _names(value: str | Sequence[str]) -> list[str]:
    if isinstance(value, str):
        return [n.strip() for n in value.replace(",", ";").split(";") if n.strip()]
    return [str(n) for n in value]


@dataclass(frozen=True)
class GameParams:
    """What a game is made of; ``new_game()`` makes one."""

    armies: tuple[str, ...] = ("borgo", "moloch")
    mode: str | None = None
    board: str = "standard"
    variants: tuple[str, ...] = ()
    mercenaries: int = 0
    random_mercenaries: bool = False
    mad_bomber: str = "off"
    seed: int = 0

    @staticmethod
    def of(**params: Any) -> GameParams:
        """From keyword parameters (see the module); an unknown one is a ValueError."""
        unknown = set(params) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown parameters {sorted(unknown)}; known: {sorted(DEFAULTS)}")
        p = {**DEFAULTS, **params}
        armies = tuple(_names(p["armies"]))
        seats = int(p["seats"])
        if seats and seats != len(armies):
            raise ValueError(f"seats={seats} but {len(armies)} armies: {', '.join(armies)}")
        mode = str(p["mode"])
        gp = GameParams(
            armies=armies,
            mode=None if mode in ("", "default") else mode,
            board=str(p["board"]),
            variants=tuple(_names(p["variants"])),
            mercenaries=int(p["mercenaries"]),
            random_mercenaries=bool(p["random_mercenaries"]),
            mad_bomber=str(p["mad_bomber"]),
            seed=int(p["seed"]),
        )
        gp.new_game()  # refuses bad armies, modes, options with the engine's message
        return gp

    @property
    def seats(self) -> int:
        return len(self.armies)

    def new_game(self, seed: int | None = None) -> Game:
        """A new game with these parameters (``seed`` instead of theirs, if given)."""
        return Game(
            list(self.armies),
            seed=self.seed if seed is None else seed,
            board=self.board,
            mode=self.mode,
            variants=list(self.variants),
            mercenaries=self.mercenaries,
            random_mercenaries=self.random_mercenaries,
            mad_bomber=self.mad_bomber,
        )
