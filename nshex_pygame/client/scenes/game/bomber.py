"""The Mad Bomber's journey on screen (D-24): after an action (or the battle it started), the
tile flies from where it was (its hex, or the hand that discarded it) to the deck it now lies
on, and a short message says when it left the game.

Nothing here decides where it goes: the engine's ``deck_tops()`` (public), its hands and its
board are compared before and after the action, and the flight follows what changed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from nshex_pygame.client import armystyle, rulestext, tileart, widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.tween import Tween

FLIGHT_SECONDS = 1.1
BOMBER = armystyle.MAD_BOMBER


@dataclass
class BomberWhere:
    """Where the Mad Bombers are, as the engine shows them: hexes, hands, deck tops."""

    hexes: list[Hex] = field(default_factory=list)
    hands: list[int] = field(default_factory=list)  # one entry per bomber in a seat's hand
    decks: list[int] = field(default_factory=list)  # one entry per bomber on a seat's deck

    @property
    def total(self) -> int:
        return len(self.hexes) + len(self.hands) + len(self.decks)


@dataclass
class Flight:
    """One Mad Bomber on its way: from a board position to a seat's deck."""

    start: tuple[float, float]
    start_size: float
    seat: int  # whose deck it lands on
    tween: Tween = field(default_factory=lambda: Tween(FLIGHT_SECONDS))


def where(game: Any, units: dict[Hex, dict[str, Any]], view: dict[str, Any]) -> BomberWhere:
    """The Mad Bombers of a game (its board ``units`` by hex and its ``view``)."""
    out = BomberWhere()
    out.hexes = [at for at, u in units.items() if u.get("tile") == BOMBER]
    for seat, hand in enumerate(view.get("hands") or []):
        out.hands += [seat] * list(hand).count(BOMBER)
    tops_of = getattr(game, "deck_tops", None)
    tops = tops_of() if tops_of is not None else []
    for seat, top in enumerate(tops):
        out.decks += [seat] * list(top).count(BOMBER)
    return out


class BomberHost(Protocol):
    """What the flights read of the game scene: the board, the seat names, and its log and
    message line (the scene owns the flights)."""

    board: BoardView

    def seat_name(self, seat: int) -> str: ...
    def add_log(self, line: str, colour: tuple[int, ...] = ..., hexes: Any = ()) -> None: ...
    def say(self, message: str, *, info: bool = False) -> None: ...


class PanelPlaces(Protocol):
    """Where the seat panels put a seat's panel, hand and deck (``seats.py``)."""

    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def hand_size(self, seat: int) -> int: ...
    def stack_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]: ...
    def compact(self, seat: int) -> bool: ...
    def roomy(self, seat: int) -> bool: ...


class BomberFlights:
    """The Mad Bombers on their way to a deck and the "leaves the game" message, owned by
    the game scene (``host``), which tells it where the bombers were before an action; the
    decks are where the seat panels (``places``) put them."""

    def __init__(self, host: BomberHost, places: PanelPlaces) -> None:
        self.host = host
        self.places = places
        self.flights: list[Flight] = []
        self.gone = 0.0  # seconds left of "the Mad Bomber leaves the game"

    def moving(self) -> bool:
        return bool(self.flights) or self.gone > 0

    def follow(self, before: BomberWhere, after: BomberWhere) -> None:
        """After an action: a flight for each Mad Bomber newly on a deck, from the hex it left
        or the hand it left; a message when one is gone from the game."""
        left_hexes = [at for at in before.hexes if at not in after.hexes]
        left_hands = list(before.hands)
        for seat in after.hands:
            if seat in left_hands:
                left_hands.remove(seat)
        arrived = list(after.decks)
        for seat in before.decks:
            if seat in arrived:
                arrived.remove(seat)
        for seat in arrived:
            if left_hexes:
                at = left_hexes.pop(0)
                start, size = self.host.board.pixel(at), self.host.board.size - 2
            elif left_hands:
                giver = left_hands.pop(0)
                start, size = (
                    self.places.seat_rect(giver).center,
                    float(self.places.hand_size(giver)),
                )
            else:  # (from an eliminated seat's deck or hand: from the board's middle)
                start, size = self.host.board.pixel((0, 0)), self.host.board.size - 2
            self.flights.append(Flight(start, size, seat))
        if after.total < before.total:
            self.gone = 3.0
            self.host.add_log(rulestext.MAD_BOMBER_GONE, widgets.ACCENT)
            self.host.say(rulestext.MAD_BOMBER_GONE, info=True)

    def update(self, dt: float) -> None:
        for flight in self.flights:
            flight.tween.update(dt)
        if self.flights and all(f.tween.done for f in self.flights):
            for flight in self.flights:
                name = self.host.seat_name(flight.seat)
                self.host.add_log(
                    f"The Mad Bomber lies on top of the {name} deck: it is their next draw.",
                    widgets.ACCENT,
                )
        self.flights = [f for f in self.flights if not f.tween.done]
        self.gone = max(0.0, self.gone - dt)

    def deck_spot(self, seat: int) -> tuple[tuple[float, float], float]:
        """The middle of a seat's deck on its panel, and the size its top tile is drawn."""
        deck = self.places.stack_rects(seat)[0]
        if self.places.compact(seat):
            return (deck.right - 6, deck.centery), 10.0
        if self.places.roomy(seat):
            return (deck.centerx, deck.top + 50), 30.0
        return (deck.centerx, deck.top + 78), 48.0

    def draw(self, surface: pygame.Surface) -> None:
        """Each flying Mad Bomber on its arc, its fuse burning, shrinking to the deck's size."""
        for flight in self.flights:
            t = flight.tween.elapsed / flight.tween.duration
            t = t * t * (3 - 2 * t)
            end, end_size = self.deck_spot(flight.seat)
            (x0, y0), (x1, y1) = flight.start, end
            lift = 120 * math.sin(math.pi * t)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift
            size = flight.start_size + (end_size - flight.start_size) * t
            image = tileart.render_tile(BOMBER, max(8.0, size))
            angle = 360 * t
            image = pygame.transform.rotate(image, angle)
            tileart.blit_tile(surface, image, (x, y))
            tileart.hex_outline(surface, end, end_size + 4, widgets.ACCENT, 3)
        if self.gone > 0:
            box = pygame.Rect(0, 0, 420, 40)
            box.center = self.host.board.pixel((0, 0))
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((20, 20, 24, 220))
            surface.blit(shade, box)
            pygame.draw.rect(surface, armystyle.NEUTRAL_RING, box, 2, border_radius=6)
            tileart.bomb(surface, (box.left + 24, box.centery + 2), 11)
            widgets.draw_text(
                surface,
                "Mad Bomber leaves the game",
                box.center,
                20,
                widgets.ACCENT,
                True,
                "center",
            )
