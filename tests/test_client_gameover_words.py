"""The game's end speaks to the player plainly, its headline and the line under it agreeing
(issue 40, the last review: "Player 3 (Outpost) wins" had stood under a big "You won" when
the human was Player 3). Who won is the engine's winner and sides, never a rule of ours."""

from __future__ import annotations

from types import SimpleNamespace

from client_support import app_fixture, data_dir_fixture, drawn_texts  # noqa: F401

from nshex_pygame.client.scenes.gameover import GameOverScene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import CHANCE, Bot, Game

FOUR = ["borgo", "moloch", "outpost", "hegemony"]
TEAMS = [[0, 2], [1, 3], [0, 2], [1, 3]]
ALONE = [[0], [1], [2], [3]]


def _over(winner, sides, human: int) -> GameOverScene:
    fake = SimpleNamespace(
        game=SimpleNamespace(winner=winner),
        armies=FOUR[: len(sides)],
        seats=[
            SeatSetup(a, "human" if i == human else "medium")
            for i, a in enumerate(FOUR[: len(sides)])
        ],
        view={"sides": sides, "turn": 30, "battles": 6},
        resigned=False,
    )
    scene = GameOverScene.__new__(GameOverScene)
    scene.game_scene = fake
    return scene


def test_a_win_of_your_own_seat_is_said_to_you_in_both_lines() -> None:
    over = _over(2, ALONE, human=2)
    assert over.headline() == "You won"
    assert over.subline() == "Your Outpost (Player 3) wins. 30 turns, 6 battles"


def test_a_team_win_names_you_and_your_ally() -> None:
    over = _over([1, 3], TEAMS, human=3)
    assert over.headline() == "Your team won"
    assert over.subline() == (
        "Your Hegemony (Player 4) and your ally Moloch (Player 2) win as Team B."
        " 30 turns, 6 battles"
    )
    assert over.mood() == "win"
    ally = _over(1, TEAMS, human=3)  # the engine names only the ally as the winner
    assert ally.headline() == "Your team won"
    assert ally.subline().startswith("Your ally Moloch (Player 2) wins for your team.")


def test_a_shared_win_and_a_loss_in_plain_words() -> None:
    shared = _over([0, 2], ALONE, human=0)
    assert shared.headline() == "You share the win"
    assert shared.subline().startswith(
        "Your Borgo (Player 1) shares the win with Outpost (Player 3)."
    )
    lost = _over(2, ALONE, human=0)
    assert lost.headline() == "You lost"
    assert lost.subline().startswith("Player 3 (Outpost) wins."), "the winner, not you"
    team_lost = _over([1, 3], TEAMS, human=0)
    assert team_lost.headline() == "You lost"
    assert team_lost.subline().startswith("Team B wins (Players 2 and 4).")


def test_a_played_four_seat_team_game_agrees_with_its_winner(app) -> None:
    game, bot = Game(FOUR, 2, mode="team"), Bot("greedy", 2)
    while not game.is_terminal():
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    won = sorted(int(s) for s in game.winner)
    human = won[-1]
    seats = [SeatSetup(a, "human" if i == human else "medium") for i, a in enumerate(FOUR)]
    scene = app.make("game", game, seats)
    app.stack.clear_to(scene)
    over = app.open("gameover", scene)
    assert over.headline() == "Your team won"
    texts = drawn_texts(app)
    army = {"borgo": "Borgo", "moloch": "Moloch", "outpost": "Outpost", "hegemony": "Hegemony"}
    mine = f"Your {army[FOUR[human]]} (Player {human + 1}) and your ally"
    assert any(t.startswith(mine) for t in texts), texts
    assert not any(t.startswith(f"Player {human + 1} (") for t in texts[:3])
