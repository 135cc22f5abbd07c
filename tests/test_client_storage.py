"""Settings and saves in the data folder: written atomically, and a bad file is reported with
what is wrong, never raised. Also: the game runs without an audio device."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from client_support import app_fixture, click, data_dir_fixture  # noqa: F401

from nshex_pygame.client import sound, storage
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.load import LoadScene
from nshex_pygame.client.scenes.menu import MenuScene
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import Game

SEATS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "greedy")]


def test_data_dir_follows_the_environment(data_dir: Path) -> None:
    assert storage.data_dir() == data_dir
    assert storage.autosave_path().parent == data_dir / "saves"


def test_settings_round_trip(data_dir: Path) -> None:
    settings = Settings(animation_speed=2.0, volume=30, muted=True, window_size=[1600, 1000])
    storage.save_settings(settings)
    loaded, problem = storage.load_settings()
    assert problem is None
    assert loaded == settings
    assert sorted(p.name for p in data_dir.iterdir()) == ["settings.json"]


def test_corrupt_settings_are_reported_with_the_line(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text('{\n  "volume": 50,\n  "muted" true\n}\n')
    settings, problem = storage.load_settings()
    assert settings == Settings()
    assert problem is not None and problem.startswith("settings.json could not be read")
    assert "line 3" in problem and "the default settings are used" in problem
    (aside,) = data_dir.glob("settings.json.bad-*")
    assert aside.name in problem and "true" in aside.read_text(), "the original is kept"


def test_wrong_setting_values_keep_their_defaults(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(
        json.dumps({"volume": 900, "fullscreen": "yes", "animation_speed": 2, "colour": 1})
    )
    settings, problem = storage.load_settings()
    assert settings.volume == Settings().volume and settings.fullscreen is False
    assert settings.animation_speed == 2.0
    assert problem and "volume" in problem and "fullscreen" in problem
    # a setting this version does not know (a newer one's) is no problem: it is kept
    assert "colour" not in problem and settings.extra == {"colour": 1}
    (aside,) = data_dir.glob("settings.json.bad-*")
    assert json.loads(aside.read_text())["volume"] == 900, "the original is kept aside"
    written = json.loads((data_dir / "settings.json").read_text())
    assert written["animation_speed"] == 2.0 and written["colour"] == 1, "the good ones stay"


def test_the_menu_shows_a_settings_problem(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text("[1, 2")
    application = App()
    assert any("settings.json" in note and "line 1" in note for note in application.notices)
    application.stack.push(MenuScene(application))
    application.step(0.016)


def test_atomic_write_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.json"
    storage.atomic_write(target, "old")

    def broken(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        storage.atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"], "no temporary file left"


def test_save_round_trip(data_dir: Path) -> None:
    game = Game(["borgo", "moloch"], 3)
    game.apply_line("hq 0,0")
    path = storage.saves_dir() / "one.json"
    storage.save_game(path, SEATS, game.save())
    saved, problem = storage.read_save(path)
    assert problem is None and saved is not None
    assert saved.seats == SEATS
    assert Game.load(saved.game_text) == game


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "line 1"),
        ("", "empty"),
        ('{"format": "chess"}', "not a saved game"),
        ('{"format": "nshex-client-save", "version": 99}', "newer version"),
        ('{"format": "nshex-client-save", "version": 1, "seats": 3, "game": {}}', "seats"),
    ],
)
def test_a_bad_save_is_reported(data_dir: Path, text: str, words: str) -> None:
    path = storage.saves_dir() / "bad.json"
    path.write_text(text)
    saved, problem = storage.read_save(path)
    assert saved is None
    assert problem and words in problem and "bad.json" in problem


def test_continue_with_a_corrupt_autosave_says_so(app, data_dir: Path) -> None:
    game = Game(["borgo", "moloch"], 3)
    storage.save_game(storage.autosave_path(), SEATS, game.save())
    data = json.loads(storage.autosave_path().read_text())
    data["game"]["actions"] = ["end", *data["game"].get("actions", [])]  # not legal: the engine
    storage.autosave_path().write_text(json.dumps(data))
    menu = MenuScene(app)
    app.stack.push(menu)
    assert not menu.continue_button.enabled, "the engine refused it: nothing to continue"
    click(app, menu.continue_button.rect.center)
    assert app.stack.top is menu
    (notice,) = app.notices
    assert notice.startswith("autosave.json could not be loaded")
    (aside,) = storage.saves_dir().glob("autosave.json.bad-*")
    assert aside.name in notice and json.loads(aside.read_text()) == data
    app.step(0.016)


def test_the_load_screen_lists_bad_files_with_the_reason(app, data_dir: Path) -> None:
    game = Game(["borgo", "moloch"], 1)
    storage.save_game(storage.saves_dir() / "good.json", SEATS, game.save())
    (storage.saves_dir() / "broken.json").write_text("{")
    (storage.saves_dir() / "foreign.json").write_text('{"hello": 1}')
    (storage.saves_dir() / "newer.json").write_text('{"format": "nshex-client-save", "version": 7}')
    scene = LoadScene(app)
    app.stack.push(scene)
    app.step(0.016)
    problems = {path.name: problem for path, _label, problem in scene.rows}
    assert problems["good.json"] is None
    assert "newer version" in problems["newer.json"], "a newer version's save stays listed"
    broken, foreign = sorted(scene.set_aside)
    assert broken.startswith("broken.json could not be loaded") and "line 1" in broken
    assert foreign.startswith("foreign.json could not be loaded") and "not a saved game" in foreign
    enabled = {b.label.split(":")[0]: b.enabled for b in scene.buttons}
    assert enabled == {"good.json": True, "newer.json": False}
    kept = sorted(p.name.partition(".bad-")[0] for p in storage.saves_dir().glob("*.bad-*"))
    assert kept == ["broken.json", "foreign.json"]


def test_no_audio_device(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)  # pygame.init() may start it
    sounds = sound.Sounds()
    assert not sounds.available and "audio device" in (sounds.error or "")
    sounds.play("hit")  # silently nothing
    application = App(settings=Settings())
    assert not application.sounds.available
    application.stack.push(MenuScene(application))
    application.step(0.016)


def test_the_sounds_are_made_by_the_program() -> None:
    for name, make in sound.EFFECTS.items():
        data = sound.wav_bytes(make())
        assert data[:4] == b"RIFF" and len(data) > 1000, name


def test_settings_screen_changes_are_kept(app, data_dir: Path) -> None:
    from nshex_pygame.client.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.stack.push(scene)
    before = Settings(**json.loads(app.settings.to_json()))
    for index in range(6):  # speed, automatic choices, volume, mute, window size, fullscreen
        click(app, scene.buttons[index].rect.center)
        app.step(0.016)
    saved, problem = storage.load_settings()
    assert problem is None
    assert saved == app.settings
    for name in ("animation_speed", "auto_battle_choices", "volume", "muted", "window_size"):
        assert getattr(saved, name) != getattr(before, name), name
    assert saved.fullscreen != before.fullscreen
    assert app.window.get_size()[0] > 0


def test_an_unexpected_error_shows_the_error_screen(app) -> None:
    from nshex_pygame.client.scenes.error import ErrorScene

    app.stack.push(MenuScene(app))
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        app.fail(exc)  # what the main loop does with an error it did not expect
    scene = app.stack.top
    assert isinstance(scene, ErrorScene) and "boom" in scene.message
    app.step(0.016)
    click(app, scene.buttons[0].rect.center)  # Main menu
    assert isinstance(app.stack.top, MenuScene)
    assert len(app.stack.scenes) == 1


def test_a_window_of_another_shape_letterboxes_the_game(data_dir: Path) -> None:
    application = App(settings=Settings(window_size=[1600, 800]))
    view = application.viewport()
    assert view.size == (1280, 800) and view.left == 160
    assert application.to_logical((160, 0)) == (0, 0)
    assert application.to_logical((160 + 640, 400)) == (640, 400)
    application.stack.push(MenuScene(application))
    application.step(0.016)
    application.present()


def test_f12_saves_a_screenshot_in_the_data_folder(app, data_dir: Path) -> None:
    app.stack.push(MenuScene(app))
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="")])
    shots = list((data_dir / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == (1280, 800)


def test_the_window_sizes_offered_fit_the_screen(app, monkeypatch: pytest.MonkeyPatch) -> None:
    from nshex_pygame.client.scenes.settings import SettingsScene

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1440, 900)])
    scene = SettingsScene(app)
    app.stack.push(scene)
    offered = set()
    for _ in range(8):
        click(app, scene.buttons[4].rect.center)  # the window size
        offered.add(tuple(app.settings.window_size))
    assert offered == {(1024, 640), (1280, 800), (1440, 900)}, offered


def test_the_palette_and_helpers_settings_are_kept_and_checked(app, data_dir: Path) -> None:
    from nshex_pygame.client import tileart

    try:
        scene = app.make("settings")
        app.stack.push(scene)
        button = next(b for b in scene.buttons if b.label == "standard")
        click(app, button.rect.center)
        assert app.settings.palette == "colour-blind" and tileart.palette == "colour-blind"
        scene.toggle_helpers()
        loaded, problem = storage.load_settings()
        assert problem is None and loaded.palette == "colour-blind" and not loaded.helpers
    finally:
        tileart.set_palette("standard")
    (data_dir / "settings.json").write_text('{"palette": "sepia", "helpers": 3}')
    settings, problem = storage.load_settings()
    assert settings.palette == "standard" and settings.helpers is True
    assert problem is not None and "palette" in problem and "helpers" in problem
