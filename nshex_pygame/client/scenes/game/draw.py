"""The game scene's drawing: the board with its marks and ghost tile, the seats, the log and
the actions panel.

:class:`GameDrawing` is a part the game scene holds: it reads the scene's model, its seat
panels (``seats.py``) and what :class:`DrawHost` names of the scene, and changes nothing but
the buttons' enabled and selected looks.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import pygame

from nshex_pygame.client import armystyle, hexgeo, tileart, widgets
from nshex_pygame.client.ai import Thinker
from nshex_pygame.client.backdrop import HQ, Panels, draw_seat_panels
from nshex_pygame.client.board import BoardView, Marks
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.juice import GameJuice, landing_ring, landing_scale
from nshex_pygame.client.scenes.game.bomber import BomberFlights
from nshex_pygame.client.scenes.game.helpers import Helpers
from nshex_pygame.client.scenes.game.info import GameInfo
from nshex_pygame.client.scenes.game.layout import (
    ACTIONS,
    AI_EDGE,
    BOMB,
    BOMB_FILL,
    DANGER_DIES,
    DANGER_HIT,
    HINT_EDGE,
    LEGAL_EDGE,
    LEGAL_FILL,
    LOOK_EDGE,
    PICK_EDGE,
    QUESTION_EDGE,
    as_hex,
)
from nshex_pygame.client.scenes.game.log import (
    GameLog,
    wrap_log,  # noqa: F401  (the tests import it here)
)
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.scenes.game.motion import BoardMotion
from nshex_pygame.client.scenes.game.panel import ActionsPanel, ProcedureButton
from nshex_pygame.client.scenes.game.seats import GameSeats
from nshex_pygame.client.scenes.game.tooltips import Tooltips
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import action_hexes, action_words, army_name, plural
from nshex_pygame.core import Game

TURN_AREA = pygame.Rect(320, 60, 640, 200)  # the turn banner slides over the board's top


class DrawHost(Protocol):
    """What the drawing reads of the game scene besides its model and seat panels: the game,
    its parts (words, hover boxes, log, motion, juice, flights, helpers, actions panel), the
    computer's move on show, the line under the board, the banner and the scene's buttons."""

    model: GameModel
    app: Any
    host: Any
    game: Game
    seats: list[SeatSetup]
    armies: list[str]
    board: BoardView
    thinkers: dict[int, Thinker]
    ai_show: tuple[int, dict[str, Any], float] | None
    hover_hex: Hex | None
    clock: float
    message: str
    message_info: bool
    message_time: float
    banner: tuple[int, float] | None
    turn_status: bool
    info: GameInfo
    tooltips: Tooltips
    game_log: GameLog
    motion: BoardMotion
    juice: GameJuice
    bombers: BomberFlights
    helpers: Helpers
    panel: ActionsPanel
    hurry_button: widgets.Button
    menu_button: widgets.Button
    last_battle_button: widgets.Button

    def human_to_move(self) -> bool: ...
    def selected_tile(self) -> str | None: ...
    def candidates(self) -> list[tuple[int, dict[str, Any]]]: ...
    def chosen(self) -> tuple[int, dict[str, Any]] | None: ...
    def prompt(self) -> str: ...
    def seat_name(self, seat: int) -> str: ...
    def links(self) -> set[Hex]: ...
    def energy_in_play(self) -> bool: ...
    def hint_hexes(self) -> list[Hex]: ...
    def hint_panel_shown(self) -> bool: ...
    def danger_view(self) -> dict[str, Any] | None: ...
    def shown_procedures(self) -> list[ProcedureButton]: ...
    def shown_tools(self) -> list[widgets.Button]: ...
    def can_watch_last_battle(self) -> bool: ...
    def draw_tooltip(self, surface: pygame.Surface) -> None: ...


class GameDrawing:
    """Drawing the game scene (``scene``) and its seat panels (``seats``)."""

    def __init__(self, scene: DrawHost, seats: GameSeats) -> None:
        self.scene = scene
        self.seats = seats
        self.model = scene.model

    def marks(self) -> Marks:
        marks = self._marks()
        for at in self.scene.hint_hexes():  # the hint: shown, not played
            marks.outlines.setdefault(at, HINT_EDGE)
        # what the hovered log line or hover box speaks of
        for at in self.scene.tooltips.spoken_hexes():
            marks.outlines[at] = LOOK_EDGE
        return marks

    def _marks(self) -> Marks:
        scene, model = self.scene, self.model
        marks = Marks()
        if scene.ai_show is not None:
            _a, desc, _t = scene.ai_show
            for at in action_hexes(desc):  # (a point given names a seat, no hex)
                marks.outlines[at] = AI_EDGE
            return marks
        if not scene.human_to_move():
            return marks
        cands = scene.candidates()
        slot = model.next_slot(cands)
        choosing = model.selected is not None or model.stage != "main" or model.partial
        if slot is not None and (choosing or model.rotation_due() is not None):
            for at in model.slot_hexes(cands, slot):
                marks.fills[at] = LEGAL_FILL
                marks.outlines[at] = LEGAL_EDGE
        if model.selected is None and not model.partial and model.stage == "main":
            # units that can move by themselves (Mobility, Transport)
            for at in model.slot_hexes(cands, "from"):
                marks.outlines.setdefault(at, (120, 200, 140))
        for s in ("from", "to", "target", "at"):
            if s in model.partial:
                marks.outlines[model.partial[s]] = PICK_EDGE
        for at in model.partial.get(BOMB, ()):  # the Small Bomb's hexes chosen so far
            marks.fills[at] = BOMB_FILL
            marks.outlines[at] = PICK_EDGE
        stage = model.view.get("stage") or {}
        if stage.get("kind") == "push_to" and stage.get("target"):
            marks.outlines[as_hex(stage["target"])] = PICK_EDGE
        return marks

    def preview(self) -> tuple[str, Hex, int, int] | None:
        """A ghost tile to draw: (tile, hex, facing, alpha)."""
        scene, model = self.scene, self.model
        if scene.ai_show is not None:
            _a, desc, _t = scene.ai_show
            if desc.get("kind") == "place":
                return desc["tile"], as_hex(desc["at"]), int(desc["facing"]), 200
            if desc.get("kind") in ("move", "mobility", "transport"):
                unit = model.units.get(as_hex(desc["from"]))
                if unit:
                    return unit["tile"], as_hex(desc["to"]), int(desc["facing"]), 200
            return None
        if not scene.human_to_move():
            return None
        tile = scene.selected_tile()
        if scene.helpers.hint is not None and tile is None and not model.partial:
            desc = scene.helpers.hint[1]
            if desc.get("kind") == "place":
                return desc["tile"], as_hex(desc["at"]), int(desc["facing"]), 170
        cands = scene.candidates()
        at = model.partial.get("at") or model.partial.get("to")
        if model.stage == "place_hq":
            hq = f"{scene.armies[model.mover]}.hq"
            if at is not None:  # (a Vegas HQ is turned: its takeover edge matters)
                return hq, at, model.facing, 235
            if scene.hover_hex in model.slot_hexes(cands, "at"):
                return hq, scene.hover_hex, 0, 150
            return None
        kind = model.partial.get("kind")
        turned = kind in ("turn_taken", "rotation", "rotate")
        turned = turned or model.partial.get("procedure") == "rotation"
        if turned and "at" in model.partial:  # a unit turned where it stands
            unit = model.units.get(model.partial["at"])
            if unit:
                return unit["tile"], model.partial["at"], model.facing, 235
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            if at is None and scene.hover_hex in model.slot_hexes(cands, "at"):
                at = scene.hover_hex
                faces = model.facings([(a, d) for a, d in cands if as_hex(d["at"]) == at])
                face = model.facing if model.facing in faces else model.default_facing(at, faces)
                return tile, at, face, 150
            if at is not None:
                return tile, at, model.facing, 235
        if "to" in model.partial and "from" in model.partial and not self.pair_ghosts():
            unit = model.units.get(model.partial["from"])
            if unit:
                return unit["tile"], model.partial["to"], model.facing, 235
        return None

    def pair_ghosts(self) -> list[tuple[str, Hex, int]]:
        """Two units changing places (Castling, the Swap procedure), both hexes chosen: each
        drawn where it goes, with the facing it will have."""
        model = self.model
        if (
            not self.scene.human_to_move()
            or "from" not in model.partial
            or "to" not in model.partial
        ):
            return []
        kind, procedure = model.partial.get("kind"), model.partial.get("procedure")
        if kind != "castling" and procedure != "swap":
            return []
        a, b = model.partial["from"], model.partial["to"]
        ua, ub = model.units.get(a), model.units.get(b)
        if ua is None or ub is None:
            return []
        if procedure == "swap":
            return [(ua["tile"], b, model.facing), (ub["tile"], a, model.facing2)]
        return [(ua["tile"], b, int(ua["facing"])), (ub["tile"], a, int(ub["facing"]))]

    def draw(self, surface: pygame.Surface, *, hq: list[int] | None = None) -> None:
        scene, model = self.scene, self.model
        self.draw_backdrop(surface, hq, None, None)
        marks = self.marks()
        scene.board.draw_ground(surface, marks)
        scene.board.draw_terminals(surface, model.view.get("terminals"))
        scene.board.draw_foundations(surface, model.view.get("foundations"))
        ghost = self.preview()
        pairs = self.pair_ghosts()
        hidden: set[Hex] = set()
        if ghost and "from" in model.partial and "to" in model.partial:
            hidden.add(model.partial["from"])
        if ghost and ghost[3] > 200 and ghost[1] in model.units and model.partial.get("at"):
            hidden.add(ghost[1])  # a unit being turned where it stands
        hidden |= {at for _tile, at, _facing in pairs}
        if (
            ghost
            and scene.ai_show
            and scene.ai_show[1].get("kind") in ("move", "mobility", "transport")
        ):
            hidden.add(as_hex(scene.ai_show[1]["from"]))
        hidden |= set(scene.motion.pops)
        scene.board.draw_units(
            surface,
            model.view["units"],
            list(model.view["hq_hp"]),
            model.netted,
            hidden=hidden,
            seat_rings=self.seats.rings(),
            points=self.seats.points_game(),
        )
        shown = [u for u in model.view["units"] if as_hex(u["at"]) not in hidden]
        scene.board.draw_takeovers(surface, shown, scene.armies)
        scene.board.draw_terminal_tags(
            surface,
            model.view.get("terminals"),
            set(model.units) - hidden,
            scene.links(),
        )
        rings = self.seats.rings()
        for at, tween in scene.motion.pops.items():
            unit = model.units.get(at)
            if unit is None:
                continue
            seat = armystyle.seat_of(unit)
            info = tileart.info_of(unit["tile"])
            ring: tuple[int, int, int] | None
            if seat is None:  # the neutral Mad Bomber: its grey ring
                hq, ring = None, armystyle.NEUTRAL_RING
            else:
                hq = model.view["hq_hp"][seat] if info.get("kind") == "hq" else None
                ring = rings[seat] if rings else None
            image = tileart.render_tile(
                unit["tile"],
                scene.board.size - 2,
                int(unit["facing"]),
                wounds=int(unit.get("wounds", 0)),
                netted=at in model.netted,
                hq_hp=hq,
                ring=ring,
                points=self.seats.points_game(),
            )
            grow = landing_scale(tween.t)
            size = (round(image.get_width() * grow), round(image.get_height() * grow))
            scaled = pygame.transform.smoothscale(image, size)
            tileart.blit_tile(surface, scaled, scene.board.pixel(at), int(120 + 135 * tween.t))
            landing_ring(surface, scene.board.pixel(at), scene.board.size, tween.t)
        for tile, at, facing in pairs:
            image = tileart.render_tile(tile, scene.board.size - 2, facing, ring=(255, 255, 255))
            tileart.blit_tile(surface, image, scene.board.pixel(at), 235)
            self._draw_facing_arrow(surface, at, facing)
        if ghost:
            tile, at, facing, alpha = ghost
            image = tileart.render_tile(tile, scene.board.size - 2, facing, ring=(255, 255, 255))
            tileart.blit_tile(surface, image, scene.board.pixel(at), alpha)
            info = tileart.info_of(tile)
            takeovers = tileart.takeover_edges(info)
            if alpha > 200 and info.get("kind") == "hq" and takeovers:
                self._draw_facing_arrow(surface, at, takeovers[0] + facing)  # where it takes
            elif alpha > 200 and info.get("kind") not in ("hq", "foundation"):
                self._draw_facing_arrow(surface, at, facing)
        scene.board.draw_marks(surface, marks)
        scene.board.draw_takeovers(surface, shown, scene.armies, tags=True)
        self.draw_danger(surface)
        scene.motion.draw_strikes(surface, scene.board)
        self.draw_foreground(surface)

    def draw_danger(self, surface: pygame.Surface) -> None:
        """The danger view: the hexes a battle now would hit (orange), the units it would
        kill (a red cross), netted hexes (a mesh colour), each HQ's loss, and a sentence."""
        scene = self.scene
        view = scene.danger_view()
        if view is None:
            return
        size = scene.board.size
        for at in view["netted"]:
            tileart.hex_outline(surface, scene.board.pixel(at), size - 8, tileart.NET, 2)
        for at in view["hit"]:
            tileart.hex_outline(surface, scene.board.pixel(at), size - 5, DANGER_HIT, 3)
        for at in view["dies"]:
            cx, cy = scene.board.pixel(at)
            tileart.hex_fill(surface, (cx, cy), size - 4, (200, 20, 30, 70))
            d = size * 0.42
            for sx in (-1, 1):
                start, end = (cx - d * sx, cy - d), (cx + d * sx, cy + d)
                pygame.draw.line(surface, tileart.INK, start, end, 8)
                pygame.draw.line(surface, DANGER_DIES, start, end, 4)
        for unit in self.model.view["units"]:
            seat = armystyle.seat_of(unit)
            if seat is None:
                continue
            loss = view["hq_loss"][seat] if seat < len(view["hq_loss"]) else 0
            if loss and tileart.info_of(unit["tile"]).get("kind") == "hq":
                cx, cy = scene.board.pixel(as_hex(unit["at"]))
                label = f"-{loss}"
                spot = (cx - size * 0.62, cy)
                widgets.draw_text(
                    surface, label, (spot[0] + 2, spot[1] + 2), 26, tileart.INK, True, "center"
                )
                widgets.draw_text(surface, label, spot, 26, DANGER_DIES, True, "center")
        words = view["words"]
        size_words = tileart.fit_text(words, 15, 630)
        widgets.draw_text(surface, words, (640, 64), size_words, DANGER_DIES, True, "center")

    def _draw_facing_arrow(self, surface: pygame.Surface, at: Hex, facing: int) -> None:
        cx, cy = self.scene.board.pixel(at)
        angle = hexgeo.edge_angle(facing)
        r = self.scene.board.size * 1.02
        tip = (cx + math.cos(angle) * r, cy + math.sin(angle) * r)
        left = (
            cx + math.cos(angle - 0.26) * r * 0.7,
            cy + math.sin(angle - 0.26) * r * 0.7,
        )
        right = (
            cx + math.cos(angle + 0.26) * r * 0.7,
            cy + math.sin(angle + 0.26) * r * 0.7,
        )
        pygame.draw.polygon(surface, PICK_EDGE, [tip, left, right])
        pygame.draw.polygon(surface, tileart.INK, [tip, left, right], 1)

    def draw_backdrop(
        self, surface: pygame.Surface, hq: HQ, prompt: str | None, panels: Panels
    ) -> None:
        """The seats' panels and the prompt. ``panels`` (a battle being played back) overrides
        what the panels show with the state of the step being played: ``discards`` and
        ``to_move``."""
        draw_seat_panels(self.seats, surface, hq, panels)
        widgets.draw_headline(surface, prompt if prompt is not None else self.scene.prompt())

    def draw_banner(self, surface: pygame.Surface) -> None:
        """Hot seat: whose turn it is, big, in the seat's colour, as the turn starts."""
        scene = self.scene
        if scene.banner is None:
            return
        seat, _left = scene.banner
        colour = self.seats.seat_colour(seat)
        words = f"Player {seat + 1}: {army_name(scene.armies[seat])}"
        box = pygame.Rect(0, 0, 600, 120)
        box.center = (640, 330)
        widgets.panel(surface, box, fill=(16, 18, 24), edge=colour)
        band = pygame.Rect(box.left + 5, box.top + 5, box.width - 10, 12)
        pygame.draw.rect(surface, tileart.army_colour(scene.armies[seat]), band, border_radius=4)
        pygame.draw.rect(surface, colour, box, 5, border_radius=12)
        size = tileart.fit_text(words, 40, box.width - 40)
        widgets.draw_text(surface, words, (box.centerx, box.top + 24), size, colour, True, "midtop")
        widgets.draw_text(
            surface, "your turn", (box.centerx, box.top + 76), 22, widgets.TEXT, True, "midtop"
        )

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The log entry under the pointer, if any (none while the hint's panel is there)."""
        if self.scene.hint_panel_shown():
            return None
        return self.scene.game_log.entry_at(pos)

    def draw_log(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.hint_panel_shown():  # the hint's panel, until the game moves on or it is closed
            scene.helpers.draw_panel(surface)
            return
        hovered = self.log_entry_at(scene.app.mouse) if scene.app.stack.top is scene else None
        scene.game_log.draw(surface, hovered)
        if scene.can_watch_last_battle():
            scene.last_battle_button.draw(surface)

    def draw_actions(self, surface: pygame.Surface) -> None:
        scene, model = self.scene, self.model
        if scene.human_to_move() and model.actions_of("credit"):
            self.draw_credit_panel(surface)
            return
        if scene.human_to_move() and model.actions_of("hire", "mercenary"):
            self.draw_offer_panel(surface)
            return
        widgets.panel(surface, ACTIONS)
        x, y = ACTIONS.left + 12, ACTIONS.top + 10
        ending = (model.view.get("ending") or {}) if scene.turn_status else {}
        if scene.turn_status:
            turn = model.view.get("turn", 0)
            widgets.draw_text(surface, f"Turn {turn}", (x, y), 17, widgets.TEXT, True)
            limit = self.seats.play_limit_words(int(model.view.get("to_move") or 0))
            if limit:  # "2 tiles a turn: 1 left" (the engine's plays_left)
                widgets.draw_text(
                    surface,
                    limit,
                    (ACTIONS.right - 12, y + 2),
                    15,
                    widgets.ACCENT,
                    True,
                    "topright",
                )
        kind = ending.get("kind")
        if kind and kind != "none" and not scene.game.is_terminal():
            left = ending.get("turns_left")
            turns = f" ({plural(left, 'turn')} left)" if left is not None else ""
            words = {
                "last_tile_drawn": "A deck is empty: no more Battle tiles",
                "last_round": f"Last round, then the final battle{turns}",
                "tie_break": f"Tie: one more turn each, then overtime{turns}",
            }.get(str(kind), str(kind).replace("_", " "))
            size = tileart.fit_text(words, 14, ACTIONS.width - 24, bold=False)
            widgets.draw_text(surface, words, (x, y + 24), size, widgets.ACCENT)
        if model.mover >= 0 and not scene.seats[model.mover].is_human:
            self.draw_thinking(surface, pygame.Rect(x, y + 50, ACTIONS.width - 24, 80))
        elif scene.human_to_move():
            if scene.selected_tile():
                hint = scene.info.selected_hint()
            elif model.rotation_due() is not None:
                hint = (
                    "Your takeover: click the lit unit, turn it (wheel, Q/E) and confirm; or keep"
                    " it as it is (K)."
                )
            elif model.partial.get("procedure"):
                hint = "Click the lit hexes in turn, then confirm. Esc drops the procedure."
            elif model.stage == "place_hq" and tileart.takeover_edges(
                tileart.info_of(f"{scene.armies[model.mover]}.hq")
            ):
                hint = (
                    "Your HQ goes on any empty hex; then turn it: its takeover edge (magenta)"
                    " takes the enemy unit it faces."
                )
            elif model.stage == "place_hq" and self.seats.points_game():
                hint = (
                    "Your HQ goes on any empty hex and strikes all six neighbours. Its number"
                    " counts your points: each wound you deal an enemy HQ scores one."
                )
            elif model.stage == "place_hq":
                hint = (
                    "Your HQ goes on any empty hex (next to the enemy's is allowed). It has 20 "
                    "hit points and strikes all six neighbours."
                )
            elif model.stage == "push_to":
                hint = "Your unit was pushed: pick one of the lit hexes for it."
            else:
                hint = "Click a tile in your hand. Hover anything to read it; H shows the symbols."
            room = 62 if scene.energy_in_play() else 90  # (the Duel's buttons start higher)
            widgets.draw_paragraph(
                surface, hint, pygame.Rect(x, y + 48, ACTIONS.width - 24, room), 14, widgets.DIM
            )
        show = {
            b
            for b in scene.panel.buttons
            if b not in (scene.panel.confirm_button, scene.panel.cancel_button)
        }
        if scene.human_to_move():
            scene.panel.confirm_button.enabled = scene.chosen() is not None
            scene.panel.cancel_button.enabled = (
                bool(model.partial) or model.selected is not None or model.unlucky_pick is not None
            )
            show |= {scene.panel.confirm_button, scene.panel.cancel_button}
        for button in scene.panel.buttons:
            if button.label.startswith(("Discard", "Exchange")):
                button.enabled = model.selected is not None
            if button in show:
                button.draw(surface)
        for button in scene.shown_procedures():
            button.draw(surface)
        for tool in scene.shown_tools():
            tool.draw(surface)
        scene.menu_button.draw(surface)

    def draw_credit_panel(self, surface: pygame.Surface) -> None:
        """The points of a seat's own wounds to its own HQ, to give away (FAQ-374), asked like
        a battle question: whose choice, why, one numbered row per opponent."""
        scene = self.scene
        rect = ACTIONS
        seat = self.model.mover
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(scene.armies[seat]), band, border_radius=8)
        who = f"{scene.info.seat_words(seat)} decides"
        size = tileart.fit_text(who, 21, rect.width - 24)
        widgets.draw_text(surface, who, (rect.left + 12, rect.top + 10), size, widgets.TEXT, True)
        x, width = rect.left + 12, rect.width - 24
        words = scene.info.credit_words()
        widgets.draw_paragraph(
            surface,
            words[:1].upper() + words[1:],
            pygame.Rect(x, rect.top + 50, width, 44),
            15,
            widgets.ACCENT,
        )
        widgets.draw_paragraph(
            surface,
            "In the points game these wounds are points you give to opponents of your"
            " choice, a row at a time.",
            pygame.Rect(x, rect.top + 94, width, 52),
            13,
            widgets.DIM,
        )
        for button in scene.panel.buttons:
            button.draw(surface)
            number = getattr(button, "number", None)
            if number is not None:
                badge = (button.rect.left + 18, button.rect.centery)
                pygame.draw.circle(surface, QUESTION_EDGE, badge, 12)
                widgets.draw_text(surface, str(number), badge, 15, tileart.INK, True, "center")
        bottom = max((b.rect.bottom for b in scene.panel.buttons), default=rect.top + 150) + 10
        widgets.draw_paragraph(
            surface,
            "Click a choice or press its number. Once given, it is final.",
            pygame.Rect(x, bottom, width, 40),
            13,
            widgets.DIM,
        )
        for tool in scene.shown_tools():
            tool.draw(surface)
        scene.menu_button.draw(surface)

    def draw_offer_panel(self, surface: pygame.Surface) -> None:
        """The Mercenaries offered, asked like a question: hire one before the HQs, or at a
        draw take one instead of a deck tile (or draw from the deck)."""
        scene, model = self.scene, self.model
        rect = ACTIONS
        seat = model.mover
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(scene.armies[seat]), band, border_radius=8)
        hiring = model.stage == "hire"
        title = "Hire a Mercenary" if hiring else "Mercenaries"
        who = f"{scene.info.seat_words(seat)}: {title}"
        size = tileart.fit_text(who, 20, rect.width - 24)
        widgets.draw_text(surface, who, (rect.left + 12, rect.top + 11), size, widgets.TEXT, True)
        x, width = rect.left + 12, rect.width - 24
        if hiring:
            question = "Pick a Mercenary to hire."
            words = (
                "It waits beside your deck, for all to see: take it instead of a deck tile"
                " at any draw."
            )
        else:
            question = "Take a Mercenary instead of a deck tile?"
            left = int((model.view.get("stage") or {}).get("left") or 0)
            words = f"Tiles still to draw: {left}. A Mercenary taken is a tile in your hand."
        size = tileart.fit_text(question, 16, width)
        widgets.draw_text(surface, question, (x, rect.top + 50), size, widgets.ACCENT, True)
        widgets.draw_paragraph(
            surface, words, pygame.Rect(x, rect.top + 70, width, 36), 13, widgets.DIM
        )
        for button in scene.panel.buttons:
            button.draw(surface)
        for tool in scene.shown_tools():
            tool.draw(surface)
        scene.menu_button.draw(surface)

    def draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scene, model = self.scene, self.model
        thinker = scene.thinkers.get(model.mover)
        name = scene.seat_name(model.mover)
        if scene.ai_show is not None:
            widgets.draw_text(surface, f"{name} plays:", rect.topleft, 16, AI_EDGE, True)
            widgets.draw_paragraph(
                surface,
                action_words(scene.ai_show[1], model.units, model.mover, scene.armies),
                pygame.Rect(rect.left, rect.top + 24, rect.width, 60),
                15,
            )
            return
        dots = "." * (1 + int(scene.clock * 3) % 3)
        widgets.draw_text(surface, f"{name} is thinking{dots}", rect.topleft, 16, AI_EDGE, True)
        cx, cy = rect.right - 20, rect.top + 10
        for i in range(8):
            angle = scene.clock * 5 + i * math.pi / 4
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
            scene.hurry_button.draw(surface)

    def draw_foreground(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self.draw_log(surface)
        self.draw_actions(surface)
        if scene.message_time > 0 and scene.message:
            lines = widgets.wrap(scene.message, 16, 600)
            box = pygame.Rect(0, 0, 640, 12 + 22 * len(lines))
            box.midbottom = (640, 792)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((24, 44, 60, 235) if scene.message_info else (60, 16, 20, 235))
            surface.blit(shade, box)
            edge = (120, 190, 255) if scene.message_info else widgets.BAD
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
        scene.bombers.draw(surface)  # the Mad Bomber on its way to a deck
        self.draw_banner(surface)  # (under a hover box: the pointer's words stay readable)
        if scene.banner is None:  # (the hot seat's big banner says it already)
            scene.juice.draw_banner(surface, TURN_AREA)
        if scene.host is None:
            scene.draw_tooltip(surface)  # (a host draws it last, over its own card)
