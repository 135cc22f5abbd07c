"""The engine's fixed action encoding and observation tensor from Python (docs/RL.md).

Every legal action of 1,000 random states (every army, board, mode and option mixed) decodes
to the engine's own action, and the encoded legal actions are exactly the engine's legal
actions; the mask marks them; the observation is float32 of the documented shape. Needs only
numpy (to read the buffers), no learning library.
"""

from __future__ import annotations

import random

import pytest

from nshex_pygame.core import CHANCE, Game, IllegalActionError

np = pytest.importorskip("numpy")

CONFIGS: list[dict] = [
    {"armies": ["borgo", "moloch"]},
    {"armies": ["hegemony", "outpost"], "variants": ["reinforcements"], "mercenaries": 2},
    {"armies": ["smart", "vegas"], "board": "duel"},
    {"armies": ["doomsday", "borgo"], "mad_bomber": "neutral"},
    {"armies": ["vegas", "smart"], "mad_bomber": "mercenary", "mercenaries": 1},
    {"armies": ["borgo", "moloch", "hegemony"], "board": "expanded", "mode": "one_vs_team"},
    {"armies": ["borgo", "moloch", "hegemony", "outpost"], "board": "expanded", "mode": "team"},
    {"armies": ["outpost", "doomsday", "smart", "borgo"], "board": "expanded", "mode": "points"},
    {"armies": ["moloch", "vegas", "hegemony"], "board": "expanded", "mode": "deathmatch"},
]


def _decision_states(count: int) -> list[Game]:
    """`count` decision states of random games, every configuration in turn."""
    rng = random.Random(42)
    states: list[Game] = []
    k = 0
    while len(states) < count:
        cfg = CONFIGS[k % len(CONFIGS)]
        g = Game(seed=k, **cfg)
        k += 1
        while not g.is_terminal() and len(states) < count:
            if g.current_player() == CHANCE:
                g.apply_action(g.natural_draw())
                continue
            if rng.random() < 0.25:
                states.append(g.clone())
            g.apply_action(rng.choice(g.legal_actions()))
    return states


def test_every_legal_action_of_1000_random_states_decodes_to_the_engines_action() -> None:
    kinds: set[str] = set()
    for g in _decision_states(1000):
        legal = g.legal_actions()
        encoded = g.encoded_legal_actions()
        assert encoded == sorted(encoded)
        decoded = [g.decode_action(a) for a in encoded]
        assert sorted(decoded) == sorted(legal)
        assert [g.encode_action(n) for n in decoded] == encoded
        mask = np.frombuffer(g.action_mask(), dtype=np.uint8)
        assert mask.shape == (g.num_distinct_actions(),)
        assert np.flatnonzero(mask).tolist() == encoded
        kinds |= {g.describe_action(n)["kind"] for n in decoded}
    # The states cover the game's many kinds of decision, not just placements.
    assert len(kinds) >= 12, kinds


def test_applying_an_encoded_action_is_applying_the_engines_action() -> None:
    for g in _decision_states(60):
        a = random.Random(len(g.history())).choice(g.encoded_legal_actions())
        h = g.clone()
        g.apply_encoded(a)
        h.apply_action(h.decode_action(a))
        assert g == h


def test_an_illegal_or_unknown_number_is_refused_and_changes_nothing() -> None:
    g = Game(["borgo", "moloch"], seed=1)
    before = g.clone()
    illegal = next(a for a in range(g.num_distinct_actions()) if a not in g.encoded_legal_actions())
    with pytest.raises(IllegalActionError):
        g.apply_encoded(illegal)
    for bad in (-1, g.num_distinct_actions(), 10**12):
        with pytest.raises(IllegalActionError, match="not an action number"):
            g.apply_encoded(bad)
    assert g == before


def test_draws_are_tile_slots_with_the_decks_shares() -> None:
    g = Game(["borgo", "moloch"], seed=3)
    while g.current_player() != CHANCE:
        g.apply_encoded(g.encoded_legal_actions()[0])
    outcomes = g.encoded_chance_outcomes()
    slots = g.tile_slots()
    deck = g.observation(0)["decks"][g.observation(0)["to_move"]]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for slot, p in outcomes:
        assert p == pytest.approx(deck.count(slots[slot]) / len(deck))
    assert [s for s, _ in outcomes] == g.encoded_legal_actions()


def test_the_encoding_depends_only_on_the_parameters() -> None:
    a, b = Game(["borgo", "moloch"], seed=1), Game(["borgo", "moloch"], seed=2)
    assert a.num_distinct_actions() == b.num_distinct_actions()
    assert a.action_blocks() == b.action_blocks()
    blocks = a.action_blocks()
    assert blocks[0][:2] == ("place_hq", 0)
    assert sum(size for _, _, size in blocks) == a.num_distinct_actions()
    # Nothing of the Duel board's on the standard board; its procedures on the Duel board.
    sizes = dict((name, size) for name, _, size in blocks)
    assert sizes["procedure_swap"] == 0
    duel = dict((n, s) for n, _, s in Game(["smart", "vegas"], board="duel").action_blocks())
    assert duel["procedure_swap"] == 19 * 19 * 36


def test_the_observation_tensor_has_the_documented_shape_and_is_relative() -> None:
    g = Game(["borgo", "moloch"], seed=5)
    while len(g.observation(0)["units"]) < 2:
        if g.current_player() == CHANCE:
            g.apply_action(g.natural_draw())
        else:
            g.apply_encoded(g.encoded_legal_actions()[0])
    planes, cells, vector = g.observation_shape()
    slots = g.tile_slots()
    assert planes == len(slots) + 29 and cells == 19
    o0 = np.frombuffer(g.observation_tensor(0), dtype=np.float32)
    o1 = np.frombuffer(g.observation_tensor(1), dtype=np.float32)
    assert o0.shape == (planes * cells + vector,)
    board0 = o0[: planes * cells].reshape(planes, cells)
    board1 = o1[: planes * cells].reshape(planes, cells)
    t = len(slots)
    # Owner planes: seat 0's HQ is "mine" for seat 0 and "the next seat's" for seat 1.
    hq = slots.index("borgo.hq")
    cell = int(np.flatnonzero(board0[hq])[0])
    assert board0[t, cell] == 1 and board1[t + 1, cell] == 1 and board1[t, cell] == 0
    # The vector: the hands first (relative seat 0's, then the others'), per slot.
    hand0 = o0[planes * cells : planes * cells + t]
    assert sorted(slots[i] for i in np.flatnonzero(hand0)) == sorted(
        set(g.observation(0)["hands"][0])
    )
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        g.observation_tensor(2)


def test_returns_are_plus_minus_one_at_the_end() -> None:
    g = Game(["borgo", "moloch"], seed=9)
    rng = random.Random(9)
    assert g.returns() == [0.0, 0.0]
    while not g.is_terminal():
        g.apply_encoded(rng.choice(g.encoded_legal_actions()))
    winner = g.winner
    expected = {0: [1.0, -1.0], 1: [-1.0, 1.0], "draw": [0.0, 0.0]}[winner]
    assert g.returns() == expected


def test_the_example_of_docs_rl_decodes_as_it_says() -> None:
    g = Game(["borgo", "moloch"], seed=0)
    assert ("place", 154, 37 * 19 * 6) in g.action_blocks()
    assert g.action_to_string(g.decode_action(1000)) == "place borgo.medic -1,0 0"
    planes, cells, vector = g.observation_shape()
    assert (planes, cells, vector) == (37 + 29, 19, 12 * 37 + 55)
