"""The Duel in the client: Smart and Vegas, the Duel board, takeovers, foundations, energy and
procedures. Every decision is made through the screen and is exactly the engine's action; what
is drawn (taken-over units, Links, Mines, energy, Terror) comes from the engine's view."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
from client_support import (
    actions_by_kind,
    click,
    click_button,
    decisions,
    drawn_texts,
    greedy_position,
    key,
    move,
    play_by_clicks,
)

from nshex_pygame.client import board as board_module
from nshex_pygame.client import tileart
from nshex_pygame.client.backdrop import battle_scene
from nshex_pygame.client.scenes.battle import BattleScene
from nshex_pygame.client.scenes.battle.playback import Playback
from nshex_pygame.client.scenes.game import GameScene, hoverbox
from nshex_pygame.client.scenes.gameover import GameOverScene
from nshex_pygame.client.scenes.menu import MenuScene
from nshex_pygame.client.scenes.setup import SetupScene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game, tile_ids

ARMIES = ["smart", "vegas"]
NEW_KINDS = {"grant", "castling", "rotation", "terror", "turn_taken", "keep_taken"}
NEW_KINDS |= {"exchange", "buy", "procedure"}


def _find(stop, armies=ARMIES, board: str = "duel") -> Game:
    """Greedy against greedy until ``stop(game)`` holds with a seat to move."""
    return greedy_position(stop, armies, board, seeds=40, limit=600)


def _scene(app, game: Game, who=("human", "human")) -> GameScene:
    seats = [SeatSetup(a, p) for a, p in zip(game.view()["armies"], who, strict=True)]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.clear_to(scene)
    app.step(0.0)
    return scene


def _tags(app, monkeypatch) -> list[str]:
    """The words of the tags drawn on the board in one frame (TAKEN, LINK)."""
    labels: list[str] = []
    real = board_module._tag
    monkeypatch.setattr(
        board_module, "_tag", lambda s, label, *a: labels.append(label) or real(s, label, *a)
    )
    app.draw()
    return labels


def test_the_new_game_screen_offers_six_armies_and_the_duel_board(app) -> None:
    setup = SetupScene(app, rng=random.Random(3))
    app.stack.push(setup)
    app.step(0.0)
    labels = [b.label for b in setup.buttons]
    for name in ("Borgo", "Moloch", "Hegemony", "Outpost", "Smart", "Vegas"):
        assert labels.count(name) == 2, name  # one for each player
    assert "Standard board" in labels and "Duel board" in labels
    smart = next(b for b in setup.buttons if b.label == "Smart")
    click(app, smart.rect.center)
    click_button(app, setup, "Vegas")  # (the first Vegas: player 1's; the seats differ)
    click_button(app, setup, "Duel board")
    assert setup.board == "duel"
    click_button(app, setup, "Start the game")
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    view = scene.game.view()
    assert view["board"] == "duel" and len(view["terminals"]) == 7
    assert "vegas" in view["armies"]


def test_smart_and_vegas_tiles_render_with_their_own_colours_and_marks() -> None:
    colours = {tileart.army_colour(a) for a in tileart.ARMY_NAMES}
    assert len(colours) == len(tileart.ARMY_NAMES), "every army has its own colour"
    for tile in tile_ids("smart") + tile_ids("vegas"):
        image = tileart.render_tile(tile, 60, 2)
        assert image.get_width() > 100
    assert tileart.takeover_edges(tileart.info_of("vegas.hq")) == [1]
    assert tileart.takeover_edges(tileart.info_of("vegas.agitator")) == [0]
    assert tileart.takeover_edges(tileart.info_of("smart.hq")) == []
    assert tileart.info_of("vegas.mine")["kind"] == "foundation"


def test_a_taken_over_unit_and_the_links_are_marked(app, monkeypatch) -> None:
    game = _find(lambda g: any(u["controller"] != u["seat"] for u in g.view()["units"]))
    scene = _scene(app, game)
    tags = _tags(app, monkeypatch)
    taken = [u for u in game.view()["units"] if u["controller"] != u["seat"]]
    assert tags.count("TAKEN") == len(taken) > 0
    assert tags.count("LINK") == len(scene.links())
    unit = taken[0]
    _title, lines = hoverbox.unit_info(scene, unit)
    assert any(text.startswith("TAKEN OVER: Vegas") for text, _ in lines)


def test_the_links_the_engine_lists_are_tagged_on_the_board(app, monkeypatch) -> None:
    game = _find(lambda g: bool(g.view()["links"]))
    scene = _scene(app, game)
    links = game.view()["links"]
    assert scene.links() == {tuple(h) for h in links}
    assert _tags(app, monkeypatch).count("LINK") == len(links) > 0


def test_the_energy_track_and_terror_are_in_the_side_panels(app) -> None:
    game = _find(lambda g: bool(g.view()["terror"]))
    scene = _scene(app, game)
    drawn = drawn_texts(app)
    assert drawn.count("Energy") == 2
    assert "TERROR: no board tiles this turn" in drawn
    energy = game.view()["energy"]
    assert str(energy[0]) in drawn and str(energy[1]) in drawn
    assert scene.energy_in_play()


def test_mines_are_drawn_flat_on_their_hexes(app, monkeypatch) -> None:
    game = _find(lambda g: bool(g.view()["foundations"]))
    scene = _scene(app, game)
    drawn: list[Any] = []
    real = scene.board.draw_foundations
    monkeypatch.setattr(scene.board, "draw_foundations", lambda s, f: drawn.append(f) or real(s, f))
    app.draw()
    assert drawn == [game.view()["foundations"]]
    mine = game.view()["foundations"][0]
    assert tuple(mine["at"]) not in scene.units, "a Mine's hex holds no unit"


def test_the_takeover_rotation_is_asked_of_the_taking_seat_in_the_other_seats_turn(
    app,
) -> None:
    def due_in_other_turn(g: Game) -> bool:
        view = g.view()
        return bool(view["rotations"]) and view["to_move"] != g.current_player()

    game = _find(due_in_other_turn)
    view = game.view()
    answering = int(view["rotations"][0]["seat"])
    scene = _scene(app, game)
    assert scene.mover == answering != view["to_move"]
    prompt = scene.prompt()
    assert prompt.startswith(f"Vegas (Player {answering + 1})"), prompt
    assert "Smart's turn" in prompt
    assert any(b.label.startswith("Keep it") for b in scene.buttons)
    lit = scene.drawing.marks().outlines
    assert tuple(view["rotations"][0]["at"]) in lit, "the unit taken is lit"
    # keep it (K): exactly the engine's answer
    key(app, pygame.K_k)
    assert game.history()[-1].startswith("keep ")


def test_the_taken_unit_is_turned_by_clicks(app) -> None:
    game = _find(lambda g: bool(g.view()["rotations"]))
    scene = _scene(app, game)
    turn = next(a for a in game.legal_actions() if game.describe_action(a)["kind"] == "turn_taken")
    expected = game.action_to_string(turn)
    play_by_clicks(app, scene, turn)
    assert game.history()[-1] == expected


def test_the_procedure_buttons_are_greyed_with_the_engines_reason(app) -> None:
    def poor(g: Game) -> bool:
        view = g.view()
        seat = g.current_player()
        return view["stage"]["kind"] == "main" and view["energy"][seat] == 0 and view["turn"] > 2

    game = _find(poor)
    scene = _scene(app, game)
    buttons = scene.shown_procedures()
    assert [b.procedure for b in buttons] == [
        "rotation",
        "swap",
        "push",
        "laser",
        "elimination",
        "detonation",
    ]
    for button in buttons:
        assert not button.enabled
        cost = game.view()["procedure_costs"][button.procedure]
        # the engine's own refusal
        assert f"costs {cost} energy and you have 0" in button.hint, button.hint
    click(app, buttons[0].rect.center)
    assert "costs 1 energy" in scene.message
    assert not scene.partial


def test_a_procedure_the_player_can_pay_is_done_by_clicks(app) -> None:
    def rich(g: Game) -> bool:
        return any(g.describe_action(a).get("procedure") == "rotation" for a in g.legal_actions())

    game = _find(rich)
    scene = _scene(app, game)
    rotation = next(b for b in scene.shown_procedures() if b.procedure == "rotation")
    assert rotation.enabled and "Costs 1 energy" in rotation.hint
    action = next(
        a for a in game.legal_actions() if game.describe_action(a).get("procedure") == "rotation"
    )
    expected = game.action_to_string(action)
    play_by_clicks(app, scene, action)
    assert game.history()[-1] == expected


def test_the_vegas_hq_is_placed_with_a_facing(app) -> None:
    game = _find(lambda g: g.view()["stage"]["kind"] == "place_hq" and g.current_player() == 1)
    scene = _scene(app, game)
    hexes = scene.slot_hexes(scene.candidates(), "at")
    target = sorted(hexes)[0]
    click(app, scene.board.pixel(target))
    assert scene.model.facings(scene.candidates()) == [0, 1, 2, 3, 4, 5]
    key(app, pygame.K_e)
    key(app, pygame.K_e)
    assert scene.preview()[2] == 2, "the ghost HQ is turned"
    click(app, scene.board.pixel(target))
    assert game.history()[-1] == f"hq {target[0]},{target[1]} 2"


def _clicked_duel(app, seed: int) -> set[str]:
    """A Duel game between two humans, every decision a random legal action (a kind first,
    so the rare ones come up) made by clicks, each exactly the engine's action."""
    armies = [["smart", "vegas"], ["vegas", "smart"], ["vegas", "borgo"]][seed % 3]
    game = Game(armies, seed, board="duel" if seed % 4 else "standard")
    scene = _scene(app, game)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in decisions(app, scene, 260):
        by_kind = actions_by_kind(game, lambda desc: desc.get("procedure") or desc["kind"])
        if len(by_kind) > 1 and rng.random() < 0.85:
            by_kind.pop("buy", None)  # (it ends the turn and costs the HQ: a rarer choice)
        action = rng.choice(by_kind[rng.choice(sorted(by_kind))])
        expected = game.describe_action(action)
        if expected["kind"] == "place" and tuple(expected["at"]) in scene.units:
            kinds.add("place on a Transporter")
        length = len(game.history())
        play_by_clicks(app, scene, action)
        assert len(game.history()) == length + 1, (expected, scene.message)
        made = game.history()[-1]
        if made != expected["text"]:
            # the same move by Mobility, Transport or the HQ's grant: Mobility first
            moves = ("mobility", "transport", "grant")
            assert expected["kind"] in moves and made.split()[0] in moves, (made, expected)
        kinds.add(expected["kind"])
        if expected["kind"] == "procedure":
            kinds.add(f"procedure {expected['procedure']}")
        if (
            expected["kind"] == "place"
            and tileart.info_of(expected["tile"])["kind"] == "foundation"
        ):
            kinds.add("mine")
    app.step(0.016)
    app.stack.clear_to(MenuScene(app))
    return kinds


