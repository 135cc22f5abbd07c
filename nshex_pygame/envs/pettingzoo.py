"""Neuroshima Hex as a PettingZoo AEC environment.

    from nshex_pygame.envs.pettingzoo import env
    e = env(armies="borgo;moloch;hegemony", board="expanded")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else pick(obs["observation"], obs["action_mask"])
        e.step(action)

Agents ``player_0`` .. ``player_{S-1}`` (seats in order). Each has a ``Discrete`` action space
over the engine's fixed encoding (docs/RL.md) and observes ``{"observation": float32 tensor,
"action_mask": int8 mask}``; the mask is all zeros for an agent that is not to move. Tile
draws happen inside the environment: ``reset(seed=...)`` seeds its generator, which shuffles
the decks, and each draw takes the top tile (so each tile left in the deck is as likely).
Rewards come at the end: +1 a win (of the agent's side), -1 a loss, 0 a draw or a win shared
with a rival. An action that is not legal raises ``IllegalActionError`` (a ``ValueError``)
saying why, and changes nothing.
Parameters: those of :mod:`nshex_pygame.envs.params`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from nshex_pygame.core import CHANCE, Game
from nshex_pygame.envs.params import GameParams

OBS_HIGH = 10_000.0
"""The observation space's upper bound (counts, hit points, turns: far below it)."""


def env(**params: Any) -> AECEnv:
    """The environment with PettingZoo's call-order checks (``OrderEnforcingWrapper``). No
    bounds wrapper: the engine refuses a number out of range itself, saying why."""
    return OrderEnforcing(raw_env(**params))


def _checked(name: str) -> property:
    """The wrapped environment's attribute ``name``, refused before ``reset`` as PettingZoo's
    wrapper refuses it, without its two ``__getattr__`` calls."""

    def get(self: OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, made cheap: its loop
    reads the environment's attributes through two ``__getattr__`` calls each (eight a step,
    most of a step's time); here they are properties, and ``last`` and ``step`` go straight
    to the environment once the order is checked (docs/RL.md, Speed)."""

    rewards = _checked("rewards")
    terminations = _checked("terminations")
    truncations = _checked("truncations")
    infos = _checked("infos")
    agent_selection = _checked("agent_selection")
    agents = _checked("agents")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


def observation_spaces(game: Game) -> spaces.Dict:
    """The observation space of a game's agents."""
    planes, cells, vector = game.observation_shape()
    n = game.num_distinct_actions()
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, OBS_HIGH, (planes * cells + vector,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }
    )


def new_game(params: GameParams, rng: np.random.Generator) -> Game:
    """A new game whose decks ``rng`` shuffles (uniformly): ``play_draws`` follows them."""
    game = params.new_game()
    game.resample_hidden(int(rng.integers(2**63)))
    return game


def play_draws(game: Game) -> None:
    """Draws tiles while the game is at a chance node, each the top of its deck as
    ``new_game`` shuffled it: every tile left in the deck is as likely (one engine call a
    draw instead of sampling from the chance outcomes in Python)."""
    while game.current_player() == CHANCE:
        game.apply_action(game.natural_draw())  # type: ignore[arg-type]


def observe_seat(game: Game, seat: int) -> dict[str, np.ndarray]:
    """``{"observation", "action_mask"}`` of `seat` (a zero mask unless it is to move)."""
    obs = np.frombuffer(game.observation_tensor(seat), dtype=np.float32)
    if game.current_player() == seat:
        mask = np.frombuffer(game.action_mask(), dtype=np.int8)
    else:
        mask = np.zeros(game.num_distinct_actions(), np.int8)
    return {"observation": obs, "action_mask": mask}


class raw_env(AECEnv):
    """The AEC environment without wrappers (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "neuroshima_hex_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        self.params = GameParams.of(**params)
        self.render_mode = render_mode
        self.game = self.params.new_game()
        self.possible_agents = [f"player_{s}" for s in range(self.params.seats)]
        self.agents = list(self.possible_agents)
        space = observation_spaces(self.game)
        n = self.game.num_distinct_actions()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        self.game = new_game(self.params, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        play_draws(self.game)
        self._select()

    def _select(self) -> None:
        p = self.game.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe_seat(self.game, self._seat[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            observe_seat(self.game, self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: an action is needed, not None")
        self.game.apply_encoded(int(action))
        play_draws(self.game)
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_terminal():
            for a, r in zip(self.agents, self.game.returns(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        g = self.game
        lines = [repr(g)]
        lines += [f"  {u['seat']} {u['tile']} at {u['at']}" for u in g.observation(0)["units"]]
        return "\n".join(lines)

    def close(self) -> None:
        pass
