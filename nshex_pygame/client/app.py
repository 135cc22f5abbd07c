"""The window, the main loop and what every scene shares (settings, sounds, the stack).

Scenes draw onto one logical canvas of 1280x800; the window may be any size (a setting, a drag
of its edge, or fullscreen): the canvas is scaled to it, or, in a window too small for its
captions to stay readable, laid out again for the window's size (``viewport.py``: the panels
as large as the height allows, the board shrunk between them); mouse positions map back.
``step(dt, events)`` runs one frame without the clock, which is how the tests drive the client.

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

from nshex_pygame.client import storage, viewport, widgets
from nshex_pygame.client.juice import SceneFade
from nshex_pygame.client.music import Music
from nshex_pygame.client.scene import Scene, SceneRegistry, SceneStack
from nshex_pygame.client.sound import Sounds
from nshex_pygame.client.viewport import Piece

log = logging.getLogger(__name__)

LOGICAL = (1280, 800)
FPS = 60
IDLE_WAIT_MS = 100  # idle: wait this long for an event before the scene's time moves on
IDLE_POLL_MS = 16  # idle: how often the event queue is looked at (one frame at 60 FPS)
MAX_IDLE_WAIT_MS = 2000  # a scene that says when its look changes next sleeps up to this
OUTSIDE = (-10_000, -10_000)  # the pointer's place when it is not over the window
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# the window resized or replaced: the window system may repaint it after the frame that
# answered, so the loop keeps drawing for SETTLE_SECONDS (no stripes left behind); an expose
# alone is an event like any other (one frame drawn)
WINDOW_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)
SETTLE_SECONDS = 0.5
# A window shown 1:1 is sent to the display in bands of BAND rows, only those whose pixels
# changed since the picture sent last (under X a whole frame is a copy of 4 MB through the
# server, most of a frame's time); the whole of it after any event of the window itself.
BAND = 32
FULL_EVENTS = (
    *WINDOW_EVENTS,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
    pygame.VIDEOEXPOSE,
)


def event_size(event: pygame.event.Event) -> tuple[int, int]:
    """The window size a resize event reports."""
    if hasattr(event, "x") and hasattr(event, "y"):
        return int(event.x), int(event.y)
    w, h = getattr(event, "size", (0, 0))
    return int(w), int(h)


def idle_wait(ms: int) -> list[pygame.event.Event]:
    """The events that come within ``ms`` milliseconds (all that are there at the first).
    Not ``pygame.event.wait``: pygame-ce's wait polls the event queue every millisecond
    (pygame-ce issue 1541), a few percent of a core for nothing; this looks once a frame
    (``IDLE_POLL_MS``) and sleeps in between, an input waiting at most one frame."""
    deadline = time.monotonic() + ms / 1000
    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(left, IDLE_POLL_MS / 1000))


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
        self.music = Music(self.settings, self.sounds.available)  # (follows self.settings)
        self.fade = SceneFade(lambda: self.settings.juice)  # a scene coming up fades in
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
        self.dirty = True  # the next frame draws whatever changed (the first one always)
        self.last_look: tuple[object, ...] = ()
        self.settling = 0.0  # seconds left to draw every frame after the window changed
        self.size_to_save = False  # the player resized the window: saved once it settles
        self.presented_size: tuple[int, int] | None = None  # the window size last drawn for
        self.sent: bytes | None = None  # the picture last sent to the display (1:1 only)
        self.sent_scaled: tuple[object, ...] | None = None  # ... and scaled (what it showed)
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
        try:  # resizable: a size the player drags the window to is kept (window_resized)
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:
            return pygame.display.set_mode(LOGICAL, pygame.RESIZABLE)

    def apply_display_settings(self) -> None:
        self.window = self._open_window()
        self.settling = SETTLE_SECONDS  # drawn until the window system has settled
        self.sounds.set_volume(self.settings.volume, self.settings.muted)
        self.music.apply(self.settings)

    def window_resized(self) -> None:
        """The window changed size (the player dragged its edge, or a setting changed it):
        the canvas is scaled to its size from now on (the display's, not an event's: a late
        event may tell of an earlier size), and a size of the player's own is kept in the
        settings (saved once the window has settled)."""
        self.window = pygame.display.get_surface() or self.window
        size = self.window.get_size()
        if self.settings.fullscreen or min(size) < 320:
            return
        if tuple(size) != tuple(self.settings.window_size):
            self.settings.window_size = [int(size[0]), int(size[1])]
            self.size_to_save = True

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

    def pieces(self) -> list[Piece]:
        """Which parts of the canvas go where in the window: the canvas whole, or (a small
        window) the top screen's layout adapted to the window's size."""
        return viewport.pieces(self.window.get_size(), viewport.policy_for(self.stack.top))

    def adapted(self) -> bool:
        """The layout is adapted to a small window (the canvas is shown in pieces)."""
        parts = self.pieces()
        return len(parts) > 1 or parts[0].source.size != LOGICAL

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        if self.window.get_size() == LOGICAL:
            return pos
        return viewport.to_logical(self.pieces(), pos) or OUTSIDE

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Where a point of the canvas is in the window."""
        return viewport.to_window(self.pieces(), pos)

    def present(self) -> None:
        parts = self.pieces()
        if len(parts) == 1 and parts[0].target.size == LOGICAL == parts[0].source.size:
            self.window.blit(self.canvas, parts[0].target)
            bands = self.changed_bands()
            if bands is not None:
                if bands:
                    pygame.display.update(bands)
                self.presented_size = self.window.get_size()
                return
        else:  # bars in the colour of the screen's own ground (an adapted layout's gaps)
            if self.unchanged_scaled(parts):
                return  # the same picture, scaled the same way: nothing to send
            ground = self.canvas.get_at((LOGICAL[0] // 2, 1)) if len(parts) > 1 else (0, 0, 0)
            self.window.fill(ground)
            for piece in parts:
                image = self.canvas.subsurface(piece.source)
                image = pygame.transform.smoothscale(image, piece.target.size)
                self.window.blit(image, piece.target)
            self._present_tooltips(parts)
        pygame.display.flip()
        self.presented_size = self.window.get_size()

    def unchanged_scaled(self, parts: list[Piece]) -> bool:
        """A scaled (or adapted) window: whether the canvas, its hover boxes kept apart and
        the pieces are those sent last (then nothing is sent; not after a window event)."""
        boxes = tuple(
            (pos, box.get_size(), box.get_buffer().raw) for box, pos in widgets.deferred_tooltips()
        )
        shown = (self.canvas.get_buffer().raw, boxes, tuple((p.source, p.target) for p in parts))
        sent, self.sent_scaled = self.sent_scaled, shown
        self.sent = None
        return sent == shown and self.settling <= 0

    def changed_bands(self) -> list[pygame.Rect] | None:
        """The bands of a 1:1 window whose pixels differ from those sent last (none: nothing
        to send); None when all of it is to be sent (the first picture, a new size, the
        window settling, or a window event since the picture sent last)."""
        raw = self.canvas.get_buffer().raw
        sent, self.sent = self.sent, raw
        self.sent_scaled = None
        if sent is None or len(sent) != len(raw) or self.settling > 0:
            return None
        pitch = self.canvas.get_pitch()
        width, height = self.canvas.get_size()
        bands: list[pygame.Rect] = []
        for top in range(0, height, BAND):
            a, b = top * pitch, min(height, top + BAND) * pitch
            if raw[a:b] == sent[a:b]:
                continue
            if bands and bands[-1].bottom == top:
                bands[-1].height += min(BAND, height - top)
            else:
                bands.append(pygame.Rect(0, top, width, min(BAND, height - top)))
        return bands

    def _present_tooltips(self, parts: list[Piece]) -> None:
        """The hover boxes kept apart from the canvas (an adapted layout), at the panels'
        scale next to the point they belong to, kept inside the window."""
        scale = viewport.text_scale(parts)
        screen = self.window.get_rect()
        for box, pos in widgets.deferred_tooltips():
            x, y = self.to_window(pos)
            size = (round(box.get_width() * scale), round(box.get_height() * scale))
            rect = pygame.Rect((x + round(18 * scale), y + round(18 * scale)), size)
            if rect.right > screen.right - 4:
                rect.right = x - round(12 * scale)
            rect.clamp_ip(screen)
            self.window.blit(pygame.transform.smoothscale(box, size), rect)

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
            if event.type == pygame.WINDOWSIZECHANGED:
                self.window_resized()
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
        widgets.defer_tooltips(self.adapted())  # (drawn over the window by present)
        for scene in self.stack.visible():
            scene.draw(self.canvas)
        self.fade.draw(self.canvas)

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
        return (top is not None and top.busy()) or self.fade.moving()

    def look(self) -> tuple[object, ...]:
        """What the picture depends on besides events: the scenes shown and their looks."""
        return tuple((id(scene), scene.look()) for scene in self.stack.visible())

    def run(self, first: Scene) -> None:
        """The main loop. It draws only when something changed (see :meth:`frame`); idle, it
        sleeps in ``idle_wait`` until an event or the scene's next change of look."""
        self.stack.push(first)
        clock = pygame.time.Clock()
        shot = os.environ.get("NSHEX_SCREENSHOT")
        shot_frame = int(os.environ.get("NSHEX_SCREENSHOT_FRAME", "30"))
        frame = 0
        while self.running and self.stack.top is not None:
            # with a screenshot asked for, every frame is drawn (the hook counts frames)
            if shot or self.dirty or self.busy() or self.settling > 0:
                dt, waited = min(clock.tick(FPS) / 1000.0, 0.1), 0.0
                events = pygame.event.get()
            else:
                events = idle_wait(self.idle_wait_ms())
                dt, waited = 0.0, min(clock.tick() / 1000.0, MAX_IDLE_WAIT_MS / 1000)
            self.frame(dt, events, waited)
            frame += 1
            if shot and frame == shot_frame:
                pygame.image.save(self.window, shot)  # a development hook: the picture,
                self.quit()  # then the window closes
        for scene in reversed(self.stack.scenes):
            try:
                scene.on_exit()
            except Exception:
                traceback.print_exc()
        self.music.stop()
        pygame.quit()

    def idle_wait_ms(self) -> int:
        """How long an idle loop may sleep before the scene's time moves on: until the top
        scene's look changes next when it says (``idle_for``), else ``IDLE_WAIT_MS``."""
        top = self.stack.top
        wait = top.idle_for() if top is not None else None
        if wait is None:
            return IDLE_WAIT_MS
        return max(1, min(MAX_IDLE_WAIT_MS, int(wait * 1000) + 1))

    def frame(self, dt: float, events: list[pygame.event.Event], waited: float = 0.0) -> bool:
        """One turn of the main loop: the events and ``dt`` to the scenes, then a redraw and
        a present if anything changed. ``waited``: seconds an idle loop slept before the
        events came; the scenes' time moves on by it first (an animation an event starts is
        not hurried by the time slept before it). What counts as a change: an event, a scene
        busy before or after this step (the step that ends an animation draws the
        animation's last picture), a scene's new look, the window just replaced or resized
        (drawn for ``SETTLE_SECONDS`` after, while the window system settles). True if it
        drew."""
        started = pygame.time.get_ticks()
        was_busy = self.busy()
        resized = [event_size(e) for e in events if e.type in WINDOW_EVENTS]
        if any(e.type in FULL_EVENTS for e in events):
            # the window system may have lost what was sent: all of it again
            self.sent = self.sent_scaled = None
        if self.presented_size is not None and any(s != self.presented_size for s in resized):
            self.settling = SETTLE_SECONDS  # (a size drawn for already needs no settling)
        try:
            if waited > 0:
                self.step(waited, (), draw=False)
            self.step(dt, events, draw=False)
            self.fade.update(dt, self.stack.scenes, self.canvas)  # (the picture drawn last)
            look = self.look()
            dirty = self.dirty or bool(events) or was_busy or self.busy() or self.settling > 0
            dirty = dirty or look != self.last_look
            self.last_look = look
            self.settling = max(0.0, self.settling - dt)
            if self.size_to_save and self.settling <= 0:  # one save after a drag, not many
                self.size_to_save = False
                self.save_settings()
            if dirty:
                self.draw()
                self.draws += 1
        except Exception as exc:  # a bug: report it in the window rather than vanish
            self.fail(exc)
            self.dirty = True
            return False
        self.dirty = False
        if dirty:
            self.present()
            self.frame_times.append((pygame.time.get_ticks() - started) / 1000.0)
            del self.frame_times[:-300]
        return dirty

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
