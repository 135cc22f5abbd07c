"""A new game: how many seats (two to four), each seat's army (or a random one) and player (a
human or a computer level), the game mode the seat count allows, who starts (two seats), and
the board (the standard one, the expanded 37-hex board, or the Duel board for two seats).

The sides a mode makes (who plays with whom) are read from the engine (a game made with
those seats and that mode), never worked out here; a combination the engine refuses is shown
with its reason."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import Any

import pygame

from nshex_pygame.client import ai, armystyle, rulestext, storage, tileart, viewport, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import new_game
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import army_name, player_name, team_names, tile_name
from nshex_pygame.core import Game

ARMIES = ("borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday")
RANDOM = "random"
# who may play a seat, in the words every screen names them by (words.player_name)
PLAYERS = tuple(
    (name, player_name(name))
    for name in ("human", "easy", "medium", "hard", "greedy", "flatmc", "random")
)
# The levels in words (shown under the chosen one).
LEVEL_WORDS = {
    "human": "Human: a person plays this seat at this screen.",
    "easy": "Easy: plays its own turn well, but does not look at yours.",
    "medium": "Medium: plans its turn and weighs your answers. The usual opponent.",
    "hard": "Hard: searches longest and deepest; a real fight.",
    "greedy": "Training: greedy takes the move that looks best now, never looking ahead.",
    "flatmc": "Training: flat MC tries each move in quick random games and keeps the best.",
    "random": "Training: random plays any legal move; for learning the rules.",
}
DEFAULT_BOT = "medium"
SEAT_COUNTS = (2, 3, 4)
STARTS = ("first", "second", "random")
BOARDS = (
    ("standard", "Standard board"),
    ("expanded", "Expanded board"),
    ("duel", "Duel board"),
)
BOARD_WORDS = {
    "standard": "The standard board: 19 hexes.",
    "expanded": "The expanded board: 37 hexes; a battle starts when the inner 19 are full.",
    "duel": "The Duel board (two players): 7 terminals, energy and procedures.",
}
# The modes each seat count can play, the default first (the engine's default).
MODES = {
    2: ("standard",),
    3: ("deathmatch", "points", "one_vs_team"),
    4: ("deathmatch", "points", "team"),
}
MODE_NAMES = {
    "standard": "Standard",
    "deathmatch": "Deathmatch",
    "points": "Points",
    "one_vs_team": "One against a team",
    "team": "Team match",
}
MODE_WORDS = {
    "standard": "Two players: destroy the enemy HQ, or have more hit points after the Final"
    " Battle.",
    "deathmatch": "Everyone for themselves: a destroyed HQ is out; the last HQ standing wins.",
    "points": "Every wound you deal an enemy HQ scores a point; the first to 20 points wins.",
    "one_vs_team": "Player 1 alone (HQ 20) against Players 2 and 3 together (HQs of 13).",
    "team": "Players 1 and 3 against Players 2 and 4: the first team to destroy an enemy HQ wins.",
}
COLUMN_W = 340  # one seat's column (at most)
COMPACT_W = 290  # a narrower column has one choice a row (four seats in a small window)
# The game's options (the engine's variants and Mercenaries, D-25, D-31), each in one line.
VARIANTS = (
    ("alternative_start", "Alternative start"),
    ("reinforcements", "Reinforcements"),
    ("no_unlucky_draw", "No unlucky draw"),
)
VARIANT_WORDS = {
    "alternative_start": "The first player's first turn: draw 3 tiles, discard 1, play at most"
    " one (a gentler opening).",
    "reinforcements": "Hands of up to 6 tiles: the first turns draw 4 and 5; discard only with 6"
    " in hand; play at most 2 tiles a turn.",
    "no_unlucky_draw": "The unlucky draw is off: a hand of three instants cannot be swapped for"
    " three new tiles.",
}
MERCENARY_COUNTS = ((0, "No Mercenaries"), (1, "1 each"), (2, "2 each"))
MERCENARY_WORDS = {
    0: "No Mercenaries: every army plays only its own tiles.",
    1: "Each player hires one Mercenary, and may take it instead of a deck tile at any draw.",
    2: "Each player hires two Mercenaries (two players only), taken instead of deck tiles.",
}
MERCENARY_WAYS = ((False, "Picked in turn"), (True, "Dealt at random"))
MERCENARY_WAY_WORDS = {
    False: "Picked openly, one at a time in turn order, before the HQs go down.",
    True: "Dealt at random when the game starts.",
}
# The Mad Bomber (D-24): a neutral bomb on the centre hex, in one of two modes, or none.
MAD_BOMBER_MODES = (("off", "No Mad Bomber"), ("neutral", "Neutral"), ("mercenary", "Mercenary"))
MAD_BOMBER_WORDS = {
    "off": "No Mad Bomber.",
    "neutral": "A neutral bomb in the centre: any hit sets it off, then it moves to the next"
    " player's deck.",
    "mercenary": "A neutral bomb in the centre that moves from deck to deck; whoever places it"
    " from hand owns it: it blows up on that player's enemies.",
}
MERCENARIES = (
    "mercenaries.alabama_net_fighter",
    "mercenaries.alabama_machine_gunner",
    "mercenaries.alabama_rifleman",
    "mercenaries.alabama_shield",
)


@cache
def mode_sides(seats: int, mode: str) -> tuple[tuple[int, ...], ...] | str:
    """Each seat's side (itself and its allies) in ``mode`` with ``seats`` seats, as the
    engine makes them; or the engine's reason when it cannot play that combination."""
    try:
        view = Game(["borgo"] * seats, 0, mode=mode).view()
    except ValueError as exc:
        return str(exc)
    return tuple(tuple(int(s) for s in side) for side in view["sides"])


