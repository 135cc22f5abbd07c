"""Every seat's panel, shared by the game scene and the replay: its place (two seats left and
right, three or four in columns, a team's framed), its army band, seat number and player, the
HQ bar (hit points, or points in the points game), deck, discards and hand, and an eliminated
seat's veil.

A scene holds a :class:`SeatPanels` (the game scene's ``GameSeats``, the replay's) and gives it
a host (:class:`SeatHost`): what the panels read of the scene, named there. The panels own
only their places (``panels``, ``team_frames``: :func:`seat_layout`) and each hand's slots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from nshex_pygame.client import armystyle, tileart, widgets
from nshex_pygame.client.words import (
    army_name,
    hq_words,
    player_name,
    plural,
    team_names,
    tile_name,
)

if TYPE_CHECKING:
    from nshex_pygame.client.storage import SeatSetup
    from nshex_pygame.core import Game

HAND_SIZE = 46
COMPACT_HAND = 36  # a hand's tiles in a short panel (three or four seats)
COMPACT_BELOW = 300  # a seat's panel shorter than this is drawn compact
LEFT = pygame.Rect(10, 10, 300, 390)
RIGHT = pygame.Rect(970, 10, 300, 390)
PICK_EDGE = (120, 230, 255)
AI_EDGE = (255, 120, 220)
UNLUCKY_EDGE = (255, 140, 60)  # a hand tile named for the unlucky draw
SEAT_RINGS = armystyle.SEAT_COLOURS  # each seat's own colour
TEAM_COLOURS = {"Team A": (255, 196, 60), "Team B": (110, 190, 255)}
TEAM_OTHER = (200, 200, 210)  # "Alone" and "Team" (one against a team)


@dataclass(frozen=True)
class TeamFrame:
    """A team's column: its frame, its label (``Team A``), its seats and its result."""

    rect: pygame.Rect
    label: str
    seats: tuple[int, ...]
    colour: tuple[int, int, int]


def seat_layout(view: Mapping[str, Any]) -> tuple[dict[int, pygame.Rect], list[TeamFrame]]:
    """Each seat's panel and the team frames, from the engine's view (its seat count and
    sides). Two seats: the left and right panels as ever. Three or four: a column on each side
    of the board with one or two panels each; in a team mode each side has its own column,
    framed and labelled with the team's name, else seats 1 and 3 go left, 2 and 4 right."""
    seats = int(view.get("seats") or len(view.get("armies") or []) or 2)
    if seats <= 2:
        return {0: LEFT, 1: RIGHT}, []
    sides = [tuple(int(s) for s in side) for side in view.get("sides") or []]
    names = team_names(sides) if len(sides) == seats else {}
    if names:
        left = list(sides[0])
        columns = [left, [s for s in range(seats) if s not in left]]
    else:
        columns = [list(range(0, seats, 2)), list(range(1, seats, 2))]
    rects: dict[int, pygame.Rect] = {}
    frames: list[TeamFrame] = []
    for x, column in zip((LEFT.left, RIGHT.left), columns, strict=True):
        top = LEFT.top + (28 if names else 0)
        height = LEFT.bottom - top
        each = (height - 6 * (len(column) - 1)) // max(1, len(column))
        for i, seat in enumerate(column):
            rects[seat] = pygame.Rect(x, top + i * (each + 6), LEFT.width, each)
        if names and column:
            label = names[column[0]]
            colour = TEAM_COLOURS.get(label, TEAM_OTHER)
            frame = pygame.Rect(x - 5, LEFT.top - 5, LEFT.width + 10, LEFT.height + 10)
            frames.append(TeamFrame(frame, label, tuple(column), colour))
    return rects, frames


class Landing(Protocol):
    """A tile on its way to a seat's deck (a Mad Bomber passed on, D-24)."""

    @property
    def seat(self) -> int: ...


def energy_in_view(view: Mapping[str, Any]) -> bool:
    """Whether the game of ``view`` plays with energy, terminals and procedures: the Duel
    board with two seats (the engine's view holds energy only then)."""
    return bool(view.get("terminals")) and len(view.get("energy") or []) == 2


