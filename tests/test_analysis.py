"""``Bot.analyze``: the move a bot chooses with what its search saw (the most visited moves,
their share and value, the principal line) and a reason in words from what the evaluation
looks at (the battle the board would fight now)."""

from __future__ import annotations

from conftest import FIXTURES

from nshex_pygame.core import Bot, Game

# Borgo to move with a Battle tile in hand; a Borgo mutant stands next to the Moloch HQ,
# which has 1 hit point left: the battle wins the game.
WINNING_BATTLE = (FIXTURES / "winning_battle.toml").read_text(encoding="utf-8")


def _at_discard() -> Game:
    game = Game.from_scenario(WINNING_BATTLE)
    while game.current_player() == -1:
        game.apply_action(game.natural_draw())
    return game


def test_a_search_reports_its_moves_line_and_reason() -> None:
    game = _at_discard()
    analysis = Bot("medium:iters=400", 5).analyze(game)
    moves = analysis["moves"]
    assert moves and analysis["iterations"] >= 400
    assert moves[0]["action"] == analysis["action"] or moves[0]["visits"] == moves[1]["visits"]
    visits = [m["visits"] for m in moves]
    assert visits == sorted(visits, reverse=True)
    assert 0.99 <= sum(m["share"] for m in moves) <= 1.0 + 1e-9 or len(moves) == 5
    assert all(0.0 <= m["value"] <= 1.0 for m in moves)
    assert analysis["line"][0] == game.action_to_string(analysis["action"])
    assert "battle" in analysis["reason"]


def test_the_reason_says_what_the_battle_does_to_each_side() -> None:
    """Every good move here wins the battle (the Moloch HQ has 1 hit point and a mutant
    next to it): the reason says the enemy HQ loses that point and Borgo's loses nothing,
    whether the move starts the battle or leaves it to come."""
    game = _at_discard()
    game.apply_action(game.string_to_action("discard scout"))
    analysis = Bot("greedy", 1).analyze(game)
    reason = analysis["reason"]
    if game.action_to_string(analysis["action"]) == "play battle":
        assert reason.startswith("starts the battle now: the enemy HQ loses 1"), reason
    else:
        assert "in a battle now the enemy HQ loses 1" in reason, reason
    assert "your HQ loses" not in reason.partition(" (without")[0], reason
    assert analysis["line"][0] == game.action_to_string(analysis["action"])
