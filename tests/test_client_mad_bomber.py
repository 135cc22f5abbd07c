"""The Mad Bomber (D-24) in the client: its line on the options page (off, neutral, mercenary)
passed to the engine, a neutral unit ("seat": "neutral") drawn, hovered and replayed without
a seat of its own, its explosion played back, its flight to the deck it lands on (read from
the engine's ``deck_tops``) and the panel showing it as that seat's next draw, its discard
flying on too, its leaving the game, and placing it from hand in the mercenary mode. Every
rule is the engine's; these tests check that the client shows it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    drawn_texts,
    move,
    overflow_notes,
    play_by_clicks,
)

from nshex_pygame.client import armystyle, rulestext, tileart
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.setup import MAD_BOMBER_WORDS, SetupScene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.storage import SeatSetup, Settings, autosave_path
from nshex_pygame.core import Game

SCRIPTS = Path(__file__).resolve().parent / "scripts"
BOMBER = "mercenaries.mad_bomber"


def scenario(name: str) -> str:
    """A script's position as ``Game.from_scenario`` takes it (without [script], [expect])."""
    text = (SCRIPTS / f"{name}.toml").read_text(encoding="utf-8")
    return re.split(r"^\[(?:expect|script)\]", text, flags=re.M)[0]


SHOT = scenario("mad_bomber_shot_explodes_sparing_hqs_and_goes_to_the_next_deck_d24")
TWO_SEATS = scenario("mad_bomber_hit_by_two_seats_in_one_phase_leaves_the_game_d24")
DISCARDED = scenario("mad_bomber_discarded_passes_on_and_is_drawn_first_d24")
PLACED = scenario("mad_bomber_placed_in_the_mercenary_mode_belongs_to_its_placer_d24")


def _scene(app: App, game: Game) -> GameScene:
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    return scene


def _play(app: App, scene: GameScene, line: str) -> None:
    play_by_clicks(app, scene, scene.game.string_to_action(line))
    assert line.split()[0] in scene.game.history()[-1], scene.game.history()


def _battle_to_its_end(app: App, scene: GameScene) -> None:
    """Step the battle playback (drawn every frame) until the game scene is back on top."""
    for _ in range(800):
        if app.stack.top is scene:
            return
        app.step(0.1)
    raise AssertionError("the battle playback never ended")


def _land(app: App, scene: GameScene) -> None:
    """Step the game scene (drawn) until the Mad Bomber's flight has landed."""
    for _ in range(200):
        if not scene.flights:
            return
        app.step(0.02)
    raise AssertionError("the Mad Bomber never landed")


# 1. The options page ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["neutral", "mercenary"])
def test_the_options_page_offers_the_mad_bomber_and_the_game_and_its_save_keep_it(
    app, data_dir: Path, mode: str
) -> None:
    setup = SetupScene(app, rng=random.Random(2))
    app.stack.clear_to(setup)
    app.step(0.0)
    click_button(app, setup, "Game options")
    labels = [b.label for b in setup.buttons]
    assert {"No Mad Bomber", "Neutral", "Mercenary"} <= set(labels)
    assert MAD_BOMBER_WORDS["off"] in drawn_texts(app)
    click_button(app, setup, mode.capitalize())
    assert setup.mad_bomber == mode
    texts = drawn_texts(app)
    assert MAD_BOMBER_WORDS[mode] in " ".join(texts), "its line of words"
    assert any(f"Mad Bomber ({mode})" in t for t in texts), "in the options summary"
    assert not overflow_notes(app)
    click_button(app, setup, "Start the game")
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.mad_bomber == mode
    bombers = [u for u in scene.view["units"] if u["tile"] == BOMBER]
    assert [(tuple(u["at"]), u["seat"]) for u in bombers] == [((0, 0), "neutral")]
    loaded, problem = load_game(autosave_path())
    assert problem is None and loaded[0].mad_bomber == mode


def test_the_mad_bomber_words_fit_one_line_each() -> None:
    assert set(MAD_BOMBER_WORDS) == {"off", "neutral", "mercenary"}
    assert "next player's deck" in MAD_BOMBER_WORDS["neutral"]
    assert "owns it" in MAD_BOMBER_WORDS["mercenary"]


# 2. A neutral unit on the board, hovered, in every window size ---------------------------------


@pytest.mark.parametrize("size", [(1024, 640), (320, 200), (1280, 800)])
def test_a_game_with_the_neutral_mad_bomber_is_drawn_and_hovered(data_dir, size) -> None:
    app = App(settings=Settings(window_size=list(size), animation_speed=8.0), strict=True)
    try:
        scene = _scene(app, Game(["borgo", "moloch", "outpost"], 3, mad_bomber="neutral"))
        assert scene.units[(0, 0)]["seat"] == armystyle.NEUTRAL
        app.draw()
        move(app, scene.board.pixel((0, 0)))
        texts = drawn_texts(app)
        assert "Mad Bomber (neutral)" in texts, "the hover box names it, nobody's"
        assert any(t.startswith("Neutral: nobody's") for t in texts)
        for seat in range(3):
            move(app, scene.seat_panels.stack_rects(seat)[0].center)
            app.draw()
        scene.danger = True  # the danger view reads every unit's seat too
        app.draw()
    finally:
        for s in reversed(app.stack.scenes):
            s.on_exit()
        pygame.display.set_mode((1280, 800))


