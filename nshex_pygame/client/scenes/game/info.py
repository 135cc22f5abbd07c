"""The game scene's information: the prompt, why a click does nothing, and the hover boxes.

Every reason comes from the engine when it can give one (``string_to_action`` refusing an
action says why); nothing here re-implements a rule.
"""

from __future__ import annotations

from typing import Any

import pygame

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game import hoverbox
from nshex_pygame.client.scenes.game.layout import (
    BOMB,
    INSTANT_KINDS,
    as_hex,
    plain_reason,
)
from nshex_pygame.client.words import (
    and_list,
    army_name,
    hex_of,
    plural,
    seat_label,
    tile_name,
)
from nshex_pygame.core import CHANCE, IllegalActionError

TERMINAL_WORDS = (
    "A unit of yours standing here, not netted, is a Link (the LINK tag): the procedures"
    " (Rotation, Swap, Push Back, Laser, Elimination, Detonation) act through Links."
)


class GameInfo:
    """What the game scene says in words (mixed into :class:`GameScene`)."""

    def rotation_due(self) -> dict[str, Any] | None:
        return self.model.rotation_due()

    def credit_options(self) -> list[tuple[int, dict[str, Any]]]:
        """The points a human seat gives away now (its own wounds to its own HQ in the points
        game, FAQ-374): the legal ``credit`` actions, one per opponent (or the one that loses
        the rest when every opponent is at 20); empty when none is due."""
        return self.model.actions_of("credit")

    def credits_left(self) -> int:
        return self.model.credits_left()

    def own_wounders(self) -> list[str]:
        """The names of the answering seat's own units that wounded its own HQ in the last
        battle (read off the engine's log of it: a hit on the HQ from the seat's own unit)."""
        battle = self.game.last_battle() or {}
        before = {as_hex(u["at"]): u for u in battle.get("before") or []}
        seat = self.mover
        hqs = {
            at
            for at, u in before.items()
            if u.get("seat") == seat and tileart.info_of(u["tile"]).get("kind") == "hq"
        }
        names: list[str] = []
        for phase in battle.get("phases") or []:
            for event in phase.get("events") or []:
                if event.get("kind") not in ("hit", "hq_damage") or "from" not in event:
                    continue
                at, source = hex_of(event.get("at")), hex_of(event.get("from"))
                unit = before.get(source) if source is not None else None
                if at not in hqs or unit is None or source in hqs:
                    continue
                if unit.get("controller", unit.get("seat")) == seat:
                    name = tile_name(str(unit["tile"]))
                    if name not in names:
                        names.append(name)
        return names

    def credit_words(self) -> str:
        """``your Clown wounded your own HQ: give 2 points to opponents``."""
        names = self.own_wounders()
        who = f"your {and_list(names)}" if names else "your own units"
        left = self.credits_left()
        if any(d.get("to") == self.mover for _a, d in self.credit_options()):
            return f"{who} wounded your own HQ, but every opponent is at 20: the points are lost"
        return f"{who} wounded your own HQ: give {plural(left, 'point')} to opponents"

    def computer_credit_words(self) -> str:
        """``its Clown wounded its own HQ: it gives 2 points to opponents``."""
        names = self.own_wounders()
        who = f"its {and_list(names)}" if names else "its own units"
        points = plural(self.credits_left(), "point")
        return f"{who} wounded its own HQ: it gives {points} to opponents"

    def seat_name(self, seat: int) -> str:
        """``Player 3 (Outpost)`` with three or four seats, or two seats of one army; else the
        army's name (:func:`seat_label`): who a prompt or a log line speaks of."""
        return seat_label(self.armies, seat)

    def seat_words(self, seat: int) -> str:
        """``Vegas (Player 2)``: who answers, when two people share the screen (the seat's
        number said even when the armies differ); else :meth:`seat_name`."""
        name = self.seat_name(seat)
        humans = sum(1 for s in self.seats if s.is_human)
        if humans > 1 and name == army_name(self.armies[seat]):
            return f"{name} (Player {seat + 1})"
        return name

    def prompt(self) -> str:
        if self.game.is_terminal():
            return "The game is over."
        if self.mover == CHANCE:
            return "Drawing tiles..."
        name = self.seat_name(self.mover)
        if not self.seats[self.mover].is_human:
            # "Moloch (computer)", "Player 2 (Moloch, computer)"
            who = f"{name[:-1]}, computer)" if name.endswith(")") else f"{name} (computer)"
            if self.rotation_due() is not None:
                return f"{who} answers its takeover"
            if self.view.get("credits") and self.credits_left():
                return f"{who}: {self.computer_credit_words()}"
            return f"{who} is playing"
        if self.credit_options():
            return f"{self.seat_words(self.mover)}: {self.credit_words()}"
        due = self.rotation_due()
        if due is not None:
            unit = self.units.get(as_hex(due["at"]))
            taken = tile_name(str(unit["tile"])) if unit else "unit"
            turn = self.view.get("to_move")
            when = (
                f", in {self.seat_name(int(turn))}'s turn"
                if isinstance(turn, int) and turn != self.mover
                else ""
            )
            return (
                f"{self.seat_words(self.mover)}{when}: you took the {taken}: turn it (click, Q/E,"
                " confirm) or keep it (K)"
            )
        procedure = self.partial.get("procedure")
        if procedure:
            slot = self.next_slot(self.candidates())
            what = {
                "at": "which of your Links?",
                "from": "which of your Links?",
                "to": "and which other Link?" if procedure != "push" else "where?",
                "target": "on which enemy?",
            }.get(str(slot), "turn it (Q/E; A/D the other), then confirm")
            return f"{name}: {str(procedure).capitalize()} procedure: {what}"
        exchanges = any(d.get("kind") == "exchange" for _a, d in self.legal)
        if self.energy_in_play() and exchanges and self.stage == "main":
            history = self.game.history()
            if history and history[-1].startswith("exchange "):  # one exchanged already
                have = self.energy(self.mover)
                return (
                    f"{name}: {have} energy now; exchange another tile (select it, Exchange),"
                    " or play"
                )
            return (
                f"{name}: you may exchange a tile for 1 energy now (select it, Exchange), then play"
            )
        stage = self.stage
        if stage == "hire":
            return f"{name}: hire a Mercenary (click one on the right)"
        if stage == "mercenary":
            return f"{name}: take a Mercenary instead of a deck tile?"
        if self.unlucky_pick is not None:
            return (
                f"{name}: unlucky draw: click the three drawn instants to give back"
                f" ({len(self.unlucky_pick)} of 3)"
            )
        if stage == "place_hq":
            if "at" in self.partial and len(self.facings(self.candidates())) > 1:
                return f"{name}: turn your HQ (wheel, Q/E), then click it again"
            return f"{name}: place your HQ on a lit hex, then click it again"
        if stage == "discard":
            return f"{name}: your hand is full: discard one tile"
        if stage == "push_to":
            return f"{name}: choose where your pushed unit goes"
        if stage == "battle_choice":
            return f"{name}: the battle waits for your choice"
        tile = self.selected_tile()
        if tile is None and self.partial.get("kind") == "rotate":
            if "at" not in self.partial:
                return f"{name}: HQ rotation: which of your units? (lit hexes)"
            return f"{name}: HQ rotation: turn it (wheel, Q/E), then click it again or Enter"
        if tile is None:
            if any(d.get("kind") == "rotate" for _a, d in self.legal):
                return (
                    f"{name}: pick a tile from your hand, click a unit for the HQ to turn,"
                    " or end the turn"
                )
            return f"{name}: pick a tile from your hand, move a unit, or end the turn"
        cands = self.candidates()
        slot = self.next_slot(cands)
        tname = tile_name(tile)
        if slot == BOMB:
            chosen = len(self.partial.get(BOMB, ()))
            return f"{name}: {tname}: three hexes that touch each other ({chosen} of 3 chosen)"
        if slot == "at":
            return f"{name}: where does {tname} go? (lit hexes)"
        if slot == "from":
            return f"{name}: {tname}: which of your units?"
        if slot in ("to",):
            return f"{name}: {tname}: to which hex?"
        if slot == "target":
            return f"{name}: {tname}: on which target?"
        if cands and slot is None:
            if self.facings(cands):
                return f"{name}: turn it (wheel, Q/E), then click again or press Enter"
            return f"{name}: click again or press Enter to confirm"
        return f"{name}: {tname}"

    def selected_hint(self) -> str:
        """What to do with the selected tile, step by step (its rules are in its hover box)."""
        tile = self.selected_tile()
        if tile is None:
            return ""
        name = tile_name(tile)
        if self.stage == "discard":
            return f"Click {name} again (or Discard) to discard it, or pick another tile."
        cands = self.candidates()
        if not cands:
            return f"{name} cannot be used now. Hover it to read what it does."
        slot = self.next_slot(cands)
        kind = cands[0][1].get("kind")
        if kind == "battle":
            return f"{name}: click it again (or Start battle) to fight the battle now."
        if slot == "at":
            return (
                f"{name}: click a lit hex to put it there. It starts as printed, top edge up;"
                " you turn it next."
            )
        if slot == "from":
            return f"{name}: click one of your lit units."
        if slot == "to":
            return f"{name}: click the lit hex it goes to."
        if slot == "target":
            return f"{name}: click a lit target."
        if slot == BOMB:
            return (
                f"{name}: click three lit hexes that touch each other, one by one (right click"
                " takes one back), then click one of them again or press Enter."
            )
        if self.facings(cands):
            return (
                f"{name}: turn it with the wheel or Q/E (it starts as printed, top edge up),"
                " then click it again or press Enter."
            )
        return f"{name}: click again or press Enter to confirm."

    def unusable(self, seat: int, index: int) -> str | None:
        """Why the tile at ``index`` of ``seat``'s hand cannot be played now, when the engine
        lists no legal action that plays it on the mover's main step (it is greyed out; it may
        still be discarded if the engine allows); else None."""
        if not self.human_to_move() or seat != self.mover or self.stage != "main":
            return None
        hand = self.hand(seat)
        if index >= len(hand) or self.tile_uses(hand[index], play=True):
            return None
        tile = hand[index]
        name = tile_name(tile)
        kind = INSTANT_KINDS.get(tile.partition(".")[2])
        enemies = [u["at"] for u in self.view["units"] if u["seat"] != seat]
        lines = {
            "battle": ["play battle"],
            "sniper": [f"play sniper {q},{r}" for q, r in enemies],
            "grenade": [f"play grenade {q},{r}" for q, r in enemies],
            "air_strike": [f"play air_strike {q},{r}" for q, r in enemies],
        }.get(str(kind), [])
        for line in lines:  # the engine's own reason, asked about a likely target
            reason = self._engine_reason(line)
            if reason:
                return f"{name} cannot be played now: {reason}"
        return f"{name} has no legal use now (no target it can reach)."

    def stage_hint(self) -> str:
        stage = self.stage
        if stage == "discard":
            return "your hand is full: discard one first."
        if stage == "push_to":
            return "the pushed unit's owner must choose where it goes."
        if stage == "place_hq":
            return "place your HQ first."
        if stage in ("hire", "mercenary"):
            return "first answer the Mercenaries on the right."
        return "no legal action uses it."

    def _why_not_move(self, at: Hex) -> str:
        line = f"mobility {at[0]},{at[1]} -> {at[0]},{at[1]} 0"
        reason = self._engine_reason(line)
        unit = self.units.get(at)
        name = tile_name(unit["tile"]) if unit else "This unit"
        return f"{name} cannot move by itself now" + (f": {reason}" if reason else ".")

    def procedure_reason(self, name: str) -> str | None:
        """Why a procedure (or buying energy: ``"buy"``) cannot be done now, in the engine's
        words: the engine asked about one use of it on the terminals."""
        if name == "buy":
            return self._engine_reason("buy 1")
        hexes = [f"{int(q)},{int(r)}" for q, r in self.view.get("terminals") or []]
        if len(hexes) < 2:
            return None
        a, b = hexes[0], hexes[1]
        line = {
            "rotation": f"procedure rotation {a} 1",
            "swap": f"procedure swap {a} {b} 0 0",
            "push": f"procedure push {a} -> {b}",
            "laser": f"procedure laser {a} {b}",
            "elimination": f"procedure elimination {a}",
            "detonation": "procedure detonation",
        }.get(name)
        return self._engine_reason(line) if line else None

    def _engine_reason(self, line: str) -> str | None:
        try:
            self.game.string_to_action(line)
        except IllegalActionError as exc:
            return plain_reason(exc)
        except Exception:
            return None
        return None

    def explain(self, at: Hex, cands: list[tuple[int, dict[str, Any]]], slot: str | None) -> str:
        """Why a click on ``at`` does nothing: the engine's reason when one can be asked."""
        tile = self.selected_tile()
        q, r = at
        line = None
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            line = f"place {tile} {q},{r} {self.facing}"
        elif tile is not None:
            kind = INSTANT_KINDS.get(tile.partition(".")[2])
            if kind in ("sniper", "grenade", "air_strike"):
                line = f"play {kind} {q},{r}"
            elif kind == "move" and "from" in self.partial:
                f = self.partial["from"]
                line = f"play move {f[0]},{f[1]} -> {q},{r} {self.facing}"
            elif kind == "push_back" and "from" in self.partial:
                f = self.partial["from"]
                line = f"play push_back {f[0]},{f[1]} -> {q},{r}"
            elif kind == "battle":
                return "Battle needs no target: click the tile again or press Start battle."
        elif self.stage == "place_hq":
            line = f"hq {q},{r}"
        elif self.stage == "push_to":
            line = f"push_to {q},{r}"
        reason = self._engine_reason(line) if line else None
        if reason:
            return reason
        if not self.legal:
            return "Nothing to do here now."
        if tile is None and self.stage == "main":
            return "Pick a tile from your hand first (or click a unit that can move)."
        if self.stage == "discard":
            return "Your hand is full: discard one first (click it in your hand)."
        return "No legal action uses this hex now."

    def has_pointer(self) -> bool:
        """The pointer is over this scene: it is on top, or the scene hosting it (a puzzle,
        a lesson) is on top and lends it the pointer (no card of its own in front)."""
        top = self.app.stack.top
        if top is self:
            return True
        return top is not None and top is self.host and bool(self.host.lends_pointer())

    def spoken_hexes(self) -> list[Hex]:
        """The hexes the words under the pointer speak of: a hovered log line's, or a hovered
        unit's links and medics (its hover box names them)."""
        if not self.has_pointer():
            return []
        pos = self.app.mouse
        entry = self.log_entry_at(pos) if self.host is None else None  # (a host's card there)
        if entry is not None:
            return list(self.log[entry][2])
        at = self.board.hex_at(pos)
        if at is None or at not in self.units:
            return []
        analysis = self.analysis.get(at, {})
        out = [as_hex(p) for p in analysis.get("linked_from") or []]
        out += [
            as_hex(other["at"])
            for other in self.analysis.values()
            if any(as_hex(p) == at for p in other.get("linked_from") or [])
        ]
        out += [as_hex(p) for p in analysis.get("protected_by") or []]
        return [h for h in dict.fromkeys(out) if h != at]

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hover box of what is under the pointer (a host draws it over its own card)."""
        if not self.has_pointer():
            return  # a dialog over the game has the pointer
        pos = self.app.mouse
        self.track_mouse(pos)
        watch = [self.last_battle_button] if self.can_watch_last_battle() else []
        hinted = [b for b in [*self.buttons, *self.shown_procedures()] if b.hint]
        for tool in [*hinted, *self.shown_tools(), self.menu_button, *watch]:
            if tool.hint and tool.rect.collidepoint(pos):
                widgets.tooltip(surface, tool.label, [(tool.hint, widgets.TEXT)], pos, 300)
                return
        for button in self.buttons:  # a Mercenary offered: what it does
            if getattr(button, "tile", None) and button.rect.collidepoint(pos):
                self._tile_tooltip(surface, str(button.tile), pos)
                return
        if self.hover_hand is not None:
            seat, index = self.hover_hand
            hand = self.hand(seat)
            if index < len(hand):
                self._tile_tooltip(surface, hand[index], pos, self.unusable(seat, index))
            return
        at = self.board.hex_at(pos)
        if at is not None and at in self.units:
            unit = self.units[at]
            title, lines = self.unit_info(unit)
            widgets.tooltip(surface, title, lines, pos)
            return
        for foundation in self.view.get("foundations") or []:
            if at is not None and as_hex(foundation["at"]) == at:  # a Mine: not a unit
                self._tile_tooltip(surface, str(foundation["tile"]), pos)
                return
        terminals = {as_hex(t) for t in self.view.get("terminals") or []}
        if at is not None and at in terminals:  # an empty terminal
            widgets.tooltip(surface, "Terminal", [(TERMINAL_WORDS, widgets.TEXT)], pos, 320)
            return
        for seat in range(len(self.armies)):
            energy = self.energy_rect(seat)
            if energy is not None and energy.collidepoint(pos):
                title = f"{self.seat_name(seat)} energy: {self.energy(seat)} of 5"
                widgets.tooltip(surface, title, [(self.energy_words(), widgets.TEXT)], pos, 340)
                return
        for seat in range(len(self.armies)):
            deck, pile = self.stack_rects(seat)
            if deck.collidepoint(pos):
                sizes = self.view.get("deck_sizes") or []
                left = sizes[seat] if seat < len(sizes) else 0
                limit = {3: "three", 6: "six"}.get(int(self.view.get("hand_limit") or 3), "three")
                words = (
                    f"{plural(left, 'tile')} left, face down. Draw up to {limit} each turn; when"
                    " a deck runs out, no more Battle tiles, one more turn each, then the final"
                    " battle."
                )
                lines = [(words, widgets.TEXT)]
                known = self.deck_top(seat)
                if known:  # a passed-on Mad Bomber lies face up: everybody knows it
                    lines.insert(
                        0, (f"Next draw: {tile_name(known)} (face up on top)", widgets.ACCENT)
                    )
                widgets.tooltip(surface, f"{self.seat_name(seat)} deck", lines, pos)
                return
            mercs = self.mercenary_rect(seat)
            if mercs is not None and mercs.collidepoint(pos):
                names = ", ".join(tile_name(t) for t in self.seat_mercenaries(seat)) or "none"
                words = (
                    "Unused Mercenaries (every player sees them): at any draw the seat may take"
                    " one instead of a deck tile."
                )
                widgets.tooltip(
                    surface,
                    f"{self.seat_name(seat)} Mercenaries",
                    [(names, widgets.TEXT), (words, widgets.DIM)],
                    pos,
                )
                return
            if pile.collidepoint(pos):
                discards = (self.view.get("discards") or [[]] * len(self.armies))[seat]
                names = ", ".join(tile_name(t) for t in discards) or "empty"
                widgets.tooltip(
                    surface,
                    f"{self.seat_name(seat)} discard pile",
                    [(names, widgets.TEXT)],
                    pos,
                )
                return

    # The hover boxes' words about a tile or a unit are ``hoverbox``'s (functions of the model).

    def energy_words(self) -> str:
        return hoverbox.energy_words(self.view)

    def _tile_tooltip(
        self, surface: pygame.Surface, tile: str, pos: tuple[int, int], why_not: str | None = None
    ) -> None:
        hoverbox.tile_box(self, surface, tile, pos, why_not)

    def printed_lines(self, info: dict[str, Any]) -> list[str]:
        return hoverbox.printed_lines(self, info)

    def unit_info(self, unit: dict[str, Any]) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
        """What the hover box says about a unit on the board, with its current values."""
        return hoverbox.unit_info(self, unit)
