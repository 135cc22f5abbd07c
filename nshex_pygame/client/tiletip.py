"""A tile's hover box off the board (the gallery, the rules pages): its army and name, its
kind, what it does; and the armies those screens show, in their order."""

from __future__ import annotations

import pygame

from nshex_pygame.client import rulestext, tileart, widgets
from nshex_pygame.client.words import army_name

ARMIES = ("borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday")


def tile_tooltip(surface: pygame.Surface, tile: str, pos: tuple[int, int]) -> None:
    """The hover box of a tile: its army and name, its kind, what it does."""
    info = tileart.info_of(tile)
    kind = rulestext.KIND_NAMES.get(str(info.get("kind")), str(info.get("kind")))
    lines = [(kind, widgets.DIM)] + [(t, widgets.TEXT) for t in rulestext.tile_description(info)]
    widgets.tooltip(surface, f"{army_name(str(info.get('army')))} {info.get('name')}", lines, pos)
