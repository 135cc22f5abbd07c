"""Battle choices as seat decisions from Python (docs/RULES.md "Player choices", D-4, D-5).

A seat listed in ``manual_battle_choices`` is asked, through ``battle_question()`` and its
legal actions, whether its Clown explodes, which edge a Quartermaster converts and which
attack a medic takes; everybody else gets the automatic answers. The rules of the answers
are checked in ``rust_core/nshex_tests/tests/battle_choices.rs``; these tests check the
binding's contract.
"""

from __future__ import annotations

import json
import random

import pytest

from nshex_pygame.core import CHANCE, Bot, Game, IllegalActionError

PAIRINGS = [
    ["moloch", "outpost"],
    ["hegemony", "moloch"],
    ["outpost", "hegemony"],
    ["moloch", "borgo"],
]


def play_until_question(seed: int, manual: list[int]) -> Game | None:
    """A random game with ``manual`` seats answering, stopped at its first battle question."""
    game = Game(PAIRINGS[seed % len(PAIRINGS)], seed=seed, manual_battle_choices=manual)
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.battle_question() is not None:
            return game
        player = game.current_player()
        action = game.natural_draw() if player == CHANCE else rng.choice(game.legal_actions())
        game.apply_action(action)  # type: ignore[arg-type]
    return None


def first_question(manual: list[int], kinds: set[str] | None = None) -> Game:
    for seed in range(400):
        game = play_until_question(seed, manual)
        if game is not None and (kinds is None or game.battle_question()["kind"] in kinds):  # type: ignore[index]
            return game
    raise AssertionError("no battle question in 400 random games")


def test_a_question_is_the_answering_seats_decision_with_its_options_as_legal_actions() -> None:
    game = first_question([0, 1])
    q = game.battle_question()
    assert q is not None
    assert q["kind"] in {"clown", "convert", "medic"}
    assert game.current_player() == q["seat"]
    assert sorted(game.legal_actions()) == sorted(q["options"])
    assert q["automatic"] in q["options"]
    assert len(q["options"]) >= 2
    # The battle so far, for showing it before the player answers.
    assert isinstance(q["phases"], list) and q["phases"]
    assert q["phases"][-1]["initiative"] == q["phase"]
    for option in q["options"]:
        described = game.describe_action(option)
        assert described["kind"] == q["kind"]
        assert game.string_to_action(described["text"]) == option


def test_while_a_battle_waits_other_actions_are_refused_and_nothing_changes() -> None:
    game = first_question([0, 1])
    before = game.state_json()
    with pytest.raises(IllegalActionError, match="the battle waits"):
        game.apply_line("end")
    assert game.state_json() == before


def test_a_waiting_battle_survives_the_save_file() -> None:
    game = first_question([0, 1])
    loaded = Game.load(game.save())
    assert loaded == game
    assert loaded.battle_question()["options"] == game.battle_question()["options"]  # type: ignore[index]
    state = json.loads(game.state_json())
    assert state["stage"]["kind"] == "battle_choice"
    assert state["manual_battle_choices"] == [0, 1]


def test_answering_goes_on_with_the_battle() -> None:
    game = first_question([0, 1])
    battles = game.battles
    while game.battle_question() is not None:
        game.apply_action(game.battle_question()["automatic"])  # type: ignore[index]
    assert game.battles == battles + 1
    assert game.last_battle() is not None


def test_d5_the_clowns_owner_is_asked_explode_or_attack() -> None:
    game = first_question([0, 1], {"clown"})
    q = game.battle_question()
    assert q is not None
    kinds = {game.describe_action(a)["explode"] for a in q["options"]}
    assert kinds == {True, False}
    # The Clown is still on the board while its owner is asked.
    on_board = [u for u in game.position.units if list(u["at"]) == list(q["at"])]
    assert [u["tile"] for u in on_board] == ["moloch.clown"]
    assert any(list(u["at"]) == list(q["at"]) and u["tile"] == "moloch.clown" for u in q["before"])


def test_only_the_listed_seats_are_asked() -> None:
    for seed in range(150):
        game = play_until_question(seed, [1])
        if game is not None:
            assert game.battle_question()["seat"] == 1  # type: ignore[index]


def test_the_bots_answer_a_battle_question_with_one_of_its_options() -> None:
    game = first_question([0, 1])
    options = game.battle_question()["options"]  # type: ignore[index]
    for name in ("random", "greedy", "easy:iters=50"):
        assert Bot(name, seed=1).choose(game) in options


def test_manual_battle_choices_are_chosen_before_the_first_action() -> None:
    game = Game(["borgo", "moloch"], seed=3)
    assert game.manual_battle_choices == []
    game.manual_battle_choices = [1]
    assert game.manual_battle_choices == [1]
    assert Game.load(game.save()).manual_battle_choices == [1]
    game.apply_action(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="before the game's first action"):
        game.manual_battle_choices = [0]
    with pytest.raises(ValueError, match="seat 2"):
        Game(["borgo", "moloch"], manual_battle_choices=[2])
