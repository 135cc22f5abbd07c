"""Learn by playing: every lesson is a real game the engine plays, each step accepts only the
action it teaches, and the scene walks a learner through all of them from the main menu."""

from __future__ import annotations

from typing import Any

import pygame
from client_support import (
    after_a_play,
    key,
    open_from_menu,
    overflow_notes,
)

from nshex_pygame.client.lessons import LEARNER, LESSONS, Coach, expected, spelled_out
from nshex_pygame.core import CHANCE


def test_every_lesson_plays_through_in_the_engine() -> None:
    """Each step's action is legal where the lesson puts it; the battles do what they say."""
    outcomes = {}
    for index, lesson in enumerate(LESSONS):
        coach = Coach(index)
        game = coach.start()
        while not coach.done:
            step = coach.step
            assert step is not None
            wanted = expected(game, step)
            assert wanted, f"{lesson.title}: {step.line!r} is not legal there"
            assert game.current_player() == LEARNER
            game.apply_action(min(wanted))
            coach.played()
        outcomes[lesson.title] = game
    kinds = {
        title: {
            e["kind"] for p in (g.last_battle() or {"phases": []})["phases"] for e in p["events"]
        }
        for title, g in outcomes.items()
    }
    assert "removed" in kinds["Melee and initiative: a battle"]
    assert "removed" in kinds["Ranged attacks"]
    assert "armor" in kinds["Armor"] and "hit" not in kinds["Armor"]
    assert "netted" in kinds["Nets"] and "hit" not in kinds["Nets"]
    assert "removed" in kinds["Modules"]
    assert outcomes["The end of the game"].winner == LEARNER


def test_a_step_accepts_only_its_action() -> None:
    coach = Coach(4)  # armor: one facing only
    game = coach.start()
    step = coach.step
    assert step is not None and spelled_out(step.line) == [step.line]
    right = game.string_to_action(step.line)
    wrong = game.string_to_action(step.line[:-1] + "0")
    assert wrong in game.legal_actions(), "the engine allows it; the lesson does not"
    assert coach.check(game, right) is None
    assert coach.check(game, wrong) is not None
    offered = {a for a, _d in coach.allowed(game, [(a, {}) for a in game.legal_actions()])}
    assert right in offered and wrong in offered, "every facing is offered, to be chosen"
    assert all(game.action_to_string(a).startswith("place moloch.blocker 0,1") for a in offered)
    assert spelled_out("place x 0,1 1|2") == ["place x 0,1 1", "place x 0,1 2"]


def test_the_tutorial_is_played_from_the_main_menu(app: Any) -> None:
    scene = open_from_menu(app, "Learn by playing")
    menu = app.stack.scenes[0]
    assert scene.scene_name == "tutorial" and scene.modal == "intro"
    key(app, pygame.K_RETURN)
    assert scene.modal is None
    overflow: list[str] = []

    def fits(what: str) -> None:
        overflow.extend(f"{what}: {note}" for note in overflow_notes(app))

    for index in range(len(LESSONS)):
        assert scene.coach.lesson_index == index
        inner = scene.inner
        while not scene.coach.done:
            step = scene.coach.step
            game = inner.game
            wanted = expected(game, step)
            # a wrong action is refused by the lesson, whatever the engine would allow
            others = [a for a in game.legal_actions() if a not in wanted]
            if others:
                before = game.history()
                assert not inner.apply(others[0])
                assert game.history() == before and inner.message.startswith("Not quite")
            assert {a for a, _d in inner.legal} >= wanted
            fits(f"{scene.coach.lesson.title}, {step.line}")
            assert inner.apply(min(wanted))
            after_a_play(app, scene)
        for _ in range(20):
            if inner.game.current_player() != CHANCE:
                break
            app.step(0.3)
        app.step(0.0)
        assert scene.modal == "outro", scene.coach.lesson.title
        fits(f"{scene.coach.lesson.title}, done")
        key(app, pygame.K_RETURN)
        if index < len(LESSONS) - 1:
            assert scene.modal == "intro"
            fits(f"{scene.coach.lesson.title}, intro")
            key(app, pygame.K_RETURN)
    assert not overflow, "\n".join(overflow)
    assert app.stack.top is menu, "the last lesson's Finish goes back to the menu"


def test_a_lessons_tiles_have_hover_boxes(app: Any) -> None:
    """Learn by playing is for reading tiles: once the lesson's card is closed, a hand tile
    and a unit on the board have their hover boxes (not under the opening card)."""
    from client_support import hand_pos, hover_boxes

    from nshex_pygame.client.words import tile_name

    scene = open_from_menu(app, "Learn by playing")
    inner = scene.inner
    at, unit = next(iter(inner.units.items()))
    assert hover_boxes(app, inner.board.pixel(at)) == [], "the opening card covers the board"
    key(app, pygame.K_RETURN)
    assert scene.modal is None
    assert any(tile_name(unit["tile"]) in t for t in hover_boxes(app, inner.board.pixel(at)))
    hand = inner.hand(LEARNER)
    assert hand, "the lesson starts with tiles in hand"
    assert any(tile_name(hand[0]) in t for t in hover_boxes(app, hand_pos(inner, LEARNER, 0)))


def test_the_lessons_name_no_hex_by_its_coordinates() -> None:
    """Players read names and places ("the lit hex", "next to your HQ"), never coordinates:
    no lesson's words say "0,1" (its notation lines are the engine's, never shown)."""
    import re

    for lesson in LESSONS:
        words = [lesson.intro, lesson.outro or ""]
        words += [w for step in lesson.steps for w in (step.say, step.then or "")]
        for text in words:
            assert not re.search(r"-?\d,\s?-?\d", text), (lesson.title, text)
