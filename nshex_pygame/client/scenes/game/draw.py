"""The game scene's drawing: the board with its marks and ghost tile, the seats, the log and
the actions panel."""

from __future__ import annotations

import math
from typing import Any

import pygame

from nshex_pygame.client import armystyle, hexgeo, tileart, widgets
from nshex_pygame.client.board import Marks
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.juice import landing_ring, landing_scale
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
    SEAT_RINGS,
    as_hex,
)
from nshex_pygame.client.scenes.game.log import wrap_log  # noqa: F401  (the tests import it here)
from nshex_pygame.client.seatpanels import SeatPanels
from nshex_pygame.client.words import action_hexes, action_words, army_name, plural

TURN_AREA = pygame.Rect(320, 60, 640, 200)  # the turn banner slides over the board's top


class GameDrawing(SeatPanels):
    """Drawing the game scene (mixed into :class:`GameScene`)."""

    def marks(self) -> Marks:
        marks = self._marks()
        for at in self.hint_hexes():  # the hint: shown, not played
            marks.outlines.setdefault(at, HINT_EDGE)
        for at in self.tooltips.spoken_hexes():  # what the hovered log line or hover box speaks of
            marks.outlines[at] = LOOK_EDGE
        return marks

    def _marks(self) -> Marks:
        marks = Marks()
        if self.ai_show is not None:
            _a, desc, _t = self.ai_show
            for at in action_hexes(desc):  # (a point given names a seat, no hex)
                marks.outlines[at] = AI_EDGE
            return marks
        if not self.human_to_move():
            return marks
        cands = self.candidates()
        slot = self.next_slot(cands)
        choosing = self.selected is not None or self.stage != "main" or self.partial
        if slot is not None and (choosing or self.model.rotation_due() is not None):
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
        for at in self.partial.get(BOMB, ()):  # the Small Bomb's hexes chosen so far
            marks.fills[at] = BOMB_FILL
            marks.outlines[at] = PICK_EDGE
        stage = self.view.get("stage") or {}
        if stage.get("kind") == "push_to" and stage.get("target"):
            marks.outlines[as_hex(stage["target"])] = PICK_EDGE
        return marks

    def preview(self) -> tuple[str, Hex, int, int] | None:
        """A ghost tile to draw: (tile, hex, facing, alpha)."""
        if self.ai_show is not None:
            _a, desc, _t = self.ai_show
            if desc.get("kind") == "place":
                return desc["tile"], as_hex(desc["at"]), int(desc["facing"]), 200
            if desc.get("kind") in ("move", "mobility", "transport"):
                unit = self.units.get(as_hex(desc["from"]))
                if unit:
                    return unit["tile"], as_hex(desc["to"]), int(desc["facing"]), 200
            return None
        if not self.human_to_move():
            return None
        tile = self.selected_tile()
        if self.hint is not None and tile is None and not self.partial:
            desc = self.hint[1]
            if desc.get("kind") == "place":
                return desc["tile"], as_hex(desc["at"]), int(desc["facing"]), 170
        cands = self.candidates()
        at = self.partial.get("at") or self.partial.get("to")
        if self.stage == "place_hq":
            hq = f"{self.armies[self.mover]}.hq"
            if at is not None:  # (a Vegas HQ is turned: its takeover edge matters)
                return hq, at, self.facing, 235
            if self.hover_hex in self.slot_hexes(cands, "at"):
                return hq, self.hover_hex, 0, 150
            return None
        kind = self.partial.get("kind")
        turned = kind in ("turn_taken", "rotation", "rotate")
        turned = turned or self.partial.get("procedure") == "rotation"
        if turned and "at" in self.partial:  # a unit turned where it stands
            unit = self.units.get(self.partial["at"])
            if unit:
                return unit["tile"], self.partial["at"], self.facing, 235
        if tile is not None and tileart.info_of(tile).get("kind") != "instant":
            if at is None and self.hover_hex in self.slot_hexes(cands, "at"):
                at = self.hover_hex
                faces = self.facings([(a, d) for a, d in cands if as_hex(d["at"]) == at])
                face = self.facing if self.facing in faces else self.default_facing(at, faces)
                return tile, at, face, 150
            if at is not None:
                return tile, at, self.facing, 235
        if "to" in self.partial and "from" in self.partial and not self.pair_ghosts():
            unit = self.units.get(self.partial["from"])
            if unit:
                return unit["tile"], self.partial["to"], self.facing, 235
        return None

    def pair_ghosts(self) -> list[tuple[str, Hex, int]]:
        """Two units changing places (Castling, the Swap procedure), both hexes chosen: each
        drawn where it goes, with the facing it will have."""
        if not self.human_to_move() or "from" not in self.partial or "to" not in self.partial:
            return []
        kind, procedure = self.partial.get("kind"), self.partial.get("procedure")
        if kind != "castling" and procedure != "swap":
            return []
        a, b = self.partial["from"], self.partial["to"]
        ua, ub = self.units.get(a), self.units.get(b)
        if ua is None or ub is None:
            return []
        if procedure == "swap":
            return [(ua["tile"], b, self.facing), (ub["tile"], a, self.facing2)]
        return [(ua["tile"], b, int(ua["facing"])), (ub["tile"], a, int(ub["facing"]))]

    def draw(self, surface: pygame.Surface, *, hq: list[int] | None = None) -> None:
        self.draw_backdrop(surface, hq=hq)
        marks = self.marks()
        self.board.draw_ground(surface, marks)
        self.board.draw_terminals(surface, self.view.get("terminals"))
        self.board.draw_foundations(surface, self.view.get("foundations"))
        ghost = self.preview()
        pairs = self.pair_ghosts()
        hidden: set[Hex] = set()
        if ghost and "from" in self.partial and "to" in self.partial:
            hidden.add(self.partial["from"])
        if ghost and ghost[3] > 200 and ghost[1] in self.units and self.partial.get("at"):
            hidden.add(ghost[1])  # a unit being turned where it stands
        hidden |= {at for _tile, at, _facing in pairs}
        if (
            ghost
            and self.ai_show
            and self.ai_show[1].get("kind") in ("move", "mobility", "transport")
        ):
            hidden.add(as_hex(self.ai_show[1]["from"]))
        hidden |= set(self.pops)
        self.board.draw_units(
            surface,
            self.view["units"],
            list(self.view["hq_hp"]),
            self.netted,
            hidden=hidden,
            seat_rings=self.rings(),
            points=self.points_game(),
        )
        shown = [u for u in self.view["units"] if as_hex(u["at"]) not in hidden]
        self.board.draw_takeovers(surface, shown, self.armies)
        self.board.draw_terminal_tags(
            surface, self.view.get("terminals"), set(self.units) - hidden, self.links()
        )
        rings = self.rings()
        for at, tween in self.pops.items():
            unit = self.units.get(at)
            if unit is None:
                continue
            seat = armystyle.seat_of(unit)
            info = tileart.info_of(unit["tile"])
            if seat is None:  # the neutral Mad Bomber: its grey ring
                hq, ring = None, armystyle.NEUTRAL_RING
            else:
                hq = self.view["hq_hp"][seat] if info.get("kind") == "hq" else None
                ring = rings[seat] if rings else None
            image = tileart.render_tile(
                unit["tile"],
                self.board.size - 2,
                int(unit["facing"]),
                wounds=int(unit.get("wounds", 0)),
                netted=at in self.netted,
                hq_hp=hq,
                ring=ring,
                points=self.points_game(),
            )
            grow = landing_scale(tween.t)
            size = (round(image.get_width() * grow), round(image.get_height() * grow))
            scaled = pygame.transform.smoothscale(image, size)
            tileart.blit_tile(surface, scaled, self.board.pixel(at), int(120 + 135 * tween.t))
            landing_ring(surface, self.board.pixel(at), self.board.size, tween.t)
        for tile, at, facing in pairs:
            image = tileart.render_tile(tile, self.board.size - 2, facing, ring=(255, 255, 255))
            tileart.blit_tile(surface, image, self.board.pixel(at), 235)
            self._draw_facing_arrow(surface, at, facing)
        if ghost:
            tile, at, facing, alpha = ghost
            image = tileart.render_tile(tile, self.board.size - 2, facing, ring=(255, 255, 255))
            tileart.blit_tile(surface, image, self.board.pixel(at), alpha)
            info = tileart.info_of(tile)
            takeovers = tileart.takeover_edges(info)
            if alpha > 200 and info.get("kind") == "hq" and takeovers:
                self._draw_facing_arrow(surface, at, takeovers[0] + facing)  # where it takes
            elif alpha > 200 and info.get("kind") not in ("hq", "foundation"):
                self._draw_facing_arrow(surface, at, facing)
        self.board.draw_marks(surface, marks)
        self.board.draw_takeovers(surface, shown, self.armies, tags=True)
        self.draw_danger(surface)
        self.motion.draw_strikes(surface, self.board)
        self.draw_foreground(surface)

    def draw_danger(self, surface: pygame.Surface) -> None:
        """The danger view: the hexes a battle now would hit (orange), the units it would
        kill (a red cross), netted hexes (a mesh colour), each HQ's loss, and a sentence."""
        view = self.danger_view()
        if view is None:
            return
        size = self.board.size
        for at in view["netted"]:
            tileart.hex_outline(surface, self.board.pixel(at), size - 8, tileart.NET, 2)
        for at in view["hit"]:
            tileart.hex_outline(surface, self.board.pixel(at), size - 5, DANGER_HIT, 3)
        for at in view["dies"]:
            cx, cy = self.board.pixel(at)
            tileart.hex_fill(surface, (cx, cy), size - 4, (200, 20, 30, 70))
            d = size * 0.42
            for sx in (-1, 1):
                start, end = (cx - d * sx, cy - d), (cx + d * sx, cy + d)
                pygame.draw.line(surface, tileart.INK, start, end, 8)
                pygame.draw.line(surface, DANGER_DIES, start, end, 4)
        for unit in self.view["units"]:
            seat = armystyle.seat_of(unit)
            if seat is None:
                continue
            loss = view["hq_loss"][seat] if seat < len(view["hq_loss"]) else 0
            if loss and tileart.info_of(unit["tile"]).get("kind") == "hq":
                cx, cy = self.board.pixel(as_hex(unit["at"]))
                label = f"-{loss}"
                spot = (cx - size * 0.62, cy)
                widgets.draw_text(
                    surface, label, (spot[0] + 2, spot[1] + 2), 26, tileart.INK, True, "center"
                )
                widgets.draw_text(surface, label, spot, 26, DANGER_DIES, True, "center")
        words = view["words"]
        size_words = tileart.fit_text(words, 15, 630)
        widgets.draw_text(surface, words, (640, 64), size_words, DANGER_DIES, True, "center")

    def rings(self) -> list[tuple[int, int, int]] | None:
        return SEAT_RINGS if len(set(self.armies)) < len(self.armies) else None

    def _draw_facing_arrow(self, surface: pygame.Surface, at: Hex, facing: int) -> None:
        cx, cy = self.board.pixel(at)
        angle = hexgeo.edge_angle(facing)
        r = self.board.size * 1.02
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
        self,
        surface: pygame.Surface,
        *,
        hq: list[int] | None = None,
        prompt: str | None = None,
        panels: dict[str, Any] | None = None,
    ) -> None:
        """The seats' panels and the prompt. ``panels`` (a battle being played back) overrides
        what the panels show with the state of the step being played: ``discards`` and
        ``to_move``."""
        surface.fill(widgets.BG)
        hq_hp = hq if hq is not None else list(self.view["hq_hp"])
        for frame in self.team_frames:
            self.draw_team_frame(surface, frame)
        for seat in range(len(self.armies)):
            self.draw_seat(surface, seat, hq_hp, panels or {})
        widgets.draw_headline(surface, prompt if prompt is not None else self.prompt())

    def draw_banner(self, surface: pygame.Surface) -> None:
        """Hot seat: whose turn it is, big, in the seat's colour, as the turn starts."""
        if self.banner is None:
            return
        seat, _left = self.banner
        colour = self.seat_colour(seat)
        words = f"Player {seat + 1}: {army_name(self.armies[seat])}"
        box = pygame.Rect(0, 0, 600, 120)
        box.center = (640, 330)
        widgets.panel(surface, box, fill=(16, 18, 24), edge=colour)
        band = pygame.Rect(box.left + 5, box.top + 5, box.width - 10, 12)
        pygame.draw.rect(surface, tileart.army_colour(self.armies[seat]), band, border_radius=4)
        pygame.draw.rect(surface, colour, box, 5, border_radius=12)
        size = tileart.fit_text(words, 40, box.width - 40)
        widgets.draw_text(surface, words, (box.centerx, box.top + 24), size, colour, True, "midtop")
        widgets.draw_text(
            surface, "your turn", (box.centerx, box.top + 76), 22, widgets.TEXT, True, "midtop"
        )

    def log_view(self) -> tuple[list[tuple[str, tuple[int, ...], bool, int, int]], int, int]:
        """The log lines on show: ``(text, colour, continues, entry, y)``, with the number of
        wrapped lines in all and the first one shown (``log.py``)."""
        return self.game_log.view()

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The log entry under the pointer, if any (none while the hint's panel is there)."""
        if self.hint_panel_shown():
            return None
        return self.game_log.entry_at(pos)

    def draw_log(self, surface: pygame.Surface) -> None:
        if self.hint_panel_shown():  # the hint's panel, until the game moves on or it is closed
            self.helpers.draw_panel(surface)
            return
        hovered = self.log_entry_at(self.app.mouse) if self.app.stack.top is self else None
        self.game_log.draw(surface, hovered)
        if self.can_watch_last_battle():
            self.last_battle_button.draw(surface)

    def draw_actions(self, surface: pygame.Surface) -> None:
        if self.human_to_move() and self.model.actions_of("credit"):
            self.draw_credit_panel(surface)
            return
        if self.human_to_move() and self.offer_options():
            self.draw_offer_panel(surface)
            return
        widgets.panel(surface, ACTIONS)
        x, y = ACTIONS.left + 12, ACTIONS.top + 10
        ending = (self.view.get("ending") or {}) if self.turn_status else {}
        if self.turn_status:
            turn = self.view.get("turn", 0)
            widgets.draw_text(surface, f"Turn {turn}", (x, y), 17, widgets.TEXT, True)
            limit = self.play_limit_words(int(self.view.get("to_move") or 0))
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
        if kind and kind != "none" and not self.game.is_terminal():
            left = ending.get("turns_left")
            turns = f" ({plural(left, 'turn')} left)" if left is not None else ""
            words = {
                "last_tile_drawn": "A deck is empty: no more Battle tiles",
                "last_round": f"Last round, then the final battle{turns}",
                "tie_break": f"Tie: one more turn each, then overtime{turns}",
            }.get(str(kind), str(kind).replace("_", " "))
            size = tileart.fit_text(words, 14, ACTIONS.width - 24, bold=False)
            widgets.draw_text(surface, words, (x, y + 24), size, widgets.ACCENT)
        if self.mover >= 0 and not self.seats[self.mover].is_human:
            self.draw_thinking(surface, pygame.Rect(x, y + 50, ACTIONS.width - 24, 80))
        elif self.human_to_move():
            if self.selected_tile():
                hint = self.info.selected_hint()
            elif self.model.rotation_due() is not None:
                hint = (
                    "Your takeover: click the lit unit, turn it (wheel, Q/E) and confirm; or keep"
                    " it as it is (K)."
                )
            elif self.partial.get("procedure"):
                hint = "Click the lit hexes in turn, then confirm. Esc drops the procedure."
            elif self.stage == "place_hq" and tileart.takeover_edges(
                tileart.info_of(f"{self.armies[self.mover]}.hq")
            ):
                hint = (
                    "Your HQ goes on any empty hex; then turn it: its takeover edge (magenta)"
                    " takes the enemy unit it faces."
                )
            elif self.stage == "place_hq" and self.points_game():
                hint = (
                    "Your HQ goes on any empty hex and strikes all six neighbours. Its number"
                    " counts your points: each wound you deal an enemy HQ scores one."
                )
            elif self.stage == "place_hq":
                hint = (
                    "Your HQ goes on any empty hex (next to the enemy's is allowed). It has 20 "
                    "hit points and strikes all six neighbours."
                )
            elif self.stage == "push_to":
                hint = "Your unit was pushed: pick one of the lit hexes for it."
            else:
                hint = "Click a tile in your hand. Hover anything to read it; H shows the symbols."
            room = 62 if self.energy_in_play() else 90  # (the Duel's buttons start higher)
            widgets.draw_paragraph(
                surface, hint, pygame.Rect(x, y + 48, ACTIONS.width - 24, room), 14, widgets.DIM
            )
        show = {b for b in self.buttons if b not in (self.confirm_button, self.cancel_button)}
        if self.human_to_move():
            self.confirm_button.enabled = self.chosen() is not None
            self.cancel_button.enabled = (
                bool(self.partial) or self.selected is not None or self.unlucky_pick is not None
            )
            show |= {self.confirm_button, self.cancel_button}
        for button in self.buttons:
            if button.label.startswith(("Discard", "Exchange")):
                button.enabled = self.selected is not None
            if button in show:
                button.draw(surface)
        for button in self.shown_procedures():
            button.draw(surface)
        for tool in self.shown_tools():
            tool.draw(surface)
        self.menu_button.draw(surface)

    def draw_credit_panel(self, surface: pygame.Surface) -> None:
        """The points of a seat's own wounds to its own HQ, to give away (FAQ-374), asked like
        a battle question: whose choice, why, one numbered row per opponent."""
        rect = ACTIONS
        seat = self.mover
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(self.armies[seat]), band, border_radius=8)
        who = f"{self.info.seat_words(seat)} decides"
        size = tileart.fit_text(who, 21, rect.width - 24)
        widgets.draw_text(surface, who, (rect.left + 12, rect.top + 10), size, widgets.TEXT, True)
        x, width = rect.left + 12, rect.width - 24
        words = self.info.credit_words()
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
        for button in self.buttons:
            button.draw(surface)
            number = getattr(button, "number", None)
            if number is not None:
                badge = (button.rect.left + 18, button.rect.centery)
                pygame.draw.circle(surface, QUESTION_EDGE, badge, 12)
                widgets.draw_text(surface, str(number), badge, 15, tileart.INK, True, "center")
        bottom = max((b.rect.bottom for b in self.buttons), default=rect.top + 150) + 10
        widgets.draw_paragraph(
            surface,
            "Click a choice or press its number. Once given, it is final.",
            pygame.Rect(x, bottom, width, 40),
            13,
            widgets.DIM,
        )
        for tool in self.shown_tools():
            tool.draw(surface)
        self.menu_button.draw(surface)

    def draw_offer_panel(self, surface: pygame.Surface) -> None:
        """The Mercenaries offered, asked like a question: hire one before the HQs, or at a
        draw take one instead of a deck tile (or draw from the deck)."""
        rect = ACTIONS
        seat = self.mover
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(self.armies[seat]), band, border_radius=8)
        hiring = self.stage == "hire"
        title = "Hire a Mercenary" if hiring else "Mercenaries"
        who = f"{self.info.seat_words(seat)}: {title}"
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
            left = int((self.view.get("stage") or {}).get("left") or 0)
            words = f"Tiles still to draw: {left}. A Mercenary taken is a tile in your hand."
        size = tileart.fit_text(question, 16, width)
        widgets.draw_text(surface, question, (x, rect.top + 50), size, widgets.ACCENT, True)
        widgets.draw_paragraph(
            surface, words, pygame.Rect(x, rect.top + 70, width, 36), 13, widgets.DIM
        )
        for button in self.buttons:
            button.draw(surface)
        for tool in self.shown_tools():
            tool.draw(surface)
        self.menu_button.draw(surface)

    def draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        thinker = self.thinkers.get(self.mover)
        name = self.seat_name(self.mover)
        if self.ai_show is not None:
            widgets.draw_text(surface, f"{name} plays:", rect.topleft, 16, AI_EDGE, True)
            widgets.draw_paragraph(
                surface,
                action_words(self.ai_show[1], self.units, self.mover, self.armies),
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
        self.bombers.draw(surface)  # the Mad Bomber on its way to a deck
        self.draw_banner(surface)  # (under a hover box: the pointer's words stay readable)
        if self.banner is None:  # (the hot seat's big banner says it already)
            self.juice.draw_banner(surface, TURN_AREA)
        if self.host is None:
            self.draw_tooltip(surface)  # (a host draws it last, over its own card)
