"""The game scene's actions panel: the buttons for the legal actions now (end the turn,
discard, battle, the Mercenaries offered, the points to give, the Duel board's energy and
procedures) with confirm and back. The panel owns its buttons; what a button does is the
scene's input's (``press``, ``confirm``, ...: :class:`PanelActions`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.scenes.game import keys
from nshex_pygame.client.scenes.game.info import GameInfo
from nshex_pygame.client.scenes.game.layout import ACTIONS, CREDIT_ROWS_TOP, PROCEDURES
from nshex_pygame.client.scenes.game.model import GameModel, Legal
from nshex_pygame.client.words import tile_name


class PanelHost(Protocol):
    """What the panel reads of the game scene: its model and words, whose move it is."""

    model: GameModel
    info: GameInfo

    @property
    def stage(self) -> str: ...
    def human_to_move(self) -> bool: ...
    def energy_in_play(self) -> bool: ...
    def seat_name(self, seat: int) -> str: ...


class PanelActions(Protocol):
    """What the panel's buttons run: the scene's input (``input.py``), and the choices it
    offers (the Mercenaries, the deck's draw, the unlucky draws)."""

    def offer_options(self) -> Legal: ...
    def deck_draw_option(self) -> int | None: ...
    def unlucky_choices(self) -> Legal: ...
    def press(self, kind: str) -> None: ...
    def confirm(self) -> None: ...
    def undo(self) -> bool: ...
    def take_offer(self, action: int) -> None: ...
    def give_credit(self, action: int) -> None: ...
    def buy(self, n: int) -> None: ...
    def pick_procedure(self, name: str) -> None: ...
    def turn_a_unit(self) -> None: ...


class ActionsPanel:
    """The actions panel's buttons, owned by the game scene (``host``); they run the scene's
    input (``actions``)."""

    def __init__(self, host: PanelHost, actions: PanelActions) -> None:
        self.host = host
        self.actions = actions
        self.buttons: list[widgets.Button] = []
        self.procedure_buttons: list[ProcedureButton] = []
        self.confirm_button = widgets.Button(
            f"Confirm ({keys.key_of('confirm')})", (0, 0, 1, 1), actions.confirm
        )
        self.cancel_button = widgets.Button(
            f"Back ({keys.key_of('back')})", (0, 0, 1, 1), actions.undo
        )

    def rebuild(self) -> None:
        """The buttons for the legal actions now (none unless a human is to move)."""
        self.buttons = []
        self.procedure_buttons = []
        if not self.host.human_to_move():
            return
        kinds = {d.get("kind") for _a, d in self.host.model.legal}
        x, y, w = ACTIONS.left + 12, ACTIONS.top + 150, ACTIONS.width - 24
        if "credit" in kinds:
            self._credit_buttons()
            return
        if kinds & {"hire", "mercenary"}:
            self._offer_buttons()
            return
        if self.host.energy_in_play():
            self._duel_buttons(kinds)
            return
        rows: list[tuple[str, Any]] = []
        if "end" in kinds:
            rows.append((f"End turn ({keys.key_of('end')})", lambda: self.actions.press("end")))
        if "keep_taken" in kinds:
            rows.append(
                (
                    f"Keep it as it is ({keys.key_of('keep')})",
                    lambda: self.actions.press("keep_taken"),
                )
            )
        if "unlucky" in kinds and len(self.actions.unlucky_choices()) > 1:
            rows.append(
                ("Unlucky draw: name three instants", lambda: self.actions.press("unlucky"))
            )
        elif "unlucky" in kinds:
            rows.append(("Unlucky draw: three new tiles", lambda: self.actions.press("unlucky")))
        if "discard" in kinds:
            rows.append(
                (
                    f"Discard selected tile ({keys.key_of('discard')})",
                    lambda: self.actions.press("discard"),
                )
            )
        if "battle" in kinds:
            rows.append(("Start battle", lambda: self.actions.press("battle")))
        if "terror" in kinds:
            rows.append(("Play Terror", lambda: self.actions.press("terror")))
        if "rotate" in kinds:
            rows.append(("HQ: turn a unit", self.actions.turn_a_unit))
        for i, (label, action) in enumerate(rows):
            self.buttons.append(widgets.Button(label, (x, y + i * 46, w, 38), action, size=17))
        self._confirm_row(y + len(rows) * 46, 38)

    def _credit_buttons(self) -> None:
        """The points of a seat's own wounds to its own HQ (FAQ-374): one row per opponent
        it may give one to (its number picks it), as the engine lists them."""
        x, w = ACTIONS.left + 12, ACTIONS.width - 24
        for i, (action, desc) in enumerate(self.host.model.actions_of("credit")):
            to: Any = desc.get("to")
            points = int(desc.get("points", 0))
            if to == self.host.model.mover or points <= 0:
                label = "Lose the rest: every opponent is at 20"
            else:
                label = f"{self.host.seat_name(int(to))} +{points}"
            button = NumberedButton(
                i + 1,
                label,
                (x, CREDIT_ROWS_TOP + i * 48, w, 40),
                functools.partial(self.actions.give_credit, action),
            )
            self.buttons.append(button)

    def _offer_buttons(self) -> None:
        """A button per Mercenary offered (the tile with its name, two to a row) and, at a
        draw, "Draw from the deck"."""
        x, w = ACTIONS.left + 12, ACTIONS.width - 24
        cell_w, cell_h, top = (w - 8) // 2, 92, ACTIONS.top + 108
        y = top
        for i, (action, desc) in enumerate(self.actions.offer_options()):
            row, col = divmod(i, 2)
            y = top + row * (cell_h + 6)
            button = OfferButton(
                str(desc["tile"]),
                (x + col * (cell_w + 8), y, cell_w, cell_h),
                functools.partial(self.actions.take_offer, action),
                i + 1,
            )
            self.buttons.append(button)
        draw = self.actions.deck_draw_option()
        if draw is not None:
            deck_button = widgets.Button(
                f"Draw from the deck ({keys.key_of('draw', keys.OFFER_KEYS)})",
                (x, y + cell_h + 10, w, 38),
                functools.partial(self.actions.take_offer, draw),
                size=16,
                hint="Keep your Mercenaries for a later draw: the deck fills the rest of"
                " your hand.",
            )
            self.buttons.append(deck_button)

    def _confirm_row(self, y: int, height: int) -> None:
        x, w = ACTIONS.left + 12, ACTIONS.width - 24
        self.confirm_button = widgets.Button(
            f"Confirm ({keys.key_of('confirm')})",
            (x, y, w // 2 - 4, height),
            self.actions.confirm,
            size=16,
        )
        self.cancel_button = widgets.Button(
            f"Back ({keys.key_of('back')})",
            (x + w // 2 + 4, y, w // 2 - 4, height),
            self.actions.undo,
            size=16,
        )
        self.buttons += [self.confirm_button, self.cancel_button]

    def _duel_buttons(self, kinds: set[Any]) -> None:
        """The Duel board's actions panel: the buttons two to a row, the energy's (exchange,
        buy) among them, and the six procedure buttons above the tools row."""
        x, w = ACTIONS.left + 12, ACTIONS.width - 24
        y, step, height = ACTIONS.top + 118, 38, 32
        rows: list[list[tuple[str, Any, str]]] = []
        first: list[tuple[str, Any, str]] = []
        if "end" in kinds:
            first.append(
                (f"End turn ({keys.key_of('end')})", lambda: self.actions.press("end"), "")
            )
        if "discard" in kinds:
            first.append(
                (f"Discard ({keys.key_of('discard')})", lambda: self.actions.press("discard"), "")
            )
        if "keep_taken" in kinds:
            first.append(
                (
                    f"Keep it as it is ({keys.key_of('keep')})",
                    lambda: self.actions.press("keep_taken"),
                    "",
                )
            )
        if first:
            rows.append(first)
        if "unlucky" in kinds:
            label = (
                "Unlucky draw: name three instants"
                if len(self.actions.unlucky_choices()) > 1
                else "Unlucky draw: three new tiles"
            )
            rows.append([(label, lambda: self.actions.press("unlucky"), "")])
        second: list[tuple[str, Any, str]] = []
        if "exchange" in kinds:
            second.append(
                (
                    "Exchange: +1 energy",
                    lambda: self.actions.press("exchange"),
                    "Discard the selected tile for 1 energy (only right after the draw).",
                )
            )
        if "battle" in kinds:
            second.append(("Start battle", lambda: self.actions.press("battle"), ""))
        if "terror" in kinds:
            second.append(("Play Terror", lambda: self.actions.press("terror"), ""))
        if second:
            rows.append(second)
        buys = sorted({int(d["n"]) for _a, d in self.host.model.legal if d.get("kind") == "buy"})
        if buys:
            rows.append(
                [
                    (
                        f"Buy {n}",
                        lambda n=n: self.actions.buy(n),
                        f"Pay {n} HQ hit point{'s' if n > 1 else ''} for {n} energy. It ends"
                        " your turn.",
                    )
                    for n in buys
                ]
            )
        for row in rows:
            cell = (w - 8 * (len(row) - 1)) // len(row)
            for i, (label, action, hint) in enumerate(row):
                button = widgets.Button(
                    label, (x + i * (cell + 8), y, cell, height), action, size=15, hint=hint
                )
                self.buttons.append(button)
            y += step
        self._confirm_row(y, height)
        if self.host.stage == "main" and not self.host.model.view.get("rotations"):
            cell = (w - 16) // 3
            for i, name in enumerate(PROCEDURES):
                cost = int((self.host.model.view.get("procedure_costs") or {}).get(name, 0))
                label = {"elimination": "Eliminate", "detonation": "Detonate"}.get(
                    name, name.capitalize()
                )
                button = ProcedureButton(
                    name,
                    f"{label} {cost}",
                    (x + (i % 3) * (cell + 8), 682 + (i // 3) * 34, cell, 30),
                    functools.partial(self.actions.pick_procedure, name),
                )
                uses = any(d.get("procedure") == name for _a, d in self.host.model.legal)
                button.enabled = uses
                words = PROCEDURE_WORDS.get(name, "")
                if uses:
                    button.hint = f"{words} Costs {cost} energy."
                else:
                    reason = self.host.info.procedure_reason(name) or "Not possible now."
                    button.hint = f"{words} Costs {cost} energy. Not now: {reason}"
                self.procedure_buttons.append(button)

    def shown_procedures(self) -> list[ProcedureButton]:
        """The procedure buttons (the Duel board, a human's main step)."""
        if not self.host.human_to_move():
            return []
        for button in self.procedure_buttons:
            button.selected = self.host.model.partial.get("procedure") == button.procedure
        return list(self.procedure_buttons)


# What each procedure does, for its button's hover box (the engine checks every use).
PROCEDURE_WORDS = {
    "rotation": "Rotation: turn one of your Links.",
    "swap": "Swap: two of your Links change places (and may turn).",
    "push": "Push: one of your Links pushes an adjacent enemy away.",
    "laser": "Laser: destroys the enemy units on the line between two of your Links.",
    "elimination": "Elimination: destroys an enemy unit with three of your Links around it.",
    "detonation": "Detonation: destroys every enemy Link.",
}


class NumberedButton(widgets.Button):
    """A row of the points panel: its number (a badge beside it) picks it too."""

    def __init__(self, number: int, label: str, rect: Any, action: Callable[[], object]) -> None:
        super().__init__(label, rect, action, size=16)
        self.number = number


class ProcedureButton(widgets.Button):
    """A procedure's button on the Duel board (greyed out when the engine allows none)."""

    def __init__(self, procedure: str, label: str, rect: Any, action: Callable[[], object]) -> None:
        super().__init__(label, rect, action, size=14)
        self.procedure = procedure


class OfferButton(widgets.Button):
    """A Mercenary offered: the tile itself with its name under it (a click takes it)."""

    def __init__(self, tile: str, rect: Any, action: Any, number: int) -> None:
        super().__init__(tile_name(tile), rect, action, size=13)
        self.tile = tile
        self.number = number

    def draw(self, surface: pygame.Surface) -> None:
        fill = (70, 76, 96) if self.hover else (44, 48, 60)
        edge = widgets.ACCENT if self.hover else widgets.PANEL_EDGE
        pygame.draw.rect(surface, fill, self.rect, border_radius=7)
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=7)
        center = (self.rect.centerx, self.rect.top + 36)
        tileart.blit_tile(surface, tileart.render_tile(self.tile, 30), center)
        size = tileart.fit_text(self.label, 13, self.rect.width - 10, bold=True)
        widgets.draw_text(
            surface,
            self.label,
            (self.rect.centerx, self.rect.bottom - 22),
            size,
            widgets.TEXT,
            True,
            "midtop",
        )
        badge = (self.rect.left + 14, self.rect.top + 14)
        pygame.draw.circle(surface, (120, 230, 255), badge, 10)
        widgets.draw_text(surface, str(self.number), badge, 13, tileart.INK, True, "center")
