"""The rules as a text tutorial with the symbols legend and the abilities (in the engine's
words)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

from nshex_pygame.client import rulestext, tileart, viewport, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.tiletip import ARMIES, tile_tooltip
from nshex_pygame.client.words import army_name

# A tile for each symbol of the legend, to show the symbol as the board draws it.
LEGEND_TILES = {
    "melee": "hegemony.gladiator",
    "ranged": "outpost.annihilator",
    "gauss": "moloch.gauss_cannon",
    "armor": "moloch.juggernaut",
    "net": "borgo.net_fighter",
    "link": "borgo.officer",
    "initiative": "outpost.mobile_armor",
    "toughness": "borgo.super_mutant",
    "mobility": "borgo.assassin",
    "wounds": "moloch.stormtrooper",
    "takeover": "vegas.agitator",
    "foundation": "vegas.mine",
    "long_link": "doomsday.officer",
    "redirect": "doomsday.tripler",
    "trigger": "doomsday.trap",
    "kind": "borgo.mutant",
}


# Tiles shown under each tutorial page (tile, facing).
PAGE_TILES: dict[str, list[tuple[str, int]]] = {
    "The goal": [("borgo.hq", 0), ("moloch.hq", 0), ("hegemony.hq", 0), ("outpost.hq", 0)],
    "Setting up": [("borgo.battle", 0), ("moloch.push_back", 0), ("hegemony.sniper", 0)],
    "Your turn": [("hegemony.runner", 0), ("hegemony.runner", 1), ("hegemony.runner", 2)],
    "Battles": [("outpost.mobile_armor", 1), ("moloch.gauss_cannon", 4), ("borgo.claws", 2)],
    "Initiative": [("moloch.stormtrooper", 0), ("borgo.scout", 3), ("outpost.saboteur", 0)],
    "Nets, armor and medics": [
        ("borgo.net_fighter", 0),
        ("moloch.juggernaut", 0),
        ("outpost.medic", 0),
    ],
    "The Duel": [("smart.hq", 0), ("vegas.hq", 0), ("smart.transporter", 0), ("vegas.mine", 0)],
    "The Doomsday Machine": [
        ("doomsday.tripler", 0),
        ("doomsday.fireblast", 0),
        ("doomsday.trap", 0),
        ("doomsday.officer", 0),
        ("doomsday.hq", 0),
        ("doomsday.small_bomb", 0),
    ],
    "Variants and Mercenaries": [
        ("mercenaries.alabama_net_fighter", 0),
        ("mercenaries.alabama_machine_gunner", 0),
        ("mercenaries.alabama_rifleman", 0),
        ("mercenaries.alabama_shield", 0),
    ],
    "The Mad Bomber": [("mercenaries.mad_bomber", 0), ("borgo.mutant", 0)],
    "The end of the game": [("outpost.battle", 0), ("borgo.move", 0)],
}


class RulesScene(Scene):
    scene_name = "rules"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page = 0
        # after the tutorial: the symbols legend, then the abilities (as many pages as their
        # texts need in the frame's width: :meth:`_fit`)
        self.symbols_page = len(rulestext.TUTORIAL)
        self.abilities_page = self.symbols_page + 1
        self.frame = pygame.Rect(0, 0, 0, 0)
        self._fit()
        self.tabs: list[pygame.Rect] = []  # where the page titles were drawn
        self.shown: list[tuple[str, tuple[float, float], float]] = []  # (tile, centre, size)
        self.buttons = [
            widgets.Button("< Previous", (300, 730, 180, 44), lambda: self.turn(-1)),
            widgets.Button("Next >", (800, 730, 180, 44), lambda: self.turn(1)),
            widgets.Button("Back", (560, 730, 160, 44), lambda: self.app.stack.pop(self)),
        ]

    def _fit(self) -> None:
        """Laid out for the part of the canvas the window shows (the whole canvas, or a small
        window's narrower frame: :mod:`viewport`): the abilities paged for its width."""
        frame = viewport.frame_of(self.app)
        if frame == self.frame:
            return
        self.frame = frame
        self.wide = frame.width >= viewport.LOGICAL[0]
        width = ABILITY_WIDTH if self.wide else (frame.width - 20) // 2 - 74
        self.ability_width = width
        self.ability_pages = ability_pages(width)
        self.pages = len(rulestext.TUTORIAL) + 1 + len(self.ability_pages)
        self.page = min(self.page, self.pages - 1)

    def column_x(self, column: int, wide_x: int, wide_step: int) -> int:
        """Where a page's ``column`` (of two) starts: as on the whole canvas, or across a
        small window's frame."""
        if self.wide:
            return wide_x + column * wide_step
        return self.frame.left + 10 + column * ((self.frame.width - 20) // 2)

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def handle(self, event: pygame.event.Event) -> None:
        self._fit()
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.tabs):
                if rect.collidepoint(event.pos):
                    self.page = i
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop(self)
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_PAGEDOWN):
                self.turn(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)

    def tile_at(self, pos: tuple[int, int]) -> str | None:
        """The tile drawn under ``pos`` on this page (the tutorial's tiles have hover boxes)."""
        for tile, (x, y), size in self.shown:
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 < (size * 0.9) ** 2:
                return tile
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        surface.fill(widgets.BG)
        self.shown = []
        self.draw_tabs(surface)
        if self.page < len(rulestext.TUTORIAL):
            title, paragraphs = rulestext.TUTORIAL[self.page]
            widgets.draw_text(surface, title, (640, 92), 34, widgets.ACCENT, True, "center")
            y = 140
            text_size = 20 if sum(len(p) for p in paragraphs) < 1000 else 18
            for paragraph in paragraphs:
                y = (
                    widgets.draw_paragraph(
                        surface, paragraph, pygame.Rect(180, y, 920, 200), text_size
                    )
                    + 14
                )
            tiles = PAGE_TILES.get(title, [])
            for i, (tile, facing) in enumerate(tiles):
                at = (640 + (i - (len(tiles) - 1) / 2) * 130, max(y + 60, 630))
                image = tileart.render_tile(tile, 54, facing)
                tileart.blit_tile(surface, image, at)
                self.shown.append((tile, at, 54))
                if tileart.info_of(tile).get("kind") == "hq":  # whose HQ it is
                    army = army_name(tile.partition(".")[0])
                    widgets.draw_text(
                        surface, army, (at[0], at[1] + 52), 15, widgets.DIM, True, "midtop"
                    )
        elif self.page == self.symbols_page:
            self.draw_legend(surface)
        else:
            self.draw_abilities(surface, self.page - self.abilities_page)
        widgets.draw_text(
            surface,
            f"Page {self.page + 1} of {self.pages}",
            (640, 712),
            14,
            widgets.DIM,
            False,
            "center",
        )
        self.buttons[0].enabled = self.page > 0
        self.buttons[1].enabled = self.page < self.pages - 1
        for button in self.buttons:
            button.draw(surface)
        hovered = self.tile_at(self.app.mouse)
        if hovered:
            tile_tooltip(surface, hovered, self.app.mouse)

    def draw_tabs(self, surface: pygame.Surface) -> None:
        """The pages' titles, in as many rows as the frame's width needs (each a tab)."""
        abilities = [
            "Abilities" if len(self.ability_pages) == 1 else f"Abilities {i + 1}"
            for i in range(len(self.ability_pages))
        ]
        titles = [title for title, _ in rulestext.TUTORIAL] + ["The symbols", *abilities]
        size, gap = (16, 24) if self.wide else (14, 18)
        margin = 40 if self.wide else 20
        left, right = self.frame.left + margin, self.frame.right - margin
        x, y = left, 14
        self.tabs = []
        for i, title in enumerate(titles):
            colour = widgets.ACCENT if i == self.page else widgets.DIM
            width = widgets.font(size, i == self.page).size(title)[0]
            if x + width > right:
                x, y = left, y + 26
            rect = widgets.draw_text(surface, title, (x, y), size, colour, i == self.page)
            self.tabs.append(rect.inflate(12, 8))
            x = rect.right + gap

    def draw_legend(self, surface: pygame.Surface) -> None:
        widgets.draw_text(surface, "The symbols", (640, 88), 34, widgets.ACCENT, True, "center")
        rows = (len(rulestext.SYMBOLS) + 1) // 2
        step = min(114, 580 // rows)
        # the tiles as big as a row lets them be (a tile is 1.75 sizes high), the words smaller
        # once there are many rows
        size = min(42, int(step / 1.8))
        words_size = 17 if step >= 90 else 15
        words_size = words_size if self.wide else 14
        indent = 100 if self.wide else 90  # the words right of the tile
        width = 470 if self.wide else (self.frame.width - 20) // 2 - indent
        for i, (name, words) in enumerate(rulestext.SYMBOLS):
            col, row = i % 2, i // 2
            x, y = self.column_x(col, 90, 580), 118 + row * step
            tile = LEGEND_TILES.get(name)
            mid = (x + indent // 2, y + size + 2)
            if tile:
                wounds = 1 if name == "wounds" else 0
                image = tileart.render_tile(tile, size, 0, wounds=wounds)
                tileart.blit_tile(surface, image, mid)
                self.shown.append((tile, mid, size))
            box = pygame.Rect(x + indent, y + 4, width, step - 4)
            widgets.draw_paragraph(surface, words, box, words_size)

    def draw_abilities(self, surface: pygame.Surface, index: int = 0) -> None:
        """Every ability keyword with the badge its tiles carry and what it does, both as the
        engine words them (``core.ability_texts()``), beside a tile that has it; page
        ``index`` of the abilities, in two columns."""
        pages = self.ability_pages
        title = "The abilities" + (f" ({index + 1} of {len(pages)})" if len(pages) > 1 else "")
        widgets.draw_text(surface, title, (640, 88), 30, widgets.ACCENT, True, "center")
        size, width = ABILITY_SIZE, self.ability_width
        columns = pages[min(index, len(pages) - 1)] if pages else []
        for column, entries in enumerate(columns):
            x, y = self.column_x(column, 40, 620), ABILITY_TOP
            for entry, height in entries:
                self._draw_ability(surface, entry, x, y, height, size, width)
                y += height

    def _draw_ability(self, surface, entry, x: int, y: int, height: int, size, width) -> None:
        tile = entry.get("tile")
        if tile:
            tileart.blit_tile(surface, tileart.render_tile(tile, 26, 0), (x + 28, y + 28))
            self.shown.append((tile, (x + 28, y + 28), 26))
        widgets.draw_text(surface, entry["badge"], (x + 64, y), 15, tileart.LINK, True)
        widgets.draw_paragraph(
            surface, entry["text"], pygame.Rect(x + 64, y + 20, width, height), size
        )


ABILITY_SIZE, ABILITY_WIDTH = 14, 520
ABILITY_TOP, ABILITY_BOTTOM = 118, 700  # the columns' room on an abilities page


def ability_pages(
    width: int = ABILITY_WIDTH,
) -> tuple[tuple[tuple[tuple[dict[str, str], int], ...], ...], ...]:
    """The ability entries laid out with their words ``width`` wide: pages of (up to) two
    columns of (entry, height), in the engine's order, each column filled before the next."""
    pages: list[list[list[tuple[dict[str, str], int]]]] = [[[]]]
    room = ABILITY_BOTTOM - ABILITY_TOP
    used = 0
    for entry in ability_entries():
        lines = len(widgets.wrap(entry["text"], ABILITY_SIZE, width))
        height = max(56, 20 + lines * round(ABILITY_SIZE * 1.25)) + 8
        if used + height > room:
            if len(pages[-1]) < 2:
                pages[-1].append([])
            else:
                pages.append([[]])
            used = 0
        pages[-1][-1].append((entry, height))
        used += height
    return tuple(tuple(tuple(column) for column in page) for page in pages)


@cache
def ability_entries() -> tuple[dict[str, str], ...]:
    """The engine's ability texts (keyword, badge, text), each with a tile of the armies
    that has the ability (``"tile"``), when one has it."""
    from nshex_pygame.core import ability_texts, tile_ids

    holders: dict[str, tuple[int, str]] = {}  # keyword: (how many abilities, tile)
    for army in ARMIES:
        for tile in tile_ids(army):
            keywords = tileart.info_of(tile).get("abilities") or []
            for keyword in keywords:  # the tile with the fewest abilities shows it best
                if keyword not in holders or len(keywords) < holders[keyword][0]:
                    holders[str(keyword)] = (len(keywords), tile)
    out = []
    for text in ability_texts():
        entry = {key: str(value) for key, value in text.items()}
        if entry["keyword"] in holders:
            entry["tile"] = holders[entry["keyword"]][1]
        out.append(entry)
    return tuple(out)
