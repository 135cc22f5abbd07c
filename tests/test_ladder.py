"""``nshex ladder`` (docs/AI.md, "The ladder command"): the strength table as one command. The
default run plays ``--quick`` on a few rows (two games each at a tiny budget); the full table
takes hours and is never a test."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli as run
from conftest import same_on_local_ray

from nshex_pygame import core, ladder


def test_every_row_of_the_issue_is_in_the_table() -> None:
    names = set(ladder.ROW_NAMES)
    for army in ("smart", "vegas", "doomsday"):
        assert {army, f"{army}-duel"} <= names
    assert {"reinforcements", "mercenaries", "mad-bomber", "deathmatch", "team"} <= names
    assert {"easy-random", "medium-easy", "hard-medium", "hard-greedy"} <= names
    smart = next(r for r in ladder.ROWS if r.name == "smart-duel")
    assert smart.board == "duel"
    assert smart.pairings == tuple(("smart", b) for b in ladder.BASE_ARMIES)
    team = next(r for r in ladder.ROWS if r.name == "team")
    # Seats 0 and 2 against 1 and 3: rotating the seats keeps Hard with Hard.
    assert team.bots == ("hard", "medium", "hard", "medium")


def test_the_verdict_asks_the_whole_interval() -> None:
    assert ladder.verdict([0.961, 0.996], 0.95) == "pass"
    assert ladder.verdict([0.672, 0.794], 0.95) == "fail"
    assert ladder.verdict([0.90, 0.97], 0.95) == "not settled"


def test_quick_bots_are_cheap_and_keep_their_settings() -> None:
    assert ladder.quick_bot("greedy") == "greedy"
    assert ladder.quick_bot("hard") == "hard:iters=60,turn_ms=0"
    assert ladder.quick_bot("hard:w.hand=0.1") == "hard:iters=60,turn_ms=0,w.hand=0.1"
    team = ladder.select_rows(["team"])[0]
    row = ladder.with_bots(team, ladder.replace_level("hard", "hard-v1"))
    assert row.bots == ("hard-v1", "medium", "hard-v1", "medium")


def test_a_row_is_its_arena() -> None:
    """A two-seat row is the engine's arena over its pairings and board, record for record."""
    row = ladder.with_bots(next(r for r in ladder.ROWS if r.name == "vegas-duel"), ladder.quick_bot)
    rec = ladder.play_row(row, 4, 5, 1)
    arena = core.arena(row.a, row.b, 4, None, 5, 1, board="duel", pairings=list(row.pairings or ()))
    assert (rec["won"], rec["drawn"], rec["lost"]) == (
        arena["wins_a"],
        arena["draws"],
        arena["wins_b"],
    )
    assert rec["wilson95"] == arena["wilson95"]


def test_the_pairings_and_the_board_reach_the_engine() -> None:
    with pytest.raises(ValueError, match="board"):
        core.arena("random", "random", 1, board="moon")
    with pytest.raises(ValueError, match="army"):
        core.arena("random", "random", 1, pairings=[("smart", "nobody")])
    with pytest.raises(ValueError, match="not both"):
        core.arena("random", "random", 1, ("borgo", "moloch"), pairings=[("smart", "borgo")])


def test_quick_runs_rows_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "ladder", "--quick", "--rows", "easy-random,smart-duel,deathmatch", "--threads", "1"
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith("| row | a | b | games | a won / drawn / lost |")
    body = [line for line in lines if line.startswith("| ")][1:]
    assert [line.split(":")[0] for line in body] == [
        "| easy-random",
        "| smart-duel",
        "| deathmatch",
    ]
    for line in body:
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[3] == "2"
        won, drawn, lost = (int(x) for x in cells[4].split(" / "))
        assert won + drawn + lost == 2
        assert cells[7] in ("pass", "fail", "not settled")


def test_json_records_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ladder", "--quick", "--rows", "team", "--threads", "1", "--json")
    assert code == 0, err
    (rec,) = json.loads(out)
    assert rec["row"] == "team" and rec["games"] == 2 and rec["target"] == 0.85
    assert rec["a"].startswith("hard:") and rec["b"].startswith("medium:")
    code, out, err = run(capsys, "ladder", "--rows", "nowhere")
    assert code == 2 and "unknown row nowhere" in err and "smart-duel" in err
    code, out, err = run(capsys, "ladder", "--list")
    assert code == 0 and "reinforcements" in out


@pytest.mark.ray
@pytest.mark.filterwarnings("ignore")  # Ray's own deprecation warnings
def test_the_ladder_on_a_local_ray_instance_equals_the_local_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ladder", "--quick", "--rows", "vegas-duel,deathmatch", "--games", "3", "--json"]
    same_on_local_ray(capsys, *argv)


