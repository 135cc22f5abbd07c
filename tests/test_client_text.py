"""Every text fits: each screen drawn at the smallest and the largest window size, with the
widgets noting any text that leaves the screen, crosses the edge of its box, or is cut short.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import (  # noqa: F401
    data_dir_fixture,
    drawn_texts,
    greedy_position,
    move,
    overflow_notes,
    recording_texts,
)

from nshex_pygame.client import storage, widgets
from nshex_pygame.client.app import App
from nshex_pygame.client.shots import greedy_until
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import Game

SIZES = [min(storage.WINDOW_SIZES), max(storage.WINDOW_SIZES)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[App]:
    app = App(settings=Settings(window_size=list(request.param), animation_speed=8.0), strict=True)
    yield app
    for scene in reversed(app.stack.scenes):
        scene.on_exit()


def _check(app: App, what: str, problems: list[str]) -> None:
    problems += [f"{what}: {note}" for note in overflow_notes(app)]


def _game(seed: int, actions: int, armies=("borgo", "moloch")) -> Game:
    return greedy_until(
        list(armies),
        seed,
        lambda game, done: done >= actions and game.view()["stage"]["kind"] == "main",
    )


def _game_ending(seed: int = 3) -> Game:
    """A game in its last round (a deck is empty), a human seat to move."""

    def last_round(game: Game, _done: int) -> bool:
        view = game.view()
        ending = (view.get("ending") or {}).get("kind")
        return ending == "last_round" and view["stage"]["kind"] == "main"

    game = greedy_until(["hegemony", "outpost"], seed, last_round)
    if game.is_terminal():
        raise AssertionError("no last round")
    return game


def test_the_menus_fit(sized_app: App) -> None:
    app = sized_app
    problems: list[str] = []
    for name in ("menu", "setup", "settings", "load", "gallery"):
        app.stack.clear_to(app.make(name))
        app.step(0.1, draw=False)
        _check(app, name, problems)
    gallery = app.stack.top
    for pos in [(110 + 132 * i, 140 + 120 * j) for i in range(8) for j in range(5)]:
        move(app, pos)
        _check(app, f"gallery hover {pos}", problems)
    rules = app.stack.clear_to(app.make("rules"))
    for page in range(rules.pages):
        rules.page = page
        _check(app, f"rules page {page}", problems)
    app.stack.clear_to(app.make("error", "RuntimeError: " + "a long message " * 12))
    _check(app, "error", problems)
    assert gallery is not None
    assert not problems, "\n".join(problems)


def _seats(game: Game, who=("human", "human")) -> list[SeatSetup]:
    return [SeatSetup(a, p) for a, p in zip(game.view()["armies"], who, strict=True)]


def test_the_game_screens_fit(sized_app: App) -> None:
    app = sized_app
    problems: list[str] = []
    game = _game(4, 30)
    scene = app.make("game", game, _seats(game))
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    _check(app, "game", problems)
    mover = scene.mover
    for index in range(len(scene.hand(mover))):
        scene.input.click_hand(mover, index)
        _check(app, f"game, tile {index} selected", problems)
        center = scene.hand_rects(mover)[index][1]
        move(app, center)
        _check(app, f"game, hand tile {index} hovered", problems)
        scene.input.undo()
    for unit in game.view()["units"]:
        move(app, scene.board.pixel((unit["at"][0], unit["at"][1])))
        _check(app, f"game, {unit['tile']} hovered", problems)
    for seat in range(2):
        panel = scene.hand_rects(seat)[0][0]
        move(app, (panel.centerx, panel.top - 120))  # the deck and the discard pile
        _check(app, f"game, seat {seat} deck hovered", problems)
    scene.open_menu()
    _check(app, "pause", problems)

    ending = _game_ending()
    scene = app.make("game", ending, _seats(ending))
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    _check(app, "game, last round", problems)

    bots = _game(7, 40, ("hegemony", "outpost"))
    scene = app.make("game", bots, _seats(bots, ("greedy", "greedy")))
    app.stack.clear_to(scene)
    battle: Any = None
    for _ in range(4000):
        scene.wait_for_ai()
        app.step(0.05, draw=False)
        if app.stack.top is not scene and app.stack.top.scene_name == "battle":
            battle = app.stack.top
            break
        if app.stack.top is not scene:
            _check(app, app.stack.top.scene_name, problems)
            break
    assert battle is not None, "a battle came"
    while not battle.model.playback.done:
        battle.model.elapsed = battle.model.duration(battle.model.playback.current) / 2
        _check(app, f"battle step {battle.model.playback.current.kind}", problems)
        battle.model.playback.advance()
    battle.finish()
    _check(app, "battle finished", problems)
    still = [b.label for b in battle.input.buttons[1:] if b.enabled]
    assert not still, f"after the battle only Continue looks active, not {still}"
    battle.close()
    for _ in range(20000):
        scene.wait_for_ai()
        app.step(0.2, draw=False)
        top = app.stack.top
        if top is not scene and top.scene_name == "battle":
            top.skip()
        if top is not None and top.scene_name == "gameover":
            break
    assert app.stack.top.scene_name == "gameover"
    _check(app, "game over", problems)
    words = " ".join(drawn_texts(app))
    assert "Last round" not in words and "turn left" not in words, "the game is over"
    app.stack.top.toggle()
    _check(app, "game over, the board", problems)
    assert not problems, "\n".join(problems)


def test_a_battle_question_fits(sized_app: App) -> None:
    from nshex_pygame.client.shots import question_game

    app = sized_app
    problems: list[str] = []
    for kind in ("medic", "clown", "convert"):
        asked = question_game(kind)
        if asked is None:
            continue
        game, action = asked
        scene = app.make("game", game, _seats(game))
        app.stack.clear_to(scene)
        assert scene.apply(action)
        battle = app.stack.top
        for _ in range(400):
            if battle.model.ready:
                break
            app.step(0.1, draw=False)
        _check(app, f"{kind} question", problems)
    assert not problems, "\n".join(problems)


def test_the_watch_sees_text_that_does_not_fit() -> None:
    surface = pygame.Surface((200, 100))
    notes = widgets.watch_overflow()
    try:
        widgets.begin_frame()
        widgets.panel(surface, pygame.Rect(0, 0, 100, 50))
        widgets.draw_text(surface, "far too long a line for this box", (4, 4), 16)
        widgets.draw_text(surface, "off the screen", (190, 90), 16)
        widgets.draw_paragraph(surface, "many words " * 30, pygame.Rect(0, 60, 200, 20), 14)
    finally:
        widgets.stop_watching()
    assert len(notes) == 3, notes


def test_counts_of_one_are_singular(sized_app: App) -> None:
    app = sized_app
    game = _game(4, 30)
    scene = app.make("game", game, _seats(game))
    app.stack.clear_to(scene)
    with recording_texts() as drawn:
        scene.seat_panels._draw_stack(
            pygame.Surface((1280, 800)),
            pygame.Rect(0, 0, 130, 150),
            "Discards",
            "1",
            "borgo.mutant",
            1,
        )
    assert "1 tile" in drawn and "1 tiles" not in drawn


def test_the_puzzle_screens_fit(sized_app: App) -> None:
    """The list with progress marks and a problem, and a puzzle: in play with the hint, the
    solution shown and waiting for its battle, the result lost and won; the daily puzzle's
    longest names."""
    import datetime

    from nshex_pygame.client import puzzles

    app = sized_app
    problems: list[str] = []
    longest = datetime.date(2025, 9, 24)  # a Wednesday in September
    for n, entry in enumerate(puzzles.shipped()):
        if n % 3:
            storage.record_puzzle_attempt(entry.key, won=n % 2 == 0)
    listing = app.stack.clear_to(app.make("puzzles", today=longest))
    listing.problem = "puzzles.json: line 1: Expecting value; " * 3
    _check(app, "puzzle list", problems)
    for entry in (puzzles.shipped()[-1], puzzles.daily_entry(longest)):
        scene = app.open("puzzle", entry)
        scene.record = storage.PuzzleRecord(attempts=5)
        scene.show_hint()
        _check(app, f"{entry.key} hint", problems)
        scene.show_solution()
        scene.problem = "The puzzle progress could not be saved: [Errno 28] No space left on device"
        _check(app, f"{entry.key} solution", problems)
        scene.commit()
        app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")])
        _check(app, f"{entry.key} won", problems)
        scene.shown, scene.result = False, {"won": False, "shortfall": 17}
        scene.record = storage.PuzzleRecord(attempts=1)
        _check(app, f"{entry.key} lost", problems)
        app.stack.pop(scene)
    assert not problems, "\n".join(problems)


def _duel(stop) -> Game:
    """A Duel-board game of Smart against Vegas (greedy) where ``stop`` holds."""
    return greedy_position(stop, ["smart", "vegas"], "duel", seeds=30, limit=400)


def test_the_duel_screens_fit(sized_app: App) -> None:
    """The Duel's panels (energy, Terror), its buttons (exchange, buy, the procedures with
    their hover boxes), a takeover rotation's prompt and a taken-over unit's hover box."""
    app = sized_app
    problems: list[str] = []

    def exchange(g: Game) -> bool:
        return g.view()["exchange_open"] and g.view()["stage"]["kind"] == "main"

    def rotation(g: Game) -> bool:
        view = g.view()
        return bool(view["rotations"]) and view["to_move"] != g.current_player()

    def terror(g: Game) -> bool:
        return bool(g.view()["terror"]) and g.view()["stage"]["kind"] == "main"

    for name, stop in (("exchange", exchange), ("rotation", rotation), ("terror", terror)):
        game = _duel(stop)
        scene = app.make("game", game, _seats(game))
        app.stack.clear_to(scene)
        app.step(0.0, draw=False)
        _check(app, f"duel, {name}", problems)
        if scene.hand(scene.mover):
            scene.input.click_hand(scene.mover, 0)
            _check(app, f"duel, {name}, a tile selected", problems)
        for button in [*scene.buttons, *scene.shown_procedures()]:
            move(app, button.rect.center)
            _check(app, f"duel, {name}, {button.label} hovered", problems)
        for unit in game.view()["units"]:
            move(app, scene.board.pixel((unit["at"][0], unit["at"][1])))
            _check(app, f"duel, {name}, {unit['tile']} hovered", problems)
    assert not problems, "\n".join(problems)


def test_a_long_headline_wraps_and_never_shrinks_below_16_px(monkeypatch) -> None:
    """The line over the board (a long battle caption) takes two lines of 16 px rather than
    shrinking to 8 px and spilling over the side panels; the rest ends in an ellipsis."""
    from nshex_pygame.client.resources import font

    pygame.init()
    surface = pygame.Surface((1280, 800))
    words = "Battle, initiative 3: " + " ".join(["the Moloch Hunter-Killer attacks"] * 6)
    drawn: list[tuple[str, int]] = []
    real = widgets.draw_text

    def record(surface, text, pos, size, *args, **kwargs):
        drawn.append((text, size))
        return real(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(widgets, "draw_text", record)
    widgets.draw_headline(surface, words, 630)
    assert len(drawn) == 2 and all(size == 16 for _t, size in drawn), drawn
    assert all(font(16, True).size(t)[0] <= 630 for t, _s in drawn)
    assert drawn[1][0].endswith("\u2026")
    drawn.clear()
    widgets.draw_headline(surface, "Battle, initiative 3", 630)
    assert drawn == [("Battle, initiative 3", 19)]
