"""Replays and the game-over numbers: the game rebuilt by the engine from the save's start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from client_support import (
    click,
    click_button,
    drawn_texts,
    key,
    watching_overflow,
)

from nshex_pygame.client import storage
from nshex_pygame.client.replay import replay, start_of
from nshex_pygame.client.shots import greedy_until
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game


def finished_game(seed: int = 3, armies=("borgo", "moloch")) -> Game:
    return greedy_until(list(armies), seed)


def seats(game: Game) -> list[SeatSetup]:
    return [SeatSetup(a, "human") for a in game.view()["armies"]]


def test_the_replay_rebuilds_every_position_from_the_start() -> None:
    game = finished_game()
    rep = replay(game)
    assert len(rep.frames) == len(game.history()) + 1
    assert rep.frames[0].game == start_of(game)
    assert rep.frames[-1].game == game, "the replay ends where the game ended"
    assert rep.frames[-1].view["hq_hp"] == game.view()["hq_hp"]
    assert sum(f.battles for f in rep.frames) == game.battles
    assert rep.turn_starts()[0] == 0 and len(rep.turn_starts()) >= game.view()["turn"]


def test_the_replay_goes_forwards_backwards_by_turn_and_plays_a_battle(app: Any) -> None:
    game = finished_game()
    under = app.make("menu")
    app.stack.clear_to(under)
    rep = app.open("replay", game, seats(game))
    assert rep.index == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert rep.index == 2
    key(app, pygame.K_LEFT)
    assert rep.index == 1
    key(app, pygame.K_DOWN)
    first_turn = rep.frame.turn
    assert rep.index in rep.turns and rep.index > 1
    key(app, pygame.K_DOWN)
    assert rep.frame.turn == first_turn + 1
    key(app, pygame.K_UP)
    assert rep.frame.turn == first_turn
    rep.jump_to_turn(10)
    assert rep.frame.turn == 10 and rep.index in rep.turns
    key(app, pygame.K_END)
    assert rep.frame.game == game
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)  # to the first battle
    assert rep.index == rep.battles[0] and rep.frame.battles
    app.step(0.0)
    click_button(app, rep, "Watch the battle")
    battle = app.stack.top
    assert battle.scene_name == "battle" and battle.behind.scene is rep
    battle.skip()  # the strict app fails if the playback ends off the engine's board
    assert app.stack.top is rep
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is under


def test_autoplay_walks_the_game_and_plays_its_battles(app: Any) -> None:
    game = finished_game()
    rep = app.make("replay", game, seats(game))
    app.stack.clear_to(rep)
    key(app, pygame.K_SPACE)
    seen_battle = False
    for _ in range(3000):
        app.step(0.2, draw=False)
        top = app.stack.top
        if top is not rep:
            seen_battle = True
            top.skip()
        if not rep.playing:
            break
    assert seen_battle and rep.index == len(rep.rep.frames) - 1


def test_a_saved_game_can_be_watched_from_the_load_screen(app: Any, data_dir: Path) -> None:
    game = finished_game(5, ("hegemony", "outpost"))
    storage.save_game(storage.saves_dir() / "done.json", seats(game), game.save())
    load = app.make("load")
    app.stack.clear_to(load)
    app.step(0.0)
    click(app, load.watch_buttons[0].rect.center)
    rep = app.stack.top
    assert rep.scene_name == "replay"
    assert rep.rep.frames[-1].game == game
    with watching_overflow() as notes:
        app.draw()
        rep.jump(len(rep.rep.frames) // 2)
        app.draw()
    assert not notes, notes
    click(app, (rep.buttons[-1].rect.center))
    assert app.stack.top is load


def test_the_last_battle_is_watched_again_from_the_game(app: Any) -> None:
    game = finished_game()
    game_scene = app.make("game", game, seats(game))
    app.stack.clear_to(game_scene)
    pause = app.open("pause", game_scene)
    app.step(0.0)
    click_button(app, pause, "Watch the last battle")
    battle = app.stack.top
    assert battle.scene_name == "battle", "the battle plays at once"
    rep = app.stack.scenes[-2]
    assert rep.scene_name == "replay" and rep.index == rep.battles[-1]
    assert battle.model.playback.before == game.last_battle()["before"]
    battle.skip()  # strict: it ends on the engine's board after that battle
    assert app.stack.top is rep
    rep.back()
    assert app.stack.top is game_scene


def _game_with_a_battle() -> Game:
    """A game that has fought a battle, seat 0 to play its main step."""
    return greedy_until(
        ["borgo", "moloch"],
        4,
        lambda game, _done: (
            game.battles >= 1
            and game.current_player() == 0
            and game.view()["stage"]["kind"] == "main"
        ),
    )


def test_the_game_screen_has_its_own_watch_the_last_battle_button(app: Any) -> None:
    """Not only in the pause menu: a button in the log's title row, once a battle was fought."""
    fresh = app.make("game", Game(["borgo", "moloch"], 4), seats(Game(["borgo", "moloch"], 4)))
    app.stack.clear_to(fresh)
    app.step(0.0)
    assert not fresh.can_watch_last_battle(), "no battle yet: no button"
    click(app, fresh.last_battle_button.rect.center)
    assert app.stack.top is fresh
    game = _game_with_a_battle()
    game_scene = app.make("game", game, seats(game))
    app.stack.clear_to(game_scene)
    app.step(0.0)
    drawn = drawn_texts(app)
    assert "Watch last battle" in drawn
    click(app, game_scene.last_battle_button.rect.center)
    battle = app.stack.top
    assert battle.scene_name == "battle", "the battle plays at once"
    rep = app.stack.scenes[-2]
    assert rep.scene_name == "replay" and rep.index == rep.battles[-1]
    assert battle.model.playback.before == game.last_battle()["before"]
    battle.skip()
    rep.back()
    assert app.stack.top is game_scene


