"""Hex Puzzles: a puzzle played on the real game screen (the list is ``puzzlelist.py``).

The puzzle screen holds a game scene (made through the registry, as the tutorial does) for the
puzzle's game: the offer is the hand, and what the board offers is narrowed to tile plays (no
ending the turn, no discarding, no Mobility or Transport). Once the plays are made the player
starts the battle (or undoes a play first); the engine resolves it, the battle scene plays it
back, and the engine's outcome says whether the goal was reached and by how much it was missed.
A card in the place of the game log shows the goal, the offer's count, the attempts, the hint
(the first play of the solver's solution) and, after a few attempts, the whole solution.

A puzzle solved may earn achievements (the first puzzle, a difficulty cleared, the daily
puzzle, a streak of three or seven days: ``client/achievements.py``): each shows as a toast over
the result, and the daily puzzle's result says the daily streak.
"""

from __future__ import annotations

import datetime
from typing import Any

import pygame

from nshex_pygame.client import achievements, rewards, storage, tileart, widgets
from nshex_pygame.client.puzzles import (
    DIFFICULTY_NAMES,
    PLAYS,
    SOLUTION_AFTER,
    PuzzleEntry,
    daily_streak,
    shipped,
    shortfall_words,
    step_words,
)
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.storage import PuzzleRecord, SeatSetup
from nshex_pygame.client.words import plural
from nshex_pygame.core import CHANCE

CARD = pygame.Rect(10, 410, 300, 380)  # the game log's place
MODAL = pygame.Rect(340, 250, 600, 290)


