"""Lessons as data: the files of Learn by playing, read and checked, and what they stand for.

Each lesson is one TOML file in ``nshex_pygame/lessons/`` (shipped with the package: the wheel
and the PyInstaller build take the folder), read in the order of the files' names:

    title = "Nets"                       # the lesson's name
    intro = "..."                        # the card before it; outro = the card after it
    prelude = ["discard moloch.guard"]   # played for the learner before the first step

    [position]                           # seat 0 is the learner
    armies = ["moloch", "hegemony"]      # optional (this is the default)
    hq_hp = [20, 2]                      # optional; board = "duel", energy = [2, 0] too
    hand = ["moloch.net_fighter", "moloch.battle"]
    draw = ["moloch.guard"]              # the tiles the learner draws first
    units = [{ seat = 0, tile = "moloch.hq", at = [2, 0], facing = 0 }]
    foundations = []                     # optional: Mines, { seat, tile, at }

    [[step]]                             # one or more, in order
    say = "..."                          # what to do, in words
    line = "place moloch.net_fighter 0,1 0|1"   # the action taught (the coach's notation)
    then = "..."                         # said once it is played
    goal = [{ gone = [[1, 0]] }]         # optional: the outcome taught (all must hold)

The goals are tests of the game after the action, asked of the engine's view: ``taken_over``
(a hex), ``battle_kills`` and ``battle_wounds`` (a hex; a battle fought now on a copy),
``gone`` and ``still`` (hexes; ``gone`` with ``mines = true`` counts Mines too), ``hq_hp`` and
``energy`` (a seat and a number). The position becomes a scenario the engine loads
(:func:`scenario`); the prelude is played by the engine. A file that breaks any of it is
refused with :class:`LessonError`, which names the file and the line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from nshex_pygame.core import EngineError, Game, ViewUnit, tile_ids

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"

LEARNER = 0
ARMIES = ("moloch", "hegemony")
DECK_FILLER = {  # a few tiles no lesson uses, so no lesson runs into the game's ending
    "moloch": ["moloch.juggernaut", "moloch.hornet", "moloch.stormtrooper", "moloch.protector"],
    "hegemony": ["hegemony.thug", "hegemony.gladiator", "hegemony.net_master", "hegemony.boss"],
    "smart": ["smart.ripper", "smart.twister", "smart.mother_module", "smart.scout"],
    "vegas": ["vegas.bodyguard", "vegas.mercenary", "vegas.scout", "vegas.medic"],
    "doomsday": [
        "doomsday.omega_shooter",
        "doomsday.medic",
        "doomsday.gauss_cannon",
        "doomsday.main_war_processor",
    ],
}

Hex = tuple[int, int]


def scenario(
    units: list[tuple[int, str, Hex, int]],
    hand: list[str],
    draw: list[str],
    hq_hp: tuple[int, int] = (20, 20),
    armies: tuple[str, str] = ARMIES,
    board: str | None = None,
    energy: tuple[int, int] | None = None,
    foundations: tuple[tuple[int, str, Hex], ...] = (),
) -> str:
    """The TOML of a lesson's position: ``units`` as (seat, tile, hex, facing), the learner's
    ``hand`` and the tiles it ``draw``s at the start of its turn (the top of its deck); for
    the Duel, the ``board`` ("duel"), each seat's ``energy`` and the ``foundations`` (Mines)
    as (seat, tile, hex)."""
    lines = [
        "[game]",
        f"armies = {list(armies)!r}".replace("'", '"'),
        f"hq_hp = [{hq_hp[0]}, {hq_hp[1]}]",
        "to_move = 0",
    ]
    if board is not None:
        lines.append(f'board = "{board}"')
    if energy is not None:
        lines.append(f"energy = [{energy[0]}, {energy[1]}]")
    for seat, tile, at, facing in units:
        lines += ["", "[[unit]]", f"seat = {seat}", f'tile = "{tile}"']
        lines += [f"at = [{at[0]}, {at[1]}]", f"facing = {facing}"]
    for seat, tile, at in foundations:
        lines += ["", "[[foundation]]", f"seat = {seat}", f'tile = "{tile}"']
        lines += [f"at = [{at[0]}, {at[1]}]"]
    tiles = ", ".join(f'"{t}"' for t in hand)
    lines += ["", "[[hand]]", "seat = 0", f"tiles = [{tiles}]"]
    for seat, army in enumerate(armies):
        deck = (draw if seat == LEARNER else []) + DECK_FILLER[army]
        tiles = ", ".join(f'"{t}"' for t in deck)
        lines += ["", "[[deck]]", f"seat = {seat}", f"tiles = [{tiles}]"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Step:
    say: str  # what to do, in words
    line: str  # the action taught, in notation ("... *": any action starting so; "a|b")
    then: str = ""  # what it did, said once it is played
    # the outcome taught, tested on the game after the action (None: the line is enough)
    goal: Callable[[Game], bool] | None = None


@dataclass(frozen=True)
class Lesson:
    title: str
    intro: str
    scenario: str
    steps: tuple[Step, ...]
    prelude: tuple[str, ...] = ()  # played for the learner before the first step
    outro: str = ""
    board: dict[str, str] = field(default_factory=dict)
    file: str = field(default="", compare=False)  # the lesson's file, for messages
    step_lines: tuple[int, ...] = field(default=(), compare=False)  # each step's line there


# The Duel's lessons test what they teach on the engine's view of the game after the action.


def unit_at(game: Game, at: Hex) -> ViewUnit | None:
    """The unit on ``at`` in the engine's view (None: the hex holds none)."""
    return next((u for u in game.view()["units"] if tuple(u["at"]) == at), None)


