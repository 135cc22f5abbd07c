"""Arenas spread over a Ray cluster (``nshex arena --ray ADDRESS``), and the Ray start that
``nshex tune --ray`` shares.

The arena's game ``i`` depends only on its seed and ``i``, and ``core.arena(first_game=f)``
plays games ``f .. f + games`` of a seed: an arena split into contiguous ranges, each range a
Ray task, adds up to exactly the one local run. The wins and draws are summed and the win rate
and its Wilson interval computed as the engine computes them (``rust_core/nshex_ai/src/arena.rs``,
the same floating-point operations and the same rounding), so the result of a seed is the same
object, key for key and bit for bit, wherever its games were played.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from nshex_pygame.core import arena, arena_multi

RAY_MISSING = "the ray package is missing: install the ray extra (pip install '.[ray]')"
Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution, as the engine writes it."""


class ClusterError(ValueError):
    """Ray is not installed or does not start (one line, says why)."""


class RayMissing(ClusterError):
    """The ray package is not installed; the message names the extra."""


def require_ray() -> Any:
    """The ``ray`` module, or :class:`RayMissing`."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise RayMissing(RAY_MISSING) from None
    return ray


def start_ray(address: str) -> tuple[Any, bool]:
    """Connects to the Ray cluster at ``address`` (``ray.init``'s address; ``local`` starts an
    instance on this machine) unless this process has already done so. Returns the ``ray``
    module and whether this call started it (then the caller shuts it down)."""
    ray = require_ray()
    if ray.is_initialized():
        return ray, False
    kwargs: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
    if address != "local":
        kwargs["address"] = address
    try:
        ray.init(**kwargs)
    except Exception as exc:  # no cluster there, a version mismatch
        raise ClusterError(f"ray.init({address!r}) failed: {exc}") from None
    return ray, True


# --- the arena in ranges ---------------------------------------------------------------------


def game_ranges(games: int, parts: int) -> list[tuple[int, int]]:
    """``games`` games as at most ``parts`` contiguous ranges ``(first_game, games)`` of
    sizes differing by at most one, in order: every game in exactly one range."""
    parts = max(1, min(parts, games))
    size, extra = divmod(games, parts)
    ranges, first = [], 0
    for k in range(parts):
        n = size + (k < extra)
        ranges.append((first, n))
        first += n
    return [r for r in ranges if r[1] > 0]


def chunk_ranges(games: int, chunk: int) -> list[tuple[int, int]]:
    """``games`` games as contiguous ranges of ``chunk`` games (the last may be shorter)."""
    return [(first, min(chunk, games - first)) for first in range(0, games, max(1, chunk))]


def win_rate(wins: int, draws: int, games: int) -> float:
    """Draws count half; the engine's ``ArenaResult::win_rate_a``."""
    if games == 0:
        return 0.0
    return (float(wins) + 0.5 * float(draws)) / float(games)


def _round12(x: float) -> float:
    """Rust's ``(x.clamp(0.0, 1.0) * 1e12).round() / 1e12`` (halves away from zero; Python's
    ``round`` takes them to even)."""
    y = min(1.0, max(0.0, x)) * 1e12
    whole = math.floor(y)
    if y - whole >= 0.5:  # exact: y < 2**52
        whole += 1
    return whole / 1e12


def wilson95(p: float, games: int) -> list[float]:
    """The 95% Wilson score interval of a rate ``p`` out of ``games``, exactly as the engine's
    ``ArenaResult::wilson95`` gives it."""
    if games == 0:
        return [0.0, 1.0]
    n = float(games)
    z2 = Z95 * Z95
    centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n)
    half = Z95 * math.sqrt((p * (1.0 - p) + z2 / (4.0 * n)) / n) / (1.0 + z2 / n)
    return [_round12(centre - half), _round12(centre + half)]


