"""Tiles drawn from the engine's data: no artwork, every symbol a distinct shape.

A tile is a hexagon in its army's colour. Each edge carries its symbols where the edge points
(``(edge + facing) mod 6``), while the texts (name, initiative) stay upright:

- melee: white triangles pointing out, one per strength point;
- ranged: yellow arrows, one per strength point; Gauss: a blue beam with an arrow head;
- armor: a steel bar along the edge; net: a red mesh; link: a green tab;
- a long-distance link (reaching the units 1 and 2 hexes away): a doubled green tab;
- a redirector's entries: small orange arrows pointing in; its exits: orange arrows pointing
  out; a Trap's marked edge: yellow and black hazard stripes;
- initiative: white discs in the middle; toughness: white pips above them; mobility: a boot;
- wounds: red drops with a count; a netted tile is covered by a red mesh.

Rendered tiles are cached (a board redraw blits surfaces).
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pygame.gfxdraw

from nshex_pygame.client import hexgeo, tilemarks
from nshex_pygame.client.resources import font

RGB = tuple[int, int, int]
# Each army's colour in the standard palette and in the colour-blind-safe one (after Okabe and
# Ito): no army, and no net against a link, told apart by red against green alone.
ARMY_PALETTES: dict[str, tuple[RGB, RGB]] = {
    "borgo": ((150, 95, 25), (176, 112, 0)),
    "moloch": ((140, 30, 34), (150, 58, 112)),
    "hegemony": ((38, 72, 140), (0, 94, 156)),
    "outpost": ((42, 110, 56), (0, 118, 86)),
    "smart": ((96, 60, 150), (86, 86, 96)),
    "vegas": ((16, 118, 128), (150, 140, 20)),
    # standard: a light steel, grey like a machine, yet clear of the empty hex's slate
    # (BOARD_FILL); colour-blind: a light grey, apart from Smart's dark grey and the board
    "doomsday": ((122, 128, 146), (150, 150, 162)),
}
PALETTES: dict[str, dict[str, Any]] = {
    "standard": {
        "armies": {army: both[0] for army, both in ARMY_PALETTES.items()},
        "NET": (255, 70, 90),
        "LINK": (110, 230, 130),
        "WOUND": (220, 20, 30),
    },
    "colour-blind": {
        "armies": {army: both[1] for army, both in ARMY_PALETTES.items()},
        "NET": (240, 130, 20),
        "LINK": (90, 185, 240),
        "WOUND": (213, 60, 0),
    },
}
ARMY_COLOURS: dict[str, RGB] = dict(PALETTES["standard"]["armies"])  # set_palette changes it
palette = "standard"
ARMY_NAMES = {
    "borgo": "Borgo",
    "moloch": "Moloch",
    "hegemony": "Hegemony",
    "outpost": "Outpost",
    "smart": "Smart",
    "vegas": "Vegas",
    "doomsday": "Doomsday Machine",
}

WHITE = (245, 245, 240)
INK = (20, 20, 24)
YELLOW = (255, 214, 40)
GAUSS = (90, 200, 255)
STEEL = (178, 188, 200)


def _marks_of(chosen: dict[str, Any]) -> tuple[RGB, RGB, RGB]:
    """A palette's net, link and wound colours."""
    return chosen["NET"], chosen["LINK"], chosen["WOUND"]


NET, LINK, WOUND = _marks_of(PALETTES["standard"])  # set_palette changes them
TAKEOVER = (255, 150, 230)  # a takeover edge (Vegas HQ, Agitator) and a unit taken over
TERMINAL = (80, 220, 230)  # the Duel board's terminals and the Links standing on them
REDIRECT = (255, 140, 40)  # a redirector's entry and exit arrows
HAZARD = (255, 214, 40)  # a Trap's marked edge (with black stripes)
BOMBER_GREY = (74, 76, 86)  # the Mad Bomber's tile (a neutral tile of no army's colour)
# The army data the engine is built from (in a source checkout): read only for the edge
# markers the engine's tile view does not carry yet (see :func:`edge_marks`).
ARMY_DATA = Path(__file__).resolve().parents[2] / "rust_core" / "nshex_rules" / "data" / "armies"
MARKS = ("entry", "exit", "trigger", "long_link")


