"""The game scene's model: what the scene knows of the game (the engine's view of it, read
once per change) and what the player has chosen so far (a hand tile, hexes, facings).

The scene owns one :class:`GameModel`; the views read it and the input changes it through its
methods. Nothing here decides a rule: the choices only narrow the engine's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nshex_pygame.client import tileart
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import (
    BOARD_KINDS_WITHOUT_TILE,
    BOMB,
    HEX_SLOTS,
    INSTANT_KINDS,
    PROCEDURE_SLOTS,
    SELF_MOVES,
    SLOTS,
    as_hex,
)

Legal = list[tuple[int, dict[str, Any]]]

# The hexes chosen last, in the order an undo takes them back.
CHOSEN_HEXES = ("to", "target", "at", "from")


@dataclass
class GameModel:
    """The engine's view of the game now (``read``) and the player's choice under way."""

    view: dict[str, Any] = field(default_factory=dict)
    mover: int = -1
    units: dict[Hex, dict[str, Any]] = field(default_factory=dict)
    effects: dict[Hex, dict[str, Any]] = field(default_factory=dict)
    netted: set[Hex] = field(default_factory=set)
    eliminated: set[int] = field(default_factory=set)
    analysis: dict[Hex, dict[str, Any]] = field(default_factory=dict)
    legal: Legal = field(default_factory=list)  # (narrowed by a lesson or a puzzle)
    # the choice under way
    selected: int | None = None  # index in the mover's hand
    partial: dict[str, Any] = field(default_factory=dict)
    # the unlucky draw with Reinforcements: the hand tiles named so far (None: not naming)
    unlucky_pick: list[int] | None = None
    facing: int = 0
    facing2: int = 0  # a Swap's second unit

    def read(self, game: Any) -> None:
        """The engine's view of ``game`` now (the legal actions are the scene's to fill)."""
        self.view = game.view()
        self.mover = game.current_player()
        self.effects = {as_hex(e["at"]): e for e in self.view.get("board_effects") or []}
        self.netted = {at for at, e in self.effects.items() if e.get("netted")}
        self.units = {as_hex(u["at"]): u for u in self.view["units"]}
        self.eliminated = {int(s) for s in self.view.get("eliminated") or []}
        self.analysis = {as_hex(a["at"]): a for a in game.position.analysis()}
        self.legal = []

    @property
    def stage(self) -> str:
        return str(self.view.get("stage", {}).get("kind", ""))

    def hand(self, seat: int) -> list[str]:
        hands = self.view.get("hands") or []
        return list(hands[seat]) if seat < len(hands) else []

    def actions_of(self, *kinds: str) -> Legal:
        """The legal actions of these kinds (the Mercenaries offered: ``hire``, ``mercenary``;
        the points to give: ``credit``; ...)."""
        return [(a, d) for a, d in self.legal if d.get("kind") in kinds]

    def rotation_due(self) -> dict[str, Any] | None:
        """The takeover rotation the game waits for (the seat that took the unit answers it,
        maybe not the seat whose turn it is), if any."""
        rotations = self.view.get("rotations") or []
        if not rotations or self.mover < 0:
            return None
        return next((r for r in rotations if int(r["seat"]) == self.mover), None)

    def credits_left(self) -> int:
        """The points the seat to answer must still give away (the engine's ``credits``)."""
        credits = self.view.get("credits") or {}
        left = credits.get("left") or []
        return int(left[self.mover]) if 0 <= self.mover < len(left) else 0

    def energy(self, seat: int) -> int:
        """The seat's energy on the Duel board (0 elsewhere)."""
        energy = list(self.view.get("energy") or [])
        return int(energy[seat]) if seat < len(energy) else 0

    def tile_uses(self, tile: str, *, play: bool = False) -> list[dict[str, Any]]:
        """The legal actions that use ``tile`` from the hand (``play``: not counting
        discarding it)."""
        instant = INSTANT_KINDS.get(tile.partition(".")[2])
        is_instant = tileart.info_of(tile).get("kind") == "instant"
        return [
            d
            for _a, d in self.legal
            if (d.get("tile") == tile or (is_instant and d.get("kind") == instant))
            and not (play and d.get("kind") == "discard")
        ]

    # --- the choice under way ------------------------------------------------------------

    def clear_choice(self) -> None:
        self.selected = None
        self.partial = {}
        self.unlucky_pick = None

    def step_back(self) -> bool:
        """Take back the last unconfirmed choice; False if there was none."""
        if self.unlucky_pick is not None:
            if self.unlucky_pick:
                self.unlucky_pick.pop()
            else:
                self.unlucky_pick = None
            return True
        if self.partial.get(BOMB):
            self.partial[BOMB] = self.partial[BOMB][:-1]
            return True
        for slot in CHOSEN_HEXES:
            if slot in self.partial:
                del self.partial[slot]
                if not any(k in self.partial for k in CHOSEN_HEXES):
                    self.partial = {}
                return True
        if self.partial:  # a procedure chosen, no hex yet
            self.partial = {}
            return True
        if self.selected is not None:
            self.selected = None
            return True
        return False

    def candidates(self, tile: str | None) -> Legal:
        """The legal actions that agree with everything chosen so far (``tile``: the hand
        tile selected, if any)."""
        procedure = self.partial.get("procedure")
        out = []
        for action, desc in self.legal:
            kind = desc.get("kind")
            if procedure is not None:  # a procedure button was pressed
                if kind != "procedure" or desc.get("procedure") != procedure:
                    continue
            elif tile is not None:
                info = tileart.info_of(tile)
                if info.get("kind") == "instant":
                    wanted = INSTANT_KINDS.get(tile.partition(".")[2])
                    if kind != wanted:
                        continue
                elif not (kind == "place" and desc.get("tile") == tile):
                    continue
            elif kind not in BOARD_KINDS_WITHOUT_TILE:
                continue
            if self.partial.get("kind") and not same_kind(kind, self.partial["kind"]):
                continue
            if any(
                as_hex(desc[slot]) != value
                for slot, value in self.partial.items()
                if slot in HEX_SLOTS and slot in desc
            ):
                continue
            if BOMB in self.partial:  # the Small Bomb: every hex chosen is in its triangle
                triangle = {as_hex(h) for h in desc.get(BOMB) or []}
                if not set(self.partial[BOMB]) <= triangle:
                    continue
            out.append((action, desc))
        return out

    def next_slot(self, cands: Legal) -> str | None:
        for _action, desc in cands:
            for slot in action_slots(desc):
                if slot == BOMB:
                    if len(self.partial.get(BOMB, ())) < len(desc.get(BOMB) or ()):
                        return slot
                elif slot not in self.partial:
                    return slot
        return None

    def slot_hexes(self, cands: Legal, slot: str) -> set[Hex]:
        if slot == BOMB:  # the hexes of the triangles still possible, not yet chosen
            chosen = set(self.partial.get(BOMB, ()))
            return {as_hex(h) for _a, d in cands for h in d.get(BOMB) or []} - chosen
        return {as_hex(d[slot]) for _a, d in cands if slot in d}

    def facings(self, cands: Legal) -> list[int]:
        return sorted({f for _a, d in cands if (f := facing_of(d)) is not None})

    def second_facings(self, cands: Legal) -> list[int]:
        """A Swap's second facing (the unit that was on ``to``), for the facing chosen."""
        return sorted(
            {
                int(d["facings"][1])
                for _a, d in cands
                if "facings" in d and int(d["facings"][0]) == self.facing
            }
        )

    def chosen(self, tile: str | None) -> tuple[int, dict[str, Any]] | None:
        """The one action the choices so far (with the current facing) name, if complete."""
        cands = self.candidates(tile)
        if not cands or self.next_slot(cands) is not None:
            return None
        faces = self.facings(cands)
        if faces:
            if self.facing not in faces:
                return None
            cands = [(a, d) for a, d in cands if facing_of(d) == self.facing]
        if any("facings" in d for _a, d in cands):
            cands = [(a, d) for a, d in cands if int(d["facings"][1]) == self.facing2]
        if not cands:
            return None
        # Mobility first when a Mobility, a Transport and a grant move fit.
        cands.sort(
            key=lambda ad: SELF_MOVES.index(ad[1]["kind"]) if ad[1].get("kind") in SELF_MOVES else 0
        )
        return cands[0]

    def default_facing(self, at: Hex, faces: list[int]) -> int:
        """Every tile starts as printed (facing 0, its top edge up) when that is legal, the
        first legal facing otherwise; a facing the player turned to is kept."""
        if not faces:
            return self.facing
        if self.facing in faces and self.partial.get("rotated"):
            return self.facing
        unit = self.units.get(at)
        turning = ("turn_taken", "rotation", "procedure", "rotate")
        if unit is not None and self.partial.get("kind") in turning:
            # turning a unit where it stands: the next facing from the one it has
            now = int(unit.get("facing", 0))
            return next((f for f in faces if f > now), faces[0])
        return 0 if 0 in faces else faces[0]

    def last_hex(self) -> Hex | None:
        for slot in ("to", "target", "at"):
            if slot in self.partial:
                return self.partial[slot]
        return None


def same_kind(a: Any, b: Any) -> bool:
    return a == b or (a in SELF_MOVES and b in SELF_MOVES)


def action_slots(desc: dict[str, Any]) -> tuple[str, ...]:
    """The hexes of an action in click order."""
    if desc.get("kind") == "procedure":
        return PROCEDURE_SLOTS.get(str(desc.get("procedure")), ())
    return SLOTS.get(str(desc.get("kind")), ())


def facing_of(desc: dict[str, Any]) -> int | None:
    """The facing a choice turns (a Swap's: the first unit's, the one on ``from``)."""
    if "facing" in desc:
        return int(desc["facing"])
    if "facings" in desc:
        return int(desc["facings"][0])
    return None
