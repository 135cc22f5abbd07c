"""The binding's Python API (the contract in nshex_pygame/_core.pyi)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, FIXTURES, ROOT, hex_key

import nshex_pygame
from nshex_pygame import _core, core
from nshex_pygame.core import (
    BattleResult,
    EngineError,
    Position,
    ScenarioError,
    build_profile,
    tile_ids,
    tile_info,
)

# A Moloch Clown (initiative 2, toughness 1) at the centre, two Borgo Mutants next to it.
# Its attack (melee 1, N and NW) hits the Mutant at (0,-1); its explosion would hit both
# Mutants and the Clown is gone. Nothing can hurt the Clown: the Mutants face away.
CLOWN = (FIXTURES / "clown_between_mutants.toml").read_text(encoding="utf-8")

EVENT_KEYS = {
    "netted": {"at"},
    "attack": {"at", "tile", "edge", "dir", "melee", "ranged", "gauss", "path", "targets"},
    "explode": {"at", "targets"},
    "hit": {"at", "from", "edge", "wounds"},
    "armor": {"at", "from", "edge", "blocked"},
    "save": {"medic", "at", "from", "edge", "cancelled"},
    "slot_lost": {"at"},
    "hq_damage": {"seat", "amount", "hp"},
    "removed": {"at", "tile", "seat", "cause"},
}
UNIT_KEYS = {"seat", "tile", "at", "facing", "wounds"}


def load(text: str, name: str = "test.toml", **kwargs: Any) -> Position:
    return Position.from_toml(text, name, **kwargs)


def clown(explode: bool) -> BattleResult:
    return load(CLOWN).resolve_battle({"clown": [{"at": [0, 0], "explode": explode}]})


# --- module surface ------------------------------------------------------------------------


def test_build_profile_is_release_or_debug() -> None:
    assert build_profile in ("release", "debug")
    assert _core.build_profile == build_profile


def test_error_classes() -> None:
    assert issubclass(ScenarioError, ValueError)
    assert issubclass(EngineError, RuntimeError)


def test_package_reexports_the_engine() -> None:
    for name in core.__all__:
        assert getattr(nshex_pygame, name) is getattr(core, name)
    assert isinstance(nshex_pygame.__version__, str)


def test_the_public_names_are_listed_once() -> None:
    """names.py is the one listing: core exports exactly its names (each defined there), the
    package those and ``__version__``; every name core takes from the native module is
    defined in the stub _core.pyi, and every other is defined in core itself."""
    from nshex_pygame.names import ENGINE_NAMES

    assert len(set(ENGINE_NAMES)) == len(ENGINE_NAMES), "a name is listed twice in names.py"
    assert core.__all__ == list(ENGINE_NAMES)
    assert nshex_pygame.__all__ == ["__version__", *ENGINE_NAMES]
    assert all(hasattr(core, name) for name in ENGINE_NAMES)
    stub = _stub_names()
    tree = ast.parse((ROOT / "nshex_pygame" / "core.py").read_text(encoding="utf-8"))
    from_native = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "nshex_pygame._core"
        for alias in node.names
    }
    defined = {
        node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)
    } | {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    assert from_native <= set(stub), f"not in _core.pyi: {sorted(from_native - set(stub))}"
    assert set(ENGINE_NAMES) <= from_native | defined


def _stub_names() -> dict[str, set[str]]:
    """Top-level public names of _core.pyi, each with the public members of a class."""
    tree = ast.parse((ROOT / "nshex_pygame" / "_core.pyi").read_text(encoding="utf-8"))
    names: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
            }
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = set()
    return {name: members for name, members in names.items() if not name.startswith("_")}


def test_stub_matches_the_native_module() -> None:
    stub = _stub_names()
    native = {name for name in dir(_core) if not name.startswith("_")}
    assert set(stub) == native, "names in _core.pyi and in the native module differ"
    for name, members in stub.items():
        if members:
            obj = getattr(_core, name)
            public = {m for m in dir(obj) if not m.startswith("_")}
            assert members == public, f"members of {name} in the stub and the module differ"


# --- tiles -----------------------------------------------------------------------------------


def test_tile_ids() -> None:
    borgo = tile_ids("borgo")
    assert "borgo.hq" in borgo and "borgo.mutant" in borgo
    assert all(tile.startswith("borgo.") for tile in borgo)
    everything = tile_ids()
    for army in ("borgo", "moloch", "hegemony", "outpost"):
        assert f"{army}.hq" in everything


def test_tile_info() -> None:
    info = tile_info("borgo.mutant")
    assert info["id"] == "borgo.mutant"
    assert info["army"] == "borgo"
    assert info["kind"] == "warrior"
    assert info["initiative"] == [2]
    assert len(info["edges"]) == 6
    for edge in info["edges"]:
        assert set(edge) >= {"melee", "ranged", "armor", "net", "link", "gauss"}
    assert [edge["melee"] for edge in info["edges"]] == [1, 1, 0, 0, 0, 1]
    assert tile_info("moloch.hq")["kind"] == "hq"
    assert tile_info("moloch.gauss_cannon")["edges"][0]["gauss"]


# --- positions -------------------------------------------------------------------------------


def test_position_properties() -> None:
    position = load(CLOWN)
    assert position.armies == ["borgo", "moloch"]
    assert position.hq_hp == [20, 20]
    assert position.board == "standard"
    assert len(position.units) == 5
    for unit in position.units:
        assert set(unit) == UNIT_KEYS
    # The order of the units is not part of the API: look the HQ up.
    (hq,) = [unit for unit in position.units if unit["tile"] == "borgo.hq"]
    assert hex_key(hq["at"]) == (-2, 2)
    assert (hq["facing"], hq["wounds"], hq["seat"]) == (0, 0, 0)


def test_properties_are_read_only() -> None:
    position = load(CLOWN)
    with pytest.raises(AttributeError):
        position.hq_hp = [1, 1]  # type: ignore[misc]


def test_resolve_battle_leaves_the_position_unchanged() -> None:
    position = load(CLOWN)
    before = (position.to_dict(), position.units, position.hq_hp)
    position.resolve_battle()
    position.resolve_battle({"clown": [{"at": [0, 0], "explode": True}]})
    assert (position.to_dict(), position.units, position.hq_hp) == before


def test_resolve_battle_is_deterministic() -> None:
    position = load(CLOWN)
    assert position.resolve_battle().to_json() == position.resolve_battle().to_json()


def test_choices_change_the_outcome() -> None:
    exploded, attacked = clown(True), clown(False)
    assert (0, 0) not in {hex_key(u["at"]) for u in exploded.units}, "an exploded Clown is gone"
    assert (0, 0) in {hex_key(u["at"]) for u in attacked.units}, "the Clown survives"
    assert exploded.to_json() != attacked.to_json()
    kinds = {event["kind"] for phase in exploded.phases for event in phase["events"]}
    assert "explode" in kinds


def test_choices_accept_tuples() -> None:
    as_tuple = load(CLOWN).resolve_battle({"clown": [{"at": (0, 0), "explode": True}]})
    assert as_tuple.to_json() == clown(True).to_json()


def test_result_position_is_the_board_after_the_battle() -> None:
    result = clown(True)
    after = result.position
    assert isinstance(after, Position)
    assert after.hq_hp == result.hq_hp
    assert sorted(map(str, after.units)) == sorted(map(str, result.units))


def test_to_json_matches_the_result() -> None:
    result = clown(False)
    data = json.loads(result.to_json())
    assert set(data) == {"hq_hp", "units", "phases", "winner"}
    assert data["hq_hp"] == result.hq_hp
    assert data["winner"] == result.winner
    assert len(data["units"]) == len(result.units)
    for unit in data["units"]:
        assert set(unit) == UNIT_KEYS
    assert [p["initiative"] for p in data["phases"]] == [p["initiative"] for p in result.phases]


def test_events_carry_the_documented_keys() -> None:
    seen = set()
    for result in (clown(True), clown(False)):
        for phase in result.phases:
            assert set(phase) == {"initiative", "events", "after"}
            assert set(phase["after"]) == {"units", "hq_hp"}
            for event in phase["events"]:
                kind = event["kind"]
                assert kind in EVENT_KEYS, f"unknown event kind {kind!r}"
                assert set(event) - {"kind"} >= EVENT_KEYS[kind], f"{kind}: {sorted(event)}"
                seen.add(kind)
    assert {"attack", "explode", "hit", "removed"} <= seen


def test_phases_run_from_high_to_low() -> None:
    initiatives = [phase["initiative"] for phase in clown(False).phases]
    assert initiatives == sorted(initiatives, reverse=True)


# --- errors ----------------------------------------------------------------------------------


def test_unknown_tile_names_its_line() -> None:
    text = CLOWN.replace('tile = "moloch.clown"', 'tile = "moloch.jester"')
    line = text.splitlines().index('tile = "moloch.jester"') + 1
    with pytest.raises(ScenarioError) as caught:
        load(text, "jester.toml")
    message = str(caught.value)
    assert message.startswith(f"jester.toml:{line}:"), message
    assert "\n" not in message


def test_two_units_on_one_hex() -> None:
    text = CLOWN.replace("at = [1, 0]", "at = [0, -1]")
    with pytest.raises(ScenarioError, match=r"^test\.toml:\d+: "):
        load(text)


def test_unknown_key_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r":\d+:"):
        load(CLOWN.replace("facing = 0", "facing = 0\ncolour = 3", 1))


def test_test_tables_only_when_asked() -> None:
    text = CLOWN + "\n[expect]\nhq_hp = [20, 20]\nremoved = []\n"
    with pytest.raises(ScenarioError):
        load(text)
    load(text, test_tables=True)


def test_from_file_names_the_path_as_given(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(CLOWN.replace("at = [1, 0]", "at = [5, 0]"), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        Position.from_file(str(bad))
    assert str(caught.value).startswith(f"{bad}:")
    good = tmp_path / "good.toml"
    good.write_text(CLOWN, encoding="utf-8")
    assert Position.from_file(good).to_dict() == load(CLOWN).to_dict()


def test_analysis_shows_the_boss_bonus_and_link() -> None:
    """Hegemony's The Boss: +1 melee and +1 initiative to linked units, and the link is named.

    If the analysis ignored the Boss, the Runner would show initiative [2] and no bonus.
    """
    text = (ROOT / "tests" / "conformance" / "boss.toml").read_text()
    pos = Position.from_toml(text, "boss.toml", test_tables=True)
    by_hex = {tuple(u["at"]): u for u in pos.analysis()}
    runner = by_hex[(0, -1)]
    assert runner["tile"] == "hegemony.runner"
    assert runner["initiative"] == [3]
    assert runner["initiative_bonus"] == 1
    assert runner["melee_bonus"] == 1
    assert runner["linked_from"] == [[0, 0]]
    assert by_hex[(0, 0)]["links_to"] == [[0, -1]]
    assert runner["netted"] is False
    storm = by_hex[(0, -2)]
    assert storm["initiative"] == [2, 1]
    assert storm["linked_from"] == []
    assert len(by_hex) == len(pos.units)


def test_the_stub_matches_the_module_in_names_and_signatures(tmp_path: Path) -> None:
    """``mypy.stubtest`` compares _core.pyi with the native module: every name, every
    parameter, their kinds and defaults (the test above compares names only)."""
    pytest.importorskip("mypy.stubtest")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "nshex_pygame._core",
            "--allowlist",
            str(ROOT / "tests" / "stubtest_allowlist.txt"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "MYPY_CACHE_DIR": str(tmp_path / "mypy")},
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_battle_without_a_log_ends_as_the_logged_one() -> None:
    """``resolve_battle(log=False)`` takes the engine's fast path: the same result, no phases."""
    position = Position.from_toml(CLOWN)
    logged = position.resolve_battle()
    quiet = position.resolve_battle(log=False)
    assert quiet.phases == [] and logged.phases
    assert quiet.units == logged.units and quiet.hq_hp == logged.hq_hp
    assert quiet.winner == logged.winner


