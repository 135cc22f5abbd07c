"""Flat-topped axial hexes (docs/NOTATION.md "Geometry") to pixels and back (Red Blob Games)."""

from __future__ import annotations

import math
from typing import Any, cast

SQRT3 = math.sqrt(3.0)
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N NE SE S SW NW
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

Hex = tuple[int, int]


def board_hexes(radius: int = 2) -> list[Hex]:
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def to_pixel(at: Hex, size: float, origin: tuple[float, float]) -> tuple[float, float]:
    q, r = at
    return origin[0] + size * 1.5 * q, origin[1] + size * SQRT3 * (r + q / 2)


def from_pixel(x: float, y: float, size: float, origin: tuple[float, float]) -> Hex:
    px, py = (x - origin[0]) / size, (y - origin[1]) / size
    q = 2 / 3 * px
    r = -1 / 3 * px + SQRT3 / 3 * py
    return _round(q, r)


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


_UNIT = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + size * ux, cy + size * uy) for ux, uy in _UNIT]


def edge_angle(direction: int) -> float:
    """The angle (radians, screen y down) from a hex's centre to the middle of edge ``dir``."""
    return math.radians(-90 + 60 * direction)


def neighbour(at: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return at[0] + dq, at[1] + dr


def key(at: object) -> Hex:
    q, r = cast("tuple[Any, Any]", at)
    return int(q), int(r)
