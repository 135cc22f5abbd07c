"""A battle played back from the engine's log, phase by phase.

:class:`Playback` is the bookkeeping: the board as it stood when the battle began, then each
event of the log applied in order (wounds, HQ damage, removals at the end of the phase). It
knows nothing of drawing, so a test can run a real log through it and compare the board it ends
with to the engine's result. :class:`BattleScene` shows it: a banner for each initiative phase,
the acting units lit, strikes, shots, beams, blocks, saves, explosions, wounds, removals, the HQ
counters, and the log. Space pauses, N plays one phase, + and - change the speed, S skips.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from nshex_pygame.cli import describe_event
from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.words import BattleBoard, army_name

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


class BattleScene(Scene):
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
    ) -> None:
        super().__init__(app)
        self.board = board
        self.armies = armies
        self.backdrop = backdrop
        self.playback = Playback(before, phases, hq_before)
        self.names = BattleBoard(armies, before)
        self.result_units = result_units
        self.result_hq = result_hq
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
        if self.finished:
            self.close_after -= dt
            if self.close_after <= 0:
                self.close()
            return
        if self.paused:
            return
        self.elapsed += dt * self.speed
        while not self.playback.done:
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
        """The board shown at the end is the engine's; a difference is logged, then fixed."""
        pb = self.playback
        if self.result_units is None:
            return

        def board(units: list[dict[str, Any]]) -> list[tuple]:
            return sorted(
                (_key(u["at"]), u["tile"], u["seat"], u.get("facing", 0), u.get("wounds", 0))
                for u in units
            )

        if board(pb.unit_list()) != board(self.result_units) or (
            self.result_hq is not None and pb.hq != self.result_hq
        ):
            self.log.append(("(the playback differed from the engine's result)", widgets.DIM))
            pb.units = {_key(u["at"]): dict(u) for u in self.result_units}
            if self.result_hq is not None:
                pb.hq = list(self.result_hq)

    def close(self) -> None:
        self.finish()
        self.app.stack.pop(self)

    def toggle_pause(self) -> None:
        if self.finished:
            self.close()
            return
        self.paused = not self.paused

    def step_phase(self) -> None:
        if self.finished:
            self.close()
            return
        self.paused = False
        self.stop_at_phase = self.playback.current.phase if self.playback.current else None

    def change_speed(self, delta: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + delta))

    def skip(self) -> None:
        while not self.playback.done:
            self._log_step(self.playback.advance())
        self.finish()
        self.close()

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
        for at in self.acting():
            if at in pb.units:
                tileart.hex_outline(
                    surface, self.board.pixel(at), self.board.size - 3, widgets.ACCENT, 3
                )
        if step is not None and not self.finished:
            self.draw_step(surface, step, t)
        self.draw_log(surface)
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
        for button in self.buttons:
            button.draw(surface)
