"""The list of saved games: load, watch, name, delete."""

from __future__ import annotations

import contextlib
import os
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from nshex_pygame.client import storage, widgets
from nshex_pygame.client.savegames import open_game, when_saved
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.words import army_name

ROWS = 10  # the saves the load screen lists


class LoadScene(Scene):
    """Every saved game in the saves folder; a bad one is listed with what is wrong.

    Each row: the save (its name, or its file name, and where the game stands), Watch,
    Rename (or Name, for a save without one) and Delete (asked again first). Renaming opens a
    line to type in: Enter keeps the name, Esc leaves it; a name the storage refuses stays
    open with the reason.
    """

    scene_name = "load"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.problem: str | None = None
        self.note = ""
        # the open dialog: ("rename", path) while a name is typed, ("delete", path) while a
        # deletion waits for its yes; None when the list has the events
        self.dialog: tuple[str, Path] | None = None
        self.text = ""
        self.refused: str | None = None  # why the typed name was refused
        self.set_aside: list[str] = []  # the damaged saves moved aside, one sentence each
        self.back = widgets.Button("Back", (540, 720, 200, 44), lambda: self.app.stack.pop(self))
        self.refresh()

    def refresh(self) -> None:
        """The rows and their buttons, read again from the saves folder. Each save is
        checked whole (the engine loads its game): a damaged one is set aside and named
        in :attr:`set_aside`; one saved by a newer version is listed, not loadable."""
        self.rows: list[tuple[Path, str, str | None]] = []
        self.names: dict[Path, str] = {}
        for path in storage.list_saves():
            if len(self.rows) == ROWS:
                break
            loaded, problem = load_game(path)
            if loaded is not None:
                game, saved = loaded
                self.names[path] = saved.name
                view = game.view()
                armies = " vs ".join(army_name(a) for a in view["armies"])
                hp = " : ".join(str(h) for h in view["hq_hp"])
                when = when_saved(saved, "%Y-%m-%d %H:%M")
                state = "over" if game.is_terminal() else f"turn {view['turn']}"
                self.rows.append((path, f"{armies}, {state}, HQ {hp}  ({when})", None))
            elif os.path.lexists(path):
                self.rows.append((path, path.name, problem))
            elif problem and not problem.endswith("no such file."):
                self.set_aside.append(problem)  # moved aside: the sentence says where
        self.buttons = []
        self.watch_buttons = []  # one per save: watch it again (the replay) instead
        self.rename_buttons = []
        self.delete_buttons = []
        for i, (path, label, problem) in enumerate(self.rows):
            y = 150 + i * 52
            shown = self.names.get(path) or path.name
            button = widgets.Button(
                f"{shown}: {label}" if problem is None else f"{path.name}: cannot be loaded",
                (70, y, 790, 42),
                partial(self.open, path),
                size=16,
                enabled=problem is None,
            )
            self.buttons.append(button)
            watch = widgets.Button(
                "Watch",
                (870, y, 100, 42),
                partial(self.watch, path),
                size=16,
                enabled=problem is None,
                hint="Watch this game again, move by move and battle by battle",
            )
            self.watch_buttons.append(watch)
            self.rename_buttons.append(
                widgets.Button(
                    "Rename" if self.names.get(path) else "Name",
                    (980, y, 110, 42),
                    partial(self.ask_name, path),
                    size=16,
                    enabled=problem is None,
                    hint="Give this save a name of your own",
                )
            )
            self.delete_buttons.append(
                widgets.Button(
                    "Delete",
                    (1100, y, 110, 42),
                    partial(self.ask_delete, path),
                    size=16,
                    hint="Delete this save (asked again first)",
                )
            )
        self.dialog_buttons: list[widgets.Button] = []

    def title_of(self, path: Path) -> str:
        name = self.names.get(path)
        return f"{name!r} ({path.name})" if name else path.name

    def open(self, path: Path) -> None:
        self.problem = open_game(self.app, path)
        if self.problem:  # damaged since it was listed: set aside, so no longer a row
            self.refresh()

    def watch(self, path: Path) -> None:
        """The saved game replayed from its start (the replay scene), not continued."""
        loaded, self.problem = load_game(path)
        if loaded is not None:
            game, saved = loaded
            self.app.open("replay", game, saved.seats)
        else:
            self.refresh()

    # --- naming and deleting ------------------------------------------------------------------

    def ask_name(self, path: Path) -> None:
        self.dialog, self.text, self.refused, self.note = ("rename", path), "", None, ""
        self.text = self.names.get(path, "")
        self.dialog_buttons = [
            widgets.Button("Keep the name", (470, 440, 190, 44), self.confirm_name, size=17),
            widgets.Button("Cancel", (680, 440, 130, 44), self.close_dialog, size=17),
        ]
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def confirm_name(self) -> None:
        assert self.dialog is not None
        path = self.dialog[1]
        self.refused = storage.rename_save(path, self.text)
        if self.refused is None:
            self.note = f"{path.name} is now called {self.text.strip()!r}."
            self.close_dialog()
            self.refresh()

    def ask_delete(self, path: Path) -> None:
        self.dialog, self.refused, self.note = ("delete", path), None, ""
        self.dialog_buttons = [
            widgets.Button("Delete", (470, 440, 160, 44), self.confirm_delete, size=17),
            widgets.Button("Keep it", (650, 440, 160, 44), self.close_dialog, size=17),
        ]

    def confirm_delete(self) -> None:
        assert self.dialog is not None
        path = self.dialog[1]
        title = self.title_of(path)
        self.refused = storage.delete_save(path)
        if self.refused is None:
            self.note = f"Deleted {title}."
            self.close_dialog()
            self.refresh()

    def close_dialog(self) -> None:
        if self.dialog is not None and self.dialog[0] == "rename":
            with contextlib.suppress(pygame.error):
                pygame.key.stop_text_input()
        self.dialog, self.dialog_buttons = None, []

    def handle_dialog(self, event: pygame.event.Event) -> None:
        for button in self.dialog_buttons:
            if button.handle(event):
                return
        assert self.dialog is not None
        typing = self.dialog[0] == "rename"
        if event.type == pygame.TEXTINPUT and typing:
            self.text = (self.text + event.text)[: storage.NAME_LENGTH + 20]
            self.refused = None
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close_dialog()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                (self.confirm_name if typing else self.confirm_delete)()
            elif event.key == pygame.K_BACKSPACE and typing:
                self.text, self.refused = self.text[:-1], None

    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.handle_dialog(event)
            return
        if self.back.handle(event):
            return
        rows = self.buttons + self.watch_buttons + self.rename_buttons + self.delete_buttons
        for button in rows:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(
            surface, "Load a saved game", (640, 60), 36, widgets.ACCENT, True, "center"
        )
        widgets.draw_text(
            surface, f"From {storage.saves_dir()}", (640, 105), 14, widgets.DIM, False, "center"
        )
        if not self.rows:
            widgets.draw_text(
                surface, "No saved games yet.", (640, 300), 20, widgets.TEXT, False, "center"
            )
        rows = self.buttons + self.watch_buttons + self.rename_buttons + self.delete_buttons
        for button in rows:
            button.draw(surface)
        y = 150 + 52 * len(self.rows) + 10
        notes = [problem for _path, _label, problem in self.rows if problem]
        for note in [*notes, *self.set_aside][-6:]:
            for line in widgets.wrap(note, 14, 1100):
                widgets.draw_text(surface, line, (640, y), 14, widgets.BAD, False, "center")
                y += 18
        if self.problem:
            widgets.draw_text(surface, self.problem, (640, 690), 15, widgets.BAD, False, "center")
        elif self.note:
            widgets.draw_text(surface, self.note, (640, 690), 15, widgets.GOOD, False, "center")
        self.back.draw(surface)
        if self.dialog is not None:
            self.draw_dialog(surface)

    def draw_dialog(self, surface: pygame.Surface) -> None:
        assert self.dialog is not None
        kind, path = self.dialog
        widgets.shade(surface)
        box = pygame.Rect(400, 250, 480, 260)
        widgets.panel(surface, box)
        if kind == "rename":
            widgets.draw_text(
                surface, f"Name {path.name}", (640, 285), 22, widgets.ACCENT, True, "center"
            )
            field = pygame.Rect(440, 330, 400, 40)
            pygame.draw.rect(surface, (24, 26, 32), field, border_radius=6)
            pygame.draw.rect(surface, widgets.ACCENT, field, 2, border_radius=6)
            shown = self.text
            while shown and widgets.font(18).size(shown + "|")[0] > field.width - 20:
                shown = shown[1:]  # the end of a long name stays in sight, with the caret
            widgets.draw_text(surface, shown + "|", (field.left + 10, field.top + 9), 18)
            hint = f"Type a name (up to {storage.NAME_LENGTH} characters); Enter keeps it"
            widgets.draw_text(surface, hint, (640, 385), 14, widgets.DIM, False, "midtop")
        else:
            widgets.draw_text(
                surface, "Delete this save?", (640, 285), 22, widgets.ACCENT, True, "center"
            )
            widgets.draw_paragraph(
                surface,
                f"{self.title_of(path)} is removed from the saves folder for good; "
                "it cannot be loaded or watched again.",
                pygame.Rect(430, 320, 420, 80),
                16,
            )
        if self.refused:
            widgets.draw_paragraph(
                surface, self.refused, pygame.Rect(430, 405, 420, 36), 14, widgets.BAD
            )
        for button in self.dialog_buttons:
            button.draw(surface)
