"""Three and four seats in the client: the new-game screen's seat counts, modes and boards,
every seat's panel with the teams framed, the 37-hex board inside the board area at every
window size, an eliminated seat, and the game-over ranking and winner words. Every rule (the
sides, the ranking, the winner) is the engine's; these tests check that it is shown."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest
from client_support import (  # noqa: F401
    app_fixture,
    click,
    click_button,
    data_dir_fixture,
    drawn_texts,
    overflow_notes,
)
from conftest import FIXTURES

from nshex_pygame.client import hexgeo, storage
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.battle.effects import BOARD_AREA
from nshex_pygame.client.scenes.game import GameScene, hoverbox
from nshex_pygame.client.scenes.game.layout import ACTIONS, LOG, SEAT_RINGS
from nshex_pygame.client.scenes.gameover import GameOverScene
from nshex_pygame.client.scenes.setup import SetupScene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, Bot, Game

FOUR = ["borgo", "moloch", "outpost", "hegemony"]
# Three seats, the third eliminated; the other two with their HQs only.
ELIMINATED = (FIXTURES / "third_seat_eliminated.toml").read_text(encoding="utf-8")


def _scene(app, game: Game, who: str = "human") -> GameScene:
    seats = [SeatSetup(a, who) for a in game.view()["armies"]]
    scene = GameScene(app, game, seats, seed=1)
    app.stack.clear_to(scene)
    app.step(0.0, draw=False)
    return scene


def _finished(armies: list[str], mode: str, seed: int) -> Game:
    game = Game(armies, seed, mode=mode)
    bot = Bot("greedy", seed)
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())
        else:
            game.apply_action(bot.choose(game))
    return game


def _mode_labels(setup: SetupScene) -> list[str]:
    names = {"Standard", "Deathmatch", "Points", "One against a team", "Team match"}
    return [b.label for b in setup.buttons if b.label in names]


def test_the_setup_screen_offers_the_modes_of_each_seat_count(app) -> None:
    setup = SetupScene(app, rng=random.Random(2))
    app.stack.push(setup)
    app.step(0.0)
    assert _mode_labels(setup) == ["Standard"]
    duel = next(b for b in setup.buttons if b.label == "Duel board")
    assert duel.enabled
    click_button(app, setup, "3 players")
    assert _mode_labels(setup) == ["Deathmatch", "Points", "One against a team"]
    assert len(setup.armies) == 3 and setup.mode == "deathmatch"
    duel = next(b for b in setup.buttons if b.label == "Duel board")
    assert not duel.enabled and "two players" in duel.hint
    click(app, duel.rect.center)
    assert setup.board == "standard" and "two players" in setup.problem
    click_button(app, setup, "One against a team")
    texts = drawn_texts(app)
    assert "Alone" in texts and texts.count("Team") == 2, "seat 1 alone, seats 2 and 3 a team"
    click_button(app, setup, "4 players")
    assert _mode_labels(setup) == ["Deathmatch", "Points", "Team match"]
    assert setup.mode == "deathmatch", "one against a team is for three: back to the default"
    click_button(app, setup, "Team match")
    texts = drawn_texts(app)
    assert texts.count("Team A") == 2 and texts.count("Team B") == 2
    assert any(t.startswith("Players 1 and 3 against Players 2 and 4") for t in texts)
    assert not overflow_notes(app)
    click_button(app, setup, "Expanded board")
    click_button(app, setup, "Start the game")
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.mode == "team"
    view = scene.game.view()
    assert view["board"] == "expanded" and view["seats"] == 4
    assert [s.army for s in scene.seats] == view["armies"] and len(scene.seats) == 4
    # the save keeps the four seats and the mode
    (game, saved), problem = load_game(storage.autosave_path())
    assert problem is None and len(saved.seats) == 4 and game.mode == "team"


def test_a_three_seat_deathmatch_starts_with_three_seats(app) -> None:
    setup = SetupScene(app, rng=random.Random(5))
    app.stack.push(setup)
    setup.set_count(3)
    setup.set_player(2, "greedy")
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.mode == "deathmatch" and len(scene.game.view()["armies"]) == 3
    assert [s.player for s in scene.seats][2] == "greedy"


def test_a_four_seat_team_game_shows_every_seat_and_the_teams(app) -> None:
    game = Game(FOUR, 3, board="expanded", mode="team")
    bot = Bot("greedy", 3)
    for _ in range(400):  # past the HQs, a seat to move with tiles in hand
        view = game.view()
        if game.current_player() >= 0 and view["turn"] > 4 and any(view["hands"]):
            break
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())
        else:
            game.apply_action(bot.choose(game))
    scene = _scene(app, game)
    texts = drawn_texts(app)
    for seat in range(4):
        assert f"P{seat + 1}" in texts, f"seat {seat + 1}'s panel"
    for army in ("Borgo", "Moloch", "Outpost", "Hegemony"):
        assert army in texts
    assert texts.count("HQ") >= 4
    assert "TEAM A  (P1 & P3)" in texts and "TEAM B  (P2 & P4)" in texts
    # each team's column holds its seats' panels, framed
    frames = {f.label: f for f in scene.seat_panels.team_frames}
    assert set(frames) == {"Team A", "Team B"}
    for frame in frames.values():
        for seat in frame.seats:
            assert frame.rect.contains(scene.seat_panels.seat_rect(seat))
    assert frames["Team A"].seats == (0, 2) and frames["Team B"].seats == (1, 3)
    rects = [scene.seat_panels.seat_rect(s) for s in range(4)]
    for i, a in enumerate(rects):
        assert not a.colliderect(LOG) and not a.colliderect(ACTIONS)
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), "panels do not overlap"
        for hand, _center in scene.hand_rects(i):
            assert a.contains(hand), "a seat's hand lies in its panel"
    assert len(set(SEAT_RINGS[:4])) == 4, "four distinct seat colours"
    assert sum(len(scene.hand(s)) for s in range(4)) > 0
    assert not overflow_notes(app)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1200)])
def test_the_expanded_board_fits_the_board_area(data_dir, size) -> None:
    app = App(settings=Settings(window_size=list(size)), strict=True)
    try:
        scene = _scene(app, Game(FOUR, 1, board="expanded", mode="team"))
        assert len(scene.board.hexes) == 37
        view = app.viewport()
        window = app.window.get_rect()
        panels = [scene.seat_panels.seat_rect(s) for s in range(4)] + [LOG, ACTIONS]
        for at in scene.board.hexes:
            points = hexgeo.corners(scene.board.pixel(at), scene.board.size)
            for x, y in points:
                assert BOARD_AREA.collidepoint(x, y), (at, x, y)
                assert not any(p.collidepoint(x, y) for p in panels), (at, x, y)
                wx = view.left + x * view.width / 1280
                wy = view.top + y * view.height / 800
                assert window.collidepoint(wx, wy), (at, wx, wy)
            # every hex is found again under the pointer
            assert scene.board.hex_at(tuple(round(v) for v in scene.board.pixel(at))) == at
        app.draw()
    finally:
        for s in reversed(app.stack.scenes):
            s.on_exit()
        pygame.display.set_mode((1280, 800))


def test_an_eliminated_seat_says_so_and_is_dimmed(app) -> None:
    game = Game.from_scenario(ELIMINATED)
    assert game.view()["eliminated"] == [2]
    scene = _scene(app, game)
    texts = drawn_texts(app)
    assert texts.count("ELIMINATED") == 1
    rect = scene.seat_panels.seat_rect(2)
    # the panel is veiled: its band is darker than a seat still in the game
    out = app.canvas.get_at((rect.right - 20, rect.top + 4))
    live = app.canvas.get_at(
        (scene.seat_panels.seat_rect(0).right - 20, scene.seat_panels.seat_rect(0).top + 4)
    )
    assert sum(out[:3]) < sum(live[:3]) / 2


def test_the_hot_seat_banner_names_the_seat_to_move(app) -> None:
    game = Game(FOUR[:3], 2, mode="deathmatch")
    scene = _scene(app, game)
    assert scene.banner is not None and scene.banner[0] == 0
    assert "Player 1: Borgo" in drawn_texts(app)
    app.step(5.0, draw=False)
    assert scene.banner is None
    assert "Player 1: Borgo" not in drawn_texts(app)


def test_the_game_over_screen_ranks_three_seats(app) -> None:
    game = _finished(FOUR[:3], "deathmatch", 3)
    scene = _scene(app, game, who="greedy")
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    texts = drawn_texts(app)
    ranking = game.view()["ranking"]
    order = sorted(range(3), key=lambda s: ranking[s])
    rows = [t for t in texts if t.startswith("Player ") and len(t) == 8]
    assert rows == [f"Player {s + 1}" for s in order], "best first, by the engine's ranking"
    for place in ranking:
        assert f"{place}." in texts
    winner = game.winner
    if isinstance(winner, int):
        assert over.headline().startswith(f"Player {winner + 1} ")
    hq = game.view()["hq_hp"]
    assert f"HQ {hq[order[0]]}" in texts
    assert not overflow_notes(app)
    assert scene.game is game


def test_the_game_over_words_for_a_team_a_shared_win_and_a_draw(app) -> None:
    game = _finished(FOUR, "team", 2)
    assert sorted(game.winner) in ([0, 2], [1, 3])
    _scene(app, game, who="greedy")
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    team = "Team A" if sorted(game.winner) == [0, 2] else "Team B"
    players = "1 and 3" if team == "Team A" else "2 and 4"
    assert over.headline() == f"{team} wins (Players {players})"
    assert "Team" in drawn_texts(app)

    def headline(winner, sides) -> str:
        fake = SimpleNamespace(
            game=SimpleNamespace(winner=winner),
            armies=FOUR[: len(sides)],
            seats=[SeatSetup(a) for a in FOUR[: len(sides)]],
            view={"sides": sides},
        )
        scene = GameOverScene.__new__(GameOverScene)
        scene.game_scene = fake
        return scene.headline()

    assert headline([0, 2], [[0], [1], [2]]) == "Players 1 and 3 share the win"
    assert headline("draw", [[0], [1], [2]]) == "A draw"
    assert headline(1, [[0], [1], [2]]) == "Player 2 (Moloch) wins"


def _played(armies: list[str], mode: str, seed: int, actions: int, board: str = "standard") -> Game:
    """Greedy seats for ``actions`` actions (the draws natural), then a seat to move."""
    game = Game(armies, seed, board=board, mode=mode)
    bot = Bot("greedy", seed)
    done = 0
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())
            continue
        if done >= actions:
            break
        game.apply_action(bot.choose(game))
        done += 1
    return game


def test_the_replay_shows_every_seat_and_the_teams(app) -> None:
    game = _played(FOUR, "team", 3, 40, board="expanded")
    seats = [SeatSetup(a, "greedy") for a in FOUR]
    replay = app.open("replay", game, seats, at="end")
    texts = drawn_texts(app)
    for seat in range(4):
        assert f"P{seat + 1}" in texts, f"seat {seat + 1}'s panel"
    for army in ("Borgo", "Moloch", "Outpost", "Hegemony"):
        assert army in texts
    assert "TEAM A  (P1 & P3)" in texts and "TEAM B  (P2 & P4)" in texts
    rects = [replay.seat_panels.seat_rect(s) for s in range(4)]
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), "panels do not overlap"
    frames = {f.label: f.seats for f in replay.seat_panels.team_frames}
    assert frames == {"Team A": (0, 2), "Team B": (1, 3)}
    assert not overflow_notes(app)
    # three seats, no teams: every seat's panel too
    game = _played(FOUR[:3], "deathmatch", 5, 30)
    app.open("replay", game, None, at="end")
    texts = drawn_texts(app)
    assert {"P1", "P2", "P3"} <= set(texts) and "Outpost" in texts


def test_prompts_and_the_log_name_the_seat_by_its_number_with_three_seats(app) -> None:
    game = _played(FOUR[:3], "deathmatch", 5, 30)
    scene = _scene(app, game, "greedy")
    mover = scene.mover
    army = ("Borgo", "Moloch", "Outpost")[mover]
    assert scene.prompt() == f"Player {mover + 1} ({army}, computer) is playing"
    told = [text for text, _colour, _hexes in scene.log if not text.startswith("Battle ")]
    assert told and all(t.startswith("Player ") for t in told), told[:3]
    assert any(t.startswith("Player 3 (Outpost) ") for t in told)
    humans = _scene(app, game)
    assert humans.prompt().startswith(f"Player {mover + 1} ({army}): ")
    replay = app.open("replay", game, None, at="end")
    assert replay.caption().startswith(f"Turn {replay.frame.turn}: Player ")


def test_two_seats_of_one_army_are_told_apart_and_two_armies_keep_their_names(app) -> None:
    same = _scene(app, _played(["borgo", "borgo"], "standard", 2, 12), "greedy")
    assert same.prompt() == f"Player {same.mover + 1} (Borgo, computer) is playing"
    assert all(t.startswith("Player ") for t, _c, _h in same.log if not t.startswith("Battle "))
    two = _scene(app, _played(["borgo", "moloch"], "standard", 2, 12), "greedy")
    assert two.prompt() == f"{('Borgo', 'Moloch')[two.mover]} (computer) is playing"
    assert any(t.startswith(("Borgo ", "Moloch ")) for t, _c, _h in two.log)


def test_a_points_game_says_points_never_hit_points(app, monkeypatch) -> None:
    from nshex_pygame.client import tileart

    game = _played(FOUR[:3], "points", 7, 45)
    points = list(game.view()["hq_hp"])
    assert any(points), "some seat has scored"
    scene = _scene(app, game)
    tile_texts: list[str] = []
    real = tileart.text
    monkeypatch.setattr(
        tileart,
        "text",
        lambda s, words, *a, **k: tile_texts.append(words) or real(s, words, *a, **k),
    )
    tileart._render.cache_clear()  # the HQ tiles are drawn again, their words seen
    texts = drawn_texts(app)
    for seat, value in enumerate(points):
        assert f"{value} pts" in texts, f"seat {seat + 1}'s bar says points"
        assert f"{value} pts" in tile_texts, f"seat {seat + 1}'s HQ tile says points"
    hqs = [u for u in game.view()["units"] if str(u["tile"]).endswith(".hq")]
    for unit in hqs:
        _title, lines = hoverbox.unit_info(scene, unit)
        words = " ".join(line for line, _colour in lines)
        assert "hit point" not in words and "HP" not in words, words
        assert f"has {points[int(unit['seat'])]} point" in words
    shown = " ".join([*texts, *tile_texts, *(t for t, _c, _h in scene.log)])
    assert "hit point" not in shown and " HP" not in shown
    replay = app.open("replay", game, None, at="end")
    tile_texts.clear()
    tileart._render.cache_clear()
    texts = drawn_texts(app)
    assert all(f"{v} pts" in texts and f"{v} pts" in tile_texts for v in points)
    assert "hit point" not in " ".join(texts)
    # the battle playback over the replay: its HQ list and last line in points
    if replay.battles:
        replay.jump(replay.battles[-1])
        replay.watch_battle()
        battle = app.stack.top
        battle.finish()
        texts = drawn_texts(app)
        assert any(t.endswith(" pts") for t in texts)
        assert battle.model.log[-1][0].startswith("Battle over. Points: ")
        assert "hit point" not in " ".join([*texts, *(t for t, _c in battle.model.log)])


def test_a_four_seat_points_battle_log_is_plain_words(app) -> None:
    """The battle log of the four-seat points game on the 37-hex board says who scored what,
    in words ("Outpost scores 1 point"), never a debug line ("scored: points=1, seat=0")."""
    game = Game(FOUR, 7, board="expanded", mode="points")
    bot = Bot("greedy", 7)
    while not game.is_terminal():
        battle = game.last_battle()
        if battle and any(e["kind"] == "scored" for p in battle["phases"] for e in p["events"]):
            break
        if game.current_player() == CHANCE:
            game.apply_action(game.natural_draw())
        else:
            game.apply_action(bot.choose(game))
    assert game.battles, "a battle was fought"
    replay = app.open("replay", game, None, at="end")
    replay.jump(replay.battles[-1])
    replay.watch_battle()
    battle = app.stack.top
    assert battle.scene_name == "battle"
    for _ in range(5000):
        if battle.model.finished:
            break
        battle.update(0.1)
    lines = [text for text, _colour in battle.model.log]
    assert any(" scores " in line for line in lines), lines
    assert not any("=" in line for line in lines), lines


def test_four_seats_fit_the_battle_panel(app, monkeypatch) -> None:
    """The battle panel's four score rows stand above its buttons, each inside the panel
    ("Doomsday Machine HQ: 20" ran past it, the fourth row was clipped under the buttons)."""
    from nshex_pygame.client import widgets
    from nshex_pygame.client.resources import font
    from nshex_pygame.client.scenes.battle.layout import CONTROLS_RECT

    game = _played(["doomsday", "moloch", "outpost", "hegemony"], "deathmatch", 3, 60)
    replay = app.open("replay", game, None, at="end")
    assert replay.battles, "a battle was fought"
    replay.jump(replay.battles[-1])
    replay.watch_battle()
    battle = app.stack.top
    rows: list[tuple[str, tuple[int, int], int]] = []
    real = widgets.draw_text

    def record(surface, words, pos, size, *args, **kwargs):
        if " HQ: " in words:
            rows.append((words, pos, size))
        return real(surface, words, pos, size, *args, **kwargs)

    monkeypatch.setattr(widgets, "draw_text", record)
    app.draw()
    monkeypatch.setattr(widgets, "draw_text", real)
    assert len(rows) == 4, rows
    top_button = min(b.rect.top for b in battle.input.buttons)
    for words, (x, y), size in rows:
        width, height = font(size, True).size(words)
        assert x + width <= CONTROLS_RECT.right - 4, words
        assert y + height <= top_button, f"{words!r} runs under the buttons"
    assert any(w.startswith("Doomsday Machine HQ") for w, _p, _s in rows)


def test_four_seats_wear_their_armies_colours(app) -> None:
    """A seat's badge, edge and points bar are a tint of its army's colour (a pink P3 sat on
    the green Outpost); when an army plays two seats, the seats' own ring colours tell them
    apart."""
    from nshex_pygame.client import tileart

    game = _played(FOUR, "points", 7, 20)
    scene = _scene(app, game)
    for seat, army in enumerate(FOUR):
        colour = scene.seat_colour(seat)
        assert colour == tileart.lighter(tileart.army_colour(army), 0.5)
    assert len({scene.seat_colour(s) for s in range(4)}) == 4
    twice = _scene(app, _played(["borgo", "borgo", "moloch"], "deathmatch", 7, 10))
    assert twice.seat_colour(0) != twice.seat_colour(1)
    assert twice.seat_colour(0) == tuple(SEAT_RINGS[0])


def test_the_setup_says_why_who_starts_is_greyed_out(app) -> None:
    setup = SetupScene(app, rng=random.Random(2))
    app.stack.push(setup)
    click_button(app, setup, "3 players")
    starts = next(b for b in setup.buttons if b.label == "Player 2 starts")
    assert not starts.enabled
    texts = drawn_texts(app)
    assert any(t.startswith("With three or four players, Player 1 starts") for t in texts)
    assert not overflow_notes(app)


def test_the_danger_view_of_the_points_game_says_who_would_score(app) -> None:
    """In the points game the danger view says what each seat would score ("Moloch +2
    points"), not only how many units die: the HQ counters are points there."""
    for actions in range(20, 200, 10):
        game = _played(FOUR, "points", 7, actions)
        result = game.position.resolve_battle()
        before = list(game.position.hq_hp)
        gains = [a - b for b, a in zip(before, result.hq_hp, strict=False)]
        if any(g > 0 for g in gains) and game.current_player() >= 0:
            break
    else:
        raise AssertionError("no position where a battle would score")
    scene = _scene(app, game)
    scene.danger = True
    danger = scene.danger_view()
    assert danger is not None
    for seat, gain in enumerate(gains):
        if gain > 0:
            point = "point" if gain == 1 else "points"
            assert f"{scene.seat_name(seat)} +{gain} {point}" in danger["words"], danger["words"]
    assert "HQ -" not in danger["words"]
