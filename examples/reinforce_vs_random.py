"""A policy learned from scratch with REINFORCE on the Gymnasium environment (docs/RL.md),
against the random bot: numpy only, a few minutes on two cores. Needs the ``rl`` extra.

    .venv/bin/python examples/reinforce_vs_random.py                  # 4,000 games
    .venv/bin/python examples/reinforce_vs_random.py --episodes 300 --eval-games 100

The policy is a linear softmax over the legal actions (the mask): an action's score is the
sum of the weights of its features, read from the action's number (``Game.action_blocks``:
its kind; the tile, hex and facing of a placement; the tile of a discard; the hex of an HQ)
and from the observation (where the enemy HQ is: does the placed unit stand next to it, face
it next to it, or face it from further along a line). Every weight starts at 0, so the
untrained policy is uniformly random. Each game (seats alternating, Borgo against Moloch)
ends in +1, 0 or -1; REINFORCE moves the weights along the gradient of the log-probability of
each action played, times the game's result minus a running mean of the results.

It prints the policy's win rate against the random bot (a draw counts half, 95% Wilson
interval) before and after training, on the same evaluation games (seeds), and the weights
that grew most; ``--json`` prints the numbers as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import numpy as np

from nshex_pygame.envs.gymnasium import NeuroshimaHexEnv

ARMIES = "borgo;moloch"
STEPS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
"""The six directions' axial steps, N then clockwise (docs/NOTATION.md, Geometry)."""
FEATURES_PER_ACTION = 7


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _cells(n: int) -> list[tuple[int, int]]:
    """The board's hexes in the encoding's cell order: rows ``r`` ascending, then ``q``."""
    radius = {19: 2, 37: 3}[n]
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


class Features:
    """Each action number's features as indices into the weights (``size`` is the padding
    index, whose weight stays 0)."""

    def __init__(self, env: NeuroshimaHexEnv) -> None:
        g = env.game
        self.planes, self.n, _ = g.observation_shape()
        slots = g.tile_slots()
        self.slots = slots
        self.t = len(slots)
        self.hq_slots = [i for i, s in enumerate(slots) if s.endswith(".hq")]
        self.blocks = [name for name, _, _ in g.action_blocks()]
        b, t, n = len(self.blocks), self.t, self.n
        self.size = b + 5 * t + 2 * n
        self.static = np.full((g.num_distinct_actions(), 4), self.size, np.int64)
        self.place = np.full((g.num_distinct_actions(), 3), -1, np.int64)  # slot, cell, facing
        for k, (name, start, length) in enumerate(g.action_blocks()):
            rows = np.arange(start, start + length)
            self.static[rows, 0] = k
            off = rows - start
            if name == "place":
                slot, cell, facing = off // (n * 6), (off // 6) % n, off % 6
                self.static[rows, 1] = b + slot
                self.static[rows, 2] = b + 2 * t + cell
                self.place[rows] = np.stack([slot, cell, facing], axis=1)
            elif name == "discard":
                self.static[rows, 1] = b + t + off
            elif name == "place_hq":
                self.static[rows, 1] = b + 5 * t + n + off // 6
        cells = _cells(n)
        self.hexes = [f"{q},{r}" for q, r in cells]
        # toward[c, e]: the direction from hex c along which hex e lies (-1: on no line).
        self.toward = np.full((n, n), -1, np.int64)
        self.distance = np.zeros((n, n), np.int64)
        for c, (q, r) in enumerate(cells):
            for e, (q2, r2) in enumerate(cells):
                dq, dr = q2 - q, r2 - r
                self.distance[c, e] = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                for d, (sq, sr) in enumerate(STEPS):
                    k = self.distance[c, e]
                    if k and (sq * k, sr * k) == (dq, dr):
                        self.toward[c, e] = d

    def names(self) -> list[str]:
        """Each weight's meaning, in index order."""
        return (
            self.blocks
            + [f"place {s}" for s in self.slots]
            + [f"discard {s}" for s in self.slots]
            + [f"place on {h}" for h in self.hexes]
            + [f"{s} facing the enemy HQ next to it" for s in self.slots]
            + [f"{s} facing the enemy HQ along a line" for s in self.slots]
            + [f"{s} next to the enemy HQ" for s in self.slots]
            + [f"HQ on {h}" for h in self.hexes]
        )

    def enemy_hq(self, obs: np.ndarray) -> int:
        """The cell of the next seat's HQ, or -1 before it is placed."""
        planes = obs[: self.planes * self.n].reshape(self.planes, self.n)
        hq = planes[self.hq_slots].sum(axis=0) * planes[self.t + 1]
        found = np.flatnonzero(hq)
        return int(found[0]) if len(found) else -1

    def of(self, legal: np.ndarray, obs: np.ndarray) -> np.ndarray:
        """The legal actions' feature indices: one row an action."""
        rows = np.full((len(legal), FEATURES_PER_ACTION), self.size, np.int64)
        rows[:, :4] = self.static[legal]
        enemy = self.enemy_hq(obs)
        place = self.place[legal]
        placed = place[:, 0] >= 0
        if enemy >= 0 and placed.any():
            b, t, n = len(self.blocks), self.t, self.n
            slot, cell, facing = place[placed].T
            dist = self.distance[cell, enemy]
            faces = self.toward[cell, enemy] == facing
            sub = rows[placed]
            sub[:, 4] = np.where(faces & (dist == 1), b + 2 * t + n + slot, self.size)
            sub[:, 5] = np.where(faces & (dist > 1), b + 3 * t + n + slot, self.size)
            sub[:, 6] = np.where(dist == 1, b + 4 * t + n + slot, self.size)
            rows[placed] = sub
        return rows


