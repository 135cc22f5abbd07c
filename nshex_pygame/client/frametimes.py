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

    xvfb-run -s "-screen 0 1280x800x24" .venv/bin/python -m nshex_pygame.client.frametimes session

``session`` instead runs a scripted session that crosses every screen (the main menu, the new
game screen, a game, a battle played back, the game over screen, a replay, the puzzle list, a
puzzle, a lesson, the settings, the tile gallery, the rules), the pointer sweeping over each so
that hover boxes come and go, and prints for each screen the frames drawn and the median and
99th percentile of a frame (update, draw and present; the target: at most 33 ms); then the
share of one core the real main loop uses when nothing happens, at the main menu, on a turn
waiting for the player and in a puzzle (the target: under 5%). ``--quick`` runs each for a
moment (the default tests do, to check every screen gives a row; no time is asserted).
"""

from __future__ import annotations

import json
import math
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


def measure(app: App, seconds: float, until=None, only=None, pointer=None) -> dict[str, float]:
    """Runs the real frame loop for ``seconds`` (or until ``until()`` is true), counting
    the frames during which ``only()`` holds (all of them without it); ``pointer(frame)``: the
    events given besides the window's in each frame (a pointer sweeping the screen)."""
    clock = pygame.time.Clock()
    work: list[float] = []
    cpu: list[float] = []  # the frame's own processor time (the window's thread): the load aside
    shown: list[float] = []
    between: list[float] = []
    end = time.perf_counter() + seconds
    clock.tick(FPS)
    frame = 0
    while time.perf_counter() < end and not (until and until()):
        dt = clock.tick(FPS) / 1000.0
        counted = only is None or only()
        started, used = time.perf_counter(), time.thread_time()
        events = pygame.event.get() + (pointer(frame) if pointer else [])
        frame += 1
        app.step(min(dt, 0.1), events)
        drawn = time.perf_counter()
        app.present()
        if counted:
            between.append(dt)
            work.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - used)
            shown.append(time.perf_counter() - drawn)
    ms = 1000.0
    if not work:
        return {"frames": 0}
    return {
        "frames": len(work),
        "frame_ms_median": statistics.median(work) * ms,
        "frame_ms_p99": percentile(work, 99) * ms,
        "frame_ms_max": max(work) * ms,
        "cpu_ms_median": statistics.median(cpu) * ms,
        "cpu_ms_p99": percentile(cpu, 99) * ms,
        "present_ms_median": statistics.median(shown) * ms,
        "interval_ms_median": statistics.median(between) * ms,
        "interval_ms_p99": percentile(between, 99) * ms,
    }


EFFECT_STEPS = ("attack", "hit", "hq_damage", "removed", "explode")


def measure_effects(app: App) -> dict[str, float]:
    app.stack.clear_to(app.make("menu"))
    battle = scenario_battle(app, "example_moloch_hegemony.toml")

    def effect() -> bool:
        step = battle.model.playback.current
        return step is not None and step.kind in EFFECT_STEPS

    return measure(app, 30.0, until=lambda: app.stack.top is not battle, only=effect)


# --- the scripted session over every screen ----------------------------------------------------


def sweeping(app: App):  # -> Callable[[int], list[pygame.event.Event]]
    """A pointer going over the whole screen (a slow figure of eight), as the window sees it."""

    def events(frame: int) -> list[pygame.event.Event]:
        x = 640 + 600 * math.sin(frame * 0.045)
        y = 400 + 370 * math.sin(frame * 0.09)
        at = app.to_window((x, y))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))]

    return events


def finished_game(seed: int = 5):  # -> Game
    """Greedy against greedy, played to the end by the engine (seeded)."""
    from nshex_pygame.client.shots import greedy_until

    return greedy_until(["moloch", "hegemony"], seed)


def _human_seats(game) -> list[SeatSetup]:
    return [SeatSetup(army, "human") for army in game.view()["armies"]]


def _game(app: App):
    game = mid_game(4, 30, ["borgo", "moloch"])
    return app.make("game", game, _human_seats(game))


def _gameover(app: App):
    game = finished_game()
    scene = app.make("game", game, _human_seats(game))
    app.stack.clear_to(scene)
    return app.make("gameover", scene)


def _puzzle(app: App):
    from nshex_pygame.client import puzzles

    return app.make("puzzle", puzzles.shipped()[0])


def _lesson(app: App):
    lesson = app.make("tutorial", 2)
    app.stack.clear_to(lesson)
    lesson.begin()  # past its first card: the lesson being played
    return lesson


def _battle(app: App):
    app.stack.clear_to(app.make("menu"))
    return scenario_battle(app, "example_moloch_hegemony.toml")


