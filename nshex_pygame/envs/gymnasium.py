"""Neuroshima Hex as a Gymnasium environment: the agent plays one seat, a built-in bot every
other seat.

    from nshex_pygame.envs.gymnasium import NeuroshimaHexEnv
    env = NeuroshimaHexEnv(opponent="easy", seat=0, armies="borgo;moloch")
    obs, info = env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.step(action)

``opponent``: ``random``, ``greedy``, ``easy``, ``medium``, ``hard`` (or any ``Bot`` name with
settings, ``"easy:iters=50"``). Spaces, observations and draws as in
:mod:`nshex_pygame.envs.pettingzoo`; the reward is the agent's return at the end (+1, -1, 0).
An action that is not legal changes nothing: the step gives reward 0, the same observation
and ``info["illegal_action"]`` with the reason (``info["action_mask"]`` is always the mask).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np

from nshex_pygame.core import Bot, Game, IllegalActionError
from nshex_pygame.envs.params import GameParams
from nshex_pygame.envs.pettingzoo import new_game, observation_spaces, observe_seat, play_draws

OPPONENTS = ("random", "greedy", "easy", "medium", "hard")
"""The built-in bots an agent is usually measured against (any ``Bot`` name works)."""


class NeuroshimaHexEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """One seat against built-in bots."""

    # gymnasium.Env declares metadata as an instance attribute; ruff wants a ClassVar
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}  # type: ignore[misc]

    def __init__(
        self,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        self.params = GameParams.of(**params)
        if not 0 <= seat < self.params.seats:
            raise ValueError(f"seat {seat} is not one of the game's {self.params.seats} seats")
        Bot(opponent, 0)  # refuses an unknown bot name now, with the engine's message
        self.opponent = opponent
        self.seat = seat
        self.render_mode = render_mode
        self.game: Game = self.params.new_game()
        # a spaces.Dict, whose samples are the dict of arrays Env's parameter names
        self.observation_space = observation_spaces(self.game)  # type: ignore[assignment]
        self.action_space = gymnasium.spaces.Discrete(self.game.num_distinct_actions())
        self._bots: list[Bot] = []

    def _advance(self) -> None:
        """Draws and the bots' decisions until the agent decides or the game ends."""
        g = self.game
        while not g.is_terminal():
            play_draws(g)
            p = g.current_player()
            if p == self.seat or g.is_terminal():
                return
            g.apply_action(self._bots[p].choose(g))

    def _obs(self) -> dict[str, np.ndarray]:
        return observe_seat(self.game, self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.game = new_game(self.params, self.np_random)
        base = int(self.np_random.integers(2**31))
        self._bots = [Bot(self.opponent, base + s) for s in range(self.params.seats)]
        self._advance()
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        g = self.game
        if g.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        info: dict[str, Any] = {}
        try:
            g.apply_encoded(int(action))
        except IllegalActionError as e:
            info["illegal_action"] = str(e)
        else:
            self._advance()
        obs = self._obs()
        info["action_mask"] = obs["action_mask"]
        done = g.is_terminal()
        reward = float(g.returns()[self.seat]) if done else 0.0
        return obs, reward, done, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return repr(self.game)
