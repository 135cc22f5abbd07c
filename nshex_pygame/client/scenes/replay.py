"""Watching a game again: move by move and battle by battle, forwards, backwards, by turn.

The game is rebuilt from the save's start by the engine replaying its actions
(:func:`nshex_pygame.client.replay.replay`); every board shown is one the engine reached. A
move that fought a battle can be watched in the battle playback (the battle scene, with the
engine's log of that battle), and the scene can open on the last battle of a game, played at
once (the game screen's "Last battle" button).
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Surface

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.backdrop import HQ, Panels, battle_scene, draw_seat_panels, seat_rings
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.replay import Frame, Replay, replay
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.seatpanels import SeatPanels, energy_in_view, seat_layout
from nshex_pygame.client.words import action_words, hex_of, seat_label
from nshex_pygame.core import GameView

MOVES = pygame.Rect(10, 410, 300, 380)
CONTROLS = pygame.Rect(970, 410, 300, 380)
TIMELINE = pygame.Rect(330, 752, 620, 36)
AUTOPLAY_SECONDS = 0.8


def as_hex(at: Any) -> Hex:
    return int(at[0]), int(at[1])


class FrameSeats:
    """The seat panels' host (:class:`SeatHost`): the seats as the replay's frame shown has
    them; nobody plays, picks a tile or thinks aloud in a replay."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        self.armies: list[str] = scene.armies
        self.seats: list[Any] | None = scene.seats
        self.seat_labels: dict[int, str] = {}
        self.selected: int | None = None
        self.unlucky_pick: list[int] | None = None
        self.ai_show: tuple[int, dict[str, Any], float] | None = None
        self.flights: tuple[()] = ()

    @property
    def view(self) -> GameView:
        return self.scene.frame.view  # (the frame the scene shows now)

    @property
    def game(self) -> Any:
        return self.scene.frame.game

    @property
    def mover(self) -> int:
        return int(self.game.current_player())

    def energy_in_play(self) -> bool:
        return energy_in_view(self.view)

    def human_to_move(self) -> bool:
        return False  # nobody plays in a replay

    def unusable(self, seat: int, index: int) -> str | None:
        return None

    def rings(self) -> list[tuple[int, int, int]] | None:
        return seat_rings(self.armies)


