"""A save loads only if its state passes the rules' checks (issue 39): each of the tampered
saves a hostile or unlucky user tried is refused through ``Game.load`` with a ``SaveError``
that names the field at fault, and the untouched save still loads."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from nshex_pygame.core import Game, SaveError

State = dict[str, Any]


def _midgame(armies: tuple[str, str] = ("borgo", "moloch"), steps: int = 40) -> Game:
    game = Game(list(armies), seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
    assert not game.is_terminal()
    return game


def _edited(edit: Callable[[State], None], armies: tuple[str, str] = ("borgo", "moloch")) -> str:
    """The save of a game in progress whose state, edited, is its start (no actions)."""
    save = json.loads(_midgame(armies).save())
    state = save["state"]
    edit(state)
    save["start"] = state
    save["state"] = state
    save["actions"] = []
    return json.dumps(save)


def _without_hq(seat: int) -> Callable[[State], None]:
    def edit(state: State) -> None:
        state["units"] = [
            u for u in state["units"] if not (u["seat"] == seat and u["tile"].endswith(".hq"))
        ]

    return edit


def _hand_of(size: int) -> Callable[[State], None]:
    def edit(state: State) -> None:
        extra = size - len(state["hands"][0])
        state["hands"][0] += state["decks"][0][:extra]
        state["decks"][0] = state["decks"][0][extra:]

    return edit


def _set(key: str, value: Any, seat: int | None = None) -> Callable[[State], None]:
    def edit(state: State) -> None:
        if seat is None:
            state[key] = value
        else:
            state[key][seat] = value

    return edit


def test_the_untouched_save_loads() -> None:
    game = Game.load(_edited(lambda state: None))
    assert not game.is_terminal()


@pytest.mark.parametrize(
    ("edit", "field", "words"),
    [
        # The HQ taken off the board, its hit points kept: that seat would win.
        (_without_hq(1), "state.hq_hp", "seat 1 has no HQ on the board"),
        # Hands of eight, and of four, without Reinforcements (D-31).
        (_hand_of(8), "state.hands", "8 tiles"),
        (_hand_of(4), "state.hands", "4 tiles"),
        # A tie-break with full decks, which would end the game (P-14).
        (_set("ending", {"kind": "tie_break", "turns_left": 1}), "state.ending", "last tile"),
        # An HQ at 0 hit points in a game that goes on.
        (_set("hq_hp", 0, seat=1), "state.hq_hp", "0 hit points"),
        # Terror on the standard board of armies without it (D-32).
        (_set("terror", [1]), "state.terror", "holds Terror"),
    ],
    ids=["hq-removed", "hand-of-eight", "hand-of-four", "tie-break", "hq-at-zero", "terror"],
)
def test_a_save_breaking_the_rules_is_refused_naming_the_field(
    edit: Callable[[State], None], field: str, words: str
) -> None:
    with pytest.raises(SaveError) as refused:
        Game.load(_edited(edit))
    message = str(refused.value)
    assert message.startswith(f"save.start: {field}: "), message
    assert words in message, message
    assert "\n" not in message


def test_terror_loads_with_an_army_that_holds_it() -> None:
    game = Game.load(_edited(_set("terror", [1]), armies=("smart", "moloch")))
    assert not game.is_terminal()
