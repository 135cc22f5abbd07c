"""Neuroshima Hex as an OpenSpiel game: importing this module registers
``python_neuroshima_hex`` with ``pyspiel.register_game``.

    import pyspiel
    import nshex_pygame.envs.openspiel  # registers the game
    game = pyspiel.load_game("python_neuroshima_hex(armies=borgo;moloch,board=standard)")

Parameters: those of :mod:`nshex_pygame.envs.params` (armies separated by ``;``). Actions are
the engine's fixed encoding (``Game.action_blocks``, docs/RL.md); a tile draw is an explicit
chance node whose outcomes are the tile slots left in the deck, each with its share of the
deck. Everything but the order of the decks is public and the draws are chance nodes, so the
game has perfect information. With ``hidden=true`` the decks are dealt face down instead, one
chance node a tile, before anything else: the game then has imperfect information (nobody
knows the order; each draw reveals the next tile), with information states per seat and
``resample_from_infostate`` (a fresh order of what is left of every deck), so that
OpenSpiel's information-set MCTS plays it. Returns: +1 a win, -1 a loss, 0 a draw (zero-sum with two
seats); with three or four seats and teams each seat gets +1 if it or its side wins, -1 if it
loses, 0 for a draw or a win shared with a rival (general-sum). docs/RL.md has the details.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from nshex_pygame.core import CHANCE, TERMINAL, Game
from nshex_pygame.envs.params import DEFAULTS, GameParams

SHORT_NAME = "python_neuroshima_hex"
MAX_GAME_LENGTH_PER_SEAT = 1500
"""An upper bound on a game's length (decisions and draws) per seat; random games stay far
below it (docs/RL.md)."""


PARAMETERS: dict[str, Any] = {**DEFAULTS, "hidden": False}
"""The parameters of ``nshex_pygame.envs.params`` and ``hidden``: the decks dealt face down at
the start (imperfect information) instead of a chance node at each draw."""


def _game_type(seats: int, hidden: bool = False) -> pyspiel.GameType:
    two = seats == 2
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Neuroshima Hex! 3.0",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=hidden,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=PARAMETERS,
    )


class _Box:
    """Holds the engine's game and, with ``hidden``, the decks dealt face down: OpenSpiel
    clones a state by deep-copying its attributes, and this copy is cheap.

    ``deal[seat]`` is the seat's undrawn deck tiles (slots), the next one first; ``dealt``
    says the deal is over; ``info`` is what every seat has seen since: each decision and
    each tile drawn (the information state's history)."""

    __slots__ = ("deal", "dealt", "g", "info")

    def __init__(
        self, g: Game, deal: list[list[int]] | None = None, dealt: bool = False, info: str = ""
    ) -> None:
        self.g = g
        self.deal = deal
        self.dealt = dealt
        self.info = info

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        deal = None if self.deal is None else [d[:] for d in self.deal]
        return _Box(self.g.clone(), deal, self.dealt, self.info)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled (OpenSpiel's serialisation of Python states) as the engine's save file.
        return (_Box.from_save, (self.g.save(), self.deal, self.dealt, self.info))

    @staticmethod
    def from_save(
        text: str, deal: list[list[int]] | None = None, dealt: bool = False, info: str = ""
    ) -> _Box:
        return _Box(Game.load(text), deal, dealt, info)


class _Shared:
    """What the states of one game share and never change: each seat's deck at the start
    (slots) and the slots' tile ids. A clone keeps the same object."""

    __slots__ = ("decks", "slots")

    def __init__(self, decks: list[list[int]], slots: list[str]) -> None:
        self.decks = decks
        self.slots = slots

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class NeuroshimaHexGame(pyspiel.Game):
    """The game: its parameters, sizes and states."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.hidden = bool(given.pop("hidden", False))
        self.params = GameParams.of(**given)
        probe = self.params.new_game()
        self._shape = probe.observation_shape()
        self.slots = probe.tile_slots()
        slot_of = {t: i for i, t in enumerate(self.slots)}
        self.decks: list[list[int]] = [
            [slot_of[t] for t in deck] for deck in probe.observation(0)["decks"]
        ]
        """Each seat's deck at the start, as slots (what ``hidden`` deals)."""
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
        super().__init__(_game_type(seats, self.hidden), info, {**PARAMETERS, **(params or {})})

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
    """A state: the engine's game in a box (with ``hidden``, the deal beside it)."""

    def __init__(self, game: NeuroshimaHexGame) -> None:
        super().__init__(game)
        deal: list[list[int]] | None = [[] for _ in game.decks] if game.hidden else None
        self._box = _Box(game.params.new_game(), deal)
        self._shared = _Shared(game.decks, game.slots)

    @property
    def engine(self) -> Game:
        """The engine's game (do not apply actions to it directly). With ``hidden`` its own
        deck order is not the one dealt: the state draws by the deal."""
        return self._box.g

    def _dealing(self) -> int | None:
        """With ``hidden``, during the deal: the seat whose deck is being dealt."""
        b = self._box
        if b.deal is None or b.dealt:
            return None
        return next(s for s, d in enumerate(b.deal) if len(d) < len(self._shared.decks[s]))

    def current_player(self) -> int:
        if self._dealing() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        p = self._box.g.current_player()
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing() is not None:
            return [a for a, _ in self.chance_outcomes()]
        return self._box.g.encoded_legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seat = self._dealing()
        if seat is None:
            return self._box.g.encoded_chance_outcomes()
        left = list(self._shared.decks[seat])
        for slot in self._box.deal[seat]:  # type: ignore[index]
            left.remove(slot)
        return [(slot, left.count(slot) / len(left)) for slot in sorted(set(left))]

    def _apply_action(self, action: int) -> None:
        b = self._box
        seat = self._dealing()
        if seat is not None:
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"tile slot {action} is not left to deal to seat {seat}")
            b.deal[seat].append(action)  # type: ignore[index]
            b.dealt = all(len(d) == len(self._shared.decks[s]) for s, d in enumerate(b.deal))  # type: ignore[arg-type]
        else:
            b.g.apply_encoded(action)
            if b.deal is not None:
                b.info += f"{action},"
        if b.dealt:
            self._draw_as_dealt()

    def _draw_as_dealt(self) -> None:
        """With ``hidden``: every draw due now, from the deal (a tile put back on top of a
        deck, known to all, is drawn first)."""
        b = self._box
        g = b.g
        while (drawing := g.drawing()) is not None:
            seat, known = drawing
            # A tile put back on top is known and drawn first; else the deal's next tile.
            slot = g.encode_action(g.natural_draw()) if known else b.deal[seat].pop(0)  # type: ignore
            g.apply_encoded(slot)
            b.info += f"d{slot},"

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> NeuroshimaHexState:
        """A state ``player_id`` cannot tell from this one, drawn from its information set
        (with ``hidden``: every deck's undrawn tiles in a fresh order, uniformly; without,
        there is nothing to resample). ``probability_sampler()`` gives a number in [0, 1)
        that seeds the order."""
        state = self.clone()
        b = state._box
        if b.deal is None:
            return state
        rng = random.Random(int(probability_sampler() * 2**53))
        for seat, dealt in enumerate(b.deal):
            if b.dealt:
                rng.shuffle(dealt)
            else:  # during the deal, nothing dealt is known either
                deck = list(self._shared.decks[seat])
                rng.shuffle(deck)
                dealt[:] = deck[: len(dealt)]
        return state

    def _action_to_string(self, player: int, action: int) -> str:
        seat = self._dealing()
        if seat is not None:
            return f"deal {self._shared.slots[action]} to seat {seat}"
        g = self._box.g
        try:
            return g.action_to_string(g.decode_action(action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._dealing() is None and self._box.g.is_terminal()

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
            if state._box.deal is not None:  # hidden: the decisions and draws, not the deal
                return f"p{player}:" + state._box.info
            return f"p{player}:" + ",".join(str(a) for a in state.history())
        view = state.engine.observation(player)
        return json.dumps({k: view.get(k) for k in _STRING_KEYS}, sort_keys=True)


pyspiel.register_game(_game_type(2), NeuroshimaHexGame)
