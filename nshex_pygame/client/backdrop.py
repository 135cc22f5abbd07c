"""The backdrop of a scene that shows a game's seats (the game scene, the replay; a battle
played back draws over it): every seat's panel and the team frames on a cleared background,
each seat's ring colour when two seats play one army, and a battle played back over it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.seatpanels import SEAT_RINGS, SeatPanels


def seat_rings(armies: list[str]) -> list[tuple[int, int, int]] | None:
    """Each seat's ring colour, when two seats play one army (else the army tells)."""
    return SEAT_RINGS if len(set(armies)) < len(armies) else None


HQ = list[int] | None  # each seat's HQ hit points (or points), to show instead of the view's
Panels = dict[str, Any] | None  # what the seat panels show instead of the view's (a battle)


class ShownGame(Protocol):
    """A scene showing a game's board and seats (the game scene, the replay)."""

    board: BoardView
    armies: list[str]


def draw_seat_panels(
    seat_panels: SeatPanels, surface: pygame.Surface, hq: HQ = None, panels: Panels = None
) -> None:
    """The background with every seat's panel and the team frames (the game's and the
    replay's backdrop, under its headline): ``hq`` each seat's HQ hit points or points, else
    the view's; ``panels`` what a battle being played back shows instead of the view's."""
    surface.fill(widgets.BG)
    hq_hp = hq if hq is not None else list(seat_panels.host.view["hq_hp"])
    for frame in seat_panels.team_frames:
        seat_panels.draw_team_frame(surface, frame)
    for seat in range(len(seat_panels.host.armies)):
        seat_panels.draw_seat(surface, seat, hq_hp, panels)


def battle_scene(
    app: Any, behind: ShownGame, battle: Mapping[str, Any], hq_before: list[int], **options: Any
) -> Any:
    """A battle scene playing ``battle`` (the engine's log of one, or a battle question: its
    ``before`` units and ``phases``) over the scene ``behind`` (its board, its armies, its seat
    panels as the backdrop), each seat's HQ at ``hq_before`` first; ``options`` the battle
    scene's own (``question``, ``result_units``, ``to_move``, ...). Made, not yet shown."""
    board, armies = behind.board, behind.armies
    before, phases = battle["before"], battle["phases"]
    return app.make("battle", board, armies, before, phases, hq_before, backdrop=behind, **options)
