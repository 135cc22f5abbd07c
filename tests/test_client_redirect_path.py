"""A redirected shot is played as one path (issue 40, item 17): from the shooter over every
redirector to where each copy lands, with the copies each redirector sends, flown a hex at a
time so the eye can follow it, its time divided by the playback speed like every step's."""

from __future__ import annotations

import pytest
from client_support import app_fixture, data_dir_fixture  # noqa: F401
from test_client_doomsday import TRIPLER, _battle

from nshex_pygame.client.scenes.battle.playback import (
    CHAIN_HOLD,
    HEX_SECONDS,
    Playback,
    chain_seconds,
    redirect_chain,
)

# Two redirectors in a row: the shot from (-2, 0) goes east to the redirector on (0, 0), its
# copy north-east to the one on (2, -2)... (the events as the engine's battle log gives them).
CHAIN_EVENTS = [
    {
        "kind": "attack",
        "at": [-2, 0],
        "dir": 2,
        "ranged": 1,
        "path": [[-1, 0], [0, 0]],
        "targets": [],
    },
    {"kind": "redirected", "at": [0, 0], "dir": 1, "copies": 1, "path": [[1, -1], [2, -2]]},
    {"kind": "redirected", "at": [2, -2], "dir": 0, "copies": 1, "path": [[2, -3]]},
    {"kind": "hit", "at": [2, -3], "from": [-2, 0], "edge": 0, "wounds": 1},
]


def test_a_chain_of_redirections_is_one_step_with_every_leg() -> None:
    phases = [{"initiative": 1, "events": CHAIN_EVENTS}]
    pb = Playback([], phases, [20, 20])
    redirected = [s for s in pb.steps if s.kind == "redirected"]
    assert len(redirected) == 1, "one step for the whole chain"
    assert redirected[0].group == CHAIN_EVENTS[1:3]
    assert [s.kind for s in pb.steps] == ["banner", "attack-idle", "redirected", "hit", "end"]
    legs = redirect_chain(CHAIN_EVENTS, redirected[0].group, set())
    assert [leg.hexes for leg in legs] == [
        [(-2, 0), (-1, 0), (0, 0)],  # the shot itself
        [(0, 0), (1, -1), (2, -2)],  # the first copy
        [(2, -2), (2, -3)],  # the second, to the unit it hits
    ]
    assert [leg.label for leg in legs] == ["", "x1", "x1"]
    # each leg leaves when the shot reaches its redirector: one continuous flight
    assert [leg.start for leg in legs] == [0.0, 2.0, 4.0]
    assert chain_seconds(legs) == pytest.approx(5 * HEX_SECONDS + CHAIN_HOLD)


def test_the_triplers_copies_leave_together_after_the_shot_reaches_it(app) -> None:
    battle, _result = _battle(app, TRIPLER)
    (step,) = [s for s in battle.model.playback.steps if s.kind == "redirected"]
    legs = battle.model.chain_of(step)
    assert legs[0].hexes[0] == (0, 2) and legs[0].hexes[-1] == (0, 0), "shooter to Tripler"
    copies = legs[1:]
    assert len(copies) == 3 and {leg.start for leg in copies} == {legs[0].end}
    assert {leg.label for leg in copies} == {"x3"}
    assert battle.model.duration(step) == pytest.approx(chain_seconds(legs))
    assert battle.model.duration(step) > 1.0, "slow enough to follow, not over in a second"
    battle.skip()


@pytest.mark.parametrize("speed", [1.0, 2.0, 4.0])
def test_the_paths_time_is_divided_by_the_playback_speed(app, speed: float) -> None:
    battle, _result = _battle(app, TRIPLER)
    (step,) = [s for s in battle.model.playback.steps if s.kind == "redirected"]
    pb = battle.model.playback
    while pb.current is not step:
        battle.words.log_step(pb.advance())
    battle.model.elapsed = 0.0
    app.settings.animation_speed = speed  # (the panel at 1x)
    assert battle.speed == speed
    dt, shown = 0.01, 0.0
    while pb.current is step:
        battle.update(dt)
        shown += dt
    assert shown == pytest.approx(chain_seconds(battle.model.chain_of(step)) / speed, abs=2 * dt)
    battle.skip()
