"""Battle choices in the client: with automatic battle choices off, a new game lets its human
seats answer (never the computer's); a battle that asks a human holds at the question with the
battle so far on screen, takes the answer from a click or a number key, and then plays the
rest of the battle; clicks elsewhere change nothing (RULES-NOTES P-16)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    key,
    move,
)

from nshex_pygame.client import storage
from nshex_pygame.client.scenes.battle import BattleScene
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.gameover import GameOverScene
from nshex_pygame.client.scenes.menu import MenuScene, load_game
from nshex_pygame.client.scenes.pause import PauseScene
from nshex_pygame.client.scenes.setup import SetupScene
from nshex_pygame.client.shots import question_game
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import army_name
from nshex_pygame.core import CHANCE, Game

PAIRINGS = [
    ["moloch", "outpost"],
    ["hegemony", "moloch"],
    ["outpost", "hegemony"],
    ["moloch", "borgo"],
]


def _before_question(kind: str, manual: list[int]) -> tuple[Game, int]:
    """A random game just before the action that starts a battle asking ``kind`` of a seat
    in ``manual``: (the game, that action)."""
    found = question_game(kind, tuple(manual))
    assert found is not None, f"no {kind} question in 400 random games"
    return found


def _asked(app, kind: str, players: tuple[str, str] = ("human", "human")) -> GameScene:
    """A game scene whose next action starts a battle that asks ``kind`` of a human; the
    action is played and the battle shown up to the question."""
    manual = [seat for seat, who in enumerate(players) if who == "human"]
    game, action = _before_question(kind, manual)
    armies = game.view()["armies"]
    seats = [SeatSetup(a, who) for a, who in zip(armies, players, strict=True)]
    scene = GameScene(app, game, seats, save_path=storage.autosave_path(), seed=1)
    app.stack.push(scene)
    assert scene.apply(action)
    battle = app.stack.top
    assert isinstance(battle, BattleScene) and battle.question is not None
    _until_asked(app, battle)
    return scene


def _until_asked(app, battle: BattleScene) -> None:
    for _ in range(400):
        if battle.model.ready:
            return
        app.step(0.1, draw=False)
    raise AssertionError("the battle never reached its question")


def _finish_battle(app, scene: GameScene, battle: BattleScene) -> None:
    """Step time until the battle scene has played everything and closed."""
    for _ in range(2000):
        if app.stack.top is not battle:
            break
        assert not battle.model.asking, "a question is open"
        app.step(0.1, draw=False)
    assert app.stack.top is scene
    assert battle.model.finished and battle.model.playback.done


def _board(units: list[dict[str, Any]]) -> list[tuple]:
    return sorted((tuple(u["at"]), u["tile"], u["seat"], u["facing"], u["wounds"]) for u in units)


def test_the_setting_off_makes_the_human_seats_answer_in_new_games(app, data_dir: Path) -> None:
    app.settings.auto_battle_choices = False
    setup = SetupScene(app, rng=random.Random(2))
    app.stack.push(setup)
    setup.players = ["human", "greedy"]
    click_button(app, setup, "Start the game")
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.manual_battle_choices == [0], "the human answers, the computer does not"
    loaded, problem = load_game(storage.autosave_path())
    assert problem is None and loaded[0].manual_battle_choices == [0]

    # a rematch is a new game too: it follows the setting as it is now
    app.settings.auto_battle_choices = True
    over = GameOverScene(app, scene)
    app.stack.push(over)
    click_button(app, over, "Rematch")
    assert app.stack.top.game.manual_battle_choices == []
    app.settings.auto_battle_choices = False
    over = GameOverScene(app, app.stack.top)
    app.stack.push(over)
    click_button(app, over, "Rematch")
    rematch = app.stack.top
    assert [s.player for s in rematch.seats] == ["human", "greedy"]
    assert rematch.game.manual_battle_choices == [0]


def test_a_clown_question_is_answered_by_a_click_and_the_battle_goes_on(app) -> None:
    scene = _asked(app, "clown")
    game = scene.game
    battle = app.stack.top
    question = game.battle_question()
    assert question is not None
    assert game.current_player() == question["seat"]
    # the screen shows the battle so far and the question, in the army's colours
    app.step(0.0)
    canvas = app.canvas
    panel = battle.model.question_rect
    colours = {
        canvas.get_at((x, y))[:3]
        for x in range(panel.left, panel.right, 5)
        for y in range(panel.top, panel.bottom, 5)
    }
    assert len(colours) > 10, "the question panel is drawn"
    board = {canvas.get_at((x, y))[:3] for x in range(340, 940, 9) for y in range(90, 740, 9)}
    assert len(board) > 10, "the board is drawn"
    assert battle.model.playback.index == len(battle.model.playback.steps) - 1, (
        "the battle so far was shown"
    )
    who = army_name(scene.armies[question["seat"]])
    assert f"{who} decides" in battle.words.caption(), "whose choice it is"
    labels = [o.label for o in battle.model.options]
    assert sorted(labels) == ["Attack", "Explode"]
    assert sum(o.suggested for o in battle.model.options) == 1
    assert next(o for o in battle.model.options if o.suggested).action == question["automatic"]
    shown = battle.model.playback.index

    # hovering lights the row; a click answers with the other answer than the suggested one
    option = next(o for o in battle.model.options if not o.suggested)
    move(app, option.rect.center)
    assert option.hover
    app.step(0.0)  # drawn with the explosion's neighbours lit, when it is Explode
    battles = game.battles
    click(app, option.rect.center)
    assert game.history()[-1] == game.describe_action(option.action)["text"]
    if game.battle_question() is not None:  # another question of the same battle
        _until_asked(app, battle)
        key(app, pygame.K_1)
    assert game.battles == battles + 1
    assert battle.model.playback.index >= shown, "the playback goes on from where it stopped"
    assert not any("from its start" in line for line, _ in battle.model.log)
    _finish_battle(app, scene, battle)
    result = game.last_battle()
    assert result is not None and battle.model.playback.phases == result["phases"]
    assert _board(battle.model.playback.unit_list()) == _board(game.view()["units"])
    assert not any("differed" in line for line, _ in battle.model.log), battle.model.log
    assert game.battle_question() is None


def test_a_number_key_answers_a_quartermaster_question(app) -> None:
    scene = _asked(app, "convert")
    game = scene.game
    battle = app.stack.top
    question = game.battle_question()
    labels = [o.label for o in battle.model.options]
    assert "Attack as printed" in labels
    converts = [o for o in battle.model.options if o.label.startswith("Convert edge")]
    assert len(converts) == len(question["edges"])
    for option in converts:
        assert option.label.endswith(("melee→ranged", "ranged→melee"))
    app.step(0.0)  # the edges drawn on the unit
    chosen = converts[-1]
    key(app, pygame.K_1 + chosen.number - 1)
    assert game.history()[-1] == game.describe_action(chosen.action)["text"]
    while game.battle_question() is not None:  # later questions of the same battle
        _until_asked(app, battle)
        key(app, pygame.K_KP1)
    _finish_battle(app, scene, battle)


def test_clicks_elsewhere_while_asked_change_nothing(app, data_dir: Path) -> None:
    # the question is open in the saved game: Continue shows it again
    game, action = _before_question("medic", [0, 1])
    game.apply_action(action)
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    storage.save_game(storage.autosave_path(), seats, game.save())
    menu = MenuScene(app)
    app.stack.push(menu)
    click(app, menu.continue_button.rect.center)  # (the game scene sees the question and asks)
    scene = app.stack.find(GameScene)
    battle = app.stack.top
    assert isinstance(battle, BattleScene) and battle.question is not None
    game = scene.game
    before = game.clone()
    key(app, pygame.K_s)  # to the question at once
    assert battle.model.asking and not battle.model.ready
    key(app, pygame.K_1)  # too soon after the question came up: no double click answers
    assert game == before
    _until_asked(app, battle)
    rows = battle.model.options
    assert all(o.label.startswith("Medic on ") for o in rows)
    assert all(
        " takes the attack of " in o.label or " saves the dying medic" in o.label for o in rows
    )
    move(app, rows[0].rect.center)
    app.step(0.0)  # the three hexes of the hovered row are lit

    for at in scene.board.hexes:  # every hex of the board
        click(app, scene.board.pixel(at))
    click(app, (100, 600))  # the battle log
    click(app, (640, 20))  # the caption
    click(app, rows[0].rect.center, button=3)  # a right click on a row is no answer
    key(app, pygame.K_SPACE)
    key(app, pygame.K_s)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_9)  # no ninth answer
    app.step(0.5)
    assert game == before and game.history() == before.history()
    assert battle.model.asking and app.stack.top is battle
    assert battle.model.problem, "the panel says what it waits for"

    key(app, pygame.K_ESCAPE)  # the pause menu, and back
    assert isinstance(app.stack.top, PauseScene)
    app.step(0.0)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is battle and battle.model.asking and game == before

    key(app, pygame.K_2)
    assert game.history()[-1] == before.describe_action(rows[1].action)["text"]
    while game.battle_question() is not None:
        _until_asked(app, battle)
        key(app, pygame.K_1)
    _finish_battle(app, scene, battle)


def test_a_human_against_the_computer_answers_its_own_questions(app, data_dir: Path) -> None:
    """Whole games, the human's moves random, through the scene: the computer never gets a
    question, a battle the computer starts may ask the human, every battle is played back, the
    game saves itself and reaches game over."""
    for seed in (3, 5, 7, 11):
        armies = ["moloch", "borgo"]
        seats = [SeatSetup(armies[0], "human"), SeatSetup(armies[1], "greedy")]
        game = Game(armies, seed, manual_battle_choices=[0])
        scene = GameScene(app, game, seats, save_path=storage.autosave_path(), seed=seed)
        app.stack.push(scene)
        rng = random.Random(seed)
        asked = in_computer_turn = 0
        for _ in range(5000):
            top = app.stack.top
            if isinstance(top, GameOverScene):
                break
            if isinstance(top, BattleScene):
                if top.model.ready:
                    assert game.battle_question()["seat"] == 0  # type: ignore[index]
                    asked += 1
                    in_computer_turn += game.view()["to_move"] == 1
                    key(app, pygame.K_1 + rng.randrange(len(top.model.options)))
                else:
                    app.step(0.5, draw=False)
                continue
            assert top is scene
            if scene.human_to_move():
                scene.apply(rng.choice(game.legal_actions()))
            else:
                scene.wait_for_ai()
                app.step(0.5, draw=False)
        assert game.is_terminal()
        loaded, problem = load_game(storage.autosave_path())
        assert problem is None and loaded[0] == game
        app.stack.clear_to(MenuScene(app))
        print(f"seed {seed}: {asked} questions ({in_computer_turn} in the computer's turn)")
        if in_computer_turn:
            return
    raise AssertionError("no battle of the computer asked the human a question")


def test_an_answer_that_ends_one_battle_and_starts_another_that_asks(app) -> None:
    """The end of the game: the answer finishes a battle and the final battle asks again. The
    first battle is played to its end, then the second one up to its question."""
    for seed in range(400):
        game = Game(PAIRINGS[seed % len(PAIRINGS)], seed=seed, manual_battle_choices=[0, 1])
        rng = random.Random(seed)
        while not game.is_terminal():
            player = game.current_player()
            action = game.natural_draw() if player == CHANCE else rng.choice(game.legal_actions())
            if game.battle_question() is not None:
                after = game.clone()
                after.apply_action(action)  # type: ignore[arg-type]
                if after.battles > game.battles and after.battle_question() is not None:
                    break
            game.apply_action(action)  # type: ignore[arg-type]
        else:
            continue
        break
    else:
        raise AssertionError("no answer in 400 random games led from one question to another")
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.push(scene)
    app.step(0.0, draw=False)
    first = app.stack.top
    assert isinstance(first, BattleScene)
    _until_asked(app, first)
    number = next(o.number for o in first.model.options if o.action == action)
    battles = game.battles
    key(app, pygame.K_1 + number - 1)
    assert game.battles == battles + 1 and game.battle_question() is not None
    assert app.stack.top is first and first.question is None, "the first battle plays on"
    assert not any("from its start" in line for line, _ in first.model.log)
    second = app.stack.scenes[-2]
    assert isinstance(second, BattleScene) and second.question is not None
    _finish_battle_over(app, first)
    assert app.stack.top is second
    while game.battle_question() is not None:
        _until_asked(app, second)
        key(app, pygame.K_1)
    _finish_battle_over(app, second)
    assert game.is_terminal() or app.stack.top is scene


def _finish_battle_over(app, battle: BattleScene) -> None:
    for _ in range(2000):
        if battle not in app.stack.scenes:
            return
        app.step(0.1, draw=False)
    raise AssertionError("the battle did not end")
