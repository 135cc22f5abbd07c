"""One source for the abilities' words: the engine's ``ability_texts`` (each keyword with its
badge and text) is what the client shows, in hover boxes, the gallery, the rules pages and on
the tiles; the client keeps no copy of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from client_support import app_fixture, data_dir_fixture, drawn_texts  # noqa: F401

from nshex_pygame import core
from nshex_pygame.client import rulestext, tileart, tiletip, widgets
from nshex_pygame.client.scenes import rules as rules_scene
from nshex_pygame.client.scenes.game import GameScene, hoverbox
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game, tile_ids, tile_info

ARMIES = ("borgo", "moloch", "hegemony", "outpost")
TILES = [tile for army in ARMIES for tile in tile_ids(army)]
WITH_ABILITIES = [tile for tile in TILES if tile_info(tile)["abilities"]]
CLIENT = Path(rulestext.__file__).parent


def test_the_engine_words_every_ability_and_the_client_keeps_no_copy() -> None:
    listed = {entry["keyword"]: entry for entry in core.ability_texts()}
    for tile in WITH_ABILITIES:
        info = tile_info(tile)
        assert [e["keyword"] for e in info["ability_texts"]] == info["abilities"], tile
        for entry in info["ability_texts"]:
            assert entry["text"] and entry["badge"], (tile, entry)
            assert listed[entry["keyword"]] == entry, "tile_info and ability_texts() agree"
    assert not hasattr(rulestext, "ABILITIES")
    assert not hasattr(tileart, "MODULE_BADGES")
    sources = {p: p.read_text(encoding="utf-8") for p in CLIENT.rglob("*.py")}
    for entry in listed.values():
        # a sentence of the engine's text, as one line of source would quote it
        piece = entry["text"][:40]
        copies = [str(p) for p, text in sources.items() if piece in text]
        assert not copies, f"{entry['keyword']} is copied in {copies}"


def _boxes(monkeypatch) -> list[tuple[str, list[str]]]:
    shown: list[tuple[str, list[str]]] = []
    real = widgets.tooltip

    def record(surface, title, lines, *args, **kwargs):
        shown.append((title, [text for text, _colour in lines]))
        return real(surface, title, lines, *args, **kwargs)

    monkeypatch.setattr(widgets, "tooltip", record)
    return shown


def _game_scene(app) -> GameScene:
    seats = [SeatSetup("borgo", "human"), SeatSetup("moloch", "human")]
    scene = GameScene(app, Game(["borgo", "moloch"], 3), seats, seed=1)
    app.stack.push(scene)
    app.step(0.0)
    return scene


@pytest.mark.parametrize("tile", WITH_ABILITIES)
def test_every_hover_box_shows_the_engine_ability_texts(app, monkeypatch, tile: str) -> None:
    """The gallery's and the hand's hover box and a board unit's box say, for each ability,
    exactly the engine's text."""
    texts = [e["text"] for e in tile_info(tile)["ability_texts"]]
    shown = _boxes(monkeypatch)
    surface = pygame.Surface((1280, 800))
    tiletip.tile_tooltip(surface, tile, (400, 300))
    scene = _game_scene(app)
    hoverbox.tile_box(scene, surface, tile, (400, 300))
    _title, unit = hoverbox.unit_info(scene, {"tile": tile, "seat": 0, "at": [0, 0], "wounds": 0})
    assert len(shown) == 2
    for lines in [shown[0][1], shown[1][1], [text for text, _colour in unit]]:
        for text in texts:
            assert text in lines, (tile, text, lines)


