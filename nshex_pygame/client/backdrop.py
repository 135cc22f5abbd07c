"""The backdrop of a scene that shows a game's seats (the game scene, the replay; a battle
played back draws over it): every seat's panel and the team frames on a cleared background,
and each seat's ring colour when two seats play one army.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.seatpanels import SEAT_RINGS, TeamFrame


def seat_rings(armies: list[str]) -> list[tuple[int, int, int]] | None:
    """Each seat's ring colour, when two seats play one army (else the army tells)."""
    return SEAT_RINGS if len(set(armies)) < len(armies) else None


class PanelsToDraw(Protocol):
    """What draws every seat's panel: the game's seat panels, the replay scene."""

    @property
    def view(self) -> Mapping[str, Any]: ...
    @property
    def armies(self) -> list[str]: ...
    @property
    def team_frames(self) -> list[TeamFrame]: ...
    def draw_team_frame(self, surface: pygame.Surface, frame: TeamFrame) -> None: ...
    def draw_seat(
        self,
        surface: pygame.Surface,
        seat: int,
        hq_hp: list[int],
        panels: dict[str, Any] | None = None,
    ) -> None: ...


def draw_seat_panels(
    seat_panels: PanelsToDraw,
    surface: pygame.Surface,
    hq: list[int] | None = None,
    panels: dict[str, Any] | None = None,
) -> None:
    """The background with every seat's panel and the team frames (the game's and the
    replay's backdrop, under its headline): ``hq`` each seat's HQ hit points or points, else
    the view's; ``panels`` what a battle being played back shows instead of the view's."""
    surface.fill(widgets.BG)
    hq_hp = hq if hq is not None else list(seat_panels.view["hq_hp"])
    for frame in seat_panels.team_frames:
        seat_panels.draw_team_frame(surface, frame)
    for seat in range(len(seat_panels.armies)):
        seat_panels.draw_seat(surface, seat, hq_hp, panels)
