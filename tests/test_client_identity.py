"""Each army's look beyond a colour (issue 40, item 18): a frame and an emblem per army, and a
pictogram per kind of tile chosen from the engine's tile view, the same shape in every palette;
every shipped asset listed with its licence."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from nshex_pygame.client import emblems, resources, tileart, tilemarks
from nshex_pygame.core import tile_ids

ARMIES = ("borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday")


def kind(tile: str) -> str:
    info = tileart.info_of(tile)
    return tilemarks.tile_kind(info, tileart.edge_marks(info).values())


@pytest.mark.parametrize(
    ("tile", "expected"),
    [
        ("moloch.hq", "hq"),
        ("borgo.mutant", "melee"),
        ("outpost.commando", "ranged"),
        ("moloch.juggernaut", "both"),
        ("moloch.gauss_cannon", "gauss"),
        ("hegemony.net_fighter", "net"),
        ("moloch.blocker", "shield"),
        ("moloch.medic", "module"),
        ("outpost.sniper", "instant"),
        ("doomsday.tripler", "redirect"),
        ("vegas.mine", "foundation"),
        ("mercenaries.mad_bomber", "bomb"),
    ],
)
def test_the_pictogram_follows_the_engines_tile_view(tile: str, expected: str) -> None:
    assert kind(tile) == expected


def test_every_tile_has_a_kind_with_words() -> None:
    for tile in tile_ids(None):
        assert kind(tile) in tilemarks.KINDS, tile


def test_every_army_has_a_frame_and_an_emblem_of_its_own() -> None:
    """The HQs of the seven armies drawn in one colour: their rims and faces still differ."""
    pygame.init()
    looks = set()
    for army in ARMIES:
        assert army in tilemarks.FRAMES and army in emblems.FIGURES
        image = pygame.Surface((160, 160), pygame.SRCALPHA)
        tilemarks.draw_frame(image, army, (80, 80), 70, (90, 90, 90))
        tilemarks.draw_watermark(image, army, (80, 80), 70, (90, 90, 90), 255)
        looks.add(pygame.image.tobytes(image, "RGBA"))
    assert len(looks) == len(ARMIES)


def _picto_mask(tile: str, size: int) -> list[bool]:
    image = tileart.render_tile(tile, size)
    cx, cy = image.get_rect().center
    r = round(size * 0.19)
    x0, y0 = round(cx - size * 0.68), round(cy - size * 0.02)
    return [
        min(image.get_at((x, y))[:3]) > 200  # the pictogram's white silhouette
        for x in range(x0 - r + 2, x0 + r - 2)
        for y in range(y0 - r + 2, y0 + r - 2)
    ]


def test_the_pictograms_are_the_same_shapes_in_the_colour_blind_palette() -> None:
    pygame.init()
    tiles = ["borgo.mutant", "outpost.commando", "moloch.blocker", "moloch.medic", "vegas.hq"]
    try:
        plain = [_picto_mask(t, 53) for t in tiles]
        tileart.set_palette("colour-blind")
        blind = [_picto_mask(t, 53) for t in tiles]
    finally:
        tileart.set_palette("standard")
    assert plain == blind
    assert len({tuple(m) for m in plain}) == len(tiles), "each kind its own silhouette"
    for mask in plain:  # readable at the expanded board's size: a figure, not a speck
        assert sum(mask) >= 12


def test_doomsday_tiles_carry_hazard_stripes_in_their_frame() -> None:
    pygame.init()
    image = tileart.render_tile("doomsday.omega_shooter", 60)
    trim = tilemarks.HAZARD_ORANGE
    pixels = pygame.PixelArray(image)
    try:
        count = sum(
            1
            for x in range(image.get_width())
            for y in range(image.get_height())
            if image.unmap_rgb(pixels[x, y])[:3] == trim
        )
    finally:
        pixels.close()
    assert count > 200, "the orange hazard band is drawn at the corners"


def test_every_shipped_asset_is_credited_with_its_licence() -> None:
    root = resources.assets_dir()
    credits = (root / "CREDITS.md").read_text(encoding="utf-8")
    shipped = [
        p
        for p in Path(root).rglob("*")
        if p.is_file() and p.suffix.lower() in (".ttf", ".png", ".ogg", ".wav")
    ]
    assert shipped
    for path in shipped:
        assert path.name in credits, f"{path.name} is not in CREDITS.md"
    assert "licence" in credits.lower()
