"""Rewards (issue 40, item 20): the game-over screen celebrates a win and says a loss gently,
the Hex Puzzles list shows the daily puzzle's result and the daily streak, and achievements
are earned from the engine's results, kept in ``achievements.json`` with their dates, shown as
toasts and on their own screen.

The daily streak counts days in a row on which the daily puzzle was solved (today not solved
yet leaves the days before standing)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pygame
from client_support import (  # noqa: F401
    app_fixture,
    data_dir_fixture,
    drawn_texts,
    key,
    open_from_menu,
    overflow_notes,
)
from test_client_puzzles import _battle, _open, _play
from test_client_replay import finished_game

from nshex_pygame.client import achievements, puzzles, rewards, storage
from nshex_pygame.client.achievements import GameResult, earned_by_game, earned_by_puzzles
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game

DAY = datetime.date(2026, 11, 20)


def _earned(data_dir: Path) -> dict[str, Any]:
    return json.loads((data_dir / "achievements.json").read_text(encoding="utf-8"))["earned"]


def _over(app: Any, game: Game, human: int, level: str = "medium") -> Any:
    armies = game.view()["armies"]
    people = [SeatSetup(a, "human" if i == human else level) for i, a in enumerate(armies)]
    app.stack.clear_to(app.make("game", game, people))
    app.step(0.1)
    over = app.stack.top
    assert over.scene_name == "gameover"
    return over


# --- what a game earns -------------------------------------------------------------------------


def test_a_win_earns_the_level_and_the_army_a_loss_nothing() -> None:
    win = GameResult(True, ("vegas",), frozenset({"hard"}), 2, units_lost=3)
    assert earned_by_game(win) == ["first_win", "win_hard", "army_vegas"]
    flawless = GameResult(True, ("moloch",), frozenset({"easy", "medium"}), 4, units_lost=0)
    assert earned_by_game(flawless) == [
        "first_win",
        "win_easy",
        "win_medium",
        "army_moloch",
        "flawless",
        "crowd",
    ]
    assert earned_by_game(GameResult(False, ("vegas",), frozenset({"easy"}), 2)) == []
    # a training bot is no computer level: nothing to earn against it
    assert earned_by_game(GameResult(True, ("vegas",), frozenset({"random"}), 2)) == []
    assert {f"army_{a}" for a in achievements.armies()} <= set(achievements.by_key())


def test_a_win_against_the_computer_is_celebrated_and_earns(app: Any, data_dir: Path) -> None:
    game = finished_game()
    winner = game.winner
    assert isinstance(winner, int)
    over = _over(app, game, winner, "hard:iters=50")
    assert over.mood() == "win" and over.headline() == "You won"
    army = game.view()["armies"][winner]
    keys = [a.key for a in over.earned]
    assert keys[:3] == ["first_win", "win_hard", f"army_{army}"], keys
    assert set(_earned(data_dir)) == set(keys)
    assert over.toasts.busy() and over.busy()
    cards = dict(over.key_numbers())
    assert cards["turns"] == game.view()["turn"]
    assert cards["hit points your HQ kept"] == game.view()["hq_hp"][winner]
    words = drawn_texts(app)
    assert "You won" not in words, "the ribbon shows the words once it has opened"
    assert not overflow_notes(app)
    for _ in range(60):  # the ribbon opens, the numbers count up, the toasts pass one by one
        app.step(0.25)
    assert "You won" in drawn_texts(app) and str(cards["turns"]) in drawn_texts(app)
    assert not over.busy(), "still once the celebration is over: the app may sleep"
    first = _earned(data_dir)["first_win"]["at"]
    again = _over(app, game, winner, "hard")
    assert again.earned == [] and not again.toasts.busy(), "earned once"
    assert _earned(data_dir)["first_win"]["at"] == first, "the first date stays"


def test_a_loss_is_said_gently_with_a_rematch(app: Any, data_dir: Path) -> None:
    game = finished_game()
    over = _over(app, game, 1 - game.winner)
    assert over.mood() == "loss" and over.earned == []
    assert not (data_dir / "achievements.json").exists()
    words = drawn_texts(app)
    comfort = over.comfort()
    assert comfort in words and "Rematch (Enter)" in comfort
    assert [label for label, _v in over.key_numbers()][-1] == "damage to the enemy HQ"
    assert not overflow_notes(app)
    key(app, pygame.K_RETURN)
    assert app.stack.top.scene_name == "game", "Enter is the rematch"


def test_hot_seat_earns_nothing(app: Any, data_dir: Path) -> None:
    game = finished_game()
    people = [SeatSetup(a, "human") for a in game.view()["armies"]]
    app.stack.clear_to(app.make("game", game, people))
    app.step(0.1)
    over = app.stack.top
    assert over.game_result() is None and over.earned == [] and over.mood() == "plain"


def test_the_burst_is_the_seeded_generator_s() -> None:
    import random

    assert rewards.sparks(random.Random(4)) == rewards.sparks(random.Random(4))
    assert rewards.sparks(random.Random(4)) != rewards.sparks(random.Random(5))
    assert rewards.counted(9, 0.0) == 0 and rewards.counted(9, rewards.COUNT_TIME) == 9
    assert rewards.spring(0) == 0 and rewards.spring(1) == 1 and rewards.spring(0.7) > 1


# --- puzzles -------------------------------------------------------------------------------------


def _daily(*days_ago: int) -> set[str]:
    return {f"daily-{(DAY - datetime.timedelta(days=d)).isoformat()}" for d in days_ago}


def test_the_daily_streak_counts_days_in_a_row() -> None:
    assert puzzles.daily_streak(_daily(0, 1, 2), DAY) == 3
    assert puzzles.daily_streak(_daily(1, 2), DAY) == 2, "today not solved yet: it stands"
    assert puzzles.daily_streak(_daily(0, 2, 3), DAY) == 1, "a day missed ends it"
    assert puzzles.daily_streak(_daily(2, 3), DAY) == 0
    assert puzzles.daily_streak({"easy-001", "daily-junk"}, DAY) == 0
    assert puzzles.best_daily_streak(_daily(0, 2, 3, 4, 9)) == 3
    assert puzzles.streak_words(0, 0) == ""
    assert puzzles.streak_words(2, 5) == "Daily streak: 2 days in a row (best 5 days)"


def test_the_puzzles_earn_their_achievements() -> None:
    shipped = [("easy-001", "easy"), ("easy-002", "easy"), ("hard-001", "hard")]
    assert earned_by_puzzles(set(), shipped, 0) == []
    assert earned_by_puzzles({"easy-001"}, shipped, 0) == ["first_puzzle"]
    both = earned_by_puzzles({"easy-001", "easy-002", *_daily(0)}, shipped, 7)
    assert both == ["first_puzzle", "puzzles_easy", "daily", "daily_streak_3", "daily_streak_7"]


def test_the_list_shows_the_daily_result_and_the_streak(app: Any, data_dir: Path) -> None:
    today = datetime.date.today()
    records = {f"daily-{(today - datetime.timedelta(days=d)).isoformat()}": 1 for d in (1, 2)}
    progress = {key: storage.PuzzleRecord(True, n) for key, n in records.items()}
    progress[f"daily-{today.isoformat()}"] = storage.PuzzleRecord(False, 2)
    storage.save_puzzle_progress(progress)
    listing = open_from_menu(app, "Hex puzzles")
    words = drawn_texts(app)
    assert "Not solved yet: 2 tries" in words
    assert "Daily streak: 2 days in a row (best 2 days)" in words
    assert not overflow_notes(app)
    progress[f"daily-{today.isoformat()}"] = storage.PuzzleRecord(True, 3)
    storage.save_puzzle_progress(progress)
    listing.on_resume()
    words = drawn_texts(app)
    assert "Solved today in 3 tries" in words
    assert "Daily streak: 3 days in a row (best 3 days)" in words


def test_a_solved_puzzle_shows_its_achievement(app: Any, data_dir: Path) -> None:
    scene = _open(app, "easy-001")
    _play(app, scene, scene.puzzle.solve()["solutions"][0])
    _battle(app, scene)
    assert scene.result["won"]
    assert "first_puzzle" in _earned(data_dir)
    assert scene.toasts.busy() and scene.busy()
    assert not overflow_notes(app)
    for _ in range(20):
        app.step(0.25)
    assert not scene.toasts.busy()


# --- the file and the screen -----------------------------------------------------------------


def test_earned_achievements_are_never_lost(data_dir: Path) -> None:
    new, problem = achievements.award(["first_win", "win_easy"], now=1_700_000_000)
    assert [a.key for a in new] == ["first_win", "win_easy"] and problem is None
    path = data_dir / "achievements.json"
    data = json.loads(path.read_text())
    data["earned"]["a_later_version_s"] = {"at": 1_700_000_500}  # a name this version lacks
    path.write_text(json.dumps(data))
    new, problem = achievements.award(["win_easy", "army_vegas", "no_such"], now=1_800_000_000)
    assert [a.key for a in new] == ["army_vegas"] and problem is None
    earned = _earned(data_dir)
    assert earned["first_win"] == {"at": 1_700_000_000} and earned["win_easy"]["at"] < 1.8e9
    assert earned["a_later_version_s"] == {"at": 1_700_000_500}, "kept as it was"
    assert not list(data_dir.glob(".*.tmp")), "written atomically, nothing left over"


def test_the_screen_lights_the_earned_ones_with_their_date(app: Any, data_dir: Path) -> None:
    achievements.award(["win_medium", "puzzles_hard"], now=1_700_000_000)
    scene = open_from_menu(app, "Achievements")
    assert scene.scene_name == "achievements"
    words = drawn_texts(app)
    every = achievements.catalogue()
    assert f"2 of {len(every)} earned. Win against the computer, solve puzzles, learn." in words
    for achievement in every:
        assert achievement.title in words and achievement.how in words
    date = f"Earned {achievements.when_earned(1_700_000_000)}"
    assert words.count(date) == 2 and words.count("Not yet") == len(every) - 2
    assert "Earned 14 November 2023" in words or "Earned 15 November 2023" in words
    assert not overflow_notes(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.scene_name == "menu"


def test_with_the_animations_off_the_screen_is_still_at_once(app: Any, data_dir: Path) -> None:
    app.settings.juice = False
    game = finished_game()
    over = _over(app, game, game.winner)
    assert over.mood() == "win" and over.clock >= rewards.SETTLE
    assert "You won" in drawn_texts(app), "the ribbon open, no spring"
    turns = str(game.view()["turn"])
    assert turns in drawn_texts(app), "the numbers at their values, no counting"
    over.toasts.items.clear()
    assert not over.busy()


def test_the_daily_puzzle_solved_says_the_streak(app: Any, data_dir: Path) -> None:
    today = datetime.date.today()
    yesterday = f"daily-{(today - datetime.timedelta(days=1)).isoformat()}"
    storage.save_puzzle_progress({yesterday: storage.PuzzleRecord(True, 1)})
    app.stack.clear_to(app.make("menu"))
    scene = app.make("puzzle", puzzles.daily_entry(today), following=puzzles.shipped())
    app.stack.push(scene)
    app.step(0.0)
    _play(app, scene, scene.puzzle.solve()["solutions"][0])
    _battle(app, scene)
    assert scene.result["won"] and scene.streak == 2
    assert "Daily streak: 2 days in a row." in " ".join(drawn_texts(app))
    assert {"daily", "first_puzzle"} <= set(_earned(data_dir))
