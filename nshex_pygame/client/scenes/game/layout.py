"""The game scene's places, colours and timings, and small helpers its parts share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pygame

from nshex_pygame.client.hexgeo import Hex

# the seat panels' places and colours, shared with the replay (imported from here as ever)
from nshex_pygame.client.seatpanels import (  # noqa: F401
    AI_EDGE,
    COMPACT_BELOW,
    COMPACT_HAND,
    HAND_SIZE,
    LEFT,
    PICK_EDGE,
    RIGHT,
    SEAT_RINGS,
    TEAM_COLOURS,
    TEAM_OTHER,
    TeamFrame,
    seat_layout,
)
from nshex_pygame.core import IllegalActionError, Refusal

BOMB = "hexes"  # the Small Bomb's slot: a list of up to three hexes, not one
INSTANT_KINDS = {
    "battle": "battle",
    "move": "move",
    "push_back": "push_back",
    "sniper": "sniper",
    "grenade": "grenade",
    "air_strike": "air_strike",
    "terror": "terror",
    "castling": "castling",
    "rotation": "rotation",
    "small_bomb": "small_bomb",
}
# The hexes of an action, in the order the player clicks them (the facing comes last).
SLOTS = {
    "place_hq": ("at",),
    "place": ("at",),
    "move": ("from", "to"),
    "mobility": ("from", "to"),
    "transport": ("from", "to"),
    "push_back": ("from", "target"),
    "push_to": ("at",),
    "sniper": ("target",),
    "grenade": ("target",),
    "air_strike": ("target",),
    "grant": ("from", "to"),
    "castling": ("from", "to"),
    "rotation": ("at",),
    "turn_taken": ("at",),
    "keep_taken": ("at",),
    "terror": (),
    "rotate": ("at",),  # the Doomsday HQ turns one own unit
    "small_bomb": (BOMB,),  # three touching hexes, one click each
}
# The Duel board's procedures: their hexes in click order (a Swap turns both units after).
PROCEDURES = ("rotation", "swap", "push", "laser", "elimination", "detonation")
PROCEDURE_SLOTS = {
    "rotation": ("at",),
    "swap": ("from", "to"),
    "push": ("from", "target"),
    "laser": ("from", "to"),
    "elimination": ("target",),
    "detonation": (),
}
HEX_SLOTS = ("from", "to", "at", "target")
BOARD_KINDS_WITHOUT_TILE = (
    "place_hq",
    "push_to",
    "mobility",
    "transport",
    "grant",
    "turn_taken",
    "rotate",
)
# Moves of a unit by itself: one click on the unit, one on where it goes (Mobility first).
SELF_MOVES = ("mobility", "transport", "grant")
LOG = pygame.Rect(10, 410, 300, 380)
ACTIONS = pygame.Rect(970, 410, 300, 380)
QUESTION_EDGE = (120, 230, 255)  # a panel that asks (as the battle's question panel)
CREDIT_ROWS_TOP = ACTIONS.top + 150  # the rows of the points a seat gives away (FAQ-374)
DIGIT_KEYS = {  # a row's number picks it (the keypad's too)
    **{pygame.K_1 + i: i + 1 for i in range(9)},
    **{pygame.K_KP1 + i: i + 1 for i in range(9)},
}
LOG_TOP = LOG.top + 34  # the first line of the log
LOG_ROWS = (LOG.height - 44) // 18
LOG_BAR = pygame.Rect(LOG.right - 14, LOG_TOP, 7, LOG_ROWS * 18)
LEGAL_FILL = (255, 210, 70, 70)
LEGAL_EDGE = (255, 210, 70)
BOMB_FILL = (255, 110, 40, 110)  # a Small Bomb's hex chosen
HINT_EDGE = (110, 220, 130)  # the hint's hexes
DANGER_HIT = (255, 150, 40)  # the danger view: a hex a battle now would hit
DANGER_DIES = (255, 80, 80)  # ... and a unit it would kill
LOOK_EDGE = (255, 255, 255)  # the hexes a hovered log line or hover box speaks of
BANNER_SECONDS = 1.8  # a human seat's turn banner (hot seat)
TOOLS_X = 982  # the tools row (Undo, Hint, Danger) left of the Menu button
TOOL_W = 64
AI_SHOW_SECONDS = 1.1
POP_SECONDS = 0.45  # a placed tile landing with a bounce
STRIKE_SECONDS = 0.9  # an instant shown on its target
STRIKE_KINDS = ("sniper", "grenade", "air_strike", "push_back", "small_bomb")

DRAW_SECONDS = 0.25
MESSAGE_SECONDS = 6.0


def as_hex(at: Any) -> Hex:
    return int(at[0]), int(at[1])


def units_by_hex(units: Iterable[Mapping[str, Any]]) -> dict[Hex, dict[str, Any]]:
    """The units of an engine's view by their hex, as the words read them."""
    return {as_hex(u["at"]): dict(u) for u in units}


def plain_reason(err: IllegalActionError) -> str:
    """What a player reads of a refused action: the engine's reason as it gives it apart
    (a :class:`Refusal`'s ``reason``: no seat, stage or rule reference), or for a line that
    is no action at all, what is wrong with it."""
    text = err.reason if isinstance(err, Refusal) else str(err).strip()
    return text[:1].upper() + text[1:]