# (name, the screen made (on top of the stack), how long to measure it at most)
SCREENS = (
    ("menu", lambda app: app.make("menu")),
    ("setup", lambda app: app.make("setup")),
    ("game", _game),
    ("battle", _battle),
    ("gameover", _gameover),
    ("replay", lambda app: app.make("replay", finished_game(), None)),
    ("puzzles", lambda app: app.make("puzzles")),
    ("puzzle", _puzzle),
    ("tutorial", _lesson),
    ("settings", lambda app: app.make("settings")),
    ("gallery", lambda app: app.make("gallery")),
    ("rules", lambda app: app.make("rules")),
)


def session(app: App, seconds: float) -> dict[str, dict[str, float]]:
    """Each screen of ``SCREENS`` in turn, measured for ``seconds`` with the pointer
    sweeping over it (a battle until it ends, at most ``seconds``)."""
    rows: dict[str, dict[str, float]] = {}
    for name, make in SCREENS:
        scene = make(app)
        if app.stack.top is not scene:
            app.stack.push(scene) if app.stack.top is not None else app.stack.clear_to(scene)
        rows[name] = measure(
            app, seconds, until=lambda s=scene: s not in app.stack.scenes, pointer=sweeping(app)
        )
        for old in reversed(app.stack.scenes):
            old.on_exit()
        app.stack.scenes.clear()
    return rows


def idle_cpu(app: App, scene, seconds: float, settle: float = 1.5) -> dict[str, float]:
    """The real main loop (``App.run``) on ``scene`` with no input: after ``settle`` seconds
    (the screen's entry animations), the share of one core the process uses for ``seconds``
    and the frames drawn meanwhile."""
    marks: dict[str, tuple[float, float, int]] = {}
    settle_at = time.perf_counter() + settle
    real_frame, real_quit = app.frame, pygame.quit

    def frame(dt: float, events: list, waited: float = 0.0) -> bool:
        if "start" not in marks and time.perf_counter() >= settle_at:
            marks["start"] = (time.perf_counter(), time.process_time(), app.draws)
        return real_frame(dt, events, waited)

    app.frame = frame  # type: ignore[method-assign]
    pygame.quit = lambda: None  # the session goes on after this loop ends
    app.stack.scenes.clear()
    app.running = True
    try:
        pygame.time.set_timer(pygame.QUIT, int((settle + seconds) * 1000), loops=1)
        app.run(scene)
    finally:
        app.frame = real_frame  # type: ignore[method-assign]
        pygame.quit = real_quit
    wall, cpu, draws = marks.get("start", (time.perf_counter(), time.process_time(), app.draws))
    wall = max(1e-9, time.perf_counter() - wall)
    return {
        "seconds": wall,
        "cpu_percent": 100.0 * (time.process_time() - cpu) / wall,
        "frames_drawn": app.draws - draws,
    }


def idle_rows(app: App, seconds: float, settle: float = 1.5) -> dict[str, dict[str, float]]:
    """Idle at the main menu, on a turn waiting for the player, in a puzzle."""
    game = mid_game(4, 30, ["borgo", "moloch"])
    return {
        "menu": idle_cpu(app, app.make("menu"), seconds, settle),
        "turn": idle_cpu(app, app.make("game", game, _human_seats(game)), seconds, settle),
        "puzzle": idle_cpu(app, _puzzle(app), seconds, settle),
    }


def print_session(rows: dict[str, dict[str, float]], idle: dict[str, dict[str, float]]) -> None:
    print(
        f"{'screen':<10} {'frames':>6} {'median':>9} {'p99':>9} {'max':>9}"
        f" {'cpu median':>11} {'cpu p99':>9}"
    )
    for name, r in rows.items():
        if not r.get("frames"):
            print(f"{name:<10} {0:>6}")
            continue
        print(
            f"{name:<10} {r['frames']:>6} {r['frame_ms_median']:>6.1f} ms "
            f"{r['frame_ms_p99']:>6.1f} ms {r['frame_ms_max']:>6.1f} ms"
            f" {r['cpu_ms_median']:>8.1f} ms {r['cpu_ms_p99']:>6.1f} ms"
        )
    print(f"\n{'idle':<10} {'seconds':>8} {'one core':>9} {'frames drawn':>13}")
    for name, r in idle.items():
        print(f"{name:<10} {r['seconds']:>8.1f} {r['cpu_percent']:>8.1f}% {r['frames_drawn']:>13}")


def run_session(argv: list[str]) -> int:
    quick = "--quick" in argv
    app = App(settings=Settings(muted=True))
    rows = session(app, 0.3 if quick else 6.0)
    idle = idle_rows(app, 0.5 if quick else 20.0, 0.2 if quick else 2.0)
    pygame.quit()
    if "--json" in argv:
        print(json.dumps({"screens": rows, "idle": idle}))
    else:
        print_session(rows, idle)
    return 0


def main(argv: list[str]) -> int:
    os.environ.setdefault("NSHEX_DATA_DIR", tempfile.mkdtemp(prefix="nshex-frames-"))
    if argv and argv[0] == "session":
        return run_session(argv[1:])
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
