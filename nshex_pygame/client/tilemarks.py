"""A tile's identity beyond its colour: its army's frame and faint emblem, and a pictogram of
what kind of tile it is, all drawn by code.

- The frame: each army decorates its tile's rim at the six corners (where no edge symbol
  sits): Borgo claw slashes, Moloch rivets, Hegemony a double gold rim, Outpost stitching,
  Smart circuit nodes, Vegas marquee bulbs, the Doomsday Machine hazard stripes.
- The emblem: the army's figure (:mod:`emblems`), large and faint behind the tile's texts.
- The pictogram: a white silhouette in a dark disc at the tile's left corner, chosen from the
  engine's tile view (its kind, its edges' attacks, its abilities), never from a rule of our
  own: a sword (melee), a crosshair (ranged), both, a beam (Gauss), a net, a shield (no
  attack), a mast (module), a bolt (instant), a tower (HQ), a magnet (a takeover edge).

Shapes, not colours, tell the kinds apart: the same in the colour-blind palette.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from typing import Any

import pygame
import pygame.gfxdraw

from nshex_pygame.client import emblems, hexgeo

INK = emblems.INK
WHITE = (245, 245, 240)
PICTO_DISC = (24, 26, 32)
PICTO_SMALLEST = 5.0  # the smallest pictogram drawn (radius, pixels): tiles of 27 and up

# What each kind of tile is called in the rules' legend (the pictogram's words).
KINDS = {
    "hq": "HQ",
    "instant": "instant",
    "foundation": "foundation",
    "module": "module",
    "bomb": "the Mad Bomber",
    "net": "net fighter",
    "gauss": "Gauss unit",
    "both": "melee and ranged unit",
    "melee": "melee unit",
    "ranged": "ranged unit",
    "takeover": "takeover unit",
    "redirect": "redirector",
    "trap": "trap",
    "shield": "unit without attack",
}


def tile_kind(info: dict[str, Any], marks: Iterable[str] = ()) -> str:
    """Which pictogram a tile carries, from the engine's tile view (``tile_info``): its
    ``kind``, its edges' attacks (``melee``, ``ranged``, ``gauss``, ``net``, ``takeover``) and
    its ``abilities``; ``marks``: its edges' markers (``tileart.edge_marks``: a redirector's
    ``entry``/``exit``, a Trap's ``trigger``)."""
    kind = str(info.get("kind") or "")
    if kind in ("hq", "instant", "foundation", "module"):
        return kind
    if "mad-bomber" in (info.get("abilities") or []):
        return "bomb"
    edges = info.get("edges") or []
    has = {
        key for e in edges for key in ("melee", "ranged", "gauss", "net", "takeover") if e.get(key)
    }
    if "net" in has:
        return "net"
    if "gauss" in has:
        return "gauss"
    if "melee" in has and "ranged" in has:
        return "both"
    if "melee" in has or "ranged" in has:
        return "melee" if "melee" in has else "ranged"
    if "takeover" in has:
        return "takeover"
    marks = set(marks)
    if marks & {"entry", "exit"}:
        return "redirect"
    return "trap" if "trigger" in marks else "shield"


# --- the frames ------------------------------------------------------------------------------


def _corner(center, size: float, k: int, inward: float) -> tuple[float, float]:
    """Corner ``k`` of the hexagon (flat-topped: corner 0 points right), ``inward`` tile
    sizes in from the rim."""
    a = math.pi / 3 * k
    d = size * (1 - inward)
    return center[0] + math.cos(a) * d, center[1] + math.sin(a) * d


def _toward(p, q, f: float) -> tuple[float, float]:
    return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f


def _claws(surface, center, size, light, _main) -> None:
    w = max(2, round(size / 26))
    for k in range(6):
        c = _corner(center, size, k, 0.1)
        nxt = _corner(center, size, k + 1, 0.1)
        for j in (0.06, 0.12, 0.18):  # three slashes across the rim after each corner
            a = _toward(c, nxt, j)
            inner = _toward(a, center, 0.12)
            pygame.draw.line(surface, INK, a, _toward(inner, nxt, 0.05), w + 1)
            pygame.draw.line(surface, light, a, _toward(inner, nxt, 0.05), w)


def _rivets(surface, center, size, light, _main) -> None:
    r = max(2, round(size * 0.05))
    for k in range(6):
        for f in (0.0, 0.22, -0.22):
            c = _corner(center, size, k, 0.06)
            other = _corner(center, size, k + (1 if f > 0 else -1), 0.06)
            x, y = _toward(c, other, abs(f)) if f else c
            if f == 0.0:
                x, y = _toward(c, center, 0.04)
            pygame.gfxdraw.filled_circle(surface, round(x), round(y), r, light)
            pygame.gfxdraw.aacircle(surface, round(x), round(y), r, INK)


