"""Tile drawings and texts: every tile of the four armies draws and reads (the abilities' words
are the engine's: test_client_ability_texts.py), and the bundled font is found, installed or
frozen."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest
from client_support import app_fixture, data_dir_fixture  # noqa: F401

from nshex_pygame.client import resources, rulestext, tileart
from nshex_pygame.core import tile_ids, tile_info

ARMIES = ("borgo", "moloch", "hegemony", "outpost")
TILES = [tile for army in ARMIES for tile in tile_ids(army)]


def test_every_instant_is_described() -> None:
    instants = {t.partition(".")[2] for t in TILES if tile_info(t)["kind"] == "instant"}
    assert instants <= set(rulestext.INSTANTS)


@pytest.mark.parametrize("tile", TILES)
def test_every_tile_draws_and_reads(tile: str) -> None:
    pygame.init()
    for size, facing in ((46, 0), (74, 3)):
        image = tileart.render_tile(tile, size, facing, wounds=1, netted=facing == 3)
        assert image.get_width() >= 2 * size
        assert image.get_at(image.get_rect().center).a == 255, "the centre is opaque"
    lines = rulestext.tile_description(tile_info(tile))
    assert lines and all(line.strip() for line in lines)


def test_edge_symbols_turn_with_the_facing() -> None:
    """A Gauss beam drawn at facing 0 points up; at facing 3 it points down."""
    pygame.init()
    up = tileart.render_tile("moloch.gauss_cannon", 60, 0)
    down = tileart.render_tile("moloch.gauss_cannon", 60, 3)
    cx, cy = up.get_rect().center
    probe_up, probe_down = (cx, cy - 45), (cx, cy + 45)
    assert up.get_at(probe_up)[:3] == tileart.GAUSS
    assert down.get_at(probe_down)[:3] == tileart.GAUSS
    assert up.get_at(probe_down)[:3] != tileart.GAUSS


def test_the_font_is_bundled() -> None:
    path = resources.asset_path("fonts", resources.FONT_REGULAR)
    assert path.is_file()
    assert (path.parent / "LICENSE-DejaVu.txt").is_file()
    assert resources.font(18).size("Neuroshima")[0] > 50


def test_assets_are_found_when_frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = tmp_path / "nshex_pygame" / "assets"
    (bundled / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_dir() == bundled


GOLDEN = Path(__file__).parent / "golden" / "tiles.png"
GOLDEN_TILES = [
    ("borgo.hq", 0, 0, False),
    ("moloch.gauss_cannon", 2, 1, False),
    ("moloch.juggernaut", 5, 0, False),
    ("hegemony.net_master", 1, 0, True),
    ("outpost.mobile_armor", 0, 0, False),
    ("hegemony.universal_soldier", 3, 0, False),
    ("borgo.medic", 4, 0, False),
    ("outpost.commando", 0, 0, False),
]


def _tile_sheet() -> pygame.Surface:
    sheet = pygame.Surface((4 * 150, 2 * 140))
    sheet.fill((34, 36, 42))
    for i, (tile, facing, wounds, netted) in enumerate(GOLDEN_TILES):
        image = tileart.render_tile(tile, 64, facing, wounds=wounds, netted=netted)
        tileart.blit_tile(sheet, image, (75 + 150 * (i % 4), 70 + 140 * (i // 4)))
    return sheet


def test_tiles_look_as_they_did(tmp_path: Path) -> None:
    """A golden image with a tolerance: the tile drawing does not change by accident.

    After a deliberate change, NSHEX_UPDATE_GOLDEN=1 writes the new picture (look at it).
    """
    pygame.init()
    sheet = _tile_sheet()
    if os.environ.get("NSHEX_UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        pygame.image.save(sheet, str(GOLDEN))
    golden = pygame.image.load(str(GOLDEN))
    assert golden.get_size() == sheet.get_size()
    width, height = sheet.get_size()
    differing = 0
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            a, b = sheet.get_at((x, y)), golden.get_at((x, y))
            if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 48:
                differing += 1
    share = differing / ((width // 2) * (height // 2))
    if share > 0.02:
        pygame.image.save(sheet, str(tmp_path / "tiles-now.png"))
    assert share <= 0.02, f"{share:.1%} of the tile sheet changed; see {tmp_path}"


def test_the_text_on_a_tile_stays_upright_at_every_facing(app) -> None:
    """Only the edges' symbols turn with the tile: its name, initiative and toughness are drawn
    upright on top, the same at every facing."""
    size = 74
    for tile in ("borgo.mutant", "moloch.hybrid", "hegemony.net_master", "outpost.hq"):
        first = tileart.render_tile(tile, size, 0)
        middle = pygame.Rect(0, 0, round(size * 0.5), round(size * 0.4))
        middle.center = first.get_rect().move(0, round(size * 0.05)).center
        for facing in range(1, 6):
            turned = tileart.render_tile(tile, size, facing)
            for x in range(middle.left, middle.right, 2):
                for y in range(middle.top, middle.bottom, 2):
                    assert first.get_at((x, y)) == turned.get_at((x, y)), (tile, facing, x, y)


def test_small_marks_are_readable_at_the_smallest_window() -> None:
    """The smallest window (1024x640) draws the 1280x800 board at 0.8: a board tile's
    toughness pips, wound drop and its number stay big enough to read there."""
    from nshex_pygame.client.board import BoardView

    scale = 1024 / 1280
    marks = tileart.mark_sizes(BoardView().size - 2)
    assert marks["pip"] * scale >= 4
    assert marks["drop"] * scale >= 8
    assert marks["drop_font"] * scale >= 10


def test_the_colour_blind_palette(data_dir) -> None:
    from nshex_pygame.client.app import App
    from nshex_pygame.client.storage import Settings

    try:
        App(settings=Settings(palette="colour-blind"))
        assert tileart.palette == "colour-blind"
        assert tileart.NET != (255, 70, 90) and tileart.LINK != (110, 230, 130)
        blind = pygame.image.tobytes(tileart.render_tile("moloch.hybrid", 60), "RGBA")
        App(settings=Settings())
        assert tileart.palette == "standard"
        plain = pygame.image.tobytes(tileart.render_tile("moloch.hybrid", 60), "RGBA")
        assert plain != blind, "the tiles are drawn again in the palette's colours"
    finally:
        tileart.set_palette("standard")


def test_a_tile_too_small_for_its_name_shows_none_rather_than_a_cut_one(monkeypatch) -> None:
    """The offered Mercenaries are drawn small: "Alabama Machine Gunner" does not fit, and a
    cut name ("Machine Gunne") is worse than none (the hover box names the tile); at the
    hand's size the whole name is drawn."""
    from nshex_pygame.client import tileart
    from nshex_pygame.client.resources import font

    drawn: list[tuple[str, int]] = []
    real = tileart.text

    def record(surface, words, size, *args, **kwargs):
        drawn.append((words, size))
        return real(surface, words, size, *args, **kwargs)

    monkeypatch.setattr(tileart, "text", record)
    tile = "mercenaries.alabama_machine_gunner"
    for size in (22, 44):
        drawn.clear()
        tileart._render.cache_clear()
        tileart.render_tile(tile, size)
        names = [(w, s) for w, s in drawn if any(c.isalpha() for c in w)]
        image = tileart.render_tile(tile, size)
        for words, fsize in names:
            assert font(max(8, fsize), True).size(words)[0] <= image.get_width(), (size, words)
        if size == 44:
            assert " ".join(w for w, _s in names).endswith("Gunner"), names
    tileart._render.cache_clear()


def test_doomsday_tiles_stand_out_from_an_empty_hex() -> None:
    """The Doomsday Machine's grey tiles were grey on the grey of an empty hex: in every
    palette a grey army's colour has at least twice the empty hex's luminance contrast (an
    army with a hue is told apart by its hue)."""
    from nshex_pygame.client.board import BOARD_FILL

    def luminance(colour: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(v) for v in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    for name, palette in tileart.PALETTES.items():
        doomsday = palette["armies"]["doomsday"]
        assert contrast(doomsday, BOARD_FILL) >= 2.0, (name, doomsday)
        for army, colour in palette["armies"].items():
            if max(colour) - min(colour) < 40:  # a grey: only lightness tells it apart
                assert contrast(colour, BOARD_FILL) >= 1.5, (name, army, colour)
