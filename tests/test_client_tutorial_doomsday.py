"""The Doomsday Machine's lessons: each is won only by doing what it teaches (the HQ's rotation
of a redirector so that the shot is sent into an enemy, a long link from two hexes away, a
Small Bomb that spares the own unit, the Trap turned so that the enemy's blow lands on its
marked edge), checked on the engine's view and its battles; a wrong play, legal as it may be,
is refused; and each is played by clicks on the real screen."""

from __future__ import annotations

from typing import Any

from client_support import Lessons, play_step, refused_by_clicks, refused_by_lesson

from nshex_pygame.client.lessons import LEARNER, LESSONS, Coach, unit_at
from nshex_pygame.core import Game

DOOMSDAY = Lessons("Doomsday")
REDIRECTORS = "Doomsday: redirectors"
BOMB_AND_TRAP = "Doomsday: Bomb and Trap"


def _events(game: Game, *lines: str) -> list[dict]:
    """The events of a battle the engine would fight after ``lines`` (on a copy)."""
    copy = game.clone()
    for line in lines:
        copy.apply_line(line)
    result = copy.position.resolve_battle()
    return [event for phase in result.phases for event in phase["events"]]


def _survivors(game: Game, *lines: str) -> set[tuple[int, int]]:
    """The hexes still holding a unit after a battle fought after ``lines`` (on a copy)."""
    copy = game.clone()
    for line in lines:
        copy.apply_line(line)
    return {tuple(u["at"]) for u in copy.position.resolve_battle(log=False).units}


def test_there_are_two_doomsday_lessons_at_the_end() -> None:
    assert list(DOOMSDAY) == [REDIRECTORS, BOMB_AND_TRAP]
    assert sorted(DOOMSDAY.values()) == [len(LESSONS) - 2, len(LESSONS) - 1]
    for index in DOOMSDAY.values():
        game = Coach(index).start()  # the engine accepts every position
        assert game.current_player() == LEARNER
        assert game.view()["stage"]["kind"] == "main"
        assert game.view()["armies"] == ["doomsday", "hegemony"]
        assert not game.view()["used_rotate"]


def test_the_redirector_lesson_is_won_by_the_hqs_rotation_a_long_link_and_a_battle() -> None:
    coach, game = DOOMSDAY.start(REDIRECTORS)
    guard = unit_at(game, (1, 0))
    assert guard is not None and guard["tile"] == "hegemony.guard"
    assert (1, 0) in _survivors(game), "as set up, the redirected shot misses the Guard"
    hand = list(game.view()["hands"][LEARNER])
    refused_by_lesson(coach, game, "rotate 0,0 1")  # the Fireblast, but its exit not at the Guard
    refused_by_lesson(coach, game, "rotate -1,1 2")  # the shooter, not the redirector
    refused_by_lesson(coach, game, "play battle")
    refused_by_lesson(coach, game, "place doomsday.officer -1,-1 3")  # before the rotation
    play_step(coach, game)
    view = game.view()
    assert game.history()[-1] == "rotate 0,0 2"
    assert view["used_rotate"] and view["hands"][LEARNER] == hand, "free, once a turn"
    assert not any(game.describe_action(a)["kind"] == "rotate" for a in game.legal_actions())
    redirected = [e for e in _events(game) if e["kind"] == "redirected"]
    assert [tuple(e["at"]) for e in redirected] == [(0, 0)]
    assert [tuple(h) for h in redirected[0]["path"]] == [(1, 0)], "out of the exit, at the Guard"
    assert (1, 0) in _survivors(game), "1 wound of 2: not yet"
    refused_by_lesson(
        coach, game, "place doomsday.officer -1,-1 0"
    )  # the long link not at the shooter
    refused_by_lesson(
        coach, game, "place doomsday.officer -1,0 3"
    )  # next to it: no long link taught
    assert (1, 0) not in _survivors(game, "place doomsday.officer -1,0 3")
    play_step(coach, game)
    assert game.history()[-1] == "place doomsday.officer -1,-1 3"
    assert unit_at(game, (-1, 0)) is None, "the hex between is empty"
    effects = {tuple(e["at"]): e for e in game.view()["board_effects"]}
    assert effects[(-1, 1)]["ranged_bonus"] == 1, "the long link reaches two hexes"
    refused_by_lesson(coach, game, "end")
    play_step(coach, game)
    view = game.view()
    assert coach.done and unit_at(game, (1, 0)) is None
    assert "hegemony.guard" in view["discards"][1]
    events = [e for p in game.last_battle()["phases"] for e in p["events"]]
    assert any(e["kind"] == "redirected" and tuple(e["at"]) == (0, 0) for e in events)
    hit = next(e for e in events if e["kind"] == "hit" and tuple(e["at"]) == (1, 0))
    assert tuple(hit["from"]) == (-1, 1) and hit["wounds"] == 2, "the Alpha's shot, +1"