def taken_over(at: Hex, by: int = LEARNER) -> Callable[[Game], bool]:
    """The unit on ``at`` is controlled by seat ``by`` though another seat owns it."""

    def test(game: Game) -> bool:
        unit = unit_at(game, at)
        return unit is not None and unit["controller"] == by != unit["seat"]

    return test


def gone(*hexes: Hex, mines: bool = False) -> Callable[[Game], bool]:
    """No unit is left on any of ``hexes`` (and, with ``mines``, no foundation either)."""

    def test(game: Game) -> bool:
        view = game.view()
        held = {tuple(u["at"]) for u in view["units"]}
        if mines:
            held |= {tuple(f["at"]) for f in view["foundations"]}
        return not held & set(hexes)

    return test


def battle_kills(at: Hex) -> Callable[[Game], bool]:
    """A battle fought now (on a copy, by the engine) would leave no unit on ``at``."""

    def test(game: Game) -> bool:
        after = game.position.resolve_battle(log=False)
        return all(tuple(u["at"]) != at for u in after.units)

    return test


def battle_wounds(at: Hex) -> Callable[[Game], bool]:
    """A battle fought now (on a copy, by the engine) would wound or kill the unit on ``at``."""

    def test(game: Game) -> bool:
        after = game.position.resolve_battle(log=False)
        unit = next((u for u in after.units if tuple(u["at"]) == at), None)
        return unit is None or int(unit.get("wounds", 0)) > 0

    return test


def still(*hexes: Hex) -> Callable[[Game], bool]:
    """Every one of ``hexes`` still holds a unit."""

    def test(game: Game) -> bool:
        held = {tuple(u["at"]) for u in game.view()["units"]}
        return set(hexes) <= held

    return test


def hq_hp(seat: int, hp: int) -> Callable[[Game], bool]:
    def test(game: Game) -> bool:
        return int(game.view()["hq_hp"][seat]) == hp

    return test


def energy(seat: int, amount: int) -> Callable[[Game], bool]:
    def test(game: Game) -> bool:
        return int(game.view()["energy"][seat]) == amount

    return test


def both(*tests: Callable[[Game], bool]) -> Callable[[Game], bool]:
    return lambda game: all(test(game) for test in tests)


# --- reading a lesson's file -------------------------------------------------------------------

GOALS: dict[str, tuple[str, Callable[..., Callable[[Game], bool]]]] = {
    # name: (what its value is, the test it makes)
    "taken_over": ("hex", taken_over),
    "battle_kills": ("hex", battle_kills),
    "battle_wounds": ("hex", battle_wounds),
    "gone": ("hexes", gone),
    "still": ("hexes", still),
    "hq_hp": ("seat and number", hq_hp),
    "energy": ("seat and number", energy),
}
TOP_KEYS = {"title", "intro", "outro", "prelude", "position", "step"}
POSITION_KEYS = {"armies", "hq_hp", "board", "energy", "hand", "draw", "units", "foundations"}
STEP_KEYS = {"say", "line", "then", "goal"}


