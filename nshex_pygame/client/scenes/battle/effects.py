"""The battle's arcade effects: projectiles with a trail, hit flashes, units breaking apart,
the board shaking under an HQ hit, each army's colours.

Pure drawing from the step being played and its progress ``t`` (0 to 1): nothing here
decides what happens in a battle, the engine's log does. Everything is cheap enough for a
frame well under 33 ms: a broken unit is nine pieces of its cached tile image, cut once.
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache

import pygame

from nshex_pygame.client import armystyle, tileart

BOARD_AREA = pygame.Rect(322, 52, 636, 700)  # what shakes: the board, not the panels
SHAKE_PIXELS = 7
TRAIL = 9  # the trail's points behind a projectile


def lerp(a: tuple[float, float], b: tuple[float, float], k: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k


def mix(a: tuple[int, ...], b: tuple[int, ...], k: float) -> tuple[int, int, int]:
    k = max(0.0, min(1.0, k))
    return tuple(round(a[i] + (b[i] - a[i]) * k) for i in range(3))  # type: ignore[return-value]


def projectile(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    t: float,
    army: str,
) -> tuple[float, float]:
    """A shot flying from ``start`` to ``end`` (it lands at t = 0.7), with a fading trail in
    the army's colours; returns where its head is."""
    sch = armystyle.scheme(army)
    k = min(1.0, t / 0.7)
    head = lerp(start, end, k)
    ground = (52, 56, 64)
    prev = head
    for j in range(1, TRAIL + 1):
        kk = max(0.0, k - j * 0.05)
        point = lerp(start, end, kk)
        fade = j / (TRAIL + 1)
        pygame.draw.line(surface, mix(sch.trail, ground, fade), prev, point, max(1, 7 - j))
        prev = point
        if kk <= 0:
            break
    if k < 1.0:
        pygame.draw.circle(surface, mix(sch.shot, (255, 255, 255), 0.5), head, 9)
        pygame.draw.circle(surface, sch.shot, head, 7)
        pygame.draw.circle(surface, tileart.INK, head, 9, 2)
    else:  # the impact: a burst where it hit
        burst = (t - 0.7) / 0.3
        radius = 8 + 22 * burst
        pygame.draw.circle(
            surface, mix(sch.shot, ground, burst), end, radius, max(1, int(5 * (1 - burst)))
        )
    return head


def flight(
    surface: pygame.Surface, points: list[tuple[float, float]], k: float, army: str
) -> tuple[float, float]:
    """A shot flying along ``points`` (a bent path, as a redirected shot), ``k`` of the way
    (0 to 1): the way flown drawn as a line in the army's trail colour, the head in its shot
    colour while it flies, a ring where it lands; returns where its head is."""
    sch = armystyle.scheme(army)
    k = max(0.0, min(1.0, k))
    legs = list(itertools.pairwise(points))
    total = sum(math.dist(a, b) for a, b in legs) or 1.0
    goal, run = k * total, 0.0
    drawn = [points[0]]
    for a, b in legs:
        length = math.dist(a, b)
        if run + length >= goal:
            drawn.append(lerp(a, b, (goal - run) / length if length else 1.0))
            break
        drawn.append(b)
        run += length
    if len(drawn) >= 2:
        pygame.draw.lines(surface, tileart.INK, False, drawn, 7)
        pygame.draw.lines(surface, sch.trail, False, drawn, 4)
    head = drawn[-1]
    if k < 1.0:
        pygame.draw.circle(surface, mix(sch.shot, (255, 255, 255), 0.5), head, 9)
        pygame.draw.circle(surface, sch.shot, head, 7)
        pygame.draw.circle(surface, tileart.INK, head, 9, 2)
    else:
        pygame.draw.circle(surface, sch.shot, head, 12, 3)
    return head


def hit_flash(surface: pygame.Surface, at: tuple[float, float], size: float, t: float) -> None:
    """A hit: a white flash at once, then red fading."""
    if t < 0.18:
        tileart.hex_fill(surface, at, size - 4, (255, 255, 255, int(230 * (1 - t / 0.18))))
    alpha = int(170 * math.sin(math.pi * t))
    tileart.hex_fill(surface, at, size - 4, (255, 40, 40, max(0, alpha)))


@cache
def _pieces(image: pygame.Surface) -> list[tuple[pygame.Surface, tuple[float, float]]]:
    """A tile image cut into a 3x3 grid: each piece and its centre's offset from the tile's."""
    w, h = image.get_size()
    out = []
    for i in range(3):
        for j in range(3):
            rect = pygame.Rect(i * w // 3, j * h // 3, w // 3 + 1, h // 3 + 1).clip(
                image.get_rect()
            )
            piece = image.subsurface(rect).copy()
            out.append((piece, (rect.centerx - w / 2, rect.centery - h / 2)))
    return out


def break_apart(
    surface: pygame.Surface,
    image: pygame.Surface,
    center: tuple[float, float],
    t: float,
    seed: int,
    army: str,
) -> None:
    """A destroyed unit: its tile bursts into nine spinning, falling, fading pieces and a
    spray of sparks in its army's colour."""
    rng = random.Random(seed)
    alpha = int(255 * max(0.0, 1 - t) ** 0.8)
    for piece, (ox, oy) in _pieces(image):
        norm = math.hypot(ox, oy) or 1.0
        speed = rng.uniform(70, 140)
        dx, dy = ox / norm if norm > 1 else rng.uniform(-1, 1), oy / norm if norm > 1 else -1.0
        x = center[0] + ox + dx * speed * t
        y = center[1] + oy + dy * speed * t + 160 * t * t
        spun = pygame.transform.rotate(piece, rng.uniform(-300, 300) * t)
        spun.set_alpha(alpha)
        surface.blit(spun, spun.get_rect(center=(round(x), round(y))))
    spark = armystyle.scheme(army).spark
    for _ in range(14):
        angle = rng.uniform(0, 2 * math.pi)
        reach = rng.uniform(30, 110) * min(1.0, t * 1.6)
        if t < 0.8:
            pos = (center[0] + math.cos(angle) * reach, center[1] + math.sin(angle) * reach)
            pygame.draw.circle(
                surface, mix(spark, (255, 255, 255), 0.3 * (1 - t)), pos, 3 * (1 - t) + 1
            )


def shake_offset(t: float) -> tuple[int, int]:
    """How far the board is off its place while an HQ is hit (dying away)."""
    amount = SHAKE_PIXELS * (1 - t) ** 1.5
    return round(amount * math.sin(t * 47)), round(amount * 0.6 * math.cos(t * 39))


def shake(surface: pygame.Surface, t: float) -> tuple[int, int]:
    """Shake the board's part of the picture (in place: ``Surface.scroll``)."""
    dx, dy = shake_offset(t)
    if dx or dy:
        area = BOARD_AREA.clip(surface.get_rect())
        surface.subsurface(area).scroll(dx, dy)
    return dx, dy
