"""Neuroshima Hex as an OpenSpiel game: importing this module registers
``python_neuroshima_hex`` with ``pyspiel.register_game``.

    import pyspiel
    import nshex_pygame.envs.openspiel  # registers the game
    game = pyspiel.load_game("python_neuroshima_hex(armies=borgo;moloch,board=standard)")

Parameters: those of :mod:`nshex_pygame.envs.params` (armies separated by ``;``). Actions are
the engine's fixed encoding (``Game.action_blocks``, docs/RL.md); a tile draw is an explicit
chance node whose outcomes are the tile slots left in the deck, each with its share of the
deck. Everything but the order of the decks is public and the draws are chance nodes, so the
game has perfect information. Returns: +1 a win, -1 a loss, 0 a draw (zero-sum with two
seats); with three or four seats and teams each seat gets +1 if it or its side wins, -1 if it
loses, 0 for a draw or a win shared with a rival (general-sum). docs/RL.md has the details.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from nshex_pygame.core import CHANCE, TERMINAL, Game
from nshex_pygame.envs.params import DEFAULTS, GameParams

SHORT_NAME = "python_neuroshima_hex"
MAX_GAME_LENGTH_PER_SEAT = 1500
"""An upper bound on a game's length (decisions and draws) per seat; random games stay far
below it (docs/RL.md)."""


def _game_type(seats: int) -> pyspiel.GameType:
    two = seats == 2
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Neuroshima Hex! 3.0",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=DEFAULTS,
    )


class _Box:
    """Holds the engine's game; OpenSpiel clones a state by deep-copying its attributes."""

    __slots__ = ("g",)

    def __init__(self, g: Game) -> None:
        self.g = g

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.g.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled (OpenSpiel's serialisation of Python states) as the engine's save file.
        return (_Box.from_save, (self.g.save(),))

    @staticmethod
    def from_save(text: str) -> _Box:
        return _Box(Game.load(text))


class NeuroshimaHexGame(pyspiel.Game):
    """The game: its parameters, sizes and states."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = GameParams.of(**(params or {}))
        probe = self.params.new_game()
        self._shape = probe.observation_shape()
        seats = self.params.seats
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(),
            max_chance_outcomes=len(probe.tile_slots()),
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if seats == 2 else None,
            max_game_length=MAX_GAME_LENGTH_PER_SEAT * seats,
        )
        super().__init__(_game_type(seats), info, {**DEFAULTS, **(params or {})})

    def new_initial_state(self) -> NeuroshimaHexState:
        return NeuroshimaHexState(self)

    def observation_shape_parts(self) -> tuple[int, int, int]:
        """(planes, cells, vector) of the observation tensor (docs/RL.md)."""
        return self._shape

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NeuroshimaHexObserver:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return NeuroshimaHexObserver(self._shape, perfect_recall)


class NeuroshimaHexState(pyspiel.State):
    """A state: the engine's game in a box."""

    def __init__(self, game: NeuroshimaHexGame) -> None:
        super().__init__(game)
        self._box = _Box(game.params.new_game())

    @property
    def engine(self) -> Game:
        """The engine's game (do not apply actions to it directly)."""
        return self._box.g

    def current_player(self) -> int:
        p = self._box.g.current_player()
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.g.encoded_legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._box.g.encoded_chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._box.g.apply_encoded(action)

    def _action_to_string(self, player: int, action: int) -> str:
        g = self._box.g
        try:
            return g.action_to_string(g.decode_action(action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._box.g.is_terminal()

    def returns(self) -> list[float]:
        return self._box.g.returns()

    def __str__(self) -> str:
        return repr(self._box.g)


_STRING_KEYS = (
    "turn",
    "to_move",
    "stage",
    "hq_hp",
    "hands",
    "decks",
    "discards",
    "units",
    "foundations",
    "energy",
    "terror",
    "ending",
    "mercenaries",
    "known_top",
    "eliminated",
    "credits",
    "rotations",
    "played",
    "used_mobility",
    "used_transport",
    "used_grant",
    "used_rotate",
    "winner",
)


class NeuroshimaHexObserver:
    """OpenSpiel's observer: the engine's observation tensor (wrapped by numpy, then copied
    into ``tensor``), and as a string the public state (observation) or the action history
    (information state, perfect recall)."""

    def __init__(self, shape: tuple[int, int, int], perfect_recall: bool) -> None:
        planes, cells, vector = shape
        self.tensor = np.zeros(planes * cells + vector, np.float32)
        self.dict = {
            "planes": self.tensor[: planes * cells].reshape(planes, cells),
            "vector": self.tensor[planes * cells :],
        }
        self._perfect_recall = perfect_recall

    def set_from(self, state: NeuroshimaHexState, player: int) -> None:
        raw = state.engine.observation_tensor(player)
        self.tensor[:] = np.frombuffer(raw, dtype=np.float32)

    def string_from(self, state: NeuroshimaHexState, player: int) -> str:
        if self._perfect_recall:
            return f"p{player}:" + ",".join(str(a) for a in state.history())
        view = state.engine.observation(player)
        return json.dumps({k: view.get(k) for k in _STRING_KEYS}, sort_keys=True)


pyspiel.register_game(_game_type(2), NeuroshimaHexGame)
