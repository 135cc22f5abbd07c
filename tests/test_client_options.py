"""The game's options in the client: the variants and the Mercenaries on the new-game screen
(into the engine's game and its save), the hire stage before the HQs, each seat's unused
Mercenaries on its panel, the Mercenaries offered at a draw, a hand of six tiles laid out
without overlap at every window size, the play limit, and the unlucky draw with Reinforcements
naming three instants. Every rule is the engine's (its legal actions and its view); these tests
check that the client shows it and plays it."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    drawn_texts,
    hand_pos,
    move,
    overflow_notes,
    play_by_clicks,
)
from conftest import FIXTURES

from nshex_pygame.client import storage
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.game.input import OfferButton
from nshex_pygame.client.scenes.setup import (
    MERCENARY_WAY_WORDS,
    MERCENARY_WORDS,
    VARIANT_WORDS,
    SetupScene,
)
from nshex_pygame.client.session import load_game
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, Game

MERCENARY_NAMES = {
    "Alabama Net Fighter",
    "Alabama Machine Gunner",
    "Alabama Rifleman",
    "Alabama Shield",
}
# Seat 0 (Reinforcements) holds a Mutant and two unused Mercenaries; its deck draws five
# instants and a Scout at its draw; seat 1 holds one Mercenary.
DRAW = (FIXTURES / "mercenaries_at_a_draw.toml").read_text(encoding="utf-8")


def _scene(app: App, game: Game, players: tuple[str, ...] = ()) -> GameScene:
    armies = game.view()["armies"]
    players = players or ("human",) * len(armies)
    seats = [SeatSetup(a, p) for a, p in zip(armies, players, strict=True)]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    return scene


def _drawn(game: Game) -> Game:
    """The DRAW game with seat 0's tiles drawn from the deck (no Mercenary taken)."""
    game.apply_line("draw")
    while game.current_player() == CHANCE:
        game.apply_action(game.natural_draw())
    return game


def _until(app: App, scene: GameScene, done, steps: int = 400) -> None:
    """Step the scene (the bots think and play) until ``done()``."""
    for _ in range(steps):
        if done():
            return
        scene.wait_for_ai()
        app.step(0.3, draw=False)
    raise AssertionError(f"never happened; stage {scene.view['stage']}, {scene.game.history()}")


# 1. The new-game screen ------------------------------------------------------------------


def test_the_new_game_screen_offers_the_options_and_the_game_and_its_save_keep_them(
    app, data_dir: Path
) -> None:
    setup = SetupScene(app, rng=random.Random(4))
    app.stack.clear_to(setup)
    app.step(0.0)
    click_button(app, setup, "Game options")
    texts = drawn_texts(app)
    for words in VARIANT_WORDS.values():  # each variant with its line of words
        assert words in texts
    assert MERCENARY_WORDS[0] in texts
    for label in ("Alternative start: off", "Reinforcements: off", "No unlucky draw: off"):
        assert any(b.label == label for b in setup.buttons), label
    click_button(app, setup, "Reinforcements: off")
    click_button(app, setup, "No unlucky draw: off")
    assert any(b.label == "Reinforcements: on" and b.selected for b in setup.buttons)
    click_button(app, setup, "2 each")
    click_button(app, setup, "Dealt at random")
    texts = drawn_texts(app)
    assert MERCENARY_WORDS[2] in texts and MERCENARY_WAY_WORDS[True] in texts
    assert not overflow_notes(app)
    click_button(app, setup, "Start the game")
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    game = scene.game
    assert sorted(game.variants) == ["no_unlucky_draw", "reinforcements"]
    assert game.mercenaries_per_seat == 2
    assert scene.view["options"]["random_mercenaries"] is True
    assert all(len(game.mercenaries(s)) == 2 for s in range(2)), "dealt at once"
    assert scene.view["hand_limit"] == 6
    # the save keeps them
    loaded, problem = load_game(storage.autosave_path())
    assert problem is None
    again, _saved = loaded
    assert sorted(again.variants) == ["no_unlucky_draw", "reinforcements"]
    assert again.mercenaries_per_seat == 2
    assert again.mercenaries(0) == game.mercenaries(0)