def test_the_tables_of_the_issue_are_rows_of_the_ladder() -> None:
    """Item 5: the army table (every army against every other, one level both sides), the
    search's worth per army, the levels per army (item 6) and the league are tables of rows."""
    armies = ladder.select_rows(None, ["armies"])
    assert len(armies) == 21 and all(r.a == r.b == "medium" for r in armies)
    assert {r.pairings for r in armies} >= {(("smart", "vegas"),), (("borgo", "doomsday"),)}
    worth = ladder.select_rows(["worth-smart"])
    assert worth[0].kind == "worth" and worth[0].target == 0.25
    assert worth[0].pairings == tuple(("smart", b) for b in ladder.BASE_ARMIES)
    levels = ladder.select_rows(None, ["levels"])
    assert {(r.a, r.b) for r in levels} == {
        ("easy", "random"),
        ("medium", "easy"),
        ("hard", "medium"),
    }
    # Seven armies and six modes (the Duel board, three options, deathmatch, team), three steps.
    assert len(levels) == 39 and all(r.target == 0.65 for r in levels)
    modes = {r.name.rsplit("-", 1)[0] for r in levels}
    assert {"level-duel", "level-reinforcements", "level-mercenaries"} <= modes
    assert {"level-mad-bomber", "level-deathmatch", "level-team"} <= modes
    duel = next(r for r in levels if r.name == "level-duel-hard")
    assert duel.board == "duel" and ("borgo", "vegas") in (duel.pairings or ())
    bomber = next(r for r in levels if r.name == "level-mad-bomber-medium")
    assert bomber.options == {"mad_bomber": "neutral"} and (bomber.a, bomber.b) == (
        "medium",
        "easy",
    )
    smart = next(r for r in levels if r.name == "level-smart-medium")
    # Smart on either side, so the armies' own strength cancels out.
    assert set(smart.pairings or ()) == {
        *(("smart", b) for b in ladder.BASE_ARMIES),
        *((b, "smart") for b in ladder.BASE_ARMIES),
    }
    borgo = next(r for r in levels if r.name == "level-borgo-hard")
    assert len(borgo.pairings or ()) == 7 and ("borgo", "borgo") in (borgo.pairings or ())
    (league_row,) = ladder.select_rows(None, ["league"])
    assert (league_row.a, league_row.b, league_row.kind) == ("hard", "hard-v1", "league")
    with pytest.raises(ValueError, match="unknown table moon"):
        ladder.select_rows(None, ["moon"])


def test_a_deathmatch_level_row_adds_up_its_two_seats() -> None:
    """Item 6 in a deathmatch: two seats each, the level's seats 0 and 2 count together."""
    row = ladder.with_bots(ladder.select_rows(["level-deathmatch-easy"])[0], ladder.quick_bot)
    assert row.bots == ("easy:iters=5", "random", "easy:iters=5", "random")
    rec = ladder.play_row(row, 4, 7, 1)
    arena = core.arena_multi(list(row.bots or ()), "deathmatch", 4, None, "standard", 7, 1)
    seats = arena["bots"]
    assert rec["won"] == seats[0]["wins"] + seats[2]["wins"]
    assert rec["drawn"] == seats[0]["shared"] + seats[2]["shared"]
    assert rec["won"] + seats[1]["wins"] + seats[3]["wins"] <= 4
    team = ladder.select_rows(["level-team-medium"])[0]
    assert team.side == (0,) and team.bots == ("medium", "easy", "medium", "easy")


def test_a_worth_row_is_the_difference_of_two_arenas() -> None:
    row = ladder.with_bots(ladder.select_rows(["worth-vegas"])[0], ladder.quick_bot)
    rec = ladder.play_row(row, 4, 3, 1)
    pairings = list(row.pairings or ())
    hard = core.arena(row.a, row.b, 4, None, 3, 1, pairings=pairings)
    medium = core.arena(row.b, row.b, 4, None, 3, 1, pairings=pairings)
    assert rec["won"] == hard["wins_a"] and rec["baseline"]["won"] == medium["wins_a"]
    d = hard["win_rate_a"] - medium["win_rate_a"]
    assert rec["win_rate"] == pytest.approx(d)
    low, high = rec["wilson95"]
    assert low <= d <= high and low >= -1 and high <= 1
    assert "points" in ladder.table_line(rec)


def test_newcombes_interval_of_a_difference() -> None:
    """Newcombe (1998), example (a) of method 10: 56/70 against 48/80 gives 0.2 with the
    interval 0.0524 to 0.3339."""
    p1, p2 = 56 / 70, 48 / 80
    ci1 = core_wilson(p1, 70)
    ci2 = core_wilson(p2, 80)
    low, high = ladder.difference_interval(p1, ci1, p2, ci2)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def core_wilson(p: float, n: int) -> list[float]:
    from nshex_pygame import cluster

    return cluster.wilson95(p, n)


def test_the_league_draws_each_game_from_the_seed_alone() -> None:
    from nshex_pygame import league

    draws = [league.draw(7, i) for i in range(200)]
    assert draws == [league.draw(7, i) for i in range(200)]
    assert draws != [league.draw(8, i) for i in range(200)]
    assert {d.seats for d in draws} == {2, 3, 4}
    assert {d.board for d in draws} == {"standard", "duel", "expanded"}
    assert {a for d in draws for a in d.armies} == set(league.ALL_ARMIES)
    tags = {t for d in draws for t in d.tags()}
    assert {"reinforcements", "Mercenaries", "Mad Bomber", "team", "one vs team"} <= tags
    bots = ("hard:iters=30,turn_ms=0", "hard-v1:iters=30,turn_ms=0")
    one = league.play(*bots, 6, 7, 1)
    assert one == league.play(*bots, 6, 7, 2), "the result does not depend on the threads"
    assert one["won"] + one["drawn"] + one["lost"] == 6
    assert sum(sum(c) for c in one["by_army"].values()) == 6


def test_quick_league_prints_its_table_per_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ladder", "--quick", "--table", "league", "--games", "4")
    assert code == 0, err
    assert "| league: mixed league" in out and "| league/mode 2 seats |" in out
    (row,) = ladder.select_rows(["league"])
    with pytest.raises(ValueError, match="locally only"):
        ladder.play_row(row, 2, 1, 1, ray="local")
