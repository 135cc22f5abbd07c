"""The game-over screen: each seat's numbers and the HQ chart, read off the engine's replay."""

from __future__ import annotations

from typing import Any

from client_support import (  # noqa: F401
    app_fixture,
    click_button,
    data_dir_fixture,
    drawn_texts,
    overflow_notes,
)
from test_client_replay import finished_game, seats

from nshex_pygame.client.replay import PLAYED_KINDS, replay, summary
from nshex_pygame.core import Game


def test_the_summary_reads_the_numbers_off_the_replay() -> None:
    game = finished_game()
    rep = replay(game)
    s = summary(rep)
    hp = game.view()["hq_hp"]
    # damage dealt to the enemy HQ is what that HQ lost
    assert s.seats[0].hq_damage_dealt == 20 - hp[1]
    assert s.seats[1].hq_damage_dealt == 20 - hp[0]
    # one side's kills are the other's losses (two seats)
    assert s.seats[0].units_destroyed == s.seats[1].units_lost > 0
    assert s.seats[1].units_destroyed == s.seats[0].units_lost > 0
    played = [0, 0]
    for frame in rep.frames[1:]:
        if frame.desc.get("kind") in PLAYED_KINDS:
            played[frame.seat] += 1
    assert [st.tiles_played for st in s.seats] == played and min(played) > 5
    assert s.hq_by_turn[0][1] == [20, 20] and s.hq_by_turn[-1][1] == hp
    turns = [t for t, _ in s.hq_by_turn]
    assert turns == sorted(set(turns)) and turns[-1] == game.view()["turn"]
    assert s.battles == game.battles


def _to_gameover(app: Any, game: Game) -> Any:
    scene = app.make("game", game, seats(game))
    app.stack.clear_to(scene)
    app.step(0.1)
    top = app.stack.top
    assert top.scene_name == "gameover", top.scene_name
    return top


def test_game_over_shows_each_seats_numbers_and_the_chart(app: Any) -> None:
    game = finished_game()
    over = _to_gameover(app, game)
    assert over.summary is not None
    words = drawn_texts(app)
    for label in ("Damage to the enemy HQ", "Enemy units destroyed", "Own units lost"):
        assert label in words
    assert "Tiles played" in words and "HQ hit points, turn by turn" in words
    assert str(over.summary.seats[0].tiles_played) in words
    labels = [b.label for b in over.buttons]
    assert labels[:3] == ["Rematch", "Watch the replay", "Main menu"]
    notes = overflow_notes(app)
    assert not notes, notes


def test_watch_the_replay_opens_the_game_from_its_start(app: Any) -> None:
    game = finished_game()
    over = _to_gameover(app, game)
    click_button(app, over, "Watch the replay")
    rep = app.stack.top
    assert rep.scene_name == "replay" and rep.index == 0
    assert rep.rep.frames[-1].game == game
    rep.back()
    assert app.stack.top is over


def _against_the_computer(app: Any, game: Game, human: int) -> Any:
    from nshex_pygame.client.storage import SeatSetup

    armies = game.view()["armies"]
    people = [SeatSetup(a, "human" if i == human else "medium") for i, a in enumerate(armies)]
    scene = app.make("game", game, people)
    app.stack.clear_to(scene)
    app.step(0.1)
    assert app.stack.top.scene_name == "gameover"
    return app.stack.top


def test_game_over_speaks_to_the_player(app: Any) -> None:
    """Against the computer the headline is "You won" or "You lost", the winner named under
    it, never "Moloch wins (computer)"."""
    game = finished_game()
    winner = game.winner
    assert isinstance(winner, int)
    for human in (0, 1):
        over = _against_the_computer(app, game, human)
        words = drawn_texts(app)
        assert over.headline() == ("You won" if human == winner else "You lost")
        army = ("Borgo", "Moloch")[winner]
        assert any(w.startswith(f"{army} wins. ") for w in words), words
        assert not any("computer" in w for w in words), words
        assert not overflow_notes(app)


def test_a_game_against_the_computer_can_be_resigned(app: Any, data_dir) -> None:
    """The pause menu's Resign (clicked twice) gives the game up: the game-over screen says
    "You resigned", and the last game is no longer offered to continue."""
    import pygame
    from client_support import key

    from nshex_pygame.client import storage
    from nshex_pygame.client.storage import SeatSetup
    from nshex_pygame.core import CHANCE, Bot

    game, bot = Game(["borgo", "moloch"], 5), Bot("greedy", 5)
    while game.current_player() != 0 or game.view()["turn"] < 4:
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    people = [SeatSetup("borgo", "human"), SeatSetup("moloch", "medium")]
    scene = app.make("game", game, people, save_path=storage.autosave_path())
    app.stack.clear_to(app.make("menu"))
    app.stack.push(scene)
    scene.autosave()
    assert storage.autosave_path().exists()
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.scene_name == "pause" and pause.resign_button.enabled
    click_button(app, pause, "Resign")
    assert app.stack.top is pause, "a first click only asks"
    click_button(app, pause, "Really resign?")
    over = app.stack.top
    assert over.scene_name == "gameover" and over.headline() == "You resigned"
    assert not game.is_terminal(), "the rules did not end the game: the player did"
    assert not storage.autosave_path().exists()
    click_button(app, over, "Main menu")
    assert not app.stack.top.continue_button.enabled
    assert not storage.autosave_path().exists(), "leaving the game saves it no more"


def test_hot_seat_games_cannot_be_resigned(app: Any) -> None:
    game = finished_game()
    scene = app.make("game", game, seats(game))
    assert not scene.can_resign()


def test_the_chart_follows_the_ranking_without_a_gap(app: Any) -> None:
    """Four seats: the chart's title comes right after the ranking's last row."""
    from nshex_pygame.client.scenes.gameover import BOX

    game = finished_game(armies=("borgo", "moloch", "outpost", "hegemony"))
    over = _to_gameover(app, game)
    bottom = over.draw_table(app.canvas, BOX.top + 120)
    chart = over.chart_rect(bottom)
    assert 30 <= chart.top - bottom <= 60, (bottom, chart)
    assert chart.bottom <= BOX.bottom - 66 - 30, "the turn labels clear the buttons"
