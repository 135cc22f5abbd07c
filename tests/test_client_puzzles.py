"""Hex Puzzles in the client: the list from the main menu, a puzzle played through the game
screen's clicks, the battle after it, the hint, the solution, the progress and the daily
puzzle."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pygame
from client_support import (  # noqa: F401
    app_fixture,
    click_button,
    data_dir_fixture,
    drawn_texts,
    hover_boxes,
    key,
    open_from_menu,
    play_by_clicks,
    recording,
)

from nshex_pygame.client import puzzles, storage
from nshex_pygame.client.puzzles import SOLUTION_AFTER
from nshex_pygame.client.words import tile_name
from nshex_pygame.core import Puzzle


def _list(app: Any) -> Any:
    scene = open_from_menu(app, "Hex puzzles")
    assert scene.scene_name == "puzzles"
    return scene


def _open(app: Any, key_name: str) -> Any:
    """The puzzle ``key_name`` (``easy-001``) opened from the list by its button."""
    listing = _list(app)
    button = next(b for b, e in listing.rows if e.key == key_name)
    click_button(app, listing, button.label)
    scene = app.stack.top
    assert scene.scene_name == "puzzle" and scene.entry.key == key_name
    app.step(0.0)
    return scene


def _play(app: Any, scene: Any, lines: list[str]) -> None:
    for line in lines:
        inner = scene.inner
        play_by_clicks(app, inner, inner.game.string_to_action(line))
        assert inner.game.history()[-1] == line, inner.message


def _battle(app: Any, scene: Any) -> None:
    """Start the battle (Enter), watch it to its end (S skips), back at the puzzle."""
    assert scene.state == "commit"
    key(app, pygame.K_RETURN)
    assert app.stack.top.scene_name == "battle"
    key(app, pygame.K_s)
    assert app.stack.top is scene and scene.state == "result"


def _wrong_lines(puzzle: Puzzle) -> list[str]:
    """Plays the puzzle takes that lose: the first tile plays whose battle misses the goal."""
    game = puzzle.game()
    lines: list[str] = []
    while not puzzle.outcome(game)["done"]:
        for action in game.legal_actions():
            if game.describe_action(action)["kind"] != "place":
                continue
            trial = game.clone()
            trial.apply_action(action)
            outcome = puzzle.outcome(trial)
            if not outcome["done"] or not outcome["won"]:
                lines.append(game.action_to_string(action))
                game.apply_action(action)
                break
    return lines


def _progress(data_dir: Path) -> dict[str, Any]:
    return json.loads((data_dir / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]


def test_the_menu_lists_the_60_puzzles_by_difficulty(app: Any) -> None:
    listing = _list(app)
    assert len(listing.rows) == 60
    assert {d: len(g) for d, g in listing.groups.items()} == dict.fromkeys(puzzles.DIFFICULTIES, 15)
    # four columns, easiest on the left, each a difficulty's puzzles in order
    for button, entry in listing.rows:
        column = puzzles.DIFFICULTIES.index(entry.difficulty)
        assert 20 + column * 310 <= button.rect.left < 20 + (column + 1) * 310
    assert [e.key for _b, e in listing.rows][:2] == ["easy-001", "easy-002"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.scene_name == "menu"


def test_the_solution_played_through_the_scene_wins_and_is_recorded(app, data_dir) -> None:
    scene = _open(app, "medium-001")
    inner = scene.inner
    assert scene.puzzle.play == 2 and inner.hand(scene.seat) == list(scene.puzzle.offer)
    # only tile plays are offered: no ending the turn, discarding, Mobility or Transport
    kinds = {d["kind"] for _a, d in inner.legal}
    assert kinds <= puzzles.PLAYS and kinds
    assert not inner.buttons or all("End turn" not in b.label for b in inner.buttons)
    lines = scene.puzzle.solve()["solutions"][0]
    _play(app, scene, lines[:1])
    assert scene.state == "play" and scene.outcome["plays"] == 1
    _play(app, scene, lines[1:])
    assert scene.state == "commit" and not inner.legal  # no more plays: the battle waits
    _battle(app, scene)
    assert scene.result["won"] is True and scene.result["shortfall"] == 0
    assert scene.record == storage.PuzzleRecord(solved=True, attempts=1)
    assert _progress(data_dir)["medium-001"] == {"solved": True, "attempts": 1}
    assert min(scene.inner.view["hq_hp"]) == 0, "the board behind the result is after the battle"
    click_button(app, type("S", (), {"buttons": scene.modal_buttons}), "Puzzle list")
    listing = app.stack.top
    assert listing.scene_name == "puzzles"
    assert listing.records["medium-001"].solved


def test_a_wrong_play_loses_and_counts_an_attempt(app, data_dir) -> None:
    scene = _open(app, "easy-001")
    _play(app, scene, _wrong_lines(scene.puzzle))
    _battle(app, scene)
    assert scene.result["won"] is False and scene.result["shortfall"] > 0
    assert _progress(data_dir)["easy-001"] == {"solved": False, "attempts": 1}
    with recording("draw_paragraph") as texts:
        app.draw()
    assert any("The enemy HQ held on with" in t for t in texts), texts
    key(app, pygame.K_RETURN)  # try again: the puzzle as given, the attempt still counted
    assert scene.state == "play" and scene.outcome["plays"] == 0
    assert scene.record.attempts == 1


def test_the_puzzle_screen_says_nothing_of_turns_decks_or_humans(app) -> None:
    """A puzzle is no game in progress: its empty decks must not read as "a deck is empty: no
    more Battle tiles", it has no turn count, and its enemy is not a human player."""
    scene = _open(app, "easy-001")
    texts = drawn_texts(app)
    assert not any(t.startswith("Turn ") for t in texts), texts
    assert not any("deck is empty" in t for t in texts), texts
    assert "You" in texts and "The puzzle's enemy" in texts
    assert "Human" not in texts
    assert scene.inner.turn_status is False


