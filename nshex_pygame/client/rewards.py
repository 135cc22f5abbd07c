"""The pictures of a reward, drawn by code: a banner that springs in, a burst of sparks, the
result's numbers counting up, and small toasts for achievements just earned.

Each is a function of the time since it started (the scenes keep the clock; nothing here reads
one), so a frame drawn twice at one time is the same picture; the burst's sparks come from a
seeded ``random.Random`` handed in. Everything ends within :data:`SETTLE` seconds (the toasts
within :data:`TOAST_TIME`): after that the scene is still and the app may sleep.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from nshex_pygame.client import widgets

SETTLE = 2.2  # seconds until the banner, the burst and the numbers are still
BANNER_TIME = 0.55
BURST_TIME = 1.9
COUNT_TIME = 1.0
TOAST_TIME = 3.5
SPARK_COLOURS = ((255, 196, 60), (255, 236, 150), (110, 220, 130), (255, 140, 70), (240, 240, 255))


def spring(t: float) -> float:
    """0 at the start, 1 at the end, overshooting a little on the way (an ease-out-back)."""
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    c = 1.70158
    u = t - 1
    return 1 + (c + 1) * u**3 + c * u**2


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def banner(
    surface: pygame.Surface,
    words: str,
    center: tuple[int, int],
    t: float,
    size: int,
    ribbon: tuple[int, int, int],
    ink: tuple[int, int, int],
    width: int,
) -> None:
    """``words`` on a ribbon ``width`` wide that springs open from the centre in
    :data:`BANNER_TIME` (``t``: seconds since it started)."""
    grow = spring(t / BANNER_TIME)
    w = max(2, round(width * grow))
    h = size + 26
    cx, cy = center
    body = pygame.Rect(0, 0, w, h)
    body.center = (cx, cy)
    dark = tuple(max(0, c - 70) for c in ribbon)
    for side in (-1, 1):  # the ribbon's folded tails
        x = cx + side * (w // 2 - 4)
        tail = [
            (x, cy - h // 2 + 10),
            (x + side * 40 * grow, cy - h // 2 + 10),
            (x + side * 24 * grow, cy + 4),
            (x + side * 40 * grow, cy + h // 2 + 10),
            (x, cy + h // 2 + 10),
        ]
        pygame.draw.polygon(surface, dark, tail)
    pygame.draw.rect(surface, ribbon, body, border_radius=6)
    pygame.draw.rect(surface, tuple(min(255, c + 50) for c in ribbon), body, 2, border_radius=6)
    if grow > 0.6:
        widgets.draw_text(surface, words, (cx, cy), size, ink, True, "center")


@dataclass(frozen=True)
class Spark:
    angle: float
    speed: float
    size: float
    colour: tuple[int, int, int]
    delay: float


def sparks(rng: random.Random, count: int = 90) -> list[Spark]:
    """The burst's sparks, from ``rng`` (seeded by the caller)."""
    return [
        Spark(
            rng.uniform(0, 2 * math.pi),
            rng.uniform(160, 520),
            rng.uniform(2.5, 6.0),
            rng.choice(SPARK_COLOURS),
            rng.uniform(0, 0.25),
        )
        for _ in range(count)
    ]