def badges(info: dict[str, Any]) -> list[str]:
    """The short labels a tile carries for its abilities, as the engine words them
    (``tile_info(...)["ability_texts"]``): a module's abilities, an HQ's army bonus (the
    ``hq`` keyword itself is the HQ drawn, not a badge)."""
    return [
        str(entry["badge"])
        for entry in info.get("ability_texts") or []
        if entry.get("badge") and entry.get("keyword") != "hq"
    ]


def set_palette(name: str) -> None:
    """Switch the tiles' and marks' colours (``"standard"`` or ``"colour-blind"``); the
    rendered tiles are drawn again."""
    global palette, NET, LINK, WOUND
    chosen = PALETTES.get(name, PALETTES["standard"])
    palette = name if name in PALETTES else "standard"
    ARMY_COLOURS.clear()
    ARMY_COLOURS.update(chosen["armies"])
    NET, LINK, WOUND = _marks_of(chosen)
    _render.cache_clear()


def mark_sizes(size: float) -> dict[str, float]:
    """How big a tile of ``size`` draws its small marks (pixels): the toughness pips' radius,
    the wound drop's radius and its number's font size. At the smallest window the board's
    tiles are drawn at 0.8 of their size; these stay readable there."""
    return {
        "pip": max(4.0, size * 0.075),
        "drop": size * 0.15,
        "drop_font": max(11.0, size * 0.2),
    }


def army_colour(army: str) -> tuple[int, int, int]:
    if army in ARMY_COLOURS:
        return ARMY_COLOURS[army]
    h = sum(ord(c) * 31**i for i, c in enumerate(army)) % 360
    colour = pygame.Color(0)
    colour.hsva = (h, 60, 55, 100)
    return colour.r, colour.g, colour.b


def lighter(colour: tuple[int, int, int], amount: float = 0.35) -> tuple[int, int, int]:
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


def darker(colour: tuple[int, int, int], amount: float = 0.45) -> tuple[int, int, int]:
    r, g, b = colour
    return int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount))


@cache
def info_of(tile_id: str) -> dict[str, Any]:
    from nshex_pygame.core import tile_info

    return dict(tile_info(tile_id))


def _poly(surface: pygame.Surface, points: list[tuple[float, float]], fill, outline=INK) -> None:
    pts = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, pts, fill)
    pygame.gfxdraw.aapolygon(surface, pts, outline)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, 1)


class _Edge:
    """Coordinates on one edge: ``at(along, inward)`` measured in tile sizes."""

    def __init__(self, center: tuple[float, float], size: float, direction: int) -> None:
        angle = hexgeo.edge_angle(direction)
        self.u = (math.cos(angle), math.sin(angle))  # outward
        self.t = (-self.u[1], self.u[0])  # along the edge, clockwise
        self.apothem = size * hexgeo.SQRT3 / 2
        self.center = center
        self.size = size

    def at(self, along: float, inward: float) -> tuple[float, float]:
        s = self.size
        d = self.apothem - inward * s
        return (
            self.center[0] + self.u[0] * d + self.t[0] * along * s,
            self.center[1] + self.u[1] * d + self.t[1] * along * s,
        )

    def band(
        self, along: float, near_half: float, near: float, far_half: float, far: float
    ) -> list[tuple[float, float]]:
        """Four corners centred ``along`` the edge, from ``near`` to ``far`` inward:
        ``near_half`` each side at the near end, ``far_half`` at the far (a bar, a tab, an
        arrow's shaft)."""
        return [
            self.at(along - near_half, near),
            self.at(along + near_half, near),
            self.at(along + far_half, far),
            self.at(along - far_half, far),
        ]

    def head(self, along: float, tip: float, half: float, base: float) -> list[tuple[float, float]]:
        """A triangle pointing at ``tip`` (inward), its base ``half`` each side at ``base``:
        an arrow's head, pointing out when ``tip`` is nearer the edge than ``base``."""
        return [self.at(along, tip), self.at(along - half, base), self.at(along + half, base)]


