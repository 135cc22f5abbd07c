"""Small drawing helpers and widgets: text, wrapped paragraphs, panels, buttons, tooltips."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pygame

from nshex_pygame.client.resources import font

__all__ = [
    "Button",
    "button_column",
    "draw_paragraph",
    "draw_text",
    "font",
    "log_lines",
    "panel",
    "shade",
    "tooltip",
    "wrap",
]

BG = (24, 26, 32)
PANEL = (38, 41, 50)
PANEL_EDGE = (70, 76, 92)
TEXT = (232, 232, 226)
DIM = (150, 154, 165)
ACCENT = (255, 196, 60)
GOOD = (110, 220, 130)
BAD = (255, 95, 95)


# Text that does not fit, for the tests: while ``_watch`` is a list, every text drawn outside
# the surface or across the edge of the panel it starts in (and every paragraph cut short) is
# noted there. The panels drawn since the frame began are the boxes text must stay in.
_watch: list[str] | None = None
_boxes: list[pygame.Rect] = []


def watch_overflow() -> list[str]:
    """Start noting text that does not fit; returns the list the notes go to."""
    global _watch
    _watch = []
    return _watch


def stop_watching() -> None:
    global _watch
    _watch = None


def begin_frame() -> None:
    """A new frame: the boxes drawn before are gone."""
    _boxes.clear()


def _box(rect: pygame.Rect) -> None:
    if _watch is not None:
        _boxes.append(pygame.Rect(rect))


def note_overflow(note: str) -> None:
    """Note text that a widget left out for want of room (while watching)."""
    if _watch is not None:
        _watch.append(note)


def _check_fit(surface: pygame.Surface, words: str, rect: pygame.Rect) -> None:
    if _watch is None or not words.strip():
        return
    if not surface.get_rect().contains(rect):
        _watch.append(f"{words!r} leaves the screen ({rect})")
        return
    start = (rect.left + 1, rect.centery)
    inside = [box for box in _boxes if box.collidepoint(start)]
    if inside:
        box = min(inside, key=lambda b: b.width * b.height)
        if not box.contains(rect):
            _watch.append(f"{words!r} crosses the edge of its box {box} ({rect})")


@cache
def _render(words: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    return font(size, bold).render(words, True, colour)


def draw_text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[float, float],
    size: int = 18,
    colour: tuple[int, ...] = TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = _render(words, size, tuple(colour), bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    _check_fit(surface, words, rect)
    return rect


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``words`` in lines no wider than ``width`` (a new line at each newline)."""
    return list(_wrapped(words, size, width, bold))


@cache
def _wrapped(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    # cached: paragraphs, hover boxes and logs are wrapped again in every frame they are drawn
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def draw_paragraph(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int = 17,
    colour: tuple[int, ...] = TEXT,
    bold: bool = False,
    spacing: float = 1.25,
) -> int:
    """Wrapped text from the top of ``rect``; returns the y below the last line."""
    y = rect.top
    step = round(size * spacing)
    lines = wrap(words, size, rect.width, bold)
    room = max(1, rect.height // step)
    if len(lines) > room:
        if _watch is not None:
            _watch.append(f"{words!r} is cut short: {len(lines)} lines in room for {room}")
        lines = [*lines[: room - 1], lines[room - 1].rstrip(". ") + " ..."]
    for line in lines:
        draw_text(surface, line, (rect.left, y), size, colour, bold)
        y += step
    return y


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole screen under a dialog: the boxes drawn so far lie under the shade, so
    the text drawn after it fits the dialog's boxes alone (a new frame for the text check)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    surface.blit(layer, (0, 0))
    begin_frame()


def panel(surface: pygame.Surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE) -> None:
    _box(rect)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=8)


def button_column(
    entries: Sequence[tuple[str, Callable[[], object]]],
    first: tuple[int, int, int, int],
    step: int,
    *,
    size: int,
) -> list[Button]:
    """A button a ``(label, action)``, the first at ``first`` (x, y, width, height), each
    next one ``step`` pixels lower (a menu)."""
    x, y, w, h = first
    return [
        Button(label, (x, y + i * step, w, h), action, size=size)
        for i, (label, action) in enumerate(entries)
    ]


class Button:
    def __init__(
        self,
        label: str,
        rect: pygame.Rect | tuple[int, int, int, int],
        action: Callable[[], object] | None = None,
        *,
        size: int = 20,
        enabled: bool = True,
        hint: str = "",
    ) -> None:
        self.label = label
        self.rect = pygame.Rect(rect)
        self.action = action
        self.size = size
        self.enabled = enabled
        self.hover = False
        self.hint = hint
        self.selected = False

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was a click on this button (and it did its action)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            if self.enabled and self.action is not None:
                self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill, edge, colour = (44, 46, 54), (64, 66, 74), (110, 112, 120)
        elif self.selected:
            fill, edge, colour = (92, 74, 26), ACCENT, (255, 240, 200)
        elif self.hover:
            fill, edge, colour = (70, 76, 96), ACCENT, TEXT
        else:
            fill, edge, colour = (54, 58, 72), PANEL_EDGE, TEXT
        pygame.draw.rect(surface, fill, self.rect, border_radius=7)
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=7)
        _box(self.rect)
        size = self.size
        while size > 10 and font(size, True).size(self.label)[0] > self.rect.width - 12:
            size -= 1
        draw_text(surface, self.label, self.rect.center, size, colour, True, "center")


