"""The engine's Python API: the one module that imports the native ``_core``.

Everything the rest of the Python code (the command line, the client, the tests) knows about
the rules comes through here, so the native module's surface has exactly one doorway. The
classes are the native ones, re-exported as they are; the functions are wrapped to carry their
documentation and to loosen or copy what crosses, except ``arena_multi`` (internal to the
``nshex`` command), which is the native function as it is, documented in ``_core.pyi``.

- :class:`Position`: a board loaded from a scenario (TOML, see docs/COMMANDS.md).
  ``Position.from_file(path)`` / ``Position.from_toml(text, name, test_tables)``
  load one; ``armies``, ``hq_hp``, ``units``, ``board`` describe it; ``resolve_battle(choices)``
  fights one battle on a copy and returns a :class:`BattleResult` (the position itself is not
  changed); ``to_dict()`` gives it as plain data.
- :class:`BattleResult`: ``hq_hp``, ``winner`` (a seat, ``"draw"`` or ``None``), ``units``
  (the board after the battle), ``phases`` (one ``{"initiative", "events"}`` entry per phase,
  the events being what the client animates), ``position`` (the position after the battle)
  and ``to_json()`` (exactly what ``nshex battle --json`` prints).
- :class:`ScenarioError` (a ``ValueError``): a scenario that cannot be loaded. Its message is
  one line, ``"<name>:<line>: <what is wrong>"``.
- :class:`EngineError` (a ``RuntimeError``): the engine failed on a valid position (a bug).
- ``build_profile``: ``"release"`` or ``"debug"``; benchmarks refuse to time a debug build.

The decision API (the vocabulary of OpenSpiel: a game is a sequence of decisions, each by a
seat or by chance):

- :class:`Game`: ``Game(armies, seed=0, board="standard", manual_battle_choices=[])`` starts
  a game (the seed shuffles the decks; the listed seats answer their own battle choices,
  asked through ``battle_question()``, the others get the automatic answers);
  ``Game.from_scenario(text, name, seed)`` continues one from a scenario with hands and decks;
  ``Game.load(text)`` / ``save()`` read and write a save file.
  ``current_player()`` is a seat, :data:`CHANCE` (a tile is drawn) or :data:`TERMINAL`;
  ``legal_actions()`` gives action numbers, ``apply_action(n)`` plays one (an illegal one
  raises :class:`IllegalActionError` and changes nothing); ``apply_line(line)``,
  ``action_to_string(n)``, ``string_to_action(line)`` speak the action notation
  (docs/NOTATION.md) and ``describe_action(n)`` gives a dict with ``kind`` and
  ``text`` for the client. At a chance node ``natural_draw()`` is the draw the hidden deck
  order gives and ``chance_outcomes()`` lists ``(action, probability)``.
  ``view()`` and ``state_json()`` show everything, deck order included;
  ``observation(seat)`` only what that seat knows (the decks sorted);
  ``resample_hidden(seed)`` shuffles the decks again (for a player who must not know them).
  For a Python AI, one call does many things with the GIL released:
  ``battle_after_each_action()`` values every legal action by the battle that follows it,
  ``random_playouts(count, seed)`` plays random games on to their end (each seat's result).
  ``clone()``, ``==``, ``history()`` (every action so far, in notation), ``last_battle()``,
  ``winner``, ``battles`` and ``position`` complete it.
- :class:`Bot`: ``Bot(name, seed)``; ``choose(game)`` returns the action for the seat to move
  (the GIL is released while it thinks; ``progress()`` and ``cancel()`` work from another
  thread meanwhile). Names (:data:`BOT_NAMES`): ``random``, ``greedy``, ``flatmc``, ``easy``,
  ``medium``, ``hard``, optionally with settings (``"hard:iters=20000,threads=2"``).
- :func:`tile_ids`, :func:`tile_info`, :func:`ability_texts`: the tiles as printed and every
  ability's badge and words (the client shows these, never its own copies).
- :func:`arena`, :func:`selftest`: bots against bots, in the engine.
- :func:`script_json`: runs a game script (docs/NOTATION.md); :func:`bench_core`: the
  engine's benchmark suite.
- :class:`IllegalActionError`, :class:`SaveError`: both ``ValueError``; their messages say why.
  :class:`Refusal` (an ``IllegalActionError``) is an action the rules refuse, in parts:
  ``seat``, ``stage``, ``reason`` (what a player reads), ``rules`` (its references), ``action``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

from nshex_pygame import _core

# The engine names as they are, each re-exported explicitly (``X as X``).
from nshex_pygame._core import BOT_NAMES as BOT_NAMES
from nshex_pygame._core import CHANCE as CHANCE
from nshex_pygame._core import LEVEL_ITERATIONS as LEVEL_ITERATIONS
from nshex_pygame._core import TERMINAL as TERMINAL
from nshex_pygame._core import BattleResult as BattleResult
from nshex_pygame._core import Bot as Bot
from nshex_pygame._core import EngineError as EngineError
from nshex_pygame._core import Game as Game
from nshex_pygame._core import IllegalActionError as IllegalActionError
from nshex_pygame._core import Position as Position
from nshex_pygame._core import Puzzle as Puzzle
from nshex_pygame._core import Refusal as Refusal
from nshex_pygame._core import SaveError as SaveError
from nshex_pygame._core import ScenarioError as ScenarioError
from nshex_pygame._core import arena_multi as arena_multi
from nshex_pygame.names import ENGINE_NAMES

# The shapes of the engine's views (TypedDicts of _core.pyi): names for type checkers, plain
# strings at run time (the native module has no such classes).
AbilityText: TypeAlias = "_core._AbilityText"
BattleQuestion: TypeAlias = "_core._BattleQuestion"
BoardEffect: TypeAlias = "_core._BoardEffect"
BotAnalysis: TypeAlias = "_core._BotAnalysis"
GameView: TypeAlias = "_core._GameView"
PuzzleOutcome: TypeAlias = "_core._PuzzleOutcome"
TileEdge: TypeAlias = "_core._TileEdge"
TileInfo: TypeAlias = "_core._TileInfo"
ViewUnit: TypeAlias = "_core._ViewUnit"

__all__ = list(ENGINE_NAMES)  # the one listing of the public names: names.py

PUZZLES_DIR = Path(__file__).resolve().parent / "puzzles"
"""The puzzles shipped with the game (each proven to have exactly one solution)."""


def shipped_puzzles() -> list[Path]:
    """The shipped puzzle files, easiest first (by difficulty, then name)."""
    order = {"easy": 0, "medium": 1, "hard": 2, "very_hard": 3}
    return sorted(
        PUZZLES_DIR.glob("*.toml"), key=lambda p: (order.get(p.stem.rsplit("-", 1)[0], 9), p.name)
    )


def resolve_battles(positions: list[Position], log: bool = False) -> list[BattleResult]:
    """A battle on a copy of each position, in one call with the GIL released (a Python AI
    pays the crossing once); ``log=False`` (the default here) keeps no log."""
    return _core.resolve_battles(list(positions), log)


def puzzle_generate(difficulty: str, seed: int, max_attempts: int = 20000) -> Puzzle:
    """A new puzzle of ``difficulty`` (``"easy"``, ``"medium"``, ``"hard"``, ``"very_hard"``)
    from ``seed``: exactly one solution, that measured difficulty; the same seed gives the
    same puzzle. Raises EngineError when no position qualified within ``max_attempts``."""
    return _core.puzzle_generate(difficulty, seed, max_attempts)


NATIVE_MODULE = Path(_core.__file__)
"""The engine's native module file (``nshex bench --compare`` times it against another)."""

