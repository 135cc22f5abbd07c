"""The game scene's input: choosing an action from the engine's legal ones with clicks and keys.

The legal actions come from the engine (``legal_actions`` and ``describe_action``); a click
narrows them down (a tile from the hand, then a hex, then a facing, then a confirming click).
:class:`GameInput` is a part the scene holds: it changes the choice under way in the scene's
model and plays a complete choice through the scene (``apply``), reading what
:class:`InputHost` names of the scene.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.ai import Thinker
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game import keys
from nshex_pygame.client.scenes.game.helpers import Helpers
from nshex_pygame.client.scenes.game.info import GameInfo
from nshex_pygame.client.scenes.game.layout import (
    BOMB,
    LOG,
    LOG_BAR,
    PROCEDURE_SLOTS,
    SELF_MOVES,
)
from nshex_pygame.client.scenes.game.log import GameLog
from nshex_pygame.client.scenes.game.model import GameModel, Legal
from nshex_pygame.client.scenes.game.panel import (
    ActionsPanel,
    OfferButton,  # noqa: F401  (tests import it here)
    ProcedureButton,
)
from nshex_pygame.client.words import tile_name


class InputHost(Protocol):
    """What the input reads of the game scene and asks of it: playing an action, saying why
    not, the tile held and the choices it allows, the pointer, the scene's buttons."""

    model: GameModel
    app: Any
    board: BoardView
    info: GameInfo
    helpers: Helpers
    game_log: GameLog
    panel: ActionsPanel
    thinkers: dict[int, Thinker]
    mouse: tuple[int, int]
    message_time: float
    menu_button: widgets.Button
    hurry_button: widgets.Button
    last_battle_button: widgets.Button

    def apply(self, action: int) -> bool: ...
    def say(self, message: str, *, info: bool = False) -> None: ...
    def human_to_move(self) -> bool: ...
    def selected_tile(self) -> str | None: ...
    def candidates(self) -> Legal: ...
    def chosen(self) -> tuple[int, dict[str, Any]] | None: ...
    def clear_choice(self) -> None: ...
    def seat_name(self, seat: int) -> str: ...
    def unusable(self, seat: int, index: int) -> str | None: ...
    def track_mouse(self, pos: tuple[int, int]) -> None: ...
    def hand_at(self, pos: tuple[int, int]) -> tuple[int, int] | None: ...
    def can_watch_last_battle(self) -> bool: ...
    def hint_panel_shown(self) -> bool: ...
    def shown_procedures(self) -> list[ProcedureButton]: ...
    def shown_tools(self) -> list[widgets.Button]: ...
    def press_key(self, event: pygame.event.Event) -> None: ...


