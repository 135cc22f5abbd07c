"""The game scene's seat panels: :class:`SeatPanels` (shared with the replay) given the game
scene as its host (:class:`SeatsHost`: what the panels read of it, by name).

The scene holds one :class:`GameSeats`; the drawing draws it, the input asks it which hand
tile is under the pointer, the hover boxes where each seat's piles are.
"""

from __future__ import annotations

import math
from typing import Protocol

from nshex_pygame.client.backdrop import seat_rings
from nshex_pygame.client.juice import GameJuice
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.seatpanels import SeatHost, SeatPanels, seat_layout


class SeatsHost(SeatHost, Protocol):
    """The game scene: what the seat panels read of it (:class:`SeatHost`: its own names, or
    its model's under them) and its animations."""

    juice: GameJuice


class GameSeats(SeatPanels):
    """Every seat's panel of the game scene (``host``) and its places (:meth:`lay_out`)."""

    host: SeatsHost

    def __init__(self, host: SeatsHost, model: GameModel) -> None:
        super().__init__(host)
        self.model = model
        self.juice = host.juice  # a drawn tile slides from the deck into the hand

    def lay_out(self) -> None:
        """Each seat's panel and the team frames, for the game's seats and sides now."""
        self.panels, self.team_frames = seat_layout(self.model.view)

    def rings(self) -> list[tuple[int, int, int]] | None:
        return seat_rings(self.host.armies)

    def hand_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The hand tile under ``pos``: (seat, index in the hand), if any."""
        for seat in range(len(self.host.armies)):
            hand = self.hand(seat)
            size = self.hand_size(seat)
            for i, (_rect, (cx, cy)) in enumerate(self.hand_rects(seat)):
                if i < len(hand) and math.hypot(pos[0] - cx, pos[1] - cy) < size * 0.92:
                    return seat, i
        return None