def _double_rim(surface, center, size, light, _main) -> None:
    for f, w in ((0.965, 2), (0.87, 1)):
        pts = [(round(x), round(y)) for x, y in hexgeo.corners(center, size * f)]
        pygame.draw.polygon(surface, light, pts, max(1, round(w * size / 40)))
    for k in range(6):  # a gold stud at each corner
        x, y = _corner(center, size, k, 0.08)
        pygame.gfxdraw.filled_circle(surface, round(x), round(y), max(2, round(size / 22)), light)


def _stitches(surface, center, size, light, _main) -> None:
    corners = hexgeo.corners(center, size * 0.93)
    w = max(1, round(size / 36))
    for k in range(6):
        a, b = corners[k], corners[(k + 1) % 6]
        for j in range(0, 10, 2):
            pygame.draw.line(surface, light, _toward(a, b, j / 10), _toward(a, b, (j + 1) / 10), w)


def _circuit(surface, center, size, light, _main) -> None:
    w = max(1, round(size / 34))
    r = max(2, round(size * 0.045))
    for k in range(6):
        c = _corner(center, size, k, 0.07)
        bend = _toward(c, center, 0.16)
        end = _toward(bend, _corner(center, size, k + 1, 0.23), 0.2)
        pygame.draw.line(surface, light, c, bend, w)
        pygame.draw.line(surface, light, bend, end, w)
        pygame.gfxdraw.filled_circle(surface, round(end[0]), round(end[1]), r, light)
        pygame.gfxdraw.aacircle(surface, round(end[0]), round(end[1]), r, INK)


def _bulbs(surface, center, size, light, _main) -> None:
    r = max(2, round(size * 0.04))
    for k in range(6):
        c = _corner(center, size, k, 0.07)
        for nb in (k - 1, k + 1):
            for f in (0.0, 0.13):
                x, y = _toward(c, _corner(center, size, nb, 0.07), f)
                pygame.gfxdraw.filled_circle(surface, round(x), round(y), r, light)
                pygame.gfxdraw.aacircle(surface, round(x), round(y), r, INK)


def _hazard(surface, center, size, light, _main) -> None:
    """A band of hazard stripes across each corner of the rim."""
    for k in range(6):
        o, i = _corner(center, size, k, 0.02), _corner(center, size, k, 0.15)
        before, after = _corner(center, size, k - 1, 0.02), _corner(center, size, k + 1, 0.02)
        ib, ia = _corner(center, size, k - 1, 0.15), _corner(center, size, k + 1, 0.15)
        f = 0.2
        band = [_toward(o, before, f), o, _toward(o, after, f)]
        band += [_toward(i, ia, f * 0.9), i, _toward(i, ib, f * 0.9)]
        pygame.draw.polygon(surface, light, band)
        for s in (-0.12, 0.0, 0.12):  # the black stripes across it
            a = _toward(o, after if s > 0 else before, abs(s) + 0.03)
            b = _toward(i, ia if s > 0 else ib, abs(s) * 0.9)
            pygame.draw.line(surface, INK, a, b, max(2, round(size / 28)))
        pygame.draw.polygon(surface, INK, band, 1)


FRAMES = {
    "borgo": _claws,
    "moloch": _rivets,
    "hegemony": _double_rim,
    "outpost": _stitches,
    "smart": _circuit,
    "vegas": _bulbs,
    "doomsday": _hazard,
}
HAZARD_ORANGE = (255, 150, 40)  # the Doomsday Machine's hazard band (its own, not its grey)


def draw_frame(surface, army: str, center, size: float, main) -> None:
    """The army's decorated rim (nothing for an army without a frame)."""
    frame = FRAMES.get(army)
    if frame is not None:
        trim = HAZARD_ORANGE if frame is _hazard else _pale(main)
        frame(surface, center, size, trim, main)


def _pale(colour) -> tuple[int, int, int]:
    """The army's colour made pale: its frame's trim, told apart from the tile in any palette."""
    r, g, b = (round(v + (255 - v) * 0.62) for v in colour)
    return r, g, b


class _Tint:
    def __init__(self, main, light) -> None:
        self.main, self.light = main, light


