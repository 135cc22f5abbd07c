"""tools/peer_compare.py without the peer: its refusals and the board it builds.

The timing itself needs a checkout of the peer (python190019/Neuroshima-online), which the
default test run does not have; these tests check what the README's ratios rest on: one full
19-hex board, holding only tiles both engines resolve alike, laid out the same way in both.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT, hex_key

from nshex_pygame.core import Position, tile_info

DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N, NE, SE, S, SW, NW
# The peer's neighbour offsets in its 5 x 9 array, its direction 0 first.
PEER_DIRECTIONS = ((-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1))


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "peer_compare", ROOT / "tools" / "peer_compare.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_missing_peer_is_refused_with_exit_code_2(
    tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tool.main([str(tmp_path / "absent")]) == 2
    err = capsys.readouterr().err
    assert "not a checkout of the peer" in err
    assert "git clone https://github.com/python190019/Neuroshima-online" in err
    assert "checkout 93bc072" in err


def test_a_folder_without_the_peer_s_board_is_refused(
    tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "engine").mkdir()
    assert tool.main([str(tmp_path)]) == 2
    assert "engine/src/main/core/plansza.py" in capsys.readouterr().err


def test_bad_rounds_are_refused(tool: ModuleType, tmp_path: Path) -> None:
    board = tmp_path / "engine" / "src" / "main" / "core" / "plansza.py"
    board.parent.mkdir(parents=True)
    board.write_text("", encoding="utf-8")
    assert tool.main([str(tmp_path), "--rounds", "0"]) == 2


def test_the_board_fills_all_19_hexes_with_both_hqs_apart(tool: ModuleType) -> None:
    position = Position.from_toml(tool.scenario_toml(), "peer_compare")
    hexes = {hex_key(unit["at"]) for unit in position.units}
    assert len(position.units) == len(hexes) == 19
    assert all(max(abs(q), abs(r), abs(q + r)) <= 2 for q, r in hexes)
    hqs = [at for _, tile, at, _ in tool.BOARD if tile.endswith(".hq")]
    assert len(hqs) == 2
    (q1, r1), (q2, r2) = hqs
    assert (q2 - q1, r2 - r1) not in DIRECTIONS
    assert position.armies == list(tool.ARMIES)


def test_the_board_holds_only_tiles_both_engines_resolve_alike(tool: ModuleType) -> None:
    for _, tile, _, facing in tool.BOARD:
        info = tile_info(tile)
        assert tile in tool.PEER_TILES
        assert not any(edge["armor"] for edge in info["edges"]), tile
        assert "medic" not in info["abilities"], tile
        assert not any(a.startswith(("mother", "explode")) for a in info["abilities"]), tile
        if info["kind"] == "module":
            assert facing == 0, f"{tile}: the peer ignores a module's rotation"


def test_the_peer_s_board_is_the_same_board(tool: ModuleType) -> None:
    # The peer's array: 5 columns, 9 doubled rows, 19 hexes around (2, 4).
    peer_board = {
        (x, y)
        for x in range(5)
        for y in range(9)
        if (abs(x - 2) + abs(y - 4)) % 2 == 0 and abs(x - 2) + abs(y - 4) <= 4 and abs(x - 2) <= 2
    }
    units = tool.peer_units()
    assert {pos for pos, *_ in units} == peer_board
    # Direction d here is direction d there, so a facing carries over as a rotation.
    for d, ((dq, dr), (dx, dy)) in enumerate(zip(DIRECTIONS, PEER_DIRECTIONS, strict=True)):
        x0, y0 = tool.peer_hex(0, 0)
        assert tool.peer_hex(dq, dr) == (x0 + dx, y0 + dy), d
    seats = {tile: seat for seat, tile, _, _ in tool.BOARD}
    for (_, name, army, rotation), (seat, tile, _, facing) in zip(units, tool.BOARD, strict=True):
        assert army == tool.ARMIES[seat] == tile.split(".")[0]
        assert (name, rotation) == (
            tool.PEER_TILES[tile][0],
            (facing + tool.PEER_TILES[tile][1]) % 6,
        )
    assert seats["borgo.hq"] == 0 and seats["moloch.hq"] == 1


def test_the_core_battle_on_the_board_is_the_documented_one(tool: ModuleType) -> None:
    # What the peer must match (checked against the peer at 93bc072): ten tiles left, no
    # wounds but the Protector's, both HQs untouched.
    position = Position.from_toml(tool.scenario_toml(), "peer_compare")
    outcome = tool.core_outcome(position)
    assert len(outcome) == 10
    assert {wounds for _, wounds in outcome.values()} == {0, 1}
    assert [name for name, wounds in outcome.values() if wounds] == ["obronca"]
    assert position.resolve_battle(log=False).hq_hp == [20, 20]