def test_battles_in_one_call_match_one_by_one() -> None:
    positions = [Position.from_toml(CLOWN), *[Position.from_file(p) for p in EXAMPLES]]
    batch = core.resolve_battles(positions)
    assert [r.units for r in batch] == [p.resolve_battle().units for p in positions]
    assert [r.hq_hp for r in batch] == [p.resolve_battle().hq_hp for p in positions]


def _played_into(game: core.Game, actions: int) -> core.Game:
    """``game`` after ``actions`` actions: the deck's draw, else the first legal action."""
    for _ in range(actions):
        if game.is_terminal():
            break
        player = game.current_player()
        game.apply_action(game.natural_draw() if player == core.CHANCE else game.legal_actions()[0])
    return game


def test_every_action_valued_by_a_battle_in_one_call() -> None:
    game = _played_into(core.Game(["borgo", "moloch"], seed=3), 30)
    values = game.battle_after_each_action()
    assert [a for a, _ in values] == game.legal_actions()
    for action, hq_hp in values[:20]:
        copy = game.clone()
        copy.apply_action(action)
        expected = copy.position.resolve_battle(log=False).hq_hp
        assert hq_hp == (copy.position.hq_hp if copy.is_terminal() else expected)


def test_random_playouts_in_one_call_end_every_game_and_repeat_by_seed() -> None:
    game = _played_into(core.Game(["hegemony", "outpost"], seed=8), 25)
    before = game.state_json()
    results = game.random_playouts(40, seed=5)
    assert game.state_json() == before  # the game itself is not played on
    assert len(results) == 40
    # Two seats: a win and a loss, or a draw; never an unfinished game.
    assert all(sorted(r) in ([0.0, 1.0], [0.5, 0.5]) for r in results)
    assert {tuple(r) for r in results} >= {(1.0, 0.0), (0.0, 1.0)}  # random play: both win
    assert game.random_playouts(40, seed=5) == results
    assert game.random_playouts(1, seed=5) == results[:1]
    assert game.random_playouts(40, seed=6) != results
    # Without resampling every playout draws what the decks hold, so it can differ from the
    # resampled one; with one playout and the same decisions' seed it is still repeatable.
    assert game.random_playouts(5, seed=5, resample=False) == game.random_playouts(
        5, seed=5, resample=False
    )


