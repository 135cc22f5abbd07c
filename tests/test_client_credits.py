"""Points a seat gives away in the client (the points game, FAQ-374, RULES-NOTES P-25): when a
seat's own unit wounds its own HQ (a Moloch Clown exploding next to it), the seat gives those
points to opponents of its choice right after the battle. A human seat is asked in a panel with
one row per opponent (a click or the row's number answers), a computer seat answers by itself,
the log tells who got the point, and a replay of the game steps over the points given. Which
answers are legal and what they do is the engine's."""

from __future__ import annotations

import pygame
from client_support import (
    click,
    click_button,
    drawn_texts,
    key,
    overflow_notes,
)
from conftest import FIXTURES

from nshex_pygame.client import storage
from nshex_pygame.client.replay import replay, summary
from nshex_pygame.client.scenes.battle import BattleScene
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.replay import ReplayScene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import action_words
from nshex_pygame.core import Game

# Moloch's Clown stands between three Borgo Mutants and its own HQ: a battle makes it explode,
# one wound on its own HQ, a point Moloch gives to Borgo or to the Outpost.
CLOWN_NEXT_TO_ITS_HQ = (
    (FIXTURES / "points_own_wound.toml")
    .read_text(encoding="utf-8")
    .replace("turn = 10\n", "turn = 10\n{points}\n", 1)
)
BORGO = "Player 2 (Borgo) +1"
OUTPOST = "Player 3 (Outpost) +1"


def _before_battle(points: str = "") -> Game:
    """Moloch to play its Battle tile (its third tile already discarded)."""
    game = Game.from_scenario(CLOWN_NEXT_TO_ITS_HQ.format(points=points))
    game.apply_line("discard blocker")
    return game


def _after_battle(points: str = "") -> Game:
    """The battle fought: the game waits for Moloch's point."""
    game = _before_battle(points)
    game.apply_line("play battle")
    return game


def _scene(app, game: Game, players: tuple[str, str, str] = ("human",) * 3) -> GameScene:
    seats = [SeatSetup(a, who) for a, who in zip(game.view()["armies"], players, strict=True)]
    scene = GameScene(app, game, seats, save_path=storage.autosave_path(), seed=1)
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    return scene


def _labels(scene: GameScene) -> list[str]:
    return [b.label for b in scene.buttons]


def test_the_engine_waits_for_moloch_to_give_its_point() -> None:
    game = _after_battle()
    assert game.current_player() == 0
    descs = [game.describe_action(a) for a in game.legal_actions()]
    assert {(d["kind"], d["to"], d["points"]) for d in descs} == {
        ("credit", 1, 1),
        ("credit", 2, 1),
    }
    assert game.view()["credits"]["left"] == [1, 0, 0]


def test_a_human_seat_is_asked_and_a_click_gives_the_point(app) -> None:
    scene = _scene(app, _after_battle())
    assert scene.model.actions_of("credit")
    assert "your Clown wounded your own HQ: give 1 point to opponents" in scene.prompt()
    assert _labels(scene) == [BORGO, OUTPOST]  # one row per opponent, nothing else
    texts = drawn_texts(app)
    assert "Player 1 (Moloch) decides" in texts
    assert BORGO in texts and OUTPOST in texts
    assert not overflow_notes(app)
    click(app, scene.hand_rects(0)[0][1] if scene.hand(0) else (640, 400))
    assert scene.game.view()["credits"] is not None  # a click elsewhere gives nothing
    assert "First give your points" in scene.message
    click_button(app, scene, OUTPOST)
    view = scene.game.view()
    assert view["credits"] is None
    assert list(view["hq_hp"]) == [0, 0, 1]  # the point is the Outpost's
    assert any("gives 1 point to Player 3 (Outpost)" in line for line, *_ in scene.log)
    assert not scene.model.actions_of("credit")
    assert BORGO not in _labels(scene)