def test_undo_takes_a_play_back_before_the_battle(app) -> None:
    scene = _open(app, "medium-002")
    lines = scene.puzzle.solve()["solutions"][0]
    _play(app, scene, lines)
    assert scene.state == "commit"
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)])
    assert scene.state == "play" and scene.outcome["plays"] == 1
    assert scene.inner.legal


def test_the_hint_shows_the_first_step_of_the_solution(app) -> None:
    scene = _open(app, "hard-001")
    first = scene.puzzle.solve()["solutions"][0][0]
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?")])
    inner = scene.inner
    assert inner.hint is not None
    assert inner.game.action_to_string(inner.hint[0]) == first
    assert scene.note.startswith("Hint: Place ")
    assert inner.preview() is not None, "the hinted tile is shown on the board"
    # with a play made already, the hint starts the puzzle again
    _play(app, scene, _wrong_lines(scene.puzzle)[:1])
    click_button(app, type("S", (), {"buttons": scene.card_buttons()}), "Hint")
    assert scene.outcome["plays"] == 0
    assert scene.inner.game.action_to_string(scene.inner.hint[0]) == first


def test_the_solution_is_shown_after_three_attempts(app, data_dir) -> None:
    scene = _open(app, "easy-002")
    assert not scene.solution_button.enabled
    scene.show_solution()  # (refused, with the reason)
    assert scene.outcome["plays"] == 0 and "after 3 attempts" in scene.inner.message
    wrong = _wrong_lines(scene.puzzle)
    for attempt in range(1, SOLUTION_AFTER + 1):
        _play(app, scene, wrong)
        _battle(app, scene)
        assert scene.record.attempts == attempt
        assert scene.modal_buttons[1].enabled == (attempt >= SOLUTION_AFTER)
        key(app, pygame.K_RETURN)
    assert scene.solution_button.enabled
    click_button(app, type("S", (), {"buttons": scene.card_buttons()}), "Solution")
    lines = scene.puzzle.solve()["solutions"][0]
    assert scene.inner.game.history() == lines and scene.state == "commit"
    assert scene.note.startswith("The solution: 1. ")
    _battle(app, scene)
    assert scene.result["won"] is True
    # a shown solution is no attempt and does not solve the puzzle
    assert _progress(data_dir)["easy-002"] == {"solved": False, "attempts": SOLUTION_AFTER}


