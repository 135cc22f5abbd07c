"""The animations outside battles and the music (issue 40, item 19): each starts on its event and
ends with no input, the scene back to idle and its last frame shown; one setting turns them all
off; the music's volume is kept in the settings; the music plays (and stops) on the dummy audio
driver without a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from client_support import data_dir_fixture  # noqa: F401

from nshex_pygame.client import juice, music, storage
from nshex_pygame.client.app import App
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import CHANCE, Bot, Game

FRAME = 1 / 60


def _until_idle(app: App, limit: int = 4000) -> int:
    """Turn the main loop's crank with no input (the bots' moves waited for) until nothing
    moves; then one idle frame. The frames it took."""
    for n in range(limit):
        game = app.stack.find("game")
        if game is not None:
            game.wait_for_ai()
        app.frame(FRAME, [])
        if not app.busy():
            app.frame(FRAME, [])
            return n
    raise AssertionError("the screen never came to rest")


def _shows_the_scene_as_it_is(app: App) -> bool:
    before = pygame.image.tobytes(app.window, "RGB")
    app.draw()
    app.present()
    return pygame.image.tobytes(app.window, "RGB") == before


def _before_draws(seed: int = 4) -> Game:
    """Seat 0's tiles about to be drawn on turn 3."""
    game, bot = Game(["outpost", "moloch"], seed), Bot("greedy", seed)
    while not (game.current_player() == CHANCE and game.view()["turn"] >= 3):
        action = game.natural_draw() if game.current_player() == CHANCE else bot.choose(game)
        game.apply_action(action)
    return game


def _game(app: App, game: Game, second: str = "greedy"):
    seats = [SeatSetup("outpost", "human"), SeatSetup("moloch", second)]
    scene = app.make("game", game, seats)
    app.stack.clear_to(scene)
    return scene


def test_a_scene_coming_up_fades_in_then_the_loop_idles(data_dir: Path) -> None:
    app = App(settings=Settings())
    app.stack.push(app.make("menu"))
    app.frame(FRAME, [])
    assert not app.busy(), "the first scene shows at once"
    app.open("settings")
    app.frame(FRAME, [])
    assert app.fade.moving() and app.fade.pushed
    frames = _until_idle(app)
    assert 5 <= frames <= juice.FADE_SECONDS / FRAME + 2
    assert not app.fade.moving()
    assert _shows_the_scene_as_it_is(app), "the fade's last frame was drawn"
    app.stack.pop()  # back to the menu: it fades in too (not pushed: no slide)
    app.frame(FRAME, [])
    assert app.fade.moving() and not app.fade.pushed
    _until_idle(app)


def test_drawn_tiles_slide_from_the_deck_into_the_hand(data_dir: Path) -> None:
    app = App(settings=Settings())
    scene = _game(app, _before_draws())
    seen: list[tuple[float, float]] = []
    slot = None
    for _ in range(600):
        app.frame(FRAME, [])
        if scene.juice.slides:
            (seat, index), _slide = next(iter(scene.juice.slides.items()))
            slot = scene.hand_rects(seat)[index][1]
            seen.append(scene.juice.hand_spot(seat, index, slot))
        elif seen:
            break
    assert seen, "a drawn tile slid"
    deck = scene.deck_spot(0)[0]
    assert seen[0] != slot and abs(seen[0][1] - deck[1]) < abs(seen[0][1] - slot[1]) + 1
    _until_idle(app)
    assert len(scene.hand(0)) == 3 and not scene.juice.slides
    assert _shows_the_scene_as_it_is(app)


def test_a_placed_tile_lands_with_a_bounce_and_a_sound(data_dir: Path, monkeypatch) -> None:
    app = App(settings=Settings(animation_speed=4.0))
    scene = _game(app, _before_draws())
    _until_idle(app)
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    for action, desc in scene.legal:
        if desc.get("kind") == "discard":
            scene.apply(action)
            break
    place = next(a for a, d in scene.legal if d.get("kind") == "place")
    scene.apply(place)
    assert "place" in played and scene.pops
    sizes = [juice.landing_scale(i / 20) for i in range(21)]
    assert sizes[0] > 1.2 and min(sizes) < 1.0 and sizes[-1] == 1.0, "it drops, squashes, settles"
    _until_idle(app)
    assert not scene.pops
    assert _shows_the_scene_as_it_is(app)