def _melee(surface, edge: _Edge, offset: float, count: int, width: float) -> None:
    w = min(0.24, width / max(count, 1))
    for i in range(count):
        a = offset + (i - (count - 1) / 2) * w
        _poly(surface, edge.head(a, 0.05, w * 0.47, 0.32), WHITE)


def _ranged(surface, edge: _Edge, offset: float, count: int, width: float) -> None:
    w = min(0.2, width / max(count, 1))
    for i in range(count):
        a = offset + (i - (count - 1) / 2) * w
        _poly(surface, edge.band(a, 0.035, 0.2, 0.035, 0.46), YELLOW)
        _poly(surface, edge.head(a, 0.04, w * 0.46, 0.22), YELLOW)


def _gauss(surface, edge: _Edge, offset: float) -> None:
    _poly(surface, edge.band(offset, 0.065, 0.18, 0.065, 0.5), GAUSS)
    pygame.draw.line(
        surface, WHITE, edge.at(offset, 0.18), edge.at(offset, 0.46), max(1, int(edge.size / 40))
    )
    _poly(surface, edge.head(offset, 0.03, 0.14, 0.2), GAUSS)


def _armor(surface, edge: _Edge) -> None:
    _poly(surface, edge.band(0.0, 0.4, 0.015, 0.34, 0.11), STEEL)


def _net(surface, edge: _Edge, offset: float, width: float) -> None:
    half = min(0.24, width / 2)
    near, far = 0.05, 0.36
    outline = edge.band(offset, half, near, half * 0.6, far)
    _poly(surface, outline, darker(NET, 0.65), NET)
    thick = max(1, round(edge.size / 45))
    for k in range(1, 4):
        f = k / 4
        pygame.draw.line(
            surface,
            NET,
            edge.at(offset - half + 2 * half * f, near),
            edge.at(offset - half * 0.6 + 1.2 * half * f, far),
            thick,
        )
        inward = near + (far - near) * f
        span = half - 0.4 * half * f
        pygame.draw.line(
            surface, NET, edge.at(offset - span, inward), edge.at(offset + span, inward), thick
        )
    pygame.draw.polygon(surface, NET, [(round(x), round(y)) for x, y in outline], thick)


def _link(surface, edge: _Edge) -> None:
    _poly(surface, edge.band(0.0, 0.2, 0.0, 0.13, 0.15), LINK)


