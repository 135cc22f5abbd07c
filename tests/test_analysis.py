"""``Bot.analyze``: the move a bot chooses with what its search saw (the most visited moves,
their share and value, the principal line) and a reason in words: what the move does in its
army's terms, and what the evaluation looks at (the battle the board would fight now)."""

from __future__ import annotations

import re

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
    whether the move starts the battle or leaves it to come (a number the move changed is
    followed by what it would be without it: "your HQ loses 0 (2 without this move)")."""
    game = _at_discard()
    game.apply_action(game.string_to_action("discard scout"))
    analysis = Bot("greedy", 1).analyze(game)
    reason = analysis["reason"]
    if game.action_to_string(analysis["action"]) == "play battle":
        assert reason.startswith("starts the battle now: the enemy HQ loses 1"), reason
    else:
        assert "in a battle now the enemy HQ loses 1" in reason, reason
    assert not re.search(r"your HQ loses [1-9]", reason), reason
    assert analysis["line"][0] == game.action_to_string(analysis["action"])


# Smart to move with nothing in hand (its deck drawn out): a Bio-droid stands next to the Smart
# HQ and the Moloch HQ, neither of its guns on that HQ; the grant is all Smart can do.
SMART_GRANT = """
[game]
armies = ["smart", "moloch"]
to_move = 0
turn = 10

[[unit]]
seat = 0
tile = "smart.hq"
at = [0, 0]

[[unit]]
seat = 1
tile = "moloch.hq"
at = [1, -2]

[[unit]]
seat = 0
tile = "smart.bio_droid"
at = [0, -1]
facing = 3

[[deck]]
seat = 0
tiles = []

[[deck]]
seat = 1
tiles = ["moloch.battle", "moloch.hybrid", "moloch.scout"]
"""


def test_the_reason_names_the_armys_own_move_in_words() -> None:
    """The Hint's reason speaks in the army's terms (issue 43): the Smart HQ's grant moving
    or turning the Bio-droid so that it shoots the Moloch HQ, by name, with no coordinates or
    notation (a test per army: rust_core/nshex_tests/tests/explain.rs)."""
    game = Game.from_scenario(SMART_GRANT)
    analysis = Bot("greedy", 1).analyze(game)
    desc = game.describe_action(analysis["action"])
    reason = analysis["reason"]
    assert desc["kind"] == "grant", (desc, reason)
    assert reason.startswith("the grant lets the Bio-droid "), reason
    assert "the enemy HQ loses 1" in reason, reason
    assert not re.search(r"-?\d,-?\d|->|FAQ", reason), reason
