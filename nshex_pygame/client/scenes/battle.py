"""A battle played back from the engine's log, phase by phase.

:class:`Playback` is the bookkeeping: the board as it stood when the battle began, then each
event of the log applied in order (wounds, HQ damage, removals at the end of the phase). It
knows nothing of drawing, so a test can run a real log through it and compare the board it ends
with to the engine's result. :class:`BattleScene` shows it: a banner for each initiative phase,
the acting units lit, strikes, shots, beams, blocks, saves, explosions, wounds, removals, the HQ
counters, and the log. Space pauses, N plays one phase, + and - change the speed, S skips.

A battle that asks a human player a question (a seat that answers its own battle choices,
RULES-NOTES P-16) is played up to the question from the engine's partial log, then holds
there with the question in the panel on the right; the game scene applies the answer and hands
the scene the next question or the whole battle, and the playback goes on from where it
stopped (:meth:`BattleScene.ask`, :meth:`BattleScene.conclude`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from nshex_pygame.client import hexgeo, tileart, widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.words import BattleBoard, army_name
from nshex_pygame.describe import describe_event

# seconds per step at speed 1
DURATIONS = {
    "banner": 1.1,
    "netted": 0.45,
    "slot_lost": 0.5,
    "attack": 0.75,
    "attack-idle": 0.0,
    "hit": 0.45,
    "armor": 0.6,
    "save": 0.8,
    "explode": 1.0,
    "hq_damage": 0.5,
    "converted": 0.6,
    "removed": 0.7,
    "end": 0.0,
}
LOG_RECT = pygame.Rect(10, 410, 300, 380)
CONTROLS_RECT = pygame.Rect(970, 410, 300, 380)
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
ANSWER_GRACE = 0.3  # seconds a new question is shown before it takes answers (no double clicks)
QUESTION_EDGE = (120, 230, 255)
PANEL_ROW_EDGE = (70, 76, 92)
DIGIT_KEYS = {
    **{pygame.K_1 + i: i + 1 for i in range(9)},
    **{pygame.K_KP1 + i: i + 1 for i in range(9)},
}
EXPLAIN = {
    "clown": (
        "Explode: 1 wound to every adjacent tile, friend or foe, HQs included (armor does not "
        "help); the Clown is removed at the end of this phase. Attack: it attacks as printed."
    ),
    "convert": (
        "A linked Quartermaster lets this unit turn the attack of one printed edge into the "
        "other kind for this attack, once per battle; the new kind gets that kind's bonuses. "
        "If it attacks as printed, it is asked again at its next attack."
    ),
    "medic": (
        "A medic cancels one whole attack on a friendly tile it is linked to and is removed "
        "instead. Which attack does it take? Hover a choice to see it on the board."
    ),
}


def _key(at: Any) -> Hex:
    return int(at[0]), int(at[1])


@dataclass
class Step:
    phase: int  # index into phases
    kind: str
    event: dict[str, Any] | None = None
    group: list[dict[str, Any]] | None = None  # removals shown together


class Playback:
    """The board during a battle, advanced one step of the log at a time."""

    def __init__(
        self,
        before: list[dict[str, Any]],
        phases: list[dict[str, Any]],
        hq_hp: list[int],
    ) -> None:
        self.units: dict[Hex, dict[str, Any]] = {_key(u["at"]): dict(u) for u in before}
        self.before = [dict(u) for u in before]
        self.phases = phases
        self.hq = list(hq_hp)
        self.hq_before = list(hq_hp)
        self.netted: set[Hex] = set()
        self.hits: dict[tuple, int] = {}  # this phase's wounds by (target, attacker, edge)
        self.steps: list[Step] = []
        for p, phase in enumerate(phases):
            self.steps.append(Step(p, "banner"))
            events = list(phase.get("events") or [])
            removals = [e for e in events if e.get("kind") == "removed"]
            for event in events:
                kind = str(event.get("kind"))
                if kind == "removed":
                    continue
                if kind == "attack" and not event.get("targets"):
                    kind = "attack-idle"
                self.steps.append(Step(p, kind, event))
            if removals:
                self.steps.append(Step(p, "removed", group=removals))
        self.steps.append(Step(len(phases) - 1, "end"))
        self.index = 0
        self.phase_netted: dict[int, set[Hex]] = {
            p: {_key(e["at"]) for e in ph.get("events") or [] if e.get("kind") == "netted"}
            for p, ph in enumerate(phases)
        }

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if not self.done else None

    def begin(self, step: Step) -> None:
        """What a step changes as it starts (so the drawing shows the new state)."""
        if step.kind == "banner":
            self.netted = set(self.phase_netted.get(step.phase, set()))
            self.hits: dict[tuple, int] = {}
        event = step.event or {}
        if step.kind == "hit":
            at = _key(event["at"])
            unit = self.units.get(at)
            if unit is not None and tileart.info_of(unit["tile"]).get("kind") != "hq":
                wounds = int(event.get("wounds", 0))
                unit["wounds"] = int(unit.get("wounds", 0)) + wounds
                hit = (at, _key(event["from"]) if event.get("from") else None, event.get("edge"))
                self.hits[hit] = self.hits.get(hit, 0) + wounds
        elif step.kind == "save":
            # the medic cancels that attack: the wounds it was about to deal go away
            at = _key(event["at"])
            source = _key(event["from"]) if event.get("from") else None
            hit = (at, source, event.get("edge"))
            cancelled = self.hits.pop(hit, 0)
            if not cancelled:
                same = [k for k in self.hits if k[0] == at and k[1] == source]
                cancelled = sum(self.hits.pop(k) for k in same)
            # the engine says how many wounds the save cancels; trust it over the bookkeeping
            cancelled = int(event.get("cancelled", cancelled))
            unit = self.units.get(at)
            if unit is not None:
                unit["wounds"] = max(0, int(unit.get("wounds", 0)) - cancelled)
        elif step.kind == "hq_damage":
            seat = int(event["seat"])
            if 0 <= seat < len(self.hq):
                self.hq[seat] = int(event.get("hp", self.hq[seat] - int(event.get("amount", 0))))

    def finish_step(self, step: Step) -> None:
        if step.kind == "removed":
            for event in step.group or []:
                self.units.pop(_key(event["at"]), None)
                self.netted.discard(_key(event["at"]))
        if step.kind == "end":
            self.netted = set()

    def advance(self) -> Step | None:
        """Apply the current step completely and move to the next; returns the new step."""
        step = self.current
        if step is None:
            return None
        self.finish_step(step)
        self.index += 1
        nxt = self.current
        if nxt is not None:
            self.begin(nxt)
        return nxt

    def start(self) -> None:
        if self.current is not None:
            self.begin(self.current)

    def finish(self) -> None:
        while not self.done:
            self.advance()

    def unit_list(self) -> list[dict[str, Any]]:
        return list(self.units.values())


@dataclass
class Option:
    """One answer to a battle question: a row of the question panel."""

    number: int  # 1, 2, ... (the key that picks it)
    action: int  # the engine's action
    label: str
    suggested: bool  # the automatic answer
    desc: dict[str, Any]
    rect: pygame.Rect
    lines: list[str]
    size: int = 15
    bold: bool = True
    hover: bool = False


class BattleScene(Scene):
    scene_name = "battle"

    def __init__(
        self,
        app: Any,
        board: BoardView,
        armies: list[str],
        before: list[dict[str, Any]],
        phases: list[dict[str, Any]],
        hq_before: list[int],
        *,
        backdrop: Any = None,
        result_units: list[dict[str, Any]] | None = None,
        result_hq: list[int] | None = None,
        question: dict[str, Any] | None = None,
        on_answer: Callable[[int], bool] | None = None,
    ) -> None:
        super().__init__(app)
        self.board = board
        self.armies = armies
        self.backdrop = backdrop
        self.playback = Playback(before, phases, hq_before)
        self.names = BattleBoard(armies, before)
        self.result_units = result_units
        self.result_hq = result_hq
        self.question: dict[str, Any] | None = None
        self.on_answer = on_answer
        self.options: list[Option] = []
        self.question_rect = pygame.Rect(CONTROLS_RECT)
        self.problem = ""
        self.clock = 0.0
        self.asked_for = 0.0  # seconds the open question has been on screen
        self.elapsed = 0.0
        self.paused = False
        self.stop_at_phase: int | None = None
        self.speed_index = 1
        self.log: list[tuple[str, tuple[int, ...]]] = []
        self.finished = False
        self.close_after = 2.5
        self.mouse = (0, 0)
        x, y = CONTROLS_RECT.left + 12, CONTROLS_RECT.top + 190
        w = (CONTROLS_RECT.width - 36) // 2
        self.buttons = [
            widgets.Button("Pause (Space)", (x, y, w, 38), self.toggle_pause, size=15),
            widgets.Button("Next phase (N)", (x + w + 12, y, w, 38), self.step_phase, size=15),
            widgets.Button(
                "Slower (-)", (x, y + 48, w, 38), lambda: self.change_speed(-1), size=15
            ),
            widgets.Button(
                "Faster (+)", (x + w + 12, y + 48, w, 38), lambda: self.change_speed(1), size=15
            ),
            widgets.Button("Skip battle (S)", (x, y + 96, 2 * w + 12, 38), self.skip, size=15),
        ]
        self.playback.start()
        self._log_step(self.playback.current)
        if question is not None:
            self.set_question(question)

    # --- timing -------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index] * max(0.25, self.app.settings.animation_speed)

    def duration(self, step: Step | None) -> float:
        if step is None:
            return 0.0
        if step.kind == "netted" and step.event is not None:
            # nets are reported every phase: show only the first time
            p = step.phase
            if p > 0 and _key(step.event["at"]) in self.playback.phase_netted.get(p - 1, set()):
                return 0.0
        return DURATIONS.get(step.kind, 0.3)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.asking:
            self.asked_for += dt
        if self.finished:
            self.close_after -= dt
            if self.close_after <= 0:
                self.close()
            return
        if self.paused or self.asking:
            return
        self.elapsed += dt * self.speed
        while not self.playback.done:
            if self.holds():
                self.elapsed = 0.0
                return
            step = self.playback.current
            need = self.duration(step)
            if self.elapsed < need:
                return
            self.elapsed -= need
            nxt = self.playback.advance()
            self._log_step(nxt)
            if nxt is not None and nxt.kind == "banner" and self.stop_at_phase is not None:
                self.paused = True
                self.stop_at_phase = None
                self.elapsed = 0
                return
        self.finish()

    def finish(self) -> None:
        if not self.finished:
            self.playback.finish()
            self.finished = True
            self._check_result()
            winner_hp = ", ".join(
                f"{army_name(a)} {hp}" for a, hp in zip(self.armies, self.playback.hq, strict=False)
            )
            self.log.append((f"Battle over. HQ hit points: {winner_hp}", widgets.ACCENT))

    def _check_result(self) -> None:
        """The board the playback ends on must be the engine's. A difference is a bug in the
        playback: under a strict app (the tests) it raises; in play it is logged as a warning
        and the engine's board is shown."""
        pb = self.playback
        if self.result_units is None:
            return

        def board(units: list[dict[str, Any]]) -> list[tuple]:
            return sorted(
                (_key(u["at"]), u["tile"], u["seat"], u.get("facing", 0), u.get("wounds", 0))
                for u in units
            )

        shown, engine = board(pb.unit_list()), board(self.result_units)
        hq_differs = self.result_hq is not None and pb.hq != self.result_hq
        if shown == engine and not hq_differs:
            return
        extra = sorted(set(shown) - set(engine))
        missing = sorted(set(engine) - set(shown))
        self.app.mismatch(
            "the battle playback ended on another board than the engine's:"
            f" shown but not in the engine's {extra}, in the engine's but not shown {missing},"
            f" HQ {pb.hq} against {self.result_hq}"
        )
        self.log.append(("(the playback differed from the engine's result)", widgets.DIM))
        pb.units = {_key(u["at"]): dict(u) for u in self.result_units}
        if self.result_hq is not None:
            pb.hq = list(self.result_hq)

    def close(self) -> None:
        if self.question is not None:
            return  # the battle waits for an answer
        self.finish()
        self.app.stack.pop(self)

    def toggle_pause(self) -> None:
        if self.finished:
            self.close()
            return
        if self.asking:
            return
        self.paused = not self.paused

    def step_phase(self) -> None:
        if self.finished:
            self.close()
            return
        if self.asking:
            return
        self.paused = False
        self.stop_at_phase = self.playback.current.phase if self.playback.current else None

    def change_speed(self, delta: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + delta))

    def skip(self) -> None:
        """To the end of the battle, or (while a question waits) to the question."""
        while not self.playback.done and not self.holds():
            self._log_step(self.playback.advance())
        if self.question is not None:
            self.paused = False
            self.elapsed = 0.0
            return
        self.finish()
        self.close()

    # --- battle questions ---------------------------------------------------------------------

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

    def set_question(self, question: dict[str, Any]) -> None:
        self.question = question
        self.problem = ""
        self.asked_for = 0.0
        self._layout_question()
        for option in self.options:
            option.hover = option.rect.collidepoint(self.mouse)

    def ask(self, question: dict[str, Any]) -> None:
        """The next question of the same battle: go on to it from where the playback is."""
        self._resume(question["before"], question["phases"], list(question["hq_hp_before"]))
        self.set_question(question)

    def conclude(
        self,
        before: list[dict[str, Any]],
        phases: list[dict[str, Any]],
        hq_before: list[int],
        *,
        result_units: list[dict[str, Any]] | None = None,
        result_hq: list[int] | None = None,
    ) -> None:
        """Every question answered: the whole battle, from where the playback is."""
        self.question = None
        self.options = []
        self.result_units = result_units
        self.result_hq = result_hq
        self._resume(before, phases, hq_before)

    def _resume(
        self, before: list[dict[str, Any]], phases: list[dict[str, Any]], hq_before: list[int]
    ) -> None:
        """A longer log of the battle: skip the steps already shown when it starts with them
        (the engine's logs do, for one battle); otherwise play it from the start."""
        old = self.playback
        shown = old.steps[: old.index]
        new = Playback(before, phases, hq_before)
        new.start()
        if (
            new.before == old.before
            and new.hq_before == old.hq_before
            and (new.steps[: len(shown)] == shown)
        ):
            for _ in shown:
                new.advance()
        else:  # another battle (one action may lead to two) or a log that differs
            self.names = BattleBoard(self.armies, before)
            words = "the battle from its start" if new.before == old.before else "the next battle"
            self.log.append((f"({words})", widgets.DIM))
        self.playback = new
        self.elapsed = 0.0
        self.paused = False
        self.stop_at_phase = None
        self.finished = False
        self._log_step(new.current)

    def answer(self, action: int) -> None:
        """Give the answer (once given it is the game's: there is no taking it back)."""
        if not self.ready or self.on_answer is None:
            return
        question = self.question
        self.question = None
        self.options = []
        self.app.sounds.play("click")
        if not self.on_answer(action) and self.question is None and question is not None:
            # refused (it should not be): ask again, with the reason
            self.set_question(question)
            reason = getattr(self.backdrop, "message", "") if self.backdrop else ""
            self.problem = reason or "That answer was refused."

    def seat_words(self, seat: int) -> str:
        """Who a seat is, for the panel: the army, and which side when both armies are one."""
        name = army_name(self.armies[seat]) if 0 <= seat < len(self.armies) else f"Seat {seat}"
        if len(set(self.armies)) < len(self.armies):
            name += " (left)" if seat == 0 else " (right)"
        return name

    def _unit_at(self, at: Hex) -> dict[str, Any] | None:
        unit = self.playback.units.get(at)
        if unit is None:
            unit = next((u for u in self.playback.before if _key(u["at"]) == at), None)
        return unit

    def _option_label(self, desc: dict[str, Any]) -> str:
        kind = desc.get("kind")
        if kind == "clown":
            return "Explode" if desc.get("explode") else "Attack"
        if kind == "convert":
            edge = desc.get("edge")
            if edge is None:
                return "Attack as printed"
            unit = self._unit_at(_key(desc["at"]))
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
            return (
                f"Medic on {medic[0]},{medic[1]} takes the attack of {self.names.unit(source)}"
                f" ({source[0]},{source[1]}) on {self.names.unit(target)}"
                f" ({target[0]},{target[1]})"
            )
        return str(desc.get("text", kind))

    def _layout_question(self) -> None:
        """The panel's rows and their places (known before drawing, so clicks can find them)."""
        q = self.question
        self.options = []
        if q is None:
            return
        game = getattr(self.backdrop, "game", None)
        x, width = CONTROLS_RECT.left + 12, CONTROLS_RECT.width - 24
        text_width = width - 44
        rows = []
        for i, action in enumerate(q.get("options") or []):
            desc = dict(game.describe_action(action)) if game is not None else {"kind": q["kind"]}
            label = self._option_label(desc)
            suggested = action == q.get("automatic")
            room = text_width - (78 if suggested else 0)
            size, bold = next(
                ((n, True) for n in (15, 13) if widgets.font(n, True).size(label)[0] <= room),
                (14, False),
            )
            lines = widgets.wrap(label, size, room, bold=bold)
            height = max(40, 16 + (size + 4) * len(lines))
            rows.append((i, action, label, suggested, desc, lines, height, size, bold))
        head = 52 + 22 + 8 + 17 * len(widgets.wrap(EXPLAIN.get(q["kind"], ""), 13, width)) + 10
        total = head + sum(row[6] + 8 for row in rows) + 44
        top = min(CONTROLS_RECT.top, max(10, CONTROLS_RECT.bottom - total))
        self.question_rect = pygame.Rect(
            CONTROLS_RECT.left, top, CONTROLS_RECT.width, CONTROLS_RECT.bottom - top
        )
        y = top + head
        for i, action, label, suggested, desc, lines, height, size, bold in rows:
            rect = pygame.Rect(x, y, width, height)
            self.options.append(
                Option(i + 1, action, label, suggested, desc, rect, lines, size, bold)
            )
            y += height + 8

    def handle_question(self, event: pygame.event.Event) -> None:
        """Input while asking: a row or its number answers; nothing else changes the game."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for option in self.options:
                option.hover = option.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for option in self.options:
                if option.rect.collidepoint(event.pos):
                    self.answer(option.action)
                    return
            self.problem = self.waiting_words()
        elif event.type == pygame.KEYDOWN:
            number = DIGIT_KEYS.get(event.key)
            if number is not None and number <= len(self.options):
                self.answer(self.options[number - 1].action)
            elif event.key == pygame.K_ESCAPE and hasattr(self.backdrop, "open_menu"):
                self.backdrop.open_menu()
            elif number is not None or event.key in (
                pygame.K_SPACE,
                pygame.K_s,
                pygame.K_n,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            ):
                self.problem = self.waiting_words()

    def waiting_words(self) -> str:
        n = len(self.options)
        keys = "1" if n == 1 else f"1-{min(n, 9)}"
        return f"The battle waits for this choice: click one (or press {keys})."

    # --- events -------------------------------------------------------------------------------

    def _log_step(self, step: Step | None) -> None:
        if step is None:
            return
        pb = self.playback
        phase = pb.phases[step.phase] if pb.phases else {"initiative": 0}
        sounds = self.app.sounds
        if step.kind == "banner":
            self.log.append((f"Initiative {phase.get('initiative')}", widgets.ACCENT))
            return
        if step.kind == "removed":
            for event in step.group or []:
                self.log.append(
                    (
                        self.describe(phase, event),
                        widgets.BAD,
                    )
                )
            sounds.play("death")
            return
        if step.event is None or step.kind in ("attack-idle", "end"):
            return
        if self.duration(step) == 0:
            return
        text = self.describe(phase, step.event)
        colour = {
            "hit": (255, 150, 150),
            "hq_damage": (255, 120, 120),
            "armor": tileart.STEEL,
            "save": widgets.GOOD,
            "netted": tileart.NET,
        }.get(step.kind, widgets.TEXT)
        self.log.append((text, colour))
        if step.kind == "attack":
            sounds.play("shot" if step.event.get("ranged") or step.event.get("gauss") else "hit")
        elif step.kind == "explode":
            sounds.play("explosion")
        elif step.kind == "armor":
            sounds.play("block")
        elif step.kind in ("hit", "hq_damage"):
            sounds.play("hit")

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking:
            self.handle_question(event)
            return
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_SPACE:
                self.toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.step_phase()
            elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.change_speed(1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.change_speed(-1)
            elif key in (pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.skip()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.finished:
            self.close()

    # --- drawing ------------------------------------------------------------------------------

    def progress(self) -> float:
        need = self.duration(self.playback.current)
        return 1.0 if need <= 0 else min(1.0, self.elapsed / need)

    def acting(self) -> set[Hex]:
        step = self.playback.current
        if step is None or self.finished:
            return set()
        events = self.playback.phases[step.phase].get("events") or []
        return {_key(e["at"]) for e in events if e.get("kind") in ("attack", "explode")}

    def draw(self, surface: pygame.Surface) -> None:
        pb = self.playback
        if self.backdrop is not None:
            self.backdrop.draw_backdrop(surface, hq=pb.hq, prompt=self.caption())
        else:
            surface.fill(widgets.BG)
        self.board.draw_ground(surface)
        step = pb.current
        t = self.progress()
        alpha: dict[Hex, int] = {}
        if step is not None and step.kind == "removed":
            for event in step.group or []:
                alpha[_key(event["at"])] = int(255 * (1 - t))
        rings = self.backdrop.rings() if self.backdrop is not None else None
        self.board.draw_units(
            surface, pb.unit_list(), pb.hq, pb.netted, alpha=alpha, seat_rings=rings
        )
        if self.asking:
            self.draw_question_marks(surface)
        else:
            for at in self.acting():
                if at in pb.units:
                    tileart.hex_outline(
                        surface, self.board.pixel(at), self.board.size - 3, widgets.ACCENT, 3
                    )
        if step is not None and not self.finished:
            self.draw_step(surface, step, t)
        self.draw_log(surface)
        if self.asking:
            self.draw_question(surface)
        else:
            self.draw_controls(surface)

    def describe(self, phase: dict[str, Any], event: dict[str, Any]) -> str:
        """One event in words (the command line's wording, plus what it does not tell)."""
        if event.get("kind") == "converted":
            other = "melee" if event.get("to") == "ranged" else "ranged"
            return (
                f"{self.names.unit(event.get('at'))}: the Quartermaster turns its {other}"
                f" attack into a {event.get('to')} one"
            )
        return describe_event(self.names, phase.get("initiative"), event).strip()

    def caption(self) -> str:
        """The line over the board: what is happening now, in words."""
        pb = self.playback
        step = pb.current
        if self.finished or step is None:
            return "Battle over"
        phase = pb.phases[step.phase] if pb.phases else {"initiative": 0}
        head = f"Battle, initiative {phase.get('initiative')}"
        if self.asking and self.question is not None:
            q = self.question
            who = self.seat_words(int(q["seat"]))
            what = {
                "clown": "does the Clown explode or attack?",
                "convert": "does the Quartermaster convert an attack?",
                "medic": "which attack does the medic take?",
            }.get(str(q["kind"]), "a battle choice")
            return f"{head}: {who} decides: {what}"
        if step.kind == "removed":
            return f"{head}: the dead are removed"
        if step.event is None or self.duration(step) == 0:
            return head
        text = self.describe(phase, step.event)
        return f"{head}: {text}"

    def draw_step(self, surface: pygame.Surface, step: Step, t: float) -> None:
        pb = self.playback
        event = step.event or {}
        px = self.board.pixel
        size = self.board.size
        if step.kind == "banner":
            phase = pb.phases[step.phase]
            alpha = int(255 * min(1.0, 3 * t, 3 * (1 - t) + 0.3))
            self._banner(surface, f"Initiative {phase.get('initiative')}", alpha)
            return
        if step.kind == "attack":
            src = _key(event["at"])
            targets = [_key(a) for a in event.get("targets") or []]
            start = px(src)
            tileart.hex_outline(surface, start, size - 3, (255, 255, 255), 5)
            if event.get("gauss"):
                path = [_key(a) for a in event.get("path") or []] or targets
                end = px(path[-1]) if path else start
                width = max(3, int(10 * math.sin(math.pi * t)))
                pygame.draw.line(surface, tileart.GAUSS, start, end, width)
                pygame.draw.line(surface, (255, 255, 255), start, end, max(1, width // 3))
                for target in targets:
                    self._flash(surface, px(target), t)
                return
            for target in targets:
                end = px(target)
                if event.get("ranged") and not event.get("melee"):
                    k = min(1.0, t * 1.4)
                    pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
                    pygame.draw.line(surface, (255, 230, 120), start, pos, 2)
                    pygame.draw.circle(surface, tileart.YELLOW, pos, 8)
                    pygame.draw.circle(surface, tileart.INK, pos, 8, 2)
                else:
                    k = math.sin(math.pi * min(1.0, t * 1.2)) * 0.7
                    pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
                    angle = math.atan2(end[1] - start[1], end[0] - start[0])
                    pts = [
                        (pos[0] + math.cos(angle) * 22, pos[1] + math.sin(angle) * 22),
                        (pos[0] + math.cos(angle + 2.4) * 16, pos[1] + math.sin(angle + 2.4) * 16),
                        (pos[0] + math.cos(angle - 2.4) * 16, pos[1] + math.sin(angle - 2.4) * 16),
                    ]
                    pygame.draw.polygon(surface, (255, 255, 255), pts)
                    pygame.draw.polygon(surface, tileart.INK, pts, 2)
                strength = int(event.get("melee") or 0) + int(event.get("ranged") or 0)
                self._float(surface, end, f"{strength}", t, tileart.YELLOW)
            return
        if step.kind == "hit":
            at = px(_key(event["at"]))
            self._flash(surface, at, t)
            self._float(surface, at, f"-{event.get('wounds')}", t, (255, 90, 90))
        elif step.kind == "hq_damage":
            seat = int(event.get("seat", 0))
            hq = next(
                (
                    a
                    for a, u in pb.units.items()
                    if u["seat"] == seat and tileart.info_of(u["tile"]).get("kind") == "hq"
                ),
                None,
            )
            if hq is not None:
                self._flash(surface, px(hq), t)
                self._float(surface, px(hq), f"HQ -{event.get('amount')}", t, (255, 90, 90))
        elif step.kind == "armor":
            at = px(_key(event["at"]))
            source = px(_key(event["from"])) if event.get("from") else (at[0], at[1] - 1)
            angle = math.atan2(source[1] - at[1], source[0] - at[0])
            # a shield on the side the shot comes from
            cx = at[0] + math.cos(angle) * size * 0.62
            cy = at[1] + math.sin(angle) * size * 0.62
            grow = 0.6 + 0.4 * min(1.0, t * 3)
            w, h = size * 0.32 * grow, size * 0.4 * grow
            points = [(-w, -h * 0.6), (w, -h * 0.6), (w, h * 0.1), (0, h), (-w, h * 0.1)]
            turn = angle + math.pi / 2
            shield = [
                (
                    cx + x * math.cos(turn) - y * math.sin(turn),
                    cy + x * math.sin(turn) + y * math.cos(turn),
                )
                for x, y in points
            ]
            pygame.draw.polygon(surface, tileart.STEEL, shield)
            pygame.draw.polygon(surface, tileart.INK, shield, 3)
            self._float(surface, at, f"armor -{event.get('blocked')}", t, tileart.STEEL)
        elif step.kind == "save":
            medic = px(_key(event["medic"]))
            saved = px(_key(event["at"]))
            pygame.draw.line(surface, widgets.GOOD, medic, saved, 6)
            pygame.draw.circle(surface, widgets.GOOD, saved, int(size * 0.5 * (0.6 + 0.4 * t)), 4)
            self._float(surface, saved, "saved by medic", t, widgets.GOOD)
        elif step.kind == "netted":
            at = px(_key(event["at"]))
            radius = int(size * (0.4 + 0.5 * t))
            pygame.draw.circle(surface, tileart.NET, at, radius, 4)
        elif step.kind == "slot_lost":
            self._float(surface, px(_key(event["at"])), "netted: no attack", t, tileart.NET)
        elif step.kind == "explode":
            at = px(_key(event["at"]))
            radius = max(2, int(size * 1.9 * t))
            layer = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            mid = (radius + 1, radius + 1)
            pygame.draw.circle(layer, (255, 150, 40, int(200 * (1 - t))), mid, radius)
            pygame.draw.circle(layer, (255, 240, 160, int(255 * (1 - t))), mid, max(1, radius // 2))
            surface.blit(layer, (round(at[0]) - radius - 1, round(at[1]) - radius - 1))
            for target in event.get("targets") or []:
                self._flash(surface, px(_key(target)), t)
        elif step.kind == "converted":
            self._float(surface, px(_key(event["at"])), f"now {event.get('to')}", t, widgets.GOOD)
        elif step.kind == "removed":
            for removed in step.group or []:
                at = px(_key(removed["at"]))
                pygame.draw.line(
                    surface, (255, 60, 60), (at[0] - 30, at[1] - 30), (at[0] + 30, at[1] + 30), 6
                )
                pygame.draw.line(
                    surface, (255, 60, 60), (at[0] - 30, at[1] + 30), (at[0] + 30, at[1] - 30), 6
                )

    def _banner(self, surface: pygame.Surface, words: str, alpha: int) -> None:
        band = pygame.Surface((660, 90), pygame.SRCALPHA)
        band.fill((10, 10, 14, min(220, alpha)))
        rect = band.get_rect(center=(640, 414))
        surface.blit(band, rect)
        image = widgets._render(words, 46, widgets.ACCENT, True).copy()
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=rect.center))

    def _flash(self, surface: pygame.Surface, at: tuple[float, float], t: float) -> None:
        alpha = int(170 * math.sin(math.pi * t))
        tileart.hex_fill(surface, at, self.board.size - 4, (255, 40, 40, max(0, alpha)))

    def _float(self, surface, at, words: str, t: float, colour) -> None:
        y = at[1] - 20 - 30 * t
        image = widgets._render(words, 24, tuple(colour), True)
        shadow = widgets._render(words, 24, tileart.INK, True)
        rect = image.get_rect(center=(round(at[0]), round(y)))
        surface.blit(shadow, rect.move(2, 2))
        surface.blit(image, rect)

    def draw_log(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, LOG_RECT)
        widgets.draw_text(
            surface, "Battle log", (LOG_RECT.left + 12, LOG_RECT.top + 8), 16, widgets.DIM, True
        )
        rows = (LOG_RECT.height - 44) // 17
        y = LOG_RECT.top + 34
        for text, colour, more in widgets.log_lines(self.log[-60:], 13, LOG_RECT.width - 24, rows):
            widgets.draw_text(surface, text, (LOG_RECT.left + (24 if more else 12), y), 13, colour)
            y += 17

    def draw_question_marks(self, surface: pygame.Surface) -> None:
        """The unit the question is about, and what the hovered answer involves."""
        q = self.question
        if q is None:
            return
        px, size = self.board.pixel, self.board.size
        pulse = 3 + round(2 * (1 + math.sin(self.clock * 5)))
        hovered = next((o for o in self.options if o.hover), None)
        kind = q["kind"]
        if kind in ("clown", "convert") and q.get("at") is not None:
            at = _key(q["at"])
            tileart.hex_outline(surface, px(at), size - 3, QUESTION_EDGE, pulse)
        if kind == "clown" and hovered is not None and hovered.desc.get("explode"):
            at = _key(q["at"])
            for d in range(6):
                near = hexgeo.neighbour(at, d)
                if near in self.playback.units:
                    tileart.hex_fill(surface, px(near), size - 4, (255, 90, 40, 90))
                    tileart.hex_outline(surface, px(near), size - 3, (255, 120, 60), 3)
        elif kind == "convert" and q.get("at") is not None:
            at = _key(q["at"])
            unit = self._unit_at(at)
            facing = int(unit.get("facing", 0)) if unit else 0
            lit = hovered.desc.get("edge") if hovered is not None else None
            for edge in q.get("edges") or []:
                angle = hexgeo.edge_angle((int(edge) + facing) % 6)
                cx, cy = px(at)
                on = lit == edge
                colour = widgets.ACCENT if on else QUESTION_EDGE
                tip = (cx + math.cos(angle) * size * 1.22, cy + math.sin(angle) * size * 1.22)
                base = size * 0.9
                left = (cx + math.cos(angle - 0.2) * base, cy + math.sin(angle - 0.2) * base)
                right = (cx + math.cos(angle + 0.2) * base, cy + math.sin(angle + 0.2) * base)
                pygame.draw.polygon(surface, colour, [tip, left, right])
                pygame.draw.polygon(surface, tileart.INK, [tip, left, right], 2)
                disc = (cx + math.cos(angle) * size * 0.62, cy + math.sin(angle) * size * 0.62)
                pygame.draw.circle(surface, colour, disc, 13 if on else 11)
                pygame.draw.circle(surface, tileart.INK, disc, 13 if on else 11, 2)
                widgets.draw_text(surface, str(edge), disc, 15, tileart.INK, True, "center")
        elif kind == "medic":
            shown = [hovered] if hovered is not None else self.options
            for option in shown:
                desc = option.desc
                if "medic" not in desc:
                    continue
                medic, target = _key(desc["medic"]), _key(desc["target"])
                source = _key(desc.get("from") or desc["target"])
                if option is hovered:
                    if source != target:
                        pygame.draw.line(surface, widgets.BAD, px(source), px(target), 5)
                        tileart.hex_outline(surface, px(source), size - 3, widgets.BAD, 5)
                    pygame.draw.line(surface, widgets.GOOD, px(medic), px(target), 5)
                    tileart.hex_outline(surface, px(target), size - 3, widgets.ACCENT, 5)
                    tileart.hex_outline(surface, px(medic), size - 3, widgets.GOOD, 5)
                else:
                    tileart.hex_outline(surface, px(medic), size - 3, widgets.GOOD, pulse)

    def draw_question(self, surface: pygame.Surface) -> None:
        """The question panel: whose choice, what it is about, one row per answer."""
        q = self.question
        if q is None:
            return
        rect = self.question_rect
        seat = int(q["seat"])
        army = self.armies[seat] if 0 <= seat < len(self.armies) else ""
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(army), band, border_radius=8)
        who = f"{self.seat_words(seat)} decides"
        widgets.draw_text(
            surface,
            who,
            (rect.left + 12, rect.top + 10),
            tileart.fit_text(who, 21, rect.width - 24),
            widgets.TEXT,
            True,
        )
        x, width = rect.left + 12, rect.width - 24
        about = ""
        if q.get("at") is not None:
            at = _key(q["at"])
            unit = self._unit_at(at)
            name = self.names.unit(at) if unit else "The unit"
            about = f"{name} on {at[0]},{at[1]}"
        elif q["kind"] == "medic":
            about = "Medic"
        phase = f"initiative {q.get('phase')}"
        widgets.draw_text(
            surface,
            f"{about}, {phase}" if about else phase,
            (x, rect.top + 52),
            tileart.fit_text(f"{about}, {phase}", 15, width, bold=True),
            widgets.ACCENT,
            True,
        )
        widgets.draw_paragraph(
            surface,
            EXPLAIN.get(str(q["kind"]), ""),
            pygame.Rect(x, rect.top + 82, width, 400),
            13,
            widgets.DIM,
            spacing=17 / 13,
        )
        for option in self.options:
            box = option.rect
            fill = (70, 76, 96) if option.hover else (54, 58, 72)
            edge = widgets.ACCENT if option.hover else PANEL_ROW_EDGE
            pygame.draw.rect(surface, fill, box, border_radius=7)
            pygame.draw.rect(surface, edge, box, 2, border_radius=7)
            badge = (box.left + 18, box.top + 20)
            pygame.draw.circle(surface, QUESTION_EDGE, badge, 12)
            widgets.draw_text(surface, str(option.number), badge, 15, tileart.INK, True, "center")
            step = option.size + 4
            top = box.top + (box.height - step * len(option.lines)) // 2 + 2
            for i, line in enumerate(option.lines):
                widgets.draw_text(
                    surface,
                    line,
                    (box.left + 38, top + step * i),
                    option.size,
                    widgets.TEXT,
                    option.bold,
                )
            if option.suggested:
                widgets.draw_text(
                    surface,
                    "suggested",
                    (box.right - 8, box.top + 11),
                    12,
                    widgets.GOOD,
                    True,
                    "topright",
                )
        bottom = self.options[-1].rect.bottom + 10 if self.options else rect.top + 200
        words = self.problem or "Click a choice or press its number. Once given, it is final."
        widgets.draw_paragraph(
            surface,
            words,
            pygame.Rect(x, bottom, width, rect.bottom - bottom - 4),
            13,
            widgets.BAD if self.problem else widgets.DIM,
        )

    def draw_controls(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, CONTROLS_RECT)
        x, y = CONTROLS_RECT.left + 12, CONTROLS_RECT.top + 10
        widgets.draw_text(surface, "Battle", (x, y), 22, widgets.ACCENT, True)
        pb = self.playback
        step = pb.current
        if self.finished:
            state = "Finished: click or press Space to continue"
        elif self.paused:
            state = "Paused"
        else:
            state = f"Playing at {SPEEDS[self.speed_index]:g}x"
        widgets.draw_text(surface, state, (x, y + 34), 16, widgets.TEXT)
        if step is not None and pb.phases:
            phase = pb.phases[step.phase]
            which = f"({step.phase + 1} of {len(pb.phases)})"
            widgets.draw_text(
                surface,
                f"Phase: initiative {phase.get('initiative')} {which}",
                (x, y + 58),
                15,
                widgets.DIM,
            )
        for seat, army in enumerate(self.armies[: len(pb.hq)]):
            widgets.draw_text(
                surface,
                f"{army_name(army)} HQ: {pb.hq[seat]}",
                (x, y + 90 + 24 * seat),
                18,
                widgets.TEXT,
                True,
            )
        self.buttons[0].label = (
            "Continue (Space)"
            if self.finished
            else ("Play (Space)" if self.paused else "Pause (Space)")
        )
        self.buttons[4].label = (
            "Skip to the choice (S)" if self.question is not None else "Skip battle (S)"
        )
        if self.question is not None:
            widgets.draw_text(
                surface,
                f"Then {self.seat_words(int(self.question['seat']))} decides",
                (x, y + 146),
                15,
                QUESTION_EDGE,
                True,
            )
        for button in self.buttons:
            button.draw(surface)
