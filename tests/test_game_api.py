"""The decision API from Python: games, actions, chance, saves, observations, bots, the arena.

The rules themselves are checked by the conformance vectors and the game scripts; these tests
check the contract of the binding (nshex_pygame/_core.pyi): that a game can be played to the
end through it, that refusals change nothing and say why, that saves round-trip and a bad save
is a SaveError and nothing else, and that what a player may see hides the deck order.
"""

from __future__ import annotations

import json
import math
import random
import threading
import time
from typing import Any

import pytest
from conftest import FIXTURES

from nshex_pygame.core import (
    BOT_NAMES,
    CHANCE,
    TERMINAL,
    Bot,
    EngineError,
    Game,
    IllegalActionError,
    SaveError,
    arena,
)

ARMIES = ["borgo", "moloch"]
PAIRINGS = [
    ["borgo", "moloch"],
    ["borgo", "hegemony"],
    ["borgo", "outpost"],
    ["moloch", "hegemony"],
    ["moloch", "outpost"],
    ["hegemony", "outpost"],
]
MAX_ACTIONS = 5_000  # a game that runs longer than this has lost its way


def play_random(game: Game, rng: random.Random, *, sample_chance: bool = False) -> int:
    """Plays ``game`` to the end with random legal actions; returns how many were applied.

    Chance nodes take the hidden deck order (``natural_draw``) or, with ``sample_chance``, an
    outcome sampled from ``chance_outcomes``.
    """
    applied = 0
    while not game.is_terminal():
        assert applied < MAX_ACTIONS, "the game did not end"
        player = game.current_player()
        if player == CHANCE:
            if sample_chance:
                outcomes = game.chance_outcomes()
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
                assert all(p > 0 for _, p in outcomes)
                actions, weights = zip(*outcomes, strict=True)
                action = rng.choices(actions, weights)[0]
            else:
                draw = game.natural_draw()
                assert draw is not None
                action = draw
        else:
            assert player >= 0
            action = rng.choice(game.legal_actions())
        game.apply_action(action)
        applied += 1
    return applied


