"""The battle's arcade effects: projectiles with a trail, hit flashes, units breaking apart,
the board shaking under an HQ hit, army colours and emblems, their sounds, and their cost."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest
from client_support import app_fixture, data_dir_fixture  # noqa: F401

from nshex_pygame.client import armystyle, sound
from nshex_pygame.client.scenes.battle import effects
from nshex_pygame.client.shots import scenario_battle


def battle_scene(app: Any, name: str = "example_borgo_moloch.toml") -> Any:
    return scenario_battle(app, name)


def at_step(scene: Any, kind: str, t: float) -> Any:
    """Advance the playback to its first step of ``kind``, at progress ``t``."""
    pb = scene.model.playback
    while pb.current is not None and pb.current.kind != kind:
        pb.advance()
    assert pb.current is not None, f"no {kind} step"
    scene.model.elapsed = t * scene.model.duration(pb.current)
    return pb.current


def test_every_army_has_its_own_scheme_and_emblem() -> None:
    armies = ["borgo", "moloch", "hegemony", "outpost"]
    schemes = {armystyle.scheme(a) for a in armies}
    assert len(schemes) == 4
    pictures = set()
    for army in armies:
        image = armystyle.emblem(army, 24)
        assert image.get_bounding_rect().width > 40
        pictures.add(pygame.image.tobytes(image, "RGBA"))
    assert len(pictures) == 4, "each emblem is drawn differently"
    assert armystyle.emblem("newarmy", 24).get_bounding_rect().width > 40


def test_a_projectile_flies_with_a_trail_and_bursts_on_impact() -> None:
    surface = pygame.Surface((400, 200))
    heads = [effects.projectile(surface, (20, 100), (380, 100), t, "moloch") for t in (0, 0.35)]
    assert heads[0][0] < heads[1][0] < 380
    surface.fill((0, 0, 0))
    effects.projectile(surface, (20, 100), (380, 100), 0.35, "moloch")
    head = round(heads[1][0])
    assert surface.get_at((head - 20, 100))[:3] != (0, 0, 0), "a trail behind the head"
    assert surface.get_at((head + 30, 100))[:3] == (0, 0, 0), "nothing ahead of it"


def test_a_destroyed_unit_breaks_into_pieces_flying_apart() -> None:
    from nshex_pygame.client import tileart

    image = tileart.render_tile("borgo.mutant", 74)
    assert len(effects._pieces(image)) == 9
    spread = []
    for t in (0.05, 0.6):
        surface = pygame.Surface((600, 600), pygame.SRCALPHA)
        effects.break_apart(surface, image, (300, 300), t, 7, "borgo")
        spread.append(surface.get_bounding_rect())
    assert spread[1].width > spread[0].width + 40, "the pieces fly apart"


def test_an_hq_hit_shakes_the_board_and_plays_its_sounds(app: Any, monkeypatch: Any) -> None:
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    scene = battle_scene(app)
    at_step(scene, "hq_damage", 0.0)
    scene.words.log_step(scene.model.playback.current)
    assert "hq_hit" in played
    assert effects.shake_offset(0.1) != (0, 0) and effects.shake_offset(1.0) == (0, 0)
    at_step(scene, "hq_damage", 0.1)
    app.draw()
    shaken = pygame.image.tobytes(app.canvas.subsurface(effects.BOARD_AREA), "RGB")
    monkeypatch.setattr(effects, "shake", lambda surface, t: (0, 0))
    app.draw()
    still = pygame.image.tobytes(app.canvas.subsurface(effects.BOARD_AREA), "RGB")
    assert shaken != still, "the board is drawn off its place while the HQ is hit"
    at_step(scene, "removed", 0.0)
    scene.words.log_step(scene.model.playback.current)
    assert "shatter" in played
    assert {"hq_hit", "shatter"} <= set(sound.EFFECTS)


@pytest.mark.slow  # a timed check: on a loaded machine it measures the load, not the code;
# the frame times a player sees are measured by `python -m nshex_pygame.client.frametimes`
def test_the_effects_keep_a_battle_frame_under_33_ms(app: Any) -> None:
    scene = battle_scene(app, "example_moloch_hegemony.toml")
    worst: dict[str, float] = {}
    for kind in ("attack", "hit", "removed"):
        at_step(scene, kind, 0.0)
        times = []
        for t in (0.1, 0.3, 0.5, 0.7, 0.9):
            scene.model.elapsed = t * scene.model.duration(scene.model.playback.current)
            started = time.perf_counter()
            app.draw()
            times.append(time.perf_counter() - started)
        worst[kind] = sorted(times)[len(times) // 2] * 1000
    scene = battle_scene(app)
    at_step(scene, "hq_damage", 0.0)
    started = time.perf_counter()
    app.draw()
    worst["hq_damage"] = (time.perf_counter() - started) * 1000
    assert max(worst.values()) < 33, worst
