"""The Doomsday Machine in the client: the army on the new-game screen, its edge markers drawn
(long links, entries and exits, the Trap's marked edge), the HQ's rotation and the Small Bomb
made by clicks, and redirected shots, loops and the Trap's explosion in the battle playback."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from client_support import (
    actions_by_kind,
    click,
    click_button,
    decisions,
    drawn_texts,
    key,
    play_by_clicks,
)

from nshex_pygame.client import rulestext, tileart
from nshex_pygame.client.scenes.gallery import GalleryScene
from nshex_pygame.client.scenes.game import GameScene
from nshex_pygame.client.scenes.rules import RulesScene
from nshex_pygame.client.scenes.setup import SetupScene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game

TESTS = Path(__file__).resolve().parent


def scenario(path: Path) -> str:
    """A conformance or script file as ``Game.from_scenario`` takes it: without its test tables
    (``[expect]``, ``[script]``)."""
    text = path.read_text(encoding="utf-8")
    return re.split(r"^\[(?:expect|script)\]", text, flags=re.M)[0]


def test_the_new_game_screen_offers_the_doomsday_machine_for_two_to_four_seats(app) -> None:
    for count in (2, 3, 4):
        setup = SetupScene(app, rng=random.Random(3))
        app.stack.clear_to(setup)
        app.step(0.0)
        click_button(app, setup, f"{count} players")
        labels = [b.label for b in setup.buttons]
        assert labels.count("Doomsday Machine") == count
        doomsday = next(b for b in setup.buttons if b.label == "Doomsday Machine")
        click(app, doomsday.rect.center)
        assert setup.armies[0] == "doomsday"
        click_button(app, setup, "Start the game")
        scene = app.stack.top
        assert isinstance(scene, GameScene)
        assert scene.game.view()["armies"][0] == "doomsday"
        assert len(scene.game.view()["armies"]) == count


def test_the_doomsday_machine_has_its_own_colour_name_and_emblem() -> None:
    from nshex_pygame.client import armystyle

    assert tileart.ARMY_NAMES["doomsday"] == "Doomsday Machine"
    others = {tileart.army_colour(a) for a in tileart.ARMY_NAMES if a != "doomsday"}
    assert tileart.army_colour("doomsday") not in others
    assert "doomsday" in armystyle.FIGURES and "doomsday" in armystyle.SCHEMES
    assert "doomsday" in rulestext.ARMIES


def test_the_edge_markers_are_read_for_every_doomsday_tile() -> None:
    marks = {
        t: tileart.edge_marks(tileart.info_of(t)) for t in ("doomsday.tripler", "doomsday.trap")
    }
    assert marks["doomsday.tripler"] == {
        0: "exit",
        1: "exit",
        2: "entry",
        3: "entry",
        4: "entry",
        5: "exit",
    }
    assert marks["doomsday.trap"] == {0: "trigger"}
    for tile in ("doomsday.doom_net_fighter", "doomsday.fireblast"):
        assert tileart.edge_marks(tileart.info_of(tile)) == {
            0: "exit",
            1: "entry",
            2: "entry",
            3: "entry",
            4: "entry",
            5: "entry",
        }
    for tile in ("doomsday.officer", "doomsday.medic", "doomsday.main_war_processor"):
        assert tileart.edge_marks(tileart.info_of(tile)) == {0: "long_link"}
    assert tileart.edge_marks(tileart.info_of("doomsday.scout")) == {}
    assert tileart.edge_marks(tileart.info_of("borgo.officer")) == {}


@pytest.mark.parametrize(
    "tile", ["doomsday.tripler", "doomsday.fireblast", "doomsday.trap", "doomsday.officer"]
)
def test_a_marked_edge_is_drawn(tile: str, monkeypatch) -> None:
    """The tile with its markers differs from the same tile drawn without them."""
    marked = pygame.image.tobytes(tileart.render_tile(tile, 60, 1), "RGBA")
    tileart._render.cache_clear()
    monkeypatch.setattr(tileart, "edge_marks", lambda info: {})
    plain = pygame.image.tobytes(tileart.render_tile(tile, 60, 1), "RGBA")
    tileart._render.cache_clear()
    assert marked != plain


def test_the_tile_words_name_the_markers() -> None:
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.tripler")))
    assert "back: entry" in lines and "front: exit" in lines
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.trap")))
    assert "front: marked edge" in lines
    lines = " ".join(rulestext.tile_description(tileart.info_of("doomsday.medic")))
    assert "front: long link (1 and 2 hexes)" in lines


def test_the_gallery_shows_the_doomsday_tiles(app) -> None:
    gallery = GalleryScene(app)
    app.stack.clear_to(gallery)
    click_button(app, gallery, "Doomsday Machine")
    shown = [tile for tile, _at in gallery.positions()]
    assert "doomsday.tripler" in shown and "doomsday.small_bomb" in shown
    assert all(b.rect.right <= 1280 for b in gallery.buttons)
    app.step(0.0)


def test_the_rules_explain_the_new_symbols_and_abilities(app) -> None:
    names = [name for name, _words in rulestext.SYMBOLS]
    assert {"long_link", "redirect", "trigger"} <= set(names)
    rules = RulesScene(app)
    app.stack.clear_to(rules)
    rules.page = rules.symbols_page
    app.step(0.0)
    shown = {tile for tile, _at, _size in rules.shown}
    assert {"doomsday.officer", "doomsday.tripler", "doomsday.trap"} <= shown
    titles = [title for title, _ in rulestext.TUTORIAL]
    rules.page = titles.index("The Doomsday Machine")
    text = " ".join(drawn_texts(app))
    for words in ("Redirectors", "Small Bomb", "long link", "marked edge", "turn one of your"):
        assert words in text, words
    # the abilities pages show the engine's words for the new keywords, with a Doomsday tile
    from nshex_pygame.client.scenes.rules import ability_entries

    holders = {e["keyword"]: e.get("tile") for e in ability_entries()}
    for keyword in ("hq-rotate-own-unit", "redirector", "redirector-triple", "trap"):
        assert str(holders[keyword]).startswith("doomsday."), keyword


def _script_game(app, name: str, *lines: str) -> tuple[Game, GameScene]:
    game = Game.from_scenario(scenario(TESTS / "scripts" / name), name)
    for line in lines:
        game.apply_line(line)
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.clear_to(scene)
    app.step(0.0)
    return game, scene


ROTATES = "ddm_hq_rotates_one_own_unit_once_a_turn_d20.toml"
BOMBS = "ddm_small_bomb_wounds_units_not_the_hq_d23.toml"


def test_the_hq_turns_an_own_unit_by_clicks(app) -> None:
    game, scene = _script_game(app, ROTATES, "discard battle")
    turns = [a for a in game.legal_actions() if game.describe_action(a)["kind"] == "rotate"]
    assert turns, "the engine offers the HQ's rotation"
    assert any(b.label.startswith("HQ: turn a unit") for b in scene.buttons)
    assert "click a unit for the HQ to turn" in scene.prompt()
    action = next(a for a in turns if game.describe_action(a)["facing"] == 3)
    play_by_clicks(app, scene, action)
    assert game.history()[-1] == "rotate 1,-1 3"
    assert any("HQ rotation: turns Delta Shooter" in line for line, *_ in scene.log)
    assert not any(game.describe_action(a)["kind"] == "rotate" for a in game.legal_actions())
    assert not any(b.label.startswith("HQ: turn a unit") for b in scene.buttons)


def test_the_rotation_button_lights_the_units_the_hq_may_turn(app) -> None:
    game, scene = _script_game(app, ROTATES, "discard battle")
    played = len(game.history())
    click_button(app, scene, "HQ: turn a unit")
    assert scene.partial == {"kind": "rotate"}
    lit = {at for at, colour in scene.drawing.marks().outlines.items() if colour == (255, 210, 70)}
    assert lit == {(1, -1)}, "only the own unit (not the HQ, not the enemy)"
    click(app, scene.board.pixel((0, 1)))  # the Borgo mutant: not ours
    assert "at" not in scene.partial
    click(app, scene.board.pixel((1, -1)))
    assert scene.partial.get("at") == (1, -1)
    assert scene.preview() is not None and scene.preview()[0] == "doomsday.delta_shooter"
    assert scene.facing != 0, "a turn starts from the next facing, not the one it has"
    key(app, pygame.K_ESCAPE)  # taken back
    assert not scene.partial
    assert len(game.history()) == played, "nothing played"


def test_the_small_bomb_is_played_by_clicking_three_touching_hexes(app) -> None:
    game, scene = _script_game(app, BOMBS, "discard battle")
    bombs = [a for a in game.legal_actions() if game.describe_action(a)["kind"] == "small_bomb"]
    triangles = [{tuple(h) for h in game.describe_action(a)["hexes"]} for a in bombs]
    hand = scene.hand(0)
    click(app, scene.board.pixel((0, 0)))  # nothing selected: nothing happens
    click(app, scene.hand_rects(0)[hand.index("doomsday.small_bomb")][1])
    lit = scene.slot_hexes(scene.candidates(), "hexes")
    assert lit == set().union(*triangles)
    click(app, scene.board.pixel((1, -1)))
    lit = scene.slot_hexes(scene.candidates(), "hexes")
    assert lit == set().union(*(t for t in triangles if (1, -1) in t)) - {(1, -1)}
    assert "1 of 3 chosen" in scene.prompt()
    click(app, scene.board.pixel((1, 0)))
    click(app, scene.board.pixel((0, 0)))
    assert len(scene.candidates()) == 1 and scene.chosen() is not None
    click(app, scene.board.pixel((1, 0)))  # one of the three again: confirmed
    assert game.history()[-1].startswith("play small_bomb")
    assert {tuple(u["at"]) for u in game.view()["units"]} == {(-2, 0), (0, 0)}
    assert any(line.startswith("Doomsday Machine Small Bomb kills") for line, *_ in scene.log)


def test_every_small_bomb_triangle_can_be_clicked(app) -> None:
    for index in range(3):
        game, scene = _script_game(app, BOMBS, "discard battle")
        bombs = [a for a in game.legal_actions() if game.describe_action(a)["kind"] == "small_bomb"]
        action = bombs[index * 4 % len(bombs)]
        expected = game.action_to_string(action)
        play_by_clicks(app, scene, action)
        assert game.history()[-1] == expected


def test_a_doomsday_game_by_clicks_makes_exactly_the_engines_actions(app) -> None:
    """Random legal actions (a kind first, so the HQ's rotation and the Small Bomb come up),
    each made by clicks, each exactly the engine's action."""
    kinds: set[str] = set()
    for seed in range(3):
        game = Game(["doomsday", "moloch"], seed)
        seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
        scene = GameScene(app, game, seats, seed=1)
        app.stack.clear_to(scene)
        app.step(0.0)
        rng = random.Random(seed)
        for _ in decisions(app, scene, 200):
            by_kind = actions_by_kind(game)
            action = rng.choice(by_kind[rng.choice(sorted(by_kind))])
            expected = game.action_to_string(action)
            play_by_clicks(app, scene, action)
            assert game.history()[-1] == expected, scene.message
            kinds.add(expected.split()[0])
            if expected.startswith("play small_bomb"):
                kinds.add("small_bomb")
    assert {"rotate", "small_bomb"} <= kinds, sorted(kinds)


def _battle(app, name: str):
    """The battle of a conformance position opened for playback (the strict app checks the
    board it ends on against the engine's)."""
    from nshex_pygame.client.shots import position_battle
    from nshex_pygame.core import Position

    position = Position.from_toml(scenario(TESTS / "conformance" / f"{name}.toml"), name)
    return position_battle(app, position)


TRIPLER = "ddm_tripler_splits_a_shot_three_ways_armor_per_copy_faq83"
LOOP = "ddm_three_redirector_loop_is_infinite_d19"
TRAP = "ddm_trap_set_off_by_an_enemy_shot_d21"


def _play_to(app, battle, kind: str, nth: int = 1):
    """Advance the playback to its ``nth`` step of ``kind`` (None if there is none)."""
    pb = battle.model.playback
    seen = 0
    while not pb.done:
        if pb.current.kind == kind:
            seen += 1
            if seen == nth:
                return pb.current
        battle.words.log_step(pb.advance())
    return None


def test_a_shot_split_by_the_tripler_is_traced_out_of_each_exit_with_its_copies(
    app, monkeypatch
) -> None:
    from nshex_pygame.client.scenes.battle import effects
    from nshex_pygame.client.scenes.battle.playback import copies_words

    battle, _result = _battle(app, TRIPLER)
    steps = [s for s in battle.model.playback.steps if s.kind == "redirected"]
    assert len(steps) == 1, "one path for the whole redirected shot"
    assert len(steps[0].group) == 3, "with the three exits' copies"
    events = battle.model.playback.phases[steps[0].phase]["events"]
    for event in steps[0].group:
        index = next(i for i, e in enumerate(events) if e is event)
        assert copies_words(events, index) == "x3"
    legs = battle.model.chain_of(steps[0])
    assert {leg.hexes[-1] for leg in legs if leg.label} == {(0, -1), (2, -2), (-1, 0)}, (
        "each copy flies to the unit it hits"
    )
    flights: list[tuple] = []
    real = effects.flight
    monkeypatch.setattr(
        effects,
        "flight",
        lambda s, points, k, army: flights.append(points) or real(s, points, k, army),
    )
    step = _play_to(app, battle, "redirected")
    battle.model.elapsed = battle.model.duration(step) * 0.9
    floats: list[str] = []
    monkeypatch.setattr(battle.drawing, "_float", lambda s, at, words, *a: floats.append(words))
    app.draw()
    starts = {points[0] for points in flights}
    assert battle.drawing.board.pixel((0, 0)) in starts, "the copies leave the redirector"
    assert "x3" in floats
    assert sum("Tripler sends the shot on" in line for line, _c in battle.model.log) == 3
    battle.skip()  # to the end: the engine's board (strict app)


def test_a_redirected_shots_log_lines_name_where_each_copy_goes_never_a_direction(app) -> None:
    """Players read names and effects: each copy the Tripler sends on, toward the unit it
    hits (the engine's path ends there), with no direction letter and no hex."""
    battle, _result = _battle(app, TRIPLER)
    while _play_to(app, battle, "hit") is not None:  # the whole battle into the log
        battle.words.log_step(battle.model.playback.advance())
    lines = [line.strip() for line, _c in battle.model.log if "Tripler" in line]
    assert sorted(lines) == [
        f"Doomsday Machine Tripler sends the shot on toward the Moloch {name} (1 copy)"
        for name in ("Blocker", "Hunter-Killer", "Hybrid")
    ]
    for line in lines:
        assert not re.search(r"\b(N|NE|SE|S|SW|NW)\b|-?\d+\s*,\s*-?\d+", line), line
    battle.skip()


def test_an_endless_loop_is_labelled_and_its_tracer_stops(app, monkeypatch) -> None:
    from nshex_pygame.client.scenes.battle.layout import DURATIONS
    from nshex_pygame.client.scenes.battle.playback import LOOP_TIMES, redirect_loop

    battle, result = _battle(app, LOOP)
    steps = [s for s in battle.model.playback.steps if s.kind == "redirected"]
    assert len(steps) == 3 and all(s.event["copies"] == "infinite" for s in steps)
    events = battle.model.playback.phases[steps[0].phase]["events"]
    index = next(i for i, e in enumerate(events) if e is steps[0].event)
    assert redirect_loop(events, index) == [(0, 0), (2, 0), (0, 2)]
    assert 1 <= LOOP_TIMES <= 3 and 0 < DURATIONS["redirected"] < 2
    step = _play_to(app, battle, "redirected")
    floats: list[str] = []
    monkeypatch.setattr(battle.drawing, "_float", lambda s, at, words, *a: floats.append(words))
    for k in range(5):  # the tracer round the loop at several moments, the last at its end
        battle.model.elapsed = battle.model.duration(step) * k / 4
        app.draw()
    assert "\u221e loop" in floats
    assert "-\u221e" not in floats  # (a hit of the loop is labelled when its step plays)
    hit = _play_to(app, battle, "hit")
    battle.model.elapsed = battle.model.duration(hit) / 2
    app.draw()
    assert "-\u221e" in floats, "a hit of the loop: endless wounds"
    # the battle plays to its end in a bounded time: no step of the loop lasts for ever
    battle.model.elapsed = 0.0
    for _ in range(400):
        app.step(0.1, draw=False)
        if battle.model.finished:
            break
    assert battle.model.finished
    assert battle.model.playback.hq == list(result.hq_hp) == [20, 0]
    assert any("infinitely many copies" in line for line, _c in battle.model.log)


def test_the_traps_explosion_is_played_like_a_clowns(app) -> None:
    battle, _result = _battle(app, TRAP)
    step = _play_to(app, battle, "explode")
    assert step is not None and tuple(step.event["at"]) == (0, 0)
    battle.model.elapsed = battle.model.duration(step) / 2
    app.draw()
    assert any("Trap explodes" in line for line, _c in battle.model.log)
    assert (0, 0) in battle.model.acting()
    battle.skip()


def test_the_battle_log_words_a_redirection() -> None:
    from nshex_pygame.client.words import BattleBoard
    from nshex_pygame.describe import describe_event

    units = [
        {"at": [0, 0], "tile": "doomsday.tripler", "seat": 0, "facing": 0, "wounds": 0},
        {"at": [2, -2], "tile": "moloch.hybrid", "seat": 1, "facing": 0, "wounds": 0},
    ]
    board = BattleBoard(["doomsday", "moloch"], units)
    shot = {"kind": "redirected", "at": [0, 0], "dir": 1, "exit": 1, "copies": 3}
    line = describe_event(board, 1, dict(shot, path=[[1, -1], [2, -2]]))
    assert line.strip() == (
        "Doomsday Machine Tripler sends the shot on toward the Moloch Hybrid (3 copies)"
    )
    # nobody where the run ends: the copy flies off the board
    line = describe_event(board, 1, dict(shot, copies=1, path=[[1, -1]]))
    assert line.strip() == "Doomsday Machine Tripler sends the shot off the board (1 copy)"
    line = describe_event(board, 1, dict(shot, copies="infinite", path=[[1, -1], [2, -2]]))
    assert line.strip() == (
        "Doomsday Machine Tripler sends the shot on toward the Moloch Hybrid:"
        " infinitely many copies (a loop)"
    )
    # a board that does not ask for plain words (the command line's account) keeps its notation
    board.plain = False
    assert describe_event(board, 1, shot).strip() == (
        "Doomsday Machine Tripler redirects the shot NE: 3 copies"
    )
