"""Hex Puzzles from Python and the command line: load, play, judge, solve, generate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES

from nshex_pygame import cli
from nshex_pygame.core import Puzzle, ScenarioError, puzzle_generate, shipped_puzzles


def test_at_least_sixty_puzzles_ship_across_the_grades_and_armies() -> None:
    files = shipped_puzzles()
    assert len(files) >= 60
    puzzles = [Puzzle(p.read_text(encoding="utf-8"), str(p)) for p in files]
    grades = [p.difficulty for p in puzzles]
    assert grades == sorted(grades, key=["easy", "medium", "hard", "very_hard"].index)
    assert all(grades.count(g) >= 10 for g in ("easy", "medium", "hard", "very_hard"))
    armies = {tile.split(".")[0] for p in puzzles for tile in p.offer}
    assert armies == {"borgo", "moloch", "hegemony", "outpost"}
    assert all(p.title for p in puzzles)


def test_playing_the_solution_wins_and_a_wrong_play_does_not() -> None:
    path = shipped_puzzles()[0]
    puzzle = Puzzle(path.read_text(encoding="utf-8"), str(path))
    result = puzzle.solve()
    assert result["unique"] and len(result["solutions"]) == 1
    game = puzzle.game()
    assert game.current_player() == puzzle.seat
    assert not puzzle.outcome(game)["done"]
    for line in result["solutions"][0]:
        game.apply_line(line)
    outcome = puzzle.outcome(game)
    assert outcome["done"] and outcome["won"] and outcome["shortfall"] == 0
    # Any other first play loses (the solution is unique).
    wrong = puzzle.game()
    for action in wrong.legal_actions():
        text = wrong.action_to_string(action)
        if text.startswith(("place", "play")) and [text] != result["solutions"][0][:1]:
            wrong.apply_action(action)
            break
    while not puzzle.outcome(wrong)["done"]:
        playable = [
            a
            for a in wrong.legal_actions()
            if wrong.action_to_string(a).startswith(("place", "play"))
        ]
        wrong.apply_action(playable[0])
    assert puzzle.outcome(wrong)["won"] is False


def test_a_puzzle_with_several_solutions_says_so() -> None:
    puzzle = Puzzle((FIXTURES / "puzzle_two_ways.toml").read_text(encoding="utf-8"))
    result = puzzle.solve()
    assert not result["unique"] and len(result["solutions"]) == 9


def test_a_bad_puzzle_file_names_the_line() -> None:
    text = (
        (FIXTURES / "puzzle_two_ways.toml")
        .read_text(encoding="utf-8")
        .replace("play = 1", "play = 4")
    )
    with pytest.raises(ScenarioError, match=r"bad.toml:\d+: \[puzzle\] play"):
        Puzzle(text, "bad.toml")


def test_generate_is_deterministic_and_makes_a_unique_puzzle() -> None:
    a = puzzle_generate("easy", 11)
    b = puzzle_generate("easy", 11)
    assert a.to_toml() == b.to_toml()
    assert Puzzle(a.to_toml()).solve()["unique"]
    assert a.difficulty == "easy"


def test_the_puzzle_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = shipped_puzzles()[-1]
    assert cli.main(["puzzle", "solve", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["unique"] and result["examined"] > 0 and result["seconds"] >= 0
    assert cli.main(["puzzle", "solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 solution (unique)" in out and "battle:" in out
    assert cli.main(["puzzle", "generate", "--difficulty", "medium", "--seed", "2"]) == 0
    made = capsys.readouterr().out
    assert Puzzle(made).difficulty == "medium"
    bad = tmp_path / "bad.toml"
    bad.write_text(made.replace("play = 2", "play = 9"), encoding="utf-8")
    assert cli.main(["puzzle", "solve", str(bad)]) == 2
    assert "[puzzle] play" in capsys.readouterr().err
