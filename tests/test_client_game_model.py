"""The game scene's model (``scenes/game/model.py``) on its own, without a window: the choice
under way narrows the engine's legal actions (a tile, then its hex, then its facing), steps
back one choice at a time, and names one action only when every choice is made."""

from __future__ import annotations

from nshex_pygame.client.scenes.game.layout import as_hex
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.core import Game


def _model_with_a_tile_to_place() -> tuple[GameModel, str]:
    """A model read from a game whose mover has a board tile to place (after the HQs)."""
    game = Game(["borgo", "moloch"], seed=3)
    for _ in range(200):
        model = GameModel()
        model.read(game)
        model.legal = game.legal_actions_described()
        places = [d for _a, d in model.legal if d.get("kind") == "place"]
        if places and model.stage == "main":
            return model, str(places[0]["tile"])
        action = game.natural_draw() if game.current_player() < 0 else None
        game.apply_action(action if action is not None else game.legal_actions()[0])
    raise AssertionError("no placement reached")


def test_a_tile_then_a_hex_then_a_facing_name_one_action() -> None:
    model, tile = _model_with_a_tile_to_place()
    cands = model.candidates(tile)
    assert cands and all(d["kind"] == "place" and d["tile"] == tile for _a, d in cands)
    assert model.next_slot(cands) == "at"
    assert model.chosen(tile) is None, "no hex chosen yet"
    at = sorted(model.slot_hexes(cands, "at"))[0]
    model.partial = {"kind": "place", "at": at}
    rest = model.candidates(tile)
    faces = model.facings(rest)
    assert rest and faces and model.next_slot(rest) is None
    model.facing = model.default_facing(at, faces)
    chosen = model.chosen(tile)
    assert chosen is not None
    action, desc = chosen
    assert (as_hex(desc["at"]), desc["facing"]) == (at, model.facing)
    assert action in {a for a, _d in model.legal}


def test_stepping_back_takes_the_last_choice_first() -> None:
    model, tile = _model_with_a_tile_to_place()
    at = sorted(model.slot_hexes(model.candidates(tile), "at"))[0]
    model.selected = 0
    model.partial = {"kind": "place", "at": at}
    assert model.step_back() and model.partial == {} and model.selected == 0
    assert model.step_back() and model.selected is None
    assert not model.step_back(), "nothing left to take back"


def test_the_questions_about_the_legal_actions() -> None:
    model, _tile = _model_with_a_tile_to_place()
    assert model.actions_of("place") == [(a, d) for a, d in model.legal if d["kind"] == "place"]
    assert model.actions_of("credit") == []
    assert model.rotation_due() is None and model.credits_left() == 0
