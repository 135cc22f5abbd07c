"""The game scene's helpers (a setting turns them off): the danger view and the AI's hint.

The danger view shows what a battle now would do: which units die, how much each HQ loses,
which hexes are hit or netted. It is the engine's battle fought on a copy
(``Position.resolve_battle``); while a tile is held over a hex, the copy has the tile there
(the place action applied to a clone of the game first). The hint asks a bot, on a clone of the
game and in the background (a :class:`Thinker`), what it would play, and shows it without
playing it.
"""

from __future__ import annotations

from typing import Any

from nshex_pygame.client import widgets
from nshex_pygame.client.ai import Thinker, make_bot
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import as_hex
from nshex_pygame.client.words import action_hexes, action_words, and_list, unit_words
from nshex_pygame.core import EngineError, IllegalActionError

HINT_BOT = "medium"


class GameHelpers:
    """The danger view and the hint (mixed into :class:`GameScene`)."""

    def helpers_allowed(self) -> bool:
        return bool(self.app.settings.helpers)

    # --- the danger view ----------------------------------------------------------------------

    def toggle_danger(self) -> None:
        if not self.helpers_allowed():
            return
        self.danger = not self.danger
        self.app.sounds.play("click")

    def preview_action(self) -> int | None:
        """The place or move the ghost tile stands for (a hex and a facing chosen or hovered)."""
        if not self.human_to_move() or self.ai_show is not None:
            return None
        ghost = self.preview()
        if ghost is None:
            return None
        tile, at, facing, _alpha = ghost
        source = self.partial.get("from")
        for action, desc in self.legal:
            kind = desc.get("kind")
            if desc.get("facing") != facing:
                continue
            if kind == "place" and desc.get("tile") == tile and as_hex(desc["at"]) == at:
                return action
            if (
                kind in ("move", "mobility", "transport")
                and source is not None
                and as_hex(desc["from"]) == source
                and as_hex(desc["to"]) == at
            ):
                return action
        return None

    def danger_view(self) -> dict[str, Any] | None:
        """What a battle now would do (with the held tile put down, when one is): ``dies``
        (hexes), ``hit`` (hexes), ``netted`` (hexes), ``hq_loss`` (per seat), ``words``."""
        if not (self.danger and self.helpers_allowed()):
            return None
        action = self.preview_action()
        key = (self.version, action)
        if key not in self.danger_cache:
            self.danger_cache.clear()
            self.danger_cache[key] = self._fight_on_a_copy(action)
        return self.danger_cache[key]

    def _fight_on_a_copy(self, action: int | None) -> dict[str, Any] | None:
        try:
            if action is None:
                position = self.game.position
            else:
                game = self.game.clone()
                game.apply_action(action)
                if game.battles != self.game.battles:
                    return None  # putting it down starts the battle itself: the playback shows it
                position = game.position
            result = position.resolve_battle()
            analysis = position.analysis()
        except (EngineError, IllegalActionError, ValueError):
            return None
        before = {as_hex(u["at"]): u for u in position.units}
        after = {as_hex(u["at"]): u for u in result.units}
        dies = [at for at in before if at not in after or after[at]["tile"] != before[at]["tile"]]
        hit: set[Hex] = set()
        for phase in result.phases:
            for event in phase.get("events") or []:
                if event.get("kind") in ("hit", "hq_damage") and event.get("at") is not None:
                    hit.add(as_hex(event["at"]))
        hq_loss = [max(0, b - a) for b, a in zip(position.hq_hp, result.hq_hp, strict=False)]
        netted = {as_hex(a["at"]) for a in analysis if a.get("netted")}
        parts = [
            f"{self.seat_name(seat)} HQ -{loss}"
            for seat, loss in enumerate(hq_loss)
            if loss and seat < len(self.armies)
        ]
        names = [unit_words(before, at, None) for at in dies]
        if len(names) > 2:  # the crosses on the board name them
            parts.append(f"{len(names)} units die")
        elif names:
            parts.append(f"{and_list(names)} {'dies' if len(names) == 1 else 'die'}")
        held = " with it there" if action is not None else ""
        words = f"A battle now{held}: " + ("; ".join(parts) if parts else "nothing would change")
        return {"dies": dies, "hit": hit, "netted": netted, "hq_loss": hq_loss, "words": words}

    # --- the hint -----------------------------------------------------------------------------

    def hint_bot_name(self) -> str:
        """The game's computer level when a computer plays, else Medium."""
        for seat in self.seats:
            if not seat.is_human:
                return seat.player
        return HINT_BOT

    def ask_hint(self) -> None:
        if not self.helpers_allowed() or not self.human_to_move():
            return
        if self.hint_thinker is not None and self.hint_thinker.busy:
            return
        bot, _problem = make_bot(self.hint_bot_name(), self.seed + 101)
        self.hint_thinker = Thinker(bot)
        self.hint_version = self.version
        self.hint = None
        self.hint_thinker.start(self.game)
        self.say("Thinking of a hint...", info=True)

    def update_hint(self) -> None:
        thinker = self.hint_thinker
        if thinker is None or not thinker.done:
            return
        action = thinker.take()
        self.hint_thinker = None
        if thinker.error is not None:
            self.say(f"No hint: {thinker.error}")
            return
        if action is None or self.hint_version != self.version:
            return  # the game moved on meanwhile
        if action not in {a for a, _d in self.legal}:
            return
        desc = self.game.describe_action(action)
        self.hint = (action, desc)
        self.say(f"Hint: {action_words(desc, self.units, self.mover, self.armies)}", info=True)

    def hint_hexes(self) -> list[Hex]:
        if self.hint is None:
            return []
        desc = self.hint[1]
        return list(action_hexes(desc))  # (a point given names a seat, no hex)

    def hint_colour(self) -> tuple[int, int, int]:
        return widgets.GOOD
