"""The lessons of Learn by playing are data files (``nshex_pygame/lessons/*.toml``): every one
loads and plays through in the engine, a broken one is refused with its file and line, the
packaged game takes the folder along, and the menu names a broken file instead of failing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from client_support import app_fixture, data_dir_fixture  # noqa: F401

from nshex_pygame.client import lessonfiles
from nshex_pygame.client.lessonfiles import LESSONS_DIR, LessonError, read_lesson
from nshex_pygame.client.lessons import LEARNER, Coach, lessons, rehearse

ROOT = Path(__file__).resolve().parent.parent
GOOD = LESSONS_DIR / "06-nets.toml"


def test_every_lesson_file_loads_and_plays_through() -> None:
    files = sorted(LESSONS_DIR.glob("*.toml"))
    assert len(files) == len(lessons()) == 14
    for path, lesson in zip(files, lessons(), strict=True):
        again = read_lesson(path)  # (the goals are tests made anew: compared by their steps)
        assert lesson.file == path.name and again.scenario == lesson.scenario
        assert [(t.say, t.line, t.then) for t in again.steps] == [
            (t.say, t.line, t.then) for t in lesson.steps
        ]
        game = rehearse(lesson)
        assert len(lesson.step_lines) == len(lesson.steps)
        assert game.current_player() != LEARNER or game.is_terminal() or lesson.steps
    assert rehearse(lessons()[7]).winner == LEARNER, "The end of the game: Moloch wins"
    titles = [lesson.title for lesson in lessons()]
    assert titles[0] == "A turn" and titles[-1] == "Doomsday: Bomb and Trap"


def _broken(tmp_path: Path, old: str, new: str, source: Path = GOOD) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "words"),
    [
        ('title = "Nets"', 'title = "Nets', 'title = "Nets', "not valid TOML"),
        ('title = "Nets"', "title = 3", "title = 3", "title must be text"),
        ('line = "play battle"', 'lime = "play battle"', "lime =", "'lime' is not part"),
        (
            '"moloch.net_fighter", "moloch.battle"]',
            '"moloch.net_figter", "moloch.battle"]',
            "net_figter",
            "no tile is called 'moloch.net_figter'",
        ),
        ("facing = 3 }", "facing = 9 }", "units = [", "each of units is"),
        (
            'armies = ["moloch", "hegemony"]',
            'armies = ["moloch", "chess"]',
            "armies =",
            "armies must be two of",
        ),
        (
            'prelude = ["discard moloch.guard"]',
            'prelude = ["discard moloch.hybrid"]',
            "prelude",
            "the prelude's 'discard moloch.hybrid' cannot be played",
        ),
    ],
)
def test_a_broken_lesson_names_its_file_and_line(
    tmp_path: Path, old: str, new: str, needle: str, words: str
) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(LessonError) as caught:
        read_lesson(path)
    message = str(caught.value)
    assert message.startswith(f"06-nets.toml, line {_line_of(path, needle)}: "), message
    assert words in message, message


def test_a_bad_goal_names_its_line(tmp_path: Path) -> None:
    source = LESSONS_DIR / "11-duel-the-mine.toml"
    path = _broken(tmp_path, "goal = [{ gone", "goal = [{ vanished", source)
    with pytest.raises(LessonError, match=r"line \d+: each goal is one of taken_over"):
        read_lesson(path)
    path = _broken(tmp_path, "mines = true", 'mines = "yes"', source)
    with pytest.raises(LessonError, match="mines = true goes only with gone"):
        read_lesson(path)


def test_a_step_that_cannot_be_played_names_its_line(tmp_path: Path) -> None:
    """The file reads, but the action it teaches is not the learner's to play there: playing
    the lesson through says which step, on which line."""
    path = _broken(
        tmp_path,
        'line = "place moloch.net_fighter 0,1 0|1"',
        'line = "place moloch.net_fighter 3,3 0"',
    )
    lesson = read_lesson(path)
    with pytest.raises(LessonError) as caught:
        rehearse(lesson)
    line = _line_of(path, "moloch.net_fighter 3,3")
    assert str(caught.value).startswith(f"06-nets.toml, line {line}: step 1's "), caught.value
    goal = _broken(
        tmp_path,
        "goal = [{ taken_over = [1, 0] }]",
        "goal = [{ taken_over = [1, -2] }]",
        LESSONS_DIR / "09-duel-the-takeover.toml",
    )
    with pytest.raises(LessonError, match="that reaches its goal"):
        rehearse(read_lesson(goal))


def test_the_coach_takes_any_course() -> None:
    nets = read_lesson(GOOD)
    coach = Coach(0, (nets,))
    assert coach.lesson is nets and coach.last_lesson
    game = coach.start()
    assert game.view()["hands"][0] == ["moloch.net_fighter", "moloch.battle"]


def test_the_packaged_game_takes_the_lessons_along() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '{ path = "nshex_pygame/lessons/*.toml", format = ["sdist", "wheel"] }' in pyproject
    spec = (ROOT / "build" / "nshex.spec").read_text()
    assert '(str(PACKAGE / "lessons"), "nshex_pygame/lessons")' in spec


def test_the_menu_names_a_broken_lesson_file(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    _broken(folder, 'title = "Nets"', "title = [")
    monkeypatch.setattr(lessonfiles, "LESSONS_DIR", folder)
    menu = app.make("menu")
    app.stack.clear_to(menu)
    menu.tutorial()
    assert app.stack.top is menu
    assert menu.problem.startswith("Learn by playing cannot start: 06-nets.toml, line ")
    app.step(0.016)


def test_finishing_the_last_lesson_earns_an_achievement(app: Any, data_dir: Path) -> None:
    from client_support import lessons_by_clicks, play_by_clicks

    from nshex_pygame.client import achievements

    last = len(lessons()) - 1
    lessons_by_clicks(app, {"last": last - 1}, play_by_clicks)
    assert "lessons" not in achievements.load_earned()[0], "not before the last lesson"
    lessons_by_clicks(app, {"last": last}, play_by_clicks)
    scene = app.stack.top
    assert "lessons" in achievements.load_earned()[0]
    assert [t.title for t in scene.toasts.items] == ["Graduate"]