def draw_headline(
    surface: pygame.Surface, words: str, width: int = 640, colour: tuple[int, ...] = ACCENT
) -> None:
    """The line over the board, centred: one line (19 px, down to 16), or two lines of 16
    px, never smaller; what does not fit two lines ends in an ellipsis."""
    size = 19
    while size > 16 and font(size, True).size(words)[0] > width:
        size -= 1
    if font(size, True).size(words)[0] <= width:
        draw_text(surface, words, (640, 22), size, colour, True, "center")
        return
    lines = wrap(words, 16, width, bold=True)
    if len(lines) > 2:
        last = " ".join(lines[1:])
        while last and font(16, True).size(last + "\u2026")[0] > width:
            last = last[:-1]
        lines = [lines[0], last.rstrip() + "\u2026"]
    for i, line in enumerate(lines):
        draw_text(surface, line, (640, 14 + 21 * i), 16, colour, True, "midtop")


# While the app shows the canvas in pieces (a small window: client/viewport.py), hover boxes
# are kept here instead of drawn on the canvas, each as its own picture with the point it
# belongs to; the app draws them over the window at the panels' scale (never shrunk with the
# board). None: drawn on the canvas as usual.
_deferred: list[tuple[pygame.Surface, tuple[int, int]]] | None = None


def defer_tooltips(on: bool) -> None:
    """Keep the hover boxes of the next frame apart (``on``), or draw them on the canvas."""
    global _deferred
    _deferred = [] if on else None


def deferred_tooltips() -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The hover boxes kept apart in the last frame: (picture, the point it belongs to)."""
    return list(_deferred or [])


def tooltip(
    surface: pygame.Surface,
    title: str,
    lines: Sequence[tuple[str, tuple[int, ...]]],
    pos: tuple[int, int],
    width: int = 360,
) -> pygame.Rect:
    """A box near ``pos`` with a bold title and wrapped lines; kept on screen."""
    size = 15
    rows: list[tuple[str, tuple[int, ...], bool]] = [(title, ACCENT, True)]
    for line, colour in lines:
        rows += [(part, colour, False) for part in wrap(line, size, width - 20)]
    step = round(size * 1.3)
    height = 14 + step * len(rows) + 4
    rect = pygame.Rect(pos[0] + 18, pos[1] + 18, width, height)
    if _deferred is not None:  # a picture of its own, placed by the app in the window
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        box.fill((14, 15, 20, 238))
        pygame.draw.rect(box, ACCENT, box.get_rect(), 1, border_radius=4)
        y = 8
        for words, colour, bold in rows:
            draw_text(box, words, (10, y), size + (1 if bold else 0), colour, bold)
            y += step
        _deferred.append((box, (int(pos[0]), int(pos[1]))))
        return rect
    screen = surface.get_rect()
    if rect.right > screen.right - 4:
        rect.right = pos[0] - 12
    if rect.bottom > screen.bottom - 4:
        rect.bottom = screen.bottom - 4
    rect.clamp_ip(screen)
    # the box covers what lies under it (a button, a panel): its text fits the box alone
    _boxes[:] = [box for box in _boxes if not rect.colliderect(box)]
    _box(rect)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((14, 15, 20, 238))
    surface.blit(shade, rect)
    pygame.draw.rect(surface, ACCENT, rect, 1, border_radius=4)
    y = rect.top + 8
    for words, colour, bold in rows:
        draw_text(surface, words, (rect.left + 10, y), size + (1 if bold else 0), colour, bold)
        y += step
    return rect


def log_lines(
    entries: list[tuple[str, tuple[int, ...]]], size: int, width: int, rows: int
) -> list[tuple[str, tuple[int, ...], bool]]:
    """The newest entries that fit in ``rows`` wrapped lines, whole entries only.

    Each line comes with whether it continues an entry (drawn indented).
    """
    out: list[tuple[str, tuple[int, ...], bool]] = []
    for text, colour in reversed(entries):
        parts = wrap(text, size, width - 12)
        if len(out) + len(parts) > rows:
            break
        out[:0] = [(part, colour, i > 0) for i, part in enumerate(parts)]
    return out
