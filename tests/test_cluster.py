"""``nshex arena --ray`` (docs/COMMANDS.md "Bots against bots"): an arena split into game ranges
adds up to the one local run, key for key; the command's refusals; and, behind the ``ray`` marker
(``pytest -m ray``, needs the ray extra), the same arena on a local Ray instance."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from conftest import run_cli as run
from conftest import same_on_local_ray

from nshex_pygame import cluster, core

BOT = "easy:iters=20"


def games_of(ranges: list[tuple[int, int]]) -> list[int]:
    return [i for first, n in ranges for i in range(first, first + n)]


@pytest.mark.parametrize("games", [1, 2, 5, 7, 13, 101])
@pytest.mark.parametrize("parts", [1, 2, 3, 4, 8, 200])
def test_the_ranges_cover_every_game_once_in_order(games: int, parts: int) -> None:
    even = cluster.game_ranges(games, parts)
    assert games_of(even) == list(range(games))
    assert len(even) == min(games, parts)
    sizes = {n for _, n in even}
    assert max(sizes) - min(sizes) <= 1
    chunks = cluster.chunk_ranges(games, parts)
    assert games_of(chunks) == list(range(games))
    assert all(n == parts for _, n in chunks[:-1]) and 0 < chunks[-1][1] <= parts


@pytest.mark.parametrize(
    ("a", "b", "games", "ranges", "options"),
    [
        ("random", "random", 9, [(0, 4), (4, 1), (5, 4)], {}),
        (BOT, "greedy", 5, [(0, 2), (2, 3)], {}),
        ("greedy", "random", 4, [(0, 1), (1, 3)], {"variants": ["reinforcements"]}),
        ("greedy", "random", 3, [(0, 2), (2, 1)], {"mercenaries": 2, "mad_bomber": "neutral"}),
    ],
)
def test_ranges_add_up_to_the_one_run(
    a: str, b: str, games: int, ranges: list[tuple[int, int]], options: dict[str, Any]
) -> None:
    whole = core.arena(a, b, games, seed=11, threads=1, **options)
    parts = [
        core.arena(a, b, n, seed=11, threads=1, first_game=first, **options) for first, n in ranges
    ]
    total = cluster.add_up(parts)
    assert total == whole
    assert json.dumps(total) == json.dumps(whole), "the same keys in the same order"


def test_the_win_rate_and_interval_are_the_engines_to_the_bit() -> None:
    """Re-adding a result recomputes its rate and Wilson interval: they must not move (Rust
    rounds halves away from zero, Python's round to even; the replica does as Rust does)."""
    for games in [*range(1, 40), 64, 101, 250]:
        for seed in range(2):
            result = core.arena("random", "random", games, seed=seed, threads=1)
            assert cluster.add_up([result]) == result
    assert cluster.wilson95(0.0, 0) == [0.0, 1.0]


def test_arena_ray_without_the_package_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import fails
    code, out, err = run(
        capsys, "arena", "--a", "greedy", "--b", "random", "--games", "2", "--ray", "local"
    )
    assert (code, out) == (2, "")
    assert "pip install '.[ray]'" in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--a", "greedy", "--b", "random", "--chunk", "2"], "--chunk goes with --ray"),
        (["--a", "greedy", "--b", "random", "--ray", "local", "--chunk", "0"], "--chunk"),
    ],
    ids=["chunk_alone", "chunk_zero"],
)
def test_arena_ray_refusals(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "arena", "--games", "2", *argv)
    assert (code, out) == (2, "")
    assert says in err and len(err.splitlines()) == 1, err


def test_multi_seat_ranges_add_up_to_the_whole_run() -> None:
    """``arena_multi(first_game=...)`` ranges, added up, are the one local run: every bot's
    games, wins, shared results, rank sum, rates and interval."""
    bots = ["greedy", "random", BOT]
    whole = core.arena_multi(bots, "deathmatch", 7, seed=5, threads=1)
    for ranges in (cluster.game_ranges(7, 3), cluster.chunk_ranges(7, 2)):
        parts = [
            core.arena_multi(bots, "deathmatch", n, seed=5, threads=1, first_game=first)
            for first, n in ranges
        ]
        assert cluster.add_up_multi(parts) == whole
    assert cluster.add_up_multi([whole]) == whole


@pytest.mark.ray
@pytest.mark.filterwarnings("ignore")  # Ray's own deprecation warnings
def test_multi_seat_arena_on_a_local_ray_instance_equals_the_local_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("ray")
    argv = ["arena", "--bots", f"greedy,random,{BOT}", "--games", "5", "--seed", "3"]
    code, local, err = run(capsys, *argv, "--threads", "1", "--json")
    assert (code, err) == (0, "")
    code, out, _ = run(capsys, *argv, "--ray", "local", "--chunk", "2", "--json")
    assert (code, out) == (0, local)


@pytest.mark.ray
@pytest.mark.filterwarnings("ignore")  # Ray's own deprecation warnings
def test_arena_on_a_local_ray_instance_equals_the_local_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "--a", BOT, "--b", "greedy", "--games", "5", "--seed", "3"]
    local = same_on_local_ray(capsys, *argv, "--json")  # the command starts Ray
    import ray

    code, text, _ = run(capsys, *argv, "--threads", "1")
    assert code == 0
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        code, out, _ = run(capsys, *argv, "--ray", "local", "--chunk", "2", "--json")
        assert (code, out) == (0, local)
        code, out, _ = run(capsys, *argv, "--ray", "local", "--chunk", "1")
        assert (code, out) == (0, text)
        assert ray.is_initialized(), "the command leaves alone an instance it did not start"
    finally:
        ray.shutdown()