class SetupScene(Scene):
    scene_name = "setup"

    def __init__(self, app: Any, *, rng: random.Random | None = None) -> None:
        super().__init__(app)
        self.rng = rng or random.Random()
        bot = DEFAULT_BOT if ai.available(DEFAULT_BOT) else self.strongest_bot()
        self.armies = ["borgo", "moloch"]  # one per seat
        self.players = ["human", bot]
        # what a seat had when the count went down (it comes back when the count goes up)
        self.spare = [("outpost", bot), ("hegemony", bot)]
        self.count = 2
        self.mode = "standard"
        self.starts = "first"
        self.board = "standard"
        self.drawn: str | None = None  # who starts, once drawn (Random)
        # the game's options, shown on their own page ("Game options")
        self.variants: list[str] = []
        self.mercenaries = 0  # how many each seat hires
        self.random_mercenaries = False
        self.mad_bomber = "off"  # the Mad Bomber's mode (D-24)
        self.page = "seats"  # or "options"
        self.problem = ""
        self.available = {name: name == "human" or ai.available(name) for name, _ in PLAYERS}
        self.buttons: list[widgets.Button] = []
        self.words: dict[int, str] = {}  # a seat's choice's words (by the button's id)
        self.frame = viewport.frame_of(app)  # the part of the canvas the window shows
        self._build()

    @staticmethod
    def strongest_bot() -> str:
        for name in ("hard", "medium", "easy", "flatmc", "greedy"):
            if ai.available(name):
                return name
        return "random"

    def column_w(self) -> int:
        """One seat's column: 340 pixels, or narrower when the frame lacks the room (four
        seats; in a small window then each choice a row of its own: :meth:`compact`)."""
        return min(COLUMN_W, (self.frame.width - 40) // self.count)

    def compact(self) -> bool:
        """The seats' columns too narrow for two choices side by side (four seats in a small
        window): one choice a row, and a choice's words in its hover box."""
        return self.column_w() < COMPACT_W

    def column_x(self, seat: int) -> int:
        width = self.column_w()
        return 640 - self.count * width // 2 + seat * width + 5

    def spots(self) -> dict[str, int]:
        """Where the rows' parts go across the frame (:mod:`viewport`): the whole canvas's
        places, or closer together in the narrower frame of a small window."""
        f = self.frame
        if f.width >= viewport.LOGICAL[0]:
            return dict(
                label=40, left=150, count=112, board_label=530, board=600, board_step=190,
                mode_step=220, options=880, right=1240, start_step=150, start=860,
                start_w=300, back=20, starts=150, options_left=60, options_right=700,
            )  # fmt: skip
        return dict(
            label=f.left + 10, left=f.left + 100, count=108, board_label=f.left + 430,
            board=f.left + 490, board_step=178, mode_step=196, options=f.left + 692,
            right=f.right - 10, start_step=146, start=f.right - 280, start_w=270,
            back=f.left + 10, starts=f.left + 108, options_left=f.left + 20,
            options_right=f.right - 550,
        )  # fmt: skip

    def _fit(self) -> None:
        """Laid out again when the window's frame changed (a resize: :mod:`viewport`)."""
        frame = viewport.frame_of(self.app)
        if frame != self.frame:
            self.frame = frame
            self._build()

    def _build(self) -> None:
        self.buttons = []
        self.words = {}
        at = self.spots()
        # the seats first (army, player), or the options page, then the game-wide choices
        if self.page == "options":
            self._build_options()
        for seat in range(self.count if self.page == "seats" else 0):
            self._build_seat(seat)
        for i, n in enumerate(SEAT_COUNTS):
            step = at["count"]
            box = (at["left"] + i * step, 78, step - 8, 36)
            button = widgets.Button(f"{n} players", box, partial(self.set_count, n), size=16)
            button.selected = self.count == n
            self.buttons.append(button)
        for i, (board, label) in enumerate(BOARDS):
            step = at["board_step"]
            box = (at["board"] + i * step, 78, step - 10, 36)
            button = widgets.Button(label, box, partial(self.set_board, board), size=15)
            button.selected = self.board == board
            button.hint = BOARD_WORDS[board]
            if board == "duel" and self.count != 2:
                button.enabled = False
                button.hint = "The Duel board is for two players only."
            self.buttons.append(button)
        for i, mode in enumerate(MODES[self.count]):
            step = at["mode_step"]
            box = (at["left"] + i * step, 130, step - 10, 36)
            button = widgets.Button(MODE_NAMES[mode], box, partial(self.set_mode, mode), size=16)
            button.selected = self.mode == mode
            button.hint = MODE_WORDS[mode]
            self.buttons.append(button)
        self._build_bottom(at)

    def _build_seat(self, seat: int) -> None:
        """A seat's army and player buttons: two a row, or one a row in a compact column."""
        x, width, compact = self.column_x(seat), self.column_w(), self.compact()
        choices = [(army, partial(self.set_army, seat, army)) for army in (*ARMIES, RANDOM)]
        choices += [(name, partial(self.set_player, seat, name)) for name, _ in PLAYERS]
        for i, (choice, action) in enumerate(choices):
            army = i < len(ARMIES) + 1
            n = i if army else i - len(ARMIES) - 1
            top = (270 if army else 442) if not compact else (266 if army else 494)
            if compact:
                box = (x, top + n * 26, width - 16, 24)
            else:
                half = (width - 16) // 2
                box = (x + (n % 2) * (half + 6), top + (n // 2) * 38, half, 34)
            if army:
                label = army_name(choice) if choice != RANDOM else "Random army"
                button = widgets.Button(label, box, action, size=13 if compact else 15)
                button.selected = self.armies[seat] == choice
                self.words[id(button)] = rulestext.ARMIES.get(choice, "Any army not taken.")
            else:
                ok = self.available[choice]
                label = dict(PLAYERS)[choice]
                label = label if ok else f"{label} (not yet)"
                button = widgets.Button(label, box, action, size=13, enabled=ok)
                button.selected = self.players[seat] == choice
                self.words[id(button)] = LEVEL_WORDS.get(choice, "")
            self.buttons.append(button)

    def _build_bottom(self, at: dict[str, int]) -> None:
        """Who starts, the options, Start and Back."""
        for i, start in enumerate(STARTS):
            label = {"first": "Player 1 starts", "second": "Player 2 starts", "random": "Random"}[
                start
            ]
            step = at["start_step"]
            box = (at["starts"] + i * step, 712, step - 8, 34)
            button = widgets.Button(label, box, partial(self.set_start, start), size=14)
            button.selected = self.starts == start and self.count == 2
            if self.count != 2:
                button.enabled = False
                button.hint = (
                    "With three or four players, Player 1 starts and play goes round in order"
                    " (the mode's teams depend on the order)."
                )
            self.buttons.append(button)
        self.options_button = widgets.Button(
            "Game options..." if self.page == "seats" else "Back to the players",
            (at["options"], 130, at["right"] - at["options"], 36),
            self.toggle_options,
            size=16,
            hint="Variants (Alternative start, Reinforcements, no unlucky draw), Mercenaries"
            " and the Mad Bomber.",
        )
        self.options_button.selected = self.page == "options"
        self.buttons.append(self.options_button)
        self.start_button = widgets.Button(
            "Start the game", (at["start"], 712, at["start_w"], 48), self.start, size=22
        )
        self.back_button = widgets.Button(
            "Back", (at["back"], 750, 110, 40), lambda: self.app.stack.pop(self), size=17
        )
        self.buttons += [self.start_button, self.back_button]

    def _build_options(self) -> None:
        """The options page: each variant a toggle, the Mercenaries (how many, and picked or
        dealt), each with its line of words (drawn in :meth:`draw_options`); the Mercenaries
        on the left, the Mad Bomber on the right of the frame."""
        left, right = self.spots()["options_left"], self.spots()["options_right"]
        step = min(170, (right - 20 - left) // 3)
        for i, (variant, label) in enumerate(VARIANTS):
            on = variant in self.variants
            button = widgets.Button(
                f"{label}: {'on' if on else 'off'}",
                (left, 286 + i * 46, 250, 38),
                partial(self.toggle_variant, variant),
                size=16,
                hint=VARIANT_WORDS[variant],
            )
            button.selected = on
            self.buttons.append(button)
        merc_box, bomber_box = (left, 0, step - 10, 36), (right, 628, 170, 34)
        counts, ways, _ = (
            self._choice_row(choices, box, y, gap, pick, chosen, words)
            for choices, box, y, gap, pick, chosen, words in (
                (
                    MERCENARY_COUNTS,
                    merc_box,
                    480,
                    step,
                    self.set_mercenaries,
                    self.mercenaries,
                    MERCENARY_WORDS,
                ),
                (
                    MERCENARY_WAYS,
                    merc_box,
                    584,
                    step,
                    self.set_random_mercenaries,
                    self.random_mercenaries,
                    MERCENARY_WAY_WORDS,
                ),
                (
                    MAD_BOMBER_MODES,
                    bomber_box,
                    628,
                    180,
                    self.set_mad_bomber,
                    self.mad_bomber,
                    MAD_BOMBER_WORDS,
                ),
            )
        )
        if self.count != 2:
            counts[-1].enabled = False
            counts[-1].hint = "Two Mercenaries each is for two players only."
        for button in ways:
            button.enabled = self.mercenaries > 0
            button.selected = button.selected and self.mercenaries > 0

    def _choice_row(
        self,
        choices: Sequence[tuple[Any, str]],
        box: tuple[int, int, int, int],
        y: int,
        step: int,
        pick: Callable[[Any], None],
        chosen: object,
        words: Mapping[Any, str],
    ) -> list[widgets.Button]:
        """One button a ``(value, label)`` of ``choices`` at height ``y``, the first at ``box``'s
        x (its width and height each button's), each next ``step`` pixels on: it picks its
        value, shows the value ``chosen`` as selected, and says ``words[value]`` on hover."""
        x, _, w, h = box
        row = []
        for i, (value, label) in enumerate(choices):
            button = widgets.Button(
                label, (x + i * step, y, w, h), partial(pick, value), size=15, hint=words[value]
            )
            button.selected = chosen == value
            row.append(button)
        self.buttons += row
        return row

    def toggle_options(self) -> None:
        """Switch between the players and the game's options."""
        self.page = "options" if self.page == "seats" else "seats"
        self._build()

    def toggle_variant(self, variant: str) -> None:
        if variant in self.variants:
            self.variants.remove(variant)
        else:
            self.variants.append(variant)
        self._build()

    def _choose(self, name: str, value: object, refusal: str = "") -> None:
        """Make one choice and lay the screen out again, or, with a ``refusal``, say why it
        cannot be made (every choice stays as it was)."""
        if refusal:
            self.problem = refusal
            return
        setattr(self, name, value)
        self.problem = ""
        self._build()

    def set_mercenaries(self, n: int) -> None:
        two_only = n == 2 and self.count != 2
        self._choose(
            "mercenaries", n, "Two Mercenaries each is for two players only." if two_only else ""
        )

    def set_mad_bomber(self, mode: str) -> None:
        """The Mad Bomber's mode: off, neutral or mercenary (the engine plays it)."""
        self.mad_bomber = mode
        self._build()

    def set_random_mercenaries(self, dealt: bool) -> None:
        self.random_mercenaries = dealt
        self._build()

    def options_words(self, room: int = 10_000) -> str:
        """The options chosen, in a few words (under the options button), as fully as
        ``room`` pixels take at 13 pixels: every option named, else counted."""
        parts = [label for variant, label in VARIANTS if variant in self.variants]
        short = [f"{len(parts)} variants"] if len(parts) > 1 else list(parts)
        for kept in (parts, short):
            more = list(kept)
            if self.mercenaries:
                way = "dealt" if self.random_mercenaries else "picked"
                each = "1 Mercenary" if self.mercenaries == 1 else "2 Mercenaries"
                more.append(f"{each} each ({way})" if kept is parts else f"{each} each")
            if self.mad_bomber != "off":
                more.append(f"Mad Bomber ({self.mad_bomber})" if kept is parts else "Mad Bomber")
            words = "Options: " + (", ".join(more) if more else "none (the basic game)")
            if widgets.font(13).size(words)[0] <= room:
                return words
        return words

    def set_count(self, count: int) -> None:
        """Two to four seats; the mode and board follow what the count allows (the Duel board
        is for two; each count has its own modes, the first its default)."""
        while len(self.armies) > count:
            self.spare.insert(0, (self.armies.pop(), self.players.pop()))
        while len(self.armies) < count:
            army, player = self.spare.pop(0)
            self.armies.append(army)
            self.players.append(player)
        self.count = count
        if self.mode not in MODES[count]:
            self.mode = MODES[count][0]
        if self.board == "duel" and count != 2:
            self.board = "standard"
        if self.mercenaries > 1 and count != 2:
            self.mercenaries = 1  # two each is for two players only
        self.problem = ""
        self._build()

    def set_mode(self, mode: str) -> None:
        refusal = f"{MODE_NAMES.get(mode, mode)} is not played by {self.count} players."
        self._choose("mode", mode, "" if mode in MODES[self.count] else refusal)

    def set_army(self, seat: int, army: str) -> None:
        self.armies[seat] = army
        self._build()

    def set_player(self, seat: int, player: str) -> None:
        if not self.available.get(player):
            self.problem = f"The {player} computer player is not available yet."
            return
        self.players[seat] = player
        self.problem = ""
        self._build()

    def set_board(self, board: str) -> None:
        """The standard board, the expanded board or the Duel board (two players only)."""
        two_only = board == "duel" and self.count != 2
        self._choose("board", board, "The Duel board is for two players only." if two_only else "")

    def set_start(self, start: str) -> None:
        """Who starts (two players); Random draws it now, and the screen says who was drawn."""
        self.starts = start
        self.drawn = self.rng.choice(("first", "second")) if start == "random" else None
        self._build()

    def sides(self) -> dict[int, str]:
        """The team names of the seats in the chosen mode (the engine's sides)."""
        return team_names(mode_sides(self.count, self.mode))

    def seat_setups(self) -> list[SeatSetup]:
        """The seats in playing order (seat 0 moves first), random choices resolved."""
        armies = list(self.armies)
        for seat in range(self.count):
            if armies[seat] == RANDOM:
                others = [a for a in ARMIES if a not in armies]
                armies[seat] = self.rng.choice(others or list(ARMIES))
        seats = [SeatSetup(armies[s], self.players[s]) for s in range(self.count)]
        if self.count != 2:
            return seats
        if self.starts == "random" and self.drawn is None:
            self.drawn = self.rng.choice(("first", "second"))
        start = self.drawn if self.starts == "random" else self.starts
        return seats if start == "first" else seats[::-1]

    def start(self) -> None:
        seats = self.seat_setups()
        seed = self.rng.randrange(2**32)
        try:
            game = new_game(
                seats,
                seed,
                self.app.settings.auto_battle_choices,
                board=self.board,
                mode=self.mode,
                variants=[v for v, _label in VARIANTS if v in self.variants],
                mercenaries=self.mercenaries,
                random_mercenaries=self.random_mercenaries,
                mad_bomber=self.mad_bomber,
            )
        except ValueError as exc:  # the engine cannot play this combination: say why
            self.problem = f"This game cannot be started: {exc}"
            return
        scene = self.app.make("game", game, seats, save_path=storage.autosave_path(), seed=seed)
        self.app.stack.replace(scene)
        scene.autosave()

    def handle(self, event: pygame.event.Event) -> None:
        self._fit()
        for button in self.buttons:
            if button.handle(event):
                if not button.enabled and button.hint:
                    self.problem = button.hint
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.page == "options":
                self.toggle_options()
            elif event.key == pygame.K_ESCAPE:
                self.app.stack.pop(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def draw_options(self, surface: pygame.Surface) -> None:
        """The options page: headings, and each option's words beside or under its buttons."""
        at = self.spots()
        left, right = at["options_left"], at["options_right"]
        widgets.draw_text(surface, "Game options", (at["label"], 222), 22, widgets.TEXT, True)
        widgets.draw_text(surface, "Variants (any of them)", (left, 262), 14, widgets.DIM, True)
        for i, (variant, _label) in enumerate(VARIANTS):
            colour = widgets.TEXT if variant in self.variants else widgets.DIM
            box = pygame.Rect(left + 266, 0, at["right"] - left - 266, 40)
            self._words(surface, VARIANT_WORDS[variant], box, 296 + i * 46, colour)
        widgets.draw_text(surface, "Mercenaries", (left, 456), 14, widgets.DIM, True)
        box = pygame.Rect(left, 0, right - 20 - left, 36)
        self._words(surface, MERCENARY_WORDS[self.mercenaries], box, 524, widgets.TEXT)
        widgets.draw_text(surface, "How they are hired", (left, 560), 14, widgets.DIM, True)
        colour = widgets.TEXT if self.mercenaries else widgets.DIM
        words = MERCENARY_WAY_WORDS[self.random_mercenaries]
        self._words(surface, words, box, 628, colour)
        # the Mad Bomber (D-24), under the Mercenaries it belongs with
        widgets.draw_text(surface, "Mad Bomber", (right, 604), 14, widgets.DIM, True)
        words = MAD_BOMBER_WORDS[self.mad_bomber]
        colour = widgets.TEXT if self.mad_bomber != "off" else widgets.DIM
        widgets.draw_paragraph(surface, words, pygame.Rect(right, 668, 540, 40), 14, colour)
        # the four Mercenaries any army may hire
        widgets.draw_text(surface, "Any army may hire them:", (right, 456), 14, widgets.DIM, True)
        for i, tile in enumerate(MERCENARIES):
            center = (right + 70 + i * 134, 520)
            tileart.blit_tile(surface, tileart.render_tile(tile, 40), center)
            for n, line in enumerate(widgets.wrap(tile_name(tile), 13, 128)):
                spot = (center[0], center[1] + 42 + 16 * n)
                widgets.draw_text(surface, line, spot, 13, widgets.TEXT, False, "midtop")

    @staticmethod
    def _words(surface: pygame.Surface, words: str, box: pygame.Rect, y: int, colour) -> None:
        """An option's words in one line of 15 pixels, or in two of 14 when one is too narrow."""
        if widgets.font(15).size(words)[0] <= box.width:
            widgets.draw_text(surface, words, (box.left, y), 15, colour, False)
        else:
            box = pygame.Rect(box.left, y - 6, box.width, box.height)
            widgets.draw_paragraph(surface, words, box, 14, colour, spacing=1.2)

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        at = self.spots()
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "New game", (640, 34), 34, widgets.ACCENT, True, "center")
        widgets.draw_text(surface, "Players", (at["label"], 87), 17, widgets.DIM, True)
        widgets.draw_text(surface, "Board", (at["board_label"], 87), 17, widgets.DIM, True)
        widgets.draw_text(surface, "Mode", (at["label"], 139), 17, widgets.DIM, True)
        left = at["left"]
        widgets.draw_text(surface, MODE_WORDS[self.mode], (left, 174), 15, widgets.TEXT, False)
        words = BOARD_WORDS[self.board]
        end = widgets.draw_text(surface, words, (left, 196), 13, widgets.DIM, False).right
        summary = self.options_words(at["right"] - end - 24)
        chosen = self.variants or self.mercenaries or self.mad_bomber != "off"
        colour = widgets.ACCENT if chosen else widgets.DIM
        widgets.draw_text(surface, summary, (at["right"], 196), 13, colour, False, "topright")
        if self.page == "options":
            self.draw_options(surface)
        for seat in range(self.count if self.page == "seats" else 0):
            self.draw_seat(surface, seat)
        widgets.draw_text(surface, "Who starts", (at["label"], 721), 15, widgets.DIM, True)
        for button in self.buttons:
            button.draw(surface)
        self.draw_starts(surface, at)
        if self.problem:
            width = 2 * (640 - (at["back"] + 130))
            size = tileart.fit_text(self.problem, 15, width, bold=False)
            widgets.draw_text(surface, self.problem, (640, 774), size, widgets.BAD, False, "center")
        self.draw_choice_words(surface)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's heading (its team, its army's emblem) and, beside its choices, the
        words of its army and player (in a compact column: in the hover box instead)."""
        x, width = self.column_x(seat), self.column_w()
        widgets.draw_text(surface, f"Player {seat + 1}", (x, 218), 22, widgets.TEXT, True)
        team = self.sides().get(seat)
        if team:
            colour = widgets.ACCENT if team != "Team B" else (150, 220, 255)
            widgets.draw_text(surface, team, (x + 110, 222), 16, colour, True)
        army = self.armies[seat]
        if army != RANDOM:
            armystyle.draw_emblem(surface, army, (x + width - 32, 230), 18)
        compact = self.compact()
        widgets.draw_text(surface, "Army", (x, 250 if compact else 252), 13, widgets.DIM, True)
        widgets.draw_text(surface, "Player", (x, 478 if compact else 424), 13, widgets.DIM, True)
        if compact:
            return
        words = rulestext.ARMIES.get(army, "") if army != RANDOM else ""
        words = f"{words} {LEVEL_WORDS.get(self.players[seat], '')}".strip()
        box = pygame.Rect(x, 598, width - 16, 110)
        widgets.draw_paragraph(surface, words, box, 13, widgets.DIM, spacing=1.2)

    def draw_starts(self, surface: pygame.Surface, at: dict[str, int]) -> None:
        """Who was drawn to start; with three or four players, why the choice is greyed out
        (said where it is)."""
        x = at["starts"] + 3 * at["start_step"]
        if self.drawn is not None and self.count == 2:
            who = "Player 1" if self.drawn == "first" else "Player 2"
            widgets.draw_text(surface, f"Drawn: {who} starts", (x, 722), 15, widgets.ACCENT, True)
        elif self.count != 2:
            words = "With three or four players, Player 1 starts and play goes round in order."
            x = max(at["starts"], at["back"] + 124)
            widgets.draw_text(surface, words, (x, 751), 14, widgets.DIM, False)

    def draw_choice_words(self, surface: pygame.Surface) -> None:
        """In compact columns: the words of the army or player under the pointer."""
        if not self.compact():
            return
        mouse = getattr(self.app, "mouse", (-1, -1))
        for button in self.buttons:
            words = self.words.get(id(button))
            if words and button.rect.collidepoint(mouse):
                widgets.tooltip(surface, button.label, [(words, widgets.TEXT)], mouse, 320)
                return
