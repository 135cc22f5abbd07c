"""The gallery of every tile of the seven armies."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from nshex_pygame.client import tileart, viewport, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.tiletip import ARMIES, tile_tooltip
from nshex_pygame.client.words import army_name


class GalleryScene(Scene):
    """Every tile of the seven armies; hover one to read it."""

    scene_name = "gallery"

    SIZE = 52

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from nshex_pygame.core import tile_ids

        self.army = 0
        self.tiles = {army: tile_ids(army) for army in ARMIES}
        self.mouse = (0, 0)
        self.buttons = [
            widgets.Button(army_name(a), (0, 20, 0, 40), partial(self.pick, i), size=17)
            for i, a in enumerate(ARMIES)
        ]
        self.buttons.append(
            widgets.Button("Back", (560, 740, 160, 44), lambda: self.app.stack.pop(self))
        )
        self.frame = pygame.Rect(0, 0, 0, 0)
        self._fit()

    def _fit(self) -> None:
        """The armies' buttons across the part of the canvas the window shows (the whole
        canvas: all alike; a small window's narrower frame: each as wide as its name needs,
        and the room left shared out: :mod:`viewport`)."""
        frame = viewport.frame_of(self.app)
        if frame == self.frame:
            return
        self.frame = frame
        armies = self.buttons[: len(ARMIES)]
        if frame.width >= viewport.LOGICAL[0]:
            for i, button in enumerate(armies):
                button.rect.update(30 + i * 176, 20, 166, 40)
            return
        names = [widgets.font(17, True).size(b.label)[0] for b in armies]
        gap = 8
        extra = (frame.width - 20 - sum(names) - gap * (len(armies) - 1)) // len(armies)
        x = frame.left + 10
        for button, width in zip(armies, names, strict=True):
            button.rect.update(x, 20, width + extra, 40)
            x += width + extra + gap

    def pick(self, index: int) -> None:
        self.army = index

    def tile_size(self) -> int:
        """A tile's size: smaller in a small window's frame, so that eight go in a row."""
        return self.SIZE if self.frame.width >= viewport.LOGICAL[0] else 44

    def positions(self) -> list[tuple[str, tuple[int, int]]]:
        out = []
        tiles = self.tiles[ARMIES[self.army]]
        per_row = 8
        wide = self.frame.width >= viewport.LOGICAL[0]
        left, step = (115, 150) if wide else (self.frame.left + 74, (self.frame.width - 20) // 8)
        for i, tile in enumerate(tiles):
            x = left + (i % per_row) * step
            y = 160 + (i // per_row) * 175
            out.append((tile, (x, y)))
        return out

    def tile_at(self, pos: tuple[int, int]) -> str | None:
        for tile, (x, y) in self.positions():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 < (self.tile_size() * 1.3) ** 2:
                return tile
        return None

    def handle(self, event: pygame.event.Event) -> None:
        self._fit()
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop(self)
            elif event.key == pygame.K_RIGHT:
                self.army = (self.army + 1) % len(ARMIES)
            elif event.key == pygame.K_LEFT:
                self.army = (self.army - 1) % len(ARMIES)

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        surface.fill(widgets.BG)
        for i, button in enumerate(self.buttons[:-1]):
            button.selected = i == self.army
        for button in self.buttons:
            button.draw(surface)
        for tile, (x, y) in self.positions():
            info = tileart.info_of(tile)
            size = self.tile_size() * 1.3
            tileart.blit_tile(surface, tileart.render_tile(tile, int(size)), (x, y))
            count = info.get("count", 1)
            widgets.draw_text(
                surface, f"x{count}", (x, y + size + 4), 14, widgets.DIM, False, "midtop"
            )
        widgets.draw_text(
            surface,
            "Hover a tile to read what it does. The number under a tile: how many are in the army.",
            (640, 712),
            15,
            widgets.DIM,
            False,
            "center",
        )
        hovered = self.tile_at(self.mouse)
        if hovered:
            tile_tooltip(surface, hovered, self.mouse)
