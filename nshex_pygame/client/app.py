"""The window, the main loop and what every scene shares (settings, sounds, the stack).

Scenes draw onto one logical canvas of 1280x800; the window may be any size (a setting, or
fullscreen) and the canvas is scaled to it, mouse positions scaled back. ``step(dt, events)``
runs one frame without the clock, which is how the tests drive the client.

``NSHEX_SCREENSHOT=FILE.png`` (with ``NSHEX_SCREENSHOT_FRAME=N``, default 30) saves the window
after N frames and closes it: a smoke test of the real window (under ``xvfb-run``).
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

from nshex_pygame.client import storage, widgets
from nshex_pygame.client.scene import Scene, SceneRegistry, SceneStack
from nshex_pygame.client.sound import Sounds

log = logging.getLogger(__name__)

LOGICAL = (1280, 800)
FPS = 60
IDLE_WAIT_MS = 100  # idle: wait this long for an event before the scene's time moves on
OUTSIDE = (-10_000, -10_000)  # the pointer's place when it is not over the window
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class PlaybackMismatch(AssertionError):
    """A battle played back ended on another board than the engine's (a client bug)."""


class App:
    def __init__(self, *, settings: storage.Settings | None = None, strict: bool = False) -> None:
        """``strict`` (the tests): a self-check that fails (a playback that ends on another
        board than the engine's) raises instead of being logged and corrected."""
        pygame.init()
        self.strict = strict
        # the data folder first: leftovers of killed writes removed, a damaged file set aside
        self.notices: list[str] = storage.start_up()
        loaded, problem = (settings, None) if settings else storage.load_settings()
        self.settings: storage.Settings = loaded or storage.Settings()
        if problem:
            self.notices.append(problem)
        from nshex_pygame.client import tileart

        tileart.set_palette(self.settings.palette)
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        pygame.display.set_caption("Neuroshima Hex! 3.0")
        self._set_icon()
        self.canvas = pygame.Surface(LOGICAL)
        self.window = self._open_window()
        self.stack = SceneStack()
        self.scenes = SceneRegistry()
        from nshex_pygame.client.scenes import register_all

        register_all(self.scenes)
        self.running = True
        self.frame_times: list[float] = []
        self.draws = 0  # frames drawn by run() (an idle screen draws none)
        self.mouse = OUTSIDE  # where the pointer is (logical), OUTSIDE when not in the window

    # --- the window --------------------------------------------------------------------------

    @staticmethod
    def _set_icon() -> None:
        """The window icon: an HQ tile, drawn like every other tile."""
        try:
            from nshex_pygame.client import tileart

            icon = pygame.Surface((64, 64), pygame.SRCALPHA)
            image = tileart.render_tile("moloch.hq", 29)
            icon.blit(image, image.get_rect(center=(32, 32)))
            pygame.display.set_icon(icon)
        except Exception:  # an icon is not worth failing for (no engine, odd driver)
            pass

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        size = tuple(self.settings.window_size)
        try:
            return pygame.display.set_mode(size)
        except pygame.error:
            return pygame.display.set_mode(LOGICAL)

    def apply_display_settings(self) -> None:
        self.window = self._open_window()
        self.sounds.set_volume(self.settings.volume, self.settings.muted)

    def save_settings(self) -> None:
        try:
            storage.save_settings(self.settings)
        except OSError as exc:
            self.notices.append(f"The settings could not be saved: {exc.strerror or exc}.")

    def viewport(self) -> pygame.Rect:
        """Where the canvas goes in the window: as large as fits, same shape, centred."""
        w, h = self.window.get_size()
        if (w, h) == LOGICAL or w == 0 or h == 0:
            return pygame.Rect((0, 0), LOGICAL)
        scale = min(w / LOGICAL[0], h / LOGICAL[1])
        rect = pygame.Rect(0, 0, round(LOGICAL[0] * scale), round(LOGICAL[1] * scale))
        rect.center = (w // 2, h // 2)
        return rect

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        view = self.viewport()
        if view.size == LOGICAL and view.topleft == (0, 0):
            return pos
        return (
            int((pos[0] - view.left) * LOGICAL[0] / view.width),
            int((pos[1] - view.top) * LOGICAL[1] / view.height),
        )

    def present(self) -> None:
        view = self.viewport()
        if view.size == LOGICAL:
            self.window.blit(self.canvas, view)
        else:
            self.window.fill((0, 0, 0))
            scaled = pygame.transform.smoothscale(self.canvas, view.size)
            self.window.blit(scaled, view)
        pygame.display.flip()

    # --- scenes --------------------------------------------------------------------------------

    def make(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """A new scene of the registered ``name`` (made with this app first)."""
        return self.scenes.create(self, name, *args, **kwargs)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Make the scene ``name`` and push it on the stack."""
        return self.stack.push(self.make(name, *args, **kwargs))

    def mismatch(self, what: str) -> None:
        """A self-check failed: raise under ``strict`` (tests), else log a warning."""
        if self.strict:
            raise PlaybackMismatch(what)
        log.warning("%s", what)

    # --- the loop ----------------------------------------------------------------------------

    def translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS and hasattr(event, "pos"):
            data = dict(event.dict)
            data["pos"] = self.to_logical(event.pos)
            self.mouse = data["pos"]
            return pygame.event.Event(event.type, data)
        return event

    def step(self, dt: float, events: Iterable[pygame.event.Event] = (), draw: bool = True) -> None:
        """One frame: the events to the top scene, ``dt`` seconds of time, then a redraw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.WINDOWLEAVE:
                self.mouse = OUTSIDE  # no hover box stays behind for a pointer that left
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                self.screenshot()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.settings.fullscreen = not self.settings.fullscreen
                self.apply_display_settings()
                self.save_settings()
                continue
            top = self.stack.top
            if top is not None:
                top.handle(self.translate(event))
        top = self.stack.top
        if top is not None:
            top.update(dt)
        if draw:
            self.draw()

    def draw(self) -> None:
        widgets.begin_frame()
        for scene in self.stack.visible():
            scene.draw(self.canvas)

    def screenshot(self) -> Path | None:
        """F12: the game as drawn, into the data folder's ``screenshots``."""
        folder = storage.data_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / time.strftime("nshex-%Y%m%d-%H%M%S.png")
            n = 1
            while path.exists():
                path = folder / time.strftime(f"nshex-%Y%m%d-%H%M%S-{n}.png")
                n += 1
            self.draw()
            pygame.image.save(self.canvas, str(path))
        except (OSError, pygame.error) as exc:
            self.notices.append(f"The screenshot could not be saved: {exc}")
            return None
        self.sounds.play("click")
        return path

    def quit(self) -> None:
        self.running = False

    def busy(self) -> bool:
        top = self.stack.top
        return top is not None and top.busy()

    def look(self) -> tuple[object, ...]:
        """What the picture depends on besides events: the scenes shown and their looks."""
        return tuple((id(scene), scene.look()) for scene in self.stack.visible())

    def run(self, first: Scene) -> None:
        """The main loop. It draws only when something changed (an event, a busy scene, a
        scene's look, another scene on top); idle, it sleeps in ``pygame.event.wait``."""
        self.stack.push(first)
        clock = pygame.time.Clock()
        shot = os.environ.get("NSHEX_SCREENSHOT")
        shot_frame = int(os.environ.get("NSHEX_SCREENSHOT_FRAME", "30"))
        frame = 0
        dirty = True
        last_look: tuple[object, ...] = ()
        while self.running and self.stack.top is not None:
            if dirty or self.busy():
                dt = clock.tick(FPS) / 1000.0
                events = pygame.event.get()
            else:
                first_event = pygame.event.wait(IDLE_WAIT_MS)
                events = [] if first_event.type == pygame.NOEVENT else [first_event]
                events += pygame.event.get()
                dt = clock.tick() / 1000.0
            started = pygame.time.get_ticks()
            try:
                self.step(min(dt, 0.1), events, draw=False)
                look = self.look()
                dirty = dirty or bool(events) or self.busy() or look != last_look
                last_look = look
                if dirty:
                    self.draw()
                    self.draws += 1
            except Exception as exc:  # a bug: report it in the window rather than vanish
                self.fail(exc)
                dirty = True
                continue
            if dirty:
                self.present()
                self.frame_times.append((pygame.time.get_ticks() - started) / 1000.0)
                del self.frame_times[:-300]
            dirty = False
            frame += 1
            if shot and frame == shot_frame:
                pygame.image.save(self.window, shot)  # a development hook: the picture,
                self.quit()  # then the window closes
        for scene in reversed(self.stack.scenes):
            try:
                scene.on_exit()
            except Exception:
                traceback.print_exc()
        pygame.quit()

    def fail(self, exc: BaseException) -> None:
        """Show an unexpected error (its traceback goes to stderr) with a way back."""
        traceback.print_exc()
        top = self.stack.top
        if top is not None and top.scene_name == "error":
            self.quit()  # the error screen itself failed
            return
        self.open("error", f"{type(exc).__name__}: {exc}")


def main() -> int:
    """Open the game window with the main menu (what ``nshex`` with no command does)."""
    app = App()
    app.run(app.make("menu"))
    return 0