@cache
def _army_markers(army: str) -> dict[str, dict[int, str]]:
    """``{tile id: {edge: marker}}`` from the army data file (``"special"`` of each edge:
    ``entry``, ``exit``, ``trigger``, ``long-range-link``); empty without the file."""
    try:
        data = json.loads((ARMY_DATA / f"{army}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    names = {"long-range-link": "long_link"}
    out: dict[str, dict[int, str]] = {}
    for tile in data.get("tiles") or []:
        for e in tile.get("edges") or []:
            special = e.get("special")
            if special:
                mark = names.get(special, special)
                out.setdefault(str(tile.get("id")), {})[int(e["edge"])] = mark
    return out


def edge_marks(info: dict[str, Any]) -> dict[int, str]:
    """The printed edges that carry a marker, ``{edge: "entry" | "exit" | "trigger" |
    "long_link"}``: a redirector's entries and exits, a Trap's marked edge, a long-distance
    link. From the engine's tile view when its edges say (a boolean per marker); until it
    does, from the army data the engine is built from."""
    edges = info.get("edges") or []
    if any(any(m in d for m in MARKS) for d in edges):
        return {e: m for e, d in enumerate(edges) for m in MARKS if d.get(m)}
    marks = _army_markers(str(info.get("army")))
    return {e: m for e, m in marks.get(str(info.get("id")), {}).items() if m in MARKS and e < 6}


def _double_link(surface, edge: _Edge) -> None:
    """A long-distance link: the link's tab doubled, the second further in (two hexes)."""
    _link(surface, edge)
    _poly(surface, edge.band(0.0, 0.16, 0.2, 0.1, 0.33), LINK)


def _entry(surface, edge: _Edge, offset: float = 0.0) -> None:
    """A redirector's entry: a small orange arrow pointing into the tile."""
    _poly(surface, edge.head(offset, 0.3, 0.12, 0.1), REDIRECT)


def _exit(surface, edge: _Edge, offset: float = 0.0) -> None:
    """A redirector's exit: an orange arrow pointing out, a shaft and a wide head."""
    _poly(surface, edge.band(offset, 0.05, 0.2, 0.05, 0.44), REDIRECT)
    _poly(surface, edge.head(offset, 0.03, 0.17, 0.22), REDIRECT)


def _trigger(surface, edge: _Edge) -> None:
    """A Trap's marked edge: a band of yellow and black hazard stripes along it."""
    near, far = 0.02, 0.16
    _poly(surface, edge.band(0.0, 0.42, near, 0.34, far), HAZARD)
    for k in range(-3, 3):
        a = k * 0.13 + 0.02
        stripe = [
            edge.at(max(-0.4, a), near + 0.005),
            edge.at(max(-0.4, a + 0.06), near + 0.005),
            edge.at(max(-0.33, a + 0.01), far - 0.005),
            edge.at(max(-0.33, a - 0.05), far - 0.005),
        ]
        if a + 0.06 <= 0.4:
            _poly(surface, stripe, INK, INK)
    _poly(surface, edge.head(0.0, far + 0.03, 0.09, far + 0.19), HAZARD)  # and a warning sign
    pygame.draw.line(
        surface,
        INK,
        edge.at(0.0, far + 0.08),
        edge.at(0.0, far + 0.14),
        max(1, round(edge.size / 30)),
    )


def takeover_edges(info: dict[str, Any]) -> list[int]:
    """The printed edges that take over the enemy unit they face (the Vegas HQ's, an
    Agitator's), as the engine's tile data marks them."""
    return [e for e, d in enumerate(info.get("edges") or []) if d.get("takeover")]


def _takeover(surface, edge: _Edge) -> None:
    """A takeover edge: a magenta hook, two chevrons pointing out (a link is a green tab)."""
    for inward in (0.05, 0.2):
        _poly(
            surface,
            [
                edge.at(0.0, inward),
                edge.at(-0.26, inward + 0.16),
                edge.at(-0.16, inward + 0.2),
                edge.at(0.0, inward + 0.1),
                edge.at(0.16, inward + 0.2),
                edge.at(0.26, inward + 0.16),
            ],
            TAKEOVER,
        )


def draw_edges(surface, info: dict[str, Any], center, size: float, facing: int) -> None:
    is_hq = info.get("kind") == "hq"
    takeovers = takeover_edges(info)
    marks = edge_marks(info)
    for e, data in enumerate(info.get("edges") or []):
        edge = _Edge(center, size, (e + facing) % 6)
        mark = marks.get(e)
        if data.get("armor"):
            _armor(surface, edge)
        if e in takeovers:
            _takeover(surface, edge)
        elif mark == "long_link":
            _double_link(surface, edge)
        elif data.get("link") and not is_hq:
            _link(surface, edge)
        if mark == "trigger":
            _trigger(surface, edge)
        groups: list[str] = []
        if mark in ("entry", "exit"):
            groups.append(mark)
        if data.get("gauss"):
            groups.append("gauss")
        elif data.get("ranged"):
            groups.append("ranged")
        if data.get("melee"):
            groups.append("melee")
        if data.get("net"):
            groups.append("net")
        if not groups:
            continue
        width = 0.7 / len(groups)
        for g, group in enumerate(groups):
            offset = (g - (len(groups) - 1) / 2) * width
            if group == "melee":
                _melee(surface, edge, offset, int(data["melee"]), width)
            elif group == "ranged":
                _ranged(surface, edge, offset, int(data["ranged"]), width)
            elif group == "gauss":
                _gauss(surface, edge, offset)
            elif group == "entry":
                _entry(surface, edge, offset)
            elif group == "exit":
                _exit(surface, edge, offset)
            else:
                _net(surface, edge, offset, width)


def text(surface, words: str, size: int, center, colour=WHITE, bold=True, shadow=True) -> None:
    f = font(max(8, size), bold)
    image = f.render(words, True, colour)
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    if shadow:
        dark = f.render(words, True, INK)
        for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            surface.blit(dark, rect.move(dx, dy))
    surface.blit(image, rect)


@cache
def fit_text(words: str, size: int, max_width: float, bold: bool = True) -> int:
    """The largest font size <= size at which ``words`` fit in ``max_width``."""
    while size > 8 and font(size, bold).size(words)[0] > max_width:
        size -= 1
    return size


def name_lines(name: str, size: int, max_width: float) -> tuple[list[str], int]:
    if font(size, True).size(name)[0] <= max_width or " " not in name:
        return [name], fit_text(name, size, max_width)
    words = name.split()
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        width = max(font(size, True).size(a)[0], font(size, True).size(b)[0])
        if best is None or width < best[0]:
            best = (width, [a, b])
    assert best is not None
    lines = best[1]
    return lines, min(fit_text(line, size, max_width) for line in lines)


def _disc(surface, center, radius: float, label: str, fill=WHITE, colour=INK) -> None:
    x, y, r = round(center[0]), round(center[1]), max(3, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, fill)
    pygame.gfxdraw.aacircle(surface, x, y, r, INK)
    size = fit_text(label, round(radius * 1.45), radius * 1.8)
    text(surface, label, size, (x, y + 1), colour, shadow=False)


def _boot(surface, center, size: float) -> None:
    """The Mobility mark: a small boot (a shaft with a cuff, a rounded toe, a dark sole)."""
    cx, cy = center
    s = size * 0.12
    boot = [
        (cx - s * 0.55, cy - s * 1.15),
        (cx + s * 0.25, cy - s * 1.15),
        (cx + s * 0.25, cy - s * 0.15),
        (cx + s * 0.75, cy + s * 0.05),
        (cx + s * 1.1, cy + s * 0.3),
        (cx + s * 1.2, cy + s * 0.8),
        (cx - s * 0.55, cy + s * 0.8),
    ]
    _poly(surface, boot, WHITE)
    width = max(2, round(s * 0.22))
    sole = cy + s * 0.55
    pygame.draw.line(surface, INK, (cx - s * 0.5, sole), (cx + s * 1.15, sole), width)
    cuff = cy - s * 0.8
    pygame.draw.line(surface, INK, (cx - s * 0.5, cuff), (cx + s * 0.2, cuff), max(1, width - 1))


def _pips(surface, center, size: float, count: int) -> None:
    r = round(mark_sizes(size)["pip"])
    gap = r * 2.7
    for i in range(count):
        x = center[0] + (i - (count - 1) / 2) * gap
        pygame.gfxdraw.filled_circle(surface, round(x), round(center[1]), r, WHITE)
        pygame.gfxdraw.aacircle(surface, round(x), round(center[1]), r, INK)


def _drop(surface, center, size: float, label: str) -> None:
    cx, cy = center
    r = mark_sizes(size)["drop"]
    tip = [(cx, cy - r * 1.9), (cx - r * 0.85, cy - r * 0.4), (cx + r * 0.85, cy - r * 0.4)]
    _poly(surface, tip, WOUND, WOUND)
    pygame.gfxdraw.filled_circle(surface, round(cx), round(cy), round(r), WOUND)
    pygame.gfxdraw.aacircle(surface, round(cx), round(cy), round(r), INK)
    text(surface, label, round(mark_sizes(size)["drop_font"]), (cx, cy), WHITE, shadow=False)


def _net_cover(surface, center, size: float) -> None:
    """A red mesh over the whole tile: it is netted."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pts = hexgeo.corners(center, size * 0.97)
    pygame.draw.polygon(layer, (0, 0, 0, 70), pts)
    mesh = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    step = max(6, round(size / 5))
    w, h = surface.get_size()
    for k in range(-h, w + h, step):
        pygame.draw.line(mesh, (*NET, 190), (k, 0), (k + h, h), max(1, round(size / 40)))
        pygame.draw.line(mesh, (*NET, 190), (k, h), (k + h, 0), max(1, round(size / 40)))
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    mesh.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    layer.blit(mesh, (0, 0))
    surface.blit(layer, (0, 0))
    label = "NETTED"
    fsize = max(9, round(size * 0.15))
    w, h = font(fsize, True).size(label)
    pill = pygame.Rect(0, 0, w + 8, h + 2)
    pill.center = (round(center[0]), round(center[1] + size * 0.58))
    pygame.draw.rect(surface, INK, pill, border_radius=4)
    text(surface, label, fsize, pill.center, NET, shadow=False)


def render_tile(
    tile_id: str,
    size: float,
    facing: int = 0,
    *,
    wounds: int = 0,
    netted: bool = False,
    hq_hp: int | None = None,
    ring: tuple[int, int, int] | None = None,
    points: bool = False,
) -> pygame.Surface:
    """One tile on its own transparent surface, centred (cached). ``points``: the points game,
    where an HQ's number is its seat's points (``3 pts``), not hit points."""
    return _render(tile_id, round(size), facing % 6, wounds, netted, hq_hp, ring, points)


@cache
def _render(tile_id, size, facing, wounds, netted, hq_hp, ring, points=False) -> pygame.Surface:
    info = info_of(tile_id)
    army = str(info.get("army"))
    base = army_colour(army)
    if "mad-bomber" in (info.get("abilities") or []):  # the Mad Bomber: nobody's gunmetal
        base = BOMBER_GREY
    side = size * 2 + 6
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    center = (side / 2, side / 2)
    if info.get("kind") == "foundation":  # flat on the board: no raised tile
        _foundation_face(surface, info, center, size)
        return surface
    outer = hexgeo.corners(center, size - 1)
    _poly(surface, outer, darker(base, 0.15), INK)
    inner = hexgeo.corners(center, size * 0.9)
    pygame.gfxdraw.filled_polygon(surface, [(round(x), round(y)) for x, y in inner], base)
    border = ring or lighter(base, 0.45)
    width = max(3, round(size / 13)) if ring else max(2, round(size / 22))
    pygame.draw.polygon(surface, border, [(round(x), round(y)) for x, y in outer], width)
    kind = info.get("kind")
    cx, cy = center
    tilemarks.draw_frame(surface, army, center, size, base)
    # the kind's pictogram at the left corner, under the edges' symbols (they stay whole)
    picto = (
        tilemarks.tile_kind(info, edge_marks(info).values()),
        (cx - size * 0.68, cy - size * 0.02),
        size * 0.19,
    )
    if kind == "instant":
        _instant_face(surface, info, center, size)
        tilemarks.draw_pictogram(surface, *picto, lighter(base, 0.45))
        return surface
    tilemarks.draw_watermark(surface, army, center, size, base, 90 if kind == "hq" else 56)
    tilemarks.draw_pictogram(surface, *picto, lighter(base, 0.45))
    draw_edges(surface, info, center, size, facing)
    name = str(info.get("name"))
    if kind == "hq":
        hp = 20 if hq_hp is None else hq_hp
        if points:  # points, not hit points: said so on the tile
            text(surface, f"{hp} pts", round(size * 0.3), (cx, cy - size * 0.04), WHITE)
        else:
            text(surface, str(hp), round(size * 0.42), (cx, cy - size * 0.04), WHITE)
        text(surface, "HQ", round(size * 0.17), (cx, cy + size * 0.3))
        bonus = badges(info)
        if bonus:
            _badge(surface, bonus[0], (cx, cy - size * 0.38), size)
        if netted:
            _net_cover(surface, center, size)
        return surface
    initiative = list(info.get("initiative") or [])
    if kind == "module":
        labels = badges(info)[:2] or ["module"]
        for i, badge in enumerate(labels):
            _badge(
                surface,
                badge,
                (cx, cy - size * 0.1 + (i - (len(labels) - 1) / 2) * size * 0.2),
                size,
            )
    elif "mad-bomber" in (info.get("abilities") or []):  # no attack: a bomb, not a disc
        bomb(surface, (cx, cy - size * 0.1), size * 0.24)
    elif initiative:
        r = size * 0.17
        for i, value in enumerate(initiative):
            x = cx + (i - (len(initiative) - 1) / 2) * r * 2.2
            _disc(surface, (x, cy - size * 0.08), r, str(value))
    else:
        _disc(surface, (cx, cy - size * 0.08), size * 0.17, "-", (150, 150, 150))
    lines, fsize = name_lines(name, round(size * 0.17), size * 1.05)
    fsize = min(fsize, round(size * 0.17))
    y0 = cy + size * (0.24 if len(lines) == 1 else 0.2)
    # a tile too small for its name shows none rather than a cut one ("Machine Gunne"):
    # its hover box names it
    if all(font(max(8, fsize), True).size(line)[0] <= surface.get_width() - 2 for line in lines):
        for i, line in enumerate(lines):
            text(surface, line, fsize, (cx, y0 + i * fsize * 1.05))
    toughness = int(info.get("toughness") or 0)
    if toughness:
        _pips(surface, (cx, cy - size * 0.36), size, toughness)
    if info.get("mobility"):
        _boot(surface, (cx - size * 0.29, cy - size * 0.47), size * 1.3)
    if wounds:
        _drop(surface, (cx + size * 0.6, cy + size * 0.04), size, str(wounds))
    if netted:
        _net_cover(surface, center, size)
    return surface


def bomb(surface, center, radius: float, lit: float = 1.0) -> None:
    """The Mad Bomber's glyph: a round black bomb with a highlight, a fuse and its spark
    (``lit``: the spark's size, 0 to 1, for a burning fuse)."""
    cx, cy = center
    r = max(3, round(radius))
    fuse_w = max(2, round(radius / 6))
    neck = (cx + r * 0.55, cy - r * 0.75)
    tip = (cx + r * 1.05, cy - r * 1.25)
    pygame.draw.line(surface, (210, 190, 150), neck, tip, fuse_w)
    cap = pygame.Rect(0, 0, max(3, round(r * 0.5)), max(3, round(r * 0.4)))
    cap.center = (round(neck[0] - r * 0.08), round(neck[1] + r * 0.08))
    pygame.draw.rect(surface, (90, 92, 100), cap)
    pygame.gfxdraw.filled_circle(surface, round(cx), round(cy), r, INK)
    pygame.gfxdraw.aacircle(surface, round(cx), round(cy), r, (120, 122, 130))
    shine = max(1, round(r * 0.25))
    pygame.gfxdraw.filled_circle(
        surface, round(cx - r * 0.35), round(cy - r * 0.35), shine, (150, 154, 166)
    )
    spark = max(1.0, r * 0.45 * max(0.0, lit))
    for k in range(8):  # a star of sparks at the fuse's end
        a = k * math.pi / 4
        end = (tip[0] + math.cos(a) * spark, tip[1] + math.sin(a) * spark)
        colour = YELLOW if k % 2 else (255, 120, 40)
        pygame.draw.line(surface, colour, tip, end, max(1, fuse_w - 1))
    pygame.gfxdraw.filled_circle(
        surface, round(tip[0]), round(tip[1]), max(1, round(spark * 0.4)), WHITE
    )


def _badge(surface, label: str, center, size: float) -> None:
    fsize = fit_text(label, round(size * 0.16), size * 1.0)
    f = font(fsize, True)
    w, h = f.size(label)
    rect = pygame.Rect(0, 0, w + 8, h + 4)
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surface, INK, rect, border_radius=5)
    pygame.draw.rect(surface, LINK, rect, 1, border_radius=5)
    text(surface, label, fsize, rect.center, LINK, shadow=False)


def _instant_face(surface, info: dict[str, Any], center, size: float) -> None:
    cx, cy = center
    short = str(info.get("id", "")).partition(".")[2]
    icon = {
        "battle": "BATTLE",
        "move": "MOVE",
        "push_back": "PUSH",
        "sniper": "SNIPER",
        "grenade": "GRENADE",
        "air_strike": "AIR STRIKE",
        "terror": "TERROR",
        "castling": "CASTLING",
        "rotation": "ROTATE",
    }.get(short, str(info.get("name", "")).upper())
    pygame.gfxdraw.filled_circle(surface, round(cx), round(cy), round(size * 0.62), INK)
    pygame.gfxdraw.aacircle(surface, round(cx), round(cy), round(size * 0.62), YELLOW)
    fsize = fit_text(icon, round(size * 0.22), size * 1.1)
    text(surface, icon, fsize, (cx, cy - size * 0.06), YELLOW)
    text(surface, "instant", round(size * 0.13), (cx, cy + size * 0.22), WHITE, bold=False)


def _foundation_face(surface, info: dict[str, Any], center, size: float) -> None:
    """A foundation (the Mine): flat on the board, not a unit. A dark plate edged in its
    army's colour with a spiked mine in the middle."""
    base = army_colour(str(info.get("army")))
    cx, cy = center
    plate = hexgeo.corners(center, size * 0.86)
    _poly(surface, plate, (44, 44, 48), darker(base, 0.1))
    pygame.draw.polygon(surface, base, [(round(x), round(y)) for x, y in plate], 2)
    r = size * 0.3
    for k in range(8):
        a = k * math.pi / 4
        tip = (cx + math.cos(a) * r * 1.45, cy + math.sin(a) * r * 1.45)
        pygame.draw.line(surface, (150, 150, 150), (cx, cy), tip, max(2, round(size / 18)))
    pygame.gfxdraw.filled_circle(surface, round(cx), round(cy), round(r), (70, 70, 74))
    pygame.gfxdraw.aacircle(surface, round(cx), round(cy), round(r), INK)
    pygame.gfxdraw.filled_circle(
        surface, round(cx), round(cy), max(2, round(r * 0.3)), (255, 70, 50)
    )
    label = str(info.get("name", "Mine")).upper()
    text(surface, label, round(size * 0.16), (cx, cy + size * 0.56), WHITE)


def hex_outline(surface, center, size: float, colour, width: int = 3) -> None:
    pts = [(round(x), round(y)) for x, y in hexgeo.corners(center, size)]
    pygame.draw.polygon(surface, colour, pts, width)


def hex_fill(surface, center, size: float, colour) -> None:
    """A filled hexagon; ``colour`` may carry alpha."""
    pts = hexgeo.corners(center, size)
    if len(colour) == 4 and colour[3] < 255:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        left, top = math.floor(min(xs)), math.floor(min(ys))
        layer = pygame.Surface(
            (math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1), pygame.SRCALPHA
        )
        pygame.draw.polygon(layer, colour, [(x - left, y - top) for x, y in pts])
        surface.blit(layer, (left, top))
    else:
        pygame.draw.polygon(surface, colour, pts)


def blit_tile(surface, image: pygame.Surface, center, alpha: int = 255) -> None:
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, rect)
