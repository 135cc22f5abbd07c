"""The learning environments (docs/RL.md) against their libraries' own checks: OpenSpiel's
``random_sim_test`` and MCTS, PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's
``check_env``. Skipped when the ``rl`` extra is not installed (``pip install '.[rl]'``).
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import nshex_pygame.envs.openspiel  # noqa: E402, F401  (registers the game)
from nshex_pygame.envs.gymnasium import OPPONENTS, NeuroshimaHexEnv  # noqa: E402
from nshex_pygame.envs.pettingzoo import env as pz_env  # noqa: E402

# PettingZoo's test module imports its deprecated classic games, and its checks advise Box
# observations where ours (like its own board games') are {"observation", "action_mask"}.
pytestmark = [
    pytest.mark.filterwarnings("ignore::DeprecationWarning:pettingzoo"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

# Every army and mode and each board at least once (the fast subset); the slow test plays
# every army against every other on both two-seat boards.
GAMES = [
    "armies=borgo;moloch",
    "armies=hegemony;outpost,variants=reinforcements,mercenaries=2",
    "armies=doomsday;borgo,mad_bomber=neutral",
    "armies=smart;vegas,board=duel",
    "armies=vegas;doomsday,mad_bomber=mercenary,variants=alternative_start;no_unlucky_draw",
    "armies=borgo;moloch;hegemony,board=expanded,mode=one_vs_team",
    "armies=moloch;smart;outpost,board=expanded,mode=deathmatch",
    "armies=borgo;moloch;hegemony;outpost,board=expanded,mode=team",
    "armies=outpost;vegas;doomsday;hegemony,board=expanded,mode=points",
]
ARMIES = ["borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday"]


def _load(params: str):
    return pyspiel.load_game(f"python_neuroshima_hex({params})")


@pytest.mark.parametrize("params", GAMES)
def test_openspiel_random_simulations_pass_pyspiels_checks(params: str) -> None:
    game = _load(params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("board", ["standard", "duel"])
def test_openspiel_every_pairing_passes_pyspiels_checks(board: str) -> None:
    for a in ARMIES:
        for b in ARMIES:
            if a != b:
                game = _load(f"armies={a};{b},board={board}")
                pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_game_type_sizes_and_returns() -> None:
    two = _load("armies=borgo;moloch")
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert two.num_players() == 2
    assert two.max_chance_outcomes() == 37  # Borgo's and Moloch's tiles
    four = _load("armies=borgo;moloch;hegemony;outpost,board=expanded,mode=team")
    assert four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = four.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    # A team match: partners (seats 0 and 2, 1 and 3) share their side's result.
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert sorted(returns) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)


def test_openspiel_bad_parameters_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="seats=3 but 2 armies"):
        _load("armies=borgo;moloch,seats=3")
    with pytest.raises(ValueError, match="unknown army"):
        _load("armies=borgo;elves")


def test_openspiel_observation_and_information_state() -> None:
    game = _load("armies=borgo;moloch")
    state = game.new_initial_state()
    for _ in range(2):  # the two HQs
        state.apply_action(state.legal_actions()[0])
    tensor = np.asarray(state.observation_tensor(0), dtype=np.float32)
    assert tensor.shape == (game.observation_tensor_size(),)
    assert state.observation_string(0) == state.observation_string(1)  # all public
    assert state.information_state_string(0).startswith("p0:")


def test_openspiel_mcts_bot_plays_a_complete_game() -> None:
    from open_spiel.python.algorithms import mcts

    game = _load("armies=borgo;moloch")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


PZ_GAMES = [
    {"armies": "borgo;moloch"},
    {"armies": "borgo;moloch;hegemony", "board": "expanded"},
    {"armies": "borgo;moloch;hegemony;outpost", "board": "expanded", "mode": "team"},
]


@pytest.mark.parametrize("params", PZ_GAMES, ids=["2 seats", "3 seats", "4 seats"])
def test_pettingzoo_api_and_seed_tests(params: dict) -> None:
    from pettingzoo.test import api_test, seed_test

    api_test(pz_env(**params), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: pz_env(**params), num_cycles=300)


def test_pettingzoo_a_game_to_the_end_with_masks() -> None:
    e = pz_env(armies="smart;vegas", board="duel")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        rewards[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert obs["observation"].dtype == np.float32
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_pettingzoo_an_illegal_action_is_refused_and_changes_nothing() -> None:
    from nshex_pygame.core import IllegalActionError

    e = pz_env()
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.game.clone()
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    assert e.unwrapped.game == before


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_gymnasium_env_passes_check_env_against_each_bot(opponent: str) -> None:
    from gymnasium.utils.env_checker import check_env

    # The searching bots with a tiny budget: the checks, not their strength, are tested.
    name = opponent if opponent in ("random", "greedy") else f"{opponent}:iters=30"
    env = NeuroshimaHexEnv(opponent=name, seat=1)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    reward = 0.0
    while not done:
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert reward in (-1.0, 0.0, 1.0)


def test_gymnasium_an_illegal_action_changes_nothing_and_says_why() -> None:
    env = NeuroshimaHexEnv(opponent="random")
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.clone()
    obs2, reward, done, _, info = env.step(illegal)
    assert "illegal_action" in info and reward == 0.0 and not done
    assert env.game == before
    assert (obs2["observation"] == obs["observation"]).all()