def test_random_playouts_of_a_finished_game_give_its_result() -> None:
    game = _played_into(core.Game(["borgo", "moloch"], seed=2), 10_000)
    assert game.is_terminal()
    winner = game.winner
    want = [0.5, 0.5] if winner == "draw" else [1.0 if s == winner else 0.0 for s in (0, 1)]
    assert game.random_playouts(3, seed=1) == [want] * 3


def test_random_playouts_give_every_seat_of_a_four_seat_game() -> None:
    game = core.Game(["borgo", "moloch", "hegemony", "outpost"], seed=4, board="expanded")
    results = game.random_playouts(6, seed=9)
    assert all(len(r) == 4 and all(x in (0.0, 0.5, 1.0) for x in r) for r in results)
    # A deathmatch has one winner or several sharing it; someone always scores.
    assert all(sum(r) > 0 for r in results)


def test_battle_phases_are_a_lazy_sequence_equal_to_the_logged_phases() -> None:
    """``BattleResult.phases`` makes each phase's dict only when it is read; as a sequence it
    is the battle's log as ``nshex battle --json`` prints it: length, order, negative
    indices, slices, iteration and equality with a list."""
    result = Position.from_file(EXAMPLES[0]).resolve_battle()
    want = json.loads(result.to_json())["phases"]
    phases = result.phases
    assert len(phases) == len(want) > 1
    assert list(phases) == want and phases == want
    assert phases[0] == want[0] and phases[-1] == want[-1]
    assert phases[1:] == want[1:]
    initiatives = [p["initiative"] for p in phases]
    assert initiatives == sorted(initiatives, reverse=True)
    with pytest.raises(IndexError):
        phases[len(want)]
    # A phase read twice is the same object: made once.
    assert phases[0] is phases[0]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_compact_events_are_the_logged_events_one_for_one(path: Path) -> None:
    """``BattleResult.events`` (one tuple per event, cells as indices into ``cells``) holds the
    same events as the dicts of ``phases``, in the same order: the same phase, kind and hex
    (or seat), and the same wounds for every hit."""
    result = Position.from_file(path).resolve_battle()
    dicts = [(p["initiative"], e) for p in result.phases for e in p["events"]]
    compact = result.events
    assert len(compact) == len(dicts) > 10
    cells = result.cells
    for (initiative, d), e in zip(dicts, compact, strict=True):
        assert (e[0], e[1]) == (initiative, d["kind"])
        if e[1] in ("hq_damage", "scored"):
            assert e[2] == d["seat"]
            continue
        at = e[3] if e[1] == "save" else e[2]
        assert cells[at] == tuple(d["at"])
        if e[1] == "hit":
            assert cells[e[3]] == tuple(d["from"]) and e[5] == d["wounds"]


