"""The game scene's seat panels: :class:`SeatPanels` (shared with the replay) given what it
reads of the game scene, by name, from the scene's model and from :class:`SeatsHost`.

The scene holds one :class:`GameSeats`; the drawing draws it, the input asks it which hand
tile is under the pointer, the hover boxes where each seat's piles are.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from nshex_pygame.client.backdrop import seat_rings
from nshex_pygame.client.juice import GameJuice
from nshex_pygame.client.scenes.game.bomber import Flight
from nshex_pygame.client.scenes.game.delegate import Delegated
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.seatpanels import SeatPanels, seat_layout
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game


class SeatsHost(Protocol):
    """What the seat panels read of the game scene besides its model."""

    game: Game
    armies: list[str]
    seats: list[SeatSetup]
    seat_labels: dict[int, str]
    ai_show: tuple[int, dict[str, Any], float] | None
    juice: GameJuice

    @property
    def flights(self) -> list[Flight]: ...
    def human_to_move(self) -> bool: ...
    def energy_in_play(self) -> bool: ...
    def unusable(self, seat: int, index: int) -> str | None: ...


class GameSeats(SeatPanels):
    """Every seat's panel of the game scene (``host``) and its places (:meth:`lay_out`)."""

    # What :class:`SeatPanels` reads, by its names: the scene's (``host``) and its model's.
    game: Delegated[Game] = Delegated("host")
    seat_labels: Delegated[dict[int, str]] = Delegated("host")
    ai_show: Delegated[tuple[int, dict[str, Any], float] | None] = Delegated("host")
    flights: Delegated[list[Flight]] = Delegated("host")
    view: Delegated[dict[str, Any]] = Delegated("model")
    mover: Delegated[int] = Delegated("model")
    stage: Delegated[str] = Delegated("model")
    eliminated: Delegated[set[int]] = Delegated("model")
    selected: Delegated[int | None] = Delegated("model")
    unlucky_pick: Delegated[list[int] | None] = Delegated("model")

    def __init__(self, host: SeatsHost, model: GameModel) -> None:
        self.host = host
        self.model = model
        self.armies: list[str] = host.armies  # (a game's seats and armies never change)
        self.seats: list[SeatSetup] = host.seats
        self.juice = host.juice  # a drawn tile slides from the deck into the hand
        self.panels, self.team_frames = seat_layout({})

    def lay_out(self) -> None:
        """Each seat's panel and the team frames, for the game's seats and sides now."""
        self.panels, self.team_frames = seat_layout(self.model.view)

    def hand(self, seat: int) -> list[str]:
        return self.model.hand(seat)

    def human_to_move(self) -> bool:
        return self.host.human_to_move()

    def energy_in_play(self) -> bool:
        return self.host.energy_in_play()

    def unusable(self, seat: int, index: int) -> str | None:
        return self.host.unusable(seat, index)

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
