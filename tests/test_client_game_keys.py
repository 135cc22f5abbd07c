"""The game scene's keys come from one table per mode (``scenes/game/keys.py``): a key does
what its row says, only when its condition holds, and the buttons name the keys of that table."""

from __future__ import annotations

import pygame
from client_support import app_fixture, data_dir_fixture, key  # noqa: F401

from nshex_pygame.client.scenes.game import GameScene, keys
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game

HUMANS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "human")]


def _scene(app) -> GameScene:
    scene = GameScene(app, Game(["borgo", "moloch"], seed=3), list(HUMANS), seed=1)
    app.stack.push(scene)
    app.step(0.0)
    return scene


def test_every_row_of_every_table_names_its_keys_and_what_they_do() -> None:
    for table in (keys.PLAY_KEYS, keys.CREDIT_KEYS, keys.OFFER_KEYS):
        names = [b.name for b in table]
        assert len(names) == len(set(names)), names
        for binding in table:
            assert binding.label and binding.action, binding.name
    assert ("Ctrl+Z", "take back the last action of the turn") in keys.key_help(keys.PLAY_KEYS)


def test_the_buttons_name_the_key_the_table_binds_to_their_action(app) -> None:
    scene = _scene(app)
    assert scene.confirm_button.label == f"Confirm ({keys.key_of('confirm')})" == "Confirm (Enter)"
    assert scene.cancel_button.label == "Back (Esc)"
    assert scene.hurry_button.label == "Play now (M)"
    assert "(Ctrl+Z)" in scene.undo_button.hint and "(D)" in scene.danger_button.hint


def test_a_key_runs_the_first_row_whose_key_and_condition_fit(app) -> None:
    scene = _scene(app)
    assert scene.input.keymap() is keys.PLAY_KEYS
    before = scene.danger
    key(app, pygame.K_d)  # the danger view: any time
    assert scene.danger != before
    # Z without Ctrl is no row: nothing is taken back, nothing said
    scene.message = ""
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z")
    assert not keys.dispatch(keys.PLAY_KEYS, scene, event)
    assert scene.message == ""
    # X discards only with a tile selected: no row fits without one
    scene.selected = None
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")
    assert not keys.dispatch(keys.PLAY_KEYS, scene, event)
