"""The OpenSpiel game with ``hidden=true`` (docs/RL.md, "Hidden information"): the decks are
dealt face down at the start, the game has imperfect information, a seat's information state
holds what it has seen (decisions and draws, never the deal), ``resample_from_infostate``
deals the undrawn tiles again, and OpenSpiel's information-set MCTS plays complete games.
Skipped without the ``rl`` extra."""

from __future__ import annotations

from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import nshex_pygame.envs.openspiel  # noqa: E402, F401  (registers the game)


def _load(params: str):
    return pyspiel.load_game(f"python_neuroshima_hex({params},hidden=true)")


def _random_step(state, rng) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def _past_the_deal(state, rng):
    while state.is_chance_node():
        _random_step(state, rng)
    return state


def _deck_counts(state, seat: int) -> Counter:
    slots = state.engine.tile_slots()
    return Counter(slots.index(t) for t in state.engine.observation(0)["decks"][seat])


def test_hidden_is_imperfect_information_and_the_deal_comes_first() -> None:
    game = _load("armies=borgo;moloch")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(outcomes[0][0])
        dealt += 1
    assert dealt == 2 * 34  # every deck tile of both seats, face down, before the HQs
    assert state.current_player() == 0
    assert state.information_state_string(0) == "p0:"  # nothing of the deal is seen


@pytest.mark.parametrize(
    "params",
    [
        "armies=borgo;moloch",
        "armies=smart;vegas,board=duel",
        "armies=doomsday;smart,mad_bomber=neutral",
        "armies=borgo;moloch;hegemony;outpost,board=expanded,mode=team",
    ],
)
def test_hidden_passes_pyspiels_checks(params: str) -> None:
    pyspiel.random_sim_test(_load(params), num_sims=1, serialize=True, verbose=False)


def test_the_draws_follow_the_deal_and_a_tile_put_back_on_top_comes_first() -> None:
    # Smart's Bio-droid returns to the top of its deck (D-34) and the Mad Bomber passes on to
    # a deck's top (D-24): at every decision each deck is exactly the undrawn deal plus the
    # known tiles on top.
    rng = np.random.RandomState(3)
    known = 0
    for params in ("armies=smart;vegas,board=duel", "armies=vegas;smart,mad_bomber=mercenary"):
        game = _load(params)
        for _ in range(4):
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    tops = state.engine.observation(0)["known_top"]
                    for seat, deal in enumerate(state._box.deal):
                        extra = _deck_counts(state, seat) - Counter(deal)
                        assert not Counter(deal) - _deck_counts(state, seat)
                        assert sum(extra.values()) == tops[seat]
                    known += sum(tops) > 0
                _random_step(state, rng)
    assert known > 0  # the tiles put back on top were met


def test_the_next_draw_is_the_next_tile_dealt() -> None:
    state = _past_the_deal(
        _load("armies=borgo;moloch").new_initial_state(), np.random.RandomState(1)
    )
    next_tiles = [deal[0] for deal in state._box.deal]
    rng = np.random.RandomState(2)
    while all(len(d) == 34 for d in state._box.deal):
        _random_step(state, rng)
    drawn = state.information_state_string(0).split("d")[1].split(",")[0]
    assert int(drawn) in next_tiles


def test_resampling_keeps_the_information_state_and_changes_the_deal() -> None:
    rng = np.random.RandomState(5)
    state = _past_the_deal(_load("armies=borgo;moloch").new_initial_state(), rng)
    for _ in range(40):  # into the game: some tiles drawn, some placed
        _random_step(state, rng)
    seat = state.current_player()
    orders = set()
    for k in range(8):
        other = state.resample_from_infostate(seat, np.random.RandomState(k).uniform)
        for s in range(2):
            assert other.information_state_string(s) == state.information_state_string(s)
            assert other.information_state_tensor(s) == state.information_state_tensor(s)
            assert Counter(other._box.deal[s]) == Counter(state._box.deal[s])
        assert other.legal_actions() == state.legal_actions()
        orders.add(tuple(map(tuple, other._box.deal)))
    assert len(orders) > 1  # the undrawn tiles were dealt again
    # Two states that differ only in the deal look the same to every seat.
    assert state.information_state_string(1 - seat) == f"p{1 - seat}:" + state._box.info


def test_ismcts_plays_a_complete_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load("armies=borgo;moloch")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _random_step(state, rng)
        else:
            state.apply_action(bot.step(state))
            decisions += 1
    assert decisions > 20
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