def test_every_new_decision_can_be_made_by_clicks(app) -> None:
    """Grant moves, Castling, Rotation, Terror, Mines, placing on a Transporter, the takeover
    rotation's answers, exchange, purchase and the procedures: each made through the screen."""
    kinds: set[str] = set()
    for seed in range(12):
        kinds |= _clicked_duel(app, seed)
    wanted = NEW_KINDS | {"mine", "procedure rotation", "procedure swap"}
    wanted |= {"place on a Transporter"}
    assert wanted <= kinds, sorted(wanted - kinds)


def test_the_battle_playback_shows_control_changing_between_phases() -> None:
    units = [
        {"at": [0, 0], "tile": "borgo.mutant", "seat": 0, "facing": 0, "wounds": 0},
        {"at": [1, 0], "tile": "vegas.agitator", "seat": 1, "facing": 0, "wounds": 0},
    ]
    phases = [
        {"initiative": 2, "events": [{"kind": "controlled", "at": [0, 0], "seat": 1}]},
        {"initiative": 1, "events": []},
    ]
    playback = Playback(units, phases, [20, 20])
    control = [s for s in playback.steps if s.kind == "control"]
    assert len(control) == 1 and control[0].phase == 1
    assert control[0].group == [{"at": [0, 0], "seat": None}], "back to its owner"
    playback.start()
    assert playback.controllers() == {(0, 0): 1}, "taken from the first phase"
    while playback.current is not None and playback.current.kind != "control":
        playback.advance()
    assert playback.controllers() == {}


