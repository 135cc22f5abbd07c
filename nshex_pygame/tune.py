"""``nshex tune``: better evaluation weights by self-play (docs/AI.md, "Weights and tuning").

CMA-ES (the ``cma`` package, the ``tune`` extra) searches over a chosen subset of the
evaluation's named weights (default: all of them). A search point ``x`` is a vector of
multipliers of the starting set: on the log scale a weight is ``start * exp(x)``, on the plain
scale ``start * (1 + x)``; a weight that starts at 0 (``hand``) is additive, ``ZERO_STEP * x``.
The search starts at ``x = 0``, the starting set itself.

Each generation asks CMA-ES for a population of weight sets. Each set becomes a bot name
(``medium:w.material=0.33,...``) and plays ``games`` games against the starting bot; every
candidate of a generation plays the same games (the same arena seed: common random numbers), so
the differences between candidates are not the luck of the deal. A candidate's fitness is
``1 - win rate`` (draws count half); CMA-ES minimises it.

Each candidate plays its games both ways round (see :func:`play`): half with the first army of
each pairing, half with the second, on the same deals, so that army strength cancels out.
The arena's game ``i`` depends only on its seed and ``i``, the arena seed of a generation only on
``--seed`` and the generation, CMA-ES's random numbers only on ``--seed``: a run gives the same
results whether its games are played on this machine's cores (threads: the arena releases the
GIL) or as Ray tasks on a cluster (``--ray ADDRESS``, the ``ray`` extra), and a run resumed
from its checkpoint gives the same results as one never stopped.

After every generation a checkpoint is written atomically (a temporary file, then
``os.replace``): a JSON document with a format version (nothing in it is ever run: no pickle)
holding the run's settings, the starting weights, the generation reached, the history (every
candidate's win rate), the best candidate so far and the search's mean and step size. Resuming
rebuilds CMA-ES by replaying the history: a new CMA-ES of the same seed is asked for each
generation's candidates and told their recorded fitnesses, which gives back exactly the state
of the run that was stopped (its mean and step size are checked against the checkpoint's).
Should they differ (a checkpoint from another version of ``cma``), the run resumes from the
checkpoint's mean and step size with a fresh covariance, and says so. At the end the best
candidate's weights go to the output file in the format of
``rust_core/nshex_ai/data/weights.json``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from nshex_pygame import cluster
from nshex_pygame.core import arena, default_weights
from nshex_pygame.datafile import Unreadable, parse_json, read_bytes
from nshex_pygame.files import atomic_write

CHECKPOINT_FORMAT = "nshex-tune-checkpoint"
CHECKPOINT_VERSION = 2
"""Version 1 was a pickle, which is no longer read (loading one can run code)."""
ZERO_STEP = 0.1
"""What a step of 1 in the search space adds to a weight that starts at 0."""
SCALES = ("log", "plain")
TUNABLE_BOTS = ("easy", "medium", "hard", "hard-v1")
SIGNIFICANT_DIGITS = 6
"""A candidate's weights are rounded to this many significant digits, so that the bot name,
the history and the output file hold exactly the same numbers."""


class TuneError(ValueError):
    """A run that cannot start or resume as asked (one line, says why)."""


class MissingExtra(TuneError):
    """A package of an optional extra is not installed; the message says which extra."""


@dataclass(frozen=True)
class TuneConfig:
    """What decides a run's results (the checkpoint keeps it; a resumed run must match)."""

    bot: str
    games: int
    population: int
    sigma: float
    seed: int
    weights: tuple[str, ...]
    scale: str = "log"
    variants: tuple[str, ...] = ()
    """The variants every match is played with (``reinforcements`` tunes the set games with
    Reinforcements use)."""


def require_cma() -> Any:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Could not import matplotlib.pyplot"
            import cma
    except ImportError:
        raise MissingExtra(
            "the cma package is missing: install the tune extra (pip install '.[tune]')"
        ) from None
    return cma


def require_ray() -> Any:
    try:
        return cluster.require_ray()
    except cluster.RayMissing as exc:
        raise MissingExtra(str(exc)) from None