def draw_watermark(surface, army: str, center, size: float, main, strength: int = 46) -> None:
    """The army's emblem, large and faint, behind the tile's texts (``strength``: its
    opacity, 0-255)."""
    if army not in emblems.FIGURES:
        return
    layer = _watermark(army, round(size * 0.52), tuple(main), strength)
    surface.blit(layer, layer.get_rect(center=(round(center[0]), round(center[1]))))


@cache
def _watermark(army: str, r: int, main: tuple[int, ...], strength: int) -> pygame.Surface:
    """The faint emblem of radius ``r`` (drawn once per army, size, colour and strength)."""
    layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    light = tuple(min(255, v + 90) for v in main)  # a lighter shade of the tile itself
    emblems.FIGURES[army](layer, (r + 2, r + 2), r * 0.95, _Tint(main, light))
    layer.set_alpha(strength)
    return layer


# --- the pictograms ----------------------------------------------------------------------------


def _sword(s, c, r, colour=WHITE, angle=-math.pi / 4) -> None:
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    tip = (c[0] + ux * r, c[1] + uy * r)
    base = (c[0] - ux * r * 0.35, c[1] - uy * r * 0.35)
    w = r * 0.16
    blade = [(base[0] + px * w, base[1] + py * w), tip, (base[0] - px * w, base[1] - py * w)]
    pygame.draw.polygon(s, colour, blade)
    guard = r * 0.42
    pygame.draw.line(
        s,
        colour,
        (base[0] + px * guard, base[1] + py * guard),
        (base[0] - px * guard, base[1] - py * guard),
        max(2, round(r * 0.2)),
    )
    grip = (c[0] - ux * r * 0.85, c[1] - uy * r * 0.85)
    pygame.draw.line(s, colour, base, grip, max(2, round(r * 0.2)))


def _crosshair(s, c, r, colour=WHITE) -> None:
    w = max(1, round(r * 0.16))
    pygame.draw.circle(s, colour, c, r * 0.62, w)
    for k in range(4):
        a = k * math.pi / 2
        pygame.draw.line(
            s,
            colour,
            (c[0] + math.cos(a) * r * 0.3, c[1] + math.sin(a) * r * 0.3),
            (c[0] + math.cos(a) * r * 0.98, c[1] + math.sin(a) * r * 0.98),
            w,
        )
    pygame.draw.circle(s, colour, c, max(1, r * 0.12))


def _both(s, c, r) -> None:
    _crosshair(s, (c[0] + r * 0.25, c[1] - r * 0.25), r * 0.7)
    _sword(s, (c[0] - r * 0.1, c[1] + r * 0.1), r * 0.9, angle=-3 * math.pi / 4)


