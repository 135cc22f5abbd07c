"""The armies' emblems as figures drawn with ``pygame.draw`` alone (no image files): each
figure draws in a scheme's ``light`` and ``main`` colours with ink outlines, at any size.
:mod:`armystyle` puts them in a disc (the panels' emblems); :mod:`tilemarks` draws them faintly
on each tile of the army.

- Borgo, the mutant hordes: a clawed paw, three slashes over a round pad.
- Moloch, the machine: a cog around a red eye.
- Hegemony, the gangs: a crowned skull-shield.
- Outpost, the resistance: a crossed rifle and arrow over a star.
- Smart, the machine mind: a chip with its pins.
- Vegas, the casino city: a diamond over a die's pips.
- The Doomsday Machine: a hazard trefoil round a core.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import pygame

INK = (20, 20, 24)


class Colours(Protocol):
    """What a figure is drawn in (an army's scheme)."""

    @property
    def main(self) -> tuple[int, int, int]: ...

    @property
    def light(self) -> tuple[int, int, int]: ...


def _rotated(points, angle: float, center) -> list[tuple[float, float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [(center[0] + x * c - y * s, center[1] + x * s + y * c) for x, y in points]


def shield(
    c: tuple[float, float],
    r: float,
    top_half: float,
    top: float,
    shoulder_half: float,
    shoulder: float,
    tip: float,
) -> list[tuple[float, float]]:
    """A shield's five corners around ``c``, in units of ``r`` (y grows downwards): a flat top
    ``top_half`` each side at ``top``, the sides down to ``shoulder`` (``shoulder_half`` each
    side), the point at ``tip``. Hegemony's emblem and the shield pictogram of the tiles."""
    return [
        (c[0] - r * top_half, c[1] + r * top),
        (c[0] + r * top_half, c[1] + r * top),
        (c[0] + r * shoulder_half, c[1] + r * shoulder),
        (c[0], c[1] + r * tip),
        (c[0] - r * shoulder_half, c[1] + r * shoulder),
    ]


def _borgo(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
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


def _moloch(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
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


def _hegemony(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
    skull = shield(c, r, 0.5, -0.3, 0.44, 0.25, 0.68)
    pygame.draw.polygon(surface, sch.light, skull)
    pygame.draw.polygon(surface, INK, skull, 2)
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


def _outpost(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
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


def _smart(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
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


def _vegas(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
    diamond = [(c[0], c[1] - r * 0.75), (c[0] + r * 0.55, c[1]), (c[0], c[1] + r * 0.75)]
    diamond.append((c[0] - r * 0.55, c[1]))
    pygame.draw.polygon(surface, sch.light, diamond)
    pygame.draw.polygon(surface, INK, diamond, 2)
    for dx, dy in ((0, 0), (-0.2, -0.25), (0.2, 0.25)):
        pygame.draw.circle(surface, INK, (c[0] + dx * r, c[1] + dy * r), r * 0.09)


def _doomsday(surface: pygame.Surface, c: tuple[float, float], r: float, sch: Colours) -> None:
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


FIGURES: dict[str, Any] = {
    "borgo": _borgo,
    "moloch": _moloch,
    "hegemony": _hegemony,
    "outpost": _outpost,
    "smart": _smart,
    "vegas": _vegas,
    "doomsday": _doomsday,
}
