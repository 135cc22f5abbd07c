"""An idle screen costs nothing: the main loop draws only when something changed (an event,
an animation, a timer running out), and sleeps in ``pygame.event.wait`` otherwise."""

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
