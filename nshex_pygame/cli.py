"""The ``nshex`` command (the contract is INTERFACES.md section 4).

``nshex battle FILE.toml [--json]`` resolves one battle from a scenario and tells it phase by
phase; ``--json`` prints exactly the engine's ``BattleResult.to_json()``. The game window
(``nshex`` alone), ``arena``, ``bench`` and ``--selftest`` come with later work: until then they
say so in one line.

Bad input never ends in a traceback: a scenario the engine rejects gives exit 2 and the engine's
one-line message on stderr; a file that cannot be read gives exit 2 and one line too.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

if TYPE_CHECKING:
    from nshex_pygame.core import BattleResult, Position

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2

DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

REMOVAL_CAUSES = {
    "killed": "killed",
    "exploded": "exploded",
    "medic": "spent as a medic",
    "hq_destroyed": "its HQ was destroyed",
}

NO_WINDOW_YET = (
    "nshex: the game window is not available yet; it comes with the pygame-ce client.\n"
    "For now, resolve a battle from a scenario file:\n"
    "    nshex battle FILE.toml          a phase-by-phase account\n"
    "    nshex battle FILE.toml --json   the result as JSON\n"
    "Example scenarios ship in {scenarios}"
)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (try 'nshex --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nshex",
        description="Neuroshima Hex! 3.0. With no command it opens the game window (not yet).",
    )
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="headless: a short AI-against-AI game with every battle resolved (not yet)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    battle = commands.add_parser(
        "battle", help="resolve one battle from a scenario file and print the result"
    )
    battle.add_argument("file", metavar="FILE.toml", help="a scenario (INTERFACES.md section 3)")
    battle.add_argument("--json", action="store_true", help="print the result as one JSON object")

    arena = commands.add_parser("arena", help="AI against AI, seats alternating (not yet)")
    arena.add_argument("--a", metavar="BOT")
    arena.add_argument("--b", metavar="BOT")
    arena.add_argument("--games", metavar="N", type=int)
    arena.add_argument("--armies", metavar="A,B")
    arena.add_argument("--seed", metavar="S", type=int)
    arena.add_argument("--json", action="store_true")

    bench = commands.add_parser("bench", help="the engine's benchmark suite (not yet)")
    bench.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nshex`` command; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        if args.selftest:
            return _not_yet("--selftest", "the AI-against-AI self test")
        if args.command == "battle":
            return _battle(args.file, as_json=args.json, out=sys.stdout)
        if args.command == "arena":
            return _not_yet("arena", "the AI bots")
        if args.command == "bench":
            return _not_yet("bench", "the benchmark suite")
        print(NO_WINDOW_YET.format(scenarios=_scenarios_dir()))
        return EXIT_OK
    except BrokenPipeError:
        # The reader went away (`nshex battle x.toml | head`): not an error worth a traceback.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


def _not_yet(what: str, comes_with: str) -> int:
    _error(f"nshex {what}: not implemented yet (it comes with {comes_with})")
    return EXIT_USAGE


def _error(line: str) -> None:
    print(line, file=sys.stderr)


def _scenarios_dir() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios")


def _battle(path: str, *, as_json: bool, out: TextIO) -> int:
    try:
        from nshex_pygame.core import EngineError, Position, ScenarioError
    except ImportError as exc:
        _error(f"nshex: the engine is not built ({exc}); run: python3 dev.py build")
        return EXIT_FAILURE

    if not os.path.exists(path):
        _error(f"{path}: no such file")
        return EXIT_USAGE
    if os.path.isdir(path):
        _error(f"{path}: is a directory, not a scenario file")
        return EXIT_USAGE
    try:
        position = Position.from_file(path)
    except ScenarioError as exc:
        _error(_one_line(exc))
        return EXIT_USAGE
    except OSError as exc:
        _error(f"{path}: cannot read: {exc.strerror or exc}")
        return EXIT_USAGE
    try:
        result = position.resolve_battle()
    except EngineError as exc:
        _error(f"{path}: engine error: {_one_line(exc)}")
        return EXIT_FAILURE

    if as_json:
        print(result.to_json(), file=out)
    else:
        out.writelines(f"{line}\n" for line in describe_battle(position, result, title=path))
    return EXIT_OK


def _one_line(exc: BaseException) -> str:
    """The exception's message on one line (the engine promises one; this makes sure)."""
    return " ".join(str(exc).split("\n")).strip() or type(exc).__name__


def _silence_stdout() -> None:
    # Point stdout at /dev/null so the interpreter's final flush does not fail again.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


# --- the readable account ----------------------------------------------------------------------


@cache
def _tile_name(tile_id: str) -> str:
    """``"Borgo Net Fighter"`` for ``"borgo.net_fighter"``; the id itself if the engine has none."""
    from nshex_pygame.core import tile_info

    army, _, short = tile_id.partition(".")
    try:
        name = str(tile_info(tile_id).get("name") or short.replace("_", " ").title())
    except Exception:  # an unknown id in an event is not worth failing the account for
        return tile_id
    return f"{army.capitalize()} {name}"


