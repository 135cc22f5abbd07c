"""Fits the two-battle evaluation's weights to how games ended.

Reads the rows of ``eval_data`` (``cargo run --release -p nshex_bench --example eval_data --
BOT GAMES SEED > data.csv``): one row per seat at the start of each turn, with the terms the
evaluation adds up and the seat's result (1, 0.5 or 0). The search turns a score into a
winning chance as ``1 / (1 + exp(-score / 4))``; this script finds the weights whose score,
put through the same curve, predicts the results best (logistic regression, cross-entropy,
Newton's method, a little L2), holding out every fifth game to report the fit on games it did
not see. It prints the shipped weights' loss, the fitted weights, and the bot name that plays
them (``hard:w.material_deep=...``).

    .venv/bin/python tools/fit_eval.py data.csv [--min-turn N] [--features]

``--features`` compares, on the same held-out games, fits that add the board's other columns
(HQ hit points apart, what stands and what is free around each HQ after the battle, and each
base tile kind standing after it, own minus enemy), also scaled by how early in the game it is:
how much a richer evaluation of this board could predict beyond the eight terms.
"""

from __future__ import annotations

import argparse
import csv
import sys

import numpy as np

from nshex_pygame.core import default_weights

SCALE = 4.0
BUCKETS = [(20, 99), (10, 20), (5, 10), (0, 5)]
TERMS = ["now", "strength", "toughness", "initiative", "modules", "future_hp", "future_win", "hand"]


def load(path: str, min_turn: int) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """The terms and results of the rows, and their other columns by name."""
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if float(r["turn"]) >= min_turn]
    x = np.array([[float(r[t]) for t in TERMS] for r in rows])
    y = np.array([float(r["result"]) for r in rows])
    other = {k: np.array([float(r[k]) for r in rows]) for k in ("game", "count", "deck")}
    return x, y, other


def score_of(x: np.ndarray, w: dict[str, float]) -> np.ndarray:
    """Hard's two-battle score of each row by the weights ``w`` (at their values over the
    whole game: the phase weights aside)."""
    now, s, t, i, m, fh, fw, h = x.T
    material = w["material_deep"] * (s + w["toughness"] * t + w["initiative"] * i + w["module"] * m)
    return now + w["future"] * (fh + w["future_win"] * fw) + material + w["hand"] * h


def loss(score: np.ndarray, y: np.ndarray) -> float:
    p = 1.0 / (1.0 + np.exp(-score / SCALE))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Coefficients c of score = x @ c by Newton's method on the cross-entropy."""
    z = x / SCALE
    c = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(z @ c)))
        grad = z.T @ (p - y) / len(y) + l2 * c
        hess = (z.T * (p * (1 - p))) @ z / len(y) + l2 * np.eye(len(c))
        step = np.linalg.solve(hess, grad)
        c -= step
        if np.abs(step).max() < 1e-9:
            break
    return c


def weights_of(c: np.ndarray) -> dict[str, float]:
    """The named weights a fitted score means, with HQ hit points as the unit (`now` = 1)."""
    c = c / c[0]
    _, s, t, i, m, fh, fw, h = c
    return {
        "material_deep": s,
        "toughness": t / s,
        "initiative": i / s,
        "module": m / s,
        "future": fh,
        "future_win": fw / fh,
        "hand": h,
    }


SURROUNDINGS = [
    "own_hq_enemies",
    "own_hq_friends",
    "own_hq_empty",
    "foe_hq_enemies",
    "foe_hq_friends",
    "foe_hq_empty",
]


