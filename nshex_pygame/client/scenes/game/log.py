"""The game log: every line of the game in words, with the hexes each speaks of (lit while it
is hovered), kept whole and scrolled back by the wheel or the scroll bar. The scene adds the
lines; the log keeps them, its scrolling, and draws them in the log panel's place."""

from __future__ import annotations

from typing import Any

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import LOG, LOG_BAR, LOG_ROWS, LOG_TOP

# a line: its text, its colour, the hexes it speaks of
Entry = tuple[str, tuple[int, ...], tuple[Hex, ...]]
# a wrapped line on show: text, colour, continues an entry, the entry, its y
Shown = tuple[str, tuple[int, ...], bool, int, int]


def wrap_log(text: str) -> tuple[str, ...]:
    return tuple(widgets.wrap(text, 14, LOG.width - 48))


class GameLog:
    """The log's lines (``lines``), how far it is scrolled back from the newest (``scroll``,
    in wrapped lines) and whether its scroll bar is being dragged (``drag``)."""

    def __init__(self) -> None:
        self.lines: list[Entry] = []
        self.scroll = 0
        self.drag = False

    def add(self, line: str, colour: tuple[int, ...], hexes: Any = ()) -> None:
        self.lines.append((line, colour, tuple(hexes)))
        if self.scroll:
            self.scroll += len(wrap_log(line))  # a reader scrolled back stays there

    def view(self) -> tuple[list[Shown], int, int]:
        """The lines on show, with the number of wrapped lines in all and the first shown."""
        lines = [
            (part, colour, i > 0, n)
            for n, (text, colour, _hexes) in enumerate(self.lines)
            for i, part in enumerate(wrap_log(text))
        ]
        self.scroll = max(0, min(self.scroll, len(lines) - LOG_ROWS))
        first = max(0, len(lines) - LOG_ROWS - self.scroll)
        shown = [
            (text, colour, more, n, LOG_TOP + 18 * i)
            for i, (text, colour, more, n) in enumerate(lines[first : first + LOG_ROWS])
        ]
        return shown, len(lines), first

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The entry under the pointer, if any."""
        if not LOG.collidepoint(pos) or pos[0] >= LOG_BAR.left - 2:
            return None
        for _text, _colour, _more, n, y in self.view()[0]:
            if y <= pos[1] < y + 18:
                return n
        return None

    def scroll_to(self, y: int) -> None:
        """Scroll so that the scroll bar's thumb is centred at ``y``."""
        _shown, total, _first = self.view()
        if total <= LOG_ROWS:
            return
        share = min(1.0, max(0.0, (y - LOG_BAR.top) / LOG_BAR.height))
        first = round(share * total - LOG_ROWS / 2)
        self.scroll = max(0, min(total - LOG_ROWS, total - LOG_ROWS - first))

    def draw(self, surface: pygame.Surface, hovered: int | None) -> None:
        """The panel, its title, the lines on show (``hovered``: the entry under the pointer,
        lit when it speaks of hexes) and the scroll bar."""
        widgets.panel(surface, LOG)
        widgets.draw_text(surface, "Game log", (LOG.left + 12, LOG.top + 8), 16, widgets.DIM, True)
        shown, total, first = self.view()
        for text, colour, more, n, y in shown:
            if n == hovered and self.lines[n][2]:
                pygame.draw.rect(surface, (58, 62, 78), (LOG.left + 6, y - 1, LOG.width - 28, 18))
            widgets.draw_text(surface, text, (LOG.left + (24 if more else 12), y), 14, colour)
        if total > LOG_ROWS:  # the scroll bar: where the lines shown are in the whole game
            pygame.draw.rect(surface, (30, 32, 40), LOG_BAR, border_radius=3)
            height = max(16, round(LOG_BAR.height * LOG_ROWS / total))
            top = LOG_BAR.top + round((LOG_BAR.height - height) * first / (total - LOG_ROWS))
            thumb = pygame.Rect(LOG_BAR.left, top, LOG_BAR.width, height)
            pygame.draw.rect(surface, (120, 126, 146), thumb, border_radius=3)
