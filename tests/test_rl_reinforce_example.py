"""examples/reinforce_vs_random.py with a tiny budget: the policy learned with REINFORCE on
the Gymnasium environment trains and is evaluated against the random bot, its features
decoded from the action encoding. Skipped without the ``rl`` extra."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def ex():
    """The example as a module (examples/ is not a package: put on the path for the import)."""
    folder = str(Path(__file__).resolve().parent.parent / "examples")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module("reinforce_vs_random")
    finally:
        sys.path.remove(folder)


def test_reinforce_trains_and_evaluates(ex, capsys: pytest.CaptureFixture[str]) -> None:
    assert ex.main(["--episodes", "6", "--eval-games", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    for when in ("before", "after"):
        low, high = r[when]["interval95"]
        assert r[when]["games"] == 2 and 0.0 <= low <= r[when]["win_rate"] <= high <= 1.0
    # Six games of learning moved some weights, and each is named.
    assert r["largest_weights"] and any(w != 0.0 for _, w in r["largest_weights"])


def test_the_features_read_placements_and_the_enemy_hq(ex) -> None:
    env = ex.NeuroshimaHexEnv(opponent="random", seat=0, armies=ex.ARMIES)
    f = ex.Features(env)
    g = env.game
    names = f.names()
    assert len(names) == f.size
    start = dict((name, s) for name, s, _ in g.action_blocks())["place"]
    # Number 1,000 is "place borgo.medic -1,0 0" (docs/RL.md's worked example).
    assert g.action_to_string(g.decode_action(1000)) == "place borgo.medic -1,0 0"
    slot, cell, facing = f.place[1000]
    assert (g.tile_slots()[slot], f.hexes[cell], facing) == ("borgo.medic", "-1,0", 0)
    assert names[f.static[1000][0]] == "place" and start <= 1000
    assert names[f.static[1000][1]] == "place borgo.medic"
    assert names[f.static[1000][2]] == "place on -1,0"
    # Facing: a unit on 0,0 facing north (0) faces 0,-1 next to it; from 0,2 along a line.
    centre, north, south = (f.hexes.index(h) for h in ("0,0", "0,-1", "0,2"))
    assert f.toward[centre, north] == 0 and f.distance[centre, north] == 1
    assert f.toward[south, north] == 0 and f.distance[south, north] == 3
    assert f.toward[f.hexes.index("1,0"), north] == -1
    # The enemy HQ is found in the observation once it is placed.
    obs, _ = env.reset(seed=1)
    assert f.enemy_hq(obs["observation"]) == -1
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # our HQ; the random bot places its
    view = env.game.observation(0)
    theirs = [u["at"] for u in view["units"] if u["seat"] == 1]
    obs = {"observation": np.frombuffer(env.game.observation_tensor(0), dtype=np.float32)}
    assert len(theirs) == 1
    assert f.hexes[f.enemy_hq(obs["observation"])] == "{},{}".format(*theirs[0])
