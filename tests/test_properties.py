"""Random boards from the four base armies: what every battle must respect, whatever happens.

The rules themselves are checked by the conformance vectors; these properties catch what a
vector cannot list: a crash on an odd board, a unit that appears or moves, wounds that heal,
HQ hit points that grow, a result that differs between two runs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import hex_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nshex_pygame.core import Position, tile_ids, tile_info

ARMIES = ("borgo", "moloch", "hegemony", "outpost")
HEXES = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


def _board_tiles(army: str) -> list[str]:
    return [tile for tile in tile_ids(army) if tile_info(tile)["kind"] in ("warrior", "module")]


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A valid scenario text: two armies, both HQs, up to 17 more units, random wounds."""
    armies = draw(st.lists(st.sampled_from(ARMIES), min_size=2, max_size=2, unique=True))
    hexes = draw(st.permutations(HEXES))
    count = draw(st.integers(min_value=2, max_value=len(HEXES)))
    hq_hp = [draw(st.integers(min_value=1, max_value=20)) for _ in armies]
    units: list[dict[str, Any]] = []
    for index, at in enumerate(hexes[:count]):
        seat = index if index < 2 else draw(st.integers(min_value=0, max_value=1))
        army = armies[seat]
        tile = f"{army}.hq" if index < 2 else draw(st.sampled_from(_board_tiles(army)))
        toughness = 0 if index < 2 else int(tile_info(tile)["toughness"])
        units.append(
            {
                "seat": seat,
                "tile": tile,
                "at": at,
                "facing": draw(st.integers(min_value=0, max_value=5)),
                "wounds": draw(st.integers(min_value=0, max_value=toughness)),
            }
        )
    lines = ["[game]", f"armies = {json.dumps(armies)}", f"hq_hp = {hq_hp}"]
    for unit in units:
        q, r = unit["at"]
        lines += [
            "",
            "[[unit]]",
            f"seat = {unit['seat']}",
            f'tile = "{unit["tile"]}"',
            f"at = [{q}, {r}]",
            f"facing = {unit['facing']}",
            f"wounds = {unit['wounds']}",
        ]
    return "\n".join(lines) + "\n"


def check_battle(text: str) -> None:
    position = Position.from_toml(text, "random.toml")
    before = {hex_key(u["at"]): u for u in position.units}
    result = position.resolve_battle()

    assert position.to_dict() == Position.from_toml(text, "random.toml").to_dict()
    assert result.to_json() == position.resolve_battle().to_json(), "deterministic"
    assert all(
        0 <= after <= start for after, start in zip(result.hq_hp, position.hq_hp, strict=True)
    )

    for unit in result.units:
        start = before.get(hex_key(unit["at"]))
        assert start is not None, f"a unit appeared on {unit['at']}"
        assert (unit["seat"], unit["tile"], unit["facing"]) == (
            start["seat"],
            start["tile"],
            start["facing"],
        ), "nothing moves or turns in a battle"
        assert unit["wounds"] >= start["wounds"], "wounds never heal in a battle"
        assert unit["wounds"] <= tile_info(unit["tile"])["toughness"], "a dead unit stayed"

    initiatives = [phase["initiative"] for phase in result.phases]
    assert initiatives == sorted(initiatives, reverse=True)

    data = json.loads(result.to_json())
    assert set(data) == {"hq_hp", "units", "phases", "winner"}
    destroyed = [seat for seat, hp in enumerate(result.hq_hp) if hp == 0]
    if result.winner == "draw":
        assert len(destroyed) == len(result.hq_hp)
    elif result.winner is not None:
        assert result.hq_hp[result.winner] > 0 and destroyed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_battles(text: str) -> None:
    check_battle(text)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_battles_long(text: str) -> None:
    check_battle(text)
