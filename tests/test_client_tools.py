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


def test_the_readme_shows_its_screenshots_small() -> None:
    """Every picture the README's screenshot table names is in docs/screenshots, a 1280x800
    PNG of the real window, under 500 KB; the danger view, the game over, a lesson and the
    puzzles too."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    named = re.findall(r"\]\((docs/screenshots/[^)]+\.png)\)", readme)
    assert {Path(n).stem for n in named} >= {
        "menu",
        "turn",
        "battle",
        "battle-choice",
        "danger",
        "gameover",
        "tutorial",
        "puzzles",
        "puzzle",
    }
    for name in named:
        data = (root / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", name
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        # the window's default size; the small-window shot shows the 800x600 layout
        expected = (800, 600) if name.endswith("small-window.png") else (1280, 800)
        assert (width, height) == expected, name
        assert len(data) < 500_000, f"{name} is {len(data)} bytes"