build_profile: str = _core.build_profile
"""The Cargo profile the native module was built with: ``"release"`` or ``"debug"``."""


def tile_ids(army: str | None = None) -> list[str]:
    """Every tile id the engine knows (``"borgo.mutant"``, ...), or only those of one army.

    Instants are included; the order is the engine's (army by army, as in the army data).
    """
    return _core.tile_ids(army)


def tile_info(tile_id: str) -> TileInfo:
    """The printed data of one tile, as the engine holds it.

    Keys: ``id``, ``army``, ``name``, ``kind`` (``"hq"``, ``"warrior"``, ``"module"``,
    ``"instant"``, ...), ``initiative`` (a list of printed values), ``edges`` (six dicts with
    ``melee``, ``ranged``, ``armor``, ``net``, ``link``, ``gauss``, edge 0 first), ``toughness``,
    ``mobility``, ``abilities`` (keywords), ``ability_texts`` (``{"keyword", "badge", "text"}``
    for each keyword, the same entries :func:`ability_texts` lists) and ``text``.
    """
    return _core.tile_info(tile_id)


def ability_texts() -> list[AbilityText]:
    """Every ability keyword of the tile data: ``{"keyword", "badge", "text"}`` each.

    ``badge`` is the short label drawn on a tile (``"+1 melee"``, ``"MEDIC"``), ``text`` what the
    ability does. The one source of these words: the client's tiles, hover boxes and rules pages
    show them as they are.
    """
    return [entry.copy() for entry in _core.ability_texts()]


