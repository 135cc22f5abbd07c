"""The game scene's helpers (a setting turns them off): the danger view and the AI's hint.

The danger view shows what a battle now would do: which units die, how much each HQ loses,
which hexes are hit or netted. It is the engine's battle fought on a copy
(``Position.resolve_battle``); while a tile is held over a hex, the copy has the tile there
(the place action applied to a clone of the game first). The hint asks a bot, on a clone of the
game and in the background (a :class:`Thinker`), what it would play, and shows it without
playing it: its hexes on the board and, in the place of the game log, a panel with what
``Bot.analyze`` said (the most visited moves with their share of the search, the next moves of
its principal line, its reason, and, when a setting asks for it, the mover's winning chance as
the search estimates it). The panel only shows the engine's answer; it judges nothing itself.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import pygame

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.ai import Thinker, make_bot
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import HINT_EDGE, LOG, as_hex
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import (
    action_hexes,
    action_words,
    and_list,
    place_words,
    plural,
    tile_name,
    unit_words,
)
from nshex_pygame.core import CHANCE, EngineError, Game, IllegalActionError

HINT_BOT = "medium"
HINT_THEN = 2  # the principal line's moves shown after the hinted one
HINT_MOVES_MIN = 3  # the top moves kept when the reason needs the room of the others
# the hint panel's rows: (text, size, colour, bold, space above)
Row = tuple[str, int, tuple[int, ...], bool, int]
TILE_ID = re.compile(r"\b[a-z_]+\.[a-z_]+\b")


def readable(line: str) -> str:
    """An action's notation with its tiles named: ``place borgo.guard -1,0 2`` reads
    ``place Guard -1,0 2`` (the words are the engine's notation otherwise)."""
    return TILE_ID.sub(lambda match: tile_name(match.group(0)), line)


def hint_words(game: Any, action: int, capital: bool = True) -> str:
    """``action`` in ``game`` in words, with the place of a tile put down: ``Places Guard
    next to your HQ`` (the hinted move is also lit on the board)."""
    desc = game.describe_action(action)
    seat = game.current_player()
    units = {as_hex(u["at"]): u for u in game.view()["units"]}
    mover = seat if seat >= 0 else None
    words = action_words(desc, units, mover, list(game.view()["armies"]))
    if desc.get("kind") in ("place", "place_hq") and desc.get("at") is not None:
        words = f"{words} {place_words(units, desc['at'], mover)}"
    return words[:1].upper() + words[1:] if capital else words


class HelpersHost(Protocol):
    """What the helpers read of the game scene: the game and its model, the seats, the
    ghost tile (``preview``), whether helpers are allowed, and its message line."""

    app: Any
    game: Game
    model: GameModel
    version: int
    armies: list[str]
    seats: list[SeatSetup]
    seed: int
    ai_show: Any
    mouse: tuple[int, int]

    def helpers_allowed(self) -> bool: ...
    def human_to_move(self) -> bool: ...
    def preview(self) -> tuple[str, Hex, int, int] | None: ...
    def points_game(self) -> bool: ...
    def seat_name(self, seat: int) -> str: ...
    def say(self, message: str, *, info: bool = False) -> None: ...


class Helpers:
    """The danger view and the hint, owned by the game scene (``host``): their state (the
    view switched on, the hint asked, its answer and its panel) is theirs."""

    def __init__(self, host: HelpersHost) -> None:
        self.host = host
        self.danger = False
        self.danger_cache: dict[Any, Any] = {}
        self.hint_thinker: Thinker | None = None
        self.hint_version = -1
        self.hint: tuple[int, dict[str, Any]] | None = None
        # what ``Bot.analyze`` said of the hint's position (shown in the place of the log),
        # the principal line's next moves in words, the bot's name; the panel can be closed
        self.hint_analysis: dict[str, Any] | None = None
        self.hint_then: list[str] = []
        self.hint_bot = ""
        self.hint_panel_closed = False
        self.hint_close_button = widgets.Button(
            "Show log",
            (LOG.right - 92, LOG.top + 5, 82, 26),
            self.close_hint_panel,
            size=13,
            hint="Back to the game log (the hinted move stays lit on the board).",
        )

    def forget_hint(self) -> None:
        """The game changed: a hint is for the position it was asked in."""
        self.hint = None
        self.hint_analysis = None
        self.hint_then = []

    # --- the danger view ----------------------------------------------------------------------

    def toggle_danger(self) -> None:
        if not self.host.helpers_allowed():
            return
        self.danger = not self.danger
        self.host.app.sounds.play("click")

    def preview_action(self) -> int | None:
        """The place or move the ghost tile stands for (a hex and a facing chosen or hovered)."""
        if not self.host.human_to_move() or self.host.ai_show is not None:
            return None
        ghost = self.host.preview()
        if ghost is None:
            return None
        tile, at, facing, _alpha = ghost
        source = self.host.model.partial.get("from")
        for action, desc in self.host.model.legal:
            kind = desc.get("kind")
            if desc.get("facing") != facing:
                continue
            if kind == "place" and desc.get("tile") == tile and as_hex(desc["at"]) == at:
                return action
            if (
                kind in ("move", "mobility", "transport")
                and source is not None
                and as_hex(desc["from"]) == source
                and as_hex(desc["to"]) == at
            ):
                return action
        return None

    def danger_view(self) -> dict[str, Any] | None:
        """What a battle now would do (with the held tile put down, when one is): ``dies``
        (hexes), ``hit`` (hexes), ``netted`` (hexes), ``hq_loss`` (per seat), ``words``."""
        if not (self.danger and self.host.helpers_allowed()):
            return None
        action = self.preview_action()
        key = (self.host.version, action)
        if key not in self.danger_cache:
            self.danger_cache.clear()
            self.danger_cache[key] = self._fight_on_a_copy(action)
        return self.danger_cache[key]

    def _fight_on_a_copy(self, action: int | None) -> dict[str, Any] | None:
        try:
            if action is None:
                position = self.host.game.position
            else:
                game = self.host.game.clone()
                game.apply_action(action)
                if game.battles != self.host.game.battles:
                    return None  # putting it down starts the battle itself: the playback shows it
                position = game.position
            result = position.resolve_battle()
            analysis = position.analysis()
        except (EngineError, IllegalActionError, ValueError):
            return None
        before: dict[Hex, Any] = {as_hex(u["at"]): u for u in position.units}
        after = {as_hex(u["at"]): u for u in result.units}
        dies = [at for at in before if at not in after or after[at]["tile"] != before[at]["tile"]]
        hit: set[Hex] = set()
        for phase in result.phases:
            for event in phase.get("events") or []:
                if event.get("kind") in ("hit", "hq_damage") and event.get("at") is not None:
                    hit.add(as_hex(event["at"]))
        hq_loss = [max(0, b - a) for b, a in zip(position.hq_hp, result.hq_hp, strict=False)]
        netted = {as_hex(a["at"]) for a in analysis if a.get("netted")}
        if self.host.points_game():  # the HQ counters are points: what each seat would score
            gains = [max(0, a - b) for b, a in zip(position.hq_hp, result.hq_hp, strict=False)]
            parts = [
                f"{self.host.seat_name(seat)} +{plural(gain, 'point')}"
                for seat, gain in enumerate(gains)
                if gain and seat < len(self.host.armies)
            ]
        else:
            parts = [
                f"{self.host.seat_name(seat)} HQ -{loss}"
                for seat, loss in enumerate(hq_loss)
                if loss and seat < len(self.host.armies)
            ]
        names = [unit_words(before, at, None) for at in dies]
        if len(names) > 2:  # the crosses on the board name them
            parts.append(f"{len(names)} units die")
        elif names:
            parts.append(f"{and_list(names)} {'dies' if len(names) == 1 else 'die'}")
        held = " with it there" if action is not None else ""
        words = f"A battle now{held}: " + ("; ".join(parts) if parts else "nothing would change")
        return {"dies": dies, "hit": hit, "netted": netted, "hq_loss": hq_loss, "words": words}

    # --- the hint -----------------------------------------------------------------------------

    def hint_bot_name(self) -> str:
        """The game's computer level when a computer plays, else Medium."""
        for seat in self.host.seats:
            if not seat.is_human:
                return seat.player
        return HINT_BOT

    def ask_hint(self) -> None:
        if not self.host.helpers_allowed() or not self.host.human_to_move():
            return
        if self.hint_thinker is not None and self.hint_thinker.busy:
            return
        bot, _problem = make_bot(self.hint_bot_name(), self.host.seed + 101)
        self.hint_thinker = Thinker(bot, analyze=True)
        self.hint_bot = str(getattr(bot, "name", self.hint_bot_name())).partition(":")[0].title()
        self.hint_version = self.host.version
        self.hint = None
        self.hint_analysis = None
        self.hint_then = []
        self.hint_panel_closed = False
        self.hint_thinker.start(self.host.game)
        self.host.say("Thinking of a hint...", info=True)

    def update_hint(self) -> None:
        thinker = self.hint_thinker
        if thinker is None or not thinker.done:
            return
        action = thinker.take()
        self.hint_thinker = None
        if thinker.error is not None:
            self.host.say(f"No hint: {thinker.error}")
            return
        if action is None or self.hint_version != self.host.version:
            return  # the game moved on meanwhile
        if action not in {a for a, _d in self.host.model.legal}:
            return
        desc = self.host.game.describe_action(action)
        self.hint = (action, desc)
        analysis = thinker.analysis
        if analysis is not None and analysis.get("moves"):
            self.hint_analysis = analysis
            self.hint_then = self._then_rows(analysis)
        model = self.host.model
        words = action_words(desc, model.units, model.mover, self.host.armies)
        self.host.say(f"Hint: {words}", info=True)

    def move_words(self, move: dict[str, Any]) -> str:
        """One of the analysis's moves in words (``Place Guard next to your HQ``); its
        notation with the tiles named when the engine cannot describe it."""
        try:
            return hint_words(self.host.game, int(move["action"]))
        except (EngineError, IllegalActionError, ValueError, KeyError, TypeError):
            return readable(str(move.get("line", "")))

    def _then_rows(self, analysis: dict[str, Any]) -> list[str]:
        """The principal line's next moves after the hinted one, with who plays them:
        ``then Moloch: discard Push Back``. Who plays is what the engine says on a copy of the
        game with the line played (draws made there; a move it cannot follow is told without
        a name)."""
        line = [str(text) for text in analysis.get("line") or []]
        rows: list[tuple[str, list[str]]] = []
        game: Any = None
        try:
            game = self.host.game.clone()
            game.apply_action(int(analysis["action"]))
        except (EngineError, IllegalActionError, ValueError, KeyError):
            game = None
        for text in line[1 : 1 + HINT_THEN]:
            who = ""
            if game is not None:
                try:
                    for _ in range(64):  # the draws before the move (a turn's three at most)
                        if game.current_player() != CHANCE:
                            break
                        draw = game.natural_draw()
                        if draw is None:
                            break
                        game.apply_action(draw)
                    seat = game.current_player()
                    if 0 <= seat < len(self.host.armies) and not game.is_terminal():
                        who = self.host.seat_name(seat)
                    action = game.string_to_action(text)
                    words = hint_words(game, action, capital=False)
                    game.apply_action(action)
                except (EngineError, IllegalActionError, ValueError):
                    game, words = None, readable(text)
            else:
                words = readable(text)
            if rows and rows[-1][0] == who and who:
                rows[-1][1].append(words)
            else:
                rows.append((who, [words]))
        return [
            f"then {who}: " + "; ".join(moves) if who else "then: " + "; ".join(moves)
            for who, moves in rows
        ]

    # --- the hint's panel (in the place of the game log) ----------------------------------------

    def hint_panel_shown(self) -> bool:
        return (
            self.hint is not None
            and self.hint_analysis is not None
            and not self.hint_panel_closed
            and self.host.helpers_allowed()
        )

    def close_hint_panel(self) -> None:
        """Back to the game log (the hinted move stays lit on the board)."""
        self.hint_panel_closed = True

    def handle_panel_event(self, event: pygame.event.Event) -> bool:
        """The panel's Log button; clicks and the wheel over the panel do nothing else."""
        if not self.hint_panel_shown():
            return False
        if self.hint_close_button.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and LOG.collidepoint(event.pos):
            return True
        return event.type == pygame.MOUSEWHEEL and LOG.collidepoint(self.host.mouse)

    def hint_chance(self) -> float | None:
        """The mover's winning chance as the search estimates it (0 to 1): the value of its
        most visited move; None when the setting is off or the bot does not search."""
        if not self.host.app.settings.winning_chance or self.hint_analysis is None:
            return None
        moves = self.hint_analysis.get("moves") or []
        value = moves[0].get("value") if moves else None
        if not isinstance(value, int | float):
            return None
        return min(1.0, max(0.0, float(value)))

    def hint_rows(self, width: int, height: int) -> list[Row]:
        """The panel's rows above its bar, wrapped to ``width``, within ``height`` (the
        lower-ranked moves go first when the reason needs their room)."""
        analysis = self.hint_analysis or {}
        searched = int(analysis.get("iterations") or 0) > 0
        moves = list(analysis.get("moves") or [])
        then = [(line, 14, widgets.DIM, False) for line in self.hint_then]
        reason = str(analysis.get("reason") or "").strip()
        keep = len(moves)
        while True:
            rows: list[Row] = []
            title = "Its best moves, best first" if searched else "Its choice"
            rows.append((title, 13, widgets.DIM, True, 0))
            for i, move in enumerate(moves[:keep]):
                text = self.move_words(move)
                colour = HINT_EDGE if i == 0 else widgets.TEXT
                for j, part in enumerate(widgets.wrap(text, 14, width, bold=i == 0)):
                    rows.append((part, 14, colour, i == 0, 0 if j else 1))
            for k, (line, size, colour, bold) in enumerate(then):
                for j, part in enumerate(widgets.wrap(line, size, width)):
                    rows.append((part, size, colour, bold, 8 if (k == 0 and j == 0) else 0))
            if reason:
                for j, part in enumerate(widgets.wrap(f"Why: {reason}", 14, width)):
                    rows.append((part, 14, widgets.TEXT, False, 8 if j == 0 else 0))
            used = sum(round(size * 1.25) + gap for _t, size, _c, _b, gap in rows)
            if used <= height or keep <= min(HINT_MOVES_MIN, len(moves)):
                return rows
            keep -= 1

    def draw_panel(self, surface: pygame.Surface) -> None:
        """What the hint's search saw, in the place of the game log."""
        analysis = self.hint_analysis or {}
        rect = LOG
        widgets.panel(surface, rect)
        widgets.draw_text(surface, "Hint", (rect.left + 12, rect.top + 8), 16, HINT_EDGE, True)
        self.hint_close_button.draw(surface)
        x, width = rect.left + 12, rect.width - 24
        bottom = rect.bottom - 10
        iterations = int(analysis.get("iterations") or 0)
        footer = f"{self.hint_bot}: {iterations:,} positions searched" if iterations else ""
        if footer:
            bottom -= 18
            size = tileart.fit_text(footer, 13, width)
            widgets.draw_text(surface, footer, (x, bottom + 2), size, widgets.DIM)
        chance = self.hint_chance()
        if chance is not None:
            bottom -= 40
            seat = self.host.seat_name(self.host.model.mover)
            label = f"Winning chance for {seat}: {chance:.0%}"
            size = tileart.fit_text(label, 14, width)
            widgets.draw_text(surface, label, (x, bottom + 4), size, widgets.TEXT, True)
            bar = pygame.Rect(x, bottom + 24, width, 10)
            pygame.draw.rect(surface, (30, 32, 40), bar, border_radius=4)
            filled = bar.copy()
            filled.width = round(bar.width * chance)
            army = tileart.army_colour(self.host.armies[self.host.model.mover])
            if filled.width > 0:
                pygame.draw.rect(surface, army, filled, border_radius=4)
            pygame.draw.rect(surface, widgets.PANEL_EDGE, bar, 1, border_radius=4)
        y = rect.top + 36
        for text, size, colour, bold, gap in self.hint_rows(width, bottom - y):
            y += gap
            if y + size > bottom:
                widgets.note_overflow(f"{text!r}: the hint panel is full")
                break
            widgets.draw_text(surface, text, (x, y), size, colour, bold)
            y += round(size * 1.25)

    def hint_hexes(self) -> list[Hex]:
        if self.hint is None:
            return []
        desc = self.hint[1]
        return list(action_hexes(desc))  # (a point given names a seat, no hex)

    def hint_colour(self) -> tuple[int, ...]:
        return widgets.GOOD