def _beam(s, c, r) -> None:
    w = max(2, round(r * 0.34))
    pygame.draw.line(s, (90, 200, 255), (c[0] - r, c[1] + r * 0.5), (c[0] + r, c[1] - r * 0.5), w)
    pygame.draw.line(
        s, WHITE, (c[0] - r, c[1] + r * 0.5), (c[0] + r, c[1] - r * 0.5), max(1, w // 3)
    )
    pygame.draw.circle(s, WHITE, (c[0] - r * 0.6, c[1] + r * 0.3), r * 0.28)


def _net(s, c, r) -> None:
    w = max(1, round(r * 0.13))
    for k in (-1, 0, 1):
        off = k * r * 0.45
        pygame.draw.line(
            s,
            WHITE,
            (c[0] + off - r * 0.45, c[1] - r * 0.8),
            (c[0] + off + r * 0.45, c[1] + r * 0.8),
            w,
        )
        pygame.draw.line(
            s,
            WHITE,
            (c[0] + off + r * 0.45, c[1] - r * 0.8),
            (c[0] + off - r * 0.45, c[1] + r * 0.8),
            w,
        )
    pygame.draw.circle(s, WHITE, c, r * 0.95, w)


def _shield(s, c, r) -> None:
    pygame.draw.polygon(s, WHITE, emblems.shield(c, r, 0.7, -0.75, 0.62, 0.15, 0.9))
    pygame.draw.line(
        s, PICTO_DISC, (c[0], c[1] - r * 0.55), (c[0], c[1] + r * 0.6), max(1, round(r * 0.16))
    )


def _mast(s, c, r) -> None:
    """A module: a mast sending out its waves."""
    w = max(1, round(r * 0.16))
    top = (c[0], c[1] - r * 0.25)
    pygame.draw.polygon(
        s, WHITE, [top, (c[0] - r * 0.45, c[1] + r * 0.9), (c[0] + r * 0.45, c[1] + r * 0.9)], w
    )
    pygame.draw.circle(s, WHITE, top, max(2, r * 0.18))
    for k in (0.5, 0.85):
        box = pygame.Rect(0, 0, r * k * 2, r * k * 2)
        box.center = (round(top[0]), round(top[1]))
        pygame.draw.arc(s, WHITE, box, -0.7, 0.7, w)
        pygame.draw.arc(s, WHITE, box, math.pi - 0.7, math.pi + 0.7, w)


def _bolt(s, c, r) -> None:
    pts = [
        (c[0] + r * 0.2, c[1] - r),
        (c[0] - r * 0.55, c[1] + r * 0.12),
        (c[0] - r * 0.02, c[1] + r * 0.12),
        (c[0] - r * 0.25, c[1] + r),
        (c[0] + r * 0.55, c[1] - r * 0.15),
        (c[0] + r * 0.05, c[1] - r * 0.15),
    ]
    pygame.draw.polygon(s, (255, 214, 40), pts)


def _tower(s, c, r) -> None:
    body = pygame.Rect(0, 0, round(r * 1.1), round(r * 1.2))
    body.midbottom = (round(c[0]), round(c[1] + r * 0.85))
    pygame.draw.rect(s, WHITE, body)
    for k in range(3):  # the battlements
        merlon = pygame.Rect(0, 0, max(2, round(r * 0.26)), max(2, round(r * 0.34)))
        merlon.bottomleft = (round(body.left + k * (body.width - merlon.width) / 2), body.top + 1)
        pygame.draw.rect(s, WHITE, merlon)
    door = pygame.Rect(0, 0, max(2, round(r * 0.32)), max(2, round(r * 0.45)))
    door.midbottom = body.midbottom
    pygame.draw.rect(s, PICTO_DISC, door)


def _magnet(s, c, r) -> None:
    box = pygame.Rect(0, 0, round(r * 1.5), round(r * 1.5))
    box.center = (round(c[0]), round(c[1] - r * 0.1))
    pygame.draw.arc(s, (255, 150, 230), box, math.pi, 2 * math.pi, max(2, round(r * 0.36)))
    for dx in (-1, 1):
        x = c[0] + dx * r * 0.57
        pygame.draw.line(
            s, WHITE, (x, c[1] - r * 0.1), (x, c[1] - r * 0.75), max(2, round(r * 0.36))
        )


def _redirect(s, c, r) -> None:
    """A redirector: a shot bent round a corner."""
    w = max(2, round(r * 0.28))
    corner = (c[0] - r * 0.35, c[1] - r * 0.35)
    pygame.draw.line(s, WHITE, (c[0] - r * 0.35, c[1] + r), corner, w)
    pygame.draw.line(s, (255, 140, 40), corner, (c[0] + r * 0.4, corner[1]), w)
    head = [(c[0] + r, corner[1]), (c[0] + r * 0.35, corner[1] - r * 0.45)]
    head.append((c[0] + r * 0.35, corner[1] + r * 0.45))
    pygame.draw.polygon(s, (255, 140, 40), head)


def _warning(s, c, r) -> None:
    """A trap: a warning sign."""
    pts = [(c[0], c[1] - r), (c[0] + r, c[1] + r * 0.8), (c[0] - r, c[1] + r * 0.8)]
    pygame.draw.polygon(s, (255, 214, 40), pts)
    w = max(2, round(r * 0.22))
    pygame.draw.line(s, INK, (c[0], c[1] - r * 0.35), (c[0], c[1] + r * 0.25), w)
    pygame.draw.circle(s, INK, (c[0], c[1] + r * 0.55), max(1, w * 0.6))


PICTOGRAMS = {
    "redirect": _redirect,
    "trap": _warning,
    "melee": _sword,
    "ranged": _crosshair,
    "both": _both,
    "gauss": _beam,
    "net": _net,
    "shield": _shield,
    "module": _mast,
    "instant": _bolt,
    "hq": _tower,
    "takeover": _magnet,
}


def draw_pictogram(surface, kind: str, center, radius: float, edge) -> None:
    """The pictogram of ``kind`` in a dark disc of ``radius`` edged in ``edge`` (nothing for a
    kind without one: a foundation, the Mad Bomber carry their own face)."""
    draw = PICTOGRAMS.get(kind)
    if draw is None or radius < PICTO_SMALLEST:  # (a speck on a tiny tile: its hover box tells)
        return
    x, y, r = round(center[0]), round(center[1]), max(5, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, PICTO_DISC)
    pygame.gfxdraw.aacircle(surface, x, y, r, edge)
    pygame.draw.circle(surface, edge, (x, y), r, max(1, round(r / 7)))
    draw(surface, (x, y), r * 0.68)
