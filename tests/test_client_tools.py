"""The client's development tools (screenshots, frame times) still import and count right."""

from __future__ import annotations

from nshex_pygame.client import frametimes, shots


def test_the_99th_percentile_is_the_value_below_which_99_percent_lie() -> None:
    values = [float(v) for v in range(1, 101)]
    assert frametimes.percentile(values, 50) in (50.0, 51.0)
    assert frametimes.percentile(values, 99) == 99.0
    assert frametimes.percentile([7.0], 99) == 7.0


def test_the_battle_choice_screenshot_finds_its_question() -> None:
    found = shots.question_game("clown")
    assert found is not None
    game, action = found
    game.apply_action(action)
    question = game.battle_question()
    assert question is not None and question["kind"] == "clown"
