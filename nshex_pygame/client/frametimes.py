"""Frame times of the real window, for checking the client's smoothness (a development tool).

    xvfb-run -s "-screen 0 1280x800x24" .venv/bin/python -m nshex_pygame.client.frametimes

Runs the client's own frame loop (60 frames per second, the real clock) in two situations and
prints, for each, the median and 99th percentile of the time a frame takes (update, draw and
present; the median of the present alone, which under Xvfb is a copy of the whole window
through the X server) and of the time between frames:

- ``battle``: a battle being played back, phase by phase;
- ``effects``: the battle of ``scenarios/example_moloch_hegemony.toml`` played back whole,
  counting only the frames of its effects (shots flying with their trail, hit flashes, units
  breaking apart, the board shaking under an HQ hit);
- ``ai_thinking``: the computer (``hard``, four seconds a decision) searching on its worker
  thread while the window keeps drawing.

``--json`` prints the numbers as JSON. ``NSHEX_DATA_DIR`` is pointed at a temporary folder.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time

import pygame

from nshex_pygame.client.app import FPS, App
from nshex_pygame.client.shots import battle_in_progress, mid_game, scenario_battle
from nshex_pygame.client.storage import SeatSetup, Settings


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(app: App, seconds: float, until=None, only=None) -> dict[str, float]:
    """Runs the real frame loop for ``seconds`` (or until ``until()`` is true), counting
    the frames during which ``only()`` holds (all of them without it)."""
    clock = pygame.time.Clock()
    work: list[float] = []
    shown: list[float] = []
    between: list[float] = []
    end = time.perf_counter() + seconds
    clock.tick(FPS)
    while time.perf_counter() < end and not (until and until()):
        dt = clock.tick(FPS) / 1000.0
        counted = only is None or only()
        started = time.perf_counter()
        app.step(min(dt, 0.1), pygame.event.get())
        drawn = time.perf_counter()
        app.present()
        if counted:
            between.append(dt)
            work.append(time.perf_counter() - started)
            shown.append(time.perf_counter() - drawn)
    ms = 1000.0
    return {
        "frames": len(work),
        "frame_ms_median": statistics.median(work) * ms,
        "frame_ms_p99": percentile(work, 99) * ms,
        "present_ms_median": statistics.median(shown) * ms,
        "interval_ms_median": statistics.median(between) * ms,
        "interval_ms_p99": percentile(between, 99) * ms,
    }


EFFECT_STEPS = ("attack", "hit", "hq_damage", "removed", "explode")


def measure_effects(app: App) -> dict[str, float]:
    app.stack.clear_to(app.make("menu"))
    battle = scenario_battle(app, "example_moloch_hegemony.toml")

    def effect() -> bool:
        step = battle.playback.current
        return step is not None and step.kind in EFFECT_STEPS

    return measure(app, 30.0, until=lambda: app.stack.top is not battle, only=effect)


def main(argv: list[str]) -> int:
    os.environ.setdefault("NSHEX_DATA_DIR", tempfile.mkdtemp(prefix="nshex-frames-"))
    from nshex_pygame.client.scenes.game import GameScene

    app = App(settings=Settings(muted=True))
    rows: dict[str, dict[str, float]] = {}

    # A battle: greedy against greedy until one starts, then its playback in real time.
    _scene, battle = battle_in_progress(app)
    if battle is not None:
        rows["battle"] = measure(app, 8.0, until=lambda: app.stack.top is not battle)

    # The effects: a battle with shots, hits, deaths and an HQ hit, only those frames counted.
    rows["effects"] = measure_effects(app)

    # The computer thinking: Hard (given four seconds for every decision, so that it thinks for
    # most of the time) against itself for ten seconds; only the frames while a search runs
    # on the worker thread count.
    game = mid_game(11, 40, ["borgo", "moloch"])
    level = "hard:iters=100000000,ms=4000,turn_ms=0"
    thinking = GameScene(app, game, [SeatSetup("borgo", level), SeatSetup("moloch", level)])
    app.stack.clear_to(thinking)
    rows["ai_thinking"] = measure(
        app, 10.0, only=lambda: any(t.busy for t in thinking.thinkers.values())
    )
    thinking.on_exit()
    pygame.quit()

    if "--json" in argv:
        print(json.dumps(rows))
        return 0
    print(
        f"{'situation':<12} {'frames':>6} {'frame median':>13} {'frame p99':>10} "
        f"{'of it present':>14} {'interval median':>16} {'interval p99':>13}"
    )
    for name, r in rows.items():
        print(
            f"{name:<12} {r['frames']:>6} {r['frame_ms_median']:>10.1f} ms "
            f"{r['frame_ms_p99']:>7.1f} ms {r['present_ms_median']:>11.1f} ms "
            f"{r['interval_ms_median']:>13.1f} ms {r['interval_ms_p99']:>10.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