def test_the_turn_passes_with_a_banner(data_dir: Path) -> None:
    app = App(settings=Settings(animation_speed=4.0))
    scene = _game(app, _before_draws())
    _until_idle(app)
    for action, desc in scene.legal:
        if desc.get("kind") == "discard":
            scene.apply(action)
            break
    scene.apply(next(a for a, d in scene.legal if d.get("kind") == "end"))
    words: list[str] = []
    for _ in range(4000):
        scene.wait_for_ai()
        app.frame(FRAME, [])
        if scene.juice.banner is not None and scene.juice.banner[0] not in words:
            words.append(scene.juice.banner[0])
        if scene.human_to_move() and not app.busy():
            break
    assert words == ["Turn 4: Moloch", "Turn 5: your move"], words
    app.frame(FRAME, [])
    assert not app.busy() and _shows_the_scene_as_it_is(app)


def test_one_setting_turns_them_all_off(data_dir: Path) -> None:
    app = App(settings=Settings(juice=False, music_volume=80, animation_speed=8.0))
    assert music.Music.volume_for(app.settings) == 0 and not app.music.playing
    app.stack.push(app.make("menu"))
    app.frame(FRAME, [])
    app.open("settings")
    app.frame(FRAME, [])
    assert not app.busy(), "no fade"
    scene = _game(app, _before_draws())
    app.frame(FRAME, [])
    moved = False
    for _ in range(600):
        app.frame(0.1, [])
        moved = moved or scene.juice.moving()
        if len(scene.hand(0)) == 3 and scene.stage != "draw":
            break
    for action, desc in scene.legal:
        if desc.get("kind") == "discard":
            scene.apply(action)
            break
    scene.apply(next(a for a, d in scene.legal if d.get("kind") == "place"))
    scene.apply(next(a for a, d in scene.legal if d.get("kind") == "end"))
    for _ in range(2000):
        scene.wait_for_ai()
        app.frame(0.05, [])
        moved = moved or scene.juice.moving() or bool(scene.pops)
        if scene.human_to_move():
            break
    assert not moved, "no slide, no bounce, no turn banner"


def test_the_music_volume_and_the_switch_are_kept(data_dir: Path) -> None:
    app = App(settings=Settings())
    settings = app.open("settings")
    before = app.settings.music_volume
    settings.cycle_music_volume()
    settings.toggle_juice()
    loaded, problem = storage.load_settings()
    assert problem is None and loaded is not None
    assert loaded.music_volume == (before // 10 * 10 + 10) % 110 and loaded.juice is False
    assert app.music.volume == 0.0, "switched off: silent"
    settings.toggle_juice()
    assert app.music.volume == app.settings.music_volume / 100


def test_a_bad_music_volume_is_named(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / storage.SETTINGS_FILE).write_text(
        json.dumps({"music_volume": 300, "juice": "yes"}), encoding="utf-8"
    )
    loaded, problem = storage.load_settings()
    assert loaded is not None and loaded.music_volume == 40 and loaded.juice is True
    assert problem is not None and "music_volume" in problem and "juice" in problem


def test_the_music_plays_and_stops_on_the_dummy_audio_driver(data_dir: Path) -> None:
    """SDL_AUDIODRIVER=dummy (client_support): the mixer starts; the loop plays, follows the
    volume and stops; without a mixer it is silent, never a crash."""
    samples = music.loop_samples()
    bars = len(music.CHORDS) * len(music.ARP)
    assert len(samples) == bars * int(music.RATE * music.STEP)
    assert 5000 < max(samples) < 32767 and min(samples) > -32768, "loud enough, never clipped"
    app = App(settings=Settings(music_volume=50))
    if app.sounds.available:
        assert app.music.available and app.music.playing
        assert app.music.volume == 0.5 and app.music.channel.get_volume() > 0  # (fading in)
    app.settings.muted = True
    app.music.apply(app.settings)
    assert not app.music.playing
    silent = music.Music(Settings(), audio=False)
    silent.apply(Settings(music_volume=90))
    assert not silent.playing and silent.volume == 0.9
    silent.stop()
