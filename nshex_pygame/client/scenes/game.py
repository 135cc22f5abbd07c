"""The game: the board, both hands, the turn, the AI, and the way into battles and game over.

Everything the rules allow comes from the engine: the scene asks ``legal_actions()``, reads
each one with ``describe_action`` and narrows that list with the player's clicks (a tile from
the hand, then a hex, then a facing, then a confirming click). A click no legal action uses is
explained (the engine's own reason when it has one) and changes nothing.
"""

from __future__ import annotations

import math
import random
import re
import time
from pathlib import Path
from typing import Any

import pygame

from nshex_pygame.client import hexgeo, rulestext, storage, tileart, widgets
from nshex_pygame.client.ai import Thinker, make_bot
from nshex_pygame.client.board import BoardView, Marks
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.tween import Tween, Tweens, ease_out
from nshex_pygame.client.words import action_words, army_name, tile_name
from nshex_pygame.core import CHANCE, EngineError, Game, IllegalActionError

INSTANT_KINDS = {
    "battle": "battle",
    "move": "move",
    "push_back": "push_back",
    "sniper": "sniper",
    "grenade": "grenade",
    "air_strike": "air_strike",
}
# The hexes of an action, in the order the player clicks them (the facing comes last).
SLOTS = {
    "place_hq": ("at",),
    "place": ("at",),
    "move": ("from", "to"),
    "mobility": ("from", "to"),
    "transport": ("from", "to"),
    "push_back": ("from", "target"),
    "push_to": ("at",),
    "sniper": ("target",),
    "grenade": ("target",),
    "air_strike": ("target",),
}
BOARD_KINDS_WITHOUT_TILE = ("place_hq", "push_to", "mobility", "transport")
HAND_SIZE = 46
LEFT = pygame.Rect(10, 10, 300, 390)
RIGHT = pygame.Rect(970, 10, 300, 390)
LOG = pygame.Rect(10, 410, 300, 380)
ACTIONS = pygame.Rect(970, 410, 300, 380)
LEGAL_FILL = (255, 210, 70, 70)
LEGAL_EDGE = (255, 210, 70)
PICK_EDGE = (120, 230, 255)
AI_EDGE = (255, 120, 220)
SEAT_RINGS = [(255, 236, 150), (150, 220, 255)]
AI_SHOW_SECONDS = 1.1
POP_SECONDS = 0.3
DRAW_SECONDS = 0.25
MESSAGE_SECONDS = 6.0


def _key(at: Any) -> Hex:
    return int(at[0]), int(at[1])


