"""The game scene: clicks become exactly the engine's actions, refusals change nothing, an
AI-against-AI game reaches the game-over screen, and the game saves itself after a turn."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
from client_support import (  # noqa: F401
    actions_by_kind,
    app_fixture,
    click,
    data_dir_fixture,
    decisions,
    hand_pos,
    key,
    play_by_clicks,
    recording,
)

from nshex_pygame.client import storage
from nshex_pygame.client.scenes.battle import BattleScene
from nshex_pygame.client.scenes.game import GameScene, hoverbox
from nshex_pygame.client.scenes.game.draw import wrap_log
from nshex_pygame.client.scenes.game.layout import LOG_BAR, LOG_ROWS, LOOK_EDGE
from nshex_pygame.client.scenes.gameover import GameOverScene
from nshex_pygame.client.scenes.menu import MenuScene, load_game
from nshex_pygame.client.shots import greedy_until
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import tile_name
from nshex_pygame.core import CHANCE, Bot, Game

HUMANS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "human")]


def _main_stage(seed: int = 4, actions: int = 30) -> Game:
    """A game where seat 0 is to play its main step with a board tile in hand."""

    def ready(game: Game, done: int) -> bool:
        view = game.view()
        if done < actions or game.current_player() != 0 or view["stage"]["kind"] != "main":
            return False
        return any(not t.endswith((".battle", ".move", ".grenade")) for t in view["hands"][0])

    game = greedy_until(["borgo", "moloch"], seed, ready)
    assert not game.is_terminal()
    return game


def _scene(app, game: Game, seats=HUMANS, save: Path | None = None) -> GameScene:
    scene = GameScene(app, game, list(seats), save_path=save, seed=1)
    app.stack.push(scene)
    app.step(0.0)
    return scene


def test_placing_a_tile_through_clicks_is_exactly_the_engine_action(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    hand = scene.hand(0)
    index = next(i for i, t in enumerate(hand) if not t.endswith((".battle", ".move", ".grenade")))
    tile = hand[index]
    before = game.clone()
    history = game.history()

    click(app, hand_pos(scene, 0, index))
    assert scene.selected_tile() == tile
    legal = scene.slot_hexes(scene.candidates(), "at")
    assert legal, "the legal hexes come from the engine"
    assert all(at not in scene.units for at in legal)
    target = sorted(legal)[0]
    click(app, scene.board.pixel(target))
    assert game == before, "the first click on a hex only chooses it"
    faces = scene.model.facings(scene.candidates())
    key(app, pygame.K_e)  # turn it once
    facing = scene.facing
    assert facing in faces
    expected = before.string_to_action(f"place {tile} {target[0]},{target[1]} {facing}")
    click(app, scene.board.pixel(target))  # the second click confirms

    assert game.history() == [*history, before.action_to_string(expected)]
    before.apply_action(expected)
    assert game == before
    assert target in scene.pops, "the tile drops onto the board"
    app.step(0.05)  # drawn halfway
    app.step(1.0)
    assert target not in scene.pops, "stepped time ends the animation"


def test_the_first_hq_by_two_clicks(app) -> None:
    game = Game(["hegemony", "outpost"], 2)
    scene = _scene(app, game)
    legal = scene.slot_hexes(scene.candidates(), "at")
    assert len(legal) == 19
    click(app, scene.board.pixel((0, 0)))
    key(app, pygame.K_RETURN)
    assert game.history() == ["hq 0,0"]


def test_an_illegal_click_changes_nothing_and_says_why(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    before = game.clone()
    occupied = next(iter(scene.units))
    hand = scene.hand(0)
    index = next(i for i, t in enumerate(hand) if not t.endswith((".battle", ".move", ".grenade")))
    click(app, hand_pos(scene, 0, index))
    click(app, scene.board.pixel(occupied))
    assert game == before
    assert scene.message.strip(), "the refusal is explained"
    print("refused:", scene.message)

    # a tile in the other player's hand
    scene.message = ""
    if scene.hand(1):
        click(app, hand_pos(scene, 1, 0))
        assert "not their turn" in scene.message
    # nothing selected: a click on an empty hex
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None
    empty = next(at for at in scene.board.hexes if at not in scene.units)
    click(app, scene.board.pixel(empty))
    assert scene.message, "a click on an empty hex with nothing chosen is explained too"
    assert game == before
    app.step(0.016)  # the message is drawn without trouble


def test_undo_takes_back_unconfirmed_choices(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    before = game.clone()
    hand = scene.hand(0)
    index = next(i for i, t in enumerate(hand) if not t.endswith((".battle", ".move", ".grenade")))
    click(app, hand_pos(scene, 0, index))
    target = sorted(scene.slot_hexes(scene.candidates(), "at"))[0]
    click(app, scene.board.pixel(target))
    assert scene.partial.get("at") == target
    click(app, (5, 5), button=3)  # right click
    assert "at" not in scene.partial and scene.selected == index
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None
    key(app, pygame.K_ESCAPE)  # nothing left to undo: the pause menu
    assert type(app.stack.top).__name__ == "PauseScene"
    assert game == before


def test_hover_shows_current_values(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    unit = next(u for u in game.view()["units"] if not u["tile"].endswith(".hq"))
    title, lines = hoverbox.unit_info(scene, unit)
    words = " ".join(text for text, _ in lines)
    assert title
    if game.view()["units"] and scene.analysis:
        assert "Initiative now" in words or "never attacks" in words or "Module" in words
    click(app, scene.board.pixel(tuple(unit["at"])), button=2)
    app.step(0.016)


def _play_out(app, scene: GameScene, budget: float) -> None:
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        if isinstance(app.stack.top, GameOverScene):
            return
        scene.wait_for_ai()
        app.step(0.25, draw=False)
    raise AssertionError("the game did not end in time")


def test_an_ai_game_through_the_scene_reaches_game_over(app, data_dir: Path) -> None:
    game = Game(["outpost", "borgo"], 9)
    seats = [SeatSetup("outpost", "random"), SeatSetup("borgo", "greedy")]
    scene = _scene(app, game, seats, save=storage.autosave_path())
    battles_seen = []
    original = app.stack.push

    def push(new):
        if isinstance(new, BattleScene):
            battles_seen.append(new)
        return original(new)

    app.stack.push = push  # type: ignore[method-assign]
    _play_out(app, scene, budget=20.0)
    assert game.is_terminal()
    assert isinstance(app.stack.top, GameOverScene)
    assert len(battles_seen) == game.battles, "every battle was played back"
    for battle in battles_seen:
        assert battle.model.finished
        assert not any("differed" in line for line, _ in battle.model.log), battle.model.log
    app.step(0.016)  # the game-over screen draws
    over = app.stack.top
    assert over.headline()
    loaded, problem = load_game(storage.autosave_path())
    assert problem is None and loaded[0] == game


def test_autosave_after_a_turn_is_loadable_and_atomic(app, data_dir: Path) -> None:
    game = _main_stage()
    path = storage.autosave_path()
    scene = _scene(app, game, save=path)
    assert not path.exists()
    scene.press("end")
    assert path.exists(), "ending the turn saves the game"
    loaded, problem = load_game(path)
    assert problem is None
    assert loaded[0] == game
    assert [s.player for s in loaded[1].seats] == ["human", "human"]
    leftovers = [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_continue_opens_the_autosave(app, data_dir: Path) -> None:
    game = _main_stage()
    storage.save_game(storage.autosave_path(), HUMANS, game.save())
    menu = MenuScene(app)
    app.stack.push(menu)
    assert menu.continue_button.enabled
    click(app, menu.continue_button.rect.center)
    assert isinstance(app.stack.top, GameScene)
    assert app.stack.top.game == game


PAIRINGS = [
    ["borgo", "moloch"],
    ["hegemony", "outpost"],
    ["moloch", "hegemony"],
    ["outpost", "borgo"],
    ["hegemony", "borgo"],
    ["moloch", "outpost"],
]


def _clicked_game(app, seed: int) -> set[str]:
    """A game between two humans, every decision a random legal action made by clicks."""
    armies = PAIRINGS[seed % len(PAIRINGS)]
    game = Game(armies, seed)
    scene = _scene(app, game, [SeatSetup(a, "human") for a in armies])
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in decisions(app, scene, 300):
        # a kind first, so the rare ones (instants, pushes) come up too
        by_kind = actions_by_kind(game)
        action = rng.choice(by_kind[rng.choice(sorted(by_kind))])
        expected = game.describe_action(action)
        length = len(game.history())
        play_by_clicks(app, scene, action)
        assert len(game.history()) == length + 1, (expected, scene.message)
        made = game.history()[-1]
        if made != expected["text"]:
            # Mobility and Transport with the same move: the client prefers Mobility
            assert expected["kind"] == "transport" and made.startswith("mobility"), made
        kinds.add(expected["kind"])
    app.step(0.016)
    app.stack.clear_to(MenuScene(app))
    return kinds


def test_every_kind_of_action_can_be_made_by_clicks(app) -> None:
    """Random legal actions, each made through clicks, each exactly the engine's action."""
    kinds: set[str] = set()
    for seed in range(12):
        kinds |= _clicked_game(app, seed)
    every = {"place_hq", "place", "discard", "unlucky", "end", "battle", "move", "mobility"}
    every |= {"transport", "push_back", "push_to", "sniper", "grenade", "air_strike"}
    assert kinds == every


