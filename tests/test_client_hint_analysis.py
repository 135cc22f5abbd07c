"""The game's hint shows what ``Bot.analyze`` said: the hinted move lit on the board, and in the
place of the game log the most searched moves in words (names and places, never notation),
the principal line's next moves, the reason, and (a setting, off by default) the mover's
winning chance as the search estimates it. The search runs on a thread; the window keeps
drawing meanwhile."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import (
    click,
    drawn_texts,
    key,
    overflow_notes,
)
from test_client_game import _main_stage

from nshex_pygame.client import storage
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.game import helpers as hint_helpers
from nshex_pygame.client.scenes.game.helpers import readable
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import Game

HUMANS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "human")]
LONG_REASON = (
    "improves the coming battle: in a battle now the enemy HQ loses 3, your HQ loses 2, 2 units"
    " of theirs destroyed, 4 units of yours destroyed (without this move: the enemy HQ loses 3,"
    " your HQ loses 4), and the units it puts down stand where the next battle is fought"
)


def _scene(app: App, game: Game) -> GameScene:
    scene = GameScene(app, game, list(HUMANS), seed=1)
    app.stack.push(scene)
    scene.banner = None  # (the hot-seat turn banner covers the board for a moment)
    app.step(0.0)
    return scene


def _hint(app: App, scene: GameScene) -> dict[str, Any]:
    key(app, pygame.K_SLASH)
    assert scene.hint_thinker is not None or scene.hint is not None
    if scene.hint_thinker is not None:
        scene.hint_thinker.wait(30)
    app.step(0.0)
    assert scene.hint is not None and scene.hint_analysis is not None
    return scene.hint_analysis


class FakeBot:
    """A bot whose analysis is given (its moves are the game's first legal actions), and that
    waits for ``release`` when one is given (to see the window draw while it thinks)."""

    name = "medium"

    def __init__(self, reason: str, value: float | None, release: Any = None) -> None:
        self.reason, self.value, self.release = reason, value, release

    def analyze(self, game: Game) -> dict[str, Any]:
        if self.release is not None:
            assert self.release.wait(30)
        actions = game.legal_actions()[:5]
        share = 1.0 / len(actions)
        moves = [
            {
                "action": a,
                "line": game.action_to_string(a),
                "visits": 10,
                "share": share,
                "value": self.value,
            }
            for a in actions
        ]
        return {
            "action": actions[0],
            "iterations": 50 if self.value is not None else 0,
            "moves": moves,
            "line": [game.action_to_string(actions[0]), "end"],
            "reason": self.reason,
        }

    def choose(self, game: Game) -> int:
        return int(self.analyze(game)["action"])


def _fake(monkeypatch: pytest.MonkeyPatch, bot: FakeBot) -> None:
    monkeypatch.setattr(hint_helpers, "make_bot", lambda _name, _seed: (bot, None))


def test_the_panel_shows_the_reason_and_the_top_moves_of_the_analysis(app) -> None:
    game = _main_stage()
    before = game.clone()
    scene = _scene(app, game)
    analysis = _hint(app, scene)
    assert game == before, "the hint is not played"
    assert scene.hint[0] == analysis["action"], "the lit move is the analysis's"
    assert scene.hint_panel_shown()
    texts = drawn_texts(app)
    assert "Game log" not in texts, "the panel takes the log's place"
    joined = " ".join(texts)
    assert f"Why: {analysis['reason']}" in joined, texts
    moves = analysis["moves"]
    assert moves and len(moves) <= 5
    for move in moves[:3]:  # (the lower ones may give their room to a long reason)
        words = scene.move_words(move)
        assert any(t.startswith(" ".join(words.split()[:2])) for t in texts), (words, texts)
        assert words != readable(move["line"]), "a move in words, not in notation"
    # players read names, places and effects: no coordinates, tile ids or search shares
    jargon = re.compile(r"(?<![\d,])-?\d,-?\d(?![\d,])|\b[a-z]+\.[a-z_]+\b|\d%\)")
    assert not [t for t in texts if jargon.search(t)], texts
    if len(analysis["line"]) > 1:
        assert any(t.startswith("then ") for t in texts), texts
    assert overflow_notes(app) == []


def test_the_winning_chance_bar_is_off_until_the_setting_is_on(app, data_dir: Path) -> None:
    assert Settings().winning_chance is False
    scene = _scene(app, _main_stage())
    analysis = _hint(app, scene)
    assert scene.hint_chance() is None
    assert not any(t.startswith("Winning chance") for t in drawn_texts(app))
    # switched on in the settings screen: saved, and the bar shows the top move's value
    settings = app.make("settings")
    app.stack.push(settings)
    app.step(0.0)
    button = next(
        b
        for (label, _v, _a), b in zip(settings.rows, settings.buttons, strict=False)
        if label == "Winning chance"
    )
    assert button.label == "off"
    click(app, button.rect.center)
    assert app.settings.winning_chance is True
    loaded, problem = storage.load_settings()
    assert problem is None and loaded.winning_chance is True
    assert overflow_notes(app) == [], "the settings rows fit"
    app.stack.pop(settings)
    app.step(0.0)
    value = analysis["moves"][0]["value"]
    assert value is not None, "the Medium bot searches"
    texts = drawn_texts(app)
    assert f"Winning chance for Borgo: {value:.0%}" in texts, texts
    assert overflow_notes(app) == []


def test_a_bad_winning_chance_setting_is_named(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(json.dumps({"winning_chance": "yes"}))
    settings, problem = storage.load_settings()
    assert settings.winning_chance is False
    assert problem is not None and "winning_chance must be true or false" in problem, problem


@pytest.mark.parametrize("size", [[1024, 640], [1920, 1200]])
def test_a_long_reason_and_five_moves_fit_the_panel(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, size: list[int]
) -> None:
    application = App(settings=Settings(window_size=size, winning_chance=True))
    try:
        _fake(monkeypatch, FakeBot(LONG_REASON, 0.62))
        scene = _scene(application, _main_stage())
        _hint(application, scene)
        texts = drawn_texts(application)
        assert f"Why: {LONG_REASON}" in " ".join(texts)
        assert "Winning chance for Borgo: 62%" in texts
        assert overflow_notes(application) == []
        application.present()  # (scaled to the window)
    finally:
        for scene in reversed(application.stack.scenes):
            scene.on_exit()


def test_a_bot_that_does_not_search_shows_no_shares_and_no_bar(
    app, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.settings.winning_chance = True
    _fake(monkeypatch, FakeBot("keeps the coming battle as it is", None))
    scene = _scene(app, _main_stage())
    analysis = _hint(app, scene)
    texts = drawn_texts(app)
    assert not any(t.startswith("Winning chance") for t in texts)
    first = scene.move_words(analysis["moves"][0])
    assert first in texts and not any(t.startswith(first + " (") for t in texts)
    assert overflow_notes(app) == []


def test_the_window_draws_while_the_hint_thinks(app, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    _fake(monkeypatch, FakeBot("a reason", 0.5, release))
    scene = _scene(app, _main_stage())
    try:
        key(app, pygame.K_SLASH)
        assert scene.hint_thinker is not None and scene.hint_thinker.busy
        for _ in range(3):
            app.step(0.05)  # the frames go on: the search is on its own thread
        assert scene.busy() and scene.hint is None and not scene.hint_panel_shown()
        assert "Game log" in drawn_texts(app)
    finally:
        release.set()
    scene.hint_thinker.wait(30)
    app.step(0.0)
    assert scene.hint_panel_shown()


def test_the_panel_closes_to_the_log_and_goes_with_the_position(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    _hint(app, scene)
    click(app, scene.hint_close_button.rect.center)
    assert not scene.hint_panel_shown() and scene.hint is not None, "the move stays lit"
    assert "Game log" in drawn_texts(app)
    _hint(app, scene)
    assert scene.hint_panel_shown()
    end = next(a for a, d in scene.legal if d.get("kind") == "end")
    assert scene.apply(end)
    assert scene.hint is None and scene.hint_analysis is None and not scene.hint_panel_shown()
