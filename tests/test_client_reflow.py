"""A small window, the screens that lay themselves out again (issue 40, minor 8): the new-game
screen, the puzzle list, the gallery, the rules, the achievements and the game's end were
scaled as a whole at 800x600 (13-pixel captions at 8 pixels). Each now lays itself out in the
part of the canvas the window shows at a readable scale (client/viewport.py, "reflow"): at
800x600 every text it draws is 10 pixels or more in the window, all of it inside what the
window shows, its buttons apart and inside it, and a click on a button in the window reaches
that button."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest
from client_support import data_dir_fixture, recording, watching_overflow  # noqa: F401

from nshex_pygame.client import puzzles, storage, viewport, widgets
from nshex_pygame.client.app import App
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.client.widgets import Button
from nshex_pygame.core import CHANCE, Bot, Game

SMALL = (800, 600)


@pytest.fixture
def small(data_dir) -> Iterator[App]:
    app = App(settings=Settings(window_size=list(SMALL)), strict=True)
    assert app.window.get_size() == SMALL
    yield app
    for scene in reversed(app.stack.scenes):
        scene.on_exit()
    widgets.defer_tooltips(False)
    pygame.display.set_mode(viewport.LOGICAL)


@contextmanager
def texts_on(canvas: pygame.Surface) -> Iterator[list[tuple[str, int, pygame.Rect]]]:
    """Every text drawn on ``canvas`` inside the block: (words, size, where)."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = widgets.draw_text

    def record(surface, words, pos, size=18, *args, **kwargs):
        rect = real(surface, words, pos, size, *args, **kwargs)
        if surface is canvas and words.strip():
            drawn.append((words, size, rect))
        return rect

    widgets.draw_text = record
    try:
        yield drawn
    finally:
        widgets.draw_text = real


def check_readable(app: App, scene: Any) -> list[tuple[str, int, pygame.Rect]]:
    """The screen on top, drawn at 800x600: shown in one piece at the scale of readable
    captions, its every text 10 pixels or more and inside what the window shows, nothing
    overflowing its box, its buttons apart and inside. Returns its texts."""
    assert app.stack.top is scene
    app.step(0.0)
    (piece,) = app.pieces()
    assert viewport.policy_for(scene) == "reflow"
    frame = piece.source
    assert frame == viewport.frame_of(app)
    assert pygame.Rect((0, 0), SMALL).contains(piece.target)
    with watching_overflow() as notes, texts_on(app.canvas) as drawn:
        for below in app.stack.visible()[:-1]:
            below.draw(app.canvas)
        del drawn[:]  # (the board under the game's end is a picture behind it)
        scene.draw(app.canvas)
    assert drawn
    assert not notes, notes
    small_text = min(drawn, key=lambda d: d[1])
    assert small_text[1] * piece.scale >= 10, f"{small_text[0]!r} at {small_text[1]} px"
    outside = [(w, r) for w, _s, r in drawn if not frame.contains(r)]
    assert not outside, outside
    buttons = [b for b in getattr(scene, "buttons", []) if b.rect.width]
    for i, button in enumerate(buttons):
        assert frame.contains(button.rect), (button.label, button.rect, frame)
        for other in buttons[i + 1 :]:
            assert not button.rect.colliderect(other.rect), (button.label, other.label)
        # where the button shows in the window is where a click lands on it
        back = viewport.to_logical(app.pieces(), app.to_window(button.rect.center))
        assert back is not None and button.rect.collidepoint(back), button.label
    return drawn


def click(app: App, button: Button) -> None:
    """A click in the window where ``button`` shows."""
    at = app.to_window(button.rect.center)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0,) * 3)])
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])


def button(scene: Any, label: str) -> Button:
    return next(b for b in scene.buttons if b.label == label)


def test_the_reflowed_screens_get_the_readable_scale_at_800x600() -> None:
    (piece,) = viewport.pieces(SMALL, "reflow")
    assert viewport.CAPTION * piece.scale >= viewport.READABLE_PX
    assert piece.source == pygame.Rect(120, 10, 1040, 780) and piece.target.size == SMALL
    for name in ("setup", "puzzles", "gallery", "rules", "achievements", "gameover"):
        assert viewport.policy_of(name) == "reflow", name
    # a window large enough keeps the canvas whole, and the screens their usual layout
    assert viewport.frame((1280, 800)) == pygame.Rect(0, 0, 1280, 800)
    assert viewport.pieces((1024, 640), "reflow")[0].source.size == viewport.LOGICAL