def test_the_wheel_turns_the_tile_one_step_per_notch(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    hand = scene.hand(0)
    index = next(i for i, t in enumerate(hand) if not t.endswith((".battle", ".move", ".grenade")))
    click(app, hand_pos(scene, 0, index))
    target = sorted(scene.slot_hexes(scene.candidates(), "at"))[0]
    click(app, scene.board.pixel(target))
    faces = scene.model.facings(scene.candidates())
    start = scene.facing
    notch = [
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=5),  # its twin
    ]
    app.step(0.0, notch, draw=False)
    assert scene.facing == faces[(faces.index(start) + 1) % len(faces)]


class _SlowBot:
    """A stand-in for a search bot: thinks until told to stop, reports progress meanwhile."""

    name = "slow"

    def __init__(self) -> None:
        import threading

        self.stop = threading.Event()
        self.iterations = 0

    def choose(self, game: Game) -> int:
        while not self.stop.wait(0.001):
            self.iterations += 1
        return game.legal_actions()[0]

    def progress(self) -> dict:
        return {"thinking": not self.stop.is_set(), "iterations": self.iterations, "best": None}

    def cancel(self) -> None:
        self.stop.set()


def test_a_thinking_bot_shows_progress_and_can_be_hurried(app) -> None:
    from nshex_pygame.client.ai import Thinker

    game = Game(["borgo", "moloch"], 5)
    scene = _scene(app, game, [SeatSetup("borgo", "slow"), SeatSetup("moloch", "human")])
    bot = _SlowBot()
    scene.thinkers[0] = Thinker(bot)
    for _ in range(5):
        app.step(0.3)  # the window keeps drawing while the bot thinks
        time.sleep(0.005)
    thinker = scene.thinkers[0]
    assert thinker.busy and thinker.can_hurry
    assert thinker.progress()["iterations"] > 0
    key(app, pygame.K_m)  # play now
    thinker.wait(2.0)
    for _ in range(20):
        app.step(0.3, draw=False)
    assert game.history() and game.history()[0].startswith("hq "), "it played when hurried"


