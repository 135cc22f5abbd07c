"""The main menu, the list of saved games and the in-game pause menu."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

import pygame

from nshex_pygame.client import storage, tileart, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.words import army_name

TITLE = "Neuroshima Hex! 3.0"
ROWS = 10  # the saves the load screen lists


def when_saved(saved: Any, layout: str) -> str:
    """A save's time as ``layout`` gives it (checked when read; never raises)."""
    try:
        return time.strftime(layout, time.localtime(saved.saved_at))
    except (OverflowError, OSError, ValueError):
        return "at an unknown time"


def open_game(app: Any, path: Path) -> str | None:
    """Load ``path`` into a game scene on top of the menu; the problem if it cannot."""
    loaded, problem = load_game(path)
    if loaded is None:
        return problem
    game, saved = loaded
    app.open("game", game, saved.seats, save_path=storage.autosave_path())
    return None


class MenuScene(Scene):
    scene_name = "menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.problem: str | None = None
        self.clock = 0.0
        x, w = 490, 300
        entries = [
            ("New game", self.new_game),
            ("Continue the last game", self.continue_game),
            ("Load a saved game", self.load_game),
            ("Learn by playing", self.tutorial),
            ("Hex puzzles", self.puzzles),
            ("Rules and symbols", self.rules),
            ("Tile gallery", self.gallery),
            ("Settings", self.settings),
            ("Quit", self.app.quit),
        ]
        self.buttons = [
            widgets.Button(label, (x, 226 + i * 51, w, 43), action, size=21)
            for i, (label, action) in enumerate(entries)
        ]
        self.continue_button = self.buttons[1]
        self.on_resume()

    def on_resume(self) -> None:
        """The autosave checked whole (a damaged one is set aside, the notice says so):
        Continue is on when it loads."""
        path = storage.autosave_path()
        self.last_game = ""
        loaded, problem = load_game(path) if os.path.lexists(path) else (None, None)
        self.continue_button.enabled = loaded is not None
        if problem and problem not in self.app.notices:
            self.app.notices.append(problem)
        if loaded is not None:
            saved = loaded[1]
            armies = " against ".join(army_name(s.army) for s in saved.seats)
            self.last_game = f"{armies}, saved {when_saved(saved, '%d %b %H:%M')}"

    def new_game(self) -> None:
        self.app.open("setup")

    def continue_game(self) -> None:
        self.problem = open_game(self.app, storage.autosave_path())

    def load_game(self) -> None:
        self.app.open("load")

    def rules(self) -> None:
        self.app.open("rules")

    def tutorial(self) -> None:
        """The lessons: a short guided game on the real board."""
        self.app.open("tutorial")

    def puzzles(self) -> None:
        """The Hex Puzzles: a position, a few tiles to play, a battle that must reach a goal."""
        self.app.open("puzzles")

    def gallery(self) -> None:
        self.app.open("gallery")

    def settings(self) -> None:
        self.app.open("settings")

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def update(self, dt: float) -> None:
        self.clock += dt

    def look(self) -> object:
        return int(self.clock / 2)  # the decoration's tiles turn every two seconds

    def idle_for(self) -> float | None:
        return 2.0 - self.clock % 2.0  # nothing else moves by itself

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        # a ring of tiles as decoration, turning slowly
        tiles = [
            "borgo.hq",
            "moloch.gauss_cannon",
            "hegemony.net_master",
            "outpost.mobile_armor",
            "moloch.clown",
            "borgo.super_mutant",
            "hegemony.universal_soldier",
            "outpost.hq",
        ]
        for i, tile in enumerate(tiles):
            x = 140 + (i % 2) * 90 if i < 4 else 1140 - (i % 2) * 90
            y = 150 + (i % 4) * 160
            facing = int(self.clock / 2 + i) % 6
            image = tileart.render_tile(tile, 62, facing)
            tileart.blit_tile(surface, image, (x, y), 150)
        widgets.draw_text(surface, TITLE, (640, 110), 54, widgets.ACCENT, True, "center")
        widgets.draw_text(
            surface,
            "The post-apocalyptic hex battle game",
            (640, 170),
            20,
            widgets.DIM,
            False,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
        if self.last_game and self.continue_button.hover:
            words = f"Last game: {self.last_game}"
            widgets.draw_text(surface, words, (640, 212), 15, widgets.TEXT, False, "center")
        notes = list(self.app.notices)
        if self.problem:
            notes.append(self.problem)
        y = 700
        for note in notes[-3:]:
            for line in widgets.wrap(note, 15, 1000):
                widgets.draw_text(surface, line, (640, y), 15, widgets.BAD, False, "center")
                y += 20


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
                lambda p=path: self.open(p),
                size=16,
                enabled=problem is None,
            )
            self.buttons.append(button)
            watch = widgets.Button(
                "Watch",
                (870, y, 100, 42),
                lambda p=path: self.watch(p),
                size=16,
                enabled=problem is None,
                hint="Watch this game again, move by move and battle by battle",
            )
            self.watch_buttons.append(watch)
            self.rename_buttons.append(
                widgets.Button(
                    "Rename" if self.names.get(path) else "Name",
                    (980, y, 110, 42),
                    lambda p=path: self.ask_name(p),
                    size=16,
                    enabled=problem is None,
                    hint="Give this save a name of your own",
                )
            )
            self.delete_buttons.append(
                widgets.Button(
                    "Delete",
                    (1100, y, 110, 42),
                    lambda p=path: self.ask_delete(p),
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


class PauseScene(Scene):
    """Esc during a game: resume, save a copy, settings, rules, or back to the menu."""

    scene_name = "pause"

    transparent = True

    def __init__(self, app: Any, game_scene: Any) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        x, w = 515, 250
        entries = [
            ("Resume", lambda: self.app.stack.pop(self)),
            ("Watch the last battle", self.last_battle),
            ("Save a copy", self.save),
            ("Rules and tutorial", self.rules),
            ("Settings", self.settings),
            ("Resign", self.resign),
            ("Main menu", self.to_menu),
        ]
        self.buttons = [
            widgets.Button(label, (x, 244 + i * 49, w, 42), action, size=19)
            for i, (label, action) in enumerate(entries)
        ]
        self.buttons[1].enabled = game_scene.can_watch_last_battle()
        self.resign_button = self.buttons[5]
        self.resign_button.enabled = game_scene.can_resign()
        self.note = ""

    def resign(self) -> None:
        """Resign: a first click asks, a second gives the game up."""
        if self.resign_button.label == "Resign":
            self.resign_button.label = "Really resign?"
            self.note = "Click again to give the game up."
            return
        self.app.stack.pop(self)
        self.game_scene.resign()

    def last_battle(self) -> None:
        """The game's last battle played again, on the board as it was then (the replay
        opened on that move; Back returns to the game)."""
        self.app.stack.pop(self)
        self.game_scene.watch_last_battle()

    def save(self) -> None:
        path = self.game_scene.save_copy()
        self.note = f"Saved as {path.name}" if path else self.game_scene.message

    def rules(self) -> None:
        self.app.open("rules")

    def settings(self) -> None:
        self.app.open("settings")

    def to_menu(self) -> None:
        self.game_scene.autosave()
        self.app.stack.clear_to(self.app.make("menu"))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(470, 170, 340, 440)
        widgets.panel(surface, box)
        widgets.draw_text(surface, "Paused", (640, 208), 28, widgets.ACCENT, True, "center")
        for button in self.buttons:
            button.draw(surface)
        if self.note:
            widgets.draw_text(surface, self.note, (640, 630), 15, widgets.GOOD, False, "center")


class ErrorScene(Scene):
    """Something went wrong in the program itself: say what, offer the menu or quitting."""

    scene_name = "error"

    def __init__(self, app: Any, message: str) -> None:
        super().__init__(app)
        self.message = message
        self.buttons = [
            widgets.Button("Main menu", (420, 520, 200, 48), self.to_menu),
            widgets.Button("Quit", (660, 520, 200, 48), self.app.quit),
        ]

    def to_menu(self) -> None:
        scenes = list(self.app.stack.scenes)
        self.app.stack.scenes.clear()
        for scene in reversed(scenes):
            with contextlib.suppress(Exception):
                scene.on_exit()
        self.app.stack.push(self.app.make("menu"))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(
            surface, "Something went wrong", (640, 240), 34, widgets.BAD, True, "center"
        )
        widgets.draw_paragraph(
            surface,
            "The program hit an error it did not expect. The game was saved after the last "
            "turn; Continue in the main menu picks it up. The details (for a bug report) went "
            "to the terminal:",
            pygame.Rect(340, 300, 600, 90),
            17,
        )
        widgets.draw_paragraph(
            surface, self.message, pygame.Rect(340, 400, 600, 90), 15, widgets.DIM
        )
        for button in self.buttons:
            button.draw(surface)