def test_unit_tuples_are_the_units_and_time_battle_times_the_engine() -> None:
    """``BattleResult.unit_tuples`` holds the units of ``units`` as ``(cell, tile, seat,
    facing, wounds)``; ``Position.time_battle`` gives a positive time per battle, the logged
    one not cheaper than the quiet one by much, and refuses zero battles."""
    position = Position.from_file(EXAMPLES[0])
    result = position.resolve_battle()
    cells = result.cells
    got = sorted(
        (cells[c], tile, seat, facing, wounds)
        for c, tile, seat, facing, wounds in result.unit_tuples
    )
    want = sorted(
        (tuple(u["at"]), u["tile"], u["seat"], u["facing"], u["wounds"]) for u in result.units
    )
    assert got == want and len(got) > 4
    logged, quiet = position.time_battle(2000, True), position.time_battle(2000, False)
    assert 0 < quiet < 1e-3 and 0 < logged < 1e-3
    with pytest.raises(ValueError):
        position.time_battle(0)


# --- refusals ----------------------------------------------------------------------------------


def test_a_refusal_is_an_exception_with_its_parts() -> None:
    """An action the rules refuse raises Refusal (an IllegalActionError, so older ``except``
    clauses still catch it) with the seat, the stage, the reason a player reads (its rule
    reference apart) and the action; the message is the one line it always was (D-25: the
    Mercenaries are hired before the HQs) and the game is unchanged."""
    from nshex_pygame.core import Game, IllegalActionError, Refusal

    assert issubclass(Refusal, IllegalActionError)
    place_hq = Game(["borgo", "moloch"]).legal_actions()[0]
    game = Game(["borgo", "moloch"], mercenaries=1)
    before = game.clone()
    line = game.action_to_string(place_hq)
    for attempt in (
        lambda: game.apply_action(place_hq),
        lambda: game.apply_line(line),
        lambda: game.string_to_action(line),
    ):
        with pytest.raises(Refusal) as caught:
            attempt()
        err = caught.value
        assert (err.seat, err.stage, err.action) == (0, "hiring Mercenaries", place_hq)
        assert (
            err.reason == "the Mercenaries are hired first, one at a time in turn order: hire TILE"
        )
        assert err.rules == ("D-25",)
        assert str(err) == f"seat 0, during hiring Mercenaries: {err.reason} (D-25)"
        assert game == before