def mid_game(seed: int = 7, actions: int = 40, armies: list[str] = ARMIES) -> Game:
    """A seeded game ``actions`` decisions in, at a seat's decision."""
    game = Game(armies, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        player = game.current_player()
        if player == CHANCE:
            game.apply_action(game.natural_draw())  # type: ignore[arg-type]
        else:
            game.apply_action(rng.choice(game.legal_actions()))
    while game.current_player() == CHANCE:
        game.apply_action(game.natural_draw())  # type: ignore[arg-type]
    assert game.current_player() >= 0
    return game


# --- playing -----------------------------------------------------------------------------------


def test_constants() -> None:
    assert (CHANCE, TERMINAL) == (-1, -4)


def test_a_whole_random_game_with_natural_draws() -> None:
    game = Game(ARMIES, seed=11)
    assert game.current_player() == 0, "seat 0 places its HQ first"
    assert game.winner is None
    applied = play_random(game, random.Random(11))
    assert applied > 20
    assert game.is_terminal() and game.current_player() == TERMINAL
    assert game.legal_actions() == []
    assert game.natural_draw() is None and game.chance_outcomes() == []
    assert game.winner == "draw" or game.winner in (0, 1)
    assert game.battles >= 1, "every game ends with the final battle at the latest"
    assert len(game.history()) == applied


def test_a_whole_random_game_with_sampled_chance() -> None:
    for seed in range(3):
        game = Game(PAIRINGS[seed], seed=seed)
        play_random(game, random.Random(seed), sample_chance=True)
        assert game.is_terminal()


def test_the_same_seed_plays_the_same_game() -> None:
    one, two = Game(ARMIES, seed=5), Game(ARMIES, seed=5)
    play_random(one, random.Random(1))
    play_random(two, random.Random(1))
    assert one == two
    assert one.history() == two.history()


def test_chance_nodes_offer_the_draws() -> None:
    game = Game(ARMIES, seed=3)
    while game.current_player() != CHANCE:
        game.apply_action(game.legal_actions()[0])
    outcomes = game.chance_outcomes()
    assert sorted(action for action, _ in outcomes) == sorted(game.legal_actions())
    assert game.natural_draw() in {action for action, _ in outcomes}
    for action, _ in outcomes:
        assert game.describe_action(action)["kind"] == "draw"


def test_describe_action() -> None:
    game = mid_game()
    for action in game.legal_actions():
        described = game.describe_action(action)
        assert {"kind", "text"} <= set(described)
        assert described["text"] == game.action_to_string(action)
        assert game.string_to_action(described["text"]) == action


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = mid_game()
    before = game.clone()
    history = game.history()
    with pytest.raises(IllegalActionError):
        game.string_to_action("hq 0,0")
    hq = game.string_to_action("hq 0,0", check=False)
    assert hq not in game.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        game.apply_action(hq)
    assert str(caught.value).strip(), "the refusal says why"
    assert game == before
    assert game.history() == history
    with pytest.raises(IllegalActionError, match="not an action number"):
        game.apply_action(12345)
    with pytest.raises(IllegalActionError):
        game.apply_line("fly 0,0")
    assert game == before
    assert issubclass(IllegalActionError, ValueError)


def test_drawing_out_of_turn_says_so() -> None:
    game = Game(ARMIES, seed=3)
    while game.current_player() != CHANCE:
        game.apply_action(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="draw"):
        game.apply_line("end")


def test_clone_is_independent() -> None:
    game = mid_game()
    copy = game.clone()
    assert copy == game and copy is not game
    copy.apply_action(copy.legal_actions()[0])
    assert copy != game
    assert game != "a game"


def test_replaying_the_history_gives_the_same_game() -> None:
    game = Game(ARMIES, seed=21)
    play_random(game, random.Random(21))
    replay = Game(ARMIES, seed=21)
    for line in game.history():
        replay.apply_line(line)
    assert replay == game
    assert replay.state_json() == game.state_json()


# --- saves -------------------------------------------------------------------------------------


def test_save_and_load_round_trip() -> None:
    for game in (Game(ARMIES, seed=4), mid_game(), _finished()):
        text = game.save()
        loaded = Game.load(text)
        assert loaded == game
        assert loaded.history() == game.history()
        assert loaded.save() == text
        assert loaded.legal_actions() == game.legal_actions()


def _finished() -> Game:
    game = Game(["hegemony", "outpost"], seed=8)
    play_random(game, random.Random(8))
    return game


def _save_data() -> dict[str, Any]:
    return json.loads(mid_game().save())


def _corrupt_saves() -> dict[str, str]:
    data = _save_data()
    wrong_format = {**data, "format": "chess-pgn"}
    no_actions = {k: v for k, v in data.items() if k != "actions"}
    illegal = {**data, "actions": ["end", *data["actions"]]}
    garbage_action = {**data, "actions": [*data["actions"][:3], "fly 9,9", *data["actions"][3:]]}
    tampered = json.loads(json.dumps(data))
    tampered["state"]["hq_hp"][0] -= 3
    wrong_type = {**data, "actions": "hq 0,0"}
    bad_seed = {**data, "seed": -1}
    return {
        "not json": "{this is not json",
        "empty": "",
        "a list": "[1, 2, 3]",
        "wrong format": json.dumps(wrong_format),
        "no actions": json.dumps(no_actions),
        "an illegal action": json.dumps(illegal),
        "an unknown action": json.dumps(garbage_action),
        "a tampered state": json.dumps(tampered),
        "actions not a list": json.dumps(wrong_type),
        "a negative seed": json.dumps(bad_seed),
    }


@pytest.mark.parametrize("case", list(_corrupt_saves()))
def test_a_corrupt_save_is_a_save_error(case: str) -> None:
    text = _corrupt_saves()[case]
    with pytest.raises(SaveError) as caught:
        Game.load(text)
    message = str(caught.value)
    assert message.strip() and "\n" not in message, message
    assert issubclass(SaveError, ValueError)


def test_corrupt_save_messages_name_the_problem() -> None:
    saves = _corrupt_saves()
    for case, words in [
        ("not json", "not a save file"),
        ("wrong format", "nshex-save"),
        ("an illegal action", "actions[0]"),
        ("an unknown action", "actions[3]"),
        ("a tampered state", "state"),
    ]:
        with pytest.raises(SaveError) as caught:
            Game.load(saves[case])
        assert words in str(caught.value), f"{case}: {caught.value}"


def test_mangled_saves_raise_only_save_errors() -> None:
    """Random damage to a save: it loads (to a valid game) or raises SaveError, nothing else."""
    text = mid_game().save()
    rng = random.Random(99)
    alphabet = '{}[]",:0123456789-abcdefghijklmnopqrstuvwxyz .'
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            match rng.randrange(3):
                case 0:
                    chars[i] = rng.choice(alphabet)
                case 1:
                    del chars[i]
                case _:
                    chars.insert(i, rng.choice(alphabet))
        try:
            loaded = Game.load("".join(chars))
        except SaveError:
            continue
        loaded.legal_actions()  # what loads is a usable game


def _mutate(value: Any, rng: random.Random) -> Any:
    """``value`` with one random part changed: a number, a string, a list or a key."""
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        if rng.random() < 0.1:
            return {k: v for k, v in value.items() if k != key}
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.15:
            return value[:i] + value[i + 1 :]
        if rng.random() < 0.1:
            return [*value, value[i]]
        return [*value[:i], _mutate(value[i], rng), *value[i + 1 :]]
    choices: list[Any] = [None, True, -1, 0, 1, 3, 99, 2**70, 0.5, "", "x", "borgo.mutant", [], {}]
    if isinstance(value, int) and not isinstance(value, bool):
        choices += [value + 1, value - 1]
    if isinstance(value, str):
        choices += [value[:-1], value + "x", value.upper()]
    return rng.choice(choices)


def test_saves_with_changed_values_raise_only_save_errors() -> None:
    """Random changes inside a save's JSON: a valid game or a SaveError, never anything else."""
    data = _save_data()
    rng = random.Random(7)
    refused = 0
    for _ in range(400):
        try:
            loaded = Game.load(json.dumps(_mutate(data, rng)))
        except SaveError as exc:
            assert str(exc).strip() and "\n" not in str(exc)
            refused += 1
            continue
        loaded.legal_actions()
    assert refused > 200, "most changes break the save"


# --- what a player sees ------------------------------------------------------------------------


def _deck_orders(game: Game) -> list[list[str]]:
    return json.loads(game.state_json())["decks"]


def test_observation_hides_the_deck_order() -> None:
    game = mid_game()
    decks = _deck_orders(game)
    for seat in (0, 1):
        seen = game.observation(seat)
        for deck, hidden in zip(decks, seen["decks"], strict=True):
            assert hidden == sorted(hidden), "the observed deck is sorted, not in order"
            assert sorted(deck) == hidden, "the observed deck holds the deck's tiles"
        assert seen["deck_sizes"] == [len(deck) for deck in decks]
    assert any(deck != sorted(deck) for deck in decks), "the real decks are shuffled"


def test_view_and_state_json_are_complete() -> None:
    game = mid_game()
    decks = _deck_orders(game)
    view = game.view()
    assert view["decks"] == decks, "the view shows the decks in order"
    state = json.loads(game.state_json())
    for key in ("hands", "discards", "hq_hp", "to_move", "stage", "turn"):
        assert view[key] == state[key], key
    # The view adds each unit's controller, which follows from the board and so is not in
    # the saved state (D-13); without a takeover source every unit is its owner's.
    assert [{k: v for k, v in u.items() if k != "controller"} for u in view["units"]] == state[
        "units"
    ]
    assert all(u["controller"] == u["seat"] for u in view["units"])
    assert all("controller" not in u for u in state["units"])
    assert view["current_player"] == game.current_player()
    for seat in (0, 1):
        seen = game.observation(seat)
        assert {k: v for k, v in seen.items() if k != "decks"} == {
            k: v for k, v in view.items() if k != "decks"
        }, "the observation hides nothing but the deck order"


def test_resample_hidden_changes_the_order_not_the_observation() -> None:
    game = mid_game()
    observed = [game.observation(seat) for seat in (0, 1)]
    orders = {json.dumps(_deck_orders(game))}
    for seed in range(5):
        other = game.clone()
        other.resample_hidden(seed)
        assert [other.observation(seat) for seat in (0, 1)] == observed
        assert other.legal_actions() == game.legal_actions()
        assert [sorted(d) for d in _deck_orders(other)] == [sorted(d) for d in _deck_orders(game)]
        orders.add(json.dumps(_deck_orders(other)))
    assert len(orders) > 1, "resampling changes the hidden order"


# --- bots and the arena ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_choose_legal_actions(name: str) -> None:
    bot = Bot(name, seed=3)
    assert bot.name == name
    game = Game(["moloch", "outpost"], seed=3)
    for _ in range(200):
        if game.is_terminal():
            break
        if game.current_player() == CHANCE:
            with pytest.raises(EngineError):
                bot.choose(game)
            game.apply_action(game.natural_draw())  # type: ignore[arg-type]
            continue
        before = game.clone()
        action = bot.choose(game)
        assert game == before, "choosing does not change the game"
        assert action in game.legal_actions()
        game.apply_action(action)


def test_every_bot_name_is_known() -> None:
    assert BOT_NAMES == ["random", "greedy", "flatmc", "easy", "medium", "hard"]
    for name in BOT_NAMES:
        assert Bot(name, 1).name == name
    with pytest.raises(ValueError, match="bad setting"):
        Bot("hard:colour=2")


def _main_decision() -> Game:
    """A game at its first main decision with several tiles to place."""
    game = Game(["moloch", "outpost"], seed=3)
    while not (game.current_player() >= 0 and len(game.legal_actions()) > 20):
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())  # type: ignore[arg-type]
        else:
            game.apply_action(game.legal_actions()[0])
    return game


