"""What moves on the board after an action: a tile put down landing with a bounce, an instant
shown on its target (the Sniper's sights, a Grenade's burst, an Air Strike's blast, a Push
Back's shove). The scene says what was played; this part keeps the tweens and draws the
strikes."""

from __future__ import annotations

import math
from typing import Any

import pygame

from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import (
    POP_SECONDS,
    STRIKE_KINDS,
    STRIKE_SECONDS,
    as_hex,
)
from nshex_pygame.client.tween import Tween, Tweens, ease_out

# The actions that put a tile down or move one (they land with a bounce and a sound).
LANDING_KINDS = ("place", "place_hq", "move", "mobility", "transport", "grant", "push_to")


class BoardMotion:
    """The landings (``pops``: hex -> its tween) and the strikes (``strikes``: kind, target,
    source or None, tween) under way, stepped by ``update``."""

    def __init__(self) -> None:
        self.tweens = Tweens()
        self.pops: dict[Hex, Tween] = {}  # tiles just put down, growing into place
        self.strikes: list[tuple[str, Hex, Hex | None, Tween]] = []

    def played(self, desc: dict[str, Any], *, landings: bool) -> None:
        """An action played (its description): a tile put down lands (``landings``: the
        animations setting), an instant strikes its target."""
        kind = desc.get("kind")
        landed = desc.get("at") or desc.get("to")
        if kind in LANDING_KINDS and landed is not None and landings:
            self.pops[as_hex(landed)] = self.tweens.add(Tween(POP_SECONDS))
        if kind in STRIKE_KINDS and "target" in desc:
            source = as_hex(desc["from"]) if "from" in desc else None
            tween = self.tweens.add(Tween(STRIKE_SECONDS, ease_out))
            self.strikes.append((str(kind), as_hex(desc["target"]), source, tween))
        elif kind in STRIKE_KINDS and desc.get("hexes"):  # the Small Bomb
            tween = self.tweens.add(Tween(STRIKE_SECONDS, ease_out))
            for at in desc["hexes"]:
                self.strikes.append((str(kind), as_hex(at), None, tween))

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        self.pops = {at: tween for at, tween in self.pops.items() if not tween.done}
        self.strikes = [strike for strike in self.strikes if not strike[3].done]

    def moving(self) -> bool:
        return bool(self.pops or self.strikes)

    def draw_strikes(self, surface: pygame.Surface, board: BoardView) -> None:
        for kind, target, source, tween in self.strikes:
            draw_strike(surface, board, kind, target, source, tween.t)


def draw_strike(
    surface: pygame.Surface, board: BoardView, kind: str, target: Hex, source: Hex | None, t: float
) -> None:
    """An instant on its target, ``t`` from 0 to 1: the Sniper's sights closing in and its
    shot, a Grenade's burst, an Air Strike's blast, a Push Back's shove."""
    cx, cy = board.pixel(target)
    size = board.size
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    fade = round(255 * (1 - t))
    if kind == "sniper":
        r = size * (1.6 - 1.1 * min(1.0, t * 1.6))
        colour = (255, 60, 60, max(60, fade))
        pygame.draw.circle(layer, colour, (cx, cy), r, 3)
        for angle in range(4):
            dx, dy = math.cos(angle * math.pi / 2), math.sin(angle * math.pi / 2)
            inner, outer = r * 0.45, r * 1.25
            start = (cx + dx * inner, cy + dy * inner)
            pygame.draw.line(layer, colour, start, (cx + dx * outer, cy + dy * outer), 3)
        if t > 0.6:  # the shot
            pygame.draw.circle(layer, (255, 240, 200, fade * 2 // 3), (cx, cy), size * 0.3)
    elif kind in ("grenade", "air_strike", "small_bomb"):
        reach = size * (2.0 if kind == "air_strike" else 0.9)
        r = reach * (0.25 + 0.75 * t)
        pygame.draw.circle(layer, (255, 150, 40, fade * 2 // 3), (cx, cy), r)
        pygame.draw.circle(layer, (255, 230, 120, fade), (cx, cy), r * 0.55)
        pygame.draw.circle(layer, (255, 90, 30, fade), (cx, cy), r, 4)
    elif kind == "push_back" and source is not None:
        sx, sy = board.pixel(source)
        dx, dy = cx - sx, cy - sy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        head = (sx + dx * (0.3 + 0.9 * t), sy + dy * (0.3 + 0.9 * t))
        w = size * 0.28
        back = (head[0] - ux * w * 1.5, head[1] - uy * w * 1.5)
        points = [
            head,
            (back[0] - uy * w, back[1] + ux * w),
            (back[0] + uy * w, back[1] - ux * w),
        ]
        pygame.draw.polygon(layer, (255, 255, 255, max(80, fade)), points)
        pygame.draw.line(layer, (255, 255, 255, max(80, fade)), (sx, sy), back, 5)
    surface.blit(layer, (0, 0))