def test_a_lesson_has_no_watch_button(app: Any) -> None:
    tutorial = app.open("tutorial", 2)
    assert tutorial.inner.replays is False
    assert not tutorial.inner.can_watch_last_battle()


def test_the_seat_panels_carry_the_armies_emblems(app: Any, monkeypatch) -> None:
    from nshex_pygame.client import armystyle
    from nshex_pygame.client.scenes.game.layout import LEFT, RIGHT

    game = Game(["hegemony", "outpost"], 2)
    game_scene = app.make("game", game, seats(game))
    app.stack.clear_to(game_scene)
    drawn: list[tuple[str, tuple[float, float]]] = []
    real = armystyle.draw_emblem

    def record(surface, army, center, radius):
        drawn.append((army, center))
        return real(surface, army, center, radius)

    monkeypatch.setattr(armystyle, "draw_emblem", record)
    app.draw()
    assert [army for army, _ in drawn] == ["hegemony", "outpost"]
    assert LEFT.collidepoint(drawn[0][1]) and RIGHT.collidepoint(drawn[1][1])


def test_the_move_list_names_units_as_the_game_log_did(app) -> None:
    """A move's words name the units as the board before it had them: "Push Back: Scout
    pushes the Outpost Commando", never "an empty hex pushes an empty hex" (the board after
    the push)."""
    for seed in range(1, 30):
        game = finished_game(seed, ("moloch", "outpost"))
        scene = app.open("replay", game, seats(game))
        pushes = [f for f in scene.rep.frames if f.desc.get("kind") == "push_back"]
        if pushes:
            break
        app.stack.pop(scene)
    else:
        raise AssertionError("no Push Back in the games tried")
    for frame in pushes:
        words = scene.move_words(frame)
        assert words.startswith("Push Back: ") and "empty hex" not in words, words
    texts = " ".join(drawn_texts(app))
    assert "an empty hex pushes" not in texts
