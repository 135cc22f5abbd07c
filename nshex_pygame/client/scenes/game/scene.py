"""The game scene: its state, the engine's game, the flow of play (AI, chance, battles, saves).

:class:`GameScene` inherits only from :class:`Scene`; its input, drawing, words, seat panels
and hover boxes are parts it holds (``input``, ``draw``, ``info``, ``seats``, ``tooltips``),
each given the model and what it reads of the scene (a ``Protocol`` in its module).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from pygame import Surface

from nshex_pygame.client import storage, widgets
from nshex_pygame.client.ai import Thinker, make_bot
from nshex_pygame.client.backdrop import HQ, Panels, battle_scene
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.juice import GameJuice
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.scenes.game import keys
from nshex_pygame.client.scenes.game.bomber import BomberFlights, Flight, where
from nshex_pygame.client.scenes.game.delegate import Delegated
from nshex_pygame.client.scenes.game.draw import GameDrawing
from nshex_pygame.client.scenes.game.helpers import Helpers
from nshex_pygame.client.scenes.game.info import GameInfo
from nshex_pygame.client.scenes.game.input import GameInput
from nshex_pygame.client.scenes.game.layout import (
    ACTIONS,
    AI_SHOW_SECONDS,
    BANNER_SECONDS,
    DRAW_SECONDS,
    LOG,
    MESSAGE_SECONDS,
    TOOL_W,
    TOOLS_X,
    as_hex,
    plain_reason,
)
from nshex_pygame.client.scenes.game.log import Entry, GameLog
from nshex_pygame.client.scenes.game.model import GameModel, Legal
from nshex_pygame.client.scenes.game.motion import LANDING_KINDS, BoardMotion
from nshex_pygame.client.scenes.game.panel import ActionsPanel, ProcedureButton
from nshex_pygame.client.scenes.game.seats import GameSeats
from nshex_pygame.client.scenes.game.telling import Teller
from nshex_pygame.client.scenes.game.tooltips import Tooltips
from nshex_pygame.client.seatpanels import energy_in_view
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.tween import Tween
from nshex_pygame.core import CHANCE, BattleQuestion, EngineError, Game, IllegalActionError


class GameScene(Scene):
    scene_name = "game"

    # The model's state under the scene's names (other scenes and the tests read them so).
    view: Delegated[dict[str, Any]] = Delegated("model")
    mover: Delegated[int] = Delegated("model")
    units: Delegated[dict[Hex, dict[str, Any]]] = Delegated("model")
    netted: Delegated[set[Hex]] = Delegated("model")
    analysis: Delegated[dict[Hex, dict[str, Any]]] = Delegated("model")
    legal: Delegated[Legal] = Delegated("model")
    selected: Delegated[int | None] = Delegated("model")
    partial: Delegated[dict[str, Any]] = Delegated("model")
    unlucky_pick: Delegated[list[int] | None] = Delegated("model")
    facing: Delegated[int] = Delegated("model")
    facing2: Delegated[int] = Delegated("model")
    # ... and the helpers' (the danger view, the hint)
    danger: Delegated[bool] = Delegated("helpers")
    hint_thinker: Delegated[Thinker | None] = Delegated("helpers")
    hint: Delegated[tuple[int, dict[str, Any]] | None] = Delegated("helpers")
    hint_analysis: Delegated[dict[str, Any] | None] = Delegated("helpers")
    hint_close_button: Delegated[widgets.Button] = Delegated("helpers")
    # ... and the board's motion (landings, strikes)
    pops: Delegated[dict[Hex, Tween]] = Delegated("motion")
    strikes: Delegated[list[tuple[str, Hex, Hex | None, Tween]]] = Delegated("motion")
    # ... and the game log's
    log: Delegated[list[Entry]] = Delegated("game_log", "lines")
    # ... and the actions panel's
    buttons: Delegated[list[widgets.Button]] = Delegated("panel")
    procedure_buttons: Delegated[list[ProcedureButton]] = Delegated("panel")
    confirm_button: Delegated[widgets.Button] = Delegated("panel")
    cancel_button: Delegated[widgets.Button] = Delegated("panel")

    def __init__(
        self,
        app: Any,
        game: Game,
        seats: list[SeatSetup],
        *,
        save_path: Path | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__(app)
        # what the scene knows of the game and the player's choice under way (``model.py``)
        self.model: GameModel = GameModel()
        self.info = GameInfo(self)  # the prompt, the reasons (``info.py``)
        self.game = game
        self.seats = seats
        self.armies: list[str] = list(game.view()["armies"])
        self.save_path = save_path
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.board = BoardView.for_board(game.view().get("board"))
        self.notes: list[str] = []
        self.thinkers: dict[int, Thinker] = {}
        for seat, setup in enumerate(seats):
            if not setup.is_human:
                bot, problem = make_bot(setup.player, self.seed + 17 * (seat + 1))
                self.thinkers[seat] = Thinker(bot)
                if problem:
                    self.notes.append(problem)
        self.game_log = GameLog()  # the game's lines in words (``log.py``), told by the teller
        self.teller = Teller(self.armies, self.info.seat_name, self.game_log)
        # tiles put down landing, instants shown on their target (``motion.py``)
        self.motion = BoardMotion()
        # the Mad Bomber flying to the deck it now lies on (D-24), and its leaving the game
        # the animations outside battles: tiles sliding into the hands, the turn banner
        self.juice = GameJuice(lambda: bool(self.app.settings.juice))
        # every seat's panel (``seats.py``), the hover boxes (``tooltips.py``), the drawing
        self.seat_panels = GameSeats(self, self.model)
        self.tooltips = Tooltips(self, self.seat_panels)
        self.drawing = GameDrawing(self, self.seat_panels)
        self.bombers = BomberFlights(self, self.seat_panels)
        self.message = ""
        self.message_info = False
        self.message_time = 0.0
        self.clock = 0.0
        self.wait = 0.0
        self.ai_show: tuple[int, dict[str, Any], float] | None = None
        self.hover_hex: Hex | None = None
        self.hover_hand: tuple[int, int] | None = None
        self.mouse = app.mouse
        self.over_shown = False
        self.resigned = False  # the player gave the game up (the pause menu's Resign)
        self.battle_pending = False
        self.question_scene: Any = None  # the battle scene asking a human a battle question
        # Undo within the turn: the game as it was before each action the engine said could be
        # taken back (``can_take_back``), with the log's length then; cleared by any other.
        self.undo_stack: list[tuple[Game, int]] = []
        # clicks and keys (``input.py``), the actions panel's buttons they run (``panel.py``)
        self.input: GameInput = GameInput(self)
        self.panel = ActionsPanel(self, self.input)
        self._make_buttons()
        # In the log's title row, once the game has fought a battle (not in a lesson).
        self.replays = True
        # A scene that shows this one inside itself (a puzzle, a lesson) and passes it the
        # pointer while its ``lends_pointer()`` says so; its draw ends with the hover box.
        self.host: Any = None
        self.version = 0  # counts the game's changes (the helpers' answers are for one)
        # the danger view and the hint (``helpers.py``), a setting turns them off
        self.helpers = Helpers(self)
        # A lesson or a puzzle narrows the engine's legal actions to the plays it allows: on
        # every refresh, before the buttons are built from them (None: every legal action).
        self.narrow: Callable[[list[tuple[int, dict[str, Any]]]], list[Any]] | None = None
        # A puzzle is no game in progress: no turn count or ending line in the actions panel,
        # and its seats named by their part in it rather than "Human".
        self.turn_status = True
        self.seat_labels: dict[int, str] = {}
        # Hot seat: a banner in the seat's colour when a human seat's turn starts (with two or
        # more human seats at the screen): (seat, seconds left).
        self.banner: tuple[int, float] | None = None
        self.banner_turn: tuple[Any, Any] | None = None
        self._refresh()
        self.teller.earlier_moves(self.game)
        for note in self.notes:
            self.add_log(note, widgets.BAD)

    def _make_buttons(self) -> None:
        """The scene's fixed buttons: play now, the menu, the tools row
        (Undo, Hint, Danger) and the log's "Watch last battle" (their keys from ``keys``)."""
        self.hurry_button = widgets.Button(
            f"Play now ({keys.key_of('hurry')})",
            (ACTIONS.left + 12, ACTIONS.top + 150, ACTIONS.width - 24, 38),
            self.hurry,
            size=16,
        )
        self.menu_button = widgets.Button("Menu", (1196, 752, 62, 36), self.open_menu, size=15)
        self.menu_button.hint = (
            f"The pause menu: save, settings, rules, main menu ({keys.key_of('back')})"
        )
        # The tools row at the bottom of the actions panel (a hover box says what each does).
        self.undo_button = widgets.Button(
            "Undo",
            (TOOLS_X, 752, TOOL_W, 36),
            self.take_back,
            size=14,
            hint="Take back your last placement, move or instant of this turn, as long as it"
            f" revealed nothing ({keys.key_of('take_back')}). Drawn tiles and battles cannot be"
            " taken back.",
        )
        self.hint_button = widgets.Button(
            "Hint",
            (TOOLS_X + TOOL_W + 8, 752, TOOL_W, 36),
            self.ask_hint,
            size=14,
            hint=f"Ask the computer what it would play here ({keys.key_of('hint')}): it is"
            " shown, not played.",
        )
        self.danger_button = widgets.Button(
            "Danger",
            (TOOLS_X + 2 * (TOOL_W + 8), 752, TOOL_W, 36),
            self.toggle_danger,
            size=14,
            hint=f"Show what a battle now would do ({keys.key_of('danger')}): who dies (X), the"
            " hexes hit (orange), what each HQ loses; with a tile held over a hex, with the tile"
            " there.",
        )
        self.tools = [self.undo_button, self.hint_button, self.danger_button]
        self.last_battle_button = widgets.Button(
            "Watch last battle",
            (LOG.right - 158, LOG.top + 5, 148, 26),
            self.watch_last_battle,
            size=13,
            hint="Play the last battle again, on the board as it was then (the replay;"
            " Back returns to the game).",
        )

    # The choice under way is the model's (``model.py``), the clicks and keys that make it
    # the input's (``input.py``); these read it with the hand tile a human holds now.

    def selected_tile(self) -> str | None:
        """The hand tile the human to move holds, if any."""
        if self.model.selected is None or not self.human_to_move():
            return None
        hand = self.hand(self.mover)
        return hand[self.model.selected] if self.model.selected < len(hand) else None

    def candidates(self) -> list[tuple[int, dict[str, Any]]]:
        """The legal actions that agree with everything chosen so far."""
        return self.model.candidates(self.selected_tile())

    def chosen(self) -> tuple[int, dict[str, Any]] | None:
        """The one action the choices so far (with the current facing) name, if complete."""
        return self.model.chosen(self.selected_tile())

    def next_slot(self, cands: list[tuple[int, dict[str, Any]]]) -> str | None:
        return self.model.next_slot(cands)

    def slot_hexes(self, cands: list[tuple[int, dict[str, Any]]], slot: str) -> set[Hex]:
        return self.model.slot_hexes(cands, slot)

    def clear_choice(self) -> None:
        self.model.clear_choice()

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def press_key(self, event: pygame.event.Event) -> None:
        """A key: the first row of the keymap of the scene's mode now that fits it runs."""
        keys.dispatch(self.input.keymap(), self, event)

    def press(self, kind: str) -> None:
        """A button of the actions panel by its kind: end, unlucky, battle, discard, ..."""
        self.input.press(kind)

    def shown_tools(self) -> list[widgets.Button]:
        """The tool buttons on show now (a human's turn only), enabled when they can act."""
        if not self.human_to_move():
            return []
        self.undo_button.enabled = self.can_take_back()
        self.hint_button.enabled = self.hint_thinker is None
        self.danger_button.selected = self.danger
        if not self.helpers_allowed():  # the plain game (a setting)
            return [self.undo_button]
        return list(self.tools)

    def shown_procedures(self) -> list[ProcedureButton]:
        """The procedure buttons (the Duel board, a human's main step)."""
        return self.panel.shown_procedures()

    def _rebuild_buttons(self) -> None:
        self.panel.rebuild()

    def _refresh(self) -> None:
        self.version = getattr(self, "version", 0) + 1
        self.helpers.forget_hint()
        hands_before = self.view.get("hands")  # (None on the first look)
        self.model.read(self.game)
        self.seat_panels.lay_out()
        self._turn_banner()
        self.juice.hands_changed(
            hands_before,
            list(self.view.get("hands") or []),
            lambda seat: self.deck_spot(seat)[0],  # (a drawn tile slides from the deck)
        )
        if self.human_to_move():
            self.legal = self.game.legal_actions_described()
        if self.narrow is not None:
            self.legal = self.narrow(self.legal)
        self._rebuild_buttons()
        self.track_mouse(self.app.mouse)  # the hands changed under a pointer that stood still

    def _turn_banner(self) -> None:
        """A new turn of a human seat, when two or more humans share the screen: its banner."""
        turn = (self.view.get("turn"), self.view.get("to_move"))
        if turn == self.banner_turn:
            return
        seat = turn[1]
        humans = sum(1 for s in self.seats if s.is_human)
        if not (  # (a turn's draws come first: its banner waits for the seat to play)
            isinstance(seat, int)
            and 0 <= seat < len(self.seats)
            and not self.game.is_terminal()
            and self.stage in ("main", "discard", "place_hq", "mercenary", "hire")
            and not self.view.get("credits")  # (points given away after a battle: no new turn)
        ):
            return
        first_look, self.banner_turn = self.banner_turn is None, turn
        if self.seats[seat].is_human and humans > 1:
            self.banner = (seat, BANNER_SECONDS)
        elif not first_look:  # the turn passes: a short banner slides over the board
            you = self.seats[seat].is_human
            who = "your move" if you else self.seat_name(seat)
            words = f"Turn {turn[0]}: {who}" if self.turn_status else who[:1].upper() + who[1:]
            self.juice.turn_passed(
                words, self.seat_panels.seat_colour(seat)
            )  # (a puzzle counts no turns)

    # The helpers are their component's (``helpers.py``); whether they are allowed is the
    # scene's (a setting; a puzzle turns them off).

    def helpers_allowed(self) -> bool:
        return bool(self.app.settings.helpers)

    def toggle_danger(self) -> None:
        self.helpers.toggle_danger()

    def danger_view(self) -> dict[str, Any] | None:
        return self.helpers.danger_view()

    def preview_action(self) -> int | None:
        return self.helpers.preview_action()

    def ask_hint(self) -> None:
        self.helpers.ask_hint()

    def move_words(self, move: dict[str, Any]) -> str:
        return self.helpers.move_words(move)

    def hint_panel_shown(self) -> bool:
        return self.helpers.hint_panel_shown()

    def close_hint_panel(self) -> None:
        self.helpers.close_hint_panel()

    def hint_chance(self) -> float | None:
        return self.helpers.hint_chance()

    def hint_hexes(self) -> list[Hex]:
        return self.helpers.hint_hexes()

    def hint_colour(self) -> tuple[int, ...]:
        return self.helpers.hint_colour()

    # The words are the info's (``info.py``), the hover boxes the tooltips' (``tooltips.py``);
    # these are the scene's names for what other scenes and parts ask of it.

    def prompt(self) -> str:
        return self.info.prompt()

    def seat_name(self, seat: int) -> str:
        return self.info.seat_name(seat)

    def seat_words(self, seat: int) -> str:
        return self.info.seat_words(seat)

    def unusable(self, seat: int, index: int) -> str | None:
        return self.info.unusable(seat, index)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hover box of what is under the pointer (a host draws it over its own card)."""
        self.tooltips.draw(surface)

    def hinted_buttons(self) -> list[widgets.Button]:
        """The buttons on show whose hover box says what they do."""
        watch = [self.last_battle_button] if self.can_watch_last_battle() else []
        hinted = [b for b in [*self.buttons, *self.shown_procedures()] if b.hint]
        return [*hinted, *self.shown_tools(), self.menu_button, *watch]

    def offered_buttons(self) -> list[widgets.Button]:
        """The actions panel's buttons (a Mercenary offered shows its tile's hover box)."""
        return list(self.buttons)

    # The pictures are the drawing's (``draw.py``) and the seat panels' (``seats.py``).

    def draw(self, surface: pygame.Surface, *, hq: list[int] | None = None) -> None:
        self.drawing.draw(surface, hq=hq)

    def draw_backdrop(
        self, surface: Surface, *, hq: HQ = None, prompt: str | None = None, panels: Panels = None
    ) -> None:
        """The seats' panels and the prompt (a battle played back over the game draws it
        with its own HQs, caption and panels)."""
        self.drawing.draw_backdrop(surface, hq, prompt, panels)

    def preview(self) -> tuple[str, Hex, int, int] | None:
        return self.drawing.preview()

    def rings(self) -> list[tuple[int, int, int]] | None:
        return self.seat_panels.rings()

    def points_game(self) -> bool:
        return self.seat_panels.points_game()

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return self.seat_panels.seat_colour(seat)

    def hand_rects(self, seat: int) -> list[tuple[pygame.Rect, tuple[float, float]]]:
        return self.seat_panels.hand_rects(seat)

    def hand_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.seat_panels.hand_at(pos)

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        return self.drawing.log_entry_at(pos)

    def log_hexes(self, entry: int) -> list[Hex]:
        """The hexes the log's ``entry`` speaks of."""
        return list(self.log[entry][2])

    # The Mad Bomber's flights are their component's (``bomber.py``).

    @property
    def flights(self) -> list[Flight]:
        return self.bombers.flights

    @property
    def bomber_gone(self) -> float:
        return self.bombers.gone

    def deck_spot(self, seat: int) -> tuple[tuple[float, float], float]:
        return self.bombers.deck_spot(seat)

    def energy_in_play(self) -> bool:
        """The Duel board with two seats: energy, terminals and procedures."""
        return energy_in_view(self.view)

    def links(self) -> set[Hex]:
        """The Duel board's Links, as the engine's view lists them."""
        return {as_hex(t) for t in self.view.get("links") or []}

    def human_to_move(self) -> bool:
        return self.mover >= 0 and self.seats[self.mover].is_human and not self.game.is_terminal()

    @property
    def stage(self) -> str:
        return self.model.stage

    def hand(self, seat: int) -> list[str]:
        return self.model.hand(seat)

    def track_mouse(self, pos: tuple[int, int]) -> None:
        """What the pointer is over: a hex, a tile in a hand (the hover box follows it)."""
        self.mouse = pos
        self.hover_hex = self.board.hex_at(pos)
        self.hover_hand = self.hand_at(pos)

    def add_log(self, line: str, colour: tuple[int, ...] = widgets.TEXT, hexes: Any = ()) -> None:
        """A line of the game log, with the hexes it speaks of (lit while it is hovered). The
        log keeps the whole game; it scrolls."""
        self.game_log.add(line, colour, hexes)

    def say(self, message: str, *, info: bool = False) -> None:
        """Show a line under the board: why a click did nothing, or (``info``) what to do."""
        self.message = message
        self.message_info = info
        self.message_time = MESSAGE_SECONDS

    def apply(self, action: int) -> bool:
        """Play one action through the engine; False (and the reason shown) if refused."""
        before_view = self.view
        battles = self.game.battles
        seat = self.mover
        desc = self.game.describe_action(action)
        before_units = self.units
        bombers = where(self.game, self.units, self.view)
        # A human's action that reveals nothing and hands nothing over may be taken back.
        undoable = seat >= 0 and self.seats[seat].is_human and self.game.can_take_back(action)
        snapshot = (self.game.clone(), len(self.log)) if undoable else None
        try:
            self.game.apply_action(action)
        except IllegalActionError as exc:
            self.say(plain_reason(exc))
            return False
        except EngineError as exc:  # a bug in the engine: say so, keep the window
            self.say(f"The engine failed on this action: {exc}")
            self.add_log(f"Engine error: {exc}", widgets.BAD)
            return False
        self.message_time = 0  # a hint or a refusal from before this action is out of date
        if snapshot is not None:
            self.undo_stack.append(snapshot)
        else:
            self.undo_stack.clear()
        self.teller.action(seat, desc, before_units, self.game, battles)
        if desc.get("kind") in LANDING_KINDS:
            self.app.sounds.play("place")
        self.motion.played(desc, landings=bool(self.app.settings.juice))  # a bounce, a strike
        self.clear_choice()
        self._refresh()
        self.bombers.follow(bombers, where(self.game, self.units, self.view))
        if self.mover != seat:
            self.undo_stack.clear()  # the turn passed (or a draw, a battle): nothing to take back
        question = self.human_question()
        if self.game.battles != battles:
            self.teller.battle(self.game)
            self.start_battle(before_view)
        if question is not None:  # (after the battle just finished, when one action led to two)
            self.ask(question)
        elif self.question_scene is not None:
            self.close_question()  # (a question for a computer seat: its bot answers)
        if (
            self.view.get("turn") != before_view.get("turn")
            or self.game.is_terminal()
            or question is not None  # a waiting battle is saved with its answers so far
        ):
            self.autosave()
        return True

    def can_take_back(self) -> bool:
        return bool(self.undo_stack) and self.human_to_move()

    def take_back(self) -> bool:
        """Undo the last action of this turn (one the engine said could be taken back): the
        game goes back to the copy kept before it, its log lines go too. False if none."""
        if not self.can_take_back():
            if self.human_to_move():
                self.say(
                    "Nothing to take back: only this turn's placements, moves and instants"
                    " that revealed nothing can be."
                )
            return False
        game, log_length = self.undo_stack.pop()
        taken = self.log[log_length][0] if log_length < len(self.log) else ""
        self.game = game
        del self.log[log_length:]
        self.clear_choice()
        self.pops.clear()
        self.juice.clear()
        self._refresh()
        self.app.sounds.play("click")
        if taken:
            self.say(f"Taken back: {taken}", info=True)
        return True

    def human_question(self) -> BattleQuestion | None:
        """The battle question the game waits for, when a human seat is to answer it."""
        if self.stage != "battle_choice":
            return None
        question = self.game.battle_question()
        if question is None or not self.seats[int(question["seat"])].is_human:
            return None
        return question

    def ask(self, question: BattleQuestion) -> None:
        """Show the battle so far and ask ``question`` (in the open battle scene, if any)."""
        scene = self.question_scene
        if scene is not None and scene in self.app.stack.scenes:
            scene.ask(question)
            return
        hq_before = list(question["hq_hp_before"])
        scene = battle_scene(
            self.app, self, question, hq_before, question=question, on_answer=self.apply
        )
        self.question_scene = scene
        top = self.app.stack.top
        if (
            top is not None
            and top.scene_name == "battle"
            and getattr(top, "question", None) is None
        ):
            self.app.stack.push_below(scene, top)  # the battle before it is played back first
        else:
            self.app.stack.push(scene)

    def close_question(self) -> None:
        scene, self.question_scene = self.question_scene, None
        if scene is not None and scene in self.app.stack.scenes:
            scene.question = None
            scene.close()

    def start_battle(self, before_view: dict[str, Any]) -> None:
        """Play the battle just finished back (going on in the scene that asked, if any)."""
        battle = self.game.last_battle()
        if not battle:
            return
        hq_before = list(battle.get("hq_hp_before") or before_view["hq_hp"])
        scene, self.question_scene = self.question_scene, None
        if scene is not None and scene in self.app.stack.scenes:
            if scene.to_move is None:  # the panels light the seat that started the battle
                scene.to_move = before_view.get("to_move")
            scene.conclude(
                battle["before"],
                battle["phases"],
                hq_before,
                result_units=self.view["units"],
                result_hq=list(self.view["hq_hp"]),
            )
            return
        played = battle_scene(
            self.app,
            self,
            battle,
            hq_before,
            result_units=self.view["units"],
            result_hq=list(self.view["hq_hp"]),
            to_move=before_view.get("to_move"),
        )
        self.app.stack.push(played)

    def autosave(self) -> None:
        if self.save_path is None or self.resigned:
            return
        try:
            storage.save_game(self.save_path, self.seats, self.game.save())
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")

    def save_copy(self) -> Path | None:
        path = storage.copy_path()  # a new name: two copies in a second both kept
        try:
            storage.save_game(path, self.seats, self.game.save())
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")
            return None
        self.say(f"Saved as {path.name}", info=True)
        return path

    def update(self, dt: float) -> None:
        self.clock += dt
        self.helpers.update_hint()
        if self.banner is not None:
            seat, left = self.banner
            self.banner = (seat, left - dt) if left > dt else None
        if self.message_time > 0:
            self.message_time -= dt
        speed = max(0.25, self.app.settings.animation_speed)
        self.motion.update(dt * speed)
        self.juice.update(dt * speed)
        self.bombers.update(dt * speed)
        if self.game.is_terminal():
            if not self.over_shown:
                self.over_shown = True
                self.autosave()
                self.app.open("gameover", self)
            return
        if self.stage == "battle_choice":
            question = self.human_question()
            if question is not None:  # e.g. a loaded game waiting for an answer
                self.question_scene = None
                self.ask(question)
                return
        if self.mover == CHANCE:
            if self.flights:
                return  # the Mad Bomber lands on its deck before the next draw
            self.wait += dt * speed
            if self.wait >= DRAW_SECONDS:
                self.wait = 0.0
                draw = self.game.natural_draw()
                if draw is not None:
                    self.apply(draw)
            return
        thinker = self.thinkers.get(self.mover)
        if thinker is None:
            return
        if self.ai_show is not None:
            action, desc, left = self.ai_show
            left -= dt * speed
            if left > 0:
                self.ai_show = (action, desc, left)
                return
            self.ai_show = None
            if not self.apply(action):
                self.add_log(f"The AI chose an illegal action: {desc.get('text')}", widgets.BAD)
            return
        if thinker.busy:
            thinker.elapsed += dt
            return
        if thinker.done:
            if thinker.error is not None:
                self.say(f"The AI failed: {thinker.error}")
                self.add_log(f"AI error: {thinker.error}", widgets.BAD)
                thinker.thread = None
                fallback = self.game.legal_actions()
                if fallback:
                    self.apply(fallback[0])
                return
            taken = thinker.take()
            if taken is not None:
                desc = self.game.describe_action(taken)
                quick = desc.get("kind") in ("end", "discard")
                self.ai_show = (taken, desc, AI_SHOW_SECONDS * (0.5 if quick else 1.0))
            return
        thinker.start(self.game)

    def wait_for_ai(self, timeout: float | None = 10.0) -> None:
        """Let a thinking bot finish (for tests and tools that step time faster than real)."""
        thinker = self.thinkers.get(self.mover)
        if thinker is not None:
            thinker.wait(timeout)

    def busy(self) -> bool:
        """Tiles dropping, a computer's move being shown, a draw, a bot thinking (the spinner
        turns), the game just over: the picture changes by itself."""
        if self.hint_thinker is not None:
            return True  # a hint being thought of
        if self.motion.moving() or self.bombers.moving() or self.juice.moving():
            return True
        if self.ai_show is not None or self.mover == CHANCE:
            return True
        if self.game.is_terminal():
            return not self.over_shown
        return self.mover in self.thinkers

    def look(self) -> object:
        # the line under the board and the turn banner go when their time is up (one redraw
        # each, not an animation: an idle turn stays idle)
        return self.message_time > 0, self.banner is not None

    def on_resume(self) -> None:
        """Back on top: the pointer moved while another scene had the events."""
        self.track_mouse(self.app.mouse)

    def on_exit(self) -> None:
        for thinker in [*self.thinkers.values(), self.hint_thinker]:
            if thinker is not None:
                thinker.cancel()
        self.autosave()  # closing the window mid-turn keeps the game too

    def hurry(self) -> None:
        """The computer should play its best move found so far."""
        thinker = self.thinkers.get(self.mover)
        if thinker is not None and thinker.can_hurry:
            thinker.hurry()

    def open_menu(self) -> None:
        self.app.open("pause", self)

    def can_resign(self) -> bool:
        """A game against the computer still going on can be given up (hot seat: no "you"
        to give it up)."""
        humans = [seat for seat in self.seats if seat.is_human]
        return 0 < len(humans) < len(self.seats) and not self.game.is_terminal()

    def resign(self) -> None:
        """The player gives the game up: the game-over screen says so; the game ends there
        (the computer stops thinking, and the last game is no longer offered to continue)."""
        if not self.can_resign():
            return
        self.resigned = self.over_shown = True
        for thinker in [*self.thinkers.values(), self.hint_thinker]:
            if thinker is not None:
                thinker.cancel()
        if self.save_path is not None and self.save_path == storage.autosave_path():
            problem = storage.delete_save(self.save_path)
            if problem:
                self.say(problem)
        self.app.open("gameover", self)

    def can_watch_last_battle(self) -> bool:
        return self.replays and self.game.battles > 0

    def watch_last_battle(self) -> None:
        """The game's last battle played again, on the board as it was then (the replay opened
        on the move that fought it, the battle playing at once; Back returns here)."""
        if self.can_watch_last_battle():
            self.app.open("replay", self.game, list(self.seats), at="last_battle", play_battle=True)