def test_a_line_that_is_no_action_is_not_a_refusal() -> None:
    """A line the notation cannot read raises the plain IllegalActionError (nothing was
    refused: there is no action to have parts)."""
    from nshex_pygame.core import Game, IllegalActionError, Refusal

    with pytest.raises(IllegalActionError) as caught:
        Game(["borgo", "moloch"]).string_to_action("no such action")
    assert not isinstance(caught.value, Refusal)


def test_the_legal_actions_come_described_in_one_call() -> None:
    """``legal_actions_described()`` is ``legal_actions()`` with ``describe_action`` of each."""
    from nshex_pygame.core import Game

    game = Game(["borgo", "moloch"], seed=3)
    for _ in range(12):
        if game.current_player() >= 0:
            expected = [(a, game.describe_action(a)) for a in game.legal_actions()]
            assert game.legal_actions_described() == expected
            game.apply_action(game.legal_actions()[-1])
        else:
            game.apply_action(game.legal_actions()[0])


def _typed_dict_keys() -> dict[str, set[str]]:
    """The keys of each TypedDict of _core.pyi, by class name."""
    tree = ast.parse((ROOT / "nshex_pygame" / "_core.pyi").read_text(encoding="utf-8"))
    return {
        node.name: {
            item.target.id
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id == "TypedDict" for b in node.bases)
    }