def test_the_new_game_screen_at_800x600(small: App) -> None:
    setup = small.make("setup")
    small.stack.clear_to(setup)
    check_readable(small, setup)
    click(small, button(setup, "3 players"))
    assert setup.count == 3
    check_readable(small, setup)
    click(small, button(setup, "4 players"))
    assert setup.count == 4 and setup.compact(), "four seats: one choice a row"
    texts = [t for t, _s, _r in check_readable(small, setup)]
    assert "Player 4" in texts and any(t.startswith("With three or four players") for t in texts)
    seat4 = [b for b in setup.buttons if b.label == "Vegas"][3]
    click(small, seat4)
    assert setup.armies[3] == "vegas", "the fourth seat's own button"
    # the words of a choice: in its hover box in a compact column
    with recording("tooltip") as boxes:
        small.step(0.0)
    assert boxes == ["Vegas"]
    click(small, setup.options_button)
    assert setup.page == "options"
    for label in ("Reinforcements: off", "1 each", "Mercenary"):
        click(small, button(setup, label))
    assert setup.variants == ["reinforcements"] and setup.mercenaries == 1
    assert setup.mad_bomber == "mercenary"
    words = [t for t, _s, _r in check_readable(small, setup)]
    assert any(t.startswith("Options: Reinforcements, 1 Mercenary each") for t in words)
    click(small, setup.start_button)
    assert small.stack.top.scene_name == "game", "Start reached"


def test_the_puzzle_list_at_800x600(small: App) -> None:
    for n, entry in enumerate(puzzles.shipped()[:40]):
        for _ in range(1 + n % 3):
            storage.record_puzzle_attempt(entry.key, won=n % 4 != 3)
    listing = small.make("puzzles")
    small.stack.clear_to(listing)
    texts = [t for t, _s, _r in check_readable(small, listing)]
    assert "3 tries" in texts and "Very hard" in texts
    row, entry = listing.rows[-1]  # the last very hard puzzle, at the right edge
    click(small, row)
    assert small.stack.top.scene_name == "puzzle" and small.stack.top.entry.key == entry.key


def test_the_gallery_at_800x600(small: App) -> None:
    gallery = small.make("gallery")
    small.stack.clear_to(gallery)
    for army in range(7):
        gallery.army = army
        check_readable(small, gallery)
        window = pygame.Rect((0, 0), SMALL)
        for _tile, at in gallery.positions():  # every tile shows, whole, in the window
            corner = small.to_window((at[0] - 58, at[1] - 58))
            far = small.to_window((at[0] + 58, at[1] + 80))
            assert window.collidepoint(corner) and window.collidepoint(far)
    click(small, button(gallery, "Moloch"))
    assert gallery.army == 1
    tile, at = gallery.positions()[-1]
    assert gallery.tile_at(at) == tile, "a tile is hovered where it shows"


def test_the_rules_at_800x600(small: App) -> None:
    rules = small.make("rules")
    small.stack.clear_to(rules)
    for page in range(rules.pages):
        rules.page = page
        check_readable(small, rules)
    assert rules.pages >= 14
    last = rules.tabs[-1]
    at = small.to_window(last.center)
    small.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    assert rules.page == rules.pages - 1, "the last page's tab reached"
    click(small, button(rules, "< Previous"))
    assert rules.page == rules.pages - 2


def test_the_achievements_at_800x600(small: App) -> None:
    scene = small.make("achievements")
    small.stack.clear_to(scene)
    texts = check_readable(small, scene)
    assert sum(t == "Not yet" for t, _s, _r in texts) >= 20
    frame = viewport.frame_of(small)
    for n in range(22):
        assert frame.contains(scene.card(n)), n
    click(small, scene.back)
    assert small.stack.top is not scene


def _finished(armies: list[str], mode: str, seed: int) -> Game:
    game, bot = Game(armies, seed, mode=mode), Bot("greedy", seed)
    while not game.is_terminal():
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    return game


@pytest.mark.parametrize(
    ("armies", "mode"),
    [(["hegemony", "outpost"], "standard"), (["borgo", "moloch", "outpost", "doomsday"], "team")],
)
def test_the_game_over_at_800x600(small: App, armies: list[str], mode: str) -> None:
    game = _finished(armies, mode, 3)
    winner = game.returns().index(max(game.returns()))
    seats = [SeatSetup(a, "human" if i == winner else "medium") for i, a in enumerate(armies)]
    scene = small.make("game", game, seats)
    small.stack.clear_to(scene)
    over = small.open("gameover", scene)
    texts = [t for t, _s, _r in check_readable(small, over)]
    assert over.headline() in texts or over.mood() == "win"
    assert over.toasts.items, "an achievement's toast"
    placed: list[tuple[int, int]] = []
    over.toasts.draw = lambda surface, right, top: placed.append((right, top))
    over.draw(small.canvas)
    frame = viewport.frame_of(small)
    assert placed and placed[0][0] <= frame.right and placed[0][1] >= frame.top, "toast shown"
    click(small, over.board_button)
    assert over.hidden