def _game_before_a_battle(min_removed: int = 2) -> tuple[Game, int]:
    """A seeded random game just before an action whose battle removes at least
    ``min_removed`` units (with no battle question: the automatic answers)."""
    for seed in range(200):
        game = Game(["borgo", "moloch"], seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            player = game.current_player()
            action = game.natural_draw() if player == CHANCE else rng.choice(game.legal_actions())
            trial = game.clone()
            battles = trial.battles
            trial.apply_action(action)
            if trial.battles != battles:
                removed = [
                    e
                    for phase in trial.last_battle()["phases"]
                    for e in phase["events"]
                    if e["kind"] == "removed"
                ]
                if len(removed) >= min_removed and not trial.is_terminal():
                    return game, action
            game.apply_action(action)
    raise AssertionError("no battle found")


def _drawn_discards(app, scene: GameScene) -> list[int]:
    """The discard counts the seats' panels draw now (seat 0, seat 1)."""
    drawn: list[int] = []
    original = scene.seat_panels._draw_stack

    def record(surface, rect, label, count, top_tile, n) -> None:
        if label == "Discards":
            drawn.append(n)
        original(surface, rect, label, count, top_tile, n)

    scene.seat_panels._draw_stack = record  # type: ignore[method-assign]
    try:
        app.draw()
    finally:
        del scene.seat_panels._draw_stack
    return drawn


def test_the_panels_follow_the_battle_playback_not_its_result(app) -> None:
    """While a battle plays, the discard piles show the state of the step being played: the
    dead go onto them as the playback removes them, not all at once when the battle starts."""
    game, action = _game_before_a_battle()
    before = game.view()
    scene = _scene(app, game)
    seat = before["to_move"]
    played_battle_tile = game.describe_action(action)["kind"] == "battle"
    assert scene.apply(action)
    battle = app.stack.top
    assert isinstance(battle, BattleScene)
    after = game.view()
    removed = battle.model.playback.all_removals()
    start = [len(after["discards"][s]) - sum(e["seat"] == s for e in removed) for s in (0, 1)]
    assert start == [
        len(before["discards"][s]) + (s == seat and played_battle_tile) for s in (0, 1)
    ]
    assert _drawn_discards(app, scene) == start, "the result is not given away at the start"
    seen = {tuple(start)}
    while not battle.model.playback.done:
        battle.model.playback.advance()
        played = battle.model.playback.removed
        counts = _drawn_discards(app, scene)
        assert counts == [start[s] + sum(e["seat"] == s for e in played) for s in (0, 1)]
        seen.add(tuple(counts))
    assert _drawn_discards(app, scene) == [len(after["discards"][s]) for s in (0, 1)]
    assert len(seen) > 1, "the piles grew during the playback"


def _discard_stage(seed: int = 4) -> Game:
    """A game where seat 0 holds three tiles and must discard one."""
    game = greedy_until(
        ["borgo", "moloch"],
        seed,
        lambda g, _done: g.current_player() == 0 and g.view()["stage"]["kind"] == "discard",
    )
    assert not game.is_terminal()
    return game


def test_the_discard_hint_goes_once_the_tile_is_discarded(app) -> None:
    game = _discard_stage()
    scene = _scene(app, game)
    tile = scene.hand(0)[0]
    click(app, hand_pos(scene, 0, 0))
    assert "again" in scene.message and scene.message_time > 0
    click(app, hand_pos(scene, 0, 0))
    assert tile in game.view()["discards"][0]
    assert scene.message_time <= 0, f"an obsolete hint stays: {scene.message!r}"


def _tooltips(app) -> list[str]:
    """The titles of the hover boxes drawn in one frame."""
    with recording("tooltip") as shown:
        app.draw()
    return shown


def test_a_hand_tooltip_shows_only_under_the_pointer(app) -> None:
    """A hover box follows the pointer, not the last mouse event the game scene saw: after a
    dialog (or a battle) had the pointer, no stale hand tooltip shows up over the board."""
    from client_support import move

    scene = _scene(app, _main_stage())
    move(app, hand_pos(scene, 0, 0))
    assert _tooltips(app), "over a hand tile, its hover box shows"
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert app.stack.top is not scene
    away = (640, 780)  # under the board, over nothing with a hover box
    move(app, away)  # the pointer moves while the menu is open
    key(app, pygame.K_ESCAPE)  # resume
    assert app.stack.top is scene
    assert scene.hand_at(away) is None and scene.board.hex_at(away) is None
    assert _tooltips(app) == [], "no hand tooltip away from the hand"


def test_the_info_box_says_what_to_do_with_the_selected_tile(app) -> None:
    from nshex_pygame.client import rulestext, tileart
    from nshex_pygame.client.words import tile_name

    scene = _scene(app, _main_stage())
    hand = scene.hand(0)
    index = next(i for i, t in enumerate(hand) if not t.endswith((".battle", ".move", ".grenade")))
    click(app, hand_pos(scene, 0, index))
    with recording("draw_paragraph") as texts:
        app.draw()
    description = rulestext.tile_description(tileart.info_of(hand[index]))
    assert texts, "the info box has a hint"
    assert not any(text in description for text in texts), f"a stray rules line: {texts}"
    assert any(tile_name(hand[index]) in text for text in texts)


def test_a_loaded_game_keeps_its_whole_log_in_words(app) -> None:
    """Continue or Load: the log is rebuilt from the saved actions, sentence for sentence the
    log the game had when it was played (battles included), not the last moves' notation."""
    game = Game(["borgo", "moloch"], 11)
    scene = _scene(app, game)
    bot = Bot("greedy", 11)
    played = 0
    while played < 80 and not game.is_terminal():
        if game.current_player() == CHANCE:
            assert scene.apply(game.natural_draw())
        else:
            assert scene.apply(bot.choose(game))
            played += 1
    assert game.battles >= 1, "the game had a battle"
    app.stack.clear_to(MenuScene(app))
    loaded = GameScene(app, Game.load(game.save()), list(HUMANS), seed=1)
    assert [entry[0] for entry in loaded.log] == [entry[0] for entry in scene.log]
    assert loaded.log == scene.log
    assert not any(entry[0].startswith(("  place ", "  hq ")) for entry in loaded.log)


def test_every_tile_starts_as_printed_wherever_it_goes(app) -> None:
    """Picked up and put on a hex, every tile (Runner and Claws too) starts facing 0, its top
    edge up, in the hover preview and after the click alike."""
    from client_support import move

    for seed in (4, 5, 6):
        game = _main_stage(seed)
        scene = _scene(app, game)
        hand = scene.hand(0)
        for index, tile in enumerate(hand):
            if tileart_kind(tile) == "instant":
                continue
            scene.facing = 3  # whatever the last tile was turned to
            click(app, hand_pos(scene, 0, index))
            hexes = sorted(scene.slot_hexes(scene.candidates(), "at"))
            for at in hexes[:6]:
                move(app, scene.board.pixel(at))
                assert scene.preview()[2] == 0, (tile, at, "hover")
            click(app, scene.board.pixel(hexes[-1]))
            assert scene.facing == 0, (tile, hexes[-1], "placed")
            scene.input.undo()
            scene.input.undo()
        app.stack.pop(scene)


def tileart_kind(tile: str) -> str:
    from nshex_pygame.client import tileart

    return str(tileart.info_of(tile).get("kind"))


def _unplayable_instant() -> tuple[Game, int]:
    """A seeded random game on a main step of seat 0 holding an instant the engine lists no
    legal action for (a Battle once a deck is empty, a Push Back with no enemy to push, ...):
    (the game, the tile's index in the hand)."""
    kinds = {"battle", "move", "push_back", "sniper", "grenade", "air_strike"}
    for seed in range(300):
        game = Game(["borgo", "moloch"] if seed % 2 else ["outpost", "hegemony"], seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            player = game.current_player()
            if player == CHANCE:
                game.apply_action(game.natural_draw())
                continue
            view = game.view()
            if player == 0 and view["stage"]["kind"] == "main":
                used = {game.describe_action(a).get("kind") for a in game.legal_actions()}
                for index, tile in enumerate(view["hands"][0]):
                    kind = tile.partition(".")[2]
                    if kind in kinds and kind not in used:
                        return game, index
            game.apply_action(rng.choice(game.legal_actions()))
    raise AssertionError("no unplayable instant found")


def test_an_instant_with_no_legal_use_is_greyed_out_with_the_reason(app, monkeypatch) -> None:
    from client_support import move

    game, index = _unplayable_instant()
    scene = _scene(app, game)
    tile = scene.hand(0)[index]
    assert not scene.model.tile_uses(tile, play=True), "the engine lists no action that plays it"
    reason = scene.unusable(0, index)
    assert reason and reason.startswith(tileart_name(tile))
    before = game.clone()
    click(app, hand_pos(scene, 0, index))
    assert scene.message.startswith(reason) and scene.message_time > 0
    if scene.selected is not None:  # only to discard it: nothing to aim, no target lit
        assert all(d["kind"] == "discard" for d in scene.model.tile_uses(tile))
        assert not scene.candidates()
    assert game == before
    move(app, hand_pos(scene, 0, index))
    from nshex_pygame.client import widgets

    lines: list[str] = []
    real = widgets.tooltip
    monkeypatch.setattr(
        widgets,
        "tooltip",
        lambda s, t, ls, *a, **k: lines.extend(x for x, _ in ls) or real(s, t, ls, *a, **k),
    )
    app.draw()
    assert reason in lines, "the hover box says why"
    usable = [i for i, t in enumerate(scene.hand(0)) if i != index and scene.model.tile_uses(t)]
    assert all(scene.unusable(0, i) is None for i in usable)


def tileart_name(tile: str) -> str:
    from nshex_pygame.client.words import tile_name

    return tile_name(tile)


def _ctrl_z(app) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    app.step(0.0, [event], draw=False)


def test_undo_takes_back_this_turns_actions_the_engine_allows(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    start = game.clone()
    log_length = len(scene.log)
    assert not scene.can_take_back()
    place = next(
        a
        for a in game.legal_actions()
        if game.describe_action(a)["kind"] == "place" and game.can_take_back(a)
    )
    assert scene.apply(place)
    assert scene.can_take_back()
    assert len(scene.log) == log_length + 1
    _ctrl_z(app)
    assert scene.game == start, "Ctrl+Z restores the game as it was before the placement"
    assert len(scene.log) == log_length, "the taken-back action leaves the log"
    assert not scene.can_take_back()
    # the button does the same
    assert scene.apply(place)
    app.step(0.0)
    assert scene.undo_button.enabled
    click(app, scene.undo_button.rect.center)
    assert scene.game == start


def test_undo_stops_at_an_action_that_cannot_be_taken_back(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    place = next(
        a
        for a in game.legal_actions()
        if game.describe_action(a)["kind"] == "place" and game.can_take_back(a)
    )
    scene.apply(place)
    assert scene.can_take_back()
    end = next(a for a in scene.game.legal_actions() if game.describe_action(a)["kind"] == "end")
    assert not scene.game.can_take_back(end)
    scene.apply(end)
    assert not scene.undo_stack, "the turn passed: nothing of it can be taken back"
    assert not scene.take_back()


def test_undo_never_takes_back_a_computer_seats_action(app) -> None:
    game = _main_stage()
    seats = [SeatSetup("borgo", "greedy"), SeatSetup("moloch", "human")]
    scene = _scene(app, game, seats)
    place = next(
        a
        for a in game.legal_actions()
        if game.describe_action(a)["kind"] == "place" and game.can_take_back(a)
    )
    scene.apply(place)
    assert not scene.undo_stack
    assert scene.shown_tools() == []


def _played_scene(app, seed: int = 11, actions: int = 80) -> GameScene:
    game = Game(["borgo", "moloch"], seed)
    scene = _scene(app, game)
    bot = Bot("greedy", seed)
    played = 0
    while played < actions and not scene.game.is_terminal():
        if scene.game.current_player() == CHANCE:
            assert scene.apply(scene.game.natural_draw())
        else:
            assert scene.apply(bot.choose(scene.game))
            played += 1
    while app.stack.top is not scene:  # the battles' playbacks are not watched here
        app.stack.pop(app.stack.top)
    app.step(0.0)
    return scene


def test_the_log_names_units_never_hexes(app) -> None:
    import re

    scene = _played_scene(app)
    texts = [entry[0] for entry in scene.log]
    assert not [t for t in texts if re.search(r"-?\d+,-?\d+", t)], "no coordinates in the log"
    battles = [t for t in texts if t.startswith("Battle ")]
    assert battles and all(("die" in t or "no one dies" in t) for t in battles)
    placed = [entry for entry in scene.log if " places " in entry[0]]
    assert placed and all(entry[2] for entry in placed), "each placement knows its hex"


def test_an_instant_says_what_it_did_to_whom(app) -> None:
    for seed in range(4, 30):
        game = _main_stage(seed)
        shots = [
            (a, game.describe_action(a))
            for a in game.legal_actions()
            if game.describe_action(a)["kind"] in ("sniper", "grenade", "air_strike")
        ]
        if shots:
            break
    else:
        raise AssertionError("no instant in reach")
    scene = _scene(app, game)
    before = dict(scene.units)
    action, desc = shots[0]
    target = tuple(desc["target"])
    assert scene.apply(action)
    text, _colour, hexes = scene.log[-1]
    assert tile_name(before[target]["tile"]) in text, text
    assert any(word in text for word in ("kills", "wounds", "no effect")), text
    assert target in hexes


def test_hovering_a_log_line_lights_the_hexes_it_speaks_of(app) -> None:
    from client_support import move

    scene = _played_scene(app, actions=12)
    shown, _total, _first = scene.game_log.view()
    _text, _colour, _more, entry, y = next(row for row in shown if scene.log[row[3]][2])
    move(app, (40, y + 5))
    assert scene.tooltips.spoken_hexes() == list(scene.log[entry][2])
    marks = scene.drawing.marks()
    assert all(marks.outlines.get(at) == LOOK_EDGE for at in scene.log[entry][2])


def test_the_log_scrolls_through_the_whole_game(app) -> None:
    from client_support import move

    scene = _played_scene(app, actions=90)
    assert app.stack.top is scene
    first_line = scene.log[0][0]
    shown, total, first = scene.game_log.view()
    assert total > LOG_ROWS and first > 0, "a long game does not fit"
    move(app, (100, 600))
    for _ in range(200):  # the wheel over the log goes back to the start of the game
        app.step(0.0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    shown, total, first = scene.game_log.view()
    assert first == 0 and shown[0][0] == wrap_log(first_line)[0]
    assert len(scene.log) >= 90, "nothing is dropped from the log"
    # the scroll bar's bottom brings back the newest lines
    click(app, (LOG_BAR.centerx, LOG_BAR.bottom - 3))
    _shown, total, first = scene.game_log.view()
    assert first == total - LOG_ROWS


def test_an_instant_is_shown_on_its_target(app) -> None:
    for seed in range(4, 30):
        game = _main_stage(seed)
        instants = [
            a
            for a in game.legal_actions()
            if game.describe_action(a)["kind"] in ("sniper", "grenade", "air_strike", "push_back")
        ]
        if instants:
            break
    else:
        raise AssertionError("no instant in reach")
    scene = _scene(app, game)
    desc = game.describe_action(instants[0])
    assert scene.apply(instants[0])
    kind, target, _source, _tween = scene.strikes[-1]
    assert kind == desc["kind"] and target == tuple(desc["target"])
    assert scene.busy(), "the strike animates"
    for _ in range(40):
        app.step(0.1)
    assert not scene.strikes, "and goes"


def test_the_danger_view_is_the_engines_battle_on_a_copy(app) -> None:
    from client_support import move

    game = _main_stage()
    scene = _scene(app, game)
    before = game.clone()
    assert scene.danger_view() is None
    key(app, pygame.K_d)
    view = scene.danger_view()
    result = game.position.resolve_battle()
    left = {tuple(u["at"]) for u in result.units}
    assert sorted(view["dies"]) == sorted(
        tuple(u["at"]) for u in game.position.units if tuple(u["at"]) not in left
    )
    assert view["hq_loss"] == [
        b - a for b, a in zip(game.position.hq_hp, result.hq_hp, strict=True)
    ]
    app.step(0.0)
    assert game == before, "nothing was played"
    # a tile held over a hex: the battle with the tile there
    index = next(i for i, t in enumerate(scene.hand(0)) if tileart_kind(t) not in ("instant",))
    click(app, hand_pos(scene, 0, index))
    target = sorted(scene.slot_hexes(scene.candidates(), "at"))[0]
    move(app, scene.board.pixel(target))
    action = scene.preview_action()
    assert action is not None and game.describe_action(action)["kind"] == "place"
    held = scene.danger_view()
    copy = game.clone()
    copy.apply_action(action)
    result = copy.position.resolve_battle()
    assert held["hq_loss"] == [
        b - a for b, a in zip(copy.position.hq_hp, result.hq_hp, strict=True)
    ]
    assert "with it there" in held["words"]
    assert game == before


def test_the_hint_shows_the_bots_choice_without_playing_it(app) -> None:
    game = _main_stage()
    scene = _scene(app, game)
    before = game.clone()
    key(app, pygame.K_SLASH)  # the bot thinks on a thread (it may be done at once)
    assert scene.hint_thinker is not None or scene.hint is not None
    if scene.hint_thinker is not None:
        assert scene.busy()
        scene.hint_thinker.wait(30)
    app.step(0.0)
    assert scene.hint is not None
    action, desc = scene.hint
    assert action in game.legal_actions()
    assert game == before, "the hint is not played"
    assert scene.message.startswith("Hint: ")
    assert scene.hint_hexes() or desc["kind"] in ("end", "discard", "unlucky", "battle")


def test_the_helpers_can_be_switched_off(app) -> None:
    app.settings.helpers = False
    scene = _scene(app, _main_stage())
    key(app, pygame.K_d)
    key(app, pygame.K_SLASH)
    assert scene.danger_view() is None and scene.hint_thinker is None
    assert scene.shown_tools() == [scene.undo_button]


def test_hand_tiles_keep_their_slots_after_a_play(app) -> None:
    """A played tile leaves its slot empty and the others stay where they are: a second click
    on a slot never picks the tile that slid into it (it started a battle by accident)."""
    game = _main_stage()
    scene = _scene(app, game)
    hand = scene.hand(0)
    assert len(hand) >= 2 and len(set(hand)) == len(hand)
    places = dict(zip(hand, [c for _r, c in scene.hand_rects(0)], strict=False))
    first = next(
        a
        for a in game.legal_actions()
        if game.describe_action(a)["kind"] == "place"
        and game.describe_action(a)["tile"] in hand[:-1]
    )
    played = game.describe_action(first)["tile"]
    play_by_clicks(app, scene, first)
    assert game.history()[-1] == game.action_to_string(first)
    app.step(0.0)
    after = scene.hand(0)
    assert len(after) == len(hand) - 1
    for tile, (_rect, centre) in zip(after, scene.hand_rects(0), strict=False):
        assert centre == places[tile], f"{tile} moved after {played} was played"
    empty = scene.hand_rects(0)[len(after)][1]
    assert empty == places[played], "the played tile's slot is the empty one"
    assert scene.hand_at(empty) is None, "a click on the emptied slot picks nothing"
