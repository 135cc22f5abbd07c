"""The Mad Bomber's journey on screen (D-24): after an action (or the battle it started), the
tile flies from where it was (its hex, or the hand that discarded it) to the deck it now lies
on, and a short message says when it left the game.

Nothing here decides where it goes: the engine's ``deck_tops()`` (public), its hands and its
board are compared before and after the action, and the flight follows what changed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from nshex_pygame.client import armystyle, rulestext, tileart, widgets
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


class BomberFlights:
    """Mixed into the game scene (it has ``board``, ``units``, ``view``, ``game``, the seat
    panels' ``stack_rects``/``hand_rects``/``seat_rect``, ``add_log``, ``say`` and the app)."""

    flights: list[Flight]
    bomber_gone: float  # seconds left of "the Mad Bomber leaves the game"

    def bomber_where(self) -> BomberWhere:
        return where(self.game, self.units, self.view)

    def follow_bomber(self, before: BomberWhere) -> None:
        """After an action: a flight for each Mad Bomber newly on a deck, from the hex it left
        or the hand it left; a message when one is gone from the game."""
        after = self.bomber_where()
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
                start, size = self.board.pixel(at), self.board.size - 2
            elif left_hands:
                giver = left_hands.pop(0)
                start, size = self.seat_rect(giver).center, float(self.hand_size(giver))
            else:  # (from an eliminated seat's deck or hand: from the board's middle)
                start, size = self.board.pixel((0, 0)), self.board.size - 2
            self.flights.append(Flight(start, size, seat))
        if after.total < before.total:
            self.bomber_gone = 3.0
            self.add_log(rulestext.MAD_BOMBER_GONE, widgets.ACCENT)
            self.say(rulestext.MAD_BOMBER_GONE, info=True)

    def update_flights(self, dt: float) -> None:
        for flight in self.flights:
            flight.tween.update(dt)
        if self.flights and all(f.tween.done for f in self.flights):
            for flight in self.flights:
                self.add_log(
                    f"The Mad Bomber lies on top of the {self.seat_name(flight.seat)} deck: it is"
                    " their next draw.",
                    widgets.ACCENT,
                )
        self.flights = [f for f in self.flights if not f.tween.done]
        self.bomber_gone = max(0.0, self.bomber_gone - dt)

    def deck_spot(self, seat: int) -> tuple[tuple[float, float], float]:
        """The middle of a seat's deck on its panel, and the size its top tile is drawn."""
        deck = self.stack_rects(seat)[0]
        if self.compact(seat):
            return (deck.right - 6, deck.centery), 10.0
        if self.roomy(seat):
            return (deck.centerx, deck.top + 50), 30.0
        return (deck.centerx, deck.top + 78), 48.0

    def draw_flights(self, surface: pygame.Surface) -> None:
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
        if self.bomber_gone > 0:
            box = pygame.Rect(0, 0, 420, 40)
            box.center = self.board.pixel((0, 0))
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
