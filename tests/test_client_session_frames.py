"""The frame-time run over a scripted session (issue 40, item 21) crosses every screen and
measures the idle loop at the menu, on a waiting turn and in a puzzle. Here only briefly, to
check it gives a row for each (no time is asserted: the numbers come from
``python -m nshex_pygame.client.frametimes session`` under Xvfb, docs/PERFORMANCE.md)."""

from __future__ import annotations

from client_support import data_dir_fixture  # noqa: F401

from nshex_pygame.client import frametimes
from nshex_pygame.client.app import App
from nshex_pygame.client.storage import Settings


def test_the_session_gives_a_row_for_every_screen_and_the_idle_ones(data_dir) -> None:
    app = App(settings=Settings(muted=True))
    rows = frametimes.session(app, 0.05)
    names = [name for name, _make in frametimes.SCREENS]
    assert list(rows) == names
    expected = {"menu", "setup", "game", "battle", "gameover", "replay", "puzzles", "puzzle"}
    assert expected | {"tutorial", "settings", "gallery", "rules"} == set(names)
    for name, row in rows.items():
        assert row["frames"] >= 1, name
        assert row["frame_ms_p99"] >= row["frame_ms_median"] > 0, name
    idle = frametimes.idle_rows(app, 0.1, 0.05)
    assert set(idle) == {"menu", "turn", "puzzle"}
    for row in idle.values():
        assert row["seconds"] > 0 and row["cpu_percent"] >= 0
    frametimes.print_session(rows, idle)  # the table prints
