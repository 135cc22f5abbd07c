"""The battle's headline and log speak to players (issue 40, the last review): names, places
and effects ("Moloch Gauss Cannon shoots the Hegemony HQ (1 hit)"), never a direction or an
arrow ("attacks SE with ranged 1 -> Hegemony HQ", which the command line's account keeps)."""

from __future__ import annotations

import re

from client_support import app_fixture, data_dir_fixture, recording_texts  # noqa: F401
from conftest import EXAMPLES

from nshex_pygame.client.board import BoardView
from nshex_pygame.client.words import BattleBoard
from nshex_pygame.core import Position
from nshex_pygame.describe import Board, describe_event

# an arrow, a direction (not a key in brackets: "Next phase (N)") or a hex's coordinates
NOTATION = re.compile(r"->|(?<!\()\b(N|NE|SE|S|SW|NW)\b(?!\))|\(-?\d+,-?\d+\)")
UNITS = [
    {"at": [0, 0], "tile": "moloch.gauss_cannon", "seat": 0, "facing": 0, "wounds": 0},
    {"at": [0, -1], "tile": "hegemony.hq", "seat": 1, "facing": 0, "wounds": 0},
    {"at": [1, -1], "tile": "moloch.clown", "seat": 0, "facing": 0, "wounds": 0},
]
SHOT = {"kind": "attack", "at": [0, 0], "dir": 2, "ranged": 1, "targets": [[0, -1]]}


def test_an_attack_is_told_by_who_shoots_whom_and_how_hard() -> None:
    board = BattleBoard(["moloch", "hegemony"], UNITS)
    line = describe_event(board, 2, SHOT).strip()
    assert line == "Moloch Gauss Cannon shoots the Hegemony HQ (1 hit)"
    melee = dict(SHOT, ranged=0, melee=2)
    assert describe_event(board, 2, melee).strip() == (
        "Moloch Gauss Cannon strikes the Hegemony HQ (2 hits)"
    )
    beam = {"kind": "attack", "at": [0, 0], "dir": 0, "gauss": True, "targets": [[0, -1], [1, -1]]}
    assert describe_event(board, 2, beam).strip() == (
        "Moloch Gauss Cannon fires a gauss beam through the Hegemony HQ and the Moloch Clown"
        " (1 wound each)"
    )
    blast = {"kind": "explode", "at": [1, -1], "targets": [[0, -1]]}
    assert (
        describe_event(board, 2, blast).strip() == "Moloch Clown explodes, hitting the Hegemony HQ"
    )
    wound = {"kind": "hq_damage", "seat": 1, "amount": 1, "hp": 17}
    assert describe_event(board, 2, wound).strip() == "The Hegemony HQ loses 1: 17 hit points left"
    for event in (SHOT, melee, beam, blast, wound):
        assert not NOTATION.search(describe_event(board, 2, event)), event


def test_the_command_lines_account_keeps_its_notation() -> None:
    position = Position.from_toml(
        '[game]\narmies = ["moloch", "hegemony"]\n'
        + "".join(
            f'[[unit]]\nseat = {u["seat"]}\ntile = "{u["tile"]}"\nat = [{u["at"][0]},'
            f" {u['at'][1]}]\nfacing = 0\n"
            for u in UNITS
        ),
        "words",
    )
    line = describe_event(Board(position), 2, SHOT)
    assert "-> Moloch" not in line and "attacks SE with ranged 1 -> Hegemony HQ (0,-1)" in line


def test_a_played_battle_shows_no_notation(app) -> None:
    """Every text the battle screen draws while a real battle plays (the headline over the
    board, the log) is free of directions, arrows and coordinates, and its attacks are said
    with a verb of what they do."""
    path = next(p for p in EXAMPLES if "hegemony_outpost" in p.name)
    position = Position.from_file(path)
    result = position.resolve_battle()
    battle = app.open(
        "battle", BoardView(), list(position.armies), position.units, result.phases,
        list(position.hq_hp), result_units=result.units, result_hq=result.hq_hp,
    )  # fmt: skip
    seen: list[str] = []
    for _ in range(3000):
        if app.stack.top is not battle:
            break
        with recording_texts() as drawn:
            app.step(0.05)
        seen += drawn
    assert app.stack.top is not battle, "the battle played to its end"
    told = [t for t in seen if " shoots " in t or " strikes " in t or " gauss beam " in t]
    assert told, "the attacks are said by what they do"
    bad = sorted({t for t in seen if NOTATION.search(t)})
    assert not bad, bad
