"""What the battle scene shows and how far it has got: :class:`BattleModel`.

The scene changes it (its timing, its controls, a question's flow); the words
(:mod:`.info`), the drawing (:mod:`.draw`) and the input (:mod:`.input`) read it.
"""

from __future__ import annotations

from typing import Any

import pygame

from nshex_pygame.client.armystyle import MAD_BOMBER, seat_of
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.battle.layout import (
    ANSWER_GRACE,
    CONTROLS_RECT,
    DURATIONS,
    Option,
)
from nshex_pygame.client.scenes.battle.playback import (
    Leg,
    Playback,
    Step,
    as_hex,
    chain_seconds,
    redirect_chain,
)
from nshex_pygame.client.words import BattleBoard

Colour = tuple[int, ...]


class BattleModel:
    """The battle being played back: the playback and its clock, the pause and the speed, the
    log, the seats' panels, and the open question with its answer rows."""

    def __init__(self, armies: list[str], playback: Playback, on_board: set[Hex]) -> None:
        self.armies = armies
        self.on_board = on_board  # the board's hexes (where a redirected copy may fly)
        self.playback = playback
        self.names = BattleBoard(armies, playback.before)
        self.clock = 0.0  # seconds the scene has run
        self.elapsed = 0.0  # seconds (at speed 1) into the current step
        self.paused = False
        self.stop_at_phase: int | None = None  # playing one phase: pause at the next banner
        self.speed_index = 1
        self.finished = False
        self.close_after = 2.5  # seconds a finished battle stays before it closes
        self.log: list[tuple[str, Colour]] = []
        self.mouse: tuple[int, int] = (0, 0)
        # the seats' panels: the piles as the battle began, the seat whose action started it
        self.start_discards: list[list[str]] = []
        self.to_move: int | None = None
        # the open question (None: none), its rows and panel, what it waits for
        self.question: dict[str, Any] | None = None
        self.options: list[Option] = []
        self.question_rect = pygame.Rect(CONTROLS_RECT)
        self.problem = ""
        self.asked_for = 0.0  # seconds the open question has been on screen
        self._chains: dict[int, list[Leg]] = {}

    # --- time ------------------------------------------------------------------------------------

    def duration(self, step: Step | None) -> float:
        """Seconds (at speed 1) the step is shown; 0 for a step not shown."""
        if step is None:
            return 0.0
        if step.kind == "netted" and step.event is not None:
            # nets are reported every phase: show only the first time
            p = step.phase
            if p > 0 and as_hex(step.event["at"]) in self.playback.phase_netted.get(p - 1, set()):
                return 0.0
        if step.kind == "redirected" and step.group:
            return chain_seconds(self.chain_of(step))  # the whole path, a hex at a time
        return DURATIONS.get(step.kind, 0.3)

    def chain_of(self, step: Step) -> list[Leg]:
        """A redirected shot's path (worked out once per step)."""
        if id(step) not in self._chains:
            events = self.playback.phases[step.phase].get("events") or []
            self._chains[id(step)] = redirect_chain(events, step.group or [], self.on_board)
        return self._chains[id(step)]

    def progress(self) -> float:
        """How far into the current step, from 0 to 1."""
        need = self.duration(self.playback.current)
        return 1.0 if need <= 0 else min(1.0, self.elapsed / need)

    # --- the question ----------------------------------------------------------------------------

    def holds(self) -> bool:
        """Whether the playback has reached the question it waits at (its last step)."""
        return self.question is not None and self.playback.index >= len(self.playback.steps) - 1

    @property
    def asking(self) -> bool:
        """The battle so far is shown and the question is open."""
        return self.holds() and not self.finished

    @property
    def ready(self) -> bool:
        """Asking, and long enough that a click is meant for this question (not a double
        click on the one before)."""
        return self.asking and self.asked_for >= ANSWER_GRACE

    def hover(self, pos: tuple[int, int]) -> None:
        """The pointer is at ``pos``: the answer row under it is lit."""
        self.mouse = pos
        for option in self.options:
            option.hover = option.rect.collidepoint(pos)

    # --- the board -------------------------------------------------------------------------------

    def acting(self) -> set[Hex]:
        """The units that attack or explode in the current phase."""
        step = self.playback.current
        if step is None or self.finished:
            return set()
        events = self.playback.phases[step.phase].get("events") or []
        return {as_hex(e["at"]) for e in events if e.get("kind") in ("attack", "explode")}

    def unit_at(self, at: Hex) -> dict[str, Any] | None:
        """The unit on ``at`` now, or (gone already) as the battle began."""
        unit = self.playback.units.get(at)
        if unit is None:
            unit = next((u for u in self.playback.before if as_hex(u["at"]) == at), None)
        return unit

    def army_at(self, at: Hex) -> str:
        """The army of the unit on ``at`` (its colours for the effects)."""
        return self.army_of(self.playback.units.get(at))

    def army_of(self, unit: dict[str, Any] | None) -> str:
        """A unit's army (its colours for the effects); "" for a neutral one (grey)."""
        seat = seat_of(unit) if unit else 0
        return self.armies[seat] if seat is not None and 0 <= seat < len(self.armies) else ""

    # --- the seats' panels -----------------------------------------------------------------------

    def discards_at_start(self, view: dict[str, Any]) -> list[list[str]]:
        """The discard piles as the battle began, from the game's ``view``. That view is
        either mid-battle (a question waits: the engine discards the dead when the battle
        ends) or after it (then this battle's dead are taken back off the piles)."""
        piles = [list(pile) for pile in view.get("discards") or []]
        if (view.get("stage") or {}).get("kind") == "battle_choice":
            return piles
        for event in reversed(self.playback.all_removals()):
            seat, tile = event.get("seat"), event.get("tile")
            if isinstance(seat, int) and 0 <= seat < len(piles) and tile in piles[seat]:
                pile = piles[seat]
                del pile[len(pile) - 1 - pile[::-1].index(tile)]
        return piles

    def panels(self) -> dict[str, Any]:
        """What the seats' panels show at this step: the discard piles growing as the dead are
        removed, the seat that started the battle lit."""
        piles = [list(pile) for pile in self.start_discards]
        for event in self.playback.removed:
            seat = event.get("seat")
            if event.get("tile") == MAD_BOMBER:
                continue  # it goes on top of a deck, never onto a pile (the game scene shows it)
            if isinstance(seat, int) and 0 <= seat < len(piles) and event.get("tile"):
                piles[seat].append(str(event["tile"]))
        out: dict[str, Any] = {"discards": piles}
        if self.to_move is not None:
            out["to_move"] = self.to_move
        return out


def nets_after(view: dict[str, Any], phases: list[dict[str, Any]]) -> set[Hex] | None:
    """The nets that hold after the battle, from the game's ``view`` when that view is the
    board after it (its units are the log's last board); None when unknown."""
    last = (phases[-1].get("after") or {}) if phases else {}
    after = {as_hex(u["at"]) for u in last.get("units") or []}
    shown = {as_hex(u["at"]) for u in view.get("units") or []}
    if not after or shown != after:
        return None
    return {as_hex(e["at"]) for e in view.get("board_effects") or [] if e.get("netted")}
