"""Battle playback: a real battle log, run through the playback and the scene, ends with the
board the engine computed; the controls pause, step and skip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import app_fixture, data_dir_fixture, key  # noqa: F401
from conftest import CONFORMANCE_DIR, EXAMPLES

from nshex_pygame.client.board import BoardView
from nshex_pygame.client.scenes.battle import BattleScene, Playback
from nshex_pygame.core import Position, ScenarioError

CONFORMANCE = sorted(CONFORMANCE_DIR.glob("*.toml"))


def _board(units: list[dict[str, Any]]) -> list[tuple]:
    return sorted(
        (
            int(u["at"][0]),
            int(u["at"][1]),
            u["tile"],
            int(u["seat"]),
            int(u["facing"]),
            int(u["wounds"]),
        )
        for u in units
    )


def _load(path: Path) -> Position:
    return Position.from_toml(path.read_text(encoding="utf-8"), path.name, test_tables=True)


def _battles() -> list[Path]:
    usable = []
    for path in [*EXAMPLES, *CONFORMANCE]:
        try:
            _load(path)
        except ScenarioError:
            continue
        usable.append(path)
    return usable


@pytest.mark.parametrize("path", _battles(), ids=lambda p: p.name)
def test_playback_ends_with_the_engines_board(path: Path) -> None:
    position = _load(path)
    result = position.resolve_battle()
    playback = Playback(position.units, result.phases, list(position.hq_hp))
    playback.start()
    playback.finish()
    assert _board(playback.unit_list()) == _board(result.units)
    assert playback.hq == list(result.hq_hp)


def test_the_playback_takes_each_phases_board_from_the_engines_log() -> None:
    """The board after each phase is the log's ``after``, not wounds the client adds up: a
    log whose ``after`` says otherwise is followed (a client adding wounds itself would not)."""
    position = _load(CONFORMANCE_DIR / "armor_vs_melee_blocker.toml")
    result = position.resolve_battle()
    phases = [dict(p) for p in result.phases]
    last = dict(phases[-1]["after"])
    last["units"] = [dict(u, wounds=u["wounds"] + 5) for u in last["units"]]
    last["hq_hp"] = [1 for _ in last["hq_hp"]]
    phases[-1] = dict(phases[-1], after=last)
    playback = Playback(position.units, phases, list(position.hq_hp))
    playback.start()
    playback.finish()
    assert _board(playback.unit_list()) == _board(last["units"])
    assert playback.hq == [1 for _ in last["hq_hp"]]


def _scene(app, path: Path) -> tuple[BattleScene, Any]:
    position = _load(path)
    result = position.resolve_battle()
    scene = BattleScene(
        app, BoardView(), list(position.armies), position.units, result.phases, list(position.hq_hp)
    )
    app.stack.push(scene)
    return scene, result


def test_the_scene_plays_a_battle_to_the_end(app) -> None:
    path = next(p for p in EXAMPLES if "borgo_moloch" in p.name)
    scene, result = _scene(app, path)
    kinds_seen = set()
    for _ in range(2000):
        if app.stack.top is not scene:
            break
        if scene.model.playback.current is not None:
            kinds_seen.add(scene.model.playback.current.kind)
        app.step(0.05)
    assert app.stack.top is not scene, "the scene closes itself at the end"
    assert _board(scene.model.playback.unit_list()) == _board(result.units)
    assert scene.model.playback.hq == list(result.hq_hp)
    assert {"banner", "attack", "hit"} <= kinds_seen
    assert any("Initiative" in line for line, _ in scene.model.log)


def test_pause_step_and_skip(app) -> None:
    path = next(p for p in EXAMPLES if "hegemony_outpost" in p.name)
    scene, result = _scene(app, path)
    key(app, pygame.K_SPACE)
    assert scene.model.paused
    index = scene.model.playback.index
    for _ in range(20):
        app.step(0.5)
    assert scene.model.playback.index == index, "paused: time does not move the battle"
    key(app, pygame.K_n)  # one phase
    for _ in range(400):
        app.step(0.05)
        if scene.model.paused:
            break
    assert scene.model.paused
    phase = scene.model.playback.current.phase if scene.model.playback.current else None
    assert phase in (None, 1), "stopped at the start of the next phase"
    speed = scene.speed
    key(app, pygame.K_PLUS)
    assert scene.speed > speed
    key(app, pygame.K_s)
    assert app.stack.top is not scene
    assert _board(scene.model.playback.unit_list()) == _board(result.units)


def test_every_event_kind_is_drawn(app) -> None:
    """Draw every step of many battles halfway through: no event kind breaks the drawing."""
    surface = pygame.Surface((1280, 800))
    seen: set[str] = set()
    for path in _battles():
        phases = _load(path).resolve_battle().phases
        kinds = {e["kind"] for phase in phases for e in phase["events"]}
        if kinds <= seen:
            continue
        seen |= kinds
        scene, _ = _scene(app, path)
        while not scene.model.playback.done:
            scene.model.elapsed = scene.model.duration(scene.model.playback.current) / 2
            scene.draw(surface)
            scene.model.playback.advance()
        app.stack.pop(scene)
    assert {"attack", "hit", "armor", "save", "netted", "explode", "hq_damage", "removed"} <= seen


def test_a_playback_that_ends_off_the_engines_board_fails_loudly(app, caplog) -> None:
    """The end-of-playback check raises in tests (the app is strict) instead of quietly
    putting the engine's board in place; in play it warns and shows the engine's board."""
    from nshex_pygame.client.app import PlaybackMismatch

    position = _load(next(p for p in EXAMPLES if "borgo_moloch" in p.name))
    result = position.resolve_battle()
    wrong = [dict(u) for u in result.units][1:]  # one unit short of what the log leads to

    def scene() -> BattleScene:
        return BattleScene(
            app,
            BoardView(),
            list(position.armies),
            position.units,
            result.phases,
            list(position.hq_hp),
            result_units=wrong,
            result_hq=list(result.hq_hp),
        )

    assert app.strict
    with pytest.raises(PlaybackMismatch, match="another board than the engine's"):
        scene().finish()
    app.strict = False
    relaxed = scene()
    with caplog.at_level("WARNING"):
        relaxed.finish()
    assert "another board than the engine's" in caplog.text
    assert _board(relaxed.model.playback.unit_list()) == _board(wrong)


def test_the_phase_banner_hides_no_hex_and_goes_while_paused(app) -> None:
    path = next(p for p in EXAMPLES if "borgo_moloch" in p.name)
    scene, _result = _scene(app, path)
    assert scene.model.playback.current.kind == "banner"
    scene.model.elapsed = scene.model.duration(scene.model.playback.current) / 2
    app.draw()
    band = scene.drawing.banner_rect
    assert band is not None, "the banner shows while the battle plays"
    size = scene.drawing.board.size
    for at in scene.drawing.board.hexes:
        x, y = scene.drawing.board.pixel(at)
        box = pygame.Rect(round(x - size), round(y - size), round(2 * size), round(2 * size))
        assert not band.colliderect(box), f"the banner covers the hex {at}"
    key(app, pygame.K_SPACE)
    assert scene.model.paused
    app.draw()
    assert scene.drawing.banner_rect is None, "no banner stays over a paused battle"
