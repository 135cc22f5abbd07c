"""A game told again: its actions replayed through the engine from the save's start.

:func:`replay` rebuilds every position a game went through (a copy of the engine's game after
each action) and :func:`summary` reads the numbers of the game-over screen off them: the
damage each seat dealt to the enemy HQ, the units it lost and destroyed, the tiles it played,
and both HQs' hit points turn by turn. Nothing here knows a rule: every position is the
engine's, the client only compares what it shows before and after an action.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from nshex_pygame.core import Game, GameView

# Actions that put a tile of the hand into play (a discard is not a tile played).
PLAYED_KINDS = frozenset(
    {"place", "battle", "move", "push_back", "sniper", "grenade", "air_strike"}
)


def start_of(game: Game) -> Game:
    """The game as it stood before its first action (the save's start), to replay it on."""
    data = json.loads(game.save())
    data["actions"] = []
    data["state"] = data["start"]  # the position the (no) actions lead to
    return Game.load(json.dumps(data))


@dataclass
class Frame:
    """One action of the game and the position after it (``index`` 0: the start, no action)."""

    index: int
    game: Game
    line: str = ""
    seat: int = -1
    desc: dict[str, Any] = field(default_factory=dict)
    battles: int = 0  # battles this action fought (one action may lead to two)

    @cached_property
    def view(self) -> GameView:
        # read once: the frame's game never changes, and the replay scene reads its view
        # several times a frame (an engine call of about 70 us each)
        return self.game.view()

    @property
    def turn(self) -> int:
        return int(self.view.get("turn", 0))


@dataclass
class Replay:
    armies: list[str]
    frames: list[Frame]

    def turn_starts(self) -> list[int]:
        """The frame that begins each turn (the first frame of a turn number)."""
        out: list[int] = []
        seen: set[int] = set()
        for frame in self.frames:
            if frame.turn not in seen:
                seen.add(frame.turn)
                out.append(frame.index)
        return out

    def battle_frames(self) -> list[int]:
        return [f.index for f in self.frames if f.battles]


def replay(game: Game) -> Replay:
    """Every position of ``game`` from its start: the engine replays the saved actions."""
    current = start_of(game)
    armies = list(current.view()["armies"])
    frames = [Frame(0, current.clone())]
    for i, line in enumerate(game.history(), start=1):
        action = current.string_to_action(line)
        seat = current.current_player()
        desc = current.describe_action(action)
        battles = current.battles
        current.apply_action(action)
        frames.append(Frame(i, current.clone(), line, seat, desc, current.battles - battles))
    return Replay(armies, frames)


@dataclass
class SeatStats:
    hq_damage_dealt: int = 0
    units_lost: int = 0
    units_destroyed: int = 0
    tiles_played: int = 0


@dataclass
class Summary:
    seats: list[SeatStats]
    hq_by_turn: list[tuple[int, list[int]]]  # (turn, both HQs' hit points at its end)
    turns: int
    battles: int


def _units_by_seat(view: Mapping[str, Any], seats: int) -> list[int]:
    counts = [0] * seats
    for unit in view["units"]:
        seat = unit["seat"]
        if isinstance(seat, int) and not str(unit["tile"]).endswith(".hq"):
            counts[seat] += 1  # a neutral unit (seat "neutral") is nobody's
    return counts


def summary(rep: Replay) -> Summary:
    """The numbers of the game-over screen, read off the replayed positions."""
    n = len(rep.armies)
    stats = [SeatStats() for _ in range(n)]
    views = [f.view for f in rep.frames]
    by_turn: dict[int, list[int]] = {}
    for before, after, frame in zip(views, views[1:], rep.frames[1:], strict=False):
        placed = [0] * n
        if frame.seat >= 0 and frame.desc.get("kind") in PLAYED_KINDS:
            stats[frame.seat].tiles_played += 1
            if frame.desc.get("kind") == "place":
                placed[frame.seat] += 1
        was, now = _units_by_seat(before, n), _units_by_seat(after, n)
        for seat in range(n):
            lost = max(0, was[seat] + placed[seat] - now[seat])
            stats[seat].units_lost += lost
            drop = max(0, int(before["hq_hp"][seat]) - int(after["hq_hp"][seat]))
            for other in range(n):
                if other != seat:
                    stats[other].units_destroyed += lost
                    stats[other].hq_damage_dealt += drop
        by_turn[int(after.get("turn", 0))] = [int(h) for h in after["hq_hp"]]
    first = [int(h) for h in views[0]["hq_hp"]]
    series = [(int(views[0].get("turn", 0)), first)]
    series += [(turn, hp) for turn, hp in sorted(by_turn.items()) if turn > series[0][0]]
    last = views[-1]
    return Summary(stats, series, int(last.get("turn", 0)), int(last.get("battles", 0)))
