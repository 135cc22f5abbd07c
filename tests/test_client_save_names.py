"""Saves the player names, renames and deletes on the load screen: the name lives in the save's
own metadata (``"name"``), a rename is an atomic rewrite that keeps everything else (and the
file's time, so the list keeps its order), a bad name is refused with the reason, and a
deletion is asked again first."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from client_support import (
    click,
    drawn_texts,
    key,
    overflow_notes,
    pushed,
    watching_overflow,
)

from nshex_pygame.client import storage
from nshex_pygame.client.scenes.load import LoadScene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game

SEATS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "greedy")]


def _save(file: str, **kwargs) -> Path:
    game = Game(["borgo", "moloch"], 3)
    game.apply_line("hq 0,0")
    path = storage.saves_dir() / file
    storage.save_game(path, SEATS, game.save(), **kwargs)
    return path


def test_a_name_is_kept_in_the_save_and_survives_the_autosave(data_dir: Path) -> None:
    path = _save("one.json", name="Sunday rematch")
    saved, problem = storage.read_save(path)
    assert problem is None and saved is not None and saved.name == "Sunday rematch"
    assert json.loads(path.read_text())["name"] == "Sunday rematch"
    storage.save_game(path, SEATS, Game(["borgo", "moloch"], 4).save())  # the next turn's save
    saved, _ = storage.read_save(path)
    assert saved is not None and saved.name == "Sunday rematch"
    saved, _ = storage.read_save(_save("two.json"))
    assert saved is not None and saved.name == ""


def test_renaming_rewrites_atomically_and_keeps_the_rest(data_dir: Path) -> None:
    path = _save("one.json")
    os.utime(path, (1_000_000, 1_000_000))
    before = json.loads(path.read_text())
    assert storage.rename_save(path, "  Close one  ") is None
    after = json.loads(path.read_text())
    assert after.pop("name") == "Close one", "trimmed"
    assert after == before
    assert path.stat().st_mtime == 1_000_000, "the list keeps its order"
    assert sorted(p.name for p in path.parent.iterdir()) == ["one.json"], "no temporary file"


def test_a_failed_rename_leaves_the_save_as_it_was(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _save("one.json", name="Old")
    text = path.read_text()

    def fail(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    problem = storage.rename_save(path, "New")
    assert problem and "disk full" in problem
    assert path.read_text() == text
    assert sorted(p.name for p in path.parent.iterdir()) == ["one.json"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "at least one"),
        ("   ", "at least one"),
        ("x" * (storage.NAME_LENGTH + 1), f"at most {storage.NAME_LENGTH}"),
        ("two\nlines", "line breaks"),
        ("a\tb", "control"),
        ("TAKEN", "already called"),
    ],
)
def test_a_bad_name_is_refused_with_the_reason(data_dir: Path, name: str, words: str) -> None:
    _save("other.json", name="Taken")
    path = _save("one.json", name="Mine")
    text = path.read_text()
    problem = storage.rename_save(path, name)
    assert problem and words in problem
    assert path.read_text() == text
    assert storage.name_problem("Mine", path) is None, "a save may keep its own name"
    assert storage.name_problem("Bjørn's game: 2 · ☢", path) is None, "free text"


def test_deleting_removes_only_a_save(data_dir: Path, tmp_path: Path) -> None:
    path = _save("one.json")
    assert storage.delete_save(path) is None
    assert not path.exists()
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    assert storage.delete_save(outside)
    assert outside.exists()


def _type(app, text: str) -> None:
    for char in text:
        app.step(0.0, [pygame.event.Event(pygame.TEXTINPUT, text=char)], draw=False)


def _load_screen(app) -> LoadScene:
    return pushed(app, LoadScene(app))


def test_naming_a_save_on_the_load_screen(app, data_dir: Path) -> None:
    path = _save("one.json")
    scene = _load_screen(app)
    assert scene.buttons[0].label.startswith("one.json: Borgo vs Moloch")
    assert scene.rename_buttons[0].label == "Name"
    click(app, scene.rename_buttons[0].rect.center)
    assert scene.dialog == ("rename", path)
    click(app, scene.buttons[0].rect.center)  # the list waits while the dialog is open
    assert app.stack.top is scene
    _type(app, "Long game")
    key(app, pygame.K_BACKSPACE)
    _type(app, "E")
    app.step(0.016)
    key(app, pygame.K_RETURN)
    assert scene.dialog is None
    assert storage.read_save(path)[0].name == "Long gamE"
    assert scene.buttons[0].label.startswith("Long gamE: Borgo vs Moloch")
    assert scene.rename_buttons[0].label == "Rename"
    # rename it: the dialog starts from the name it has; Esc leaves it unchanged
    click(app, scene.rename_buttons[0].rect.center)
    assert scene.text == "Long gamE"
    _type(app, "!")
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and app.stack.top is scene
    assert storage.read_save(path)[0].name == "Long gamE"


def test_a_refused_name_keeps_the_dialog_open_with_the_reason(app, data_dir: Path) -> None:
    _save("other.json", name="Taken")
    path = _save("one.json")
    scene = _load_screen(app)
    row = next(i for i, (p, _l, _pr) in enumerate(scene.rows) if p == path)
    click(app, scene.rename_buttons[row].rect.center)
    _type(app, "taken")
    click_at = scene.dialog_buttons[0].rect.center  # "Keep the name"
    click(app, click_at)
    assert scene.dialog == ("rename", path)
    assert scene.refused and "already called" in scene.refused
    with watching_overflow() as notes:
        texts = drawn_texts(app)
    assert any("already called" in t for t in texts), "the reason is shown"
    assert not notes, notes
    assert storage.read_save(path)[0].name == ""


def test_deleting_a_save_asks_first(app, data_dir: Path) -> None:
    keep = _save("keep.json", name="Keeper")
    path = _save("one.json", name="Throw away")
    (storage.saves_dir() / "broken.json").write_text("{")
    scene = _load_screen(app)
    rows = {p.name: i for i, (p, _l, _pr) in enumerate(scene.rows)}
    assert "broken.json" not in rows and "broken.json" in scene.set_aside[0], "set aside"
    click(app, scene.delete_buttons[rows["one.json"]].rect.center)
    assert scene.dialog == ("delete", path)
    assert path.exists(), "not before the yes"
    notes = overflow_notes(app)
    assert not notes, notes
    key(app, pygame.K_ESCAPE)  # changed my mind
    assert scene.dialog is None and path.exists()
    click(app, scene.delete_buttons[rows["one.json"]].rect.center)
    click(app, scene.dialog_buttons[0].rect.center)  # "Delete"
    assert not path.exists() and keep.exists()
    assert scene.dialog is None
    assert [p.name for p, _l, _pr in scene.rows] == [
        p.name for p in storage.list_saves() if p.name != "one.json"
    ]
    assert "Throw away" in scene.note
    app.step(0.016)
