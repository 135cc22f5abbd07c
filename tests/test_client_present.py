"""A window shown 1:1 is sent to the display only where its pixels changed (bands of rows),
and whole after anything that happened to the window itself; nothing is sent for a picture
that did not change. The window's own surface always holds the whole picture."""

from __future__ import annotations

import pygame
from client_support import data_dir_fixture  # noqa: F401

from nshex_pygame.client.app import BAND, App
from nshex_pygame.client.storage import Settings


def test_only_the_bands_that_changed_are_sent(data_dir, monkeypatch) -> None:
    app = App(settings=Settings(muted=True))
    app.stack.push(app.make("settings"))
    sent: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: sent.append(rects))
    monkeypatch.setattr(pygame.display, "flip", lambda: sent.append("all"))
    app.draw()
    app.present()
    assert sent == ["all"], "the first picture whole"
    app.draw()
    app.present()
    assert sent == ["all"], "the same picture again: nothing sent"
    app.canvas.fill((255, 0, 0), pygame.Rect(100, 3 * BAND + 5, 50, 10))
    app.present()
    assert sent[-1] == [pygame.Rect(0, 3 * BAND, 1280, BAND)], "the one band that changed"
    assert app.window.get_at((120, 3 * BAND + 8))[:3] == (255, 0, 0)
    app.frame(0.0, [pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert sent[-1] == "all", "the window exposed: all of it again"
    for scene in reversed(app.stack.scenes):
        scene.on_exit()


def test_a_scaled_window_sends_nothing_for_the_same_picture(data_dir, monkeypatch) -> None:
    """A small window (the layout adapted to it): the same canvas with the same hover boxes
    is not composed and sent again; a change, or a window event, sends it all."""
    app = App(settings=Settings(muted=True, window_size=[800, 600]))
    app.stack.push(app.make("settings"))
    sent: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: sent.append("all"))
    app.draw()
    app.present()
    app.draw()
    app.present()
    assert sent == ["all"], "the same picture once"
    app.canvas.fill((255, 0, 0), pygame.Rect(600, 300, 50, 10))
    app.present()
    assert sent == ["all", "all"], "a changed picture sent"
    app.frame(0.0, [pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert sent == ["all"] * 3, "the window exposed: sent again"
    for scene in reversed(app.stack.scenes):
        scene.on_exit()