def test_two_mercenaries_each_is_for_two_players_only(app) -> None:
    setup = SetupScene(app, rng=random.Random(1))
    app.stack.clear_to(setup)
    setup.toggle_options()
    setup.set_mercenaries(2)
    setup.set_count(3)
    assert setup.mercenaries == 1, "three players: one each at most"
    two = next(b for b in setup.buttons if b.label == "2 each")
    assert not two.enabled
    click(app, two.rect.center)
    assert setup.mercenaries == 1 and "two players only" in setup.problem
    setup.set_player(1, "random")
    setup.set_player(2, "random")
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.mercenaries_per_seat == 1 and len(scene.armies) == 3
    assert scene.stage == "hire", "picked in turn, before the HQs"


# 2. The hire stage ----------------------------------------------------------------------


def test_the_hire_stage_offers_the_mercenaries_and_a_computer_seat_hires_by_itself(app) -> None:
    game = Game(["borgo", "moloch"], 7, mercenaries=1)
    scene = _scene(app, game, ("human", "random"))
    assert scene.stage == "hire"
    offers = [b for b in scene.buttons if isinstance(b, OfferButton)]
    assert {b.label for b in offers} == MERCENARY_NAMES
    texts = drawn_texts(app)
    assert "Pick a Mercenary to hire." in texts
    assert "Borgo: hire a Mercenary (click one on the right)" in texts
    assert set(texts) >= MERCENARY_NAMES, "each offered tile with its name"
    assert not overflow_notes(app)
    click_button(app, scene, "Alabama Shield")
    assert game is scene.game and scene.game.mercenaries(0) == ["mercenaries.alabama_shield"]
    # the computer seat hires one of the three left by itself, then the HQs go down
    _until(app, scene, lambda: scene.game.mercenaries(1))
    assert scene.game.mercenaries(1)[0] in {
        "mercenaries.alabama_net_fighter",
        "mercenaries.alabama_machine_gunner",
        "mercenaries.alabama_rifleman",
    }
    _until(app, scene, lambda: scene.stage == "place_hq")
    assert any("hires the Mercenary Alabama Shield" in line for line, *_ in scene.log)


# 3. Each seat's unused Mercenaries ------------------------------------------------------


def test_each_seat_panel_shows_its_unused_mercenaries_beside_its_deck(app) -> None:
    scene = _scene(app, Game.from_scenario(DRAW))
    texts = drawn_texts(app)
    assert texts.count("Mercenaries") >= 2, "a Mercenaries heading on each panel"
    assert "Rifleman / Shield" in texts and "Net Fighter" in texts
    for seat in range(2):
        panel = scene.seat_panels.seat_rect(seat)
        area = scene.seat_panels.mercenary_rect(seat)
        assert area is not None and panel.contains(area)
        deck, pile = scene.seat_panels.stack_rects(seat)
        assert not area.colliderect(deck) and not area.colliderect(pile)
        for rect, _centre in scene.hand_rects(seat):
            assert not area.colliderect(rect)
    # hovering them names them all
    move(app, scene.seat_panels.mercenary_rect(0).center)
    texts = drawn_texts(app)
    assert "Borgo Mercenaries" in texts
    assert any("Alabama Shield" in t and "Alabama Rifleman" in t for t in texts)
    # a game without Mercenaries shows none
    _scene(app, Game(["borgo", "moloch"], 1))
    assert "Mercenaries" not in drawn_texts(app)


# 4. The Mercenaries offered at a draw ---------------------------------------------------


def test_at_a_draw_the_player_takes_a_mercenary_or_draws_from_the_deck(app) -> None:
    scene = _scene(app, Game.from_scenario(DRAW))
    assert scene.stage == "mercenary"
    texts = drawn_texts(app)
    assert "Take a Mercenary instead of a deck tile?" in texts
    labels = [b.label for b in scene.buttons]
    assert "Alabama Rifleman" in labels and "Alabama Shield" in labels
    assert "Draw from the deck (Space)" in labels
    assert not overflow_notes(app)
    click_button(app, scene, "Alabama Rifleman")
    assert "mercenaries.alabama_rifleman" in scene.hand(0)
    assert scene.game.mercenaries(0) == ["mercenaries.alabama_shield"]
    assert scene.stage == "mercenary", "asked again: the Shield is still unused"
    click_button(app, scene, "Draw from the deck")
    _until(app, scene, lambda: scene.mover == 0 and scene.stage in ("main", "discard"))
    assert len(scene.hand(0)) == 6, "the deck filled the rest of the hand"
    assert scene.game.mercenaries(0) == ["mercenaries.alabama_shield"]
    assert "mercenaries.alabama_rifleman" in scene.hand(0), "a tile in hand like any other"