def test_a_row_number_gives_the_point(app) -> None:
    scene = _scene(app, _after_battle())
    key(app, pygame.K_1)
    view = scene.game.view()
    assert view["credits"] is None
    assert list(view["hq_hp"]) == [0, 1, 0]
    assert scene.log[-1][0].endswith("Player 1 (Moloch) gives 1 point to Player 2 (Borgo)")


def test_the_battle_is_played_back_then_the_point_is_asked(app) -> None:
    """The human plays the Battle tile: the playback (strict: it must end on the engine's
    board and points) runs, then the panel asks for the point."""
    scene = _scene(app, _before_battle())
    scene.press("battle")
    battle = app.stack.top
    assert isinstance(battle, BattleScene)
    for _ in range(2000):
        if app.stack.top is scene:
            break
        app.step(0.1, draw=False)
        if battle.model.finished:
            battle.close()
    assert app.stack.top is scene
    assert _labels(scene) == [BORGO, OUTPOST]
    assert any(line.startswith("Battle 1") for line, *_ in scene.log)
    click_button(app, scene, BORGO)
    assert scene.game.view()["credits"] is None


def test_a_computer_seat_gives_its_point_by_itself(app) -> None:
    scene = _scene(app, _after_battle(), ("greedy", "human", "human"))
    assert "its Clown wounded its own HQ: it gives 1 point to opponents" in scene.prompt()
    assert not scene.buttons  # nothing for a human to answer
    for _ in range(200):
        if scene.game.view()["credits"] is None:
            break
        scene.wait_for_ai()
        app.step(0.2)  # drawn too: the computer's choice on show
    view = scene.game.view()
    assert view["credits"] is None
    assert sorted(view["hq_hp"]) == [0, 0, 1] and view["hq_hp"][0] == 0
    assert any("Player 1 (Moloch) gives 1 point to Player" in line for line, *_ in scene.log)


def test_a_point_given_can_end_the_game(app) -> None:
    scene = _scene(app, _after_battle("points = [0, 19, 0]"))
    click_button(app, scene, BORGO)
    assert scene.game.is_terminal()
    app.step(0.1, draw=False)  # the game-over screen opens
    assert app.stack.top is not scene


def test_replays_and_a_loaded_game_tell_the_point_given(app) -> None:
    game = _after_battle()
    game.apply_line("credit 2 1")
    assert "credit 2 1" in game.history()
    rep = replay(game)
    assert rep.frames[-1].desc["kind"] == "credit"
    summary(rep)  # the game-over numbers read over it
    # the log of a game loaded with a point given in its history
    scene = _scene(app, Game.load(game.save()))
    assert any("gives 1 point to Player 3 (Outpost)" in line for line, *_ in scene.log)
    # the replay: opened on the last battle, played, then stepped past the point given
    app.open("replay", scene.game, list(scene.seats), at="last_battle", play_battle=True)
    app.step(0.0)
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, ReplayScene):
            break
        app.step(0.1, draw=False)
        if isinstance(top, BattleScene) and top.model.finished:
            top.close()
    replay_scene = app.stack.top
    assert isinstance(replay_scene, ReplayScene)
    replay_scene.jump(len(replay_scene.rep.frames) - 1)
    texts = drawn_texts(app)
    assert any("gives 1 point to Player 3 (Outpost)" in t for t in texts)


def test_a_saved_game_waiting_for_the_point_asks_again(app) -> None:
    scene = _scene(app, _after_battle())
    scene.autosave()
    loaded, problem = load_game(storage.autosave_path())
    assert loaded is not None, problem
    again = _scene(app, loaded[0])
    assert _labels(again) == [BORGO, OUTPOST]


def test_the_words_of_a_point_given_and_of_points_lost() -> None:
    armies = ["moloch", "borgo", "outpost"]
    given = {"kind": "credit", "to": 2, "points": 1, "text": "credit 2 1"}
    assert action_words(given, None, 0, armies) == "gives 1 point to Player 3 (Outpost)"
    lost = {"kind": "credit", "to": 0, "points": 0, "text": "credit 0 0"}  # all at 20
    assert "the rest is lost" in action_words(lost, None, 0, armies)
