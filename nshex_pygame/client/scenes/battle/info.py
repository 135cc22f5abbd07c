"""The battle scene's words: the log, the caption over the board, who decides, the answers.

An event is told with :func:`nshex_pygame.describe.describe_event`, the command line's
wording.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nshex_pygame.client import hexgeo, tileart, widgets
from nshex_pygame.client.scenes.battle.behind import Behind
from nshex_pygame.client.scenes.battle.model import BattleModel
from nshex_pygame.client.scenes.battle.playback import Step, as_hex
from nshex_pygame.client.words import seat_label
from nshex_pygame.describe import describe_event

if TYPE_CHECKING:
    from nshex_pygame.client.sound import Sounds


class BattleWords:
    """What the battle (``model``) says in words; :meth:`log_step` writes a step into the
    model's log, with its sound."""

    def __init__(self, model: BattleModel, behind: Behind, sounds: Sounds) -> None:
        self.model = model
        self.behind = behind
        self.sounds = sounds

    def seat_words(self, seat: int) -> str:
        """Who a seat is: the army, or ``Player 2 (Moloch)`` when the army alone does not tell
        the seats apart (three or four seats, or one army on both)."""
        return seat_label(self.model.armies, seat)

    def points_game(self) -> bool:
        """The points game (the HQs' numbers are points): as the scene behind says."""
        return self.behind.points_game()

    def option_label(self, desc: dict[str, Any]) -> str:
        """An answer to a battle question, as its row says it."""
        kind = desc.get("kind")
        if kind == "clown":
            return "Explode" if desc.get("explode") else "Attack"
        if kind == "convert":
            edge = desc.get("edge")
            if edge is None:
                return "Attack as printed"
            unit = self.model.unit_at(as_hex(desc["at"]))
            edges = tileart.info_of(unit["tile"]).get("edges") or [] if unit else []
            printed = edges[edge] if isinstance(edge, int) and edge < len(edges) else {}
            how = "melee→ranged" if int(printed.get("melee") or 0) > 0 else "ranged→melee"
            return f"Convert edge {edge}: {how}"
        if kind == "medic":
            medic = hexgeo.key(desc["medic"])
            target = hexgeo.key(desc["target"])
            if desc.get("death"):
                return (
                    f"Medic on {medic[0]},{medic[1]} saves the dying medic on"
                    f" {target[0]},{target[1]}"
                )
            source = hexgeo.key(desc["from"])
            names = self.model.names
            return (
                f"Medic on {medic[0]},{medic[1]} takes the attack of {names.unit(source)}"
                f" ({source[0]},{source[1]}) on {names.unit(target)}"
                f" ({target[0]},{target[1]})"
            )
        return str(desc.get("text", kind))

    def waiting_words(self) -> str:
        """What the question panel says when something else than an answer is tried."""
        n = len(self.model.options)
        keys = "1" if n == 1 else f"1-{min(n, 9)}"
        return f"The battle waits for this choice: click one (or press {keys})."

    def log_step(self, step: Step | None) -> None:
        """The step just begun, in the log (with its sound)."""
        if step is None:
            return
        pb = self.model.playback
        log = self.model.log
        phase = pb.phases[step.phase] if pb.phases else {"initiative": 0}
        sounds = self.sounds
        if step.kind == "banner":
            log.append((f"Initiative {phase.get('initiative')}", widgets.ACCENT))
            return
        if step.kind == "control":
            log.append((self.control_words(step), tileart.TAKEOVER))
            return
        if step.kind == "removed":
            for event in step.group or []:
                log.append(
                    (
                        self.describe(phase, event),
                        widgets.BAD,
                    )
                )
            sounds.play("shatter")  # the dead break apart
            return
        if step.kind == "redirected" and step.group:
            for event in step.group:  # the redirected shot: each redirection in words
                log.append((self.describe(phase, event), widgets.TEXT))
            return
        if step.event is None or step.kind in ("attack-idle", "end"):
            return
        if self.model.duration(step) == 0:
            return
        text = self.describe(phase, step.event)
        colour = {
            "hit": (255, 150, 150),
            "hq_damage": (255, 120, 120),
            "armor": tileart.STEEL,
            "save": widgets.GOOD,
            "netted": tileart.NET,
        }.get(step.kind, widgets.TEXT)
        log.append((text, colour))
        if step.kind == "attack":
            sounds.play("shot" if step.event.get("ranged") or step.event.get("gauss") else "hit")
        elif step.kind == "explode":
            sounds.play("explosion")
        elif step.kind == "armor":
            sounds.play("block")
        elif step.kind == "hit":
            sounds.play("hit")
        elif step.kind == "hq_damage":
            sounds.play("hq_hit")  # with the board shaking

    def control_words(self, step: Step) -> str:
        """A change of control between phases in words: who takes which unit, which unit
        goes back to its owner."""
        parts = []
        for change in step.group or []:
            name = self.model.names.unit(change.get("at"))
            seat = change.get("seat")
            if seat is None:
                parts.append(f"{name} is back under its owner")
            else:
                parts.append(f"{name} is now controlled by {self.model.names.seat(int(seat))}")
        return "; ".join(parts)

    def describe(self, phase: dict[str, Any], event: dict[str, Any]) -> str:
        """One event in words (the command line's wording, plus what it does not tell)."""
        if event.get("kind") == "converted":
            other = "melee" if event.get("to") == "ranged" else "ranged"
            return (
                f"{self.model.names.unit(event.get('at'))}: the Quartermaster turns its {other}"
                f" attack into a {event.get('to')} one"
            )
        return describe_event(self.model.names, phase.get("initiative"), event).strip()

    def caption(self) -> str:
        """The line over the board: what is happening now, in words."""
        model = self.model
        pb = model.playback
        step = pb.current
        if model.finished or step is None:
            return "Battle over"
        phase = pb.phases[step.phase] if pb.phases else {"initiative": 0}
        head = f"Battle, initiative {phase.get('initiative')}"
        if model.asking and model.question is not None:
            q = model.question
            who = self.seat_words(int(q["seat"]))
            what = {
                "clown": "does the Clown explode or attack?",
                "convert": "does the Quartermaster convert an attack?",
                "medic": "which attack does the medic take?",
            }.get(str(q["kind"]), "a battle choice")
            return f"{head}: {who} decides: {what}"
        if step.kind == "removed":
            return f"{head}: the dead are removed"
        if step.kind == "control":
            return f"{head}: {self.control_words(step)}"
        if step.event is None or model.duration(step) == 0:
            return head
        text = self.describe(phase, step.event)
        return f"{head}: {text}"