def test_search_bot_answers_legally_and_reports_progress() -> None:
    game = _main_decision()
    bot = Bot("medium:iters=300", 4)
    assert bot.progress() == {"thinking": False, "iterations": 0, "best": None}
    action = bot.choose(game)
    assert action in game.legal_actions()
    progress = bot.progress()
    assert progress == {"thinking": False, "iterations": 300, "best": action}
    assert Bot("medium:iters=300", 4).choose(game) == action, "seeded: the same answer"


def test_a_search_can_be_cancelled_from_another_thread() -> None:
    """The UI thread cancels a search that would otherwise run for a long time."""
    game = _main_decision()
    bot = Bot("hard:iters=100000000,turn_ms=0", 1)
    answer: list[int] = []
    worker = threading.Thread(target=lambda: answer.append(bot.choose(game)))
    worker.start()
    deadline = time.monotonic() + 30
    while bot.progress()["iterations"] < 1000 and time.monotonic() < deadline:
        time.sleep(0.005)  # the GIL is free while the search runs
    assert bot.progress()["thinking"] is True
    bot.cancel()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert answer[0] in game.legal_actions()
    assert bot.progress()["thinking"] is False


def test_an_unknown_bot() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        Bot("deep_blue")


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt((p * (1 - p) + z * z / (4 * n)) / n) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def test_arena_greedy_beats_random() -> None:
    result = arena("greedy", "random", 6, threads=2)
    assert set(result) == {
        "a",
        "b",
        "games",
        "wins_a",
        "wins_b",
        "draws",
        "win_rate_a",
        "wilson95",
    }
    assert (result["a"], result["b"], result["games"]) == ("greedy", "random", 6)
    assert result["wins_a"] + result["wins_b"] + result["draws"] == 6
    assert result["wins_a"] > 3, result
    rate = result["win_rate_a"]
    assert rate == pytest.approx((result["wins_a"] + result["draws"] / 2) / 6)
    low, high = result["wilson95"]
    assert 0 <= low <= rate <= high <= 1
    assert (low, high) == pytest.approx(wilson(result["wins_a"] + result["draws"] / 2, 6))


