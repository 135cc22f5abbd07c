"""The Duel's lessons: each is won only by doing what it teaches (a takeover, the Smart HQ's
grant, a push onto a Mine, an energy exchange and a Laser), checked on the engine's view; a
wrong play, legal as it may be, is refused; and each is played by clicks on the real screen."""

from __future__ import annotations

from typing import Any

from client_support import (
    Lessons,
    click,
    hand_pos,
    play_by_clicks,
    play_step,
    refused_by_clicks,
    refused_by_lesson,
)

from nshex_pygame.client.lessons import LEARNER, LESSONS, Coach, unit_at

DUEL = Lessons("Duel")


def test_there_are_four_duel_lessons_after_the_base_game() -> None:
    assert list(DUEL) == [
        "Duel: the takeover",
        "Duel: the Smart HQ",
        "Duel: the Mine",
        "Duel: Links and energy",
    ]
    expansions = ("Duel:", "Doomsday:")
    base_game = [i for i, lesson in enumerate(LESSONS) if not lesson.title.startswith(expansions)]
    assert min(DUEL.values()) > max(base_game)
    for index in DUEL.values():
        game = Coach(index).start()  # the engine accepts every position
        assert game.current_player() == LEARNER
        assert game.view()["stage"]["kind"] == "main"


def test_the_takeover_lesson_is_won_by_a_takeover_and_a_turn() -> None:
    coach, game = DUEL.start("Duel: the takeover")
    assert game.view()["armies"][LEARNER] == "vegas"
    cyborg = unit_at(game, (1, 0))
    assert cyborg is not None and cyborg["controller"] == 1
    # next to the Cyborg but the takeover edge facing away: legal, and refused
    refused_by_lesson(coach, game, "place vegas.agitator 1,1 3")
    refused_by_lesson(coach, game, "place vegas.agitator -1,0 0")  # far from it
    refused_by_lesson(coach, game, "play battle")
    play_step(coach, game)
    cyborg = unit_at(game, (1, 0))
    assert cyborg is not None and cyborg["controller"] == LEARNER and cyborg["seat"] == 1
    assert game.view()["rotations"] == [{"at": [1, 0], "seat": LEARNER}]
    refused_by_lesson(coach, game, "keep 1,0")
    refused_by_lesson(coach, game, "turn 1,0 2")
    play_step(coach, game)
    assert game.history()[-1] == "turn 1,0 0"
    play_step(coach, game)
    assert coach.done
    assert unit_at(game, (1, -2)) is None, "the Golem was shot by the taken Cyborg"
    assert "smart.golem_mk3" in game.view()["discards"][1]


def test_the_smart_hq_lesson_is_won_by_the_grant() -> None:
    coach, game = DUEL.start("Duel: the Smart HQ")
    assert game.view()["armies"][LEARNER] == "smart"
    hand = list(game.view()["hands"][LEARNER])
    refused_by_lesson(coach, game, "grant 0,0 -> 0,0 2")  # turned, but not at the Marksman
    refused_by_lesson(coach, game, "play battle")
    play_step(coach, game)
    view = game.view()
    assert game.history()[-1].startswith("grant 0,0 -> ")
    assert view["hands"][LEARNER] == hand, "the grant uses no tile"
    assert view["used_grant"], "spent for this turn"
    cyborg = next(u for u in view["units"] if u["tile"] == "smart.cyborg")
    again = [
        a
        for a in game.legal_actions()
        if game.action_to_string(a).startswith(f"grant {cyborg['at'][0]},{cyborg['at'][1]} ")
    ]
    assert not again, "once a turn"
    play_step(coach, game)
    assert coach.done and unit_at(game, (2, -2)) is None


def test_the_mine_lesson_is_won_by_pushing_the_enemy_onto_the_mine() -> None:
    coach, game = DUEL.start("Duel: the Mine")
    refused_by_lesson(coach, game, "place vegas.mine 0,0")
    refused_by_lesson(coach, game, "play push_back 1,0 -> 2,-1")  # before the Mine is laid
    play_step(coach, game)
    assert [f["at"] for f in game.view()["foundations"]] == [[2, -2]]
    refused_by_lesson(coach, game, "end")
    play_step(coach, game)
    view = game.view()
    assert coach.done
    assert view["foundations"] == [], "the Mine is gone with it"
    assert unit_at(game, (2, -1)) is None and unit_at(game, (2, -2)) is None
    assert "smart.gauss_cannon" in view["discards"][1]


def test_the_links_lesson_is_won_by_an_exchange_and_a_laser() -> None:
    coach, game = DUEL.start("Duel: Links and energy")
    view = game.view()
    assert view["board"] == "duel" and view["energy"] == [2, 0]
    assert {(1, -2), (1, 1)} <= {tuple(h) for h in view["links"]}
    refused_by_lesson(coach, game, "procedure rotation 1,1 3")  # energy spent on something else
    refused_by_lesson(coach, game, "end")
    play_step(coach, game)
    assert game.view()["energy"][LEARNER] == 3
    assert len(game.view()["hands"][LEARNER]) == 1
    refused_by_lesson(coach, game, "end")
    play_step(coach, game)
    view = game.view()
    assert coach.done and view["energy"][LEARNER] == 0
    assert unit_at(game, (1, 0)) is None, "the Vegas Guard between the Links is destroyed"


def _by_clicks(app: Any, inner: Any, action: int) -> None:
    """``action`` made by clicks, a frame drawn between them as on the screen (the Exchange
    button is enabled by the frame that shows a tile selected)."""
    desc = inner.game.describe_action(action)
    if desc["kind"] != "exchange":
        play_by_clicks(app, inner, action)
        return
    click(app, hand_pos(inner, LEARNER, inner.hand(LEARNER).index(desc["tile"])))
    app.draw()
    button = next(b for b in inner.buttons if b.label.startswith("Exchange"))
    click(app, button.rect.center)


def test_the_duel_lessons_are_played_by_clicks(app: Any) -> None:
    overflow = DUEL.by_clicks(app, _by_clicks)
    assert not overflow, "\n".join(overflow)


def test_a_wrong_facing_by_clicks_is_refused_with_the_steps_words(app: Any) -> None:
    scene = DUEL.open(app, "Duel: the takeover")
    inner = scene.inner
    game = inner.game
    refused_by_clicks(
        app, inner, "place vegas.agitator 1,1 3", "offered: the facing is the learner's to find"
    )
    assert inner.message.startswith("Not quite. Put the Agitator next to the Smart Cyborg")
    cyborg = unit_at(game, (1, 0))
    assert cyborg is not None and cyborg["controller"] == 1