# --- the search space ----------------------------------------------------------------------


def split_bot(bot: str) -> tuple[str, list[str], dict[str, float]]:
    """``medium:iters=500,w.hand=0.1`` -> ("medium", ["iters=500"], {"hand": 0.1})."""
    base, _, settings = bot.partition(":")
    others: list[str] = []
    fixed: dict[str, float] = {}
    for kv in filter(None, settings.split(",")):
        key, _, value = kv.partition("=")
        if key.startswith("w."):
            try:
                fixed[key[2:]] = float(value)
            except ValueError:
                raise TuneError(f"bot setting {key!r}: {value!r} is not a number") from None
        else:
            others.append(kv)
    return base, others, fixed


def check_bot(bot: str, variants: Sequence[str] = ()) -> None:
    """Refuses a bot that has no evaluation weights or that the engine does not know, and
    variants the engine does not know."""
    base, _, _ = split_bot(bot)
    if base not in TUNABLE_BOTS:
        raise TuneError(
            f"bot {base!r} has no evaluation weights to tune; tune one of {', '.join(TUNABLE_BOTS)}"
        )
    # The engine's ValueError for a bad setting, weight or variant.
    arena(bot, bot, 0, variants=list(variants))


def start_weights(bot: str, variants: Sequence[str] = ()) -> dict[str, float]:
    """The shipped weights for games with ``variants`` with the bot's own ``w.NAME=X``
    settings applied."""
    weights = default_weights(variants)
    _, _, fixed = split_bot(bot)
    for name, value in fixed.items():
        if name not in weights:
            raise TuneError(f"unknown weight {name!r}; the weights are {', '.join(weights)}")
        weights[name] = value
    return weights


def check_weight_names(names: Sequence[str]) -> tuple[str, ...]:
    known = list(default_weights())
    unknown = [n for n in names if n not in known]
    if unknown:
        raise TuneError(f"unknown weight {unknown[0]!r}; the weights are {', '.join(known)}")
    if len(set(names)) != len(names) or not names:
        raise TuneError("--weights: name each weight once, at least one")
    return tuple(names)


def _round(x: float) -> float:
    return float(f"{x:.{SIGNIFICANT_DIGITS}g}")


def candidate_weights(
    x: Sequence[float], start: dict[str, float], names: Sequence[str], scale: str
) -> dict[str, float]:
    """The full weight set for the search point ``x`` (one number per name in ``names``)."""
    weights = dict(start)
    for name, xi in zip(names, x, strict=True):
        w0 = start[name]
        if w0 == 0.0:
            value = ZERO_STEP * float(xi)
        elif scale == "log":
            value = w0 * math.exp(max(-30.0, min(30.0, float(xi))))
        else:
            value = w0 * (1.0 + float(xi))
        weights[name] = _round(value)
    return weights


def _number(x: float) -> str:
    return repr(float(x))


def bot_with_weights(bot: str, weights: dict[str, float], variants: Sequence[str] = ()) -> str:
    """The bot ``bot`` (its level and settings) playing with ``weights`` in games with
    ``variants`` (a weight is named when it differs from the shipped set of those games)."""
    base, others, _ = split_bot(bot)
    shipped = default_weights(variants)
    settings = [*others]
    settings += [f"w.{n}={_number(v)}" for n, v in weights.items() if v != shipped.get(n)]
    return f"{base}:{','.join(settings)}" if settings else base


def weights_json(weights: dict[str, float]) -> str:
    """The text of a weights file, as rust_core/nshex_ai/data/weights.json is written."""
    order = list(default_weights())
    return json.dumps({n: weights[n] for n in order}, indent=2) + "\n"


def read_weights_file(path: str | Path) -> dict[str, float]:
    """A weights file's weights; every weight named, each a finite number, nothing else."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    names = list(default_weights())
    if not isinstance(data, dict) or sorted(data) != sorted(names):
        raise TuneError(f"{path}: not a weights file (it must name exactly {', '.join(names)})")
    out = {}
    for n in names:
        v = data[n]
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise TuneError(f"{path}: weight {n} is not a finite number")
        out[n] = float(v)
    return out


# --- seeds -----------------------------------------------------------------------------------


def derive_seed(seed: int, *parts: object, bits: int = 64) -> int:
    """A seed for one purpose of a run, from ``--seed`` alone (stable across machines)."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "little") >> (64 - bits)