class Policy:
    """The linear softmax policy and its REINFORCE update."""

    def __init__(self, features: Features, rng: np.random.Generator) -> None:
        self.f = features
        self.w = np.zeros(features.size + 1)
        self.rng = rng

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        scores = self.w[rows].sum(axis=1)
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()

    def act(self, obs: dict[str, np.ndarray], trace: list | None) -> int:
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        rows = self.f.of(legal, obs["observation"])
        p = self.probabilities(rows)
        i = int(self.rng.choice(len(legal), p=p))
        if trace is not None:
            trace.append((rows, p, i))
        return int(legal[i])

    def update(self, trace: list, advantage: float, lr: float) -> None:
        grad = np.zeros_like(self.w)
        for rows, p, i in trace:
            np.add.at(grad, rows[i], 1.0)
            np.add.at(grad, rows, -p[:, None])
        grad[self.f.size] = 0.0
        self.w += lr * advantage * grad / max(1, len(trace))


def play(env: NeuroshimaHexEnv, policy: Policy, seed: int, trace: list | None) -> float:
    """One game against the random bot: the policy's result (+1, 0, -1)."""
    obs, _ = env.reset(seed=seed)
    while True:
        obs, reward, done, _, _ = env.step(policy.act(obs, trace))
        if done:
            return reward


def evaluate(envs: list[NeuroshimaHexEnv], policy: Policy, games: int, seed: int) -> dict:
    score = 0.0
    for i in range(games):
        score += (play(envs[i % 2], policy, seed + i, None) + 1) / 2
    low, high = wilson(score, games)
    return {"games": games, "win_rate": score / games, "interval95": [low, high]}


def run(args: argparse.Namespace) -> dict[str, Any]:
    envs = [NeuroshimaHexEnv(opponent="random", seat=s, armies=ARMIES) for s in (0, 1)]
    policy = Policy(Features(envs[0]), np.random.default_rng(args.seed))
    eval_seed = 1_000_000 + args.seed
    before = evaluate(envs, policy, args.eval_games, eval_seed)
    started = time.perf_counter()
    baseline, curve = 0.0, []
    for episode in range(args.episodes):
        trace: list = []
        result = play(envs[episode % 2], policy, args.seed * 100_000 + episode, trace)
        policy.update(trace, result - baseline, args.lr)
        baseline += 0.01 * (result - baseline)
        curve.append(result)
        if args.progress and (episode + 1) % 250 == 0:
            recent = np.mean(curve[-250:]) / 2 + 0.5
            print(f"episode {episode + 1}: last 250 games {recent:.1%}", file=sys.stderr)
    trained = time.perf_counter() - started
    after = evaluate(envs, policy, args.eval_games, eval_seed)
    names = policy.f.names()
    top = np.argsort(-np.abs(policy.w[: policy.f.size]))[:8]
    return {
        "episodes": args.episodes,
        "training_seconds": trained,
        "before": before,
        "after": after,
        "largest_weights": [(names[i], round(float(policy.w[i]), 3)) for i in top],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=4000, help="training games")
    parser.add_argument("--eval-games", type=int, default=200, help="games before and after")
    parser.add_argument("--lr", type=float, default=1.0, help="the learning rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true", help="a line every 250 games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.episodes < 0 or args.eval_games < 1:
        parser.error("--episodes must be at least 0 and --eval-games at least 1")
    r = run(args)
    if args.json:
        print(json.dumps(r, indent=1))
        return 0
    for when in ("before", "after"):
        e = r[when]
        low, high = e["interval95"]
        print(
            f"{when} {r['episodes'] if when == 'after' else 0} training games: win rate"
            f" {e['win_rate']:.1%} (95% {low:.1%} - {high:.1%}) over {e['games']} games"
            " against the random bot"
        )
    print(f"training: {r['training_seconds']:.0f} s; largest weights:")
    for name, w in r["largest_weights"]:
        print(f"  {w:+.3f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