def test_the_client_shows_what_the_engine_says_not_its_own_words(app, monkeypatch) -> None:
    """With the engine's ability texts and badges replaced, every place that shows them shows
    the replacements: hover boxes, a unit's box, the abilities page and the tiles' badges."""
    real_info, real_list = tileart.info_of, core.ability_texts

    def engine_words(keyword: str) -> dict[str, str]:
        return {"keyword": keyword, "badge": f"B:{keyword}", "text": f"T:{keyword}"}

    def info_of(tile: str) -> dict:
        info = dict(real_info(tile))
        info["ability_texts"] = [engine_words(k) for k in info["abilities"]]
        return info

    monkeypatch.setattr(tileart, "info_of", info_of)
    monkeypatch.setattr(
        core, "ability_texts", lambda: [engine_words(e["keyword"]) for e in real_list()]
    )
    tileart._render.cache_clear()
    rules_scene.ability_entries.cache_clear()
    try:
        badges: list[str] = []
        real_badge = tileart._badge
        monkeypatch.setattr(
            tileart, "_badge", lambda s, label, *a: badges.append(label) or real_badge(s, label, *a)
        )
        for tile in ("borgo.medic", "moloch.brain", "outpost.hq"):
            tileart.render_tile(tile, 60)
        assert badges == [
            "B:medic",
            "B:officer-melee+1",
            "B:officer-ranged+1",
            "B:hq-extra-initiative",
        ]
        shown = _boxes(monkeypatch)
        surface = pygame.Surface((1280, 800))
        tiletip.tile_tooltip(surface, "borgo.medic", (400, 300))
        scene = _game_scene(app)
        hoverbox.tile_box(scene, surface, "moloch.brain", (400, 300))
        _title, unit = hoverbox.unit_info(
            scene, {"tile": "moloch.clown", "seat": 1, "at": [0, 0], "wounds": 0}
        )
        unit_lines = [text for text, _colour in unit]
        assert "T:medic" in shown[0][1]
        assert {"T:officer-melee+1", "T:officer-ranged+1"} <= set(shown[1][1])
        assert "T:explode" in unit_lines
        rules = rules_scene.RulesScene(app)
        app.stack.push(rules)
        drawn = []
        for page in range(rules.abilities_page, rules.pages):  # (as many pages as they need)
            rules.page = page
            drawn += drawn_texts(app)
        for entry in real_list():
            assert f"B:{entry['keyword']}" in drawn
            assert f"T:{entry['keyword']}" in drawn
    finally:
        tileart._render.cache_clear()
        rules_scene.ability_entries.cache_clear()


def test_h_in_a_game_opens_the_symbols_not_the_abilities(app) -> None:
    """The rules grew a page after the symbols (the abilities): H still opens the symbols."""
    from client_support import key

    _game_scene(app)
    key(app, pygame.K_h)
    rules = app.stack.top
    assert rules.scene_name == "rules"
    assert rules.page == rules.symbols_page
    assert rules.abilities_page == rules.symbols_page + 1  # the abilities: the last pages
    drawn = drawn_texts(app)
    tabs_end = max(i for i, text in enumerate(drawn) if text.startswith("Abilities"))
    assert "The symbols" in drawn[tabs_end + 1 :], "the page's own title"


def test_tile_words_cite_no_rule_numbers() -> None:
    """Players read what a tile does, not where the rule is written: no "FAQ-98", "D-16" or
    "Duel rulebook" in any tile's words (the Terror's data cites "FAQ-98, FAQ-224"), and the
    words a reference stood beside stay ("not an ally's, FAQ-385" keeps "not an ally's")."""
    terror = rulestext.tile_description(tile_info("smart.terror"))
    assert "FAQ" in str(tile_info("smart.terror")["text"]), "the data keeps its references"
    assert terror and not any("FAQ" in line for line in terror), terror
    for tile in tile_ids():
        for line in rulestext.tile_description(tile_info(tile)):
            assert not re.search(r"FAQ|\bD-\d|rulebook", line), (tile, line)
    words = rulestext.without_references(
        "the HQ turns only your own units (not an ally's, FAQ-385)"
    )
    assert words == "the HQ turns only your own units (not an ally's)"


def test_the_doomsday_hq_says_once_whether_it_gives_a_bonus() -> None:
    """Every HQ's shared words claim no army bonus: the Doomsday Machine's HQ gives none (its
    own words say so), and nothing on its tile says the opposite."""
    lines = rulestext.tile_description(tile_info("doomsday.hq"))
    joined = " ".join(lines).lower()
    assert "no bonus" in joined
    assert "bonus reaches" not in joined and "army bonus" not in joined, lines
    assert "six sides" not in " ".join(rulestext.tile_description(tile_info("vegas.hq")))
