"""Screenshots of the real window, for looking at the client (a development tool).

    xvfb-run -s "-screen 0 1280x800x24" .venv/bin/python -m nshex_pygame.client.shots DIR [--readme]

(``NSHEX_SHOT_SIZE=800x600`` for a small window: the layout adapted to it.)

Scripts the scenes with synthetic events and saves one PNG per view: the menu, the new-game
screen, a game in the middle with a tile being placed, a hover box, the danger view, a battle in
progress, the game over screen, the gallery, the rules (the symbols, the abilities), a lesson of
the tutorial, the Hex Puzzles' list and a puzzle with its hint, a battle choice asked of a
player, the settings, the achievements, a replay, a redirected shot, and a game in a small
window (800x600). ``--readme`` copies the README's into ``docs/screenshots``.
``NSHEX_DATA_DIR`` is pointed at a temporary folder (unless set) so nothing of the player's is
touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from nshex_pygame.client.app import App
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, BattleResult, Bot, Game, Position


def greedy_until(
    armies: list[str], seed: int, stop: Callable[[Game, int], bool] = lambda _game, _done: False
) -> Game:
    """Greedy against greedy (seeded, the draws natural) from a new game until ``stop(game,
    done)`` holds with a seat to move (``done``: the seats' actions so far), or the game ends."""
    game = Game(armies, seed)
    bot = Bot("greedy", seed)
    done = 0
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())  # type: ignore[arg-type]
            continue
        if stop(game, done):
            break
        game.apply_action(bot.choose(game))
        done += 1
    return game


def mid_game(seed: int, actions: int, armies: list[str]) -> Game:
    def ready(game: Game, done: int) -> bool:
        view = game.view()
        return (
            done >= actions
            and game.current_player() == 0
            and view["stage"]["kind"] == "main"
            and len(view["hands"][0]) > 0
        )

    return greedy_until(armies, seed, ready)


def move(app: App, pos: tuple[int, int]) -> None:
    """The pointer to a place of the canvas (where that is in the window, whatever its size)."""
    at = app.to_window(pos)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    move(app, pos)
    at = app.to_window(pos)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button)])