def add_up(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The arena results of consecutive ranges of one run as the result of the whole run (the
    keys in the engine's order)."""
    if not parts:
        raise ValueError("no arena results to add up")
    total = dict(parts[0])
    for key in ("games", "wins_a", "wins_b", "draws"):
        total[key] = sum(int(p[key]) for p in parts)
    total["win_rate_a"] = win_rate(total["wins_a"], total["draws"], total["games"])
    total["wilson95"] = wilson95(total["win_rate_a"], total["games"])
    return total


def add_up_multi(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The multi-seat arena results of consecutive ranges of one run as the whole run's: per
    bot the games, wins, shared results and rank sums added, the rates as the engine computes
    them (``SeatRecord`` in ``rust_core/nshex_ai/src/arena.rs``)."""
    if not parts:
        raise ValueError("no arena results to add up")
    total = dict(parts[0])
    total["games"] = sum(int(p["games"]) for p in parts)
    bots = []
    for k, first in enumerate(parts[0]["bots"]):
        row = dict(first)
        for key in ("games", "wins", "shared", "rank_sum"):
            row[key] = sum(int(p["bots"][k][key]) for p in parts)
        games = max(1, row["games"])
        row["win_rate"] = (float(row["wins"]) + 0.5 * float(row["shared"])) / float(games)
        row["wilson95"] = wilson95(row["win_rate"], row["games"])
        row["mean_rank"] = float(row["rank_sum"]) / float(games)
        bots.append(row)
    total["bots"] = bots
    return total


def play_multi_range(
    bots: list[str],
    mode: str,
    first_game: int,
    games: int,
    board: str,
    seed: int,
    threads: int,
) -> dict[str, Any]:
    """One range of a multi-seat arena (a Ray task's body)."""
    return arena_multi(bots, mode, games, None, board, seed, threads, first_game=first_game)


def arena_multi_on_ray(
    address: str,
    bots: list[str],
    mode: str,
    games: int,
    board: str = "standard",
    seed: int = 0,
    threads: int = 1,
    chunk: int | None = None,
) -> dict[str, Any]:
    """``core.arena_multi`` with its games spread as Ray tasks, as :func:`arena_on_ray` does
    for two seats: the result is the local run's."""
    arena_multi(bots, mode, 0, None, board, seed, 1)
    parts = _ranges_on_ray(
        address,
        games,
        threads,
        chunk,
        play_multi_range,
        lambda first, n, t: (bots, mode, first, n, board, seed, t),
    )
    return add_up_multi(parts)


def _ranges_on_ray(
    address: str,
    games: int,
    threads: int,
    chunk: int | None,
    body: Callable[..., dict[str, Any]],
    task_args: Callable[[int, int, int], tuple[Any, ...]],
) -> list[dict[str, Any]]:
    """Runs ``body(*task_args(first, games, threads))`` as a Ray task per range of games:
    ranges of ``chunk`` games, or one per ``threads`` CPUs of the cluster. Returns the
    results in range order; shuts Ray down if this call started it."""
    ray, started = start_ray(address)
    try:
        threads = max(1, threads)
        if chunk is not None:
            ranges = chunk_ranges(games, chunk)
        else:
            cpus = int(ray.cluster_resources().get("CPU", 1))
            ranges = game_ranges(games, max(1, cpus // threads))
        task = ray.remote(num_cpus=threads)(body)
        return list(ray.get([task.remote(*task_args(first, n, threads)) for first, n in ranges]))
    finally:
        if started:
            ray.shutdown()


def play_range(
    a: str,
    b: str,
    first_game: int,
    games: int,
    armies: tuple[str, str] | None,
    seed: int,
    threads: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    """One range of an arena (a Ray task's body)."""
    return arena(a, b, games, armies, seed, threads, first_game=first_game, **options)


def arena_on_ray(
    address: str,
    a: str,
    b: str,
    games: int,
    armies: tuple[str, str] | None = None,
    seed: int = 0,
    threads: int = 1,
    chunk: int | None = None,
    **options: Any,
) -> dict[str, Any]:
    """``core.arena`` with its games spread as Ray tasks over the cluster at ``address``: ranges
    of ``chunk`` games, or by default one range per ``threads`` CPUs of the cluster, each task
    playing ``threads`` games at once. The result is the local run's for the same arguments.

    A bad bot, army or option raises ``ValueError`` before Ray is asked for anything (the
    engine checks them on zero games here); Ray missing or not starting, :class:`ClusterError`.
    """
    arena(a, b, 0, armies, seed, 1, **options)
    parts = _ranges_on_ray(
        address,
        games,
        threads,
        chunk,
        play_range,
        lambda first, n, t: (a, b, first, n, armies, seed, t, options),
    )
    return add_up(parts)
