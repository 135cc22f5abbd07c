"""The game scene's input: choosing an action from the engine's legal ones with clicks and keys.

The legal actions come from the engine (``legal_actions`` and ``describe_action``); a click
narrows them down (a tile from the hand, then a hex, then a facing, then a confirming click).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game import keys
from nshex_pygame.client.scenes.game.layout import (
    BOMB,
    LOG,
    LOG_BAR,
    PROCEDURE_SLOTS,
    SELF_MOVES,
)
from nshex_pygame.client.scenes.game.model import action_slots, facing_of
from nshex_pygame.client.scenes.game.panel import OfferButton  # noqa: F401  (tests import it here)
from nshex_pygame.client.words import tile_name


class GameInput:
    """Clicks, keys and the buttons of the game scene (mixed into :class:`GameScene`)."""

    def clear_choice(self) -> None:
        self.model.clear_choice()

    # --- the Mercenaries: hired before the HQs, taken instead of a deck tile at a draw -------

    def offer_options(self) -> list[tuple[int, dict[str, Any]]]:
        """The Mercenaries a human seat may hire or take now (the engine's ``hire`` and
        ``mercenary`` actions); empty when none is offered."""
        return self.model.actions_of("hire", "mercenary")

    def deck_draw_option(self) -> int | None:
        """The action that lets the deck fill the rest of the hand (a bare ``draw``)."""
        return next((a for a, _d in self.model.actions_of("deck_draw")), None)

    def take_offer(self, action: int) -> None:
        self.clear_choice()
        self.app.sounds.play("click")
        self.apply(action)

    # --- the unlucky draw with Reinforcements: the player names three drawn instants --------

    def unlucky_choices(self) -> list[tuple[int, dict[str, Any]]]:
        """The engine's unlucky draws that name their three instants (Reinforcements)."""
        return [(a, d) for a, d in self.legal if d.get("kind") == "unlucky" and d.get("tiles")]

    def start_unlucky(self) -> None:
        """The unlucky draw: played at once when the engine offers one way; with several (the
        three instants to name, Reinforcements) the player clicks them in the hand."""
        choices = self.model.actions_of("unlucky")
        if not choices:
            self.say("That is not allowed now.")
            return
        if len(choices) == 1:
            self.apply(choices[0][0])
            return
        self.clear_choice()
        self.unlucky_pick = []
        self.say("Unlucky draw: click the three drawn instants to give back.", info=True)

    def pick_unlucky(self, index: int) -> None:
        """A hand tile clicked while naming the unlucky draw's three instants: picked (or
        dropped again); the third one that makes a legal choice plays it."""
        hand = self.hand(self.mover)
        if self.unlucky_pick is None or index >= len(hand):
            return
        if index in self.unlucky_pick:
            self.unlucky_pick.remove(index)
            return
        picked = Counter(hand[i] for i in self.unlucky_pick) + Counter([hand[index]])
        fits = [(a, d) for a, d in self.unlucky_choices() if not picked - Counter(d["tiles"])]
        if not fits:
            self.say(f"{tile_name(hand[index])} cannot be one of the three: name drawn instants.")
            return
        self.unlucky_pick.append(index)
        self.app.sounds.play("click")
        if len(self.unlucky_pick) == 3:
            exact = [a for a, d in fits if Counter(d["tiles"]) == picked]
            if exact:
                self.apply(exact[0])

    def selected_tile(self) -> str | None:
        if self.selected is None or not self.human_to_move():
            return None
        hand = self.hand(self.mover)
        return hand[self.selected] if self.selected < len(hand) else None

    # The choice under way is the model's (``model.py``); these read it with the hand tile
    # selected now.

    def candidates(self) -> list[tuple[int, dict[str, Any]]]:
        """The legal actions that agree with everything chosen so far."""
        return self.model.candidates(self.selected_tile())

    action_slots = staticmethod(action_slots)
    facing_of = staticmethod(facing_of)

    def next_slot(self, cands: list[tuple[int, dict[str, Any]]]) -> str | None:
        return self.model.next_slot(cands)

    def slot_hexes(self, cands: list[tuple[int, dict[str, Any]]], slot: str) -> set[Hex]:
        return self.model.slot_hexes(cands, slot)

    def facings(self, cands: list[tuple[int, dict[str, Any]]]) -> list[int]:
        return self.model.facings(cands)

    def second_facings(self, cands: list[tuple[int, dict[str, Any]]]) -> list[int]:
        return self.model.second_facings(cands)

    def chosen(self) -> tuple[int, dict[str, Any]] | None:
        """The one action the choices so far (with the current facing) name, if complete."""
        return self.model.chosen(self.selected_tile())

    def default_facing(self, at: Hex, faces: list[int]) -> int:
        return self.model.default_facing(at, faces)

    def rotate(self, step: int, *, second: bool = False) -> None:
        """Turn the tile being placed or moved (``second``: a Swap's other unit)."""
        cands = self.candidates()
        if second:
            faces = self.second_facings(cands)
            if faces:
                now = faces.index(self.facing2) if self.facing2 in faces else -step
                self.facing2 = faces[(now + step) % len(faces)]
                self.app.sounds.play("click")
            return
        faces = self.facings(cands)
        if not faces:
            return
        if self.facing not in faces:
            self.facing = faces[0]
        else:
            self.facing = faces[(faces.index(self.facing) + step) % len(faces)]
        self.partial["rotated"] = True
        self.app.sounds.play("click")

    def click_hand(self, seat: int, index: int) -> None:
        if not self.human_to_move():
            self.say("Wait: it is not a human player's turn.")
            return
        if self.model.actions_of("credit"):
            self.say(self.info.credit_hint())
            return
        if self.offer_options():
            self.say("First answer the Mercenaries on the right: take one, or draw from the deck.")
            return
        if self.unlucky_pick is not None and seat == self.mover:
            self.pick_unlucky(index)
            return
        if seat != self.mover:
            self.say(f"That tile is in {self.seat_name(seat)}'s hand; it is not their turn.")
            return
        hand = self.hand(seat)
        if index >= len(hand):
            return
        tile = hand[index]
        if self.selected == index and not self.partial:
            # a second click on the tile: discard it (discard stage) or start the battle
            for action, desc in self.legal:
                if (
                    self.stage == "discard"
                    and desc.get("kind") == "discard"
                    and desc.get("tile") == tile
                ):
                    self.apply(action)
                    return
                if (
                    desc.get("kind") in ("battle", "terror")
                    and desc.get("tile") == tile
                    and self.stage != "discard"
                ):
                    self.apply(action)  # an instant without a target
                    return
        uses = self.model.tile_uses(tile)
        why_not = self.unusable(seat, index)  # greyed out in the hand
        if why_not and not uses:
            self.say(why_not)  # nothing at all to do with it: it stays in the hand
            return
        self.selected = index
        self.partial = {}
        self.facing = 0  # a tile picked up starts as printed
        if why_not:
            self.say(f"{why_not} You may discard it ({keys.key_of('discard')}).")
        elif not uses:
            self.say(f"{tile_name(tile)} cannot be used now; " + self.info.stage_hint())
        elif self.stage == "discard":
            self.say(f"Click {tile_name(tile)} again (or Discard) to discard it.", info=True)
        else:
            self.message_time = 0
        self.app.sounds.play("click")

    def click_hex(self, at: Hex) -> None:
        if not self.human_to_move():
            self.say("Wait: it is not a human player's turn.")
            return
        if self.model.actions_of("credit"):
            self.say(self.info.credit_hint())
            return
        cands = self.candidates()
        if self._pick_unit_to_turn(at, cands):
            return
        slot = self.next_slot(cands)
        if slot == BOMB:
            if at in self.slot_hexes(cands, slot):
                self.partial.setdefault("kind", "small_bomb")
                self.partial[BOMB] = [*self.partial.get(BOMB, ()), at]
                self.app.sounds.play("click")
                return
        elif slot is not None:
            hexes = self.slot_hexes(cands, slot)
            if at in hexes:
                self.partial.setdefault("kind", cands[0][1].get("kind"))
                self.partial[slot] = at
                rest = self.candidates()
                if slot in ("at", "to"):
                    self.facing = self.default_facing(at, self.facings(rest))
                if slot == "to" and any("facings" in d for _a, d in rest):
                    # a Swap: both units keep their facings unless turned (Q/E, A/D)
                    first = self.units.get(self.partial.get("from"))
                    other = self.units.get(at)
                    self.facing = int(first.get("facing", 0)) if first else self.facing
                    self.facing2 = int(other.get("facing", 0)) if other else 0
                self.app.sounds.play("click")
                return
        else:
            last = self.model.last_hex()
            if (last is not None and at == last) or at in self.partial.get(BOMB, ()):
                self.confirm()
                return
        if self.selected is None and not self.partial:
            own = self.units.get(at)
            if own is not None and own.get("controller", own.get("seat")) == self.mover:
                self.say(self.info.why_not_move(at))
                return
        self.say(self.info.explain(at))

    def _pick_unit_to_turn(self, at: Hex, cands: list[tuple[int, dict[str, Any]]]) -> bool:
        """A click on an own unit with nothing chosen: the Doomsday HQ's rotation of it (a
        unit that can also move by itself moves first, as before; the rotation's button
        still turns it). True when the click chose it."""
        if self.selected is not None or self.partial not in ({}, {"kind": "rotate"}):
            return False
        turns = [(a, d) for a, d in cands if d.get("kind") == "rotate"]
        if not turns:
            return False
        if not self.partial:
            moves = [(a, d) for a, d in cands if d.get("kind") in SELF_MOVES]
            if at in self.slot_hexes(moves, "from"):
                self.partial = {"kind": moves[0][1]["kind"], "from": at}
                self.app.sounds.play("click")
                return True
        if at not in self.slot_hexes(turns, "at"):
            return False
        self.partial = {"kind": "rotate", "at": at}
        self.facing = self.default_facing(at, self.facings(self.candidates()))
        self.say(
            "HQ rotation: turn it with the wheel or Q/E, then click it again (or Enter).",
            info=True,
        )
        self.app.sounds.play("click")
        return True

    def turn_a_unit(self) -> None:
        """The HQ's rotation button: the units it may turn are lit."""
        if not any(d.get("kind") == "rotate" for _a, d in self.legal):
            self.say("The HQ cannot turn a unit now.")
            return
        self.clear_choice()
        self.partial = {"kind": "rotate"}
        self.app.sounds.play("click")

    def confirm(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            cands = self.candidates()
            if cands and self.next_slot(cands) is None and self.facings(cands):
                self.say("That facing is not allowed here; turn the tile with the wheel or Q/E.")
            else:
                self.say("Choose where first: the legal hexes are lit.")
            return
        self.apply(chosen[0])

    def undo(self) -> bool:
        """Take back the last unconfirmed choice; False if there was none."""
        return self.model.step_back()

    def press(self, kind: str) -> None:
        """A button: end, unlucky, battle, discard (the selected tile)."""
        if kind == "discard":
            tile = self.selected_tile()
            for action, desc in self.legal:
                if desc.get("kind") == "discard" and desc.get("tile") == tile:
                    self.apply(action)
                    return
            self.say("Select a tile in your hand to discard.")
            return
        if kind == "exchange":
            tile = self.selected_tile()
            for action, desc in self.legal:
                if desc.get("kind") == "exchange" and desc.get("tile") == tile:
                    self.apply(action)
                    return
            self.say("Select a tile in your hand to exchange it for 1 energy.")
            return
        if kind == "unlucky":
            self.start_unlucky()
            return
        for action, desc in self.legal:
            if desc.get("kind") == kind:
                self.apply(action)
                return
        self.say("That is not allowed now.")

    def buy(self, n: int) -> None:
        """Pay ``n`` HQ hit points for ``n`` energy (the engine ends the turn)."""
        for action, desc in self.legal:
            if desc.get("kind") == "buy" and int(desc.get("n", 0)) == n:
                self.apply(action)
                return
        self.say(self.info.procedure_reason("buy") or "That is not allowed now.")

    def pick_procedure(self, name: str) -> None:
        """A procedure button: its hexes are lit next (a Detonation, without any, is done)."""
        if not self.human_to_move():
            return
        uses = [(a, d) for a, d in self.legal if d.get("procedure") == name]
        if not uses:
            self.say(self.info.procedure_reason(name) or "That procedure is not allowed now.")
            return
        self.clear_choice()
        if not PROCEDURE_SLOTS.get(name):
            self.apply(uses[0][0])
            return
        self.partial = {"kind": "procedure", "procedure": name}
        self.app.sounds.play("click")

    def handle(self, event: pygame.event.Event) -> None:
        if self.menu_button.handle(event):
            return
        if self.helpers.handle_panel_event(event):  # (in the place of the log, with its title row)
            return
        if (
            self.can_watch_last_battle()
            and not self.hint_panel_shown()
            and self.last_battle_button.handle(event)
        ):
            return
        thinker = self.thinkers.get(self.mover)
        if thinker is not None and thinker.can_hurry and self.hurry_button.handle(event):
            return
        for button in self.shown_procedures():
            if button.handle(event):
                if not button.enabled:  # greyed out: say why (the engine's words)
                    self.pick_procedure(button.procedure)  # type: ignore[attr-defined]
                return
        for button in [*self.buttons, *self.shown_tools()]:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.track_mouse(event.pos)
            if self.log_drag and event.buttons[0]:
                self.scroll_log_to(event.pos[1])
            else:
                self.log_drag = False
        elif event.type == pygame.MOUSEBUTTONUP:
            self.log_drag = False
        elif event.type == pygame.MOUSEBUTTONDOWN and LOG.collidepoint(event.pos):
            if event.button == 1 and LOG_BAR.inflate(8, 0).collidepoint(event.pos):
                self.log_drag = True  # the scroll bar: jump there, then drag
                self.scroll_log_to(event.pos[1])
        elif event.type == pygame.MOUSEWHEEL and LOG.collidepoint(self.mouse):
            self.log_scroll += 3 * event.y  # the wheel over the log scrolls it
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                hand = self.hand_at(event.pos)
                at = self.board.hex_at(event.pos)
                if hand is not None:
                    self.click_hand(*hand)
                elif at is not None:
                    self.click_hex(at)
            elif event.button == 3:
                self.undo()
        elif event.type == pygame.MOUSEWHEEL:  # (the wheel's legacy buttons 4 and 5 are ignored)
            if event.y:
                self.rotate(-1 if event.y > 0 else 1)
        elif event.type == pygame.KEYDOWN:
            keys.dispatch(self.keymap(), self, event)

    def keymap(self) -> tuple[keys.Binding, ...]:
        """The keys of the scene's mode now: giving points, a Mercenary offered, the turn."""
        if self.model.actions_of("credit"):
            return keys.CREDIT_KEYS
        if self.offer_options():
            return keys.OFFER_KEYS
        return keys.PLAY_KEYS

    def scroll_log_to(self, y: int) -> None:
        """Scroll the log so that the scroll bar's thumb is centred at ``y``."""
        self.game_log.scroll_to(y)

    def shown_tools(self) -> list[widgets.Button]:
        """The tool buttons on show now (a human's turn only), enabled when they can act."""
        if not self.human_to_move():
            return []
        self.undo_button.enabled = self.can_take_back()
        self.hint_button.enabled = self.hint_thinker is None
        self.danger_button.selected = self.danger
        if not self.helpers_allowed():  # the plain game (a setting)
            return [self.undo_button]
        return list(self.tools)

    def _rebuild_buttons(self) -> None:
        self.panel.rebuild()

    def shown_procedures(self) -> list[widgets.Button]:
        """The procedure buttons (the Duel board, a human's main step)."""
        return self.panel.shown_procedures()

    def give_credit(self, action: int) -> None:
        """A point given (a row of the panel, or its number)."""
        self.clear_choice()
        self.app.sounds.play("click")
        self.apply(action)