def save(app: App, out: Path, name: str) -> None:
    app.draw()
    app.present()
    pygame.image.save(app.window, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def main(argv: list[str]) -> int:
    os.environ.setdefault("NSHEX_DATA_DIR", tempfile.mkdtemp(prefix="nshex-shots-"))
    from nshex_pygame.client.scenes.battle import BattleScene
    from nshex_pygame.client.scenes.gallery import GalleryScene
    from nshex_pygame.client.scenes.game import GameScene
    from nshex_pygame.client.scenes.gameover import GameOverScene
    from nshex_pygame.client.scenes.menu import MenuScene
    from nshex_pygame.client.scenes.rules import RulesScene
    from nshex_pygame.client.scenes.setup import SetupScene

    out = Path(argv[0] if argv else "shots")
    out.mkdir(parents=True, exist_ok=True)
    # NSHEX_SHOT_SIZE=800x600: the window at that size (the layout adapted to a small one)
    size = [int(v) for v in os.environ.get("NSHEX_SHOT_SIZE", "1280x800").split("x")]
    app = App(settings=Settings(window_size=size))
    app.stack.push(MenuScene(app))
    app.step(1.0)
    move(app, (640, 280))
    save(app, out, "01-menu")
    app.stack.push(SetupScene(app))
    save(app, out, "02-setup")
    app.stack.pop()

    game_shots(app, out)

    # a battle in progress: play on with bots until a battle starts
    scene2, battle = battle_in_progress(app)
    if battle is not None:
        for _ in range(400):
            app.step(0.05, draw=False)
            step = battle.model.playback.current
            if step is not None and step.kind in ("attack",) and battle.model.progress() > 0.5:
                break
        save(app, out, "06-battle")
    app.settings.animation_speed = 8.0
    for _ in range(20000):
        scene2.wait_for_ai()
        app.step(0.1, draw=False)
        if isinstance(app.stack.top, GameOverScene):
            break
    finished = app.stack.find("game")
    if finished is not None and finished.game.is_terminal():
        # the same end with the winner played by a person: the screen that celebrates
        returns = finished.game.returns()
        winner = returns.index(max(returns))
        armies = finished.game.view()["armies"]
        seats = [SeatSetup(a, "human" if i == winner else "medium") for i, a in enumerate(armies)]
        finished = GameScene(app, finished.game, seats)
        app.stack.clear_to(finished)
        app.open("gameover", finished)
    settle(app, 4.0)  # the celebration's ribbon open and its numbers counted up
    save(app, out, "07-gameover")
    app.stack.clear_to(GalleryScene(app))
    move(app, (110 + 132 * 2, 140))
    save(app, out, "08-gallery")
    app.stack.clear_to(RulesScene(app))
    save(app, out, "09-rules")
    app.stack.top.page = app.stack.top.symbols_page  # type: ignore[union-attr]
    save(app, out, "10-legend")
    app.stack.top.page = app.stack.top.abilities_page  # type: ignore[union-attr]
    save(app, out, "10-abilities")

    # a lesson of the tutorial, on the real game screen, its first step shown
    tutorial = app.make("tutorial", int(os.environ.get("NSHEX_SHOT_LESSON", "2")))
    app.stack.clear_to(tutorial)
    save(app, out, "12-tutorial-intro")
    tutorial.begin()
    settle(app, 2.5)  # the turn's banner gone
    inner = tutorial.inner
    (_rect, at) = inner.hand_rects(inner.mover)[0]
    click(app, (int(at[0]), int(at[1])))  # the lesson's tile taken: its hex lights
    lit = sorted(tutorial.targets())
    if lit:
        spot = inner.board.pixel(lit[-1])
        move(app, (int(spot[0]), int(spot[1])))
    save(app, out, "12-tutorial")

    # the Hex Puzzles: the list with some progress, and a puzzle with its hint on the board
    puzzle_shots(app, out)

    # a battle choice: a medic question for a human seat, the battle held at it
    asked = question_game("medic")
    if asked is not None:
        game3, action = asked
        armies = game3.view()["armies"]
        scene3 = GameScene(app, game3, [SeatSetup(a, "human") for a in armies])
        app.stack.clear_to(scene3)
        if scene3.apply(action) and isinstance(app.stack.top, BattleScene):
            battle3 = app.stack.top
            for _ in range(400):
                if battle3.model.ready:
                    break
                app.step(0.1, draw=False)
            app.step(0.5)
            save(app, out, "11-battle-choice")
    more_shots(app, out, finished)
    if "--readme" in argv:
        readme_shots(out)
    pygame.quit()
    return 0


def game_shots(app: App, out: Path) -> None:
    """A game in the middle: a tile being placed and turned, a hover box, the danger view,
    the computer's move shown before it is made."""
    from nshex_pygame.client.scenes.game import GameScene

    game = mid_game(int(os.environ.get("NSHEX_SHOT_SEED", "4")), 30, ["borgo", "moloch"])
    scene = GameScene(app, game, [SeatSetup("borgo", "human"), SeatSetup("moloch", "easy")])
    app.stack.push(scene)
    app.step(0.1)
    hand = scene.hand(0)
    index = next((i for i, t in enumerate(hand) if not t.endswith((".battle", ".move"))), 0)
    (_rect, center) = scene.hand_rects(0)[index]
    click(app, (int(center[0]), int(center[1])))
    cands = scene.candidates()
    hexes = sorted(scene.slot_hexes(cands, "at")) if scene.next_slot(cands) == "at" else []
    if hexes:
        target = scene.board.pixel(hexes[len(hexes) // 2])
        move(app, (int(target[0]), int(target[1])))
    save(app, out, "03-game-placing")
    if hexes:
        click(app, (int(target[0]), int(target[1])))
        app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e")])
    save(app, out, "04-game-facing")
    # hover a unit on the board
    linked = {tuple(a["at"]) for a in game.position.analysis() if a["linked_from"]}
    units = [u for u in game.view()["units"] if not u["tile"].endswith(".hq")]
    unit = next((u for u in units if tuple(u["at"]) in linked), units[0])
    px = scene.board.pixel((unit["at"][0], unit["at"][1]))
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    move(app, (int(px[0]), int(px[1])))
    save(app, out, "05-hover")
    # the danger view: what a battle now would do, with the tile held over a hex
    click(app, (int(center[0]), int(center[1])))
    if hexes:
        move(app, (int(target[0]), int(target[1])))
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")])
    save(app, out, "05a-danger")
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")])
    # one Escape puts the tile back; a second, with nothing chosen, would open the Paused
    # menu (which then covered the computer's move in the old 05b shot)
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.stack.top is scene, "the game, not a menu, is on top for the computer's move"
    # the computer's move, shown before it is made
    move(app, (640, 790))
    scene.press("end")
    for _ in range(400):
        scene.wait_for_ai()
        app.step(0.05, draw=False)
        if scene.ai_show is not None and scene.ai_show[1].get("kind") == "place":
            break
    save(app, out, "05b-ai-move")


def settle(app: App, seconds: float) -> None:
    """Let ``seconds`` pass without input (a banner gone, a celebration played out)."""
    for _ in range(round(seconds / 0.05)):
        app.step(0.05, draw=False)


# A Doomsday Machine Tripler splitting a Delta Shooter's shot three ways (the redirected shot
# drawn as one path with its copies): (seat, tile, hex, facing) of each unit.
REDIRECT_UNITS = (
    (0, "doomsday.hq", (2, 0), 0),
    (1, "moloch.hq", (-2, 2), 0),
    (0, "doomsday.delta_shooter", (0, 2), 0),
    (0, "doomsday.tripler", (0, 0), 0),
    (1, "moloch.blocker", (-1, 0), 2),
    (1, "moloch.hybrid", (0, -1), 0),
    (1, "moloch.hunter_killer", (2, -2), 0),
)


def redirect_position() -> str:
    """The position of ``REDIRECT_UNITS`` as a scenario file's text."""
    units = "".join(
        f'[[unit]]\nseat = {seat}\ntile = "{tile}"\nat = [{at[0]}, {at[1]}]\nfacing = {facing}\n'
        for seat, tile, at, facing in REDIRECT_UNITS
    )
    return f'[game]\narmies = ["doomsday", "moloch"]\n{units}'


def more_shots(app: App, out: Path, finished) -> None:  # finished: the game over's GameScene
    """The settings, the achievements, a replay, a redirected shot, and a game in a small
    window (800x600: the layout adapted to it)."""
    from nshex_pygame.client.board import BoardView
    from nshex_pygame.core import Position

    app.settings.animation_speed = 1.0  # (the shots before played fast)
    app.stack.clear_to(app.make("settings"))
    save(app, out, "15-settings")
    app.stack.clear_to(app.make("achievements"))
    save(app, out, "16-achievements")
    if finished is not None:
        app.stack.clear_to(app.make("replay", finished.game, list(finished.seats), at="end"))
        settle(app, 0.5)
        save(app, out, "17-replay")
    position = Position.from_toml(redirect_position(), "tripler")
    result = position.resolve_battle()
    app.stack.clear_to(app.make("menu"))
    battle = app.open(
        "battle", BoardView(), position.armies, position.units, result.phases, position.hq_hp
    )
    model = battle.model
    while model.playback.current is not None and model.playback.current.kind != "redirected":
        battle.words.log_step(model.playback.advance())
    model.paused = True
    model.elapsed = model.duration(model.playback.current) * 0.8
    save(app, out, "18-redirect")
    # a game in a small window
    app.settings.window_size = [800, 600]
    app.apply_display_settings()
    game = mid_game(4, 30, ["borgo", "moloch"])
    scene = app.make("game", game, [SeatSetup("borgo", "human"), SeatSetup("moloch", "medium")])
    app.stack.clear_to(scene)
    settle(app, 2.5)
    linked = {tuple(a["at"]) for a in game.position.analysis() if a["linked_from"]}
    units = [u for u in game.view()["units"] if not u["tile"].endswith(".hq")]
    unit = next((u for u in units if tuple(u["at"]) in linked), units[0])
    px = scene.board.pixel((unit["at"][0], unit["at"][1]))
    move(app, (int(px[0]), int(px[1])))
    save(app, out, "19-small-window")


# The README's screenshots (docs/screenshots/NAME.png) and the shot each is
README_SHOTS = {
    "menu": "01-menu",
    "setup": "02-setup",
    "turn": "04-game-facing",
    "danger": "05a-danger",
    "battle": "06-battle",
    "redirect": "18-redirect",
    "battle-choice": "11-battle-choice",
    "gameover": "07-gameover",
    "replay": "17-replay",
    "tutorial": "12-tutorial",
    "puzzles": "13-puzzles",
    "puzzle": "14-puzzle",
    "gallery": "08-gallery",
    "legend": "10-legend",
    "achievements": "16-achievements",
    "settings": "15-settings",
    "small-window": "19-small-window",
}


def readme_shots(out: Path) -> None:
    """``--readme``: the shots the README shows copied to docs/screenshots under its names."""
    import shutil

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for name, shot in README_SHOTS.items():
        if (out / f"{shot}.png").exists():
            shutil.copyfile(out / f"{shot}.png", folder / f"{name}.png")


def puzzle_shots(app: App, out: Path) -> None:
    """The puzzle list (a few solved, a few tried) and a puzzle being played: one of its
    tiles placed, the hint for the first play asked after starting again."""
    from nshex_pygame.client import puzzles, storage

    entries = puzzles.shipped()
    for n, entry in enumerate(entries[:24]):
        for _ in range(1 + n % 3):
            storage.record_puzzle_attempt(entry.key, won=n % 4 != 3)
    listing = app.make("puzzles")
    app.stack.clear_to(listing)
    button = next(b for b, e in listing.rows if e.key == "medium-011")
    move(app, button.rect.center)
    save(app, out, "13-puzzles")
    app.open("puzzle", next(e for e in entries if e.key == "medium-011"))
    scene: Any = app.stack.top  # the puzzle scene just opened
    storage.record_puzzle_attempt("medium-011", won=False)
    scene.record = storage.PuzzleRecord(attempts=1)
    settle(app, 2.5)  # the turn's banner gone
    scene.show_hint()
    (_rect, center) = scene.inner.hand_rects(scene.seat)[1]
    move(app, (int(center[0]), int(center[1])))
    save(app, out, "14-puzzle")


def battle_in_progress(app: App):  # -> tuple[GameScene, BattleScene | None]
    """Greedy against greedy from a seeded mid-game until a battle starts: the game's scene
    and the battle's (None if no battle came)."""
    from nshex_pygame.client.scenes.battle import BattleScene
    from nshex_pygame.client.scenes.game import GameScene

    game = mid_game(7, 40, ["hegemony", "outpost"])
    scene = GameScene(app, game, [SeatSetup("hegemony", "greedy"), SeatSetup("outpost", "greedy")])
    app.stack.clear_to(scene)
    for _ in range(4000):
        scene.wait_for_ai()
        app.step(0.05, draw=False)
        if isinstance(app.stack.top, BattleScene):
            return scene, app.stack.top
    return scene, None


def scenario_battle(app: App, name: str):  # -> BattleScene
    """The battle of ``scenarios/<name>`` resolved by the engine and opened for playback."""
    from nshex_pygame.core import Position

    position = Position.from_file(Path(__file__).resolve().parent.parent / "scenarios" / name)
    return position_battle(app, position)[0]


def position_battle(app: App, position: Position) -> tuple[Any, BattleResult]:
    """The battle of ``position`` resolved by the engine and opened for playback: (the
    BattleScene, the engine's result)."""
    from nshex_pygame.client.board import BoardView

    result = position.resolve_battle()
    battle = app.open(
        "battle",
        BoardView(),
        position.armies,
        position.units,
        result.phases,
        position.hq_hp,
        result_units=result.units,
        result_hq=result.hq_hp,
    )
    return battle, result


def question_game(kind: str, manual: tuple[int, ...] = (0, 1)) -> tuple[Game, int] | None:
    """A seeded random game in which the seats in ``manual`` answer their battle choices,
    just before the action whose battle first asks one of them a question of ``kind``
    ("clown", "convert", "medic"): (the game, that action), or None if 400 games have none.
    """
    import random

    pairings = [["moloch", "outpost"], ["hegemony", "moloch"], ["outpost", "hegemony"]]
    pairings.append(["moloch", "borgo"])
    for seed in range(400):
        game = Game(pairings[seed % 4], seed=seed, manual_battle_choices=list(manual))
        rng = random.Random(seed)
        while not game.is_terminal():
            player = game.current_player()
            action = game.natural_draw() if player == CHANCE else rng.choice(game.legal_actions())
            before = game.clone()
            game.apply_action(action)  # type: ignore[arg-type]
            question = game.battle_question()
            if question is not None:
                if question["kind"] == kind:
                    return before, action  # type: ignore[return-value]
                break
    return None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