def compare_features(path: str) -> None:
    """Held-out loss of the eight terms (without the hand) and of richer feature sets."""
    with open(path, newline="") as f:
        reader = csv.reader(f)
        head = next(reader)
        data = np.array([[float(v) for v in row] for row in reader])
    col = {h: i for i, h in enumerate(head)}
    missing = [c for c in ["own_hp", *SURROUNDINGS] if c not in col]
    if missing:
        sys.exit(f"{path}: no column {missing[0]} (written by eval_data since 2026-11-27)")
    y, game = data[:, col["result"]], data[:, col["game"]].astype(int)
    test = game % 5 == 0
    early = (data[:, col["deck"]] / 34.0)[:, None]
    kinds = [h for h in head if h.startswith("t_")]

    def cols(names: list[str]) -> np.ndarray:
        return np.column_stack([data[:, col[n]] for n in names])

    terms = [t for t in TERMS if t != "hand"]
    everything = cols(terms + SURROUNDINGS + ["own_hp", "foe_hp"] + kinds)
    sets = {
        "the eight terms (no hand)": cols(terms),
        "+ HQ surroundings": cols(terms + SURROUNDINGS),
        "+ HQ hit points apart": cols([*terms, "own_hp", "foe_hp"]),
        f"+ each tile kind ({len(kinds)})": cols(terms + kinds),
        "all of these": everything,
        "all, and all again x tiles left / 34": np.column_stack(
            [everything, everything[:, 1:] * early]
        ),
    }
    print(f"{len(y)} rows from {len(set(game.tolist()))} games ({test.sum()} held out)")
    for name, x in sets.items():
        c = fit(x[~test], y[~test])
        print(
            f"{name:40s} {x.shape[1]:4d} columns: loss {loss(x[~test] @ c, y[~test]):.4f} "
            f"fitted, {loss(x[test] @ c, y[test]):.4f} held out"
        )


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--min-turn", type=int, default=0)
    ap.add_argument(
        "--without",
        action="append",
        default=[],
        choices=TERMS[1:],
        help="leave a term out of the fit (its weight 0): the hand's worth predicts results "
        "but, as a reason to choose, makes the search keep tiles instead of playing them",
    )
    ap.add_argument(
        "--by-deck",
        action="store_true",
        help="also fit each stretch of the game (tiles left in the deck) on its own",
    )
    ap.add_argument(
        "--features",
        action="store_true",
        help="compare the held-out loss of richer feature sets (the board's other columns)",
    )
    args = ap.parse_args(argv)
    if args.features:
        compare_features(args.data)
        return 0
    x, y, other = load(args.data, args.min_turn)
    game, deck = other["game"].astype(int), other["deck"]
    for t in args.without:
        x[:, TERMS.index(t)] = 0.0
    test = game % 5 == 0
    print(f"{len(y)} rows from {len(set(game.tolist()))} games ({test.sum()} held out)")
    base = loss(score_of(x[test], default_weights()), y[test])
    print(f"shipped weights: held-out loss {base:.4f}")
    c = fit(x[~test], y[~test])
    print(
        f"fitted: held-out loss {loss(x[test] @ c, y[test]):.4f}; raw coefficients "
        + ", ".join(f"{t} {v:.4g}" for t, v in zip(TERMS, c, strict=True))
    )
    w = weights_of(c)
    print("as weights (now = 1): " + ", ".join(f"{k} {v:.4g}" for k, v in w.items()))
    print(
        f"  the same rescaled to now = 1: held-out loss {loss(score_of(x[test], w), y[test]):.4f}"
    )
    print("bot: hard:" + ",".join(f"w.{k}={v:.6g}" for k, v in w.items()))
    if args.by_deck:
        # What a lead in material is worth against HQ hit points along the game: Medium's
        # one-battle terms (tiles standing after the battle) and Hard's, stretch by stretch.
        medium = np.column_stack([x[:, 0], other["count"]])
        for lo, hi in BUCKETS:
            m = (deck >= lo) & (deck < hi)
            cm = fit(medium[~test & m], y[~test & m])
            ch = fit(x[~test & m], y[~test & m])
            wh = weights_of(ch)
            print(
                f"deck {lo}-{hi} ({m.sum()} rows): HQ point {cm[0]:.3g}, a tile "
                f"{cm[1] / cm[0]:.3g} of an HQ point (Medium's material); Hard's material_deep "
                f"{wh['material_deep']:.3g}, future {wh['future']:.3g}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