def arena(
    a: str,
    b: str,
    games: int,
    armies: tuple[str, str] | None = None,
    seed: int = 0,
    threads: int = 1,
    variants: list[str] | None = None,
    mercenaries: int = 0,
    random_mercenaries: bool = False,
    mad_bomber: str = "off",
    first_game: int = 0,
    board: str = "standard",
    pairings: list[tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """Bot ``a`` against bot ``b`` for ``games`` games, seats alternating, in the engine.

    ``armies`` gives ``a`` the first army and ``b`` the second; without it the base pairings
    are played in turn, each both ways round. Game ``i`` depends only on ``seed`` and ``i``,
    so the result is the same for every ``threads``. ``variants``, ``mercenaries``,
    ``random_mercenaries`` and ``mad_bomber`` are the game options, as for ``Game``.
    ``first_game`` plays games ``first_game .. first_game + games`` of the same seed instead
    (an arena split into ranges, on several machines, adds up to the one run). Returns the
    ``nshex arena --json`` object: ``a``, ``b``, ``games``, ``wins_a``, ``wins_b``,
    ``draws``, ``win_rate_a`` (draws count half) and ``wilson95`` (its 95% Wilson score
    interval). ``pairings`` (instead of ``armies``) plays several army pairings in turn, two
    games each, seats swapped (``a`` gets the first army of each); ``board`` is ``standard``
    or ``duel``. An unknown bot, army, board or variant raises ``ValueError``.
    """
    return dict(
        _core.arena(
            a,
            b,
            games,
            armies,
            seed,
            threads,
            variants=list(variants or []),
            mercenaries=mercenaries,
            random_mercenaries=random_mercenaries,
            mad_bomber=mad_bomber,
            first_game=first_game,
            board=board,
            pairings=None if pairings is None else [(str(x), str(y)) for x, y in pairings],
        )
    )


def default_weights(variants: Sequence[str] = ()) -> dict[str, float]:
    """The evaluation's shipped weights for a game with these variants, name to value, in the
    file's order: ``rust_core/nshex_ai/data/weights.json``, or with ``reinforcements`` among
    them ``weights_reinforcements.json`` (an unknown variant raises ``ValueError``). A bot
    takes other values in its name (``hard:w.material=0.35``); ``nshex tune`` searches for
    better ones."""
    text = _core.default_weights(list(variants))
    return {str(k): float(v) for k, v in json.loads(text).items()}


def selftest(seed: int = 1, a: str = "greedy", b: str = "random") -> dict[str, Any]:
    """One whole headless game ``a`` against ``b`` (Borgo against Moloch), every battle fought.

    The engine checks its bookkeeping after every action (every tile accounted for, HQ hit
    points in range) and raises :class:`EngineError` when something is wrong. Returns ``ok``,
    ``a``, ``b``, ``seed``, ``actions``, ``battles``, ``turns``, ``hq_hp`` and ``winner``.
    """
    return dict(_core.selftest(seed, a, b))


def script_json(
    text: str, name: str = "<script>"
) -> tuple[dict[str, Any], tuple[int, str, str, int] | None]:
    """Runs a game script (a scenario with hands, decks and ``[script] actions``).

    Returns the position reached, as ``nshex script --json`` prints it (``hq_hp``, ``units``,
    ``winner``, ``to_move``, ``stage``, ``hands``, ``discards``, ``deck_sizes``, ``battles``),
    and ``None``; or, when an action is malformed or illegal, the position where the script
    stopped and ``(index, action, reason, line)`` (the action's line in the file). The test
    tables (``[expect]``) are accepted. A file that cannot be loaded raises
    :class:`ScenarioError` (one line, naming ``name``).
    """
    result, error = _core.script_json(text, name)
    if error is None:
        return dict(result), None
    index, action, reason, line = error
    return dict(result), (int(index), str(action), str(reason), int(line))


def bench_core(quick: bool = False) -> list[dict[str, Any]]:
    """The engine's own benchmarks, on one core: ``battle``, ``random_game``, ``legal_apply``.

    One row each: ``name``, ``what``, ``ops``, ``per_second``, ``target_per_second``. Every
    benchmark checks its answer while it times it; a wrong one raises :class:`EngineError`.
    ``quick`` runs each about a tenth as long. Meaningless in a debug build (see
    ``build_profile``).
    """
    return [dict(row) for row in _core.bench_core(quick)]


def bench_ops(name: str, n: int) -> int:
    """Runs ``n`` operations of the benchmark row ``name`` on its fixed inputs, untimed: what
    an instruction counter measures (``nshex bench --instructions``). Returns a value that
    depends on every operation; an unknown row raises :class:`EngineError`."""
    return int(_core.bench_ops(name, n))
