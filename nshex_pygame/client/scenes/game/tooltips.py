"""The game scene's hover boxes: which one the pointer calls up (a button's, a hand tile's, a
unit's, a Mine's, a terminal's, a seat's energy, deck, Mercenaries or discards), and the hexes
the words under the pointer speak of (lit on the board).

What a box says about a tile or a unit is ``hoverbox``'s; :class:`Tooltips` is a part the
scene holds, reading the scene through :class:`TooltipHost` and the seat panels' places
through :class:`SeatPlaces`.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game import hoverbox
from nshex_pygame.client.scenes.game.layout import as_hex
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.words import plural, tile_name

TERMINAL_WORDS = (
    "A unit of yours standing here, not netted, is a Link (the LINK tag): the procedures"
    " (Rotation, Swap, Push Back, Laser, Elimination, Detonation) act through Links."
)


class SeatPlaces(Protocol):
    """Where each seat's piles, energy and Mercenaries are (the seat panels), and what lies
    face up on its deck."""

    def stack_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]: ...
    def energy_rect(self, seat: int) -> pygame.Rect | None: ...
    def mercenary_rect(self, seat: int) -> pygame.Rect | None: ...
    def seat_mercenaries(self, seat: int) -> list[str]: ...
    def deck_top(self, seat: int) -> str | None: ...


class TooltipHost(hoverbox.Speaker, Protocol):
    """What the hover boxes read of the game scene: the app (its pointer and scene stack),
    the scene hosting it (a puzzle, a lesson), the board, the hand tile under the pointer,
    the buttons on show and why a hand tile is greyed out."""

    app: Any
    host: Any
    board: BoardView
    hover_hand: tuple[int, int] | None

    def track_mouse(self, pos: tuple[int, int]) -> None: ...
    def hinted_buttons(self) -> list[widgets.Button]: ...
    def offered_buttons(self) -> list[widgets.Button]: ...
    def log_entry_at(self, pos: tuple[int, int]) -> int | None: ...
    def log_hexes(self, entry: int) -> list[Hex]: ...
    def unusable(self, seat: int, index: int) -> str | None: ...


class Tooltips:
    """The hover boxes of the game scene (``scene``), the seat panels' places (``seats``)."""

    def __init__(self, scene: TooltipHost, seats: SeatPlaces) -> None:
        self.scene = scene
        self.seats = seats
        self.model: GameModel = scene.model

    def has_pointer(self) -> bool:
        """The pointer is over this scene: it is on top, or the scene hosting it (a puzzle,
        a lesson) is on top and lends it the pointer (no card of its own in front)."""
        top = self.scene.app.stack.top
        if top is self.scene:
            return True
        host = self.scene.host
        return top is not None and top is host and bool(host.lends_pointer())

    def spoken_hexes(self) -> list[Hex]:
        """The hexes the words under the pointer speak of: a hovered log line's, or a hovered
        unit's links and medics (its hover box names them)."""
        if not self.has_pointer():
            return []
        pos = self.scene.app.mouse
        # (a host's card is where the log is)
        entry = self.scene.log_entry_at(pos) if self.scene.host is None else None
        if entry is not None:
            return self.scene.log_hexes(entry)
        at = self.scene.board.hex_at(pos)
        if at is None or at not in self.model.units:
            return []
        analysis = self.model.analysis.get(at, {})
        out = [as_hex(p) for p in analysis.get("linked_from") or []]
        out += [
            as_hex(other["at"])
            for other in self.model.analysis.values()
            if any(as_hex(p) == at for p in other.get("linked_from") or [])
        ]
        out += [as_hex(p) for p in analysis.get("protected_by") or []]
        return [h for h in dict.fromkeys(out) if h != at]

    def draw(self, surface: pygame.Surface) -> None:
        """The hover box of what is under the pointer (a host draws it over its own card)."""
        if not self.has_pointer():
            return  # a dialog over the game has the pointer
        pos = self.scene.app.mouse
        self.scene.track_mouse(pos)
        for tool in self.scene.hinted_buttons():
            if tool.hint and tool.rect.collidepoint(pos):
                widgets.tooltip(surface, tool.label, [(tool.hint, widgets.TEXT)], pos, 300)
                return
        for button in self.scene.offered_buttons():  # a Mercenary offered: what it does
            tile = getattr(button, "tile", None)
            if tile and button.rect.collidepoint(pos):
                hoverbox.tile_box(self.scene, surface, str(tile), pos)
                return
        if self.scene.hover_hand is not None:
            seat, index = self.scene.hover_hand
            hand = self.model.hand(seat)
            if index < len(hand):
                why_not = self.scene.unusable(seat, index)
                hoverbox.tile_box(self.scene, surface, hand[index], pos, why_not)
            return
        at = self.scene.board.hex_at(pos)
        if at is not None and self._board_box(surface, at, pos):
            return
        seats = range(len(self.scene.armies))
        if any(self._energy_box(surface, seat, pos) for seat in seats):
            return
        any(self._seat_box(surface, seat, pos) for seat in seats)

    def _board_box(self, surface: pygame.Surface, at: Hex, pos: tuple[int, int]) -> bool:
        """The box of a unit, a Mine or an empty terminal at ``at``; False when none."""
        view = self.model.view
        if at in self.model.units:
            title, lines = hoverbox.unit_info(self.scene, self.model.units[at])
            widgets.tooltip(surface, title, lines, pos)
            return True
        for foundation in view.get("foundations") or []:
            if as_hex(foundation["at"]) == at:  # a Mine: not a unit
                hoverbox.tile_box(self.scene, surface, str(foundation["tile"]), pos)
                return True
        if at in {as_hex(t) for t in view.get("terminals") or []}:  # an empty terminal
            widgets.tooltip(surface, "Terminal", [(TERMINAL_WORDS, widgets.TEXT)], pos, 320)
            return True
        return False

    def _energy_box(self, surface: pygame.Surface, seat: int, pos: tuple[int, int]) -> bool:
        """The box of the seat's energy track (the Duel board); False when not there."""
        energy = self.seats.energy_rect(seat)
        if energy is None or not energy.collidepoint(pos):
            return False
        title = f"{self.scene.seat_name(seat)} energy: {self.model.energy(seat)} of 5"
        words = hoverbox.energy_words(self.model.view)
        widgets.tooltip(surface, title, [(words, widgets.TEXT)], pos, 340)
        return True

    def _seat_box(self, surface: pygame.Surface, seat: int, pos: tuple[int, int]) -> bool:
        """The box of the seat's deck, Mercenaries or discards; False when none."""
        view, name = self.model.view, self.scene.seat_name(seat)
        deck, pile = self.seats.stack_rects(seat)
        if deck.collidepoint(pos):
            widgets.tooltip(surface, f"{name} deck", self._deck_lines(seat), pos)
            return True
        mercs = self.seats.mercenary_rect(seat)
        if mercs is not None and mercs.collidepoint(pos):
            names = ", ".join(tile_name(t) for t in self.seats.seat_mercenaries(seat)) or "none"
            words = (
                "Unused Mercenaries (every player sees them): at any draw the seat may take"
                " one instead of a deck tile."
            )
            lines = [(names, widgets.TEXT), (words, widgets.DIM)]
            widgets.tooltip(surface, f"{name} Mercenaries", lines, pos)
            return True
        if pile.collidepoint(pos):
            discards = (view.get("discards") or [[]] * len(self.scene.armies))[seat]
            names = ", ".join(tile_name(t) for t in discards) or "empty"
            widgets.tooltip(surface, f"{name} discard pile", [(names, widgets.TEXT)], pos)
            return True
        return False

    def _deck_lines(self, seat: int) -> list[tuple[str, tuple[int, ...]]]:
        """A deck's box: the tiles left, the draw, and a face-up Mad Bomber on top."""
        view = self.model.view
        sizes = view.get("deck_sizes") or []
        left = sizes[seat] if seat < len(sizes) else 0
        limit = {3: "three", 6: "six"}.get(int(view.get("hand_limit") or 3), "three")
        words = (
            f"{plural(left, 'tile')} left, face down. Draw up to {limit} each turn; when"
            " a deck runs out, no more Battle tiles, one more turn each, then the final"
            " battle."
        )
        lines: list[tuple[str, tuple[int, ...]]] = [(words, widgets.TEXT)]
        known = self.seats.deck_top(seat)
        if known:  # a passed-on Mad Bomber lies face up: everybody knows it
            lines.insert(0, (f"Next draw: {tile_name(known)} (face up on top)", widgets.ACCENT))
        return lines
