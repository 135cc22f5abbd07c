"""Battles and positions in words: the text both the ``nshex`` command and the game window use.

:func:`describe_event` tells one event of the engine's battle log; :func:`describe_battle` the
whole account of a resolved battle. A *board* names the units (anything with ``seat(seat)``,
``unit(at)`` and ``units_at(hexes)``: :class:`Board` for the command line, the client's own for
the window).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from nshex_pygame.core import BattleResult, Position

DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

REMOVAL_CAUSES = {
    "killed": "killed",
    "exploded": "exploded",
    "medic": "spent as a medic",
    "hq_destroyed": "its HQ was destroyed",
}


class Names(Protocol):
    """What :func:`describe_event` asks of a board: who a seat is, which unit stood where."""

    def seat(self, seat: Any) -> str: ...

    def unit(self, at: Any) -> str: ...

    def units_at(self, hexes: Iterable[Any]) -> str: ...


@cache
def long_tile_name(tile_id: str) -> str:
    """``"Borgo Net Fighter"`` for ``"borgo.net_fighter"``; the id itself if the engine has none."""
    from nshex_pygame.core import tile_info

    army, _, short = tile_id.partition(".")
    try:
        name = str(tile_info(tile_id).get("name") or short.replace("_", " ").title())
    except Exception:  # an unknown id in an event is not worth failing the account for
        return tile_id
    return f"{army.capitalize()} {name}"


def hex_text(at: Any) -> str:
    try:
        q, r = at
    except (TypeError, ValueError):
        return str(at)
    return f"({q},{r})"


def seat_name(armies: list[str], seat: Any) -> str:
    """``seat 0 (borgo)``; only ``seat n`` for a value that names no seat."""
    if isinstance(seat, int) and 0 <= seat < len(armies):
        return f"seat {seat} ({armies[seat]})"
    return f"seat {seat}"


def winner_line(winner: Any, seat: Callable[[Any], str], what: str) -> str:
    """The last line of an account: who won, if anyone; ``what`` (the game, the battle) is
    what ends in a draw."""
    if winner is None:
        return "Winner: none yet, the game goes on"
    if winner == "draw":
        return f"Winner: none, the {what} ends in a draw"
    return f"Winner: {seat(winner)}"


class Board:
    """Who stood where when the battle began (nothing moves during a battle)."""

    def __init__(self, position: Position) -> None:
        self.armies = list(position.armies)
        self.units: dict[tuple[int, int] | None, dict[str, Any]] = {
            hex_key(unit["at"]): dict(unit) for unit in position.units
        }

    def seat(self, seat: Any) -> str:
        return seat_name(self.armies, seat)

    def unit(self, at: Any) -> str:
        key = hex_key(at)
        unit = self.units.get(key) if key is not None else None
        if unit is None:
            return hex_text(at)
        return f"{long_tile_name(unit['tile'])} {hex_text(at)}"

    def units_at(self, hexes: Iterable[Any]) -> str:
        names = [self.unit(at) for at in hexes]
        return ", ".join(names) if names else "nothing"


def hex_key(at: Any) -> tuple[int, int] | None:
    """A hex as a hashable pair, whether the engine gave a list or a tuple."""
    try:
        q, r = at
        return int(q), int(r)
    except (TypeError, ValueError):
        return None


def _strength(event: dict[str, Any]) -> str:
    parts = [f"{how} {event[how]}" for how in ("melee", "ranged") if event.get(how)]
    if event.get("gauss"):
        parts.append("gauss line")
    return " + ".join(parts) or "no strength"


def _direction(event: dict[str, Any]) -> str:
    d = event.get("dir")
    if isinstance(d, int) and 0 <= d < 6:
        return DIRECTION_NAMES[d]
    return f"edge {event.get('edge')}"


def wounds_text(n: Any) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def _from(board: Names, event: dict[str, Any]) -> str:
    source = event.get("from")
    if source is None:
        return ""
    if event.get("edge") == -1:
        return f" from the explosion of {board.unit(source)}"
    return f" from {board.unit(source)}"


# The events told by a line of words with the event's fields in it: indented two spaces
# (what a unit does) or four (what happens to it). Each field is read only when a line
# names it (see _EventFields).
_EVENT_LINES = {
    "netted": "  {unit} is netted: it does nothing while the net holds",
    "controlled": "  {unit} is controlled by {seat}",
    "slot_lost": "  {unit} is netted: its phase-{phase} action is lost",
    "attack": "  {unit} attacks {direction} with {strength} -> {targets}",
    "explode": "  {unit} explodes -> {targets}",
    "redirected": "  {unit} redirects the shot {direction}: {copies}",
    "hit": "    {unit} is hit for {wounds}{source}",
    "armor": "    {unit}: armor blocks {blocked}{source}",
    "hq_damage": "    HQ of {seat} loses {amount} -> {hp} hit points",
}


def _the(board: Names, hexes: Iterable[Any]) -> str:
    """The units on ``hexes`` named for a player: "the Hegemony HQ and the Moloch Guard"."""
    names = [board.unit(at) for at in hexes]
    names = [n if n.startswith(("the ", "an ", "a ")) else f"the {n}" for n in names]
    if len(names) <= 1:
        return "".join(names) or "nothing"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plain_attack(board: Names, event: dict[str, Any]) -> str:
    """An attack as a player reads it: who, how, whom, how hard; never its direction."""
    unit, targets = board.unit(event.get("at")), _the(board, event.get("targets") or [])
    if event.get("gauss"):
        return f"  {unit} fires a gauss beam through {targets} (1 wound each)"
    melee, ranged = int(event.get("melee") or 0), int(event.get("ranged") or 0)
    verb = "attacks" if melee and ranged else ("shoots" if ranged else "strikes")
    hits = melee + ranged
    return f"  {unit} {verb} {targets} ({hits} {'hit' if hits == 1 else 'hits'})"


def _plain_redirect(board: Names, event: dict[str, Any]) -> str:
    """A redirected shot as a player reads it: which redirector sends how many copies on, and
    toward whom, never its exit's direction. The engine's ``path`` ends where the run ends
    (the enemy that stopped it, the redirector it entered, or the last hex before the board's
    edge: off the board when nobody stands there)."""
    unit, path = board.unit(event.get("at")), event.get("path") or []
    end = _the(board, path[-1:]) if path else "an empty hex"
    where = "off the board" if end == "an empty hex" else f"on toward {end}"
    copies = event.get("copies")
    if copies == "infinite":
        return f"  {unit} sends the shot {where}: infinitely many copies (a loop)"
    return f"  {unit} sends the shot {where} ({_copies(copies)})"


# The events a board that asks for plain words (``plain = True``: the game window's) tells
# by names and effects, never by directions or arrows; the others as in _EVENT_LINES.
_PLAIN_LINES: dict[str, Callable[[Names, dict[str, Any]], str]] = {
    "attack": _plain_attack,
    "explode": lambda board, event: (
        f"  {board.unit(event.get('at'))} explodes, hitting"
        f" {_the(board, event.get('targets') or [])}"
    ),
    "redirected": lambda board, event: _plain_redirect(board, event),
    "hq_damage": lambda board, event: (
        f"    The {board.seat(event.get('seat'))} HQ loses {event.get('amount')}:"
        f" {event.get('hp')} hit points left"
    ),
}


def _copies(copies: Any) -> str:
    if copies == "infinite":
        return "infinitely many copies (a loop)"
    return "1 copy" if copies == 1 else f"{copies} copies"


class _EventFields(dict[str, Any]):
    """An event's fields in words, each made when a line of ``_EVENT_LINES`` asks for it."""

    def __init__(self, board: Names, phase: Any, event: dict[str, Any]) -> None:
        super().__init__()
        self.board, self.phase, self.event = board, phase, event

    def __missing__(self, field: str) -> Any:
        board, event = self.board, self.event
        words: dict[str, Callable[[], Any]] = {
            "unit": lambda: board.unit(event.get("at")),
            "seat": lambda: board.seat(event.get("seat")),
            "phase": lambda: self.phase,
            "direction": lambda: _direction(event),
            "strength": lambda: _strength(event),
            "targets": lambda: board.units_at(event.get("targets") or []),
            "copies": lambda: _copies(event.get("copies")),
            "wounds": lambda: wounds_text(event.get("wounds")),
            "source": lambda: _from(board, event),
        }
        return words[field]() if field in words else event.get(field)