def test_the_mad_bomber_tile_has_its_own_look() -> None:
    info = tileart.info_of(BOMBER)
    assert tileart.edge_marks(info) == dict.fromkeys(range(6), "trigger"), "six marked edges"
    plain = tileart.render_tile(BOMBER, 46)
    ringed = tileart.render_tile(BOMBER, 46, ring=armystyle.NEUTRAL_RING)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(ringed, "RGBA")
    # a bomb, not the "-" disc of a tile without initiative
    other = tileart.render_tile("mercenaries.alabama_shield", 46)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(other, "RGBA")
    assert armystyle.seat_of({"seat": "neutral"}) is None
    assert armystyle.seat_of({"seat": 2}) == 2
    assert armystyle.controller_of({"seat": "neutral", "controller": 4}, 2) is None
    assert armystyle.controller_of({"seat": "neutral", "controller": 1}, 2) == 1


def test_the_rules_pages_explain_the_mad_bomber() -> None:
    titles = [title for title, _ in rulestext.TUTORIAL]
    assert "The Mad Bomber" in titles
    words = " ".join(dict(rulestext.TUTORIAL)["The Mad Bomber"])
    assert "next player's deck" in words and "mercenary" in words


# 3. The explosion, the flight, the deck ------------------------------------------------------


def test_the_explosion_plays_and_the_bomber_flies_to_the_next_deck(app) -> None:
    scene = _scene(app, Game.from_scenario(SHOT))
    _play(app, scene, "discard battle")
    _play(app, scene, "play battle")
    battle = app.stack.top
    assert battle is not scene and battle.scene_name == "battle"
    kinds = [step.kind for step in battle.model.playback.steps]
    assert "explode" in kinds
    _battle_to_its_end(app, scene)
    assert battle.model.finished
    assert any("the Mad Bomber" in line for line, *_ in scene.log), "the battle's dead name it"
    # the engine says where it went; the client flies it there and shows it on that deck
    assert scene.game.deck_tops() == [[], [BOMBER]]
    assert [f.seat for f in scene.flights] == [1]
    assert scene.seat_panels.deck_top(1) is None, "still flying"
    app.step(0.01)
    assert scene.busy()
    _land(app, scene)
    assert scene.seat_panels.deck_top(1) == BOMBER and scene.seat_panels.deck_top(0) is None
    assert any("top of the Hegemony deck" in line for line, *_ in scene.log)
    move(app, scene.seat_panels.stack_rects(1)[0].center)
    assert "Next draw: Mad Bomber (face up on top)" in drawn_texts(app)
    # then seat 1 draws it first
    for _ in range(100):
        if BOMBER in scene.hand(1):
            break
        app.step(0.1, draw=False)
    assert BOMBER in scene.hand(1) and scene.game.deck_tops() == [[], []]


def test_a_discarded_mad_bomber_flies_to_the_next_deck(app) -> None:
    scene = _scene(app, Game.from_scenario(DISCARDED))
    _play(app, scene, "discard mad_bomber")
    assert [f.seat for f in scene.flights] == [1]
    _land(app, scene)
    assert scene.seat_panels.deck_top(1) == BOMBER


def test_a_mad_bomber_hit_by_two_seats_leaves_the_game(app) -> None:
    scene = _scene(app, Game.from_scenario(TWO_SEATS))
    _play(app, scene, "discard battle")
    _play(app, scene, "play battle")
    _battle_to_its_end(app, scene)
    assert not scene.flights and scene.game.deck_tops() == [[], []]
    assert scene.bomber_gone > 0
    assert rulestext.MAD_BOMBER_GONE in [line for line, *_ in scene.log]
    assert "Mad Bomber leaves the game" in drawn_texts(app)


# 4. The mercenary mode: placed from hand, it is the placer's ---------------------------------


def test_placing_the_mad_bomber_in_the_mercenary_mode_makes_it_the_placers(app) -> None:
    scene = _scene(app, Game.from_scenario(PLACED))
    _play(app, scene, "discard battle")
    _play(app, scene, "place mad_bomber 1,0 0")
    unit = scene.units[(1, 0)]
    assert unit["tile"] == BOMBER and unit["seat"] == 0
    move(app, scene.board.pixel((1, 0)))
    texts = drawn_texts(app)
    assert any(t.startswith("Borgo Mad Bomber") for t in texts)
    assert "Placed by Borgo: it is theirs." in texts
    assert not overflow_notes(app)


def test_a_replay_of_a_game_with_the_mad_bomber_is_drawn(app) -> None:
    scene = _scene(app, Game.from_scenario(SHOT))
    _play(app, scene, "discard battle")
    _play(app, scene, "play battle")
    _battle_to_its_end(app, scene)
    _land(app, scene)
    from nshex_pygame.client.scenes.replay import ReplayScene

    replay = ReplayScene(app, scene.game, list(scene.seats))
    app.stack.push(replay)
    for _ in range(len(replay.rep.frames)):
        app.draw()
        replay.index = min(replay.index + 1, len(replay.rep.frames) - 1)
    app.draw()