def burst(surface: pygame.Surface, center: tuple[int, int], t: float, found: list[Spark]) -> None:
    """Rays and sparks flying out of ``center``, falling and fading over :data:`BURST_TIME`."""
    if t >= BURST_TIME:
        return
    cx, cy = center
    ray = ease_out(t / 0.6)
    if t < 0.8:  # a flash of rays first
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        alpha = round(110 * (1 - t / 0.8))
        for n in range(16):
            a = n * math.pi / 8 + t * 0.6
            inner, outer = 40 + 60 * ray, 120 + 360 * ray
            points = [
                (cx + math.cos(a - 0.05) * inner, cy + math.sin(a - 0.05) * inner * 0.6),
                (cx + math.cos(a) * outer, cy + math.sin(a) * outer * 0.6),
                (cx + math.cos(a + 0.05) * inner, cy + math.sin(a + 0.05) * inner * 0.6),
            ]
            pygame.draw.polygon(layer, (255, 220, 120, alpha), points)
        surface.blit(layer, (0, 0))
    for spark in found:
        s = t - spark.delay
        if s <= 0:
            continue
        life = s / (BURST_TIME - spark.delay)
        if life >= 1:
            continue
        travel = spark.speed * ease_out(s / 1.2)
        x = cx + math.cos(spark.angle) * travel
        y = cy + math.sin(spark.angle) * travel * 0.7 + 160 * s * s
        radius = max(1, round(spark.size * (1 - life)))
        pygame.draw.circle(surface, spark.colour, (round(x), round(y)), radius)


def counted(value: int, t: float) -> int:
    """``value`` as it stands ``t`` seconds into counting up to it."""
    return round(value * ease_out(t / COUNT_TIME))


def number_cards(
    surface: pygame.Surface,
    cards: list[tuple[str, int]],
    top: int,
    t: float,
    colour: tuple[int, int, int],
) -> int:
    """The result's key numbers as cards in a row (``(label, value)``), counting up; where the
    row ends."""
    width, gap = 220, 20
    left = 640 - (len(cards) * width + (len(cards) - 1) * gap) // 2
    for n, (label, value) in enumerate(cards):
        rect = pygame.Rect(left + n * (width + gap), top, width, 66)
        widgets.panel(surface, rect, fill=(46, 50, 62))
        widgets.draw_text(
            surface,
            str(counted(value, t - 0.15 * n)),
            (rect.centerx, rect.top + 6),
            28,
            colour,
            True,
            "midtop",
        )
        widgets.draw_text(
            surface, label, (rect.centerx, rect.bottom - 8), 14, widgets.DIM, False, "midbottom"
        )
    return top + 66


@dataclass
class Toast:
    title: str
    how: str
    shown: float = 0.0  # seconds on screen so far (negative: waiting its turn)


class Toasts:
    """Achievements just earned, each a small card sliding in at the top right for
    :data:`TOAST_TIME` seconds, one after another in the same place."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def add(self, title: str, how: str) -> None:
        """One more toast, shown after those already waiting (in the same place)."""
        waiting = min((toast.shown for toast in self.items), default=TOAST_TIME)
        start = min(0.0, waiting - TOAST_TIME) if self.items else 0.0
        self.items.append(Toast(title, how, start))

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.shown += dt
        self.items = [toast for toast in self.items if toast.shown < TOAST_TIME]

    def busy(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface, right: int = 1270, top: int = 10) -> None:
        for toast in self.items:
            if toast.shown < 0:
                continue
            slide = ease_out(toast.shown / 0.35) * ease_out((TOAST_TIME - toast.shown) / 0.35)
            card = toast_card(toast)
            surface.blit(card, (right - card.get_width() + round((1 - slide) * 360), top))


def toast_card(toast: Toast) -> pygame.Surface:
    """One toast's card (drawn on its own surface, which slides in whole)."""
    card = pygame.Surface((330, 62), pygame.SRCALPHA)
    rect = card.get_rect()
    widgets.begin_frame()
    widgets.panel(card, rect, fill=(52, 48, 30), edge=widgets.ACCENT)
    pygame.draw.circle(card, widgets.ACCENT, (28, rect.centery), 17)
    pygame.draw.circle(card, (52, 48, 30), (28, rect.centery), 11)
    pygame.draw.circle(card, widgets.ACCENT, (28, rect.centery), 6)
    title = f"Achievement: {toast.title}"
    size = 16 if widgets.font(16, True).size(title)[0] <= rect.width - 62 else 13
    widgets.draw_text(card, title, (54, 9), size, widgets.ACCENT, True)
    widgets.draw_paragraph(card, toast.how, pygame.Rect(54, 33, rect.width - 62, 22), 13)
    widgets.begin_frame()
    return card