def describe_event(board: Names, phase: Any, event: dict[str, Any]) -> str:
    """One line of the account; attacks and explosions at the left, their effects indented."""
    kind = event.get("kind")
    at = event.get("at")
    if getattr(board, "plain", False) and kind in _PLAIN_LINES:  # the window's words
        return _PLAIN_LINES[str(kind)](board, event)
    if kind in _EVENT_LINES:
        return _EVENT_LINES[str(kind)].format_map(_EventFields(board, phase, event))
    if kind == "save":
        source = event.get("from")
        against = f" from the attack of {board.unit(source)}" if source is not None else ""
        medic = board.unit(event.get("medic"))
        return f"    {medic} dies to save {board.unit(at)}{against}: that attack is cancelled"
    if kind == "removed":
        cause = REMOVAL_CAUSES.get(str(event.get("cause")), str(event.get("cause")))
        name = long_tile_name(str(event["tile"])) if "tile" in event else "unit"
        # the board names the unit as it names it everywhere (the window never by its hex)
        who = board.unit(at)
        if who == hex_text(at):  # a board that knows no unit there (the command line)
            who = f"{name} {who}"
        elif who == "an empty hex":  # (the window's board: names, no places)
            who = name
        return f"    {who} of {board.seat(event.get('seat'))} is removed ({cause})"
    if kind == "scored":  # the points game: wounds to another seat's HQ score for the attacker
        points = event.get("points")
        unit = "point" if points == 1 else "points"
        return (
            f"    {board.seat(event.get('seat'))} scores {points} {unit}"
            f" ({event.get('total')} in all)"
        )
    # an event this account does not know yet: its name in words, never its raw fields
    return f"  {str(kind).replace('_', ' ')}"


