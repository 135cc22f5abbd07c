"""Each army's look beyond its tiles: a colour scheme for its shots and sparks, and its emblem
in a disc (the figures themselves, drawn with ``pygame.draw`` alone, are :mod:`emblems`).

Emblems are drawn once per size and kept (:func:`emblem`); :func:`draw_emblem` blits one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame

from nshex_pygame.client import emblems, tileart

INK = tileart.INK
# Each seat's own colour (its panel's edge, its turn banner, its line on the game-over chart,
# its ring on the board when two seats share an army): four told apart without red and green.
SEAT_COLOURS = [(255, 236, 150), (150, 220, 255), (255, 150, 210), (190, 170, 255)]
# A neutral unit (the Mad Bomber of D-24, seat "neutral" in the engine's unit dicts): it
# belongs to no seat, so it gets a grey ring of its own and no seat's colour.
NEUTRAL = "neutral"
NEUTRAL_RING = (150, 152, 160)
MAD_BOMBER = "mercenaries.mad_bomber"


def seat_of(unit: object) -> int | None:
    """The seat that owns a unit (a unit dict, or an event's ``seat`` value), or None for a
    neutral one (``"neutral"``): every lookup by seat goes through this."""
    seat = unit.get("seat") if isinstance(unit, dict) else unit
    if isinstance(seat, bool) or not isinstance(seat, int):
        return None
    return seat


def controller_of(unit: Mapping[str, Any], seats: int) -> int | None:
    """The seat that controls a unit now (a takeover), or its owner; None for a neutral unit
    nobody controls (the engine gives it a controller number past the seats)."""
    controller = unit.get("controller")
    if isinstance(controller, int) and not isinstance(controller, bool) and controller < seats:
        return controller
    return seat_of(unit)


def is_neutral(unit: object) -> bool:
    """Whether a unit (or a ``seat`` value) is neutral: no seat owns it."""
    seat = unit.get("seat") if isinstance(unit, dict) else unit
    return seat == NEUTRAL


@dataclass(frozen=True)
class Scheme:
    main: tuple[int, int, int]  # the army's colour (its tiles, its panel)
    light: tuple[int, int, int]  # highlights, the emblem's figure
    shot: tuple[int, int, int]  # a projectile's head
    trail: tuple[int, int, int]  # its trail
    spark: tuple[int, int, int]  # the shards of its units breaking apart


SCHEMES: dict[str, Scheme] = {
    "borgo": Scheme((150, 95, 25), (236, 214, 170), (255, 176, 60), (210, 120, 40), (196, 150, 90)),
    "moloch": Scheme((140, 30, 34), (200, 206, 214), (255, 80, 70), (200, 40, 40), (170, 170, 180)),
    "hegemony": Scheme(
        (38, 72, 140), (240, 200, 90), (255, 220, 110), (120, 160, 255), (120, 150, 210)
    ),
    "outpost": Scheme(
        (42, 110, 56), (214, 204, 150), (190, 255, 140), (90, 200, 110), (150, 170, 120)
    ),
    "smart": Scheme(
        (96, 60, 150), (120, 230, 240), (150, 240, 255), (120, 90, 220), (170, 150, 210)
    ),
    "vegas": Scheme(
        (16, 118, 128), (250, 210, 90), (120, 240, 230), (40, 190, 190), (150, 200, 190)
    ),
    "doomsday": Scheme(
        (122, 128, 146), (255, 150, 50), (255, 130, 40), (235, 90, 30), (190, 192, 200)
    ),
}


def scheme(army: str) -> Scheme:
    """The army's scheme; an army without one gets a scheme made from its colour."""
    if army in SCHEMES:
        return SCHEMES[army]
    if army in ("", NEUTRAL):  # a neutral unit's effects: grey, with a fiery shot
        return Scheme((96, 98, 106), NEUTRAL_RING, (255, 170, 60), (200, 120, 50), (170, 172, 180))
    main = tileart.army_colour(army)
    light = tileart.lighter(main, 0.6)
    return Scheme(main, light, tileart.lighter(main, 0.45), main, tileart.lighter(main, 0.3))


FIGURES = emblems.FIGURES


@cache
def emblem(army: str, radius: int) -> pygame.Surface:
    """The army's emblem in a disc of ``radius`` pixels (drawn once per size)."""
    sch = scheme(army)
    size = 2 * radius + 4
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.circle(image, tileart.darker(sch.main, 0.2), c, radius)
    pygame.draw.circle(image, sch.light, c, radius, max(2, radius // 10))
    pygame.draw.circle(image, INK, c, radius, 1)
    figure = FIGURES.get(army)
    if figure is not None:
        figure(image, c, radius * 0.86, sch)
    else:  # an army without a figure: its initial
        tileart.text(image, army[:1].upper(), int(radius), c, sch.light)
    return image


def draw_emblem(surface: pygame.Surface, army: str, center, radius: int) -> pygame.Rect:
    image = emblem(army, int(radius))
    return surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
