"""An idle screen costs nothing: the main loop draws only when something changed (an event,
an animation, a timer running out), and sleeps otherwise (``idle_wait``)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from client_support import data_dir_fixture  # noqa: F401

from nshex_pygame.client.app import App
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, Bot, Game

SECONDS = 1.5


def _run_idle(app: App, scene, monkeypatch: pytest.MonkeyPatch) -> tuple[int, float]:
    """Run the real main loop on ``scene`` for SECONDS with no input: (frames drawn, the
    share of one core the process used)."""
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests' fonts live on
    pygame.time.set_timer(pygame.QUIT, int(SECONDS * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.run(scene)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return app.draws, cpu / wall


def _human_turn() -> Game:
    game = Game(["borgo", "moloch"], 4)
    bot = Bot("greedy", 4)
    for _ in range(40):
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())
        else:
            game.apply_action(bot.choose(game))
    while game.current_player() == CHANCE:
        game.apply_action(game.natural_draw())
    return game


def test_the_menu_idles(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(settings=Settings())
    draws, _cpu = _run_idle(app, app.make("menu"), monkeypatch)
    # the first frame, then the turning decoration once every two seconds
    assert draws <= 3, f"{draws} frames drawn in {SECONDS} s of an idle menu"


def test_an_idle_turn_idles(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(settings=Settings())
    game = _human_turn()
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    draws, _cpu = _run_idle(app, app.make("game", game, seats), monkeypatch)
    assert draws <= 3, f"{draws} frames drawn in {SECONDS} s of a human's idle turn"


# --- no frame lost: the frame that ends an animation is drawn (issue 40) ------------------------

FRAME = 1 / 60


def _frames_until_idle(app: App, limit: int = 3000) -> int:
    """Turn the main loop's crank (``App.frame``, what ``run`` does each time round) with no
    input until the top scene stops moving and one more frame has passed; the frames run."""
    for n in range(limit):
        app.frame(FRAME, [])
        if not app.busy():
            app.frame(FRAME, [])  # idle: nothing to draw (an idle frame draws nothing)
            return n
    raise AssertionError("the scene never came to rest")


def _shown(app: App) -> bytes:
    return pygame.image.tobytes(app.window, "RGB")


def _shows_the_scene_as_it_is(app: App) -> bool:
    """The window shows what the scenes draw now (nothing left from an earlier frame)."""
    before = _shown(app)
    app.draw()
    app.present()
    return _shown(app) == before


def test_the_draws_of_a_turn_end_on_the_screen(data_dir: Path) -> None:
    """A computer's turn ends, the human's tiles are drawn one by one: the window ends on the
    three tiles in hand, not on "Drawing tiles..." with two (the update that drew the third
    also made the scene idle, and the loop drew nothing after it)."""
    from client_support import drawn_texts

    app = App(settings=Settings())
    game, bot = Game(["borgo", "moloch"], 4), Bot("greedy", 4)
    while not (game.current_player() == CHANCE and game.view()["turn"] >= 3):
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    assert game.view()["to_move"] == 0, "the tiles about to be drawn are seat 0's"
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    scene = app.open("game", game, seats)
    app.frame(FRAME, [])
    assert "Drawing tiles..." in drawn_texts(app)
    _frames_until_idle(app)
    assert len(scene.hand(0)) == 3
    assert "Drawing tiles..." not in drawn_texts(app)
    assert _shows_the_scene_as_it_is(app), "the last draw's frame was never shown"


def test_a_phase_stepped_with_n_ends_on_the_paused_board(data_dir: Path) -> None:
    """N plays one phase and stops: the window ends on the paused board, the floating "HQ -1"
    gone and the panel saying Paused (not "Playing at 1x" and "Pause (Space)")."""
    from client_support import drawn_texts
    from conftest import EXAMPLES

    from nshex_pygame.client.board import BoardView
    from nshex_pygame.client.scenes.battle import BattleScene
    from nshex_pygame.core import Position

    path = next(p for p in EXAMPLES if "borgo_moloch" in p.name)
    position = Position.from_toml(path.read_text(encoding="utf-8"), path.name, test_tables=True)
    result = position.resolve_battle()
    assert any(e["kind"] == "hq_damage" for e in result.phases[0]["events"])
    app = App(settings=Settings())
    units, armies, hq = position.units, list(position.armies), list(position.hq_hp)
    scene = app.stack.push(BattleScene(app, BoardView(), armies, units, result.phases, hq))
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.frame(FRAME, [space])
    assert scene.model.paused
    n = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")
    app.frame(FRAME, [n])
    assert not scene.model.paused
    _frames_until_idle(app)
    assert scene.model.paused and not scene.model.finished
    texts = drawn_texts(app)
    assert "Paused" in texts and not any(t.startswith("Playing at") for t in texts)
    assert not any(t.startswith("HQ -") for t in texts)
    assert _shows_the_scene_as_it_is(app), "the frame that paused the battle was never shown"


def test_a_changed_window_is_drawn_until_it_settles(data_dir: Path) -> None:
    """A resize (or the window replaced by a setting or F11) keeps the loop drawing for a
    moment without input: the window system's late repaint leaves no stripes."""
    from nshex_pygame.client.app import SETTLE_SECONDS

    app = App(settings=Settings())
    app.stack.push(app.make("menu"))
    _frames_until_idle(app)
    assert not app.frame(FRAME, []), "an idle menu draws nothing"
    app.frame(FRAME, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700)])
    drawn = [app.frame(FRAME, []) for _ in range(int(SETTLE_SECONDS / FRAME) - 2)]
    assert all(drawn), "every frame while the window settles"
    for _ in range(5):
        app.frame(FRAME, [])
    assert not app.frame(FRAME, []), "then idle again"


def test_a_size_dragged_to_is_kept_and_the_settings_follow(data_dir: Path) -> None:
    """The window is resizable: a size the player drags it to is kept in the settings (saved
    once the window has settled, not at every step of the drag), and the Settings screen's
    "Window size" and "Fullscreen" rows follow a resize and F11 while it is open."""
    from client_support import drawn_texts

    from nshex_pygame.client import storage

    app = App(settings=Settings())
    assert app.window.get_flags() & pygame.RESIZABLE
    settings = app.make("settings")
    app.stack.push(settings)
    app.frame(FRAME, [])
    for width in (1000, 1010, 1020):  # a drag: several sizes in a row
        pygame.display.set_mode((width, 700), pygame.RESIZABLE)  # (what the window system did)
        event = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=700)
        app.frame(FRAME, [event])
        assert app.window.get_size() == (width, 700), "the canvas goes to the new size"
    assert app.settings.window_size == [1020, 700]
    assert not storage.settings_path().exists(), "not saved in the middle of a drag"
    _frames_until_idle(app)
    for _ in range(40):
        app.frame(FRAME, [])
    saved, problem = storage.load_settings()
    assert problem is None and saved is not None and saved.window_size == [1020, 700]
    assert "1020 x 700" in drawn_texts(app)
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")])
    assert app.settings.fullscreen
    app.frame(FRAME, [])
    row = settings.buttons[[label for label, _v, _a in settings.rows].index("Fullscreen")]
    assert row.label == "on", "the Fullscreen row follows F11"
