"""The Doomsday Machine in the client: the army on the new-game screen, its edge markers drawn
(long links, entries and exits, the Trap's marked edge), the HQ's rotation and the Small Bomb
made by clicks, and redirected shots, loops and the Trap's explosion in the battle playback."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    drawn_texts,
    key,
    play_by_clicks,
)

from nshex_pygame.client import rulestext, tileart
from nshex_pygame.client.scenes.gallery import GalleryScene, RulesScene
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.setup import SetupScene

TESTS = Path(__file__).resolve().parent


def scenario(path: Path) -> str:
    """A conformance or script file as ``Game.from_scenario`` takes it: without its test tables
    (``[expect]``, ``[script]``)."""
    text = path.read_text(encoding="utf-8")
    return re.split(r"^\[(?:expect|script)\]", text, flags=re.M)[0]


def test_the_new_game_screen_offers_the_doomsday_machine_for_two_to_four_seats(app) -> None:
    for count in (2, 3, 4):
        setup = SetupScene(app, rng=random.Random(3))
        app.stack.clear_to(setup)
        app.step(0.0)
        click_button(app, setup, f"{count} players")
        labels = [b.label for b in setup.buttons]
        assert labels.count("Doomsday Machine") == count
        doomsday = next(b for b in setup.buttons if b.label == "Doomsday Machine")
        click(app, doomsday.rect.center)
        assert setup.armies[0] == "doomsday"
        click_button(app, setup, "Start the game")
        scene = app.stack.top
        assert isinstance(scene, GameScene)
        assert scene.game.view()["armies"][0] == "doomsday"
        assert len(scene.game.view()["armies"]) == count


def test_the_doomsday_machine_has_its_own_colour_name_and_emblem() -> None:
    from nshex_pygame.client import armystyle

    assert tileart.ARMY_NAMES["doomsday"] == "Doomsday Machine"
    others = {tileart.army_colour(a) for a in tileart.ARMY_NAMES if a != "doomsday"}
    assert tileart.army_colour("doomsday") not in others
    assert "doomsday" in armystyle.FIGURES and "doomsday" in armystyle.SCHEMES
    assert "doomsday" in rulestext.ARMIES


def test_the_edge_markers_are_read_for_every_doomsday_tile() -> None:
    marks = {
        t: tileart.edge_marks(tileart.info_of(t)) for t in ("doomsday.tripler", "doomsday.trap")
    }
    assert marks["doomsday.tripler"] == {
        0: "exit",
        1: "exit",
        2: "entry",
        3: "entry",
        4: "entry",
        5: "exit",
    }
    assert marks["doomsday.trap"] == {0: "trigger"}
    for tile in ("doomsday.doom_net_fighter", "doomsday.fireblast"):
        assert tileart.edge_marks(tileart.info_of(tile)) == {
            0: "exit",
            1: "entry",
            2: "entry",
            3: "entry",
            4: "entry",
            5: "entry",
        }
    for tile in ("doomsday.officer", "doomsday.medic", "doomsday.main_war_processor"):
        assert tileart.edge_marks(tileart.info_of(tile)) == {0: "long_link"}
    assert tileart.edge_marks(tileart.info_of("doomsday.scout")) == {}
    assert tileart.edge_marks(tileart.info_of("borgo.officer")) == {}


@pytest.mark.parametrize(
    "tile", ["doomsday.tripler", "doomsday.fireblast", "doomsday.trap", "doomsday.officer"]
)
def test_a_marked_edge_is_drawn(tile: str, monkeypatch) -> None:
    """The tile with its markers differs from the same tile drawn without them."""
    marked = pygame.image.tobytes(tileart.render_tile(tile, 60, 1), "RGBA")
    tileart._render.cache_clear()
    monkeypatch.setattr(tileart, "edge_marks", lambda info: {})
    plain = pygame.image.tobytes(tileart.render_tile(tile, 60, 1), "RGBA")
    tileart._render.cache_clear()
    assert marked != plain


def test_the_tile_words_name_the_markers() -> None:
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.tripler")))
    assert "back: entry" in lines and "front: exit" in lines
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.trap")))
    assert "front: marked edge" in lines
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.medic")))
    assert "front: long link (1 and 2 hexes)" in lines


def test_the_gallery_shows_the_doomsday_tiles(app) -> None:
    gallery = GalleryScene(app)
    app.stack.clear_to(gallery)
    click_button(app, gallery, "Doomsday Machine")
    shown = [tile for tile, _at in gallery.positions()]
    assert "doomsday.tripler" in shown and "doomsday.small_bomb" in shown
    assert all(b.rect.right <= 1280 for b in gallery.buttons)
    app.step(0.0)


def test_the_rules_explain_the_new_symbols_and_abilities(app) -> None:
    names = [name for name, _words in rulestext.SYMBOLS]
    assert {"long_link", "redirect", "trigger"} <= set(names)
    rules = RulesScene(app)
    app.stack.clear_to(rules)
    rules.page = rules.symbols_page
    app.step(0.0)
    shown = {tile for tile, _at, _size in rules.shown}
    assert {"doomsday.officer", "doomsday.tripler", "doomsday.trap"} <= shown
    titles = [title for title, _ in rulestext.TUTORIAL]
    rules.page = titles.index("The Doomsday Machine")
    text = " ".join(drawn_texts(app))
    for words in ("Redirectors", "Small Bomb", "long link", "marked edge", "turn one of your"):
        assert words in text, words
    # the abilities pages show the engine's words for the new keywords, with a Doomsday tile
    from nshex_pygame.client.scenes.gallery import ability_entries

    holders = {e["keyword"]: e.get("tile") for e in ability_entries()}
    for keyword in ("hq-rotate-own-unit", "redirector", "redirector-triple", "trap"):
        assert str(holders[keyword]).startswith("doomsday."), keyword