class LessonError(ValueError):
    """A lesson's file that cannot be used: ``FILE, line N: what is wrong``."""


class _Where:
    """Lines of a lesson's file by section (``""`` before the first header, ``position``,
    ``step`` with its number) for the messages."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.lines = text.splitlines()

    def error(self, line: int, what: str) -> LessonError:
        return LessonError(f"{self.name}, line {line}: {what}")

    def line(self, section: str, key: str, index: int = 0, needle: str | None = None) -> int:
        """The line of ``key`` (or, with ``needle``, the first line holding it) in the
        section; the section's header when neither is found."""
        current, count, header = "", -1, 1
        found = None
        for number, text in enumerate(self.lines, 1):
            stripped = text.strip()
            if stripped.startswith("["):
                current = stripped.strip("[]").strip()
                count = count + 1 if current == "step" else count
                if current == section and (section != "step" or count == index):
                    header = number
                continue
            here = current if section != "step" else (current if count == index else "")
            if here != section:
                continue
            if needle is not None and needle in text:
                return number
            if needle is None and re.match(rf"{re.escape(key)}\s*=", stripped) and found is None:
                found = number
        return found or header


def _text(value: Any, where: _Where, line: int, what: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise where.error(line, f"{what} must be text")
    return value


def _ints(value: Any, count: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _unknown(data: dict[str, Any], known: set[str], where: _Where, section: str, index=0) -> None:
    for key in data:
        if key not in known:
            line = where.line(section, key, index)
            raise where.error(line, f"{key!r} is not part of a lesson ({', '.join(sorted(known))})")


def _goal(value: Any, where: _Where, index: int) -> Callable[[Game], bool] | None:
    """A step's goal (all its tests must hold), or None without one."""
    if value is None:
        return None
    line = where.line("step", "goal", index)
    if not isinstance(value, list) or not value:
        raise where.error(line, "goal must be a list of tests, e.g. [{ gone = [[1, 0]] }]")
    tests = []
    for test in value:
        names = [k for k in test if k != "mines"] if isinstance(test, dict) else []
        if len(names) != 1 or names[0] not in GOALS:
            raise where.error(line, f"each goal is one of {', '.join(GOALS)}")
        name = names[0]
        kind, make = GOALS[name]
        arg = test[name]
        if kind == "hex" and _ints(arg, 2):
            tests.append(make(tuple(arg)))
        elif kind == "hexes" and isinstance(arg, list) and all(_ints(h, 2) for h in arg) and arg:
            hexes = [tuple(h) for h in arg]
            tests.append(make(*hexes, mines=True) if test.get("mines") is True else make(*hexes))
        elif kind == "seat and number" and _ints(arg, 2):
            tests.append(make(*arg))
        else:
            raise where.error(line, f"the goal {name} takes a {kind}, not {arg!r}")
        if "mines" in test and (name != "gone" or not isinstance(test["mines"], bool)):
            raise where.error(line, "mines = true goes only with gone")
    return tests[0] if len(tests) == 1 else both(*tests)


def _step(data: Any, where: _Where, index: int) -> Step:
    header = where.line("step", "", index)
    if not isinstance(data, dict):
        raise where.error(header, "a step is a table of say, line, then and goal")
    _unknown(data, STEP_KEYS, where, "step", index)
    for key in ("say", "line"):
        if key not in data:
            raise where.error(header, f"step {index + 1} has no {key}")
    say = _text(data["say"], where, where.line("step", "say", index), "say")
    line = _text(data["line"], where, where.line("step", "line", index), "line")
    then = _text(data.get("then", ""), where, where.line("step", "then", index), "then", True)
    return Step(say, line.strip(), then, _goal(data.get("goal"), where, index))


def _position(data: Any, where: _Where) -> str:
    """The scenario (TOML for the engine) of the ``[position]`` table."""
    if not isinstance(data, dict):
        raise where.error(1, "a lesson needs a [position] table")
    _unknown(data, POSITION_KEYS, where, "position")
    armies = data.get("armies", list(ARMIES))
    if not (
        isinstance(armies, list) and len(armies) == 2 and all(a in DECK_FILLER for a in armies)
    ):
        line = where.line("position", "armies")
        raise where.error(line, f"armies must be two of {', '.join(DECK_FILLER)}")
    for key in ("hand", "draw"):
        if not isinstance(data.get(key, []), list):
            raise where.error(where.line("position", key), f"{key} must be a list of tiles")
    known = set(tile_ids())
    tiles: list[tuple[str, Any]] = [("hand", t) for t in data.get("hand", [])]
    tiles += [("draw", t) for t in data.get("draw", [])]
    for key in ("units", "foundations"):
        pieces = data.get(key, [])
        wanted = {"seat", "tile", "at", "facing"} if key == "units" else {"seat", "tile", "at"}
        ok = isinstance(pieces, list) and all(
            isinstance(p, dict)
            and set(p) == wanted
            and p["seat"] in (0, 1)
            and _ints(p["at"], 2)
            and (key != "units" or p["facing"] in range(6))
            for p in pieces
        )
        if not ok:
            line = where.line("position", key)
            raise where.error(line, f"each of {key} is {{ {', '.join(sorted(wanted))} }}")
        tiles += [(key, p["tile"]) for p in pieces]
    for key, tile in tiles:
        if tile not in known:
            line = where.line("position", key, needle=f'"{tile}"') if isinstance(tile, str) else 0
            raise where.error(line or where.line("position", key), f"no tile is called {tile!r}")
    for key in ("hq_hp", "energy"):
        if key in data and not _ints(data[key], 2):
            raise where.error(where.line("position", key), f"{key} must be two whole numbers")
    board = data.get("board")
    if board is not None and not isinstance(board, str):
        raise where.error(where.line("position", "board"), "board must be a board's name")
    return scenario(
        [(p["seat"], p["tile"], tuple(p["at"]), p["facing"]) for p in data.get("units", [])],
        list(data.get("hand", [])),
        list(data.get("draw", [])),
        hq_hp=tuple(data.get("hq_hp", (20, 20))),
        armies=(armies[0], armies[1]),
        board=board,
        energy=tuple(data["energy"]) if "energy" in data else None,
        foundations=tuple(
            (p["seat"], p["tile"], tuple(p["at"])) for p in data.get("foundations", [])
        ),
    )


def read_lesson(path: Path) -> Lesson:
    """The lesson in ``path``, checked: the engine loads its position and plays its prelude;
    :class:`LessonError` naming the file and the line otherwise."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{path.name}: cannot be read ({exc})") from None
    where = _Where(path.name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        words = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise where.error(
            int(found.group(1)) if found else 1, f"not valid TOML ({words})"
        ) from None
    _unknown(data, TOP_KEYS, where, "")
    title = _text(data.get("title"), where, where.line("", "title"), "title")
    intro = _text(data.get("intro"), where, where.line("", "intro"), "intro")
    outro = _text(data.get("outro", ""), where, where.line("", "outro"), "outro", True)
    prelude = data.get("prelude", [])
    if not isinstance(prelude, list) or not all(isinstance(p, str) for p in prelude):
        raise where.error(where.line("", "prelude"), "prelude must be a list of actions")
    steps = data.get("step")
    if not isinstance(steps, list) or not steps:
        raise where.error(len(where.lines) or 1, "a lesson needs at least one [[step]]")
    position = _position(data.get("position"), where)
    game = _game(position, tuple(prelude), where, path.stem)
    del game
    return Lesson(
        title,
        intro,
        position,
        tuple(_step(step, where, n) for n, step in enumerate(steps)),
        tuple(prelude),
        outro,
        file=path.name,
        step_lines=tuple(where.line("step", "line", n) for n in range(len(steps))),
    )


def _game(position: str, prelude: tuple[str, ...], where: _Where, name: str) -> Game:
    try:
        game = Game.from_scenario(position, name)
    except (EngineError, ValueError) as exc:  # ScenarioError is a ValueError
        at = where.line("position", "")
        raise where.error(at, f"the engine refuses the position: {exc}") from None
    for line in prelude:
        try:
            game.apply_line(line)
        except (EngineError, ValueError) as exc:  # IllegalActionError is a ValueError
            at = where.line("", "prelude", needle=line)
            raise where.error(at, f"the prelude's {line!r} cannot be played: {exc}") from None
    return game


@cache
def shipped_lessons(folder: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """Every lesson in ``folder``, in the order of the files' names (LessonError: the first
    file that cannot be used)."""
    paths = sorted(folder.glob("*.toml"))
    if not paths:
        raise LessonError(f"no lessons were found in {folder}")
    return tuple(read_lesson(path) for path in paths)
