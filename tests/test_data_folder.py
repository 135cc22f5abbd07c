"""Whatever the player's data folder holds, the game starts, says what it set aside, and loses
nothing the player chose (docs/RELIABILITY.md, "The player's data folder").

For each kind of file (settings, the autosave, a named save, the puzzle progress, the
achievements) a corpus of
damaged files: truncated, empty, wrong types, a 5,000-digit number, NaN, Infinity, 1e400,
1e20, nesting deep enough to exhaust Python's recursion, invalid UTF-8, NUL bytes, a folder, a
FIFO, a link to nowhere, a file without read permission, and what only that kind can get wrong
(a save's time out of range, a game the engine refuses). Each one: the window starts and draws
(SDL's dummy driver), the sentence shown names the file and where it went, and the set-aside
file holds the original bytes. Then: copies within one second, leftover temporary files, a
progress file with a bad entry or from a newer version, settings that cannot be moved aside.
And a short fuzz of the settings and progress readers (``pytest -m slow -k fuzz``: longer).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from client_support import pushed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nshex_pygame.client import achievements, storage
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.load import LoadScene
from nshex_pygame.client.scenes.menu import MenuScene
from nshex_pygame.client.storage import SeatSetup, Settings
from nshex_pygame.core import Game

SEATS = [SeatSetup("borgo", "human"), SeatSetup("moloch", "greedy")]
MARK = '"@@"'  # where a template takes the damaged value


def _corpus(template: str, normal: str) -> list[tuple[str, bytes]]:
    """(what, the file's bytes): a good file's ``MARK`` replaced by damage, or the file as a
    whole damaged."""
    good = template.replace(MARK, normal)

    def at(value: str) -> bytes:
        return template.replace(MARK, value).encode()

    raw = good.encode()
    return [
        ("truncated", raw[: len(raw) // 2]),
        ("empty", b""),
        ("spaces only", b"  \n"),
        ("not an object", b"[1, 2, 3]"),
        ("a text", at('"a text"')),
        ("a boolean", at("true")),
        ("null", at("null")),
        ("5,000 digits", at("9" * 5000)),
        ("4,000 digits", at("9" * 4000)),
        ("NaN", at("NaN")),
        ("Infinity", at("Infinity")),
        ("-Infinity", at("-Infinity")),
        ("1e400", at("1e400")),
        ("1e20", at("1e20")),
        ("-1", at("-1")),
        ("deep nesting", at("[" * 100_000 + "]" * 100_000)),
        ("deep objects", at('{"a":' * 50_000 + "1" + "}" * 50_000)),
        ("nesting of 900", at("[" * 900 + "]" * 900)),
        ("invalid UTF-8", raw[:5] + b"\xff\xfe\x80" + raw[5:]),
        ("NUL bytes", b"\x00" * 64),
        ("a byte-order mark and garbage", b"\xef\xbb\xbf{]"),
    ]


SPECIALS = ("a folder", "a FIFO", "a link to nowhere", "no read permission")


def _make_special(what: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``monkeypatch`` is the test's own for ``os.open`` only (lifted with ``undo``, which
    leaves the data folder's variable alone)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if what == "a folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    elif what == "a FIFO":
        os.mkfifo(path)
    elif what == "a link to nowhere":
        path.symlink_to(path.parent / "nowhere")
    else:  # as for a file without read permission (the tests may run as root, who reads all)
        path.write_text("{}")
        real_open = os.open

        def no_permission(name: Any, *args: Any, **kwargs: Any) -> int:
            if Path(name) == path:
                raise PermissionError(13, "Permission denied", str(name))
            return real_open(name, *args, **kwargs)

        monkeypatch.setattr(os, "open", no_permission)


def _aside(path: Path) -> Path:
    """The one set-aside file of ``path``."""
    found = list(path.parent.glob(f"{path.name}.bad-*"))
    assert len(found) == 1, found
    return found[0]


def _kept(path: Path, what: str, original: bytes | None) -> Path:
    """``path`` was set aside whole: the original bytes (or the folder, FIFO, link)."""
    aside = _aside(path)
    info = os.lstat(aside)
    if original is not None:
        assert aside.read_bytes() == original, "the original bytes are kept"
    elif what == "a folder":
        assert (aside / "inside.txt").read_text() == "kept"
    elif what == "a FIFO":
        assert stat.S_ISFIFO(info.st_mode)
    elif what == "a link to nowhere":
        assert stat.S_ISLNK(info.st_mode)
    return aside


def _one_sentence(notice: str, name: str, aside: Path) -> None:
    assert notice.startswith(f"{name} could not be "), notice
    assert aside.name in notice, notice
    assert notice.endswith(".") and "\n" not in notice and "Traceback" not in notice
    assert len(notice) < 400, notice


def _cases(template: str, normal: str, extra: list[tuple[str, bytes]] = ()) -> list[Any]:
    cases = [pytest.param(what, raw, id=what) for what, raw in [*_corpus(template, normal), *extra]]
    return cases + [pytest.param(what, None, id=what) for what in SPECIALS]


class _Lift:
    """Undoes the no-permission patch of ``os.open`` (and nothing else)."""

    def __init__(self) -> None:
        self.patch = pytest.MonkeyPatch()

    def __call__(self) -> None:
        self.patch.undo()


def _damage(path: Path, what: str, raw: bytes | None) -> _Lift:
    """``path`` damaged as ``what``; call the result to lift a no-permission patch."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lift = _Lift()
    if raw is None:
        _make_special(what, path, lift.patch)
    else:
        path.write_bytes(raw)
    return lift


# --- settings ----------------------------------------------------------------------------------

SETTINGS_TEMPLATE = '{"volume": "@@", "muted": true, "palette": "colour-blind"}'
SETTINGS_EXTRA = [
    ("a window of 1e400", b'{"window_size": [1e400, 800]}'),
    ("a speed of a 4,000-digit number", b'{"animation_speed": ' + b"7" * 4000 + b"}"),
]


@pytest.mark.parametrize(("what", "raw"), _cases(SETTINGS_TEMPLATE, "40", SETTINGS_EXTRA))
def test_damaged_settings(data_dir: Path, what: str, raw: bytes | None) -> None:
    path = data_dir / "settings.json"
    lift = _damage(path, what, raw)
    app = App()
    app.stack.push(MenuScene(app))
    app.step(0.016)  # the window starts and draws the notice
    lift()
    (notice,) = app.notices
    _one_sentence(notice, "settings.json", _kept(path, what, raw))
    assert "default" in notice
    if os.path.lexists(path):  # what could be read was written back, and reads cleanly
        assert storage.load_settings() == (app.settings, None)
    app.settings.volume = 12
    app.save_settings()
    assert storage.load_settings()[0].volume == 12
    assert _kept(path, what, raw), "still kept after saving"


def test_settings_that_cannot_be_moved_aside_are_never_overwritten(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = data_dir / "settings.json"
    data_dir.mkdir(parents=True)
    path.write_bytes(b'{"volume": 5, "muted": tru')

    def refused(*_args: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refused)
    app = App()
    (notice,) = app.notices
    assert "could not be moved aside" in notice and "left as it is" in notice
    app.settings.volume = 99
    app.save_settings()  # refused: the unreadable file stays as the player left it
    assert path.read_bytes() == b'{"volume": 5, "muted": tru'
    assert app.notices[-1].startswith("The settings could not be saved: settings.json")


def test_settings_of_a_newer_version_keep_what_this_one_does_not_know(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text('{"volume": 20, "subtitles": "large"}')
    app = App()
    assert app.notices == [] and app.settings.volume == 20
    app.settings.muted = True
    app.save_settings()
    written = json.loads((data_dir / "settings.json").read_text())
    assert written["subtitles"] == "large" and written["muted"] is True


# --- saves -------------------------------------------------------------------------------------


def _save_template(**changes: Any) -> str:
    """A good save's text, its ``saved_at`` the MARK, with ``changes`` to the wrapper."""
    game = Game(["borgo", "moloch"], 3)
    game.apply_line("hq 0,0")
    data = {
        "format": storage.SAVE_FORMAT,
        "version": storage.SAVE_VERSION,
        "saved_at": "@@",
        "seats": [{"army": s.army, "player": s.player} for s in SEATS],
        "game": json.loads(game.save()),
        "name": "Sunday",
    }
    data.update(changes)
    return json.dumps(data)


def _save_extras() -> list[tuple[str, bytes]]:
    good = json.loads(_save_template().replace(MARK, "1700000000"))
    refused = json.loads(json.dumps(good))
    refused["game"]["actions"] = ["end", *refused["game"].get("actions", [])]
    swapped = json.loads(json.dumps(good))
    swapped["seats"].reverse()
    five = json.loads(json.dumps(good))
    five["seats"] = five["seats"] * 3
    named = dict(good, name="line\nbreak")
    long_name = dict(good, name="x" * 5000)
    return [
        ("a game the engine refuses", json.dumps(refused).encode()),
        ("seats that are not the game's", json.dumps(swapped).encode()),
        ("six seats", json.dumps(five).encode()),
        ("a name with a line break", json.dumps(named).encode()),
        ("a name of 5,000 letters", json.dumps(long_name).encode()),
        ("a game of the wrong type", json.dumps(dict(good, game=[1])).encode()),
        ("version 0", json.dumps(dict(good, version=0)).encode()),
        ("another format", json.dumps(dict(good, format="chess")).encode()),
    ]


SAVE_CASES = _cases(_save_template(), "1700000000", _save_extras())


@pytest.mark.parametrize(("what", "raw"), SAVE_CASES)
def test_a_damaged_autosave(data_dir: Path, what: str, raw: bytes | None) -> None:
    path = storage.autosave_path()
    lift = _damage(path, what, raw)
    app = App(settings=Settings())
    menu = pushed(app, MenuScene(app))
    lift()
    assert not menu.continue_button.enabled and menu.last_game == ""
    (notice,) = app.notices
    _one_sentence(notice, "autosave.json", _kept(path, what, raw))
    menu.on_resume()  # back at the menu after a game: not reported twice
    assert len(app.notices) == 1


@pytest.mark.parametrize(("what", "raw"), SAVE_CASES)
def test_a_damaged_named_save(data_dir: Path, what: str, raw: bytes | None) -> None:
    good = storage.saves_dir() / "good.json"
    good.write_text(_save_template().replace(MARK, "1700000000"))
    path = storage.saves_dir() / "bad.json"
    lift = _damage(path, what, raw)
    app = App(settings=Settings())
    scene = pushed(app, LoadScene(app))
    lift()
    assert [(p.name, problem) for p, _label, problem in scene.rows] == [("good.json", None)]
    (notice,) = scene.set_aside
    _one_sentence(notice, "bad.json", _kept(path, what, raw))


def test_a_save_damaged_after_it_was_listed(data_dir: Path) -> None:
    path = storage.saves_dir() / "later.json"
    path.write_text(_save_template().replace(MARK, "1700000000"))
    app = App(settings=Settings())
    scene = LoadScene(app)
    app.stack.push(scene)
    assert [p.name for p, _l, _pr in scene.rows] == ["later.json"]
    path.write_text(_save_template().replace(MARK, "1e20"))
    scene.open(path)
    assert app.stack.top is scene and scene.rows == []
    assert scene.problem and scene.problem.startswith("later.json could not be loaded")
    assert "time of saving" in scene.problem
    app.step(0.016)


def test_a_save_of_a_newer_version_is_left_alone(data_dir: Path) -> None:
    path = storage.saves_dir() / "newer.json"
    path.write_text(_save_template(version=2, future={"x": 1}).replace(MARK, "1700000000"))
    before = path.read_bytes()
    app = App(settings=Settings())
    scene = LoadScene(app)
    app.stack.push(scene)
    app.step(0.016)
    ((row, _label, problem),) = scene.rows
    assert row == path and "newer version" in problem
    assert path.read_bytes() == before and not list(path.parent.glob("*.bad-*"))


def test_two_copies_within_a_second_are_both_kept(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(time, "strftime", lambda layout, *_a: "game-20261128-221500")
    game = Game(["borgo", "moloch"], 3)
    paths = []
    for _ in range(3):
        path = storage.copy_path()
        storage.save_game(path, SEATS, game.save())
        paths.append(path.name)
    assert paths == [
        "game-20261128-221500.json",
        "game-20261128-221500-2.json",
        "game-20261128-221500-3.json",
    ]


def test_set_aside_never_overwrites_an_earlier_one(data_dir: Path) -> None:
    folder = storage.saves_dir()
    for n in range(3):
        (folder / "autosave.json").write_text(f"broken {n}")
        app = App(settings=Settings())
        app.stack.push(MenuScene(app))
    kept = sorted(p.read_text() for p in folder.glob("autosave.json.bad-*"))
    assert kept == ["broken 0", "broken 1", "broken 2"]


def test_leftover_temporary_files_are_removed_at_start(data_dir: Path) -> None:
    saves = storage.saves_dir()
    old = time.time() - 3600
    leftovers = [data_dir / ".puzzles.json.k2j3h4.tmp", saves / ".autosave.json.x9y8.tmp"]
    for path in leftovers:
        path.write_bytes(b"\x00" * 1000)
        os.utime(path, (old, old))
    fresh = data_dir / ".settings.json.abcd.tmp"  # a write of another window, under way
    fresh.write_text("{}")
    others = [data_dir / ".hidden", saves / "mine.tmp", data_dir / "notes.txt"]
    for path in others:
        path.write_text("the player's")
        os.utime(path, (old, old))
    App(settings=Settings())
    assert not any(p.exists() for p in leftovers)
    assert fresh.exists() and all(p.read_text() == "the player's" for p in others)


def test_a_file_where_the_saves_folder_should_be(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "saves").write_text("not a folder")
    app = App(settings=Settings())
    app.stack.push(MenuScene(app))
    app.step(0.016)
    (notice,) = app.notices
    aside = _aside(data_dir / "saves")
    _one_sentence(notice, "saves", aside)
    assert aside.read_text() == "not a folder" and (data_dir / "saves").is_dir()


def test_a_data_folder_that_cannot_be_made(data_dir: Path) -> None:
    data_dir.write_text("a file where the data folder should be")
    app = App()
    menu = MenuScene(app)
    app.stack.push(menu)
    app.step(0.016)
    (notice,) = app.notices
    assert notice.startswith(f"The folder {data_dir} could not be made")
    app.save_settings()  # refused, said, nothing raised
    assert app.notices[-1].startswith("The settings could not be saved")
    assert data_dir.read_text() == "a file where the data folder should be"


# --- the puzzle progress -----------------------------------------------------------------------

PROGRESS_TEMPLATE = (
    '{"format": "nshex-puzzle-progress", "version": 1, "puzzles": '
    '{"easy-001": {"solved": true, "attempts": "@@"}, "easy-002": {"solved": true, "attempts": 1}}}'
)


def _progress_list(app: App) -> Any:
    app.stack.push(MenuScene(app))
    scene = app.open("puzzles")
    app.step(0.016)
    return scene


@pytest.mark.parametrize(("what", "raw"), _cases(PROGRESS_TEMPLATE, "2"))
def test_damaged_puzzle_progress(data_dir: Path, what: str, raw: bytes | None) -> None:
    path = data_dir / "puzzles.json"
    lift = _damage(path, what, raw)
    app = App(settings=Settings())
    listing = _progress_list(app)
    lift()
    _one_sentence(listing.problem, "puzzles.json", _kept(path, what, raw))
    if listing.records:  # one entry was bad: the other is kept, and written back
        assert listing.records == {"easy-002": storage.PuzzleRecord(True, 1)}
        assert "read in full" in listing.problem
        assert storage.load_puzzle_progress() == (listing.records, None)
    record, problem = storage.record_puzzle_attempt("easy-003", won=False)
    assert problem is None and record.attempts == 1


def test_puzzle_progress_of_a_newer_version_is_read_and_never_overwritten(
    data_dir: Path,
) -> None:
    data_dir.mkdir(parents=True)
    newer = {
        "format": "nshex-puzzle-progress",
        "version": 2,
        "puzzles": {
            "easy-001": {"solved": True, "attempts": 3, "stars": 2},
            "easy-002": {"best_time": 31.5},
        },
        "streak": 4,
    }
    path = data_dir / "puzzles.json"
    path.write_text(json.dumps(newer))
    before = path.read_bytes()
    app = App(settings=Settings())
    listing = _progress_list(app)
    assert listing.records == {"easy-001": storage.PuzzleRecord(True, 3)}
    assert listing.problem.startswith("puzzles.json was written by a newer version")
    record, problem = storage.record_puzzle_attempt("easy-004", won=True)
    assert record.solved and problem and "not recorded" in problem
    assert path.read_bytes() == before and not list(data_dir.glob("puzzles.json.*"))


# --- the achievements --------------------------------------------------------------------------

ACHIEVEMENTS_TEMPLATE = (
    '{"format": "nshex-achievements", "version": 1, "earned": '
    '{"win_easy": {"at": "@@"}, "army_vegas": {"at": 1700000000}}}'
)


@pytest.mark.parametrize(("what", "raw"), _cases(ACHIEVEMENTS_TEMPLATE, "1700000000"))
def test_damaged_achievements(data_dir: Path, what: str, raw: bytes | None) -> None:
    path = data_dir / "achievements.json"
    lift = _damage(path, what, raw)
    app = App(settings=Settings())
    app.stack.push(MenuScene(app))
    scene = app.open("achievements")
    app.step(0.016)
    lift()
    _one_sentence(scene.problem, "achievements.json", _kept(path, what, raw))
    if scene.earned:  # one entry was bad: the other is kept, and written back
        assert scene.earned == {"army_vegas": 1700000000.0}
        assert "read in full" in scene.problem
        assert achievements.load_earned() == (scene.earned, None)
    else:
        assert "your achievements start again" in scene.problem
    new, problem = achievements.award(["win_hard"])
    assert problem is None and [a.key for a in new] == ["win_hard"]
    assert set(achievements.load_earned()[0]) == {"win_hard", *scene.earned}


def test_achievements_of_a_newer_version_are_read_and_never_overwritten(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    newer = {
        "format": "nshex-achievements",
        "version": 2,
        "earned": {"win_easy": {"at": 1700000000, "stars": 3}, "army_moloch": {"when": "x"}},
        "titles": ["Warlord"],
    }
    path = data_dir / "achievements.json"
    path.write_text(json.dumps(newer))
    before = path.read_bytes()
    app = App(settings=Settings())
    app.stack.push(MenuScene(app))
    scene = app.open("achievements")
    app.step(0.016)
    assert scene.earned == {"win_easy": 1700000000.0}
    assert scene.problem.startswith("achievements.json was written by a newer version")
    _new, problem = achievements.award(["win_hard"])
    assert problem and "not recorded" in problem
    assert path.read_bytes() == before and not list(data_dir.glob("achievements.json.*"))


# --- fuzzing the readers -----------------------------------------------------------------------

GOOD_SETTINGS = Settings(volume=33, palette="colour-blind").to_json().encode()
GOOD_PROGRESS = PROGRESS_TEMPLATE.replace(MARK, "2").encode()
GOOD_ACHIEVEMENTS = ACHIEVEMENTS_TEMPLATE.replace(MARK, "1700000000").encode()


def _mutations(good: bytes) -> st.SearchStrategy[bytes]:
    """Any bytes, and a good file with bytes flipped, cut, or spliced in."""

    @st.composite
    def mutated(draw: Any) -> bytes:
        data = bytearray(good)
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data)))
            kind = draw(st.sampled_from(["flip", "cut", "insert"]))
            if kind == "flip" and at < len(data):
                data[at] = draw(st.integers(0, 255))
            elif kind == "cut":
                del data[at : at + draw(st.integers(1, 40))]
            else:
                data[at:at] = draw(st.binary(max_size=12)) or b'"'
        return bytes(data)

    return st.one_of(st.binary(max_size=300), mutated())


def _fuzz_one(raw: bytes, name: str, read: Callable[[], tuple[Any, str | None]]) -> None:
    """``raw`` as the file ``name`` in a fresh data folder: the reader never raises; either it
    says nothing and the file is left as it was, or it says so in one sentence naming the file
    and the set-aside file holds ``raw``."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["NSHEX_DATA_DIR"] = folder
        path = Path(folder) / name
        path.write_bytes(raw)
        _records, notice = read()
        if notice is None:
            assert path.read_bytes() == raw
        elif not notice.startswith(f"{name} was written by a newer version"):
            aside = _aside(path)
            _one_sentence(notice, name, aside)
            assert aside.read_bytes() == raw


FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
FUZZ_LONG = settings(max_examples=20_000, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(_mutations(GOOD_SETTINGS))
def test_fuzz_settings_reader(raw: bytes) -> None:
    _fuzz_one(raw, "settings.json", storage.load_settings)


@FUZZ
@given(_mutations(GOOD_PROGRESS))
def test_fuzz_progress_reader(raw: bytes) -> None:
    _fuzz_one(raw, "puzzles.json", storage.load_puzzle_progress)


@FUZZ
@given(_mutations(GOOD_ACHIEVEMENTS))
def test_fuzz_achievements_reader(raw: bytes) -> None:
    _fuzz_one(raw, "achievements.json", achievements.load_earned)


@pytest.mark.slow
@FUZZ_LONG
@given(_mutations(GOOD_SETTINGS))
def test_fuzz_settings_reader_long(raw: bytes) -> None:
    _fuzz_one(raw, "settings.json", storage.load_settings)


@pytest.mark.slow
@FUZZ_LONG
@given(_mutations(GOOD_PROGRESS))
def test_fuzz_progress_reader_long(raw: bytes) -> None:
    _fuzz_one(raw, "puzzles.json", storage.load_puzzle_progress)


@pytest.fixture(autouse=True)
def _restore_data_dir() -> Any:
    """The fuzz tests point NSHEX_DATA_DIR at folders of their own; put it back."""
    before = os.environ.get("NSHEX_DATA_DIR")
    yield
    if before is None:
        os.environ.pop("NSHEX_DATA_DIR", None)
    else:
        os.environ["NSHEX_DATA_DIR"] = before
