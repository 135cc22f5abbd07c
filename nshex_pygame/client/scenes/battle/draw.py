"""The battle scene's drawing: the board as the playback has it, each step's animation, the
log, the controls and the question panel."""

from __future__ import annotations

import math

import pygame

from nshex_pygame.client import armystyle, hexgeo, tileart, widgets
from nshex_pygame.client.board import BoardView
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.battle import effects
from nshex_pygame.client.scenes.battle.behind import Behind
from nshex_pygame.client.scenes.battle.info import BattleWords
from nshex_pygame.client.scenes.battle.layout import (
    BANNER_RECT,
    CONTROLS_RECT,
    EXPLAIN,
    LOG_RECT,
    PANEL_ROW_EDGE,
    QUESTION_EDGE,
    SPEEDS,
)
from nshex_pygame.client.scenes.battle.model import BattleModel
from nshex_pygame.client.scenes.battle.playback import (
    HEX_SECONDS,
    LOOP_TIMES,
    Step,
    as_hex,
    copies_words,
    copy_path,
    in_loop,
    redirect_loop,
)
from nshex_pygame.client.words import army_name, hq_words


class BattleView:
    """The battle scene's picture: the ``model`` on the ``board`` over the scene ``behind``,
    told in ``words``, with the playback's ``buttons``."""

    def __init__(
        self,
        model: BattleModel,
        words: BattleWords,
        board: BoardView,
        behind: Behind,
        buttons: list[widgets.Button],
    ) -> None:
        self.model = model
        self.words = words
        self.board = board
        self.behind = behind
        self.buttons = buttons
        self.banner_rect: pygame.Rect | None = None  # where the phase banner was last drawn

    def draw(self, surface: pygame.Surface) -> None:
        pb = self.model.playback
        self.banner_rect = None
        if self.behind.scene is not None:
            self.behind.draw(surface, pb.hq, self.words.caption(), self.model.panels())
        else:
            surface.fill(widgets.BG)
        self.board.draw_ground(surface)
        view = self.behind.view()  # the Duel board's terminals and Mines stay on the ground
        self.board.draw_terminals(surface, view.get("terminals"))
        self.board.draw_foundations(surface, view.get("foundations"))
        step = pb.current
        t = self.model.progress()
        breaking: set[Hex] = set()  # the dead break apart (drawn by the step)
        if step is not None and step.kind == "removed" and not self.model.finished:
            breaking = {as_hex(event["at"]) for event in step.group or []}
        rings = self.behind.rings()
        self.board.draw_units(
            surface,
            pb.unit_list(),
            pb.hq,
            pb.netted,
            hidden=breaking,
            seat_rings=rings,
            points=self.words.points_game(),
        )
        control = pb.controllers()  # units taken over, in the taker's colour
        taken = [
            {**u, "controller": control[at]}
            for at, u in pb.units.items()
            if at in control and at not in breaking
        ]
        self.board.draw_takeovers(surface, taken, self.model.armies)
        # the Links of the battle's start that still stand and are not netted now
        standing = set(pb.units) - breaking
        links = {as_hex(t) for t in view.get("links") or []} & standing - pb.netted
        self.board.draw_terminal_tags(surface, view.get("terminals"), standing, links)
        self.board.draw_takeovers(surface, taken, self.model.armies, tags=True)
        if self.model.asking:
            self.draw_question_marks(surface)
        else:
            for at in self.model.acting():
                if at in pb.units:
                    tileart.hex_outline(
                        surface, self.board.pixel(at), self.board.size - 3, widgets.ACCENT, 3
                    )
        if step is not None and not self.model.finished:
            self.draw_step(surface, step, t)
            if step.kind == "hq_damage":
                effects.shake(surface, t)  # the board shakes under an HQ hit
        self.draw_log(surface)
        if self.model.asking:
            self.draw_question(surface)
        else:
            self.draw_controls(surface)

    def draw_step(self, surface: pygame.Surface, step: Step, t: float) -> None:
        pb = self.model.playback
        event = step.event or {}
        px = self.board.pixel
        size = self.board.size
        if step.kind == "banner":
            if self.model.paused:
                return  # the phase's name is in the caption; nothing covers the paused board
            phase = pb.phases[step.phase]
            alpha = int(255 * min(1.0, 3 * t, 3 * (1 - t) + 0.3))
            self._banner(surface, f"Initiative {phase.get('initiative')}", alpha)
            return
        if step.kind == "attack":
            src = as_hex(event["at"])
            targets = [as_hex(a) for a in event.get("targets") or []]
            start = px(src)
            tileart.hex_outline(surface, start, size - 3, (255, 255, 255), 5)
            if event.get("gauss"):
                path = [as_hex(a) for a in event.get("path") or []] or targets
                end = px(path[-1]) if path else start
                width = max(3, int(10 * math.sin(math.pi * t)))
                pygame.draw.line(surface, tileart.GAUSS, start, end, width)
                pygame.draw.line(surface, (255, 255, 255), start, end, max(1, width // 3))
                for target in targets:
                    self._flash(surface, px(target), t)
                return
            army = self.model.army_at(src)
            for target in targets:
                end = px(target)
                if event.get("ranged") and not event.get("melee"):
                    effects.projectile(surface, start, end, t, army)
                else:
                    k = math.sin(math.pi * min(1.0, t * 1.2)) * 0.7
                    pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
                    angle = math.atan2(end[1] - start[1], end[0] - start[0])
                    pts = [
                        (pos[0] + math.cos(angle) * 22, pos[1] + math.sin(angle) * 22),
                        (pos[0] + math.cos(angle + 2.4) * 16, pos[1] + math.sin(angle + 2.4) * 16),
                        (pos[0] + math.cos(angle - 2.4) * 16, pos[1] + math.sin(angle - 2.4) * 16),
                    ]
                    pygame.draw.polygon(surface, armystyle.scheme(army).light, pts)
                    pygame.draw.polygon(surface, tileart.INK, pts, 2)
                strength = int(event.get("melee") or 0) + int(event.get("ranged") or 0)
                self._float(surface, end, f"{strength}", t, tileart.YELLOW)
            return
        if step.kind == "hit":
            at = px(as_hex(event["at"]))
            effects.hit_flash(surface, at, size, t)
            events = pb.phases[step.phase].get("events") or []
            wounds = "\u221e" if in_loop(events, event) else event.get("wounds")
            self._float(surface, at, f"-{wounds}", t, (255, 90, 90))
        elif step.kind == "hq_damage":
            seat = armystyle.seat_of(event)
            hq = next(
                (
                    a
                    for a, u in pb.units.items()
                    if u["seat"] == seat and tileart.info_of(u["tile"]).get("kind") == "hq"
                ),
                None,
            )
            if hq is not None:
                effects.hit_flash(surface, px(hq), size, t)
                self._float(surface, px(hq), f"HQ -{event.get('amount')}", t, (255, 90, 90))
        elif step.kind == "armor":
            self._draw_armor(surface, event, t)
        elif step.kind == "save":
            medic = px(as_hex(event["medic"]))
            saved = px(as_hex(event["at"]))
            pygame.draw.line(surface, widgets.GOOD, medic, saved, 6)
            pygame.draw.circle(surface, widgets.GOOD, saved, int(size * 0.5 * (0.6 + 0.4 * t)), 4)
            self._float(surface, saved, "saved by medic", t, widgets.GOOD)
        elif step.kind == "netted":
            at = px(as_hex(event["at"]))
            radius = int(size * (0.4 + 0.5 * t))
            pygame.draw.circle(surface, tileart.NET, at, radius, 4)
        elif step.kind == "slot_lost":
            self._float(surface, px(as_hex(event["at"])), "netted: no attack", t, tileart.NET)
        elif step.kind == "explode":
            self._draw_explode(surface, event, t)
        elif step.kind == "redirected":
            self._draw_redirect(surface, step, t)
        elif step.kind == "control":
            for change in step.group or []:
                at = px(as_hex(change["at"]))
                seat = change.get("seat")
                if seat is None:
                    words, colour = "back to its owner", widgets.TEXT
                else:
                    seat = armystyle.seat_of(seat)
                    army = (
                        self.model.armies[seat]
                        if seat is not None and seat < len(self.model.armies)
                        else ""
                    )
                    words, colour = f"taken by {army_name(army)}", tileart.TAKEOVER
                pygame.draw.circle(surface, colour, at, int(size * (0.5 + 0.4 * t)), 4)
                self._float(surface, at, words, t, colour)
        elif step.kind == "converted":
            self._float(surface, px(as_hex(event["at"])), f"now {event.get('to')}", t, widgets.GOOD)
        elif step.kind == "removed":
            for removed in step.group or []:
                at = as_hex(removed["at"])
                unit = pb.units.get(at) or removed
                image = tileart.render_tile(
                    str(unit.get("tile")),
                    size - 2,
                    int(unit.get("facing", 0)),
                    wounds=int(unit.get("wounds", 0)),
                )
                army = self.model.army_of(unit)
                effects.break_apart(surface, image, px(at), t, hash(at), army)

    def _draw_armor(self, surface: pygame.Surface, event: dict, t: float) -> None:
        """Armor stops a wound: a shield on the side the shot comes from."""
        px, size = self.board.pixel, self.board.size
        at = px(as_hex(event["at"]))
        source = px(as_hex(event["from"])) if event.get("from") else (at[0], at[1] - 1)
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

    def _draw_explode(self, surface: pygame.Surface, event: dict, t: float) -> None:
        """An explosion (a Clown's, a Trap's): a fireball, its targets flashing."""
        px, size = self.board.pixel, self.board.size
        at = px(as_hex(event["at"]))
        radius = max(2, int(size * 1.9 * t))
        layer = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        mid = (radius + 1, radius + 1)
        pygame.draw.circle(layer, (255, 150, 40, int(200 * (1 - t))), mid, radius)
        pygame.draw.circle(layer, (255, 240, 160, int(255 * (1 - t))), mid, max(1, radius // 2))
        surface.blit(layer, (round(at[0]) - radius - 1, round(at[1]) - radius - 1))
        for target in event.get("targets") or []:
            self._flash(surface, px(as_hex(target)), t)

    def _draw_redirect(self, surface: pygame.Surface, step: Step, t: float) -> None:
        """A shot turned by a redirector: the redirector lit in orange, a tracer leaving it
        by its exit to where the copy lands, the number of copies (``x3``); a loop (infinite
        copies) as a tracer going round its redirectors ``LOOP_TIMES`` times, labelled ``∞``."""
        if step.group:
            self._draw_chain(surface, step, t)
            return
        event = step.event or {}
        events = self.model.playback.phases[step.phase].get("events") or []
        index = next((i for i, e in enumerate(events) if e is event), None)
        if index is None:
            return
        px, size = self.board.pixel, self.board.size
        at = as_hex(event["at"])
        army = self.model.army_at(at)
        tileart.hex_outline(surface, px(at), size - 3, tileart.REDIRECT, 5)
        label = copies_words(events, index)
        if event.get("copies") == "infinite":
            loop = redirect_loop(events, index)
            points = [px(h) for h in loop]
            if len(points) >= 2:
                closed = [*points, points[0]]
                pygame.draw.lines(surface, tileart.REDIRECT, False, closed, 3)
                # the tracer: round the loop LOOP_TIMES times within this step, then it stops
                k = min(1.0, t) * LOOP_TIMES * len(points)
                leg = min(int(k) % len(points), len(points) - 1)
                head = effects.lerp(closed[leg], closed[leg + 1], k - int(k))
                pygame.draw.circle(surface, armystyle.scheme(army).shot, head, 9)
                pygame.draw.circle(surface, tileart.INK, head, 9, 2)
            path = copy_path(events, index, self.board.hex_set)
            if len(path) > 1:
                pygame.draw.line(surface, tileart.REDIRECT, px(path[0]), px(path[-1]), 2)
        else:
            path = copy_path(events, index, self.board.hex_set)
            end = px(path[-1]) if len(path) > 1 else px(at)
            if len(path) == 1:  # off the board at once: a short stub out of the exit
                angle = hexgeo.edge_angle(int(event.get("dir", 0)))
                end = (px(at)[0] + math.cos(angle) * size, px(at)[1] + math.sin(angle) * size)
            effects.projectile(surface, px(at), end, t, army)
        self._float(surface, px(at), label, t, tileart.REDIRECT)

    def _draw_chain(self, surface: pygame.Surface, step: Step, t: float) -> None:
        """A redirected shot as one path: from the shooter over every redirector (lit in
        orange, with the copies it sends: ``x3``) to where each copy lands, flown at one speed
        (HEX_SECONDS a hex at speed 1) and then held, so the eye can follow it."""
        legs = self.model.chain_of(step)
        if not legs:
            return
        px, size = self.board.pixel, self.board.size
        flown = t * self.model.duration(step) / HEX_SECONDS
        army = self.model.army_at(legs[0].hexes[0])
        badges: dict[Hex, str] = {}
        for leg in legs:
            if flown <= leg.start:
                continue
            points = [px(h) for h in leg.hexes]
            if leg.label:
                tileart.hex_outline(surface, points[0], size - 3, tileart.REDIRECT, 5)
                badges[leg.hexes[0]] = leg.label
            if len(points) == 1:  # off the board at once: a stub out of the exit
                angle = hexgeo.edge_angle(int(leg.exit))
                points.append(
                    (points[0][0] + math.cos(angle) * size, points[0][1] + math.sin(angle) * size)
                )
            effects.flight(surface, points, (flown - leg.start) / (leg.end - leg.start), army)
        for at, label in badges.items():
            self._float(surface, px(at), label, 0.0, tileart.REDIRECT)

    def _banner(self, surface: pygame.Surface, words: str, alpha: int) -> None:
        """A band over the board's top edge, under the caption: no hex is hidden by it."""
        band = pygame.Surface(BANNER_RECT.size, pygame.SRCALPHA)
        band.fill((10, 10, 14, min(220, alpha)))
        rect = pygame.Rect(BANNER_RECT)
        self.banner_rect = rect
        surface.blit(band, rect)
        image = widgets._render(words, 28, widgets.ACCENT, True).copy()
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=rect.center))

    def _flash(self, surface: pygame.Surface, at: tuple[float, float], t: float) -> None:
        alpha = int(170 * math.sin(math.pi * t))
        tileart.hex_fill(surface, at, self.board.size - 4, (255, 40, 40, max(0, alpha)))

    def _float(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        words: str,
        t: float,
        colour: tuple[int, ...],
    ) -> None:
        """Words rising from ``at`` as the step goes on (``t`` from 0 to 1)."""
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
        for text, colour, more in widgets.log_lines(
            self.model.log[-60:], 13, LOG_RECT.width - 24, rows
        ):
            widgets.draw_text(surface, text, (LOG_RECT.left + (24 if more else 12), y), 13, colour)
            y += 17

    def draw_question_marks(self, surface: pygame.Surface) -> None:
        """The unit the question is about, and what the hovered answer involves."""
        q = self.model.question
        if q is None:
            return
        px, size = self.board.pixel, self.board.size
        pulse = 3 + round(2 * (1 + math.sin(self.model.clock * 5)))
        hovered = next((o for o in self.model.options if o.hover), None)
        kind = q["kind"]
        if kind in ("clown", "convert") and q.get("at") is not None:
            at = as_hex(q["at"])
            tileart.hex_outline(surface, px(at), size - 3, QUESTION_EDGE, pulse)
        if kind == "clown" and hovered is not None and hovered.desc.get("explode"):
            at = as_hex(q["at"])
            for d in range(6):
                near = hexgeo.neighbour(at, d)
                if near in self.model.playback.units:
                    tileart.hex_fill(surface, px(near), size - 4, (255, 90, 40, 90))
                    tileart.hex_outline(surface, px(near), size - 3, (255, 120, 60), 3)
        elif kind == "convert" and q.get("at") is not None:
            at = as_hex(q["at"])
            unit = self.model.unit_at(at)
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
            shown = [hovered] if hovered is not None else self.model.options
            for option in shown:
                desc = option.desc
                if "medic" not in desc:
                    continue
                medic, target = as_hex(desc["medic"]), as_hex(desc["target"])
                source = as_hex(desc.get("from") or desc["target"])
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
        q = self.model.question
        if q is None:
            return
        rect = self.model.question_rect
        seat = int(q["seat"])
        army = self.model.armies[seat] if 0 <= seat < len(self.model.armies) else ""
        widgets.panel(surface, rect, edge=QUESTION_EDGE)
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, 42)
        pygame.draw.rect(surface, tileart.army_colour(army), band, border_radius=8)
        who = f"{self.words.seat_words(seat)} decides"
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
            at = as_hex(q["at"])
            unit = self.model.unit_at(at)
            name = self.model.names.unit(at) if unit else "The unit"
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
        for option in self.model.options:
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
        bottom = self.model.options[-1].rect.bottom + 10 if self.model.options else rect.top + 200
        words = self.model.problem or "Click a choice or press its number. Once given, it is final."
        widgets.draw_paragraph(
            surface,
            words,
            pygame.Rect(x, bottom, width, rect.bottom - bottom - 4),
            13,
            widgets.BAD if self.model.problem else widgets.DIM,
        )

    def draw_controls(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, CONTROLS_RECT)
        x, y = CONTROLS_RECT.left + 12, CONTROLS_RECT.top + 10
        widgets.draw_text(surface, "Battle", (x, y), 22, widgets.ACCENT, True)
        pb = self.model.playback
        step = pb.current
        if self.model.finished:
            state = "Finished: click or press Space to go on"
        elif self.model.paused:
            state = "Paused"
        else:
            state = f"Playing at {SPEEDS[self.model.speed_index]:g}x"
        size = tileart.fit_text(state, 16, CONTROLS_RECT.width - 24, bold=False)
        widgets.draw_text(surface, state, (x, y + 34), size, widgets.TEXT)
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
        seats = self.model.armies[: len(pb.hq)]
        row, most = (24, 18) if len(seats) <= 2 else (21, 16)  # four rows above the buttons
        for seat, army in enumerate(seats):
            armystyle.draw_emblem(surface, army, (x + 10, y + 101 + row * seat), 10)
            words = (
                f"{army_name(army)}: {hq_words(pb.hq[seat], True)}"
                if self.words.points_game()
                else f"{army_name(army)} HQ: {pb.hq[seat]}"
            )
            size = tileart.fit_text(words, most, CONTROLS_RECT.right - 12 - (x + 26))
            widgets.draw_text(
                surface, words, (x + 26, y + 90 + row * seat), size, widgets.TEXT, True
            )
        rows_end = y + 90 + row * len(seats)
        self.buttons[0].label = (
            "Continue (Space)"
            if self.model.finished
            else ("Play (Space)" if self.model.paused else "Pause (Space)")
        )
        self.buttons[4].label = (
            "Skip to the choice (S)" if self.model.question is not None else "Skip battle (S)"
        )
        if self.model.question is not None:
            widgets.draw_text(
                surface,
                f"Then {self.words.seat_words(int(self.model.question['seat']))} decides",
                (x, max(y + 146, rows_end + 4)),
                15,
                QUESTION_EDGE,
                True,
            )
        for button in self.buttons[1:]:  # the battle is over: only Continue is left to press
            button.enabled = not self.model.finished
        for button in self.buttons:
            button.draw(surface)