class GameScene(Scene):
    scene_name = "game"

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
        self.game = game
        self.seats = seats
        self.armies: list[str] = list(game.view()["armies"])
        self.save_path = save_path
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.board = BoardView()
        self.notes: list[str] = []
        self.thinkers: dict[int, Thinker] = {}
        for seat, setup in enumerate(seats):
            if not setup.is_human:
                bot, problem = make_bot(setup.player, self.seed + 17 * (seat + 1))
                self.thinkers[seat] = Thinker(bot)
                if problem:
                    self.notes.append(problem)
        self.log: list[tuple[str, tuple[int, ...]]] = []
        self.tweens = Tweens()
        self.pops: dict[Hex, Tween] = {}  # tiles just put down, growing into place
        self.message = ""
        self.message_info = False
        self.message_time = 0.0
        self.clock = 0.0
        self.wait = 0.0
        self.ai_show: tuple[int, dict[str, Any], float] | None = None
        self.hover_hex: Hex | None = None
        self.hover_hand: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.selected: int | None = None  # index in the mover's hand
        self.partial: dict[str, Any] = {}
        self.facing = 0
        self.over_shown = False
        self.battle_pending = False
        self.question_scene: Any = None  # the battle scene asking a human a battle question
        self.buttons: list[widgets.Button] = []
        self.confirm_button = widgets.Button("Confirm (Enter)", (0, 0, 1, 1), self.confirm)
        self.cancel_button = widgets.Button("Undo (Esc)", (0, 0, 1, 1), self.undo)
        self.hurry_button = widgets.Button(
            "Play now (M)",
            (ACTIONS.left + 12, ACTIONS.top + 150, ACTIONS.width - 24, 38),
            self.hurry,
            size=16,
        )
        self.menu_button = widgets.Button(
            "Menu (Esc)", (1160, 752, 104, 36), self.open_menu, size=15
        )
        self._refresh()
        earlier = [line for line in game.history() if not line.startswith("draw ")]
        if earlier:
            self.add_log(f"Loaded after {len(earlier)} moves; the last ones:", widgets.DIM)
            for line in earlier[-8:]:
                self.add_log(f"  {line}", widgets.DIM)
        for note in self.notes:
            self.add_log(note, widgets.BAD)

    # --- state --------------------------------------------------------------------------------

    def _refresh(self) -> None:
        self.view = self.game.view()
        self.mover = self.game.current_player()
        self.effects = {_key(e["at"]): e for e in self.view.get("board_effects") or []}
        self.netted = {at for at, e in self.effects.items() if e.get("netted")}
        self.units = {_key(u["at"]): u for u in self.view["units"]}
        self.analysis: dict[Hex, dict[str, Any]] = {
            _key(a["at"]): a for a in self.game.position.analysis()
        }
        self.legal: list[tuple[int, dict[str, Any]]] = []
        if self.human_to_move():
            self.legal = [(a, self.game.describe_action(a)) for a in self.game.legal_actions()]
        self._rebuild_buttons()

    def human_to_move(self) -> bool:
        return self.mover >= 0 and self.seats[self.mover].is_human and not self.game.is_terminal()

    @property
    def stage(self) -> str:
        return str(self.view.get("stage", {}).get("kind", ""))

    def hand(self, seat: int) -> list[str]:
        hands = self.view.get("hands") or []
        return list(hands[seat]) if seat < len(hands) else []

    def add_log(self, line: str, colour: tuple[int, ...] = widgets.TEXT) -> None:
        self.log.append((line, colour))
        del self.log[:-200]

    def say(self, message: str, *, info: bool = False) -> None:
        """Show a line under the board: why a click did nothing, or (``info``) what to do."""
        self.message = message
        self.message_info = info
        self.message_time = MESSAGE_SECONDS

    # --- applying actions ---------------------------------------------------------------------

    def apply(self, action: int) -> bool:
        """Play one action through the engine; False (and the reason shown) if refused."""
        before_view = self.view
        battles = self.game.battles
        seat = self.mover
        desc = self.game.describe_action(action)
        try:
            self.game.apply_action(action)
        except IllegalActionError as exc:
            self.say(plain_reason(str(exc)))
            return False
        except EngineError as exc:  # a bug in the engine: say so, keep the window
            self.say(f"The engine failed on this action: {exc}")
            self.add_log(f"Engine error: {exc}", widgets.BAD)
            return False
        if desc.get("kind") != "draw":
            who = army_name(self.armies[seat]) if seat >= 0 else "Chance"
            colour = tileart.lighter(tileart.army_colour(self.armies[seat]), 0.55)
            self.add_log(f"{who} {action_words(desc)}", colour)
        if desc.get("kind") in ("place", "place_hq", "move", "mobility", "transport", "push_to"):
            self.app.sounds.play("place")
            landed = desc.get("at") or desc.get("to")
            if landed is not None:  # the tile drops onto the board
                self.pops[_key(landed)] = self.tweens.add(Tween(POP_SECONDS, ease_out))
        self.clear_choice()
        self._refresh()
        question = self.human_question()
        if self.game.battles != battles:
            self.log_battle()
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

    # --- battles ------------------------------------------------------------------------------

    def human_question(self) -> dict[str, Any] | None:
        """The battle question the game waits for, when a human seat is to answer it."""
        if self.stage != "battle_choice":
            return None
        question = self.game.battle_question()
        if question is None or not self.seats[int(question["seat"])].is_human:
            return None
        return question

    def ask(self, question: dict[str, Any]) -> None:
        """Show the battle so far and ask ``question`` (in the open battle scene, if any)."""
        scene = self.question_scene
        if scene is not None and scene in self.app.stack.scenes:
            scene.ask(question)
            return
        scene = self.app.make(
            "battle",
            self.board,
            self.armies,
            question["before"],
            question["phases"],
            list(question["hq_hp_before"]),
            backdrop=self,
            question=question,
            on_answer=self.apply,
        )
        self.question_scene = scene
        top = self.app.stack.top
        if top is not None and top.scene_name == "battle" and top.question is None:
            self.app.stack.push_below(scene, top)  # the battle before it is played back first
        else:
            self.app.stack.push(scene)

    def close_question(self) -> None:
        scene, self.question_scene = self.question_scene, None
        if scene is not None and scene in self.app.stack.scenes:
            scene.question = None
            scene.close()

    def log_battle(self) -> None:
        battle = self.game.last_battle()
        if not battle:
            return
        removed = sum(
            1
            for phase in battle["phases"]
            for event in phase["events"]
            if event.get("kind") == "removed"
        )
        hp = " : ".join(str(h) for h in self.view["hq_hp"])
        self.add_log(
            f"Battle {self.game.battles}: {removed} tile{'s' if removed != 1 else ''} removed,"
            f" HQ hit points {hp}",
            widgets.ACCENT,
        )

    def start_battle(self, before_view: dict[str, Any]) -> None:
        """Play the battle just finished back (going on in the scene that asked, if any)."""
        battle = self.game.last_battle()
        if not battle:
            return
        hq_before = list(battle.get("hq_hp_before") or before_view["hq_hp"])
        scene, self.question_scene = self.question_scene, None
        if scene is not None and scene in self.app.stack.scenes:
            scene.conclude(
                battle["before"],
                battle["phases"],
                hq_before,
                result_units=self.view["units"],
                result_hq=list(self.view["hq_hp"]),
            )
            return
        self.app.open(
            "battle",
            self.board,
            self.armies,
            battle["before"],
            battle["phases"],
            hq_before,
            backdrop=self,
            result_units=self.view["units"],
            result_hq=list(self.view["hq_hp"]),
        )

    def autosave(self) -> None:
        if self.save_path is None:
            return
        try:
            storage.save_game(self.save_path, self.seats, self.game.save())
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")

    def save_copy(self) -> Path | None:
        path = storage.saves_dir() / time.strftime("game-%Y%m%d-%H%M%S.json")
        try:
            storage.save_game(path, self.seats, self.game.save())
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")
            return None
        self.say(f"Saved as {path.name}", info=True)
        return path

    # --- the flow of play ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.message_time > 0:
            self.message_time -= dt
        speed = max(0.25, self.app.settings.animation_speed)
        self.tweens.update(dt * speed)
        self.pops = {at: tween for at, tween in self.pops.items() if not tween.done}
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
            action = thinker.take()
            if action is not None:
                desc = self.game.describe_action(action)
                quick = desc.get("kind") in ("end", "discard")
                self.ai_show = (action, desc, AI_SHOW_SECONDS * (0.5 if quick else 1.0))
            return
        thinker.start(self.game)

    def wait_for_ai(self, timeout: float | None = 10.0) -> None:
        """Let a thinking bot finish (for tests and tools that step time faster than real)."""
        thinker = self.thinkers.get(self.mover)
        if thinker is not None:
            thinker.wait(timeout)

    def on_exit(self) -> None:
        for thinker in self.thinkers.values():
            thinker.cancel()
        self.autosave()  # closing the window mid-turn keeps the game too

    def hurry(self) -> None:
        """The computer should play its best move found so far."""
        thinker = self.thinkers.get(self.mover)
        if thinker is not None and thinker.can_hurry:
            thinker.hurry()

    def open_menu(self) -> None:
        self.app.open("pause", self)

    # --- choosing an action -------------------------------------------------------------------

    def clear_choice(self) -> None:
        self.selected = None
        self.partial = {}

    def selected_tile(self) -> str | None:
        if self.selected is None or not self.human_to_move():
            return None
        hand = self.hand(self.mover)
        return hand[self.selected] if self.selected < len(hand) else None

    def candidates(self) -> list[tuple[int, dict[str, Any]]]:
        """The legal actions that agree with everything chosen so far."""
        tile = self.selected_tile()
        out = []
        for action, desc in self.legal:
            kind = desc.get("kind")
            if tile is not None:
                info = tileart.info_of(tile)
                if info.get("kind") == "instant":
                    wanted = INSTANT_KINDS.get(tile.partition(".")[2])
                    if kind != wanted:
                        continue
                elif not (kind == "place" and desc.get("tile") == tile):
                    continue
            elif kind not in BOARD_KINDS_WITHOUT_TILE:
                continue
            if self.partial.get("kind") and not self._same_kind(kind, self.partial["kind"]):
                continue
            if any(
                _key(desc[slot]) != value
                for slot, value in self.partial.items()
                if slot != "kind" and slot in desc
            ):
                continue
            out.append((action, desc))
        return out

    @staticmethod
    def _same_kind(a: Any, b: Any) -> bool:
        moves = ("mobility", "transport")
        return a == b or (a in moves and b in moves)

    def next_slot(self, cands: list[tuple[int, dict[str, Any]]]) -> str | None:
        for _action, desc in cands:
            for slot in SLOTS.get(str(desc.get("kind")), ()):
                if slot not in self.partial:
                    return slot
        return None

    def slot_hexes(self, cands: list[tuple[int, dict[str, Any]]], slot: str) -> set[Hex]:
        return {_key(d[slot]) for _a, d in cands if slot in d}

    def facings(self, cands: list[tuple[int, dict[str, Any]]]) -> list[int]:
        return sorted({int(d["facing"]) for _a, d in cands if "facing" in d})

    def chosen(self) -> tuple[int, dict[str, Any]] | None:
        """The one action the choices so far (with the current facing) name, if complete."""
        cands = self.candidates()
        if not cands or self.next_slot(cands) is not None:
            return None
        faces = self.facings(cands)
        if faces:
            if self.facing not in faces:
                return None
            cands = [(a, d) for a, d in cands if d.get("facing") == self.facing]
        if not cands:
            return None
        # Mobility first when both a Mobility and a Transport move fit.
        cands.sort(key=lambda ad: 0 if ad[1].get("kind") != "transport" else 1)
        return cands[0]

    def default_facing(self, at: Hex, faces: list[int]) -> int:
        """Facing the enemy HQ, when that is legal (a convenience, not a rule)."""
        if not faces:
            return self.facing
        if self.facing in faces and self.partial.get("rotated"):
            return self.facing
        enemy = next(
            (
                _key(u["at"])
                for u in self.view["units"]
                if u["seat"] != self.mover and tileart.info_of(u["tile"]).get("kind") == "hq"
            ),
            None,
        )
        if enemy is None or enemy == at:
            return faces[0]
        ex, ey = self.board.pixel(enemy)
        ax, ay = self.board.pixel(at)
        angle = math.atan2(ey - ay, ex - ax)
        return min(faces, key=lambda f: abs(_angle_diff(hexgeo.edge_angle(f), angle)))

    def rotate(self, step: int) -> None:
        cands = self.candidates()
        faces = self.facings(cands)
        if not faces:
            return
        if self.facing not in faces:
            self.facing = faces[0]
        else:
            self.facing = faces[(faces.index(self.facing) + step) % len(faces)]
        self.partial["rotated"] = True
        self.app.sounds.play("click")

    def click_hand(self, seat: int, index: int) -> None:
        if not self.human_to_move():
            self.say("Wait: it is not a human player's turn.")
            return
        if seat != self.mover:
            self.say(
                f"That tile is in {army_name(self.armies[seat])}'s hand; it is not their turn."
            )
            return
        hand = self.hand(seat)
        if index >= len(hand):
            return
        tile = hand[index]
        if self.selected == index and not self.partial:
            # a second click on the tile: discard it (discard stage) or start the battle
            for action, desc in self.legal:
                if (
                    self.stage == "discard"
                    and desc.get("kind") == "discard"
                    and desc.get("tile") == tile
                ):
                    self.apply(action)
                    return
                if desc.get("kind") == "battle" and tile.endswith(".battle"):
                    self.apply(action)
                    return
        uses = [
            d
            for _a, d in self.legal
            if d.get("tile") == tile
            or (
                tileart.info_of(tile).get("kind") == "instant"
                and d.get("kind") == INSTANT_KINDS.get(tile.partition(".")[2])
            )
        ]
        self.selected = index
        self.partial = {}
        if not uses:
            self.say(f"{tile_name(tile)} cannot be used now; " + self.stage_hint())
        elif self.stage == "discard":
            self.say(f"Click {tile_name(tile)} again (or Discard) to discard it.", info=True)
        else:
            self.message_time = 0
        self.app.sounds.play("click")

    def stage_hint(self) -> str:
        stage = self.stage
        if stage == "discard":
            return "you hold three tiles: discard one first."
        if stage == "push_to":
            return "the pushed unit's owner must choose where it goes."
        if stage == "place_hq":
            return "place your HQ first."
        return "no legal action uses it."

    def click_hex(self, at: Hex) -> None:
        if not self.human_to_move():
            self.say("Wait: it is not a human player's turn.")
            return
        cands = self.candidates()
        slot = self.next_slot(cands)
        if slot is not None:
            hexes = self.slot_hexes(cands, slot)
            if at in hexes:
                self.partial.setdefault("kind", cands[0][1].get("kind"))
                self.partial[slot] = at
                rest = self.candidates()
                if slot in ("at", "to"):
                    self.facing = self.default_facing(at, self.facings(rest))
                self.app.sounds.play("click")
                return
        else:
            last = self._last_hex()
            if last is not None and at == last:
                self.confirm()
                return
        if self.selected is None and not self.partial:
            own = self.units.get(at)
            if own is not None and own.get("seat") == self.mover:
                self.say(self._why_not_move(at))
                return
        self.say(self.explain(at, cands, slot))

    def _last_hex(self) -> Hex | None:
        for slot in ("to", "target", "at"):
            if slot in self.partial:
                return self.partial[slot]
        return None

    def confirm(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            cands = self.candidates()
            if cands and self.next_slot(cands) is None and self.facings(cands):
                self.say("That facing is not allowed here; turn the tile with the wheel or Q/E.")
            else:
                self.say("Choose where first: the legal hexes are lit.")
            return
        self.apply(chosen[0])

    def _why_not_move(self, at: Hex) -> str:
        line = f"mobility {at[0]},{at[1]} -> {at[0]},{at[1]} 0"
        reason = self._engine_reason(line)
        unit = self.units.get(at)
        name = tile_name(unit["tile"]) if unit else "This unit"
        return f"{name} cannot move by itself now" + (f": {reason}" if reason else ".")

    def _engine_reason(self, line: str) -> str | None:
        try:
            self.game.string_to_action(line)
        except IllegalActionError as exc:
            return plain_reason(str(exc))
        except Exception:
            return None
        return None

    def explain(self, at: Hex, cands: list[tuple[int, dict[str, Any]]], slot: str | None) -> str:
        """Why a click on ``at`` does nothing: the engine's reason when one can be asked."""
        tile = self.selected_tile()
        q, r = at
        line = None
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            line = f"place {tile} {q},{r} {self.facing}"
        elif tile is not None:
            kind = INSTANT_KINDS.get(tile.partition(".")[2])
            if kind in ("sniper", "grenade", "air_strike"):
                line = f"play {kind} {q},{r}"
            elif kind == "move" and "from" in self.partial:
                f = self.partial["from"]
                line = f"play move {f[0]},{f[1]} -> {q},{r} {self.facing}"
            elif kind == "push_back" and "from" in self.partial:
                f = self.partial["from"]
                line = f"play push_back {f[0]},{f[1]} -> {q},{r}"
            elif kind == "battle":
                return "Battle needs no target: click the tile again or press Start battle."
        elif self.stage == "place_hq":
            line = f"hq {q},{r}"
        elif self.stage == "push_to":
            line = f"push_to {q},{r}"
        reason = self._engine_reason(line) if line else None
        if reason:
            return reason
        if not self.legal:
            return "Nothing to do here now."
        if tile is None and self.stage == "main":
            return "Pick a tile from your hand first (or click a unit that can move)."
        if self.stage == "discard":
            return "You hold three tiles: discard one first (click it in your hand)."
        return "No legal action uses this hex now."

    def undo(self) -> bool:
        """Take back the last unconfirmed choice; False if there was none."""
        for slot in ("to", "target", "at", "from"):
            if slot in self.partial:
                del self.partial[slot]
                if not any(k in self.partial for k in ("to", "target", "at", "from")):
                    self.partial = {}
                return True
        if self.selected is not None:
            self.selected = None
            return True
        return False

    def press(self, kind: str) -> None:
        """A button: end, unlucky, battle, discard (the selected tile)."""
        if kind == "discard":
            tile = self.selected_tile()
            for action, desc in self.legal:
                if desc.get("kind") == "discard" and desc.get("tile") == tile:
                    self.apply(action)
                    return
            self.say("Select a tile in your hand to discard.")
            return
        for action, desc in self.legal:
            if desc.get("kind") == kind:
                self.apply(action)
                return
        self.say("That is not allowed now.")

    # --- input --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.menu_button.handle(event):
            return
        thinker = self.thinkers.get(self.mover)
        if thinker is not None and thinker.can_hurry and self.hurry_button.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_hex = self.board.hex_at(event.pos)
            self.hover_hand = self.hand_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                hand = self.hand_at(event.pos)
                at = self.board.hex_at(event.pos)
                if hand is not None:
                    self.click_hand(*hand)
                elif at is not None:
                    self.click_hex(at)
            elif event.button == 3:
                self.undo()
        elif event.type == pygame.MOUSEWHEEL:  # (the wheel's legacy buttons 4 and 5 are ignored)
            if event.y:
                self.rotate(-1 if event.y > 0 else 1)
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                if not self.undo():
                    self.open_menu()
            elif key in (pygame.K_q, pygame.K_LEFT):
                self.rotate(-1)
            elif key in (pygame.K_e, pygame.K_RIGHT, pygame.K_r):
                self.rotate(1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.partial:
                    self.confirm()
                elif (tile := self.selected_tile()) and tile.endswith(".battle"):
                    self.press("battle")
            elif key == pygame.K_SPACE and self.human_to_move():
                if any(d.get("kind") == "end" for _a, d in self.legal):
                    self.press("end")
            elif key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_x):
                if self.selected is not None:
                    self.press("discard")
            elif key == pygame.K_m:
                self.hurry()
            elif key in (pygame.K_F1, pygame.K_h):
                rules = self.app.make("rules")
                rules.page = rules.pages - 1  # the symbols
                self.app.stack.push(rules)
            elif pygame.K_1 <= key <= pygame.K_3 and self.human_to_move():
                self.click_hand(self.mover, key - pygame.K_1)

    def hand_rects(self, seat: int) -> list[tuple[pygame.Rect, tuple[float, float]]]:
        panel = LEFT if seat == 0 else RIGHT
        out = []
        for i in range(3):
            cx = panel.left + 52 + i * 98
            cy = panel.top + 322
            rect = pygame.Rect(0, 0, HAND_SIZE * 2, HAND_SIZE * 2)
            rect.center = (cx, cy)
            out.append((rect, (cx, cy)))
        return out

    def hand_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for seat in range(min(2, len(self.armies))):
            hand = self.hand(seat)
            for i, (_rect, (cx, cy)) in enumerate(self.hand_rects(seat)):
                if i < len(hand) and math.hypot(pos[0] - cx, pos[1] - cy) < HAND_SIZE * 0.92:
                    return seat, i
        return None

    # --- buttons ------------------------------------------------------------------------------

    def _rebuild_buttons(self) -> None:
        self.buttons = []
        if not self.human_to_move():
            return
        kinds = {d.get("kind") for _a, d in self.legal}
        x, y, w = ACTIONS.left + 12, ACTIONS.top + 150, ACTIONS.width - 24
        rows: list[tuple[str, Any]] = []
        if "end" in kinds:
            rows.append(("End turn (Space)", lambda: self.press("end")))
        if "unlucky" in kinds:
            rows.append(("Unlucky draw: three new tiles", lambda: self.press("unlucky")))
        if "discard" in kinds:
            rows.append(("Discard selected tile (X)", lambda: self.press("discard")))
        if "battle" in kinds:
            rows.append(("Start battle", lambda: self.press("battle")))
        for i, (label, action) in enumerate(rows):
            self.buttons.append(widgets.Button(label, (x, y + i * 46, w, 38), action, size=17))
        self.confirm_button = widgets.Button(
            "Confirm (Enter)", (x, y + len(rows) * 46, w // 2 - 4, 38), self.confirm, size=16
        )
        self.cancel_button = widgets.Button(
            "Undo (Esc)",
            (x + w // 2 + 4, y + len(rows) * 46, w // 2 - 4, 38),
            self.undo,
            size=16,
        )
        self.buttons += [self.confirm_button, self.cancel_button]

    # --- drawing ------------------------------------------------------------------------------

    def prompt(self) -> str:
        if self.game.is_terminal():
            return "The game is over."
        if self.mover == CHANCE:
            return "Drawing tiles..."
        name = army_name(self.armies[self.mover])
        if not self.seats[self.mover].is_human:
            return f"{name} (computer) is playing"
        stage = self.stage
        if stage == "place_hq":
            return f"{name}: place your HQ on a lit hex, then click it again"
        if stage == "discard":
            return f"{name}: discard one of your three tiles"
        if stage == "push_to":
            return f"{name}: choose where your pushed unit goes"
        if stage == "battle_choice":
            return f"{name}: the battle waits for your choice"
        tile = self.selected_tile()
        if tile is None:
            return f"{name}: pick a tile from your hand, move a unit, or end the turn"
        cands = self.candidates()
        slot = self.next_slot(cands)
        tname = tile_name(tile)
        if slot == "at":
            return f"{name}: where does {tname} go? (lit hexes)"
        if slot == "from":
            return f"{name}: {tname}: which of your units?"
        if slot in ("to",):
            return f"{name}: {tname}: to which hex?"
        if slot == "target":
            return f"{name}: {tname}: on which target?"
        if cands and slot is None:
            if self.facings(cands):
                return f"{name}: turn it (wheel, Q/E), then click again or press Enter"
            return f"{name}: click again or press Enter to confirm"
        return f"{name}: {tname}"

    def marks(self) -> Marks:
        marks = Marks()
        if self.ai_show is not None:
            _a, desc, _t = self.ai_show
            for slot in ("at", "from", "to", "target"):
                if slot in desc:
                    marks.outlines[_key(desc[slot])] = AI_EDGE
            return marks
        if not self.human_to_move():
            return marks
        cands = self.candidates()
        slot = self.next_slot(cands)
        if slot is not None and (self.selected is not None or self.stage != "main" or self.partial):
            for at in self.slot_hexes(cands, slot):
                marks.fills[at] = LEGAL_FILL
                marks.outlines[at] = LEGAL_EDGE
        if self.selected is None and not self.partial and self.stage == "main":
            # units that can move by themselves (Mobility, Transport)
            for at in self.slot_hexes(cands, "from"):
                marks.outlines.setdefault(at, (120, 200, 140))
        for s in ("from", "to", "target", "at"):
            if s in self.partial:
                marks.outlines[self.partial[s]] = PICK_EDGE
        stage = self.view.get("stage") or {}
        if stage.get("kind") == "push_to" and stage.get("target"):
            marks.outlines[_key(stage["target"])] = PICK_EDGE
        return marks

    def preview(self) -> tuple[str, Hex, int, int] | None:
        """A ghost tile to draw: (tile, hex, facing, alpha)."""
        if self.ai_show is not None:
            _a, desc, _t = self.ai_show
            if desc.get("kind") == "place":
                return desc["tile"], _key(desc["at"]), int(desc["facing"]), 200
            if desc.get("kind") in ("move", "mobility", "transport"):
                unit = self.units.get(_key(desc["from"]))
                if unit:
                    return unit["tile"], _key(desc["to"]), int(desc["facing"]), 200
            return None
        if not self.human_to_move():
            return None
        tile = self.selected_tile()
        cands = self.candidates()
        at = self.partial.get("at") or self.partial.get("to")
        if self.stage == "place_hq":
            hq = f"{self.armies[self.mover]}.hq"
            if at is not None:
                return hq, at, 0, 235
            if self.hover_hex in self.slot_hexes(cands, "at"):
                return hq, self.hover_hex, 0, 150
            return None
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            if at is None and self.hover_hex in self.slot_hexes(cands, "at"):
                at = self.hover_hex
                faces = self.facings([(a, d) for a, d in cands if _key(d["at"]) == at])
                face = self.facing if self.facing in faces else self.default_facing(at, faces)
                return tile, at, face, 150
            if at is not None:
                return tile, at, self.facing, 235
        if "to" in self.partial and "from" in self.partial:
            unit = self.units.get(self.partial["from"])
            if unit:
                return unit["tile"], self.partial["to"], self.facing, 235
        return None

    def draw(self, surface: pygame.Surface, *, hq: list[int] | None = None) -> None:
        self.draw_backdrop(surface, hq=hq)
        marks = self.marks()
        self.board.draw_ground(surface, marks)
        ghost = self.preview()
        hidden: set[Hex] = set()
        if ghost and "from" in self.partial and "to" in self.partial:
            hidden.add(self.partial["from"])
        if (
            ghost
            and self.ai_show
            and self.ai_show[1].get("kind") in ("move", "mobility", "transport")
        ):
            hidden.add(_key(self.ai_show[1]["from"]))
        hidden |= set(self.pops)
        self.board.draw_units(
            surface,
            self.view["units"],
            list(self.view["hq_hp"]),
            self.netted,
            hidden=hidden,
            seat_rings=self.rings(),
        )
        rings = self.rings()
        for at, tween in self.pops.items():
            unit = self.units.get(at)
            if unit is None:
                continue
            seat = int(unit["seat"])
            info = tileart.info_of(unit["tile"])
            image = tileart.render_tile(
                unit["tile"],
                self.board.size - 2,
                int(unit["facing"]),
                wounds=int(unit.get("wounds", 0)),
                netted=at in self.netted,
                hq_hp=self.view["hq_hp"][seat] if info.get("kind") == "hq" else None,
                ring=rings[seat] if rings else None,
            )
            grow = 1.0 + 0.3 * (1.0 - tween.t)
            size = (round(image.get_width() * grow), round(image.get_height() * grow))
            scaled = pygame.transform.smoothscale(image, size)
            tileart.blit_tile(surface, scaled, self.board.pixel(at), int(120 + 135 * tween.t))
        if ghost:
            tile, at, facing, alpha = ghost
            image = tileart.render_tile(tile, self.board.size - 2, facing, ring=(255, 255, 255))
            tileart.blit_tile(surface, image, self.board.pixel(at), alpha)
            if alpha > 200 and tileart.info_of(tile).get("kind") != "hq":
                self._draw_facing_arrow(surface, at, facing)
        self.board.draw_marks(surface, marks)
        self.draw_foreground(surface)

    def rings(self) -> list[tuple[int, int, int]] | None:
        return SEAT_RINGS if len(set(self.armies)) < len(self.armies) else None

    def _draw_facing_arrow(self, surface: pygame.Surface, at: Hex, facing: int) -> None:
        cx, cy = self.board.pixel(at)
        angle = hexgeo.edge_angle(facing)
        r = self.board.size * 1.02
        tip = (cx + math.cos(angle) * r, cy + math.sin(angle) * r)
        left = (
            cx + math.cos(angle - 0.16) * r * 0.8,
            cy + math.sin(angle - 0.16) * r * 0.8,
        )
        right = (
            cx + math.cos(angle + 0.16) * r * 0.8,
            cy + math.sin(angle + 0.16) * r * 0.8,
        )
        pygame.draw.polygon(surface, PICK_EDGE, [tip, left, right])
        pygame.draw.polygon(surface, tileart.INK, [tip, left, right], 1)

    def draw_backdrop(
        self,
        surface: pygame.Surface,
        *,
        hq: list[int] | None = None,
        prompt: str | None = None,
    ) -> None:
        surface.fill(widgets.BG)
        hq_hp = hq if hq is not None else list(self.view["hq_hp"])
        for seat in range(min(2, len(self.armies))):
            self.draw_seat(surface, seat, hq_hp)
        prompt = prompt if prompt is not None else self.prompt()
        size = tileart.fit_text(prompt, 19, 640)
        if size >= 16:
            widgets.draw_text(surface, prompt, (640, 22), size, widgets.ACCENT, True, "center")
        else:
            lines = widgets.wrap(prompt, 16, 640, bold=True)[:2]
            for i, line in enumerate(lines):
                widgets.draw_text(
                    surface, line, (640, 14 + 21 * i), 16, widgets.ACCENT, True, "midtop"
                )

    def draw_seat(self, surface: pygame.Surface, seat: int, hq_hp: list[int]) -> None:
        rect = LEFT if seat == 0 else RIGHT
        army = self.armies[seat]
        to_move = self.mover if self.stage == "battle_choice" else self.view.get("to_move")
        active = seat == to_move and not self.game.is_terminal()
        widgets.panel(
            surface,
            rect,
            edge=SEAT_RINGS[seat % 2] if active else widgets.PANEL_EDGE,
        )
        colour = tileart.army_colour(army)
        pygame.draw.rect(
            surface, colour, (rect.left + 1, rect.top + 1, rect.width - 2, 44), border_radius=8
        )
        name_rect = widgets.draw_text(
            surface, army_name(army), (rect.left + 12, rect.top + 10), 22, widgets.TEXT, True
        )
        rings = self.rings()
        if rings:  # the same army on both sides: the ring colour tells the tiles apart
            mark = (name_rect.right + 16, name_rect.centery)
            tileart.hex_fill(surface, mark, 10, tileart.INK)
            tileart.hex_outline(surface, mark, 10, rings[seat], 3)
        who = self.seats[seat].player
        label = "Human" if who == "human" else f"Computer: {who}"
        room = rect.width - 36 - widgets.font(22, True).size(army_name(army))[0]
        widgets.draw_text(
            surface,
            label,
            (rect.right - 12, rect.top + 15),
            tileart.fit_text(label, 15, room, bold=False),
            widgets.TEXT,
            False,
            "topright",
        )
        hp = hq_hp[seat] if seat < len(hq_hp) else 0
        widgets.draw_text(surface, "HQ", (rect.left + 12, rect.top + 58), 16, widgets.DIM, True)
        bar = pygame.Rect(rect.left + 50, rect.top + 58, 190, 20)
        pygame.draw.rect(surface, (60, 20, 24), bar, border_radius=4)
        fill = bar.copy()
        fill.width = round(bar.width * max(0, min(20, hp)) / 20)
        pygame.draw.rect(
            surface, (210, 60, 60) if hp <= 6 else (90, 190, 110), fill, border_radius=4
        )
        widgets.draw_text(
            surface, str(hp), (rect.right - 14, rect.top + 55), 22, widgets.TEXT, True, "topright"
        )
        decks = self.view.get("deck_sizes") or []
        deck = decks[seat] if seat < len(decks) else 0
        discards = (self.view.get("discards") or [[], []])[seat]
        # deck and discard pile
        deck_rect = pygame.Rect(rect.left + 12, rect.top + 92, 130, 150)
        pile_rect = pygame.Rect(rect.left + 158, rect.top + 92, 130, 150)
        self._draw_stack(surface, deck_rect, "Deck", str(deck), None, deck)
        top = discards[-1] if discards else None
        self._draw_stack(surface, pile_rect, "Discards", str(len(discards)), top, len(discards))
        widgets.draw_text(
            surface,
            "Hand" + ("  (to move)" if active else ""),
            (rect.left + 12, rect.top + 246),
            15,
            widgets.ACCENT if active else widgets.DIM,
            True,
        )
        hand = self.hand(seat)
        for i, (_r, center) in enumerate(self.hand_rects(seat)):
            if i >= len(hand):
                tileart.hex_outline(surface, center, HAND_SIZE, (60, 64, 74), 2)
                continue
            image = tileart.render_tile(hand[i], HAND_SIZE)
            tileart.blit_tile(surface, image, center)
            if active and self.selected == i and self.human_to_move():
                tileart.hex_outline(surface, center, HAND_SIZE + 3, PICK_EDGE, 4)
            elif self.ai_show and seat == self.mover and self.ai_show[1].get("tile") == hand[i]:
                tileart.hex_outline(surface, center, HAND_SIZE + 3, AI_EDGE, 4)

    def _draw_stack(self, surface, rect, label, count, top_tile, n) -> None:
        widgets.draw_text(surface, label, (rect.centerx, rect.top), 15, widgets.DIM, True, "midtop")
        center = (rect.centerx, rect.top + 78)
        if n == 0:
            tileart.hex_outline(surface, center, 48, (60, 64, 74), 2)
        else:
            for k in range(min(3, n) - 1, -1, -1):
                offset = (center[0] + k * 3, center[1] - k * 3)
                if top_tile is not None and k == 0:
                    tileart.blit_tile(surface, tileart.render_tile(top_tile, 48), offset)
                else:
                    tileart.hex_fill(surface, offset, 48, (70, 74, 86))
                    tileart.hex_outline(surface, offset, 48, (120, 126, 140), 2)
        if top_tile is None:
            widgets.draw_text(surface, count, center, 26, widgets.TEXT, True, "center")
        else:
            widgets.draw_text(
                surface,
                f"{count} tiles",
                (rect.centerx, rect.top + 132),
                14,
                widgets.DIM,
                False,
                "midtop",
            )

    def draw_log(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, LOG)
        widgets.draw_text(surface, "Game log", (LOG.left + 12, LOG.top + 8), 16, widgets.DIM, True)
        rows = (LOG.height - 44) // 18
        y = LOG.top + 34
        for text, colour, more in widgets.log_lines(self.log[-40:], 14, LOG.width - 24, rows):
            widgets.draw_text(surface, text, (LOG.left + (24 if more else 12), y), 14, colour)
            y += 18

    def draw_actions(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, ACTIONS)
        x, y = ACTIONS.left + 12, ACTIONS.top + 10
        turn = self.view.get("turn", 0)
        widgets.draw_text(surface, f"Turn {turn}", (x, y), 17, widgets.TEXT, True)
        ending = self.view.get("ending") or {}
        kind = ending.get("kind")
        if kind and kind != "none":
            left = ending.get("turns_left")
            turns = f" ({left} turn{'s' if left != 1 else ''} left)" if left is not None else ""
            words = {
                "last_tile_drawn": "A deck is empty: no more Battle tiles",
                "last_round": f"Last round, then the final battle{turns}",
                "tie_break": f"Tie: one more turn each, then overtime{turns}",
            }.get(str(kind), str(kind).replace("_", " "))
            widgets.draw_text(surface, words, (x, y + 24), 14, widgets.ACCENT)
        if self.mover >= 0 and not self.seats[self.mover].is_human:
            self.draw_thinking(surface, pygame.Rect(x, y + 50, ACTIONS.width - 24, 80))
        elif self.human_to_move():
            tile = self.selected_tile()
            if tile:
                info = tileart.info_of(tile)
                abilities = [
                    rulestext.ABILITIES[a]
                    for a in info.get("abilities") or []
                    if a in rulestext.ABILITIES
                ]
                hint = (abilities or rulestext.tile_description(info) or [""])[-1]
            elif self.stage == "place_hq":
                hint = (
                    "Your HQ goes on any empty hex (next to the enemy's is allowed). It has 20 "
                    "hit points and strikes all six neighbours."
                )
            elif self.stage == "push_to":
                hint = "Your unit was pushed: pick one of the lit hexes for it."
            else:
                hint = "Click a tile in your hand. Hover anything to read it; H shows the symbols."
            widgets.draw_paragraph(
                surface, hint, pygame.Rect(x, y + 48, ACTIONS.width - 24, 90), 14, widgets.DIM
            )
        show = {b for b in self.buttons if b not in (self.confirm_button, self.cancel_button)}
        if self.human_to_move():
            self.confirm_button.enabled = self.chosen() is not None
            self.cancel_button.enabled = bool(self.partial) or self.selected is not None
            show |= {self.confirm_button, self.cancel_button}
        for button in self.buttons:
            if button.label.startswith("Discard"):
                button.enabled = self.selected is not None
            if button in show:
                button.draw(surface)
        self.menu_button.draw(surface)

    def draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        thinker = self.thinkers.get(self.mover)
        name = army_name(self.armies[self.mover])
        if self.ai_show is not None:
            widgets.draw_text(surface, f"{name} plays:", rect.topleft, 16, AI_EDGE, True)
            widgets.draw_paragraph(
                surface,
                action_words(self.ai_show[1]),
                pygame.Rect(rect.left, rect.top + 24, rect.width, 60),
                15,
            )
            return
        dots = "." * (1 + int(self.clock * 3) % 3)
        widgets.draw_text(surface, f"{name} is thinking{dots}", rect.topleft, 16, AI_EDGE, True)
        cx, cy = rect.right - 20, rect.top + 10
        for i in range(8):
            angle = self.clock * 5 + i * math.pi / 4
            shade = 80 + 20 * i
            pygame.draw.circle(
                surface,
                (shade, shade // 2, shade),
                (cx + math.cos(angle) * 10, cy + math.sin(angle) * 10),
                3,
            )
        progress = thinker.progress() if thinker else None
        if progress and progress.get("iterations"):
            widgets.draw_text(
                surface,
                f"{progress['iterations']:,} positions searched",
                (rect.left, rect.top + 26),
                14,
                widgets.DIM,
            )
        if thinker is not None and thinker.can_hurry and thinker.elapsed > 0.5:
            self.hurry_button.draw(surface)

    def draw_foreground(self, surface: pygame.Surface) -> None:
        self.draw_log(surface)
        self.draw_actions(surface)
        if self.message_time > 0 and self.message:
            lines = widgets.wrap(self.message, 16, 600)
            box = pygame.Rect(0, 0, 640, 12 + 22 * len(lines))
            box.midbottom = (640, 792)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((24, 44, 60, 235) if self.message_info else (60, 16, 20, 235))
            surface.blit(shade, box)
            edge = (120, 190, 255) if self.message_info else widgets.BAD
            pygame.draw.rect(surface, edge, box, 1, border_radius=4)
            for i, line in enumerate(lines):
                widgets.draw_text(
                    surface,
                    line,
                    (box.centerx, box.top + 8 + 22 * i),
                    16,
                    widgets.TEXT,
                    False,
                    "midtop",
                )
        self.draw_tooltip(surface)

    # --- hover information --------------------------------------------------------------------

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        pos = self.mouse
        if self.hover_hand is not None:
            seat, index = self.hover_hand
            hand = self.hand(seat)
            if index < len(hand):
                self._tile_tooltip(surface, hand[index], pos)
            return
        at = self.board.hex_at(pos)
        if at is not None and at in self.units:
            unit = self.units[at]
            title, lines = self.unit_info(unit)
            widgets.tooltip(surface, title, lines, pos)
            return
        for seat in range(min(2, len(self.armies))):
            rect = LEFT if seat == 0 else RIGHT
            deck = pygame.Rect(rect.left + 12, rect.top + 92, 130, 150)
            if deck.collidepoint(pos):
                sizes = self.view.get("deck_sizes") or []
                left = sizes[seat] if seat < len(sizes) else 0
                words = (
                    f"{left} tiles left, face down. Draw up to three each turn; when a deck "
                    "runs out, no more Battle tiles, one more turn each, then the final battle."
                )
                widgets.tooltip(
                    surface, f"{army_name(self.armies[seat])} deck", [(words, widgets.TEXT)], pos
                )
                return
            pile = pygame.Rect(rect.left + 158, rect.top + 92, 130, 150)
            if pile.collidepoint(pos):
                discards = (self.view.get("discards") or [[], []])[seat]
                names = ", ".join(tile_name(t) for t in discards) or "empty"
                widgets.tooltip(
                    surface,
                    f"{army_name(self.armies[seat])} discard pile",
                    [(names, widgets.TEXT)],
                    pos,
                )
                return

    def _tile_tooltip(self, surface: pygame.Surface, tile: str, pos: tuple[int, int]) -> None:
        info = tileart.info_of(tile)
        title = f"{army_name(str(info.get('army')))} {info.get('name')}"
        kind = rulestext.KIND_NAMES.get(str(info.get("kind")), str(info.get("kind")))
        lines = [(kind, widgets.DIM)] + [
            (t, widgets.TEXT) for t in rulestext.tile_description(info)
        ]
        widgets.tooltip(surface, title, lines, pos)

    def unit_info(self, unit: dict[str, Any]) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
        """What the hover box says about a unit on the board, with its current values."""
        at = _key(unit["at"])
        info = tileart.info_of(unit["tile"])
        seat = int(unit["seat"])
        title = f"{army_name(self.armies[seat])} {info.get('name')}"
        lines: list[tuple[str, tuple[int, ...]]] = []
        kind = info.get("kind")
        lines.append(
            (f"{rulestext.KIND_NAMES.get(str(kind), kind)} on {at[0]},{at[1]}", widgets.DIM)
        )
        analysis = self.analysis.get(at, {})
        if analysis.get("netted"):
            lines.append(("NETTED: it does nothing while the net holds.", tileart.NET))
        if kind == "hq":
            lines.append((f"{self.view['hq_hp'][seat]} hit points left", widgets.TEXT))
        printed = list(info.get("initiative") or [])
        current = list(analysis.get("initiative") or [])
        if current or printed:
            lines.append(
                (
                    "Initiative now: "
                    + (", ".join(map(str, current)) or "none")
                    + (f" (printed {', '.join(map(str, printed))})" if current != printed else ""),
                    widgets.ACCENT,
                )
            )
        melee, ranged = analysis.get("melee_bonus", 0), analysis.get("ranged_bonus", 0)
        if melee:
            lines.append((f"Melee strength {melee:+d} from bonuses", widgets.ACCENT))
        if ranged:
            lines.append((f"Ranged strength {ranged:+d} from bonuses", widgets.ACCENT))
        wounds = int(unit.get("wounds", 0))
        toughness = int(info.get("toughness") or 0)
        if kind != "hq" and kind != "instant":
            lines.append(
                (
                    f"Wounds {wounds}; dies at {toughness + 1}",
                    tileart.WOUND if wounds else widgets.DIM,
                )
            )
        links = analysis.get("linked_from") or []
        if links:
            names = ", ".join(
                f"{tile_name(self.units[_key(p)]['tile'])} ({p[0]},{p[1]})"
                for p in links
                if _key(p) in self.units
            )
            lines.append((f"Linked from: {names}", widgets.GOOD))
        reaches = [
            other
            for other in self.analysis.values()
            if any(_key(p) == at for p in other.get("linked_from") or [])
        ]
        if reaches:
            names = ", ".join(
                f"{tile_name(o['tile'])} ({o['at'][0]},{o['at'][1]})" for o in reaches
            )
            lines.append((f"Works on: {names}", widgets.GOOD))
        if analysis.get("transport"):
            lines.append(("Linked to a Transport: may move once this turn", widgets.GOOD))
        if analysis.get("quartermaster"):
            lines.append(
                ("Linked to a Quartermaster: may turn one melee attack ranged", widgets.GOOD)
            )
        medics = analysis.get("protected_by") or []
        if medics:
            lines.append(
                (
                    "Protected by the medic on " + ", ".join(f"{p[0]},{p[1]}" for p in medics),
                    widgets.GOOD,
                )
            )
        # the current initiative is shown above already
        printed_lines = [
            t for t in rulestext.tile_description(info) if not t.startswith("Initiative ")
        ]
        lines += [(t, widgets.TEXT) for t in printed_lines]
        return title, lines


def plain_reason(reason: str) -> str:
    """The engine's refusal for a player: without its ``seat 0, during the turn:`` prefix."""
    match = re.match(r"^seat \d+, [^:]+: (.+)$", reason.strip())
    text = match.group(1) if match else reason.strip()
    return text[:1].upper() + text[1:] if text else reason


def _angle_diff(a: float, b: float) -> float:
    return (a - b + math.pi) % (2 * math.pi) - math.pi
