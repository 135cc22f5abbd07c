"""Settings: animation speed, automatic battle choices (for new games), sound, window size,
fullscreen, the game's helpers and the hint's winning-chance bar, the colours.

Every change is saved at once (``settings.json`` in the data folder, written atomically).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from nshex_pygame.client import storage, tileart, widgets
from nshex_pygame.client.scene import Scene

ROW_TOP = 112
ROW_STEP = 46
ROW_NOTES = {
    "Automatic battle choices": "for new games",
    "Danger view and hints": "the Danger and Hint buttons in a game",
    "Winning chance": "a bar in the hint: the search's estimate for you",
    "Colours": "colour-blind: no red against green",
    "Animations and music": "fades, sliding tiles, the turn banner, the music",
}


def fitting_sizes() -> list[list[int]]:
    """The window sizes on offer that fit the screen, smallest first (the smallest one when
    none fits: the game scales to any window)."""
    sizes = sorted([list(size) for size in storage.WINDOW_SIZES])
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if not desktops:
        return sizes
    width, height = desktops[0]
    fit = [size for size in sizes if size[0] <= width and size[1] <= height]
    return fit or sizes[:1]


def _next_of(choices: Sequence[Any], current: Any, otherwise: Any) -> Any:
    """The choice after ``current`` (the last one is followed by the first), or ``otherwise``
    when ``current`` is none of them."""
    if current not in choices:
        return otherwise
    return choices[(choices.index(current) + 1) % len(choices)]


class SettingsScene(Scene):
    scene_name = "settings"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, str, Any]] = []
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        self.shown = self.display_shown()
        self.buttons: list[widgets.Button] = []
        rows = [
            ("Animation speed", f"{s.animation_speed:g}x", self.cycle_speed),
            (
                "Automatic battle choices",
                "on" if s.auto_battle_choices else "off",
                self.toggle_auto,
            ),
            ("Sound volume", f"{s.volume}%", self.cycle_volume),
            ("Mute", "on" if s.muted else "off", self.toggle_mute),
            ("Window size", f"{s.window_size[0]} x {s.window_size[1]}", self.cycle_size),
            ("Fullscreen", "on" if s.fullscreen else "off", self.toggle_fullscreen),
            ("Danger view and hints", "on" if s.helpers else "off", self.toggle_helpers),
            ("Winning chance", "on" if s.winning_chance else "off", self.toggle_winning_chance),
            ("Colours", s.palette, self.cycle_palette),
            ("Animations and music", "on" if s.juice else "off", self.toggle_juice),
            ("Music volume", f"{s.music_volume}%", self.cycle_music_volume),
        ]
        self.rows = rows
        for i, (_label, value, action) in enumerate(rows):
            self.buttons.append(
                widgets.Button(value, (700, ROW_TOP + i * ROW_STEP, 220, 40), action, size=19)
            )
        self.buttons.append(widgets.Button("Back", (540, 736, 200, 48), self.back))

    def display_shown(self) -> tuple[object, ...]:
        s = self.app.settings
        return (tuple(s.window_size), s.fullscreen)

    def update(self, dt: float) -> None:
        # F11 or a drag of the window's edge changes the display outside this screen: its
        # rows follow
        if self.display_shown() != self.shown:
            self._build()

    def look(self) -> object:
        return self.display_shown()

    def changed(self) -> None:
        self.app.save_settings()
        self.app.sounds.set_volume(self.app.settings.volume, self.app.settings.muted)
        self.app.music.apply(self.app.settings)
        self.app.sounds.play("click")
        self._build()

    def toggle(self, name: str) -> None:
        """An on/off setting switched."""
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        self.changed()

    def cycle_speed(self) -> None:
        s = self.app.settings
        s.animation_speed = _next_of(storage.SPEEDS, s.animation_speed, 1.0)
        self.changed()

    def toggle_auto(self) -> None:
        self.toggle("auto_battle_choices")

    def next_percent(self, name: str) -> None:
        """A volume setting (``volume``, ``music_volume``) to its next step of ten percent."""
        s = self.app.settings
        setattr(s, name, (getattr(s, name) // 10 * 10 + 10) % 110)
        self.changed()

    def cycle_volume(self) -> None:
        self.next_percent("volume")

    def cycle_music_volume(self) -> None:
        self.next_percent("music_volume")

    def toggle_juice(self) -> None:
        """Animations outside battles and the music, all on or all off."""
        self.toggle("juice")

    def toggle_mute(self) -> None:
        self.toggle("muted")

    def cycle_size(self) -> None:
        sizes = fitting_sizes()
        self.app.settings.window_size = _next_of(sizes, self.app.settings.window_size, sizes[0])
        self.changed()
        self.app.apply_display_settings()

    def toggle_fullscreen(self) -> None:
        self.toggle("fullscreen")
        self.app.apply_display_settings()

    def toggle_helpers(self) -> None:
        """The danger view and the hint button in the game (off: the plain game)."""
        self.toggle("helpers")

    def toggle_winning_chance(self) -> None:
        """The hint's winning-chance bar (off by default: it is the search's estimate)."""
        self.toggle("winning_chance")

    def cycle_palette(self) -> None:
        s = self.app.settings
        s.palette = _next_of(storage.PALETTES, s.palette, storage.PALETTES[0])
        tileart.set_palette(s.palette)
        self.changed()

    def back(self) -> None:
        self.app.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "Settings", (640, 70), 38, widgets.ACCENT, True, "center")
        for i, (label, _value, _action) in enumerate(self.rows):
            y = ROW_TOP + i * ROW_STEP
            widgets.draw_text(surface, label, (360, y + 4), 21, widgets.TEXT)
            note = ROW_NOTES.get(label)
            if note:
                widgets.draw_text(surface, note, (360, y + 29), 13, widgets.DIM)
        note = (
            "Automatic battle choices: on, the engine answers a Clown's explosion, a "
            "Quartermaster conversion and which attack a medic takes, for everybody; off, each "
            "human player answers their own during the battle. It applies to new games; a loaded "
            "game keeps how it was started."
        )
        widgets.draw_paragraph(surface, note, pygame.Rect(360, 624, 560, 72), 14, widgets.DIM)
        if not self.app.sounds.available:
            widgets.draw_text(
                surface,
                "No audio device: the game is silent.",
                (640, 712),
                14,
                widgets.DIM,
                False,
                "center",
            )
        for button in self.buttons:
            button.draw(surface)