def arena_seed(seed: int, generation: int) -> int:
    return derive_seed(seed, "arena", generation)


def cma_seed(seed: int) -> int:
    return derive_seed(seed, "cma")


# --- evaluating candidates -------------------------------------------------------------------

Match = tuple[str, str, int, int, tuple[str, ...]]
"""(candidate bot, base bot, games, arena seed, variants)."""


def play(match: Match, threads: int = 1) -> dict[str, Any]:
    """The candidate against the base bot, both ways round on the same deals.

    A match is two arenas on the same seed: the candidate as ``a`` for the first half of the
    games, then as ``b`` for the rest. Game ``i`` of both is the same deal with the bots
    swapped, so two bots that play alike score exactly 50% whatever the armies (the arena
    itself also plays each base pairing both ways round; matches were built this way before
    it did, and are kept so that a run's results stay what they were). Returns the
    candidate's ``wins``, ``losses``, ``draws``, ``games``, ``win_rate`` (draws half) and
    ``wilson95``."""
    a, b, games, seed, variants = match
    first = (games + 1) // 2
    one = arena(a, b, first, seed=seed, threads=threads, variants=list(variants))
    two = arena(b, a, games - first, seed=seed, threads=threads, variants=list(variants))
    wins = one["wins_a"] + two["wins_b"]
    losses = one["wins_b"] + two["wins_a"]
    draws = one["draws"] + two["draws"]
    rate = (wins + 0.5 * draws) / games if games else 0.0
    return {
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": rate,
        "wilson95": wilson95(rate, games),
    }


def wilson95(p: float, n: int) -> list[float]:
    """The 95% Wilson score interval of a rate ``p`` out of ``n`` (exactly as the arena gives
    it)."""
    return cluster.wilson95(p, n)