def test_the_daily_puzzle_follows_the_date(app) -> None:
    day = datetime.date(2025, 3, 14)  # a Friday
    other = day + datetime.timedelta(days=7)  # the same weekday: the same difficulty
    assert puzzles.daily_puzzle(day).to_toml() == puzzles.daily_puzzle(day).to_toml()
    assert puzzles.daily_puzzle(day).to_toml() != puzzles.daily_puzzle(other).to_toml()
    week = {puzzles.daily_difficulty(day + datetime.timedelta(days=n)) for n in range(7)}
    assert week == set(puzzles.DIFFICULTIES)
    listing = app.make("puzzles", today=day)
    app.stack.clear_to(listing)
    app.step(0.0)
    assert listing.daily.key == "daily-2025-03-14"
    assert listing.daily_button.label.startswith("Daily puzzle, Friday 14 March")
    click_button(app, listing, "Daily puzzle")
    scene = app.stack.top
    assert scene.scene_name == "puzzle" and scene.puzzle.to_toml() == (
        puzzles.daily_puzzle(day).to_toml()
    )


def test_a_corrupt_progress_file_is_reported_and_reset(app, data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "puzzles.json").write_text("{ not json", encoding="utf-8")
    listing = _list(app)
    assert listing.problem and listing.problem.startswith("puzzles.json could not be read")
    assert "line 1" in listing.problem
    assert "starts again" in listing.problem and listing.records == {}
    (aside,) = data_dir.glob("puzzles.json.bad-*")
    assert aside.name in listing.problem
    assert aside.read_text(encoding="utf-8") == "{ not json"
    app.step(0.0)  # drawn with the problem, no crash
    # the progress carries on in a good file
    record, problem = storage.record_puzzle_attempt("easy-003", won=True)
    assert problem is None and record == storage.PuzzleRecord(solved=True, attempts=1)
    assert _progress(data_dir) == {"easy-003": {"solved": True, "attempts": 1}}
    # a bad entry in a good file is left out and named; the others are kept
    good = json.loads((data_dir / "puzzles.json").read_text(encoding="utf-8"))
    good["puzzles"]["easy-004"] = {"solved": "yes", "attempts": -1}
    (data_dir / "puzzles.json").write_text(json.dumps(good), encoding="utf-8")
    records, problem = storage.load_puzzle_progress()
    assert set(records) == {"easy-003"} and problem and '"easy-004"' in problem
    assert problem.startswith("puzzles.json could not be read in full")
    assert _progress(data_dir) == {"easy-003": {"solved": True, "attempts": 1}}, "rewritten"
    (aside,) = (p for p in data_dir.glob("puzzles.json.bad-*") if "easy-004" in p.read_text())
    assert json.loads(aside.read_text()) == good, "the original is kept aside first"


def test_the_puzzles_tiles_have_hover_boxes(app) -> None:
    """Hex Puzzles are for reading tiles: a hand tile and a unit on the board have their hover
    boxes (the game inside the puzzle screen is not the top scene, the puzzle is)."""
    from client_support import hand_pos

    scene = _open(app, "easy-001")
    inner = scene.inner
    seat = scene.seat
    hand_tile = inner.hand(seat)[0]
    boxes = hover_boxes(app, hand_pos(inner, seat, 0))
    assert any(tile_name(hand_tile) in title for title in boxes), boxes
    at, unit = next(iter(inner.units.items()))
    boxes = hover_boxes(app, inner.board.pixel(at))
    assert any(tile_name(unit["tile"]) in title for title in boxes), boxes


def test_a_solved_puzzle_goes_on_to_the_next_with_enter(app, data_dir) -> None:
    """Solved: the result offers "Next puzzle (Enter)" first, and Enter opens the next one of
    the list in its place (Back still leads to the list); not solved, Enter tries again."""
    scene = _open(app, "medium-001")
    _play(app, scene, scene.puzzle.solve()["solutions"][0])
    _battle(app, scene)
    assert scene.result["won"]
    labels = [b.label for b in scene.result_buttons()]
    assert labels[0] == "Next puzzle (Enter)" and "Try again" in labels, labels
    assert "Next puzzle (Enter)" in drawn_texts(app)
    key(app, pygame.K_RETURN)
    following = app.stack.top
    assert following.scene_name == "puzzle" and following.entry.key == "medium-002"
    assert app.stack.scenes[-2].scene_name == "puzzles", "the list stays below"
    _play(app, following, _wrong_lines(following.puzzle))
    _battle(app, following)
    assert not following.result["won"]
    assert following.result_buttons()[0].label == "Try again (Enter)"
    key(app, pygame.K_RETURN)
    assert app.stack.top is following and following.state == "play"