def test_a_battle_with_a_takeover_is_played_back_with_its_control(app) -> None:
    def controlled_battle(g: Game) -> bool:
        battle = g.last_battle()
        return bool(battle) and any(
            e["kind"] == "controlled" for p in battle["phases"] for e in p["events"]
        )

    game = _find(controlled_battle)
    scene = _scene(app, game)
    battle = game.last_battle()
    app.stack.push(battle_scene(app, scene, battle, list(battle["hq_hp_before"])))
    top = app.stack.top
    assert isinstance(top, BattleScene)
    first = {
        tuple(e["at"]): e["seat"]
        for e in battle["phases"][0]["events"]
        if e["kind"] == "controlled"
    }
    top.model.playback.start()
    if first:
        assert top.model.playback.controllers() == {
            at: s for at, s in first.items() if at in top.model.playback.units
        }
    app.step(0.016)


def test_an_ai_duel_with_smart_and_vegas_runs_in_the_client(app) -> None:
    game = Game(["smart", "vegas"], 5, board="duel")
    scene = _scene(app, game, ("greedy", "random"))
    deadline = time.monotonic() + 40.0
    while time.monotonic() < deadline:
        if isinstance(app.stack.top, GameOverScene):
            break
        scene.wait_for_ai()
        app.step(0.25, draw=True)
    assert game.is_terminal(), "the game ended"
    problems = ("Engine error", "AI error", "The AI chose an illegal action")
    assert not [line for line, *_ in scene.log if line.startswith(problems)], scene.log