class LocalEvaluator:
    """Plays the matches on this machine: up to ``threads`` games at once."""

    def __init__(self, threads: int) -> None:
        self.threads = max(1, threads)

    def __call__(self, matches: list[Match]) -> list[dict[str, Any]]:
        workers = max(1, min(self.threads, len(matches)))
        per_match = max(1, self.threads // workers)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(lambda m: play(m, per_match), matches))

    def close(self) -> None:
        pass

    def describe(self) -> str:
        return f"local, {self.threads} thread{'s' if self.threads != 1 else ''}"


class RayEvaluator:
    """Plays each match as a Ray task (``threads`` games at once in each task).

    ``address`` is passed to ``ray.init``; ``local`` starts a Ray instance on this machine
    (or uses the one this process has already started)."""

    def __init__(self, address: str, threads: int) -> None:
        require_ray()
        try:
            self.ray, self.started = cluster.start_ray(address)
        except cluster.ClusterError as exc:
            raise TuneError(str(exc)) from None
        self.threads = max(1, threads)
        self.task = self.ray.remote(num_cpus=self.threads)(play)
        self.address = address

    def __call__(self, matches: list[Match]) -> list[dict[str, Any]]:
        refs = [self.task.remote(m, self.threads) for m in matches]
        return list(self.ray.get(refs))

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False

    def describe(self) -> str:
        return (
            f"Ray ({self.address}), {self.threads} thread{'s' if self.threads != 1 else ''} a task"
        )


Evaluator = Callable[[list[Match]], list[dict[str, Any]]]


# --- the run ---------------------------------------------------------------------------------


class Normal:
    """CMA-ES's source of N(0, 1) numbers (its ``randn`` option): a generator of the run's own,
    seeded from ``--seed``, so that a resumed run (CMA-ES rebuilt by replaying the history from
    the same seed) draws the same numbers as one never stopped (cma's default draws from
    numpy's global generator)."""

    def __init__(self, seed: int) -> None:
        import numpy as np

        self.rng = np.random.Generator(np.random.PCG64(seed))

    def __call__(self, *shape: int) -> Any:
        return self.rng.standard_normal(shape)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """CMA-ES's warnings (flat fitness and the like) are not ours to raise."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def new_state(config: TuneConfig) -> dict[str, Any]:
    """The state of a run before its first generation."""
    require_cma()
    state: dict[str, Any] = {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "config": asdict(config),
        "start": start_weights(config.bot, config.variants),
        "generation": 0,
        "history": [],
        "best": None,
    }
    state["es"] = _new_search(
        config, [0.0] * len(config.weights), config.sigma, cma_seed(config.seed)
    )
    return state


def _new_search(config: TuneConfig, mean: list[float], sigma: float, seed: int) -> Any:
    """A CMA-ES at ``mean`` with step ``sigma``, its normal numbers drawn from ``seed``."""
    cma = require_cma()
    options = {
        "randn": Normal(seed),
        "seed": math.nan,  # the seeding is Normal's
        "popsize": config.population,
        "verbose": -9,
        "verb_disp": 0,
        "verb_log": 0,
        "verb_filenameprefix": os.devnull,
    }
    with _quiet():
        return cma.CMAEvolutionStrategy(mean, sigma, options)


def config_of(state: dict[str, Any]) -> TuneConfig:
    c = dict(state["config"])
    c["weights"] = tuple(c["weights"])
    c["variants"] = tuple(c.get("variants", ()))
    return TuneConfig(**c)


def run_generation(state: dict[str, Any], evaluate: Evaluator) -> dict[str, Any]:
    """Plays one generation and updates ``state``; returns its history row."""
    config = config_of(state)
    es = state["es"]
    g = state["generation"] + 1
    began = time.perf_counter()
    with _quiet():
        xs = es.ask()
    candidates = [candidate_weights(x, state["start"], config.weights, config.scale) for x in xs]
    seed = arena_seed(config.seed, g)
    matches = [
        (
            bot_with_weights(config.bot, w, config.variants),
            config.bot,
            config.games,
            seed,
            config.variants,
        )
        for w in candidates
    ]
    results = evaluate(matches)
    rates = [float(r["win_rate"]) for r in results]
    with _quiet():
        es.tell(xs, [1.0 - r for r in rates])
    best_i = max(range(len(rates)), key=lambda i: (rates[i], -i))
    row = {
        "generation": g,
        "arena_seed": seed,
        "games": config.games * len(candidates),
        "win_rates": rates,
        "best_win_rate": rates[best_i],
        "mean_win_rate": sum(rates) / len(rates),
        "best": candidates[best_i],
        "mean": candidate_weights(list(es.mean), state["start"], config.weights, config.scale),
        "sigma": float(es.sigma),
        "seconds": round(time.perf_counter() - began, 3),
    }
    best = state["best"]
    if best is None or rates[best_i] > best["win_rate"]:
        r = results[best_i]
        state["best"] = {
            "generation": g,
            "win_rate": rates[best_i],
            "wilson95": list(r["wilson95"]),
            "games": config.games,
            "weights": candidates[best_i],
            "bot": matches[best_i][0],
        }
    state["history"].append(row)
    state["generation"] = g
    return row


def save_checkpoint(path: str | Path, state: dict[str, Any]) -> None:
    """The run's state as JSON (see the module's words), written atomically."""
    data = {k: v for k, v in state.items() if k not in ("es", "approximate")}
    es = state["es"]
    data["search"] = {"mean": [float(v) for v in es.mean], "sigma": float(es.sigma)}
    atomic_write(Path(path), json.dumps(data, indent=1, allow_nan=False) + "\n")


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """A checkpoint written by :func:`save_checkpoint`, checked whole, its CMA-ES rebuilt by
    replaying the history; TuneError naming the problem for anything else (JSON only is
    read: nothing in a checkpoint can run code)."""
    require_cma()
    try:
        raw = read_bytes(Path(path))
        if raw[:1] == b"\x80":
            raise TuneError(
                f"{path}: an old checkpoint (a Python pickle), which is no longer read because"
                " loading one can run code; start the run again"
            )
        data = parse_json(raw)
    except Unreadable as exc:
        if not os.path.lexists(path):
            raise TuneError(f"{path}: no such file") from None
        raise TuneError(f"{path}: not a tuning checkpoint ({exc})") from None
    problem = checkpoint_problem(data)
    if problem:
        raise TuneError(f"{path}: not a tuning checkpoint: {problem}")
    return _replayed(data)


def _replayed(data: dict[str, Any]) -> dict[str, Any]:
    """The state of a checked checkpoint, CMA-ES rebuilt by asking it for every recorded
    generation and telling it the recorded fitnesses (what the stopped run did, so the same
    state); when its mean or step then differ from the checkpoint's (another version of cma),
    a CMA-ES at the checkpoint's mean and step, and ``state["approximate"]`` says so."""
    config = config_of(data)
    state = {k: v for k, v in data.items() if k != "search"}
    state["config"] = asdict(config)
    es = _new_search(config, [0.0] * len(config.weights), config.sigma, cma_seed(config.seed))
    with _quiet():
        for row in data["history"]:
            xs = es.ask()
            es.tell(xs, [1.0 - r for r in row["win_rates"]])
    search = data["search"]
    if [float(v) for v in es.mean] != search["mean"] or float(es.sigma) != search["sigma"]:
        seed = derive_seed(config.seed, "cma", data["generation"])
        es = _new_search(config, list(search["mean"]), search["sigma"], seed)
        state["approximate"] = (
            "the search could not be rebuilt exactly (a checkpoint of another version of cma):"
            " it resumes from the checkpoint's mean and step size, with a fresh covariance"
        )
    state["es"] = es
    return state