def describe_battle(position: Position, result: BattleResult, *, title: str) -> list[str]:
    """The readable account of a resolved battle, one string per line."""
    board = Board(position)
    seats = ", ".join(f"{board.seat(seat)} HQ {hp}" for seat, hp in enumerate(position.hq_hp))
    lines = [
        f"Battle: {title}",
        f"{seats}; {len(position.units)} tiles on the {position.board} board",
    ]
    netted: set[tuple[int, int] | None] = set()
    removed: set[tuple[int, int] | None] = set()
    for phase in result.phases:
        initiative = phase.get("initiative")
        events = phase.get("events") or []
        lines += ["", f"Initiative {initiative}"]
        shown = []
        # The engine reports every net at the start of every phase: tell only the changes.
        now = {hex_key(e.get("at")) for e in events if e.get("kind") == "netted"}
        shown += [
            f"  {board.unit(at)} is free: the net on it is gone"
            for at in sorted(netted - now - removed, key=str)
        ]
        for event in events:
            kind = event.get("kind")
            if kind == "netted" and hex_key(event.get("at")) in netted:
                continue
            if kind == "attack" and not event.get("targets"):
                continue  # an edge that reaches no enemy: nothing to tell
            if kind == "removed":
                removed.add(hex_key(event.get("at")))
            shown.append(describe_event(board, initiative, event))
        netted = now
        lines += shown or ["  nothing happens"]
    lines.append("")
    hq = ", ".join(f"{board.seat(seat)} {hp}" for seat, hp in enumerate(result.hq_hp))
    lines.append(f"HQ hit points: {hq}")
    lines.append(f"Units left on the board: {len(result.units)}")
    lines.append(winner_line(result.winner, board.seat, "battle"))
    return lines