def test_arena_does_not_depend_on_the_threads() -> None:
    assert arena("random", "greedy", 4, ("moloch", "borgo"), seed=3, threads=1) == arena(
        "random", "greedy", 4, ("moloch", "borgo"), seed=3, threads=3
    )


def test_arena_refuses_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        arena("greedy", "nobody", 2)
    with pytest.raises(ValueError, match="unknown army"):
        arena("greedy", "random", 2, ("borgo", "atlantis"))


# --- every legal action is legal (slow) --------------------------------------------------------


@pytest.mark.slow
def test_every_legal_action_applies_in_200_random_games() -> None:
    """At every state of 200 random games, each legal action applies (on a clone)."""
    rng = random.Random(2026)
    states = 0
    for i in range(200):
        game = Game(PAIRINGS[i % len(PAIRINGS)], seed=i)
        while not game.is_terminal():
            legal = game.legal_actions()
            assert legal, f"game {i}: no legal action at {game!r}"
            for action in legal:
                trial = game.clone()
                try:
                    trial.apply_action(action)
                except IllegalActionError as exc:
                    text = game.action_to_string(action)
                    pytest.fail(f"game {i}: legal action {text!r} was refused: {exc}")
            states += 1
            assert states < 200 * MAX_ACTIONS
            if game.current_player() == CHANCE:
                game.apply_action(game.natural_draw())  # type: ignore[arg-type]
            else:
                game.apply_action(rng.choice(legal))
    assert states > 200 * 20


INSTANTS_POSITION = (FIXTURES / "instants_position.toml").read_text(encoding="utf-8")


def _instants_game() -> Game:
    """Seat 0 in its turn with Move and Battle in hand (it drew Claws and discards it)."""
    game = Game.from_scenario(INSTANTS_POSITION, "instants.toml")
    game.apply_line("discard borgo.claws")
    return game


def test_describe_action_names_the_instant_tile_played() -> None:
    game = _instants_game()
    by_kind: dict[str, dict[str, Any]] = {}
    for action in game.legal_actions():
        described = game.describe_action(action)
        by_kind.setdefault(described["kind"], described)
    assert by_kind["move"]["tile"] == "borgo.move"
    assert by_kind["battle"]["tile"] == "borgo.battle"
    assert "tile" not in by_kind["end"]


def test_last_battle_gives_the_hit_points_before_it() -> None:
    game = _instants_game()
    game.apply_line("play battle")
    battle = game.last_battle()
    assert battle is not None
    assert battle["hq_hp_before"] == [15, 12]