def _hex(at: Any) -> str:
    try:
        q, r = at
    except (TypeError, ValueError):
        return str(at)
    return f"({q},{r})"


class _Board:
    """Who stood where when the battle began (nothing moves during a battle)."""

    def __init__(self, position: Position) -> None:
        self.armies = list(position.armies)
        self.units: dict[tuple[int, int] | None, dict[str, Any]] = {
            _key(unit["at"]): dict(unit) for unit in position.units
        }

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.armies):
            return f"seat {seat} ({self.armies[seat]})"
        return f"seat {seat}"

    def unit(self, at: Any) -> str:
        key = _key(at)
        unit = self.units.get(key) if key is not None else None
        if unit is None:
            return _hex(at)
        return f"{_tile_name(unit['tile'])} {_hex(at)}"

    def units_at(self, hexes: Iterable[Any]) -> str:
        names = [self.unit(at) for at in hexes]
        return ", ".join(names) if names else "nothing"


def _key(at: Any) -> tuple[int, int] | None:
    """A hex as a hashable pair, whether the engine gave a list or a tuple."""
    try:
        q, r = at
        return int(q), int(r)
    except (TypeError, ValueError):
        return None


def _strength(event: dict[str, Any]) -> str:
    parts = []
    if event.get("melee"):
        parts.append(f"melee {event['melee']}")
    if event.get("ranged"):
        parts.append(f"ranged {event['ranged']}")
    if event.get("gauss"):
        parts.append("gauss line")
    return " + ".join(parts) or "no strength"


def _direction(event: dict[str, Any]) -> str:
    d = event.get("dir")
    if isinstance(d, int) and 0 <= d < 6:
        return DIRECTION_NAMES[d]
    return f"edge {event.get('edge')}"


def _wounds(n: Any) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def _from(board: _Board, event: dict[str, Any]) -> str:
    source = event.get("from")
    if source is None:
        return ""
    if event.get("edge") == -1:
        return f" from the explosion of {board.unit(source)}"
    return f" from {board.unit(source)}"


def describe_event(board: _Board, phase: Any, event: dict[str, Any]) -> str:
    """One line of the account; attacks and explosions at the left, their effects indented."""
    kind = event.get("kind")
    at = event.get("at")
    if kind == "netted":
        return f"  {board.unit(at)} is netted: it does nothing while the net holds"
    if kind == "slot_lost":
        return f"  {board.unit(at)} is netted: its phase-{phase} action is lost"
    if kind == "attack":
        return (
            f"  {board.unit(at)} attacks {_direction(event)} with {_strength(event)}"
            f" -> {board.units_at(event.get('targets') or [])}"
        )
    if kind == "explode":
        return f"  {board.unit(at)} explodes -> {board.units_at(event.get('targets') or [])}"
    if kind == "hit":
        return (
            f"    {board.unit(at)} is hit for {_wounds(event.get('wounds'))}{_from(board, event)}"
        )
    if kind == "armor":
        return f"    {board.unit(at)}: armor blocks {event.get('blocked')}{_from(board, event)}"
    if kind == "save":
        source = event.get("from")
        against = f" from the attack of {board.unit(source)}" if source is not None else ""
        medic = board.unit(event.get("medic"))
        return f"    {medic} dies to save {board.unit(at)}{against}: that attack is cancelled"
    if kind == "hq_damage":
        return (
            f"    HQ of {board.seat(event.get('seat'))} loses {event.get('amount')}"
            f" -> {event.get('hp')} hit points"
        )
    if kind == "removed":
        cause = REMOVAL_CAUSES.get(str(event.get("cause")), str(event.get("cause")))
        name = _tile_name(str(event["tile"])) if "tile" in event else "unit"
        return f"    {name} {_hex(at)} of {board.seat(event.get('seat'))} is removed ({cause})"
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"  {kind}: {fields}"


def describe_battle(position: Position, result: BattleResult, *, title: str) -> list[str]:
    """The readable account of a resolved battle, one string per line."""
    board = _Board(position)
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
        now = {_key(e.get("at")) for e in events if e.get("kind") == "netted"}
        shown += [
            f"  {board.unit(at)} is free: the net on it is gone"
            for at in sorted(netted - now - removed, key=str)
        ]
        for event in events:
            kind = event.get("kind")
            if kind == "netted" and _key(event.get("at")) in netted:
                continue
            if kind == "attack" and not event.get("targets"):
                continue  # an edge that reaches no enemy: nothing to tell
            if kind == "removed":
                removed.add(_key(event.get("at")))
            shown.append(describe_event(board, initiative, event))
        netted = now
        lines += shown or ["  nothing happens"]
    lines.append("")
    hq = ", ".join(f"{board.seat(seat)} {hp}" for seat, hp in enumerate(result.hq_hp))
    lines.append(f"HQ hit points: {hq}")
    lines.append(f"Units left on the board: {len(result.units)}")
    winner = result.winner
    if winner is None:
        lines.append("Winner: none yet, the game goes on")
    elif winner == "draw":
        lines.append("Winner: none, the battle ends in a draw")
    else:
        lines.append(f"Winner: {board.seat(winner)}")
    return lines


if __name__ == "__main__":
    sys.exit(main())
