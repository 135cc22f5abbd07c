"""The main menu and the new-game screen, driven by clicks (no window: SDL dummy drivers)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    key,
    pushed,
    recording_texts,
)

from nshex_pygame.client import ai, rulestext, storage, tileart
from nshex_pygame.client.scenes.gallery import GalleryScene
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.menu import MenuScene
from nshex_pygame.client.scenes.rules import RulesScene
from nshex_pygame.client.scenes.settings import SettingsScene
from nshex_pygame.client.scenes.setup import PLAYERS, SetupScene


def _menu(app) -> MenuScene:
    return pushed(app, MenuScene(app))


def test_menu_to_new_game_with_human_and_ai_seats(app, data_dir: Path) -> None:
    menu = _menu(app)
    assert not menu.continue_button.enabled, "no saved game yet"
    click_button(app, menu, "New game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.rng = random.Random(3)
    # player 1: Hegemony, human; player 2: Outpost, the greedy bot
    click(app, setup.buttons[2].rect.center)  # seat 0, third army
    click(app, next(b for b in setup.buttons[12:] if b.label.startswith("Outpost")).rect.center)
    click(app, next(b for b in setup.buttons if b.label == "Human").rect.center)
    greedy = [b for b in setup.buttons if b.label == "Training: greedy"]
    click(app, greedy[1].rect.center)
    assert setup.armies == ["hegemony", "outpost"]
    assert setup.players == ["human", "greedy"]
    click_button(app, setup, "Start the game")
    game_scene = app.stack.top
    assert isinstance(game_scene, GameScene)
    assert game_scene.armies == ["hegemony", "outpost"]
    assert [s.player for s in game_scene.seats] == ["human", "greedy"]
    assert game_scene.game.current_player() == 0, "the human places the first HQ"
    assert storage.autosave_path().exists(), "the new game is saved at once"


def test_second_player_may_start(app) -> None:
    setup = SetupScene(app)
    app.stack.push(setup)
    setup.armies = ["borgo", "moloch"]
    setup.players = ["human", "random"]
    click_button(app, setup, "Player 2 starts")
    seats = setup.seat_setups()
    assert [(s.army, s.player) for s in seats] == [("moloch", "random"), ("borgo", "human")]


def test_random_army_is_a_real_army(app) -> None:
    setup = SetupScene(app, rng=random.Random(5))
    app.stack.push(setup)
    click_button(app, setup, "Random army")
    seats = setup.seat_setups()
    assert seats[0].army in ("borgo", "moloch", "hegemony", "outpost", "smart", "vegas")
    assert seats[0].army != seats[1].army


def test_levels_the_engine_lacks_are_offered_but_disabled(app) -> None:
    setup = SetupScene(app)
    app.stack.push(setup)
    for name, label in PLAYERS:
        buttons = [b for b in setup.buttons if b.label.startswith(label)]
        assert len(buttons) == 2, label
        expected = name == "human" or ai.available(name)
        assert all(b.enabled == expected for b in buttons), name
        if not expected:
            assert all("not yet" in b.label for b in buttons)
            click(app, buttons[0].rect.center)
            assert setup.players[0] != name


def test_unavailable_bot_in_a_save_falls_back() -> None:
    bot, problem = ai.make_bot("no-such-bot", 1)
    assert bot.name == ai.FALLBACK
    assert problem and "no-such-bot" in problem


def test_menu_opens_rules_gallery_and_settings(app) -> None:
    menu = _menu(app)
    for label, kind in [
        ("Rules", RulesScene),
        ("Tile gallery", GalleryScene),
        ("Settings", SettingsScene),
    ]:
        click_button(app, menu, label)
        assert isinstance(app.stack.top, kind)
        app.step(0.016)  # draws
        key(app, 27)  # Esc
        assert app.stack.top is menu


def test_rules_pages_turn(app) -> None:
    rules = RulesScene(app)
    app.stack.push(rules)
    for _ in range(rules.pages + 2):
        click_button(app, rules, "Next")
        app.step(0.016)
    assert rules.page == rules.pages - 1


def test_quit(app) -> None:
    menu = _menu(app)
    click_button(app, menu, "Quit")
    assert not app.running


def test_rules_tabs_open_their_page(app) -> None:
    rules = RulesScene(app)
    app.stack.push(rules)
    app.step(0.016)  # draws the tabs
    click(app, rules.tabs[3].center)
    assert rules.page == 3


def _drawn(app, monkeypatch) -> tuple[list[str], list[str]]:
    """The texts and the hover-box titles of one frame."""
    from nshex_pygame.client import widgets

    boxes: list[str] = []
    real_box = widgets.tooltip
    monkeypatch.setattr(
        widgets, "tooltip", lambda s, t, *a, **k: boxes.append(t) or real_box(s, t, *a, **k)
    )
    with recording_texts() as texts:
        app.draw()
    monkeypatch.setattr(widgets, "tooltip", real_box)
    return texts, boxes


def test_the_tutorial_tiles_have_hover_boxes_and_its_hqs_name_their_army(app, monkeypatch) -> None:
    from client_support import move

    rules = RulesScene(app)
    app.stack.push(rules)
    rules.page = 0  # The goal: the four HQs
    texts, _boxes = _drawn(app, monkeypatch)
    for army in ("Borgo", "Moloch", "Hegemony", "Outpost"):
        assert army in texts, f"the {army} HQ is labelled"
    for page in range(rules.pages):
        rules.page = page
        app.draw()
        assert rules.shown, f"page {page} shows tiles"
        for tile, (x, y), _size in rules.shown:
            move(app, (x, y))
            _texts, boxes = _drawn(app, monkeypatch)
            assert boxes and boxes[-1].endswith(tileart.info_of(tile)["name"]), (page, tile)


def test_the_mobility_mark_is_the_boot_the_symbols_page_names() -> None:
    """A boot, not an L: a shaft, a toe, and a dark sole line across the white shape."""
    surface = pygame.Surface((200, 200))
    surface.fill((90, 60, 30))
    tileart._boot(surface, (100, 100), 200)
    white = [
        [surface.get_at((x, y))[:3] == tileart.WHITE[:3] for x in range(200)] for y in range(200)
    ]
    ink = [[surface.get_at((x, y))[:3] == tileart.INK[:3] for x in range(200)] for y in range(200)]
    rows = [y for y in range(200) if any(white[y])]
    assert rows
    assert any(sum(ink[y]) >= 10 and any(white[y - 3]) and any(white[y + 3]) for y in rows[3:-3]), (
        "a sole line crosses the boot"
    )
    assert "boot" in dict(rulestext.SYMBOLS)["mobility"]


def test_the_new_game_screen_says_what_the_levels_are_and_draws_the_start(app) -> None:
    from nshex_pygame.client.scenes.setup import LEVEL_WORDS

    setup = SetupScene(app, rng=random.Random(5))
    app.stack.push(setup)
    assert setup.players[1] == "medium", "Medium is the default opponent"
    labels = [label for _name, label in PLAYERS]
    assert "Training: greedy" in labels and "Training: flat MC" in labels
    assert all(LEVEL_WORDS.get(name) for name, _label in PLAYERS), "every level has words"
    assert LEVEL_WORDS["easy"].startswith("Easy: plays its own turn well")
    click(app, next(b for b in setup.buttons if b.label == "Random").rect.center)
    assert setup.drawn in ("first", "second"), "Random draws who starts at once"
    app.step(0.0)
    seats = setup.seat_setups()
    expected = setup.players if setup.drawn == "first" else setup.players[::-1]
    assert [s.player for s in seats] == expected, "the game starts as the screen said"
