"""A small window (issue 40, minor 8): below the size where the canvas scaled as a whole keeps
its captions readable, the layout adapts to the window's real size (client/viewport.py): the
game's panels as large as the height allows at the window's edges, the board shrunk between
them, hover boxes at the panels' scale; a menu's empty sides cut. Below a hard minimum the
canvas is scaled as a whole. A size of the player's own is kept and reopened."""

from __future__ import annotations

import pygame
import pytest
from client_support import data_dir_fixture  # noqa: F401

from nshex_pygame.client import storage, viewport, widgets
from nshex_pygame.client.app import App
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, Bot, Game

SMALL = (800, 600)
CAPTION = 13  # the small captions' size on the canvas (a log line, a note)


def _human_turn() -> Game:
    game, bot = Game(["borgo", "moloch"], 4), Bot("greedy", 4)
    for _ in range(40):
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    while game.current_player() == CHANCE:
        game.apply_action(game.natural_draw())
    return game


def test_large_windows_scale_the_canvas_whole() -> None:
    for size in ((1280, 800), (1024, 640), (1920, 1200), (1440, 800)):
        parts = viewport.pieces(size, "columns")
        assert len(parts) == 1 and parts[0].source.size == viewport.LOGICAL, size
    # below the hard minimum too: nothing to adapt to
    assert len(viewport.pieces((600, 400), "columns")) == 1


def test_at_800x600_the_panels_text_is_larger_than_the_canvas_scaled_whole() -> None:
    whole = viewport.whole(SMALL)[0].scale
    assert CAPTION * whole < 8.5, "scaled whole, a caption is about 8 pixels (unreadable)"
    parts = viewport.pieces(SMALL, "columns")
    left, board, right = parts
    window = pygame.Rect((0, 0), SMALL)
    for piece in parts:
        assert window.contains(piece.target), piece
    assert not left.target.colliderect(board.target)
    assert not board.target.colliderect(right.target)
    assert left.target.left == 0 and right.target.right == SMALL[0], "panels at the edges"
    assert left.scale == right.scale == pytest.approx(0.75, abs=0.01)
    assert CAPTION * left.scale >= 9.7, "a panel's caption at nearly 10 pixels"
    assert board.scale < left.scale, "the board shrinks, not the panels"
    # a menu: its middle at the height's scale, its empty sides cut
    (menu,) = viewport.pieces(SMALL, "centre")
    assert menu.scale == pytest.approx(0.75, abs=0.01) and menu.target.width == SMALL[0]
    assert menu.source.left > 0 and menu.source.right < viewport.LOGICAL[0]


def test_a_point_goes_to_the_window_and_back() -> None:
    parts = viewport.pieces(SMALL, "columns")
    for point in ((40, 700), (640, 400), (1200, 300), (330, 20)):
        back = viewport.to_logical(parts, viewport.to_window(parts, point))
        assert back is not None
        assert abs(back[0] - point[0]) <= 2 and abs(back[1] - point[1]) <= 2, (point, back)
    # between the pieces (above the shrunk board) is nowhere on the canvas
    assert viewport.to_logical(parts, (SMALL[0] // 2, 2)) is None


def test_a_game_at_800x600_takes_clicks_where_it_shows_things(data_dir) -> None:
    app = App(settings=Settings(window_size=list(SMALL)), strict=True)
    assert app.window.get_size() == SMALL
    game = _human_turn()
    scene = app.open("game", game, [SeatSetup(a, "human") for a in game.view()["armies"]])
    app.step(0.1)
    assert app.adapted()
    seat = scene.mover
    (_rect, centre) = scene.hand_rects(seat)[0]
    at = app.to_window(centre)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0,) * 3)])
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    assert scene.selected == 0, "the tile under the pointer in the window is the one taken"
    # a hover box over the board: drawn apart, then over the window at the panels' scale
    unit = next(u for u in game.view()["units"] if not u["tile"].endswith(".hq"))
    spot = app.to_window(scene.board.pixel(tuple(unit["at"])))
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0,) * 3)])
    app.draw()
    boxes = widgets.deferred_tooltips()
    assert boxes, "the unit's hover box is kept apart from the shrunk board"
    app.present()
    for scene_ in reversed(app.stack.scenes):
        scene_.on_exit()
    widgets.defer_tooltips(False)  # (the next test's boxes on the canvas again)


def test_a_size_of_the_players_own_is_reopened(data_dir) -> None:
    storage.save_settings(Settings(window_size=[900, 650]))
    app = App()
    assert app.window.get_size() == (900, 650)
    assert app.settings.window_size == [900, 650]


def test_a_card_over_the_board_is_shown_like_a_centred_screen() -> None:
    """A lesson's first card or a puzzle's result sit in the middle of the board: in a small
    window they get the height's scale (cut sides), not the shrunk board's."""

    class Lesson:
        scene_name = "tutorial"
        modal: str | None = "intro"

    lesson = Lesson()
    assert viewport.policy_for(lesson) == "centre"
    lesson.modal = None
    assert viewport.policy_for(lesson) == "columns"
    assert viewport.policy_for(None) == "whole"
    assert viewport.policy_of("setup") == "reflow" and viewport.policy_of("menu") == "centre"
    assert viewport.policy_of("") == "whole"
