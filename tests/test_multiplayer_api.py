"""Three and four seats from Python and the command line (docs/RULES.md "Three and four
players"): modes, results, rankings, the multi-seat arena."""

from __future__ import annotations

import json
import random

import pytest

from nshex_pygame.cli import main
from nshex_pygame.core import Game, arena_multi


def play_randomly(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.current_player() < 0:
            draw = game.natural_draw()
            assert draw is not None
            game.apply_action(draw)
        else:
            game.apply_action(rng.choice(game.legal_actions()))


def test_the_default_mode_follows_the_seats() -> None:
    assert Game(["borgo", "moloch"]).mode == "standard"
    assert Game(["borgo", "moloch", "outpost"]).mode == "deathmatch"
    assert Game(["borgo", "moloch", "outpost", "hegemony"], mode="team").mode == "team"


@pytest.mark.parametrize(
    ("armies", "mode", "words"),
    [
        (["borgo", "moloch", "outpost"], "team", "four seats"),
        (["borgo", "moloch"], "one_vs_team", "three seats"),
        (["borgo", "moloch", "outpost", "hegemony"], "standard", "two seats"),
        (["borgo", "moloch", "outpost"], "sudden_death", "unknown mode"),
    ],
)
def test_a_mode_the_seats_cannot_play_is_refused_with_the_reason(
    armies: list[str], mode: str, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        Game(armies, mode=mode)


def test_the_duel_board_takes_two_seats_d16() -> None:
    with pytest.raises(ValueError, match="Duel board"):
        Game(["smart", "vegas", "borgo"], board="duel")


def test_one_against_a_team_starts_with_13_point_team_hqs_faq377() -> None:
    g = Game(["borgo", "moloch", "outpost"], mode="one_vs_team")
    assert g.view()["hq_hp"] == [20, 13, 13]
    assert g.view()["sides"] == [[0], [1, 2], [1, 2]]


def test_a_team_match_ends_with_a_team_or_a_draw_and_a_ranking() -> None:
    g = Game(["moloch", "outpost", "borgo", "hegemony"], seed=3, mode="team")
    play_randomly(g, 3)
    w = g.winner
    assert w == "draw" or w in ([0, 2], [1, 3]), w
    ranks = g.ranking
    assert len(ranks) == 4
    if isinstance(w, list):
        # The winning team's seats share first place; the others come second.
        assert [ranks[s] for s in w] == [1, 1]
        assert sorted(ranks) == [1, 1, 3, 3]


def test_a_points_game_counts_points_and_saves_its_mode() -> None:
    g = Game(["borgo", "moloch", "outpost"], seed=11, mode="points")
    assert g.view()["hq_hp"] == [0, 0, 0]
    play_randomly(g, 11)
    v = g.view()
    assert v["mode"] == "points"
    assert max(v["hq_hp"]) <= 20
    back = Game.load(g.save())
    assert back.mode == "points"
    assert back.winner == g.winner


def test_the_multi_seat_arena_rotates_seats_and_does_not_depend_on_threads() -> None:
    one = arena_multi(["greedy", "random", "random"], "deathmatch", 6, seed=4, threads=1)
    two = arena_multi(["greedy", "random", "random"], "deathmatch", 6, seed=4, threads=2)
    assert one == two
    assert [r["bot"] for r in one["bots"]] == ["greedy", "random", "random"]
    for r in one["bots"]:
        assert r["games"] == 6
        low, high = r["wilson95"]
        assert 0.0 <= low <= r["win_rate"] <= high <= 1.0
        assert 1.0 <= r["mean_rank"] <= 3.0
    with pytest.raises(ValueError, match="four seats"):
        arena_multi(["random"] * 3, "team", 1)


def test_nshex_arena_with_three_or_four_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--bots", "greedy,random,random,random", "--games", "4", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    result = json.loads(out)
    assert result["mode"] == "deathmatch"
    assert len(result["bots"]) == 4
    code = main(["arena", "--bots", "random,random,random", "--games", "2", "--mode", "points"])
    out = capsys.readouterr().out
    assert code == 0
    assert "mean rank" in out and "points" in out


def test_nshex_arena_refuses_mixed_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "a,b,c", "--a", "random", "--games", "1"]) == 2
    assert "--bots" in capsys.readouterr().err
    assert main(["arena", "--a", "random", "--b", "random", "--mode", "team", "--games", "1"]) == 2
    assert "--mode" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "--bots", "random,random", "--games", "1"])