def test_a_computer_seat_answers_the_mercenaries_at_its_draw(app) -> None:
    scene = _scene(app, Game.from_scenario(DRAW), ("random", "human"))
    _until(app, scene, lambda: scene.stage != "mercenary" and scene.mover != CHANCE)
    first = scene.game.history()[0]
    assert first == "draw" or first.startswith("mercenary "), first


# 5. A hand of six, the play limit, the unlucky draw with Reinforcements ------------------


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1200), (320, 200)])
def test_a_hand_of_six_is_laid_out_without_overlap_at_every_window_size(data_dir, size) -> None:
    app = App(settings=Settings(window_size=list(size), animation_speed=8.0), strict=True)
    try:
        scene = _scene(app, _drawn(Game.from_scenario(DRAW)))
        hand = scene.hand(0)
        assert len(hand) == 6 and scene.stage == "discard"
        rects = scene.hand_rects(0)
        assert len(rects) == 6
        tile = scene.seat_panels.hand_size(0)
        centres = [c for _r, c in rects]
        for i, (ax, ay) in enumerate(centres):
            for bx, by in centres[i + 1 :]:  # flat-topped hexes: apart in a row or by rows
                assert abs(ax - bx) >= 2 * tile or abs(ay - by) >= 1.732 * tile
        panel = scene.seat_panels.seat_rect(0)
        deck, pile = scene.seat_panels.stack_rects(0)
        for rect, _centre in rects:
            assert panel.contains(rect.inflate(-6, -2 * (tile - round(tile * 0.866)) - 6))
            assert not rect.colliderect(deck) and not rect.colliderect(pile)
        for i in range(6):  # each tile answers a click through the scaled window
            scene.selected = None
            click(app, hand_pos(scene, 0, i))
            assert scene.selected == i, (size, i)
        scene.clear_choice()
        app.draw()
        assert not overflow_notes(app)
    finally:
        for s in reversed(app.stack.scenes):
            s.on_exit()
        pygame.display.set_mode((1280, 800))


def test_a_short_panel_lays_a_hand_of_six_in_one_row(app) -> None:
    game = Game(["borgo", "moloch", "outpost", "hegemony"], 2, variants=["reinforcements"])
    scene = _scene(app, game)
    for seat in range(4):
        assert scene.seat_panels.compact(seat)
        rects = scene.hand_rects(seat)
        assert len(rects) == 6
        centres = [c for _r, c in rects]
        for (ax, _ay), (bx, _by) in pairwise(centres):
            assert bx - ax >= 2 * scene.seat_panels.hand_size(seat)
        for rect, _centre in rects:
            assert scene.seat_panels.seat_rect(seat).contains(rect.inflate(-4, -8))
    assert not overflow_notes(app)


def test_the_play_limit_is_shown(app) -> None:
    game = _drawn(Game.from_scenario(DRAW))
    game.apply_line("discard borgo.battle")
    scene = _scene(app, game)
    assert scene.view["plays_left"] == 2
    assert "2 tiles a turn: 2 left" in drawn_texts(app)
    mutant = next(
        a for a, d in scene.legal if d.get("kind") == "place" and d.get("tile") == "borgo.mutant"
    )
    play_by_clicks(app, scene, mutant)
    assert "borgo.mutant" not in scene.hand(0)
    assert "2 tiles a turn: 1 left" in drawn_texts(app)
    # no limit, no words
    _scene(app, Game(["borgo", "moloch"], 1))
    assert not any("tiles a turn" in t for t in drawn_texts(app))


def test_the_unlucky_draw_with_reinforcements_names_three_drawn_instants(app) -> None:
    scene = _scene(app, _drawn(Game.from_scenario(DRAW)))
    choices = scene.input.unlucky_choices()
    assert len(choices) > 1, "the engine lists each choice of three"
    click_button(app, scene, "Unlucky draw: name three instants")
    assert scene.unlucky_pick == []
    hand = scene.hand(0)
    click(app, hand_pos(scene, 0, hand.index("borgo.mutant")))  # kept, not drawn: refused
    assert scene.unlucky_pick == [] and "cannot be one of the three" in scene.message
    battles = [i for i, t in enumerate(hand) if t == "borgo.battle"]
    move = hand.index("borgo.move")
    for index in (*battles, move):
        click(app, hand_pos(scene, 0, index))
    last = scene.game.history()[-1]
    assert last.startswith("unlucky ")
    assert Counter(last.split()[1:]) == Counter(["borgo.battle", "borgo.battle", "borgo.move"])
    assert scene.unlucky_pick is None
    assert any("uses the unlucky draw" in line for line, *_ in scene.log)
