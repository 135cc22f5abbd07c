"""The battle scene: the playback's timing, its controls, and a battle question's flow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.armystyle import MAD_BOMBER
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.scenes.battle.draw import BattleDrawing
from nshex_pygame.client.scenes.battle.info import BattleInfo
from nshex_pygame.client.scenes.battle.input import BattleInput
from nshex_pygame.client.scenes.battle.layout import (
    ANSWER_GRACE,
    CONTROLS_RECT,
    DURATIONS,
    SPEEDS,
    Option,
)
from nshex_pygame.client.scenes.battle.playback import Playback, Step, as_hex, chain_seconds
from nshex_pygame.client.words import BattleBoard, army_name


class BattleScene(BattleInput, BattleInfo, BattleDrawing, Scene):
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
        to_move: int | None = None,
    ) -> None:
        """``to_move``: the seat whose action started the battle (its panel stays lit while
        the battle plays, whoever moves after it)."""
        super().__init__(app)
        self.board = board
        self.armies = armies
        self.backdrop = backdrop
        self.playback = Playback(before, phases, hq_before)
        self.playback.final_netted = self._nets_after(phases)
        self.names = BattleBoard(armies, before)
        self.to_move = to_move
        self.banner_rect: pygame.Rect | None = None  # where the phase banner was last drawn
        self.start_discards = self._discards_at_start()
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
        x, y = CONTROLS_RECT.left + 12, CONTROLS_RECT.top + 226  # (four seats' rows above)
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

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index] * max(0.25, self.app.settings.animation_speed)

    def duration(self, step: Step | None) -> float:
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
            counted = "Points" if self.points_game() else "HQ hit points"
            self.log.append((f"Battle over. {counted}: {winner_hp}", widgets.ACCENT))

    def _check_result(self) -> None:
        """The board the playback ends on must be the engine's. A difference is a bug in the
        playback: under a strict app (the tests) it raises; in play it is logged as a warning
        and the engine's board is shown."""
        pb = self.playback
        if self.result_units is None:
            return

        def board(units: list[dict[str, Any]]) -> list[tuple]:
            return sorted(
                (as_hex(u["at"]), u["tile"], u["seat"], u.get("facing", 0), u.get("wounds", 0))
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
        pb.units = {as_hex(u["at"]): dict(u) for u in self.result_units}
        if self.result_hq is not None:
            pb.hq = list(self.result_hq)

    def _nets_after(self, phases: list[dict[str, Any]]) -> set[Hex] | None:
        """The nets that hold after the battle, from the backdrop's view when that view is
        the board after it (its units are the log's last board); None when unknown."""
        view = getattr(self.backdrop, "view", None) or {}
        last = (phases[-1].get("after") or {}) if phases else {}
        after = {as_hex(u["at"]) for u in last.get("units") or []}
        shown = {as_hex(u["at"]) for u in view.get("units") or []}
        if not after or shown != after:
            return None
        return {as_hex(e["at"]) for e in view.get("board_effects") or [] if e.get("netted")}

    def board_view(self) -> dict[str, Any]:
        """The backdrop's view of the board (terminals, foundations, Links), if any."""
        return getattr(self.backdrop, "view", None) or {}

    def _discards_at_start(self) -> list[list[str]]:
        """The discard piles as the battle began. The game's view is either mid-battle (a
        question waits: the engine discards the dead when the battle ends) or after it (then
        this battle's dead are taken back off the piles)."""
        view = getattr(self.backdrop, "view", None) or {}
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

    def busy(self) -> bool:
        """Playing: every frame moves. Paused, finished or asking: only on events (the
        question's pulse is a slow look)."""
        return not self.finished and not self.paused and not self.asking

    def look(self) -> object:
        return int(self.clock * 6) if self.asking else self.finished

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
        self.start_discards = self._discards_at_start()
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