class PuzzleScene(Scene):
    """One puzzle on the real board (see the module's words)."""

    scene_name = "puzzle"

    def __init__(
        self, app: Any, entry: PuzzleEntry, following: tuple[PuzzleEntry, ...] = ()
    ) -> None:
        """``following``: the puzzles in the list's order, where "Next puzzle" goes on."""
        super().__init__(app)
        self.entry = entry
        self.following = following
        self.next_found: dict[str, PuzzleEntry | None] = {}
        # the board and HQ hit points after a battle the engine fought on a copy
        self.after: tuple[Any, list[int]] | None = None
        self.puzzle = entry.puzzle()
        self.seat = int(self.puzzle.seat)
        self.clock = 0.0
        self.solution: list[str] | None = None
        records, self.problem = storage.load_puzzle_progress()
        self.record = records.get(entry.key) or PuzzleRecord()
        self.toasts = rewards.Toasts()
        self.streak = 0  # the daily streak, once a puzzle is solved
        x, w = CARD.left + 12, (CARD.width - 32) // 2
        self.hint_button = widgets.Button(
            "Hint (?)", (x, CARD.bottom - 90, w, 34), self.show_hint, size=15
        )
        self.solution_button = widgets.Button(
            "Solution", (x + w + 8, CARD.bottom - 90, w, 34), self.show_solution, size=15
        )
        self.again_button = widgets.Button(
            "Try again", (x, CARD.bottom - 48, w, 34), self.restart, size=15
        )
        self.leave_button = widgets.Button(
            "Puzzle list", (x + w + 8, CARD.bottom - 48, w, 34), self.leave, size=15
        )
        self.commit_button = widgets.Button(
            "Start the battle (Enter)",
            (x, CARD.bottom - 136, CARD.width - 24, 38),
            self.commit,
            size=16,
        )
        bw = (MODAL.width - 72) // 3
        bx, by = MODAL.left + 24, MODAL.bottom - 64
        self.modal_buttons = [
            widgets.Button("Try again (Enter)", (bx, by, bw, 42), self.restart, size=16),
            widgets.Button(
                "Show solution", (bx + bw + 12, by, bw, 42), self.show_solution, size=16
            ),
            widgets.Button("Puzzle list", (bx + 2 * (bw + 12), by, bw, 42), self.leave, size=16),
        ]
        # solved: go on to the next puzzle (Enter), or play this one again
        self.solved_buttons = [
            widgets.Button("Next puzzle (Enter)", (bx, by, bw, 42), self.next_puzzle, size=16),
            widgets.Button("Try again", (bx + bw + 12, by, bw, 42), self.restart, size=16),
            self.modal_buttons[2],
        ]
        self.unlock()
        self.load()

    # --- the puzzle's game -----------------------------------------------------------------------

    def load(self) -> None:
        """A fresh game of the puzzle in a game scene, narrowed to the puzzle's plays."""
        self.state = "play"  # "play", "commit" (the plays made), "battle", "result"
        self.shown = False  # the solution was played out for the player: not an attempt
        self.note = ""  # the hint or the solution, in words
        self.result: dict[str, Any] = {}
        game = self.puzzle.game()
        armies = list(game.view()["armies"])
        inner = self.app.make("game", game, [SeatSetup(a, "human") for a in armies])
        inner.over_shown = True  # the puzzle's result, not the game-over screen, ends it
        inner.replays = False
        inner.helpers_allowed = lambda: False  # the game's hint and danger view give it away
        inner.turn_status = False  # the puzzle's empty decks would read "a deck is empty"
        seat = self.puzzle.seat
        inner.seat_labels = {seat: "You", 1 - seat: "The puzzle's enemy"}
        inner.open_menu = self.leave
        inner.menu_button.label = "Back"
        inner.menu_button.hint = "Back to the puzzle list (Esc)"
        apply, prompt = inner.apply, inner.prompt

        def narrowed(legal: list[Any]) -> list[Any]:
            # each refresh also reads how far the plays have come (commit once they are made)
            self.outcome = self.puzzle.outcome(inner.game)
            if self.state in ("play", "commit"):
                self.state = "commit" if self.outcome["done"] else "play"
            if self.state == "play" and inner.human_to_move():
                return [(a, d) for a, d in legal if d.get("kind") in PLAYS]
            return []

        def played(action: int) -> bool:
            battles = inner.game.battles
            if not apply(action):
                return False
            if inner.game.battles != battles:  # the board filled: the game fought the battle
                self.fought()  # (and the game scene plays it back)
            return True

        def puzzle_prompt() -> str:
            if self.state == "commit":
                return "Every tile played: start the battle (Enter), or Undo a play"
            if self.state == "play" and inner.selected_tile() is None:
                return f"{self.puzzle.goal['text']}: play {self.needed_words()}"
            if self.state in ("battle", "result"):
                return f"{self.puzzle.goal['text']}: the battle"
            return str(prompt())

        inner.narrow = narrowed
        inner.apply = played
        inner.prompt = puzzle_prompt
        inner.host = self
        self.inner = inner
        inner._refresh()

    @property
    def game(self) -> Any:
        return self.inner.game

    def needed_words(self) -> str:
        offer = len(self.puzzle.offer)
        return f"{self.puzzle.play} of these {plural(offer, 'tile')}"

    def solution_lines(self) -> list[str]:
        """The solver's first solution (notation lines), asked once."""
        if self.solution is None:
            found = self.puzzle.solve()["solutions"]
            self.solution = list(found[0]) if found else []
        return self.solution

    def solution_unlocked(self) -> bool:
        return self.record.solved or self.record.attempts >= SOLUTION_AFTER

    def restart(self) -> None:
        """Try again: the puzzle as it was given (the attempts stay counted)."""
        self.inner.on_exit()
        self.load()
        self.app.sounds.play("click")

    def leave(self) -> None:
        self.app.stack.pop(self)

    def next_entry(self) -> PuzzleEntry | None:
        """The puzzle after this one in the list (the next difficulty after the last of
        one); after the daily puzzle, the first unsolved one of its difficulty."""
        if self.entry.key not in self.next_found:
            self.next_found[self.entry.key] = self._find_next()
        return self.next_found[self.entry.key]

    def _find_next(self) -> PuzzleEntry | None:
        keys = [e.key for e in self.following]
        if self.entry.key in keys:
            at = keys.index(self.entry.key)
            return self.following[at + 1] if at + 1 < len(self.following) else None
        records, _problem = storage.load_puzzle_progress()
        for entry in self.following:
            record = records.get(entry.key)
            if entry.difficulty == self.entry.difficulty and not (record and record.solved):
                return entry
        return None

    def next_puzzle(self) -> None:
        """The next puzzle in place of this one (Back still leads to the list)."""
        entry = self.next_entry()
        if entry is None:
            self.leave()
            return
        self.app.stack.replace(self.app.make("puzzle", entry, following=self.following))
        self.app.sounds.play("click")

    def result_buttons(self) -> list[widgets.Button]:
        """The result's buttons: solved with a puzzle to go on to, Next puzzle first."""
        if self.result.get("won") and self.next_entry() is not None:
            return self.solved_buttons
        return self.modal_buttons

    def show_hint(self) -> None:
        """The first play of a solution, shown on the board (a ghost tile, lit hexes): from
        the puzzle's start, so plays made already are taken back first."""
        lines = self.solution_lines()
        if not lines or self.state not in ("play", "commit"):
            return
        if self.outcome["plays"]:
            self.restart()
        inner = self.inner
        action = self.game.string_to_action(lines[0])
        desc = self.game.describe_action(action)
        inner.clear_choice()
        inner.hint = (action, desc)
        self.note = f"Hint: {step_words(desc, inner.units, self.seat)}, as shown in green."

    def show_solution(self) -> None:
        """The whole solution played on the board from the start; the battle is the player's
        to start (it does not count as an attempt)."""
        if not self.solution_unlocked():
            self.inner.say(
                f"The solution can be shown after {SOLUTION_AFTER} attempts"
                f" ({self.record.attempts} so far)."
            )
            return
        lines = self.solution_lines()
        self.restart()
        self.shown = True
        words = []
        for n, line in enumerate(lines, 1):
            if self.state != "play":
                break
            action = self.game.string_to_action(line)
            desc = self.game.describe_action(action)
            words.append(f"{n}. {step_words(desc, self.inner.units, self.seat)}")
            self.inner.apply(action)
        self.note = "The solution: " + "; ".join(words) + "."

    def commit(self) -> None:
        """The plays are made: the engine resolves the battle, the battle scene plays it."""
        if self.state != "commit":
            return
        inner = self.inner
        result = self.game.position.resolve_battle()
        self.fought()
        self.after = (result.units, list(result.hq_hp))
        self.app.open(
            "battle",
            inner.board,
            inner.armies,
            inner.view["units"],
            result.phases,
            list(inner.view["hq_hp"]),
            backdrop=inner,
            result_units=result.units,
            result_hq=list(result.hq_hp),
            to_move=self.seat,
        )

    def fought(self) -> None:
        """A battle after the plays: the outcome kept, the attempt recorded (unless the
        solution was shown)."""
        self.state = "battle"
        self.after = None
        self.result = dict(self.outcome)
        self.result_units = dict(self.inner.units)
        if not self.shown:
            self.record, problem = storage.record_puzzle_attempt(
                self.entry.key, bool(self.result.get("won"))
            )
            if problem:
                self.problem = problem
            if self.record.solved:
                self.award()
        self.unlock()

    def award(self) -> None:
        """The achievements the puzzles solved so far earn, recorded; the new ones toasted."""
        records, _problem = storage.load_puzzle_progress()
        solved = {key for key, record in records.items() if record.solved}
        self.streak = daily_streak(solved, datetime.date.today())
        found = achievements.earned_by_puzzles(
            solved, [(entry.key, entry.difficulty) for entry in shipped()], self.streak
        )
        earned, problem = achievements.award(found)
        for achievement in earned:
            self.toasts.add(achievement.title, achievement.how)
        if problem:
            self.problem = problem

    def unlock(self) -> None:
        """The Solution buttons follow the record: enabled after enough attempts."""
        self.solution_button.enabled = self.solution_unlocked()
        self.modal_buttons[1].enabled = self.solution_unlocked()

    # --- the scene -------------------------------------------------------------------------------

    def card_buttons(self) -> list[widgets.Button]:
        self.hint_button.enabled = self.state in ("play", "commit")
        buttons = [self.hint_button, self.solution_button, self.again_button, self.leave_button]
        return [self.commit_button, *buttons] if self.state == "commit" else buttons

    def handle(self, event: pygame.event.Event) -> None:
        if self.state == "result":
            buttons = self.result_buttons()
            for button in buttons:
                if button.handle(event):
                    return
            first = buttons[0].action
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
                if first is not None:
                    first()  # Next puzzle when solved, else Try again
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.leave()
            return
        for button in self.card_buttons():
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.state == "commit":
                self.commit()
                return
            if event.key == pygame.K_SLASH or getattr(event, "unicode", "") == "?":
                self.show_hint()
                return
        self.inner.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.toasts.update(dt)
        if self.state in ("play", "commit") and self.inner.mover != CHANCE:
            self.inner.update(dt)

    def busy(self) -> bool:
        return self.toasts.busy() or (self.state in ("play", "commit") and self.inner.busy())

    def look(self) -> object:
        return (self.inner.look(), self.state, len(self.toasts.items))

    def on_resume(self) -> None:
        """Back from the battle's playback: the result."""
        self.inner.on_resume()
        if self.state == "battle" and self.app.stack.top is self:
            self.state = "result"
            self.app.sounds.play("place")
            self.show_after()

    def show_after(self) -> None:
        """The board as the battle left it, behind the result. The engine resolved that battle
        on a copy (the puzzle's game stays before it); a battle the game fought itself (the
        board filled) is in the game's view already."""
        inner = self.inner
        if self.after is not None:
            units, hq = self.after
            inner.view = {**inner.view, "units": list(units), "hq_hp": hq}
            inner.units = {(int(u["at"][0]), int(u["at"][1])): u for u in units}
            inner.netted = set()
        inner.legal = []
        inner.clear_choice()
        inner._rebuild_buttons()

    def on_exit(self) -> None:
        self.inner.on_exit()

    def lends_pointer(self) -> bool:
        """The board and the hand under the pointer are the game's (hover boxes) while the
        puzzle is played."""
        return self.state in ("play", "commit")

    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)
        self.draw_card(surface)
        if self.state == "result":
            self.draw_result(surface)
        self.inner.draw_tooltip(surface)
        self.toasts.draw(surface)

    def draw_card(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, CARD, edge=widgets.ACCENT)
        x, width = CARD.left + 12, CARD.width - 24
        grade = DIFFICULTY_NAMES.get(self.puzzle.difficulty, self.puzzle.difficulty)
        top = self.entry.label if self.entry.label.startswith("Daily") else f"Puzzle: {grade}"
        widgets.draw_text(surface, top, (x, CARD.top + 10), 14, widgets.DIM)
        y = widgets.draw_paragraph(
            surface,
            self.puzzle.title,
            pygame.Rect(x, CARD.top + 30, width, 26),
            19,
            widgets.ACCENT,
            True,
        )
        y = widgets.draw_paragraph(
            surface,
            self.puzzle.goal["text"],
            pygame.Rect(x, y + 2, width, 40),
            16,
            widgets.TEXT,
            True,
        )
        plays = int(self.outcome.get("plays") or 0)
        words = f"Play {self.needed_words()} ({plays} played)"
        widgets.draw_text(surface, words, (x, y + 4), tileart.fit_text(words, 15, width, False))
        record = self.record
        words = f"Attempts: {record.attempts}" + (", solved" if record.solved else "")
        colour = widgets.GOOD if record.solved else widgets.DIM
        widgets.draw_text(surface, words, (x, y + 28), 14, colour)
        y += 54
        if not self.solution_unlocked():
            left = SOLUTION_AFTER - record.attempts
            widgets.draw_paragraph(
                surface,
                f"The solution can be shown after {plural(left, 'more attempt')}.",
                pygame.Rect(x, y, width, 36),
                13,
                widgets.DIM,
            )
            y += 36
        bottom = CARD.bottom - (142 if self.state == "commit" else 96)
        if self.note:
            widgets.draw_paragraph(
                surface, self.note, pygame.Rect(x, y, width, bottom - y), 14, widgets.GOOD
            )
        if self.problem:
            widgets.draw_paragraph(
                surface, self.problem, pygame.Rect(x, bottom - 34, width, 34), 12, widgets.BAD
            )
        for button in self.card_buttons():
            button.draw(surface)

    def draw_result(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 150)
        won = bool(self.result.get("won"))
        widgets.panel(surface, MODAL, edge=widgets.GOOD if won else widgets.BAD)
        x, width = MODAL.left + 24, MODAL.width - 48
        widgets.draw_text(surface, self.puzzle.title, (x, MODAL.top + 18), 15, widgets.DIM)
        title = "Solved!" if won else "Not this time"
        colour = widgets.GOOD if won else widgets.BAD
        widgets.draw_text(surface, title, (x, MODAL.top + 42), 30, colour, True)
        if won:
            words = f"The battle reaches the goal ({self.puzzle.goal['text']})."
            if self.entry.key.startswith("daily-") and self.streak:
                words += f" Daily streak: {plural(self.streak, 'day')} in a row."
        else:
            short = int(self.result.get("shortfall") or 0)
            words = shortfall_words(self.puzzle.goal, short, self.result_units)
        if self.shown:
            words += " That was the solution, shown: it counts as no attempt."
        else:
            words += f" Attempts on this puzzle: {self.record.attempts}."
        if not self.solution_unlocked():
            left = SOLUTION_AFTER - self.record.attempts
            words += f" The solution can be shown after {plural(left, 'more attempt')}."
        widgets.draw_paragraph(
            surface, words, pygame.Rect(x, MODAL.top + 96, width, MODAL.height - 170), 17
        )
        for button in self.result_buttons():
            button.draw(surface)
