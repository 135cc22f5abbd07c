"""Every shipped Hex Puzzle has exactly one solution, counted without the solver.

A solution is a distinct board the player can leave before the battle (docs/RULES-NOTES.md
P-35): two lines of play that end on the same board are one solution, two that end on
different boards are two, even when they differ only in the facing of a tile whose every
facing fights alike. This test walks every line of play through the public API (every
placement in every facing, every instant with every target, in every order), lets the
battle decide, and counts the distinct winning boards; the solver's pruning (one facing per
layout, one order per pair of placements, its memo) plays no part. The solver's own count
must agree.
"""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from nshex_pygame.core import Game, Puzzle, shipped_puzzles

PLAYS = ("place ", "play ")


def board_key(game: Game) -> tuple[object, ...]:
    position = game.position
    units = sorted(
        (u["at"], u["tile"], u["seat"], u["facing"], u["wounds"]) for u in position.units
    )
    return (tuple(units), tuple(position.hq_hp))


def winning_boards(puzzle: Puzzle) -> set[tuple[object, ...]]:
    """The distinct boards, left by the player's plays, on which the battle reaches the goal."""
    wins: set[tuple[object, ...]] = set()
    visited: set[tuple[object, ...]] = set()

    def walk(game: Game) -> None:
        outcome = puzzle.outcome(game)
        if outcome["done"]:
            if outcome["won"]:
                wins.add(board_key(game))
            return
        if game.current_player() != puzzle.seat:
            # An opponent's choice (where a pushed unit goes): the line must win every way.
            raise AssertionError("no shipped puzzle offers a push; count it by hand")
        key = (board_key(game), tuple(sorted(game.view()["hands"][puzzle.seat])), outcome["plays"])
        if key in visited:
            return
        visited.add(key)
        for action in game.legal_actions():
            if game.action_to_string(action).startswith(PLAYS):
                after = game.clone()
                after.apply_action(action)
                walk(after)

    walk(puzzle.game())
    return wins


@pytest.mark.parametrize("path", shipped_puzzles(), ids=lambda p: p.stem)
def test_a_shipped_puzzle_has_one_winning_board(path) -> None:  # type: ignore[no-untyped-def]
    puzzle = Puzzle(path.read_text(encoding="utf-8"), str(path))
    boards = winning_boards(puzzle)
    assert len(boards) == 1, f"{path.name}: {len(boards)} different boards win"
    solved = puzzle.solve()
    assert solved["unique"] and len(solved["solutions"]) == len(boards)


def test_a_tile_that_fights_alike_in_every_facing_counts_once_per_facing() -> None:
    """The finding behind P-35: an Officer linked on all six sides wins in every facing, so a
    puzzle whose answer places it has six solutions (six boards), and the solver says so."""
    puzzle = Puzzle((FIXTURES / "puzzle_facings_alike.toml").read_text(encoding="utf-8"))
    assert len(winning_boards(puzzle)) == 6
    solved = puzzle.solve()
    assert not solved["unique"] and len(solved["solutions"]) == 6
    placed = {line[-1].rsplit(" ", 1)[0] for line in solved["solutions"]}
    assert placed == {"place outpost.officer 1,0"}
