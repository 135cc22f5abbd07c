"""The battle scene: the playback's timing, its controls, and a battle question's flow.

It holds its parts and gives each what it needs: the model (:mod:`.model`: the playback, its
clock, the log, the open question), the words (:mod:`.info`), the input (:mod:`.input`: its
keys and buttons call the scene's commands below) and the drawing (:mod:`.draw`), and the scene
behind it (:mod:`.behind`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nshex_pygame.client import widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.scenes.battle.behind import Backdrop, Behind
from nshex_pygame.client.scenes.battle.draw import BattleView
from nshex_pygame.client.scenes.battle.info import BattleWords
from nshex_pygame.client.scenes.battle.input import BattleInput
from nshex_pygame.client.scenes.battle.layout import SPEEDS, lay_out_question
from nshex_pygame.client.scenes.battle.model import BattleModel, nets_after
from nshex_pygame.client.scenes.battle.playback import Playback, as_hex
from nshex_pygame.client.words import BattleBoard, army_name

if TYPE_CHECKING:
    import pygame

    from nshex_pygame.client.app import App


class BattleScene(Scene):
    scene_name = "battle"

    def __init__(
        self,
        app: App,
        board: BoardView,
        armies: list[str],
        before: list[dict[str, Any]],
        phases: list[dict[str, Any]],
        hq_before: list[int],
        *,
        backdrop: Backdrop | None = None,
        result_units: list[dict[str, Any]] | None = None,
        result_hq: list[int] | None = None,
        question: dict[str, Any] | None = None,
        on_answer: Callable[[int], bool] | None = None,
        to_move: int | None = None,
    ) -> None:
        """``to_move``: the seat whose action started the battle (its panel stays lit while
        the battle plays, whoever moves after it)."""
        super().__init__(app)
        self.behind = Behind(backdrop)
        playback = Playback(before, phases, hq_before)
        playback.final_netted = nets_after(self.behind.view(), phases)
        self.model = BattleModel(armies, playback, board.hex_set)
        self.model.to_move = to_move
        self.model.start_discards = self.model.discards_at_start(self.behind.view())
        self.result_units = result_units
        self.result_hq = result_hq
        self.on_answer = on_answer
        self.words = BattleWords(self.model, self.behind, app.sounds)
        self.input = BattleInput(self.model, self.words, self.behind, self)
        self.drawing = BattleView(self.model, self.words, board, self.behind, self.input.buttons)
        playback.start()
        self.words.log_step(playback.current)
        if question is not None:
            self.set_question(question)

    # --- what the game scene reads and sets ------------------------------------------------------

    @property
    def question(self) -> dict[str, Any] | None:
        """The open question (None: none, or answered)."""
        return self.model.question

    @property
    def to_move(self) -> int | None:
        """The seat whose action started the battle (its panel is lit)."""
        return self.model.to_move

    @to_move.setter
    def to_move(self, seat: int | None) -> None:
        self.model.to_move = seat

    # --- time ------------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.model.speed_index] * max(0.25, self.app.settings.animation_speed)

    def update(self, dt: float) -> None:
        model = self.model
        model.clock += dt
        if model.asking:
            model.asked_for += dt
        if model.finished:
            model.close_after -= dt
            if model.close_after <= 0:
                self.close()
            return
        if model.paused or model.asking:
            return
        model.elapsed += dt * self.speed
        while not model.playback.done:
            if model.holds():
                model.elapsed = 0.0
                return
            need = model.duration(model.playback.current)
            if model.elapsed < need:
                return
            model.elapsed -= need
            nxt = model.playback.advance()
            self.words.log_step(nxt)
            if nxt is not None and nxt.kind == "banner" and model.stop_at_phase is not None:
                model.paused = True
                model.stop_at_phase = None
                model.elapsed = 0
                return
        self.finish()

    def finish(self) -> None:
        model = self.model
        if not model.finished:
            model.playback.finish()
            model.finished = True
            self._check_result()
            winner_hp = ", ".join(
                f"{army_name(a)} {hp}"
                for a, hp in zip(model.armies, model.playback.hq, strict=False)
            )
            counted = "Points" if self.words.points_game() else "HQ hit points"
            model.log.append((f"Battle over. {counted}: {winner_hp}", widgets.ACCENT))

    def _check_result(self) -> None:
        """The board the playback ends on must be the engine's. A difference is a bug in the
        playback: under a strict app (the tests) it raises; in play it is logged as a warning
        and the engine's board is shown."""
        pb = self.model.playback
        if self.result_units is None:
            return

        def board(units: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
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
        self.model.log.append(("(the playback differed from the engine's result)", widgets.DIM))
        pb.units = {as_hex(u["at"]): dict(u) for u in self.result_units}
        if self.result_hq is not None:
            pb.hq = list(self.result_hq)

    # --- the scene -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def busy(self) -> bool:
        """Playing: every frame moves. Paused, finished or asking: only on events (the
        question's pulse is a slow look)."""
        return not self.model.finished and not self.model.paused and not self.model.asking

    def look(self) -> object:
        return int(self.model.clock * 6) if self.model.asking else self.model.finished

    # --- the commands (the input's keys and buttons) ---------------------------------------------

    def close(self) -> None:
        if self.model.question is not None:
            return  # the battle waits for an answer
        self.finish()
        self.app.stack.pop(self)

    def _closed_or_asking(self) -> bool:
        """A finished battle closes (and True), a question waits (True): the playback's
        controls do nothing more."""
        if self.model.finished:
            self.close()
            return True
        return self.model.asking

    def toggle_pause(self) -> None:
        if not self._closed_or_asking():
            self.model.paused = not self.model.paused

    def step_phase(self) -> None:
        if self._closed_or_asking():
            return
        self.model.paused = False
        step = self.model.playback.current
        self.model.stop_at_phase = step.phase if step else None

    def change_speed(self, delta: int) -> None:
        model = self.model
        model.speed_index = max(0, min(len(SPEEDS) - 1, model.speed_index + delta))

    def skip(self) -> None:
        """To the end of the battle, or (while a question waits) to the question."""
        model = self.model
        while not model.playback.done and not model.holds():
            self.words.log_step(model.playback.advance())
        if model.question is not None:
            model.paused = False
            model.elapsed = 0.0
            return
        self.finish()
        self.close()

    # --- a battle question -----------------------------------------------------------------------

    def set_question(self, question: dict[str, Any]) -> None:
        model = self.model
        model.question = question
        model.problem = ""
        model.asked_for = 0.0
        answers = []
        for action in question.get("options") or []:
            desc = self.behind.describe(action)
            if desc is None:  # no game behind (a battle alone): the question's kind
                desc = {"kind": question["kind"]}
            answers.append((action, desc, self.words.option_label(desc)))
        model.question_rect, model.options = lay_out_question(question, answers)
        for option in model.options:
            option.hover = option.rect.collidepoint(model.mouse)

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
        self.model.question = None
        self.model.options = []
        self.result_units = result_units
        self.result_hq = result_hq
        self._resume(before, phases, hq_before)

    def _resume(
        self, before: list[dict[str, Any]], phases: list[dict[str, Any]], hq_before: list[int]
    ) -> None:
        """A longer log of the battle: skip the steps already shown when it starts with them
        (the engine's logs do, for one battle); otherwise play it from the start."""
        model = self.model
        old = model.playback
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
            model.names = BattleBoard(model.armies, before)
            words = "the battle from its start" if new.before == old.before else "the next battle"
            model.log.append((f"({words})", widgets.DIM))
        model.playback = new
        model.start_discards = model.discards_at_start(self.behind.view())
        model.elapsed = 0.0
        model.paused = False
        model.stop_at_phase = None
        model.finished = False
        self.words.log_step(new.current)

    def answer(self, action: int) -> None:
        """Give the answer (once given it is the game's: there is no taking it back)."""
        model = self.model
        if not model.ready or self.on_answer is None:
            return
        question = model.question
        model.question = None
        model.options = []
        self.app.sounds.play("click")
        if not self.on_answer(action) and model.question is None and question is not None:
            # refused (it should not be): ask again, with the reason
            self.set_question(question)
            model.problem = self.behind.message() or "That answer was refused."
