"""The game scene's words: the prompt, what to do with the tile held, and why a click does
nothing.

Every reason comes from the engine when it can give one (``string_to_action`` refusing an
action says why); nothing here re-implements a rule. :class:`GameInfo` is a part the scene
holds: it reads the scene's model and the little of the scene's flow it names in
:class:`InfoHost`, and changes nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

from nshex_pygame.client import tileart
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import (
    BOMB,
    INSTANT_KINDS,
    as_hex,
    plain_reason,
)
from nshex_pygame.client.scenes.game.model import GameModel, Legal
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import (
    and_list,
    army_name,
    hex_of,
    plural,
    seat_label,
    tile_name,
)
from nshex_pygame.core import CHANCE, Game, IllegalActionError

# What the player does at each stage that is not the turn's main step, after the seat's name.
STAGE_PROMPTS = {
    "hire": "hire a Mercenary (click one on the right)",
    "mercenary": "take a Mercenary instead of a deck tile?",
    "discard": "your hand is full: discard one tile",
    "push_to": "choose where your pushed unit goes",
    "battle_choice": "the battle waits for your choice",
}

# The prompt naming the next hex to click for the tile held ({tile}: its name).
SLOT_PROMPTS = {
    "at": "where does {tile} go? (lit hexes)",
    "from": "{tile}: which of your units?",
    "to": "{tile}: to which hex?",
    "target": "{tile}: on which target?",
}

# The step-by-step hint for the tile held, by the next hex to click ({tile}: its name).
SLOT_HINTS = {
    "at": "{tile}: click a lit hex to put it there. It starts as printed, top edge up; you turn"
    " it next.",
    "from": "{tile}: click one of your lit units.",
    "to": "{tile}: click the lit hex it goes to.",
    "target": "{tile}: click a lit target.",
    BOMB: "{tile}: click three lit hexes that touch each other, one by one (right click takes"
    " one back), then click one of them again or press Enter.",
}


def spoken(name: str, table: dict[str, str], key: Any, tile: str = "") -> str | None:
    """The row ``key`` of a table of words, said by ``name`` (``"Borgo: "``, none when
    empty), ``{tile}`` in it read as ``tile``; None when the table has no such row."""
    words = table.get(key) if isinstance(key, str) else None
    if words is None:
        return None
    words = words.replace("{tile}", tile)
    return f"{name}: {words}" if name else words


class InfoHost(Protocol):
    """What the words read of the game scene besides its model: the game, the seats and
    armies, whose move it is, the Duel board, and the tile the player holds."""

    model: GameModel
    game: Game
    seats: list[SeatSetup]
    armies: list[str]

    def human_to_move(self) -> bool: ...
    def energy_in_play(self) -> bool: ...
    def selected_tile(self) -> str | None: ...


class GameInfo:
    """What the game scene says in words, a part the scene holds (``host``)."""

    def __init__(self, host: InfoHost) -> None:
        self.host = host
        self.model = host.model

    def _candidates(self) -> Legal:
        return self.model.candidates(self.host.selected_tile())

    def own_wounders(self) -> list[str]:
        """The names of the answering seat's own units that wounded its own HQ in the last
        battle (read off the engine's log of it: a hit on the HQ from the seat's own unit)."""
        battle = self.host.game.last_battle() or {}
        before = {as_hex(u["at"]): u for u in battle.get("before") or []}
        seat = self.model.mover
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
        left = self.model.credits_left()
        if any(d.get("to") == self.model.mover for _a, d in self.model.actions_of("credit")):
            return f"{who} wounded your own HQ, but every opponent is at 20: the points are lost"
        return f"{who} wounded your own HQ: give {plural(left, 'point')} to opponents"

    def computer_credit_words(self) -> str:
        """``its Clown wounded its own HQ: it gives 2 points to opponents``."""
        names = self.own_wounders()
        who = f"its {and_list(names)}" if names else "its own units"
        points = plural(self.model.credits_left(), "point")
        return f"{who} wounded its own HQ: it gives {points} to opponents"

    def credit_hint(self) -> str:
        n = len(self.model.actions_of("credit"))
        keys = "1" if n == 1 else f"1-{min(n, 9)}"
        return f"First give your points: click a choice on the right (or press {keys})."

    def seat_name(self, seat: int) -> str:
        """``Player 3 (Outpost)`` with three or four seats, or two seats of one army; else the
        army's name (:func:`seat_label`): who a prompt or a log line speaks of."""
        return seat_label(self.host.armies, seat)

    def seat_words(self, seat: int) -> str:
        """``Vegas (Player 2)``: who answers, when two people share the screen (the seat's
        number said even when the armies differ); else :meth:`seat_name`."""
        name = self.seat_name(seat)
        humans = sum(1 for s in self.host.seats if s.is_human)
        if humans > 1 and name == army_name(self.host.armies[seat]):
            return f"{name} (Player {seat + 1})"
        return name

    def prompt(self) -> str:
        """The headline: whose move it is and what they are to do now."""
        if self.host.game.is_terminal():
            return "The game is over."
        mover = self.model.mover
        if mover == CHANCE:
            return "Drawing tiles..."
        if not self.host.seats[mover].is_human:
            return self._computer_prompt()
        if self.model.actions_of("credit"):
            return f"{self.seat_words(mover)}: {self.credit_words()}"
        return self._answer_prompt() or self._turn_prompt()

    def _computer_prompt(self) -> str:
        """``Moloch (computer) is playing``, ``Player 2 (Moloch, computer) ...``."""
        name = self.seat_name(self.model.mover)
        who = f"{name[:-1]}, computer)" if name.endswith(")") else f"{name} (computer)"
        if self.model.rotation_due() is not None:
            return f"{who} answers its takeover"
        if self.model.view.get("credits") and self.model.credits_left():
            return f"{who}: {self.computer_credit_words()}"
        return f"{who} is playing"

    def _answer_prompt(self) -> str | None:
        """A takeover to turn, a procedure under way, an exchange offered: what to do."""
        mover, name = self.model.mover, self.seat_name(self.model.mover)
        due = self.model.rotation_due()
        if due is not None:
            unit = self.model.units.get(as_hex(due["at"]))
            taken = tile_name(str(unit["tile"])) if unit else "unit"
            turn = self.model.view.get("to_move")
            when = (
                f", in {self.seat_name(int(turn))}'s turn"
                if isinstance(turn, int) and turn != mover
                else ""
            )
            return (
                f"{self.seat_words(mover)}{when}: you took the {taken}: turn it (click, Q/E,"
                " confirm) or keep it (K)"
            )
        procedure = self.model.partial.get("procedure")
        if procedure:
            slot = self.model.next_slot(self._candidates())
            what = {
                "at": "which of your Links?",
                "from": "which of your Links?",
                "to": "and which other Link?" if procedure != "push" else "where?",
                "target": "on which enemy?",
            }.get(str(slot), "turn it (Q/E; A/D the other), then confirm")
            return f"{name}: {str(procedure).capitalize()} procedure: {what}"
        exchanges = any(d.get("kind") == "exchange" for _a, d in self.model.legal)
        if self.host.energy_in_play() and exchanges and self.model.stage == "main":
            history = self.host.game.history()
            if history and history[-1].startswith("exchange "):  # one exchanged already
                have = self.model.energy(mover)
                return (
                    f"{name}: {have} energy now; exchange another tile (select it, Exchange),"
                    " or play"
                )
            return (
                f"{name}: you may exchange a tile for 1 energy now (select it, Exchange), then play"
            )
        return None

    def _turn_prompt(self) -> str:
        """The turn's steps: the stage's question, else what the tile held needs next."""
        model = self.model
        name, stage = self.seat_name(model.mover), model.stage
        if stage in ("hire", "mercenary"):
            return spoken(name, STAGE_PROMPTS, stage) or ""
        if model.unlucky_pick is not None:
            return (
                f"{name}: unlucky draw: click the three drawn instants to give back"
                f" ({len(model.unlucky_pick)} of 3)"
            )
        if stage == "place_hq":
            if "at" in model.partial and len(model.facings(self._candidates())) > 1:
                return f"{name}: turn your HQ (wheel, Q/E), then click it again"
            return f"{name}: place your HQ on a lit hex, then click it again"
        staged = spoken(name, STAGE_PROMPTS, stage)
        if staged:
            return staged
        tile = self.host.selected_tile()
        if tile is None and model.partial.get("kind") == "rotate":
            if "at" not in model.partial:
                return f"{name}: HQ rotation: which of your units? (lit hexes)"
            return f"{name}: HQ rotation: turn it (wheel, Q/E), then click it again or Enter"
        if tile is None:
            if any(d.get("kind") == "rotate" for _a, d in model.legal):
                return (
                    f"{name}: pick a tile from your hand, click a unit for the HQ to turn,"
                    " or end the turn"
                )
            return f"{name}: pick a tile from your hand, move a unit, or end the turn"
        cands = self._candidates()
        slot = model.next_slot(cands)
        tname = tile_name(tile)
        if slot == BOMB:
            chosen = len(model.partial.get(BOMB, ()))
            return f"{name}: {tname}: three hexes that touch each other ({chosen} of 3 chosen)"
        named = spoken(name, SLOT_PROMPTS, slot, tname)
        if named:
            return named
        if cands and slot is None:
            if model.facings(cands):
                return f"{name}: turn it (wheel, Q/E), then click again or press Enter"
            return f"{name}: click again or press Enter to confirm"
        return f"{name}: {tname}"

    def selected_hint(self) -> str:
        """What to do with the selected tile, step by step (its rules are in its hover box)."""
        tile = self.host.selected_tile()
        if tile is None:
            return ""
        name = tile_name(tile)
        if self.model.stage == "discard":
            return f"Click {name} again (or Discard) to discard it, or pick another tile."
        cands = self._candidates()
        if not cands:
            return f"{name} cannot be used now. Hover it to read what it does."
        slot = self.model.next_slot(cands)
        kind = cands[0][1].get("kind")
        if kind == "battle":
            return f"{name}: click it again (or Start battle) to fight the battle now."
        hint = spoken("", SLOT_HINTS, slot, name)
        if hint:
            return hint
        if self.model.facings(cands):
            return (
                f"{name}: turn it with the wheel or Q/E (it starts as printed, top edge up),"
                " then click it again or press Enter."
            )
        return f"{name}: click again or press Enter to confirm."

    def unusable(self, seat: int, index: int) -> str | None:
        """Why the tile at ``index`` of ``seat``'s hand cannot be played now, when the engine
        lists no legal action that plays it on the mover's main step (it is greyed out; it may
        still be discarded if the engine allows); else None."""
        model = self.model
        if not self.host.human_to_move() or seat != model.mover or model.stage != "main":
            return None
        hand = model.hand(seat)
        if index >= len(hand) or model.tile_uses(hand[index], play=True):
            return None
        tile = hand[index]
        name = tile_name(tile)
        kind = INSTANT_KINDS.get(tile.partition(".")[2])
        enemies = [u["at"] for u in model.view["units"] if u["seat"] != seat]
        lines = {
            "battle": ["play battle"],
            "sniper": [f"play sniper {q},{r}" for q, r in enemies],
            "grenade": [f"play grenade {q},{r}" for q, r in enemies],
            "air_strike": [f"play air_strike {q},{r}" for q, r in enemies],
        }.get(str(kind), [])
        for line in lines:  # the engine's own reason, asked about a likely target
            reason = self.engine_reason(line)
            if reason:
                return f"{name} cannot be played now: {reason}"
        return f"{name} has no legal use now (no target it can reach)."

    def stage_hint(self) -> str:
        stage = self.model.stage
        if stage == "discard":
            return "your hand is full: discard one first."
        if stage == "push_to":
            return "the pushed unit's owner must choose where it goes."
        if stage == "place_hq":
            return "place your HQ first."
        if stage in ("hire", "mercenary"):
            return "first answer the Mercenaries on the right."
        return "no legal action uses it."

    def why_not_move(self, at: Hex) -> str:
        line = f"mobility {at[0]},{at[1]} -> {at[0]},{at[1]} 0"
        reason = self.engine_reason(line)
        unit = self.model.units.get(at)
        name = tile_name(unit["tile"]) if unit else "This unit"
        return f"{name} cannot move by itself now" + (f": {reason}" if reason else ".")

    def procedure_reason(self, name: str) -> str | None:
        """Why a procedure (or buying energy: ``"buy"``) cannot be done now, in the engine's
        words: the engine asked about one use of it on the terminals."""
        if name == "buy":
            return self.engine_reason("buy 1")
        hexes = [f"{int(q)},{int(r)}" for q, r in self.model.view.get("terminals") or []]
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
        return self.engine_reason(line) if line else None

    def engine_reason(self, line: str) -> str | None:
        """The engine's reason for refusing the action ``line``, if it refuses it."""
        try:
            self.host.game.string_to_action(line)
        except IllegalActionError as exc:
            return plain_reason(exc)
        except Exception:
            return None
        return None

    def explain(self, at: Hex) -> str:
        """Why a click on ``at`` does nothing: the engine's reason when one can be asked."""
        model = self.model
        tile = self.host.selected_tile()
        line, said = self._line_at(at, tile)
        if said:
            return said
        reason = self.engine_reason(line) if line else None
        if reason:
            return reason
        if not model.legal:
            return "Nothing to do here now."
        if tile is None and model.stage == "main":
            return "Pick a tile from your hand first (or click a unit that can move)."
        if model.stage == "discard":
            return "Your hand is full: discard one first (click it in your hand)."
        return "No legal action uses this hex now."

    def _line_at(self, at: Hex, tile: str | None) -> tuple[str | None, str]:
        """The action a click on ``at`` would most likely have meant, as a line to ask the
        engine about; or (None, what to say instead)."""
        model = self.model
        q, r = at
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            return f"place {tile} {q},{r} {model.facing}", ""
        if tile is not None:
            kind = INSTANT_KINDS.get(tile.partition(".")[2])
            if kind in ("sniper", "grenade", "air_strike"):
                return f"play {kind} {q},{r}", ""
            if kind == "move" and "from" in model.partial:
                f = model.partial["from"]
                return f"play move {f[0]},{f[1]} -> {q},{r} {model.facing}", ""
            if kind == "push_back" and "from" in model.partial:
                f = model.partial["from"]
                return f"play push_back {f[0]},{f[1]} -> {q},{r}", ""
            if kind == "battle":
                return None, "Battle needs no target: click the tile again or press Start battle."
            return None, ""
        if model.stage == "place_hq":
            return f"hq {q},{r}", ""
        if model.stage == "push_to":
            return f"push_to {q},{r}", ""
        return None, ""