def test_the_replay_of_a_duel_shows_its_takeovers_links_and_mines(app, monkeypatch) -> None:
    game = _find(lambda g: any(u["controller"] != u["seat"] for u in g.view()["units"]))
    seats = [SeatSetup(a, "human") for a in game.view()["armies"]]
    rep = app.open("replay", game, seats)
    rep.index = len(rep.rep.frames) - 1
    tags = _tags(app, monkeypatch)
    view = rep.view
    taken = [u for u in view["units"] if u["controller"] != u["seat"]]
    assert tags.count("TAKEN") == len(taken) > 0
    assert view["board"] == "duel"


def test_a_mine_on_the_board_has_a_hover_box(app, monkeypatch) -> None:
    game = _find(lambda g: bool(g.view()["foundations"]))
    scene = _scene(app, game)
    shown: list[str] = []
    monkeypatch.setattr(
        "nshex_pygame.client.widgets.tooltip", lambda s, title, *a, **k: shown.append(title)
    )
    mine = game.view()["foundations"][0]
    move(app, scene.board.pixel(tuple(mine["at"])))
    app.draw()
    assert shown == ["Vegas Mine"]


def _boxes(app, monkeypatch, pos) -> list[str]:
    """The hover boxes' titles with the pointer at ``pos``."""
    shown: list[str] = []
    move(app, pos)
    monkeypatch.setattr(
        "nshex_pygame.client.widgets.tooltip", lambda s, title, *a, **k: shown.append(title)
    )
    app.draw()
    monkeypatch.undo()
    return shown


def test_an_empty_terminal_and_the_energy_track_have_hover_boxes(app, monkeypatch) -> None:
    game = _find(lambda g: g.view()["turn"] >= 3 and g.current_player() == 0)
    scene = _scene(app, game)
    view = game.view()
    occupied = {tuple(u["at"]) for u in view["units"]}
    occupied |= {tuple(f["at"]) for f in view["foundations"]}
    empty = next(tuple(t) for t in view["terminals"] if tuple(t) not in occupied)
    assert _boxes(app, monkeypatch, scene.board.pixel(empty)) == ["Terminal"]
    energy = scene.seat_panels.energy_rect(0)
    boxes = _boxes(app, monkeypatch, energy.center)
    assert boxes == [f"{scene.seat_name(0)} energy: {view['energy'][0]} of 5"], boxes


def test_an_offered_mercenary_has_a_hover_box(app, monkeypatch) -> None:
    game = Game(["smart", "vegas"], 3, board="duel", mercenaries=1)
    scene = _scene(app, game)
    offers = [b for b in scene.buttons if getattr(b, "tile", None)]
    assert offers, "the hire step offers Mercenaries"
    boxes = _boxes(app, monkeypatch, offers[0].rect.center)
    assert len(boxes) == 1 and boxes[0].endswith(offers[0].label), boxes


def test_after_an_exchange_the_prompt_offers_another(app) -> None:
    def exchange_open(g: Game) -> bool:
        kinds = [g.describe_action(a)["kind"] for a in g.legal_actions()]
        view = g.view()
        return (
            kinds.count("exchange") >= 2
            and view["stage"]["kind"] == "main"
            and view["energy"][g.current_player()] <= 3
        )

    game = _find(exchange_open)
    scene = _scene(app, game)
    assert "you may exchange a tile" in scene.prompt()
    action = next(a for a in game.legal_actions() if game.describe_action(a)["kind"] == "exchange")
    seat, tile = game.current_player(), game.describe_action(action)["tile"]
    click(app, scene.hand_rects(seat)[scene.hand(seat).index(tile)][1])
    app.draw()  # (the window draws between two clicks: the Exchange button comes alive)
    click_button(app, scene, "Exchange")
    assert game.history()[-1].startswith("exchange "), (scene.message, game.history()[-3:])
    prompt = scene.prompt()
    assert "you may exchange a tile" not in prompt and "another tile" in prompt, prompt


def test_a_duel_battle_keeps_the_terminals_links_and_nets(app, monkeypatch) -> None:
    """During a battle on the Duel board the terminals and LINK tags stay; at "Battle over"
    the nets that still hold stay drawn (they outlive the battle)."""
    game = _find(lambda g: g.battles >= 1 and bool(g.view()["links"]))
    scene = _scene(app, game)
    scene.watch_last_battle()
    battle = app.stack.top
    while battle.scene_name != "battle":
        app.step(0.1)
        battle = app.stack.top
    drawn: list[Any] = []
    real = board_module.BoardView.draw_terminals
    monkeypatch.setattr(
        board_module.BoardView,
        "draw_terminals",
        lambda self, s, terminals: drawn.append(terminals) or real(self, s, terminals),
    )
    app.draw()
    assert drawn and drawn[-1], "the terminals are drawn under the battle"
    battle.model.playback.finish()
    view = battle.behind.view()
    if battle.model.playback.final_netted is not None:
        held = {tuple(e["at"]) for e in view.get("board_effects") or [] if e.get("netted")}
        assert battle.model.playback.netted == held & set(battle.model.playback.units)