def test_the_bomb_and_trap_lesson_is_won_by_a_bomb_a_rotation_and_an_explosion() -> None:
    coach, game = DOOMSDAY.start(BOMB_AND_TRAP)
    assert {(1, -1), (-1, 0)}.isdisjoint(_survivors(game)), "the Trap and the Scout are struck"
    refused_by_lesson(coach, game, "play small_bomb -1,0 -2,1 -1,1")  # also the own Scout
    refused_by_lesson(coach, game, "rotate 1,-1 1")  # before the bomb
    refused_by_lesson(coach, game, "play battle")
    play_step(coach, game)
    view = game.view()
    assert game.history()[-1].startswith("play small_bomb ")
    hexes = {tuple(map(int, h.split(","))) for h in game.history()[-1].split()[2:]}
    assert hexes == {(-2, 1), (-1, 1), (-2, 2)}
    assert unit_at(game, (-2, 1)) is None and unit_at(game, (-1, 1)) is None
    assert unit_at(game, (-1, 0)) is not None and view["hq_hp"] == [20, 20], "HQs take nothing"
    # the Trap struck on another edge just dies; on its marked edge it explodes
    assert not any(e["kind"] == "explode" for e in _events(game))
    assert (2, -2) in _survivors(game, "rotate 1,-1 0")
    refused_by_lesson(coach, game, "rotate 1,-1 0")
    refused_by_lesson(coach, game, "rotate -1,0 1")  # the Scout
    play_step(coach, game)
    assert game.history()[-1] == "rotate 1,-1 1"
    play_step(coach, game)
    view = game.view()
    assert coach.done
    assert unit_at(game, (2, -2)) is None and unit_at(game, (0, -1)) is None
    assert unit_at(game, (1, -1)) is None and "doomsday.trap" in view["discards"][0]
    assert view["hq_hp"] == [20, 19], "the shrapnel spares no HQ"
    events = [e for p in game.last_battle()["phases"] for e in p["events"]]
    explode = next(e for e in events if e["kind"] == "explode")
    assert tuple(explode["at"]) == (1, -1)
    assert {tuple(t) for t in explode["targets"]} == {(2, -2), (2, -1), (0, -1)}


def test_the_doomsday_lessons_are_played_by_clicks(app: Any) -> None:
    overflow = DOOMSDAY.by_clicks(app)
    assert not overflow, "\n".join(overflow)


def test_wrong_plays_by_clicks_are_refused_with_the_steps_words(app: Any) -> None:
    scene = DOOMSDAY.open(app, REDIRECTORS)
    inner = scene.inner
    game = inner.game
    assert scene.targets() == {(0, 0)}, "the Fireblast is lit"
    refused_by_clicks(app, inner, "rotate 0,0 3", "offered: the facing is the learner's to find")
    assert inner.message.startswith("Not quite. Your Alpha Shooter shoots north-east")
    assert not game.view()["used_rotate"]

    scene = DOOMSDAY.open(app, BOMB_AND_TRAP)
    inner = scene.inner
    game = inner.game
    assert scene.targets() == {(-2, 1), (-1, 1), (-2, 2)}, "the triangle to bomb is lit"
    refused_by_clicks(app, inner, "play small_bomb -1,0 -2,1 -1,1", "every triangle is offered")
    assert inner.message.startswith("Not quite. The Ganger and the Universal Soldier")
    assert unit_at(game, (-1, 0)) is not None