def test_the_stub_types_the_views_with_their_keys() -> None:
    """Each TypedDict of the stub has exactly the keys the engine's view has: the game's
    view and observation (their units and board effects, with a unit on the board), a
    tile's printed data with its edges and ability texts, a puzzle's outcome, a bot's
    analysis."""
    from nshex_pygame.core import Bot, Game, Puzzle, ability_texts, shipped_puzzles, tile_info

    keys = _typed_dict_keys()
    game = Game(["borgo", "moloch"], seed=1)
    while not game.view()["units"]:
        game.apply_action(game.legal_actions()[0])
    for view in (game.view(), game.observation(0)):
        assert set(view) == keys["_GameView"]
        assert set(view["units"][0]) == keys["_ViewUnit"]
        assert set(view["board_effects"][0]) == keys["_BoardEffect"]
    info = tile_info("borgo.medic")
    assert set(info) == keys["_TileInfo"]
    assert set(info["edges"][0]) == keys["_TileEdge"]
    assert set(info["ability_texts"][0]) == keys["_AbilityText"]
    assert all(set(entry) == keys["_AbilityText"] for entry in ability_texts())
    puzzle = Puzzle(shipped_puzzles()[0].read_text(encoding="utf-8"))
    assert set(puzzle.outcome(puzzle.game())) == keys["_PuzzleOutcome"]
    analysis = Bot("easy", 1).analyze(game)
    assert set(analysis) == keys["_BotAnalysis"]
    assert set(analysis["moves"][0]) == keys["_MoveConsidered"]


def test_the_battle_question_has_the_typed_keys() -> None:
    """A battle question has the keys of the stub's ``_BattleQuestion``: every required one,
    and of the others (``at``, ``edges``) only those its kind gives."""
    import random

    from nshex_pygame.core import CHANCE, Game

    keys = _typed_dict_keys()["_BattleQuestion"]
    optional = {"clown": {"at"}, "convert": {"at", "edges"}, "medic": set()}
    seen = set()
    for seed in range(200):
        game = Game(["borgo", "moloch"], seed=seed, manual_battle_choices=[0, 1])
        rng = random.Random(seed)
        while not game.is_terminal() and game.battle_question() is None:
            draw = game.natural_draw()
            game.apply_action(
                draw
                if game.current_player() == CHANCE and draw is not None
                else rng.choice(game.legal_actions())
            )
        question = game.battle_question()
        if question is not None:
            kind = question["kind"]
            assert set(question) == keys - {"at", "edges"} | optional[kind]
            seen.add(kind)
        if len(seen) >= 2:
            break
    assert seen, "no battle question in 200 random games"
