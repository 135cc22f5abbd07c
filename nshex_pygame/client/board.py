"""The hex board on screen: where each hex is, and drawing the tiles on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from nshex_pygame.client import armystyle, hexgeo, tileart
from nshex_pygame.client.hexgeo import Hex

BOARD_FILL = (52, 56, 64)
BOARD_EDGE = (86, 92, 106)
BOARD_BG = (34, 36, 42)


@dataclass
class Marks:
    """Coloured outlines and fills to draw on hexes (legal targets, the selection, ...)."""

    fills: dict[Hex, tuple[int, int, int, int]] = field(default_factory=dict)
    outlines: dict[Hex, tuple[int, int, int]] = field(default_factory=dict)


class BoardView:
    def __init__(
        self, center: tuple[int, int] = (640, 414), size: float = 76, radius: int = 2
    ) -> None:
        self.center = center
        self.size = size
        self.hexes = hexgeo.board_hexes(radius)
        self.hex_set = set(self.hexes)
        self._ground: pygame.Surface | None = None  # the empty board, drawn once

    @classmethod
    def for_board(cls, board: str | None) -> BoardView:
        """The view of the engine's board by name: the expanded board (37 hexes, radius 3)
        with smaller hexes so that it fits the same area as the 19-hex boards."""
        if board == "expanded":
            return cls(center=(640, 410), size=55, radius=3)
        return cls()

    def pixel(self, at: Hex) -> tuple[float, float]:
        return hexgeo.to_pixel(at, self.size, self.center)

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        at = hexgeo.from_pixel(pos[0], pos[1], self.size, self.center)
        return at if at in self.hex_set else None

    def draw_ground(self, surface: pygame.Surface, marks: Marks | None = None) -> None:
        if self._ground is None:
            self._ground = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for at in self.hexes:
                c = self.pixel(at)
                tileart.hex_fill(self._ground, c, self.size - 1.5, BOARD_FILL)
                tileart.hex_outline(self._ground, c, self.size - 1.5, BOARD_EDGE, 2)
        surface.blit(self._ground, (0, 0))
        if marks:
            for at, colour in marks.fills.items():
                if at in self.hex_set:
                    tileart.hex_fill(surface, self.pixel(at), self.size - 3, colour)

    def draw_units(
        self,
        surface: pygame.Surface,
        units: Sequence[Mapping[str, Any]],
        hq_hp: list[int],
        netted: set[Hex] | frozenset[Hex] = frozenset(),
        *,
        hidden: set[Hex] | frozenset[Hex] = frozenset(),
        alpha: dict[Hex, int] | None = None,
        seat_rings: list[tuple[int, int, int]] | None = None,
        points: bool = False,
    ) -> None:
        """``points``: the points game (the HQs show their seats' points, ``3 pts``)."""
        for unit in units:
            at = hexgeo.key(unit["at"])
            if at in hidden:
                continue
            seat = armystyle.seat_of(unit)
            info = tileart.info_of(unit["tile"])
            hp: int | None
            ring: tuple[int, int, int] | None
            if seat is None:  # a neutral unit (the Mad Bomber): its own grey ring, no HQ
                hp, ring = None, armystyle.NEUTRAL_RING
            else:
                hp = hq_hp[seat] if info.get("kind") == "hq" and seat < len(hq_hp) else None
                ring = seat_rings[seat] if seat_rings and seat < len(seat_rings) else None
            image = tileart.render_tile(
                unit["tile"],
                self.size - 2,
                int(unit.get("facing", 0)),
                wounds=int(unit.get("wounds", 0)),
                netted=at in netted,
                hq_hp=hp,
                ring=ring,
                points=points,
            )
            tileart.blit_tile(surface, image, self.pixel(at), (alpha or {}).get(at, 255))

    def draw_terminals(self, surface: pygame.Surface, terminals: Any) -> None:
        """The Duel board's terminals on the ground: a cyan ring with a dot (a unit on one
        covers it; :meth:`draw_terminal_tags` marks those)."""
        for t in terminals or []:
            at = hexgeo.key(t)
            if at not in self.hex_set:
                continue
            cx, cy = self.pixel(at)
            tileart.hex_outline(surface, (cx, cy), self.size * 0.8, tileart.TERMINAL, 3)
            pygame.draw.circle(surface, tileart.TERMINAL, (round(cx), round(cy)), 7)
            pygame.draw.circle(surface, tileart.INK, (round(cx), round(cy)), 7, 2)

    def draw_foundations(self, surface: pygame.Surface, foundations: Any) -> None:
        """Foundations (Mines) flat on their hexes: drawn before the units, none shares a hex."""
        for f in foundations or []:
            at = hexgeo.key(f["at"])
            image = tileart.render_tile(str(f["tile"]), self.size - 2)
            tileart.blit_tile(surface, image, self.pixel(at))

    def draw_terminal_tags(
        self, surface: pygame.Surface, terminals: Any, units: set[Hex], links: set[Hex]
    ) -> None:
        """Over the units: a terminal under a unit keeps a small cyan mark; a Link (a unit on
        a terminal, not netted) gets a LINK tag."""
        for t in terminals or []:
            at = hexgeo.key(t)
            if at not in units:
                continue
            cx, cy = self.pixel(at)
            spot = (cx, cy + self.size * 0.8)
            if at in links:
                _tag(surface, "LINK", spot, self.size, tileart.TERMINAL)
            else:
                pygame.draw.circle(surface, tileart.TERMINAL, (round(spot[0]), round(spot[1])), 6)
                pygame.draw.circle(surface, tileart.INK, (round(spot[0]), round(spot[1])), 6, 2)

    def draw_takeovers(
        self,
        surface: pygame.Surface,
        units: Sequence[Mapping[str, Any]],
        armies: list[str],
        *,
        tags: bool = False,
    ) -> None:
        """Every unit taken over: a ring in its controller's colour around the owner's tile
        (``tags``: the TAKEN tags in the same colour, drawn over the other marks)."""
        for unit in units:
            seat = armystyle.seat_of(unit)
            controller = armystyle.controller_of(unit, len(armies))
            if controller is None or controller == seat:
                continue
            at = hexgeo.key(unit["at"])
            cx, cy = self.pixel(at)
            colour = tileart.lighter(tileart.army_colour(armies[controller]), 0.25)
            if tags:
                light = tileart.lighter(colour, 0.45)
                _tag(surface, "TAKEN", (cx, cy - self.size * 0.8), self.size, light)
                continue
            tileart.hex_outline(surface, (cx, cy), self.size - 1, tileart.INK, 9)
            tileart.hex_outline(surface, (cx, cy), self.size - 1, colour, 6)
            tileart.hex_outline(surface, (cx, cy), self.size - 6, tileart.TAKEOVER, 2)

    def draw_marks(self, surface: pygame.Surface, marks: Marks) -> None:
        for at, colour in marks.outlines.items():
            if at in self.hex_set:
                tileart.hex_outline(surface, self.pixel(at), self.size - 3, colour, 4)


def _tag(
    surface: pygame.Surface, label: str, center: tuple[float, float], size: float, colour
) -> None:
    """A small pill with a word, on a hex's edge."""
    fsize = max(10, round(size * 0.16))
    w, h = tileart.font(fsize, True).size(label)
    pill = pygame.Rect(0, 0, w + 10, h + 2)
    pill.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surface, tileart.INK, pill, border_radius=5)
    pygame.draw.rect(surface, colour, pill, 2, border_radius=5)
    tileart.text(surface, label, fsize, pill.center, colour, shadow=False)