class GameInput:
    """Clicks, keys and the actions panel's buttons of the game scene (``scene``)."""

    def __init__(self, scene: InputHost) -> None:
        self.scene = scene
        self.model = scene.model

    # --- the Mercenaries: hired before the HQs, taken instead of a deck tile at a draw -------

    def offer_options(self) -> list[tuple[int, dict[str, Any]]]:
        """The Mercenaries a human seat may hire or take now (the engine's ``hire`` and
        ``mercenary`` actions); empty when none is offered."""
        return self.model.actions_of("hire", "mercenary")

    def deck_draw_option(self) -> int | None:
        """The action that lets the deck fill the rest of the hand (a bare ``draw``)."""
        return next((a for a, _d in self.model.actions_of("deck_draw")), None)

    def take_offer(self, action: int) -> None:
        scene = self.scene
        scene.clear_choice()
        scene.app.sounds.play("click")
        scene.apply(action)

    # --- the unlucky draw with Reinforcements: the player names three drawn instants --------

    def unlucky_choices(self) -> list[tuple[int, dict[str, Any]]]:
        """The engine's unlucky draws that name their three instants (Reinforcements)."""
        return [
            (a, d) for a, d in self.model.legal if d.get("kind") == "unlucky" and d.get("tiles")
        ]

    def start_unlucky(self) -> None:
        """The unlucky draw: played at once when the engine offers one way; with several (the
        three instants to name, Reinforcements) the player clicks them in the hand."""
        scene = self.scene
        choices = self.model.actions_of("unlucky")
        if not choices:
            scene.say("That is not allowed now.")
            return
        if len(choices) == 1:
            scene.apply(choices[0][0])
            return
        scene.clear_choice()
        self.model.unlucky_pick = []
        scene.say("Unlucky draw: click the three drawn instants to give back.", info=True)

    def pick_unlucky(self, index: int) -> None:
        """A hand tile clicked while naming the unlucky draw's three instants: picked (or
        dropped again); the third one that makes a legal choice plays it."""
        scene, model = self.scene, self.model
        hand = model.hand(model.mover)
        if model.unlucky_pick is None or index >= len(hand):
            return
        if index in model.unlucky_pick:
            model.unlucky_pick.remove(index)
            return
        picked = Counter(hand[i] for i in model.unlucky_pick) + Counter([hand[index]])
        fits = [(a, d) for a, d in self.unlucky_choices() if not picked - Counter(d["tiles"])]
        if not fits:
            scene.say(f"{tile_name(hand[index])} cannot be one of the three: name drawn instants.")
            return
        model.unlucky_pick.append(index)
        scene.app.sounds.play("click")
        if len(model.unlucky_pick) == 3:
            exact = [a for a, d in fits if Counter(d["tiles"]) == picked]
            if exact:
                scene.apply(exact[0])

    def rotate(self, step: int, *, second: bool = False) -> None:
        """Turn the tile being placed or moved (``second``: a Swap's other unit)."""
        scene, model = self.scene, self.model
        cands = scene.candidates()
        if second:
            faces = model.second_facings(cands)
            if faces:
                now = faces.index(model.facing2) if model.facing2 in faces else -step
                model.facing2 = faces[(now + step) % len(faces)]
                scene.app.sounds.play("click")
            return
        faces = model.facings(cands)
        if not faces:
            return
        if model.facing not in faces:
            model.facing = faces[0]
        else:
            model.facing = faces[(faces.index(model.facing) + step) % len(faces)]
        model.partial["rotated"] = True
        scene.app.sounds.play("click")

    def _waiting(self) -> bool:
        """A click that cannot choose now (the computer's turn, points to give first): it
        says why and is True."""
        if not self.scene.human_to_move():
            self.scene.say("Wait: it is not a human player's turn.")
            return True
        if self.model.actions_of("credit"):
            self.scene.say(self.scene.info.credit_hint())
            return True
        return False

    def click_hand(self, seat: int, index: int) -> None:
        scene, model = self.scene, self.model
        if self._waiting():
            return
        if self.offer_options():
            scene.say("First answer the Mercenaries on the right: take one, or draw from the deck.")
            return
        if model.unlucky_pick is not None and seat == model.mover:
            self.pick_unlucky(index)
            return
        if seat != model.mover:
            scene.say(f"That tile is in {scene.seat_name(seat)}'s hand; it is not their turn.")
            return
        hand = model.hand(seat)
        if index >= len(hand):
            return
        tile = hand[index]
        if model.selected == index and not model.partial:
            # a second click on the tile: discard it (discard stage) or start the battle
            for action, desc in model.legal:
                if (
                    model.stage == "discard"
                    and desc.get("kind") == "discard"
                    and desc.get("tile") == tile
                ):
                    scene.apply(action)
                    return
                if (
                    desc.get("kind") in ("battle", "terror")
                    and desc.get("tile") == tile
                    and model.stage != "discard"
                ):
                    scene.apply(action)  # an instant without a target
                    return
        uses = model.tile_uses(tile)
        why_not = scene.unusable(seat, index)  # greyed out in the hand
        if why_not and not uses:
            scene.say(why_not)  # nothing at all to do with it: it stays in the hand
            return
        model.selected = index
        model.partial = {}
        model.facing = 0  # a tile picked up starts as printed
        if why_not:
            scene.say(f"{why_not} You may discard it ({keys.key_of('discard')}).")
        elif not uses:
            scene.say(f"{tile_name(tile)} cannot be used now; " + scene.info.stage_hint())
        elif model.stage == "discard":
            scene.say(f"Click {tile_name(tile)} again (or Discard) to discard it.", info=True)
        else:
            scene.message_time = 0
        scene.app.sounds.play("click")

    def click_hex(self, at: Hex) -> None:
        scene, model = self.scene, self.model
        if self._waiting():
            return
        cands = scene.candidates()
        if self._pick_unit_to_turn(at, cands):
            return
        slot = model.next_slot(cands)
        if slot == BOMB:
            if at in model.slot_hexes(cands, slot):
                model.partial.setdefault("kind", "small_bomb")
                model.partial[BOMB] = [*model.partial.get(BOMB, ()), at]
                scene.app.sounds.play("click")
                return
        elif slot is not None:
            hexes = model.slot_hexes(cands, slot)
            if at in hexes:
                model.partial.setdefault("kind", cands[0][1].get("kind"))
                model.partial[slot] = at
                rest = scene.candidates()
                if slot in ("at", "to"):
                    model.facing = model.default_facing(at, model.facings(rest))
                if slot == "to" and any("facings" in d for _a, d in rest):
                    # a Swap: both units keep their facings unless turned (Q/E, A/D)
                    moved = model.partial.get("from")
                    first = model.units.get(moved) if moved is not None else None
                    other = model.units.get(at)
                    model.facing = int(first.get("facing", 0)) if first else model.facing
                    model.facing2 = int(other.get("facing", 0)) if other else 0
                scene.app.sounds.play("click")
                return
        else:
            last = model.last_hex()
            if (last is not None and at == last) or at in model.partial.get(BOMB, ()):
                self.confirm()
                return
        if model.selected is None and not model.partial:
            own = model.units.get(at)
            if own is not None and own.get("controller", own.get("seat")) == model.mover:
                scene.say(scene.info.why_not_move(at))
                return
        scene.say(scene.info.explain(at))

    def _pick_unit_to_turn(self, at: Hex, cands: list[tuple[int, dict[str, Any]]]) -> bool:
        """A click on an own unit with nothing chosen: the Doomsday HQ's rotation of it (a
        unit that can also move by itself moves first, as before; the rotation's button
        still turns it). True when the click chose it."""
        scene, model = self.scene, self.model
        if model.selected is not None or model.partial not in ({}, {"kind": "rotate"}):
            return False
        turns = [(a, d) for a, d in cands if d.get("kind") == "rotate"]
        if not turns:
            return False
        if not model.partial:
            moves = [(a, d) for a, d in cands if d.get("kind") in SELF_MOVES]
            if at in model.slot_hexes(moves, "from"):
                model.partial = {"kind": moves[0][1]["kind"], "from": at}
                scene.app.sounds.play("click")
                return True
        if at not in model.slot_hexes(turns, "at"):
            return False
        model.partial = {"kind": "rotate", "at": at}
        model.facing = model.default_facing(at, model.facings(scene.candidates()))
        scene.say(
            "HQ rotation: turn it with the wheel or Q/E, then click it again (or Enter).",
            info=True,
        )
        scene.app.sounds.play("click")
        return True

    def turn_a_unit(self) -> None:
        """The HQ's rotation button: the units it may turn are lit."""
        scene = self.scene
        if not any(d.get("kind") == "rotate" for _a, d in self.model.legal):
            scene.say("The HQ cannot turn a unit now.")
            return
        scene.clear_choice()
        self.model.partial = {"kind": "rotate"}
        scene.app.sounds.play("click")

    def confirm(self) -> None:
        scene = self.scene
        chosen = scene.chosen()
        if chosen is None:
            cands = scene.candidates()
            if cands and self.model.next_slot(cands) is None and self.model.facings(cands):
                scene.say("That facing is not allowed here; turn the tile with the wheel or Q/E.")
            else:
                scene.say("Choose where first: the legal hexes are lit.")
            return
        scene.apply(chosen[0])

    def undo(self) -> bool:
        """Take back the last unconfirmed choice; False if there was none."""
        return self.model.step_back()

    def press(self, kind: str) -> None:
        """A button: end, unlucky, battle, discard (the selected tile)."""
        scene = self.scene
        refusals = {
            "discard": "Select a tile in your hand to discard.",
            "exchange": "Select a tile in your hand to exchange it for 1 energy.",
        }
        if kind in refusals:  # the tile selected is discarded, or exchanged for energy
            tile = scene.selected_tile()
            for action, desc in self.model.legal:
                if desc.get("kind") == kind and desc.get("tile") == tile:
                    scene.apply(action)
                    return
            scene.say(refusals[kind])
            return
        if kind == "unlucky":
            self.start_unlucky()
            return
        for action, desc in self.model.legal:
            if desc.get("kind") == kind:
                scene.apply(action)
                return
        scene.say("That is not allowed now.")

    def buy(self, n: int) -> None:
        """Pay ``n`` HQ hit points for ``n`` energy (the engine ends the turn)."""
        scene = self.scene
        for action, desc in self.model.legal:
            if desc.get("kind") == "buy" and int(desc.get("n", 0)) == n:
                scene.apply(action)
                return
        scene.say(scene.info.procedure_reason("buy") or "That is not allowed now.")

    def pick_procedure(self, name: str) -> None:
        """A procedure button: its hexes are lit next (a Detonation, without any, is done)."""
        scene = self.scene
        if not scene.human_to_move():
            return
        uses = [(a, d) for a, d in self.model.legal if d.get("procedure") == name]
        if not uses:
            scene.say(scene.info.procedure_reason(name) or "That procedure is not allowed now.")
            return
        scene.clear_choice()
        if not PROCEDURE_SLOTS.get(name):
            scene.apply(uses[0][0])
            return
        self.model.partial = {"kind": "procedure", "procedure": name}
        scene.app.sounds.play("click")

    def handle(self, event: pygame.event.Event) -> None:
        scene = self.scene
        if scene.menu_button.handle(event):
            return
        if scene.helpers.handle_panel_event(event):  # (in the place of the log, with its title row)
            return
        if (
            scene.can_watch_last_battle()
            and not scene.hint_panel_shown()
            and scene.last_battle_button.handle(event)
        ):
            return
        thinker = scene.thinkers.get(self.model.mover)
        if thinker is not None and thinker.can_hurry and scene.hurry_button.handle(event):
            return
        for procedure in scene.shown_procedures():
            if procedure.handle(event):
                if not procedure.enabled:  # greyed out: say why (the engine's words)
                    self.pick_procedure(procedure.procedure)
                return
        for button in [*scene.panel.buttons, *scene.shown_tools()]:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            scene.track_mouse(event.pos)
            if scene.game_log.drag and event.buttons[0]:
                scene.game_log.scroll_to(event.pos[1])
            else:
                scene.game_log.drag = False
        elif event.type == pygame.MOUSEBUTTONUP:
            scene.game_log.drag = False
        elif event.type == pygame.MOUSEBUTTONDOWN and LOG.collidepoint(event.pos):
            if event.button == 1 and LOG_BAR.inflate(8, 0).collidepoint(event.pos):
                scene.game_log.drag = True  # the scroll bar: jump there, then drag
                scene.game_log.scroll_to(event.pos[1])
        elif event.type == pygame.MOUSEWHEEL and LOG.collidepoint(scene.mouse):
            scene.game_log.scroll += 3 * event.y  # the wheel over the log scrolls it
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                hand = scene.hand_at(event.pos)
                at = scene.board.hex_at(event.pos)
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
            scene.press_key(event)

    def keymap(self) -> tuple[keys.Binding, ...]:
        """The keys of the scene's mode now: giving points, a Mercenary offered, the turn."""
        if self.model.actions_of("credit"):
            return keys.CREDIT_KEYS
        if self.offer_options():
            return keys.OFFER_KEYS
        return keys.PLAY_KEYS

    def give_credit(self, action: int) -> None:
        """A point given (a row of the panel, or its number)."""
        scene = self.scene
        scene.clear_choice()
        scene.app.sounds.play("click")
        scene.apply(action)
