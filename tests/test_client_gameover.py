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