def _number_in(value: Any, low: float, high: float) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return low <= float(value) <= high
    except OverflowError:
        return False


def _whole_in(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _weights_ok(value: Any) -> bool:
    names = set(default_weights())
    return (
        isinstance(value, dict)
        and set(value) <= names
        and all(_number_in(v, -1e300, 1e300) for v in value.values())
    )


def _config_problem(config: Any) -> str | None:
    fields = {"bot", "games", "population", "sigma", "seed", "weights", "scale", "variants"}
    if not isinstance(config, dict) or not {"bot", "games", "population"} <= set(config):
        return "'config' must hold the run's settings"
    if set(config) - fields:
        return f"'config' has unknown settings ({', '.join(sorted(set(config) - fields))})"
    checks = {
        "bot": isinstance(config["bot"], str) and len(config["bot"]) < 1000,
        "games": _whole_in(config["games"], 1, 10**7),
        "population": _whole_in(config["population"], 2, 10**5),
        "sigma": _number_in(config.get("sigma"), 1e-12, 1e6),
        "seed": _whole_in(config.get("seed"), 0, 2**64 - 1),
        "scale": config.get("scale", "log") in SCALES,
        "variants": isinstance(config.get("variants", []), list)
        and all(isinstance(v, str) for v in config.get("variants", [])),
        "weights": isinstance(config.get("weights"), list)
        and all(isinstance(w, str) for w in config["weights"]),
    }
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        return f"the setting {bad[0]!r} is missing or out of range"
    try:
        check_weight_names(config["weights"])
    except TuneError as exc:
        return str(exc)
    return None


def _row_problem(row: Any, i: int, population: int) -> str | None:
    where = f"history row {i + 1}"
    if not isinstance(row, dict) or row.get("generation") != i + 1:
        return f"{where} is not generation {i + 1}"
    rates = row.get("win_rates")
    if not (
        isinstance(rates, list)
        and len(rates) == population
        and all(_number_in(r, 0.0, 1.0) for r in rates)
    ):
        return f"{where}: 'win_rates' must be {population} rates from 0 to 1"
    numbers = ("best_win_rate", "mean_win_rate", "sigma", "seconds")
    if not all(_number_in(row.get(k), 0.0, 1e300) for k in numbers):
        return f"{where}: {', '.join(numbers)} must be numbers"
    if not (_whole_in(row.get("games"), 0, 10**12) and _whole_in(row.get("arena_seed"), 0, 2**64)):
        return f"{where}: 'games' and 'arena_seed' must be whole numbers"
    if not (_weights_ok(row.get("best")) and _weights_ok(row.get("mean"))):
        return f"{where}: 'best' and 'mean' must be weight sets"
    return None


def _best_problem(best: Any) -> str | None:
    if best is None:
        return None
    if not (
        isinstance(best, dict)
        and _whole_in(best.get("generation"), 1, 10**7)
        and _number_in(best.get("win_rate"), 0.0, 1.0)
        and _whole_in(best.get("games"), 0, 10**7)
        and isinstance(best.get("bot"), str)
        and _weights_ok(best.get("weights"))
        and isinstance(best.get("wilson95"), list)
        and len(best["wilson95"]) == 2
        and all(_number_in(v, 0.0, 1.0) for v in best["wilson95"])
    ):
        return "'best' must be the best candidate (generation, win rate, weights, bot)"
    return None


def checkpoint_problem(data: Any) -> str | None:
    """What is wrong with a checkpoint's parsed JSON (checked whole), or None."""
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        return f"no format {CHECKPOINT_FORMAT!r}"
    if data.get("version") != CHECKPOINT_VERSION:
        return f"format version {str(data.get('version'))[:20]} is not {CHECKPOINT_VERSION}"
    problem = _config_problem(data.get("config"))
    if problem:
        return problem
    config = data["config"]
    if not _weights_ok(data.get("start")) or set(data["start"]) != set(default_weights()):
        return "'start' must be the starting weights, every one named"
    history = data.get("history")
    if not isinstance(history, list) or data.get("generation") != len(history):
        return "'generation' must be the number of rows in 'history'"
    for i, row in enumerate(history):
        problem = _row_problem(row, i, config["population"])
        if problem:
            return problem
    problem = _best_problem(data.get("best"))
    if problem:
        return problem
    search = data.get("search")
    if not (
        isinstance(search, dict)
        and isinstance(search.get("mean"), list)
        and len(search["mean"]) == len(config["weights"])
        and all(_number_in(v, -1e300, 1e300) for v in search["mean"])
        and _number_in(search.get("sigma"), 1e-300, 1e300)
    ):
        return "'search' must hold the mean (one number a weight) and the step size"
    target = data.get("target", data["generation"])
    if not _whole_in(target, data["generation"], 10**7):
        return "'target' must be at least 'generation'"
    return None


def write_weights(path: str | Path, weights: dict[str, float]) -> None:
    atomic_write(Path(path), weights_json(weights).encode())


def tune(
    state: dict[str, Any],
    generations: int,
    evaluate: Evaluator,
    *,
    checkpoint: str | Path | None = None,
    out: str | Path | None = None,
    on_generation: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Runs ``state`` (new or from a checkpoint) up to ``generations`` generations in all,
    checkpointing after each; writes the best weights to ``out``. Returns the summary."""
    while state["generation"] < generations:
        row = run_generation(state, evaluate)
        if checkpoint is not None:
            save_checkpoint(checkpoint, state)
        if on_generation is not None:
            on_generation(row)
    result = summary(state)
    if out is not None and state["best"] is not None:
        write_weights(out, result["after"])
    return result


def summary(state: dict[str, Any]) -> dict[str, Any]:
    """What a run found: the config, the weights before and after, the history."""
    best = state["best"]
    config = config_of(state)
    history = state["history"]
    return {
        "config": asdict(config),
        "generations": state["generation"],
        "games": sum(row["games"] for row in history),
        "seconds": round(sum(row["seconds"] for row in history), 3),
        "before": dict(state["start"]),
        "after": dict(best["weights"]) if best else dict(state["start"]),
        "best": best,
        "mean": history[-1]["mean"] if history else dict(state["start"]),
        "history": history,
    }


def results_only(result: dict[str, Any]) -> dict[str, Any]:
    """The summary without its timings: what must be equal between two runs of one seed."""
    clean = {k: v for k, v in result.items() if k != "seconds"}
    clean["history"] = [{k: v for k, v in r.items() if k != "seconds"} for r in result["history"]]
    return clean
