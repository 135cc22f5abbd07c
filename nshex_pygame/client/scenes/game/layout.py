"""The game scene's places, colours and timings, and small helpers its parts share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame

from nshex_pygame.client import armystyle
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.words import team_names

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
BOARD_KINDS_WITHOUT_TILE = ("place_hq", "push_to", "mobility", "transport", "grant", "turn_taken")
# Moves of a unit by itself: one click on the unit, one on where it goes (Mobility first).
SELF_MOVES = ("mobility", "transport", "grant")
HAND_SIZE = 46
COMPACT_HAND = 36  # a hand's tiles in a short panel (three or four seats)
COMPACT_BELOW = 300  # a seat's panel shorter than this is drawn compact
LEFT = pygame.Rect(10, 10, 300, 390)
RIGHT = pygame.Rect(970, 10, 300, 390)
LOG = pygame.Rect(10, 410, 300, 380)
ACTIONS = pygame.Rect(970, 410, 300, 380)
LOG_TOP = LOG.top + 34  # the first line of the log
LOG_ROWS = (LOG.height - 44) // 18
LOG_BAR = pygame.Rect(LOG.right - 14, LOG_TOP, 7, LOG_ROWS * 18)
LEGAL_FILL = (255, 210, 70, 70)
LEGAL_EDGE = (255, 210, 70)
PICK_EDGE = (120, 230, 255)
AI_EDGE = (255, 120, 220)
HINT_EDGE = (110, 220, 130)  # the hint's hexes
DANGER_HIT = (255, 150, 40)  # the danger view: a hex a battle now would hit
DANGER_DIES = (255, 80, 80)  # ... and a unit it would kill
LOOK_EDGE = (255, 255, 255)  # the hexes a hovered log line or hover box speaks of
SEAT_RINGS = armystyle.SEAT_COLOURS  # each seat's own colour
TEAM_COLOURS = {"Team A": (255, 196, 60), "Team B": (110, 190, 255)}
TEAM_OTHER = (200, 200, 210)  # "Alone" and "Team" (one against a team)
BANNER_SECONDS = 1.8  # a human seat's turn banner (hot seat)
TOOLS_X = 982  # the tools row (Undo, Hint, Danger) left of the Menu button
TOOL_W = 64
AI_SHOW_SECONDS = 1.1
POP_SECONDS = 0.3
STRIKE_SECONDS = 0.9  # an instant shown on its target
STRIKE_KINDS = ("sniper", "grenade", "air_strike", "push_back")
DRAW_SECONDS = 0.25
MESSAGE_SECONDS = 6.0


def as_hex(at: Any) -> Hex:
    return int(at[0]), int(at[1])


def plain_reason(reason: str) -> str:
    """The engine's refusal for a player: without its ``seat 0, during the turn:`` prefix."""
    match = re.match(r"^seat \d+, [^:]+: (.+)$", reason.strip())
    text = match.group(1) if match else reason.strip()
    return text[:1].upper() + text[1:] if text else reason


@dataclass(frozen=True)
class TeamFrame:
    """A team's column: its frame, its label (``Team A``), its seats and its result."""

    rect: pygame.Rect
    label: str
    seats: tuple[int, ...]
    colour: tuple[int, int, int]


def seat_layout(view: dict[str, Any]) -> tuple[dict[int, pygame.Rect], list[TeamFrame]]:
    """Each seat's panel and the team frames, from the engine's view (its seat count and
    sides). Two seats: the left and right panels as ever. Three or four: a column on each side
    of the board with one or two panels each; in a team mode each side has its own column,
    framed and labelled with the team's name, else seats 1 and 3 go left, 2 and 4 right."""
    seats = int(view.get("seats") or len(view.get("armies") or []) or 2)
    if seats <= 2:
        return {0: LEFT, 1: RIGHT}, []
    sides = [tuple(int(s) for s in side) for side in view.get("sides") or []]
    names = team_names(sides) if len(sides) == seats else {}
    if names:
        left = list(sides[0])
        columns = [left, [s for s in range(seats) if s not in left]]
    else:
        columns = [list(range(0, seats, 2)), list(range(1, seats, 2))]
    rects: dict[int, pygame.Rect] = {}
    frames: list[TeamFrame] = []
    for x, column in zip((LEFT.left, RIGHT.left), columns, strict=True):
        top = LEFT.top + (28 if names else 0)
        height = LEFT.bottom - top
        each = (height - 6 * (len(column) - 1)) // max(1, len(column))
        for i, seat in enumerate(column):
            rects[seat] = pygame.Rect(x, top + i * (each + 6), LEFT.width, each)
        if names and column:
            label = names[column[0]]
            colour = TEAM_COLOURS.get(label, TEAM_OTHER)
            frame = pygame.Rect(x - 5, LEFT.top - 5, LEFT.width + 10, LEFT.height + 10)
            frames.append(TeamFrame(frame, label, tuple(column), colour))
    return rects, frames
