"""Animations outside battles: a scene fading in as it comes up, tiles sliding from the deck into
the hand, a placed tile landing with a bounce, a banner as the turn passes.

All of it follows one setting (``Settings.juice``, "Animations and music"): off, nothing here
starts and the screen changes at once. Each animation runs on ``update(dt)`` time (never the
clock) and says when it moves (``moving``): the app draws every frame while something moves
and goes back to idling when it ends, the frame that ends it drawn (the main loop draws after
any frame that was busy).

- :class:`SceneFade`, once for every scene in the stack (the app asks it): a new top scene
  fades in over the picture before it, sliding up a little when it is pushed.
- :class:`GameJuice`, the game scene's: the hand slides, the turn banner, and the landing
  bounce's curve (:func:`landing_scale`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.tween import Tween, ease_out

FADE_SECONDS = 0.22  # a scene fading in
FADE_RISE = 18  # pixels a pushed scene slides up as it fades in
SLIDE_SECONDS = 0.35  # a drawn tile from the deck to its slot in the hand
TURN_SECONDS = 1.3  # the turn banner: in, held, out
LANDING_OVERSHOOT = 0.35  # how much larger a placed tile starts before it bounces into place
RING, RING_END = (230, 222, 200), (34, 36, 42)  # the landing's dust ring, fading to the board

Point = tuple[float, float]


def landing_scale(t: float) -> float:
    """A placed tile's size over its landing, ``t`` from 0 to 1: it drops in large, squashes a
    little under its size, rebounds and settles (a damped bounce, exactly 1 at the end)."""
    t = max(0.0, min(1.0, t))
    return 1.0 + LANDING_OVERSHOOT * (1.0 - t) ** 2 * math.cos(3 * math.pi * t)


def landing_ring(surface: pygame.Surface, center: Point, size: float, t: float) -> None:
    """The dust a placed tile raises as it touches down: a hexagonal ring that spreads and
    fades into the board (from the first squash, a third of the way into the landing)."""
    if not 0.3 <= t < 1.0:
        return
    k = (t - 0.3) / 0.7
    colour = tuple(round(a + (b - a) * k) for a, b in zip(RING, RING_END, strict=True))
    tileart.hex_outline(surface, center, size * (0.95 + 0.3 * k), colour, max(1, round(4 - 3 * k)))


class SceneFade:
    """A scene that comes to the top fades in over the picture shown before it (the app's
    canvas as last drawn), in ``FADE_SECONDS``; a pushed one (not an overlay) also slides up a
    little."""

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        self.top: Any = None
        self.below: list[Any] = []  # the stack under the top, last time looked
        self.snapshot: pygame.Surface | None = None
        self.tween: Tween | None = None
        self.pushed = False

    def update(self, dt: float, scenes: list[Any], canvas: pygame.Surface) -> None:
        """``scenes``: the stack now, bottom first; ``canvas``: the picture drawn last."""
        if self.tween is not None:
            self.tween.update(dt)
            if self.tween.done:
                self.tween, self.snapshot = None, None
        top = scenes[-1] if scenes else None
        if top is self.top:
            return
        first = self.top is None
        # the old top is still there: one came over it; it slides up as it fades in unless it
        # is an overlay (the scene under it would show twice, a little apart)
        self.pushed = self.top in scenes and not getattr(top, "transparent", False)
        self.top = top
        if first or top is None or not self.enabled():
            self.tween, self.snapshot = None, None
            return
        self.snapshot = canvas.copy()
        self.tween = Tween(FADE_SECONDS, ease_out)

    def moving(self) -> bool:
        return self.tween is not None

    def draw(self, canvas: pygame.Surface) -> None:
        """Over the scenes just drawn: the picture before, the new one fading in over it."""
        if self.tween is None or self.snapshot is None:
            return
        t = self.tween.t
        fresh = canvas.copy()
        fresh.set_alpha(round(255 * t))
        canvas.blit(self.snapshot, (0, 0))
        rise = round(FADE_RISE * (1 - t)) if self.pushed else 0
        canvas.blit(fresh, (0, rise))


class GameJuice:
    """The game scene's animations: tiles sliding into the hands, the turn banner."""

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        # (seat, index in the hand): where the tile comes from and its slide
        self.slides: dict[tuple[int, int], tuple[Point, Tween]] = {}
        self.banner: tuple[str, tuple[int, int, int], Tween] | None = None

    def hands_changed(
        self,
        before: list[list[str]] | None,
        after: list[list[str]],
        deck_spot: Callable[[int], Point],
    ) -> None:
        """Tiles new in a hand (drawn, taken) slide in from their seat's deck; none on a first
        look (a game loaded or begun shows its hands at once)."""
        if before is None or not self.enabled():
            return
        for seat, hand in enumerate(after):
            old = Counter(before[seat] if seat < len(before) else [])
            if len(hand) < sum(old.values()):  # a play: the slides of this hand are done
                self.slides = {k: v for k, v in self.slides.items() if k[0] != seat}
            for i, tile in enumerate(hand):
                if old[tile] > 0:
                    old[tile] -= 1
                elif (seat, i) not in self.slides:
                    self.slides[seat, i] = (deck_spot(seat), Tween(SLIDE_SECONDS, ease_out))

    def hand_spot(self, seat: int, index: int, center: Point) -> Point:
        """Where the hand's tile ``index`` is drawn now: on its way from the deck, or in its
        slot."""
        slide = self.slides.get((seat, index))
        if slide is None:
            return center
        (x, y), tween = slide
        t = tween.t
        return x + (center[0] - x) * t, y + (center[1] - y) * t

    def turn_passed(self, words: str, colour: tuple[int, int, int]) -> None:
        if self.enabled():
            self.banner = (words, colour, Tween(TURN_SECONDS))

    def update(self, dt: float) -> None:
        for _spot, tween in self.slides.values():
            tween.update(dt)
        self.slides = {k: v for k, v in self.slides.items() if not v[1].done}
        if self.banner is not None:
            self.banner[2].update(dt)
            if self.banner[2].done:
                self.banner = None

    def moving(self) -> bool:
        return bool(self.slides) or self.banner is not None

    def clear(self) -> None:
        self.slides.clear()
        self.banner = None

    def draw_banner(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The turn banner across the top of ``area`` (the board): it slides in from the
        left, holds, and slides out to the right."""
        if self.banner is None:
            return
        words, colour, tween = self.banner
        t = tween.t
        slide_in, slide_out = min(1.0, t / 0.2), max(0.0, (t - 0.8) / 0.2)
        offset = -(1 - ease_out(slide_in)) * area.width + slide_out**2 * area.width
        size = 30
        width = widgets.font(size, True).size(words)[0] + 80
        box = pygame.Rect(0, 0, width, 52)
        box.center = (round(area.centerx + offset), area.top + 40)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((16, 18, 24, 225))
        surface.blit(shade, box)
        pygame.draw.rect(surface, colour, box, 3, border_radius=10)
        stripe = pygame.Rect(box.left + 10, box.bottom - 9, box.width - 20, 4)
        pygame.draw.rect(surface, colour, stripe, border_radius=2)
        widgets.draw_text(surface, words, box.center, size, colour, True, "center")
