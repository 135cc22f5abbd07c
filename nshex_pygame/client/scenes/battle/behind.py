"""The scene behind a battle (the game, the replay, a puzzle): what the battle reads of it and
draws through it, in one place.

Any scene may be behind a battle, or none (a battle opened alone: a plain background). It is
asked only for what it has: its engine ``view`` (terminals, Links, discards, nets), its
``game`` (to describe a question's answers), whether it is a points game, the ``message`` of a
refused answer, its menu, its seats' rings and its backdrop drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pygame import Surface

Colour = tuple[int, int, int]
HQ = list[int] | None  # each seat's HQ hit points (or points), to show instead of the view's
Panels = dict[str, Any] | None  # what the seats' panels show instead of the view's


class Backdrop(Protocol):
    """What every scene behind a battle has: it draws the seats' panels and the caption."""

    def draw_backdrop(
        self, surface: Surface, *, hq: HQ = None, prompt: str | None = None, panels: Panels = None
    ) -> None: ...

    def rings(self) -> list[Colour] | None: ...


class Behind:
    """The scene behind the battle (``scene``, or None), asked only for what it has."""

    def __init__(self, scene: Backdrop | None) -> None:
        self.scene = scene

    def view(self) -> dict[str, Any]:
        """The engine's view the scene shows (empty when there is none)."""
        return getattr(self.scene, "view", None) or {}

    def describe(self, action: int) -> dict[str, Any] | None:
        """An action in the engine's words (None when no game is behind)."""
        game = getattr(self.scene, "game", None)
        return dict(game.describe_action(action)) if game is not None else None

    def points_game(self) -> bool:
        """The points game (the HQs' numbers are points): as the scene behind says."""
        ask = getattr(self.scene, "points_game", None)
        return bool(ask()) if callable(ask) else False

    def message(self) -> str:
        """The scene's last message (why an answer was refused)."""
        return str(getattr(self.scene, "message", "") or "") if self.scene else ""

    def open_menu(self) -> None:
        """The scene's menu, when it has one."""
        menu = getattr(self.scene, "open_menu", None)
        if callable(menu):
            menu()

    def rings(self) -> list[Colour] | None:
        """Each seat's ring colour when two seats play one army (None: the army tells)."""
        return self.scene.rings() if self.scene is not None else None

    def draw(self, surface: Surface, hq: list[int], prompt: str, panels: dict[str, Any]) -> bool:
        """The scene's backdrop with the battle's HQs, caption and panels; False if none."""
        if self.scene is None:
            return False
        self.scene.draw_backdrop(surface, hq=hq, prompt=prompt, panels=panels)
        return True
