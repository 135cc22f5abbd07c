"""Each army's look beyond its tiles: a colour scheme for its shots and sparks, and an emblem
drawn with ``pygame.draw`` alone (no image files).

- Borgo, the mutant hordes: a clawed paw, three slashes over a round pad, in rust and bone.
- Moloch, the machine: a cog around a red eye, in blood red and steel.
- Hegemony, the gangs: a crowned skull-shield, in navy and gold.
- Outpost, the resistance: a crossed rifle and arrow over a star, in forest green and khaki.
- Smart, the machine mind: a chip with its pins, in violet and cyan.
- Vegas, the casino city: a diamond over a die's pips, in teal and gold.
- The Doomsday Machine: a hazard trefoil round a core, in gunmetal and warning orange.

Emblems are drawn once per size and kept (:func:`emblem`); :func:`draw_emblem` blits one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import pygame

from nshex_pygame.client import tileart

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


def controller_of(unit: dict, seats: int) -> int | None:
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


def _rotated(points, angle: float, center) -> list[tuple[float, float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [(center[0] + x * c - y * s, center[1] + x * s + y * c) for x, y in points]


def _borgo(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    pygame.draw.ellipse(
        surface, sch.light, pygame.Rect(c[0] - r * 0.42, c[1] + r * 0.02, r * 0.84, r * 0.6)
    )
    pygame.draw.ellipse(
        surface, INK, pygame.Rect(c[0] - r * 0.42, c[1] + r * 0.02, r * 0.84, r * 0.6), 2
    )
    for i in (-1, 0, 1):
        x = c[0] + i * r * 0.32
        claw = [(x - r * 0.09, c[1] - r * 0.02), (x + i * r * 0.1, c[1] - r * 0.7)]
        claw.append((x + r * 0.09, c[1] - r * 0.02))
        pygame.draw.polygon(surface, sch.light, claw)
        pygame.draw.polygon(surface, INK, claw, 2)


def _moloch(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    teeth = []
    for i in range(16):
        a = i * math.pi / 8
        rr = r * (0.72 if i % 2 == 0 else 0.56)
        teeth.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
    pygame.draw.polygon(surface, sch.light, teeth)
    pygame.draw.polygon(surface, INK, teeth, 2)
    pygame.draw.circle(surface, INK, c, r * 0.34)
    pygame.draw.circle(surface, (255, 50, 40), c, r * 0.2)
    pygame.draw.circle(surface, (255, 220, 200), (c[0] - r * 0.06, c[1] - r * 0.06), r * 0.06)


def _hegemony(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    shield = [
        (c[0] - r * 0.5, c[1] - r * 0.3),
        (c[0] + r * 0.5, c[1] - r * 0.3),
        (c[0] + r * 0.44, c[1] + r * 0.25),
        (c[0], c[1] + r * 0.68),
        (c[0] - r * 0.44, c[1] + r * 0.25),
    ]
    pygame.draw.polygon(surface, sch.light, shield)
    pygame.draw.polygon(surface, INK, shield, 2)
    crown = [
        (c[0] - r * 0.5, c[1] - r * 0.34),
        (c[0] - r * 0.5, c[1] - r * 0.72),
        (c[0] - r * 0.25, c[1] - r * 0.5),
        (c[0], c[1] - r * 0.78),
        (c[0] + r * 0.25, c[1] - r * 0.5),
        (c[0] + r * 0.5, c[1] - r * 0.72),
        (c[0] + r * 0.5, c[1] - r * 0.34),
    ]
    pygame.draw.polygon(surface, sch.light, crown)
    pygame.draw.polygon(surface, INK, crown, 2)
    for dx in (-0.18, 0.18):
        pygame.draw.circle(surface, INK, (c[0] + dx * r, c[1] + r * 0.05), r * 0.11)


def _outpost(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    star = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r * (0.7 if i % 2 == 0 else 0.3)
        star.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
    pygame.draw.polygon(surface, sch.light, star)
    pygame.draw.polygon(surface, INK, star, 2)
    for angle in (math.pi / 4, -math.pi / 4):
        bar = _rotated(
            [
                (-r * 0.78, -r * 0.06),
                (r * 0.78, -r * 0.06),
                (r * 0.78, r * 0.06),
                (-r * 0.78, r * 0.06),
            ],
            angle,
            c,
        )
        pygame.draw.polygon(surface, sch.main, bar)
        pygame.draw.polygon(surface, INK, bar, 1)


def _smart(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    body = pygame.Rect(0, 0, r * 0.9, r * 0.9)
    body.center = (round(c[0]), round(c[1]))
    for i in (-1, 0, 1):  # the pins on four sides
        off = i * r * 0.28
        for a, b in (
            ((c[0] + off, c[1] - r * 0.45), (c[0] + off, c[1] - r * 0.72)),
            ((c[0] + off, c[1] + r * 0.45), (c[0] + off, c[1] + r * 0.72)),
            ((c[0] - r * 0.45, c[1] + off), (c[0] - r * 0.72, c[1] + off)),
            ((c[0] + r * 0.45, c[1] + off), (c[0] + r * 0.72, c[1] + off)),
        ):
            pygame.draw.line(surface, sch.light, a, b, max(2, round(r * 0.09)))
    pygame.draw.rect(surface, sch.light, body, border_radius=max(1, round(r * 0.1)))
    pygame.draw.rect(surface, INK, body, 2, border_radius=max(1, round(r * 0.1)))
    pygame.draw.circle(surface, sch.main, c, r * 0.2)


def _vegas(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    diamond = [(c[0], c[1] - r * 0.75), (c[0] + r * 0.55, c[1]), (c[0], c[1] + r * 0.75)]
    diamond.append((c[0] - r * 0.55, c[1]))
    pygame.draw.polygon(surface, sch.light, diamond)
    pygame.draw.polygon(surface, INK, diamond, 2)
    for dx, dy in ((0, 0), (-0.2, -0.25), (0.2, 0.25)):
        pygame.draw.circle(surface, INK, (c[0] + dx * r, c[1] + dy * r), r * 0.09)


def _doomsday(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Scheme) -> None:
    for k in range(3):  # three blades of a hazard trefoil round a core
        mid = -math.pi / 2 + k * 2 * math.pi / 3
        blade = [(c[0] + math.cos(mid) * r * 0.2, c[1] + math.sin(mid) * r * 0.2)]
        for i in range(7):
            a = mid - 0.55 + i * 1.1 / 6
            blade.append((c[0] + math.cos(a) * r * 0.72, c[1] + math.sin(a) * r * 0.72))
        pygame.draw.polygon(surface, sch.light, blade)
        pygame.draw.polygon(surface, INK, blade, 2)
    pygame.draw.circle(surface, INK, c, r * 0.2)
    pygame.draw.circle(surface, sch.light, c, r * 0.12)


FIGURES = {
    "borgo": _borgo,
    "moloch": _moloch,
    "hegemony": _hegemony,
    "outpost": _outpost,
    "smart": _smart,
    "vegas": _vegas,
    "doomsday": _doomsday,
}


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
