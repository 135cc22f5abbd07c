"""A new game: how many seats (two to four), each seat's army (or a random one) and player (a
human or a computer level), the game mode the seat count allows, who starts (two seats), and
the board (the standard one, the expanded 37-hex board, or the Duel board for two seats).

The sides a mode makes (who plays with whom) are read from the engine (a game made with
those seats and that mode), never worked out here; a combination the engine refuses is shown
with its reason."""

from __future__ import annotations

import random
from functools import cache, partial
from typing import Any

import pygame

from nshex_pygame.client import ai, armystyle, rulestext, storage, tileart, widgets
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
COLUMN_W = 300  # one seat's column
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
        self._build()

    @staticmethod
    def strongest_bot() -> str:
        for name in ("hard", "medium", "easy", "flatmc", "greedy"):
            if ai.available(name):
                return name
        return "random"

    def column_x(self, seat: int) -> int:
        return 640 - self.count * COLUMN_W // 2 + seat * COLUMN_W + 5

    def _build(self) -> None:
        self.buttons = []
        # the seats first (army, player), or the options page, then the game-wide choices
        if self.page == "options":
            self._build_options()
        for seat in range(self.count if self.page == "seats" else 0):
            x = self.column_x(seat)
            for i, army in enumerate((*ARMIES, RANDOM)):
                button = widgets.Button(
                    army_name(army) if army != RANDOM else "Random army",
                    (x + (i % 2) * 146, 270 + (i // 2) * 40, 140, 34),
                    partial(self.set_army, seat, army),
                    size=15,
                )
                button.selected = self.armies[seat] == army
                self.buttons.append(button)
            for i, (name, label) in enumerate(PLAYERS):
                ok = self.available[name]
                button = widgets.Button(
                    label if ok else f"{label} (not yet)",
                    (x + (i % 2) * 146, 454 + (i // 2) * 40, 140, 34),
                    partial(self.set_player, seat, name),
                    size=13,
                    enabled=ok,
                )
                button.selected = self.players[seat] == name
                self.buttons.append(button)
        for i, n in enumerate(SEAT_COUNTS):
            button = widgets.Button(
                f"{n} players", (150 + i * 112, 78, 104, 36), partial(self.set_count, n), size=16
            )
            button.selected = self.count == n
            self.buttons.append(button)
        for i, (board, label) in enumerate(BOARDS):
            button = widgets.Button(
                label, (600 + i * 190, 78, 180, 36), partial(self.set_board, board), size=15
            )
            button.selected = self.board == board
            button.hint = BOARD_WORDS[board]
            if board == "duel" and self.count != 2:
                button.enabled = False
                button.hint = "The Duel board is for two players only."
            self.buttons.append(button)
        for i, mode in enumerate(MODES[self.count]):
            button = widgets.Button(
                MODE_NAMES[mode],
                (150 + i * 220, 130, 210, 36),
                partial(self.set_mode, mode),
                size=16,
            )
            button.selected = self.mode == mode
            button.hint = MODE_WORDS[mode]
            self.buttons.append(button)
        for i, start in enumerate(STARTS):
            label = {"first": "Player 1 starts", "second": "Player 2 starts", "random": "Random"}[
                start
            ]
            button = widgets.Button(
                label, (150 + i * 150, 712, 142, 34), partial(self.set_start, start), size=14
            )
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
            (880, 130, 360, 36),
            self.toggle_options,
            size=16,
            hint="Variants (Alternative start, Reinforcements, no unlucky draw), Mercenaries"
            " and the Mad Bomber.",
        )
        self.options_button.selected = self.page == "options"
        self.buttons.append(self.options_button)
        self.start_button = widgets.Button(
            "Start the game", (860, 712, 300, 48), self.start, size=22
        )
        self.back_button = widgets.Button(
            "Back", (20, 750, 110, 40), lambda: self.app.stack.pop(self), size=17
        )
        self.buttons += [self.start_button, self.back_button]

    def _build_options(self) -> None:
        """The options page: each variant a toggle, the Mercenaries (how many, and picked or
        dealt), each with its line of words (drawn in :meth:`draw_options`)."""
        for i, (variant, label) in enumerate(VARIANTS):
            on = variant in self.variants
            button = widgets.Button(
                f"{label}: {'on' if on else 'off'}",
                (60, 286 + i * 46, 250, 38),
                partial(self.toggle_variant, variant),
                size=16,
                hint=VARIANT_WORDS[variant],
            )
            button.selected = on
            self.buttons.append(button)
        for i, (n, label) in enumerate(MERCENARY_COUNTS):
            button = widgets.Button(
                label, (60 + i * 170, 480, 160, 36), partial(self.set_mercenaries, n), size=15
            )
            button.selected = self.mercenaries == n
            button.hint = MERCENARY_WORDS[n]
            if n == 2 and self.count != 2:
                button.enabled = False
                button.hint = "Two Mercenaries each is for two players only."
            self.buttons.append(button)
        for i, (dealt, label) in enumerate(MERCENARY_WAYS):
            button = widgets.Button(
                label,
                (60 + i * 170, 584, 160, 36),
                partial(self.set_random_mercenaries, dealt),
                size=15,
                enabled=self.mercenaries > 0,
                hint=MERCENARY_WAY_WORDS[dealt],
            )
            button.selected = self.random_mercenaries == dealt and self.mercenaries > 0
            self.buttons.append(button)
        for i, (mode, label) in enumerate(MAD_BOMBER_MODES):
            button = widgets.Button(
                label,
                (700 + i * 180, 628, 170, 34),
                partial(self.set_mad_bomber, mode),
                size=15,
                hint=MAD_BOMBER_WORDS[mode],
            )
            button.selected = self.mad_bomber == mode
            self.buttons.append(button)

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

    def set_mercenaries(self, n: int) -> None:
        if n == 2 and self.count != 2:
            self.problem = "Two Mercenaries each is for two players only."
            return
        self.mercenaries = n
        self.problem = ""
        self._build()

    def set_mad_bomber(self, mode: str) -> None:
        """The Mad Bomber's mode: off, neutral or mercenary (the engine plays it)."""
        self.mad_bomber = mode
        self._build()

    def set_random_mercenaries(self, dealt: bool) -> None:
        self.random_mercenaries = dealt
        self._build()

    def options_words(self) -> str:
        """The options chosen, in a few words (under the options button)."""
        parts = [label for variant, label in VARIANTS if variant in self.variants]
        if self.mercenaries:
            way = "dealt" if self.random_mercenaries else "picked"
            each = "1 Mercenary" if self.mercenaries == 1 else "2 Mercenaries"
            parts.append(f"{each} each ({way})")
        if self.mad_bomber != "off":
            parts.append(f"Mad Bomber ({self.mad_bomber})")
        return "Options: " + (", ".join(parts) if parts else "none (the basic game)")

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
        if mode not in MODES[self.count]:
            self.problem = f"{MODE_NAMES.get(mode, mode)} is not played by {self.count} players."
            return
        self.mode = mode
        self.problem = ""
        self._build()

    def set_army(self, seat: int, army: str) -> None:
        self.armies[seat] = army
        self._build()

    def set_player(self, seat: int, player: str) -> None:
        if not self.available.get(player):
            self.problem = f"The {player} computer player is not available yet."
            return
        self.players[seat] = player
        self._build()

    def set_board(self, board: str) -> None:
        """The standard board, the expanded board or the Duel board (two players only)."""
        if board == "duel" and self.count != 2:
            self.problem = "The Duel board is for two players only."
            return
        self.board = board
        self.problem = ""
        self._build()

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
        """The options page: headings, and each option's line beside or under its buttons."""
        widgets.draw_text(surface, "Game options", (40, 222), 22, widgets.TEXT, True)
        widgets.draw_text(surface, "Variants (any of them)", (60, 262), 14, widgets.DIM, True)
        for i, (variant, _label) in enumerate(VARIANTS):
            words = VARIANT_WORDS[variant]
            size = tileart.fit_text(words, 15, 900, bold=False)
            colour = widgets.TEXT if variant in self.variants else widgets.DIM
            widgets.draw_text(surface, words, (326, 296 + i * 46), size, colour, False)
        widgets.draw_text(surface, "Mercenaries", (60, 456), 14, widgets.DIM, True)
        words = MERCENARY_WORDS[self.mercenaries]
        size = tileart.fit_text(words, 15, 600, bold=False)
        widgets.draw_text(surface, words, (60, 524), size, widgets.TEXT, False)
        widgets.draw_text(surface, "How they are hired", (60, 560), 14, widgets.DIM, True)
        words = MERCENARY_WAY_WORDS[self.random_mercenaries]
        colour = widgets.TEXT if self.mercenaries else widgets.DIM
        size = tileart.fit_text(words, 15, 600, bold=False)
        widgets.draw_text(surface, words, (60, 628), size, colour, False)
        # the Mad Bomber (D-24), under the Mercenaries it belongs with
        widgets.draw_text(surface, "Mad Bomber", (700, 604), 14, widgets.DIM, True)
        words = MAD_BOMBER_WORDS[self.mad_bomber]
        colour = widgets.TEXT if self.mad_bomber != "off" else widgets.DIM
        widgets.draw_paragraph(surface, words, pygame.Rect(700, 668, 540, 40), 14, colour)
        # the four Mercenaries any army may hire
        widgets.draw_text(surface, "Any army may hire them:", (700, 456), 14, widgets.DIM, True)
        for i, tile in enumerate(MERCENARIES):
            center = (740 + i * 140, 530)
            tileart.blit_tile(surface, tileart.render_tile(tile, 40), center)
            name = tile_name(tile)
            size = tileart.fit_text(name, 13, 132, bold=False)
            widgets.draw_text(
                surface, name, (center[0], center[1] + 42), size, widgets.TEXT, False, "midtop"
            )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "New game", (640, 34), 34, widgets.ACCENT, True, "center")
        widgets.draw_text(surface, "Players", (40, 87), 17, widgets.DIM, True)
        widgets.draw_text(surface, "Board", (530, 87), 17, widgets.DIM, True)
        widgets.draw_text(surface, "Mode", (40, 139), 17, widgets.DIM, True)
        widgets.draw_text(surface, MODE_WORDS[self.mode], (150, 174), 15, widgets.TEXT, False)
        widgets.draw_text(surface, BOARD_WORDS[self.board], (150, 196), 13, widgets.DIM, False)
        summary = self.options_words()
        size = tileart.fit_text(summary, 13, 560, bold=False)
        chosen = self.variants or self.mercenaries or self.mad_bomber != "off"
        colour = widgets.ACCENT if chosen else widgets.DIM
        widgets.draw_text(surface, summary, (1240, 196), size, colour, False, "topright")
        if self.page == "options":
            self.draw_options(surface)
        teams = self.sides()
        for seat in range(self.count if self.page == "seats" else 0):
            x = self.column_x(seat)
            widgets.draw_text(surface, f"Player {seat + 1}", (x, 218), 22, widgets.TEXT, True)
            team = teams.get(seat)
            if team:
                colour = widgets.ACCENT if team != "Team B" else (150, 220, 255)
                widgets.draw_text(surface, team, (x + 110, 222), 16, colour, True)
            army = self.armies[seat]
            if army != RANDOM:
                armystyle.draw_emblem(surface, army, (x + 268, 230), 18)
            widgets.draw_text(surface, "Army", (x, 253), 12, widgets.DIM, True)
            widgets.draw_text(surface, "Player", (x, 437), 12, widgets.DIM, True)
            words = rulestext.ARMIES.get(army, "") if army != RANDOM else ""
            words = f"{words} {LEVEL_WORDS.get(self.players[seat], '')}".strip()
            widgets.draw_paragraph(
                surface, words, pygame.Rect(x, 614, COLUMN_W - 16, 94), 12, widgets.DIM
            )
        widgets.draw_text(surface, "Who starts", (40, 721), 15, widgets.DIM, True)
        for button in self.buttons:
            button.draw(surface)
        if self.drawn is not None and self.count == 2:
            who = "Player 1" if self.drawn == "first" else "Player 2"
            widgets.draw_text(surface, f"Drawn: {who} starts", (600, 722), 15, widgets.ACCENT, True)
        elif self.count != 2:  # why the choice is greyed out, said where it is
            words = "With three or four players, Player 1 starts and play goes round in order."
            size = tileart.fit_text(words, 14, 640, bold=False)
            widgets.draw_text(surface, words, (600, 723), size, widgets.DIM, False)
        if self.problem:
            size = tileart.fit_text(self.problem, 15, 880, bold=False)
            widgets.draw_text(surface, self.problem, (640, 774), size, widgets.BAD, False, "center")