class SeatHost(Protocol):
    """What the seat panels read of the scene they show (the game scene, the replay's frame),
    by the names the scene gives them."""

    # the position shown: the engine's view of it (its hands, stage, eliminated seats, ...)
    # and the game (its ``is_terminal``, its public ``deck_tops``)
    @property
    def view(self) -> Mapping[str, Any]: ...
    @property
    def game(self) -> Game: ...

    # who plays: each seat's army, its player (None: not known), a label the scene gives it
    armies: list[str]
    seat_labels: dict[int, str]

    @property
    def seats(self) -> Sequence[SeatSetup] | None: ...

    # the seat to move and its hand: the tile picked, the tiles named for the unlucky draw,
    # a computer's move being shown (its seat, its action, since when)
    @property
    def mover(self) -> int: ...

    selected: int | None
    unlucky_pick: list[int] | None
    ai_show: tuple[int, dict[str, Any], float] | None

    @property
    def flights(self) -> Sequence[Landing]: ...  # Mad Bombers on their way to a deck

    def energy_in_play(self) -> bool: ...
    def human_to_move(self) -> bool: ...
    def unusable(self, seat: int, index: int) -> str | None: ...
    def rings(self) -> list[tuple[int, int, int]] | None: ...


class SeatPanels:
    """The seats' panels and team frames of the scene ``host`` (a part the game scene and the
    replay scene each hold)."""

    juice: Any = None  # the game's animations (:class:`juice.GameJuice`): tiles sliding in
    panels: dict[int, pygame.Rect]  # each seat's panel and the team frames (:func:`seat_layout`)
    team_frames: list[TeamFrame]

    def __init__(self, host: SeatHost) -> None:
        self.host = host
        self.panels, self.team_frames = seat_layout({})
        self.hand_layout: dict[int, list[str | None]] = {}  # each hand's tiles by slot

    def hand(self, seat: int) -> list[str]:
        """The seat's hand (the engine's view)."""
        hands = self.host.view.get("hands") or []
        return list(hands[seat]) if seat < len(hands) else []

    def stage(self) -> str:
        """The stage of the turn (``main``, ``battle_choice``, ...: the engine's view)."""
        return str(self.host.view.get("stage", {}).get("kind", ""))

    def seat_rect(self, seat: int) -> pygame.Rect:
        """The seat's panel (:func:`seat_layout`: two seats left and right, more in columns)."""
        return self.panels.get(seat) or (LEFT if seat == 0 else RIGHT)

    def compact(self, seat: int) -> bool:
        """A short panel (three or four seats): a smaller hand, the piles as one line."""
        return self.seat_rect(seat).height < COMPACT_BELOW

    def hand_slots(self, seat: int) -> int:
        """How many tiles a hand may hold: 3, or 6 with Reinforcements (the engine's
        ``hand_limit``); more when the hand holds more."""
        limit = int(self.host.view.get("hand_limit") or 3)
        return max(3, limit, len(self.hand(seat)))

    def mercenaries_shown(self) -> bool:
        """The game has Mercenaries (the engine's options): each panel shows the unused ones."""
        options = self.host.view.get("options") or {}
        return bool(options.get("mercenaries")) or any(self.host.view.get("mercenaries") or [])

    def roomy(self, seat: int) -> bool:
        """A tall panel laid out for the options: smaller piles, room for the Mercenaries
        and for a hand of six in two rows."""
        if self.compact(seat):
            return False
        return self.hand_slots(seat) > 3 or self.mercenaries_shown()

    def hand_size(self, seat: int) -> int:
        if self.compact(seat):
            return COMPACT_HAND if self.hand_slots(seat) <= 3 else 23
        return HAND_SIZE if self.hand_slots(seat) <= 3 else 42

    def hand_rects(self, seat: int) -> list[tuple[pygame.Rect, tuple[float, float]]]:
        """Where each tile of the hand goes: three in a row, or (six) two rows of three in a
        tall panel and one row of six in a short one; never overlapping."""
        panel = self.seat_rect(seat)
        size = self.hand_size(seat)
        slots = self.hand_slots(seat)
        centres: list[tuple[int, int]] = []
        if self.compact(seat):
            cy = panel.bottom - round(size * 0.866) - 8
            step = 98 if slots <= 3 else (panel.width - 24) // slots
            first = panel.left + (52 if slots <= 3 else 12 + step // 2)
            centres = [(first + i * step, cy) for i in range(slots)]
        elif slots <= 3:
            cy = panel.top + min(322, panel.height - 50)
            centres = [(panel.left + 52 + i * 98, cy) for i in range(3)]
        else:
            rows = (slots + 2) // 3
            height = round(size * 1.732) + 6  # a flat-topped hex is sqrt(3) sizes tall
            bottom = panel.bottom - 8 - round(size * 0.866)
            for i in range(slots):
                row, col = divmod(i, 3)
                centres.append((panel.left + 52 + col * 98, bottom - (rows - 1 - row) * height))
        out = []
        for cx, cy in centres:
            rect = pygame.Rect(0, 0, size * 2, size * 2)
            rect.center = (cx, cy)
            out.append((rect, (cx, cy)))
        return [out[slot] for slot in self.hand_slot_order(seat, len(out))]

    def hand_slot_order(self, seat: int, count: int) -> list[int]:
        """The slot of each tile of the hand, by its index, then the empty slots. A tile stays
        in its slot while it is in hand and new tiles fill the empty slots from the left, so
        the tiles do not shift under the pointer after a play (a second click on the same
        slot picked the next tile: a Battle tile started a battle by accident)."""
        hand = self.hand(seat)
        if len(hand) > count:
            return list(range(count))
        kept = self.hand_layout
        layout = (list(kept.get(seat, [])) + [None] * count)[:count]
        left = list(hand)
        for i, tile in enumerate(layout):
            if tile is not None and tile in left:
                left.remove(tile)
            else:
                layout[i] = None
        for tile in left:
            layout[layout.index(None)] = tile
        kept[seat] = layout
        order: list[int] = []
        for tile in hand:
            order.append(next(k for k, t in enumerate(layout) if t == tile and k not in order))
        return order + [k for k in range(count) if k not in order]

    def stack_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the seat's deck and discard pile are shown (their hover boxes)."""
        rect = self.seat_rect(seat)
        if self.compact(seat):
            return (
                pygame.Rect(rect.left + 12, rect.top + 66, 88, 20),
                pygame.Rect(rect.left + 104, rect.top + 66, 104, 20),
            )
        if self.roomy(seat):
            return (
                pygame.Rect(rect.left + 8, rect.top + 86, 92, 96),
                pygame.Rect(rect.left + 104, rect.top + 86, 92, 96),
            )
        return (
            pygame.Rect(rect.left + 12, rect.top + 92, 130, 150),
            pygame.Rect(rect.left + 158, rect.top + 92, 130, 150),
        )

    def mercenary_rect(self, seat: int) -> pygame.Rect | None:
        """Where the seat's unused Mercenaries are shown (beside its deck), if the game has
        any."""
        if not self.mercenaries_shown():
            return None
        rect = self.seat_rect(seat)
        if self.compact(seat):
            return pygame.Rect(rect.left + 12, rect.top + 88, rect.width - 24, 18)
        return pygame.Rect(rect.left + 200, rect.top + 86, 92, 96)

    def seat_mercenaries(self, seat: int) -> list[str]:
        """The seat's unused Mercenaries (the engine's view: public)."""
        all_mercs = self.host.view.get("mercenaries") or []
        return list(all_mercs[seat]) if seat < len(all_mercs) else []

    def deck_top(self, seat: int) -> str | None:
        """The tile known to lie on top of the seat's deck (its next draw: a passed-on Mad
        Bomber, D-24), as the engine's public ``deck_tops`` says; None when it is face down."""
        tops_of = getattr(self.host.game, "deck_tops", None)
        if tops_of is None or any(f.seat == seat for f in self.host.flights):
            return None  # (one still flying there lands first)
        try:
            tops = tops_of()
        except (AttributeError, ValueError):
            return None
        return str(tops[seat][0]) if seat < len(tops) and tops[seat] else None

    def _draw_mercenaries(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's unused Mercenaries: small tiles under a label (names when short)."""
        area = self.mercenary_rect(seat)
        if area is None:
            return
        mercs = self.seat_mercenaries(seat)
        if self.compact(seat):
            names = ", ".join(tile_name(t).removeprefix("Alabama ") for t in mercs) or "none"
            words = f"Mercenaries: {names}"
            size = tileart.fit_text(words, 13, area.width, bold=False)
            widgets.draw_text(surface, words, area.topleft, size, widgets.DIM, False)
            return
        widgets.draw_text(
            surface, "Mercenaries", (area.centerx, area.top), 13, widgets.DIM, True, "midtop"
        )
        if not mercs:
            widgets.draw_text(
                surface,
                "none",
                (area.centerx, area.top + 40),
                13,
                widgets.DIM,
                False,
                "midtop",
            )
            return
        size = 22
        for i, tile in enumerate(mercs[:4]):
            row, col = divmod(i, 2)
            n = min(2, len(mercs) - row * 2)
            cx = area.centerx + (col - (n - 1) / 2) * (2 * size + 2)
            cy = area.top + 42 + row * 40
            tileart.blit_tile(surface, tileart.render_tile(tile, size), (cx, cy))
        if len(mercs) <= 2:
            names = " / ".join(tile_name(t).removeprefix("Alabama ") for t in mercs)
            size_text = tileart.fit_text(names, 12, area.width, bold=False)
            widgets.draw_text(
                surface,
                names,
                (area.centerx, area.top + 68),
                size_text,
                widgets.TEXT,
                False,
                "midtop",
            )

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """A seat's own colour (its badge, its edge when it moves, its points bar, its line
        on the chart): a light tint of its army's colour, so the badge matches the panel; when
        an army plays on two seats, the seat's ring colour, which tells their tiles apart."""
        if len(set(self.host.armies)) < len(self.host.armies):
            return tuple(SEAT_RINGS[seat % len(SEAT_RINGS)])  # type: ignore[return-value]
        return tileart.lighter(tileart.army_colour(self.host.armies[seat]), 0.5)

    def points_game(self) -> bool:
        """The points game: the engine's ``hq_hp`` are the seats' points, not hit points."""
        return self.host.view.get("mode") == "points"

    def player_label(self, seat: int) -> str:
        """Who plays the seat (``Human``, ``Computer: Easy``, a puzzle's part); empty when
        nobody is known (a replay of a save without its seats)."""
        if seat in self.host.seat_labels:
            return self.host.seat_labels[seat]
        if self.host.seats is None or seat >= len(self.host.seats):
            return ""
        who = self.host.seats[seat].player
        return player_name(who)

    def draw_team_frame(self, surface: pygame.Surface, frame: TeamFrame) -> None:
        """A team's column: a frame in the team's colour around its seats' panels, its name
        and what the mode counts for it (the engine's ``results``: the side's HQ total)."""
        pygame.draw.rect(surface, tileart.darker(frame.colour, 0.75), frame.rect, border_radius=10)
        pygame.draw.rect(surface, frame.colour, frame.rect, 2, border_radius=10)
        results = self.host.view.get("results") or []
        seat = frame.seats[0]
        total = results[seat] if seat < len(results) else None
        who = " & ".join(f"P{s + 1}" for s in frame.seats)
        label = f"{frame.label.upper()}  ({who})"
        widgets.draw_text(
            surface, label, (frame.rect.left + 12, frame.rect.top + 8), 16, frame.colour, True
        )
        if total is not None:
            if self.host.view.get("mode") == "points":
                words = hq_words(total, True)
            else:
                words = f"HQs {total}" if len(frame.seats) > 1 else f"HQ {total}"
            widgets.draw_text(
                surface,
                words,
                (frame.rect.right - 12, frame.rect.top + 8),
                16,
                frame.colour,
                True,
                "topright",
            )

    def draw_seat(
        self,
        surface: pygame.Surface,
        seat: int,
        hq_hp: list[int],
        panels: dict[str, Any] | None = None,
    ) -> None:
        panels = panels or {}
        rect = self.seat_rect(seat)
        compact = self.compact(seat)
        answering = (
            self.stage() == "battle_choice"
            or bool(self.host.view.get("rotations"))
            or bool(self.host.view.get("credits"))  # points of its own wounds given away (FAQ-374)
        )
        to_move = self.host.mover if answering else self.host.view.get("to_move")
        to_move = panels.get("to_move", to_move)
        active = seat == to_move and not self.host.game.is_terminal()
        out = seat in {int(s) for s in self.host.view.get("eliminated") or []}
        ring = self.seat_colour(seat)
        many = len(self.host.armies) > 2
        widgets.panel(surface, rect, edge=ring if active else widgets.PANEL_EDGE)
        if active and many:  # the seat to move: a thick edge in its own colour
            pygame.draw.rect(surface, ring, rect, 4, border_radius=8)
        self._draw_seat_band(surface, seat, rect, compact, ring)
        self._draw_hq_bar(surface, seat, rect, compact, hq_hp)
        self._draw_piles(surface, seat, rect, panels, active=active, out=out)
        self._draw_mercenaries(surface, seat)
        if self.host.energy_in_play():
            self._draw_energy(surface, seat, rect)
        if seat in (self.host.view.get("terror") or []):
            widgets.draw_text(
                surface,
                "TERROR: no board tiles this turn",
                (rect.centerx, rect.bottom - 19),
                14,
                widgets.BAD,
                True,
                "midtop",
            )
        self._draw_hand(surface, seat, active)
        if out:
            self._draw_eliminated(surface, rect)

    def _draw_seat_band(
        self, surface: pygame.Surface, seat: int, rect: pygame.Rect, compact: bool, ring: Any
    ) -> None:
        """The seat's band: its army's colour, the seat's number (three or four seats), the
        emblem, the army's name and the player's."""
        army = self.host.armies[seat]
        many = len(self.host.armies) > 2
        colour = tileart.army_colour(army)
        band_h = 34 if compact else 44
        pygame.draw.rect(
            surface, colour, (rect.left + 1, rect.top + 1, rect.width - 2, band_h), border_radius=8
        )
        if many:  # the seat's number in its own colour
            tag = pygame.Rect(rect.left + 6, rect.top + 6, 30, band_h - 12)
            pygame.draw.rect(surface, ring, tag, border_radius=5)
            pygame.draw.rect(surface, tileart.INK, tag, 1, border_radius=5)
            widgets.draw_text(surface, f"P{seat + 1}", tag.center, 14, tileart.INK, True, "center")
        emblem_x = rect.left + (56 if many else 26)
        armystyle.draw_emblem(
            surface, army, (emblem_x, rect.top + band_h // 2 + 1), 14 if compact else 18
        )
        name_x = emblem_x + (20 if compact else 24)
        label = self.player_label(seat)
        # a long army name (Doomsday Machine) gets smaller before it runs into the player
        label_w = widgets.font(14 if compact else 15, False).size(label)[0] if label else 0
        name_room = rect.right - 12 - label_w - 10 - name_x - (30 if self.host.rings() else 0)
        name_size = tileart.fit_text(army_name(army), 18 if compact else 22, name_room)
        name_rect = widgets.draw_text(
            surface,
            army_name(army),
            (name_x, rect.top + (7 if compact else 10)),
            name_size,
            widgets.TEXT,
            True,
        )
        rings = self.host.rings()
        if rings:  # the same army on two seats: the ring colour tells the tiles apart
            mark = (name_rect.right + 14, name_rect.centery)
            tileart.hex_fill(surface, mark, 9, tileart.INK)
            tileart.hex_outline(surface, mark, 9, rings[seat], 3)
        right_of_name = name_rect.right + (30 if rings else 8)
        room = rect.right - 12 - right_of_name
        widgets.draw_text(
            surface,
            label,
            (rect.right - 12, rect.top + (9 if compact else 15)),
            tileart.fit_text(label, 14 if compact else 15, room, bold=False),
            widgets.TEXT,
            False,
            "topright",
        )

    def _draw_hq_bar(
        self, surface: pygame.Surface, seat: int, rect: pygame.Rect, compact: bool, hq_hp: list[int]
    ) -> None:
        """The HQ's hit points (or the seat's points in the points game) as a bar and a number."""
        hp = hq_hp[seat] if seat < len(hq_hp) else 0
        points = self.points_game()
        row = rect.top + (42 if compact else 58)
        widgets.draw_text(
            surface, "Pts" if points else "HQ", (rect.left + 12, row), 16, widgets.DIM, True
        )
        bar_w = 160 if points else 190  # (room for the number's "pts")
        bar = pygame.Rect(rect.left + 50, row, bar_w, 20 if not compact else 18)
        top_hp = 20
        pygame.draw.rect(surface, (40, 44, 56) if points else (60, 20, 24), bar, border_radius=4)
        fill = bar.copy()
        fill.width = round(bar.width * max(0, min(top_hp, hp)) / top_hp)
        low = (210, 60, 60) if hp <= 6 else (90, 190, 110)
        bar_colour = self.seat_colour(seat) if points else low  # points grow; hit points run low
        pygame.draw.rect(surface, bar_colour, fill, border_radius=4)
        widgets.draw_text(
            surface,
            hq_words(hp, points),  # "3 pts": what the number is, in the points game
            (rect.right - 14, row - (1 if compact else 3)),
            (16 if compact else 18) if points else (20 if compact else 22),
            widgets.TEXT,
            True,
            "topright",
        )

    def _draw_piles(
        self,
        surface: pygame.Surface,
        seat: int,
        rect: pygame.Rect,
        panels: dict[str, Any],
        *,
        active: bool,
        out: bool,
    ) -> None:
        """The deck and the discards (the known top tile shown), and the hand's caption."""
        compact = self.compact(seat)
        ring = self.seat_colour(seat)
        decks = self.host.view.get("deck_sizes") or []
        deck = decks[seat] if seat < len(decks) else 0
        all_discards = panels.get("discards") or self.host.view.get("discards") or []
        discards = all_discards[seat] if seat < len(all_discards) else []
        deck_rect, pile_rect = self.stack_rects(seat)
        known = self.deck_top(seat) if deck else None  # face up on the deck: its next draw
        if compact:
            colour = widgets.ACCENT if known else widgets.DIM
            widgets.draw_text(surface, f"Deck {deck}", deck_rect.topleft, 15, colour, True)
            if known:  # the known top tile, small, beside the count
                spot = (deck_rect.right - 6, deck_rect.centery)
                tileart.blit_tile(surface, tileart.render_tile(known, 10), spot)
            widgets.draw_text(
                surface, f"Discards {len(discards)}", pile_rect.topleft, 15, widgets.DIM, True
            )
            if active and not out:
                widgets.draw_text(
                    surface,
                    "TO MOVE",
                    (rect.right - 12, deck_rect.top),
                    15,
                    ring,
                    True,
                    "topright",
                )
        elif self.roomy(seat):  # smaller piles: room for the Mercenaries and six tiles
            self._draw_stack(surface, deck_rect, "Deck", str(deck), known, deck, 30)
            top = discards[-1] if discards else None
            self._draw_stack(
                surface, pile_rect, "Discards", str(len(discards)), top, len(discards), 30
            )
            hand_y = self.hand_rects(seat)[0][1][1] - round(self.hand_size(seat) * 0.866) - 22
        else:
            self._draw_stack(surface, deck_rect, "Deck", str(deck), known, deck)
            top = discards[-1] if discards else None
            self._draw_stack(surface, pile_rect, "Discards", str(len(discards)), top, len(discards))
            hand_y = self.hand_rects(seat)[0][1][1] - 76
        if not compact:
            limit = self.play_limit_words(seat) if active else ""
            to_move = active and not self.host.energy_in_play() and not limit
            widgets.draw_text(
                surface,
                "Hand" + ("  (to move)" if to_move else ""),
                (rect.left + 12, hand_y),
                15,
                widgets.ACCENT if active else widgets.DIM,
                True,
            )
            if limit:  # "2 tiles a turn: 1 left" (Reinforcements, the alternative start)
                widgets.draw_text(
                    surface, limit, (rect.right - 12, hand_y), 14, widgets.ACCENT, True, "topright"
                )

    def _draw_hand(self, surface: pygame.Surface, seat: int, active: bool) -> None:
        """The hand's tiles: greyed when they have no legal use now, the chosen one ringed."""
        host = self.host
        hand = self.hand(seat)
        size = self.hand_size(seat)
        for i, (_r, center) in enumerate(self.hand_rects(seat)):
            if i >= len(hand):
                tileart.hex_outline(surface, center, size, (60, 64, 74), 2)
                continue
            if self.juice is not None:  # a tile just drawn, on its way from the deck
                center = self.juice.hand_spot(seat, i, center)
            image = tileart.render_tile(hand[i], size)
            if host.unusable(seat, i):  # no legal use now (the engine's list): greyed out
                tileart.blit_tile(surface, image, center, 110)
                tileart.hex_fill(surface, center, size - 2, (20, 22, 28, 120))
            else:
                tileart.blit_tile(surface, image, center)
            picks = host.unlucky_pick or ()
            if active and i in picks and host.human_to_move():  # named for the unlucky draw
                tileart.hex_outline(surface, center, size + 3, UNLUCKY_EDGE, 4)
            elif active and host.selected == i and host.human_to_move():
                tileart.hex_outline(surface, center, size + 3, PICK_EDGE, 4)
            elif host.ai_show and seat == host.mover and host.ai_show[1].get("tile") == hand[i]:
                tileart.hex_outline(surface, center, size + 3, AI_EDGE, 4)

    def _draw_eliminated(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """An eliminated seat (deathmatch): its panel dimmed, ELIMINATED across it."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((14, 15, 20, 190))
        surface.blit(veil, rect)
        band = pygame.Rect(rect.left + 10, 0, rect.width - 20, 40)
        band.centery = rect.top + min(rect.height // 2, 110)
        pygame.draw.rect(surface, (70, 18, 22), band, border_radius=6)
        pygame.draw.rect(surface, widgets.BAD, band, 2, border_radius=6)
        widgets.draw_text(surface, "ELIMINATED", band.center, 24, widgets.BAD, True, "center")

    def energy_rect(self, seat: int) -> pygame.Rect | None:
        """Where the seat's energy track is (its hover box), on the Duel board only."""
        if not self.host.energy_in_play():
            return None
        rect = self.seat_rect(seat)
        return pygame.Rect(rect.right - 158, rect.top + (188 if self.roomy(seat) else 246), 146, 18)

    def energy(self, seat: int) -> int:
        energy = list(self.host.view.get("energy") or [])
        return int(energy[seat]) if seat < len(energy) else 0

    def _draw_energy(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's energy track on the Duel board: five cells, the filled ones lit."""
        have = self.energy(seat)
        x, y = rect.right - 158, rect.top + (188 if self.roomy(seat) else 246)
        widgets.draw_text(surface, "Energy", (x, y + 1), 14, tileart.TERMINAL, True)
        for i in range(5):
            cell = pygame.Rect(x + 58 + i * 14, y + 3, 11, 13)
            if i < have:
                pygame.draw.rect(surface, tileart.TERMINAL, cell, border_radius=3)
            pygame.draw.rect(surface, (90, 110, 120), cell, 1, border_radius=3)
        right = (rect.right - 12, y)
        widgets.draw_text(surface, f"{have}", right, 15, widgets.TEXT, True, "topright")

    def play_limit_words(self, seat: int) -> str:
        """``2 tiles a turn: 1 left`` while the seat to move has a play limit (the engine's
        ``plays_left`` and ``played``); empty without one."""
        left = self.host.view.get("plays_left")
        if left is None or seat != self.host.view.get("to_move") or self.stage() != "main":
            return ""
        left = int(left)
        played = int(self.host.view.get("played") or 0)
        total = left + played
        return f"{plural(total, 'tile')} a turn: {left} left"

    def _draw_stack(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        count: str,
        top_tile: str | None,
        n: int,
        size: int = 48,
    ) -> None:
        """A pile (the deck, the discards): ``n`` tiles stacked, the known top one face up,
        else the ``count`` on it."""
        widgets.draw_text(surface, label, (rect.centerx, rect.top), 15, widgets.DIM, True, "midtop")
        center = (rect.centerx, rect.top + (78 if size >= 48 else 50))
        if n == 0:
            tileart.hex_outline(surface, center, size, (60, 64, 74), 2)
        else:
            for k in range(min(3, n) - 1, -1, -1):
                offset = (center[0] + k * 3, center[1] - k * 3)
                if top_tile is not None and k == 0:
                    tileart.blit_tile(surface, tileart.render_tile(top_tile, size), offset)
                else:
                    tileart.hex_fill(surface, offset, size, (70, 74, 86))
                    tileart.hex_outline(surface, offset, size, (120, 126, 140), 2)
        if top_tile is None:
            widgets.draw_text(
                surface, count, center, 26 if size >= 48 else 20, widgets.TEXT, True, "center"
            )
        else:
            widgets.draw_text(
                surface,
                plural(n, "tile"),
                (rect.centerx, rect.top + (132 if size >= 48 else 80)),
                14,
                widgets.DIM,
                False,
                "midtop",
            )