class ReplayScene(Scene):
    """The seats' panels are the game scene's (:class:`SeatPanels`, a part the scene holds):
    every seat, in columns with the teams framed when there are three or four, showing the
    frame's position."""

    scene_name = "replay"

    def __init__(
        self,
        app: Any,
        game: Any,
        seats: list[Any] | None = None,
        *,
        at: int | str = 0,
        play_battle: bool = False,
    ) -> None:
        """``at``: the frame to open on (an action's number, or ``"last_battle"``, or
        ``"end"``); ``play_battle``: play that frame's battle at once."""
        super().__init__(app)
        self.seats: list[Any] | None = seats
        self.rep: Replay = replay(game)
        self.armies: list[str] = self.rep.armies
        self.board = BoardView.for_board(game.view().get("board"))  # (the expanded board too)
        self.seat_panels = SeatPanels(FrameSeats(self))
        # the seat panels' places and team frames (the seats and sides never change in a game)
        self.seat_panels.panels, self.seat_panels.team_frames = seat_layout(self.rep.frames[0].view)
        self.turns = self.rep.turn_starts()
        self.battles = self.rep.battle_frames()
        self.index = 0
        self.playing = False
        self.clock = 0.0
        self.wait = 0.0
        if at == "last_battle":
            self.index = self.battles[-1] if self.battles else len(self.rep.frames) - 1
        elif at == "end":
            self.index = len(self.rep.frames) - 1
        elif isinstance(at, int):
            self.index = max(0, min(at, len(self.rep.frames) - 1))
        x, y, w = CONTROLS.left + 12, CONTROLS.top + 128, (CONTROLS.width - 36) // 2
        self.buttons = [
            widgets.Button("< Move (Left)", (x, y, w, 38), lambda: self.go(-1), size=15),
            widgets.Button("Move > (Right)", (x + w + 12, y, w, 38), lambda: self.go(1), size=15),
            widgets.Button("< Turn (Up)", (x, y + 46, w, 38), lambda: self.turn(-1), size=15),
            widgets.Button(
                "Turn > (Down)", (x + w + 12, y + 46, w, 38), lambda: self.turn(1), size=15
            ),
            widgets.Button("< Battle (PgUp)", (x, y + 92, w, 38), lambda: self.battle(-1), size=15),
            widgets.Button(
                "Battle > (PgDn)", (x + w + 12, y + 92, w, 38), lambda: self.battle(1), size=15
            ),
            widgets.Button("Play (Space)", (x, y + 138, w, 38), self.toggle_play, size=15),
            widgets.Button(
                "Watch the battle (B)", (x + w + 12, y + 138, w, 38), self.watch_battle, size=15
            ),
            widgets.Button("Back (Esc)", (x, y + 184, 2 * w + 12, 40), self.back, size=16),
        ]
        self.watch_button = self.buttons[7]
        self.play_button = self.buttons[6]
        self.play_at_once = play_battle and bool(self.frame.battles)

    def on_enter(self) -> None:
        if self.play_at_once:  # (once on the stack: the battle goes on top of it)
            self.play_at_once = False
            self.watch_battle()

    # --- where we are ----------------------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        return self.rep.frames[self.index]

    @property
    def view(self) -> GameView:
        return self.frame.view

    @property
    def game(self) -> Any:
        return self.frame.game

    def go(self, step: int) -> None:
        self.index = max(0, min(len(self.rep.frames) - 1, self.index + step))

    def jump(self, index: int) -> None:
        self.index = max(0, min(len(self.rep.frames) - 1, index))

    def turn(self, step: int) -> None:
        """To the start of the next turn, or of this one (or the one before) going back."""
        if step > 0:
            later = [i for i in self.turns if i > self.index]
            self.jump(later[0] if later else len(self.rep.frames) - 1)
        else:
            earlier = [i for i in self.turns if i < self.index]
            self.jump(earlier[-1] if earlier else 0)

    def jump_to_turn(self, turn: int) -> None:
        for index in self.turns:
            if self.rep.frames[index].turn >= turn:
                self.jump(index)
                return
        self.jump(len(self.rep.frames) - 1)

    def battle(self, step: int) -> None:
        if step > 0:
            later = [i for i in self.battles if i > self.index]
            if later:
                self.jump(later[0])
        else:
            earlier = [i for i in self.battles if i < self.index]
            if earlier:
                self.jump(earlier[-1])

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.wait = 0.0
        if self.playing and self.index == len(self.rep.frames) - 1:
            self.index = 0

    def back(self) -> None:
        self.app.stack.pop(self)

    def watch_battle(self, *, keep_playing: bool = False) -> None:
        """The battle this move fought, played back from the engine's log of it (the replay
        goes on after it when it was playing by itself)."""
        frame = self.frame
        if not frame.battles:
            return
        battle = frame.game.last_battle()
        if not battle:
            return
        before_hq = self.rep.frames[max(0, self.index - 1)].view["hq_hp"]
        view = frame.view
        self.playing = keep_playing
        played = battle_scene(
            self.app,
            self,
            battle,
            list(battle.get("hq_hp_before") or before_hq),
            result_units=view["units"],
            result_hq=list(view["hq_hp"]),
            to_move=frame.seat if frame.seat >= 0 else None,
        )
        self.app.stack.push(played)

    # --- input and time --------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if TIMELINE.collidepoint(event.pos):
                self.jump(self.timeline_index(event.pos[0]))
            return
        if event.type != pygame.KEYDOWN:
            return
        keys = {
            pygame.K_LEFT: lambda: self.go(-1),
            pygame.K_RIGHT: lambda: self.go(1),
            pygame.K_UP: lambda: self.turn(-1),
            pygame.K_DOWN: lambda: self.turn(1),
            pygame.K_PAGEUP: lambda: self.battle(-1),
            pygame.K_PAGEDOWN: lambda: self.battle(1),
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(len(self.rep.frames) - 1),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_b: self.watch_battle,
            pygame.K_ESCAPE: self.back,
        }
        action = keys.get(event.key)
        if action is not None:
            action()

    def timeline_index(self, x: int) -> int:
        """The frame under ``x`` on the timeline (the start of the turn there)."""
        k = (x - TIMELINE.left) / max(1, TIMELINE.width)
        return max(0, min(len(self.rep.frames) - 1, round(k * (len(self.rep.frames) - 1))))

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.playing:
            return
        self.wait += dt * max(0.25, self.app.settings.animation_speed)
        if self.wait < AUTOPLAY_SECONDS:
            return
        self.wait = 0.0
        if self.index >= len(self.rep.frames) - 1:
            self.playing = False
            return
        self.go(1)
        if self.frame.battles:
            self.watch_battle(keep_playing=True)

    def busy(self) -> bool:
        return self.playing

    # --- drawing ---------------------------------------------------------------------------------

    def caption(self) -> str:
        frame = self.frame
        turn = f"Turn {frame.turn}"
        if frame.index == 0:
            return f"{turn}: the start of the game"
        who = seat_label(self.armies, frame.seat) if frame.seat >= 0 else "Chance"
        if frame.desc.get("kind") == "draw":
            tile = str(frame.desc.get("tile") or "")
            name = tileart.info_of(tile).get("name", tile) if tile else "a tile"
            return f"{turn}: {who} draws {name}"
        return f"{turn}: {who} {self.move_words(frame)}"

    def move_words(self, frame: Any) -> str:
        """What the frame's action did, its units named as the board before it had them
        (as the game's log said: "Scout pushes the Outpost Commando", not two empty hexes)."""
        before = self.rep.frames[frame.index - 1] if frame.index > 0 else frame
        units = {as_hex(u["at"]): u for u in before.view["units"]}
        return action_words(frame.desc, units, frame.seat, self.armies)

    def rings(self) -> list[tuple[int, int, int]] | None:
        return seat_rings(self.armies)

    def points_game(self) -> bool:
        """The points game (the battle played back over the replay asks)."""
        return self.seat_panels.points_game()

    def draw_backdrop(
        self, surface: Surface, *, hq: HQ = None, prompt: str | None = None, panels: Panels = None
    ) -> None:
        """The seats' panels and the caption (the battle playback draws over this too)."""
        draw_seat_panels(self.seat_panels, surface, hq, panels)
        widgets.draw_headline(surface, prompt if prompt is not None else self.caption(), 630)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        view = self.view
        self.board.draw_ground(surface)
        self.board.draw_terminals(surface, view.get("terminals"))
        self.board.draw_foundations(surface, view.get("foundations"))
        netted = {as_hex(e["at"]) for e in view.get("board_effects") or [] if e.get("netted")}
        self.board.draw_units(
            surface,
            view["units"],
            list(view["hq_hp"]),
            netted,
            seat_rings=self.rings(),
            points=self.points_game(),
        )
        self.board.draw_takeovers(surface, view["units"], self.armies)
        occupied = {as_hex(u["at"]) for u in view["units"]}
        links = {as_hex(t) for t in view.get("links") or []}
        self.board.draw_terminal_tags(surface, view.get("terminals"), occupied, links)
        self.board.draw_takeovers(surface, view["units"], self.armies, tags=True)
        frame = self.frame
        spot = next(  # (a point given has a seat for "to", not a hex)
            (hex_of(frame.desc[s]) for s in ("at", "to", "target") if hex_of(frame.desc.get(s))),
            None,
        )
        if spot is not None and frame.index > 0:
            tileart.hex_outline(
                surface, self.board.pixel(spot), self.board.size - 3, widgets.ACCENT, 4
            )
        self.draw_moves(surface)
        self.draw_controls(surface)
        self.draw_timeline(surface)

    def draw_moves(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, MOVES)
        widgets.draw_text(surface, "Moves", (MOVES.left + 12, MOVES.top + 8), 16, widgets.DIM, True)
        rows = (MOVES.height - 44) // 19
        shown = [f for f in self.rep.frames if f.desc.get("kind") != "draw" or f is self.frame]
        at = next((i for i, f in enumerate(shown) if f.index >= self.index), len(shown) - 1)
        first = max(0, min(at - rows // 2, len(shown) - rows))
        y = MOVES.top + 34
        for frame in shown[first : first + rows]:
            if frame.index == 0:
                words = "The start"
            else:
                who = seat_label(self.armies, frame.seat) if frame.seat >= 0 else "Chance"
                words = f"{who} {self.move_words(frame)}"
            current = frame.index == self.index
            colour = widgets.ACCENT if current else (widgets.TEXT if frame.battles else widgets.DIM)
            size = tileart.fit_text(words, 13, MOVES.width - 30, bold=current)
            widgets.draw_text(surface, words, (MOVES.left + 14, y), size, colour, current)
            y += 19

    def draw_controls(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, CONTROLS)
        x, y = CONTROLS.left + 12, CONTROLS.top + 10
        widgets.draw_text(surface, "Replay", (x, y), 22, widgets.ACCENT, True)
        frame = self.frame
        last = len(self.rep.frames) - 1
        widgets.draw_text(surface, f"Action {frame.index} of {last}", (x, y + 36), 16, widgets.TEXT)
        turns = self.rep.frames[-1].turn
        widgets.draw_text(surface, f"Turn {frame.turn} of {turns}", (x, y + 58), 16, widgets.TEXT)
        fought = (
            f"{len(self.battles)} battles in the game"
            if len(self.battles) != 1
            else ("1 battle in the game")
        )
        widgets.draw_text(surface, fought, (x, y + 82), 15, widgets.DIM)
        self.watch_button.enabled = bool(frame.battles)
        self.play_button.label = "Pause (Space)" if self.playing else "Play (Space)"
        for button in self.buttons:
            button.draw(surface)
        widgets.draw_text(
            surface,
            "Home / End: the start / the end",
            (x, CONTROLS.bottom - 22),
            13,
            widgets.DIM,
        )

    def draw_timeline(self, surface: pygame.Surface) -> None:
        rect = TIMELINE
        pygame.draw.rect(surface, (40, 43, 52), rect, border_radius=6)
        last = max(1, len(self.rep.frames) - 1)

        def x_of(index: int) -> float:
            return rect.left + index / last * rect.width

        for index in self.turns:
            x = x_of(index)
            pygame.draw.line(surface, (70, 76, 92), (x, rect.top + 6), (x, rect.bottom - 6), 1)
        for index in self.battles:
            pygame.draw.circle(surface, widgets.BAD, (x_of(index), rect.centery), 5)
        x = x_of(self.index)
        pygame.draw.rect(
            surface, widgets.ACCENT, pygame.Rect(x - 3, rect.top + 2, 6, rect.height - 4)
        )
        pygame.draw.rect(surface, widgets.PANEL_EDGE, rect, 1, border_radius=6)
