"""A computer seat is named by the level the New game screen offers (Easy, Medium, Hard, a
training bot), never by the engine's bot name or its settings (issue 40, defect: the seat
panels said "Computer: greedy")."""

from __future__ import annotations

from client_support import app_fixture, data_dir_fixture  # noqa: F401

from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import level_name, player_name
from nshex_pygame.core import Game


def test_levels_read_as_the_setup_screen_offers_them() -> None:
    assert player_name("human") == "Human"
    assert player_name("easy") == "Computer: Easy"
    assert player_name("medium") == "Computer: Medium"
    # a level with the engine's settings (the parallel form a game uses) reads as the level
    assert player_name("hard:threads=2,iters=40000") == "Computer: Hard"
    assert player_name("greedy") == "Training: greedy"
    assert player_name("flatmc") == "Training: flat MC"
    assert level_name("easy") == "Easy"
    # a bot the client does not offer: no engine name shown
    assert player_name("mystery:x=1") == "Computer"


def test_the_seat_panel_names_the_level(app) -> None:
    from nshex_pygame.client.scenes.game import GameScene

    game = Game(["borgo", "moloch"], 3)
    seats = [SeatSetup("borgo", "human"), SeatSetup("moloch", "easy")]
    scene = GameScene(app, game, seats)
    app.stack.push(scene)
    assert scene.seat_panels.player_label(0) == "Human"
    assert scene.seat_panels.player_label(1) == "Computer: Easy"
    assert "easy" not in scene.seat_panels.player_label(1)
