"""The end of a game: who won, what each side did, and where to go from here.

Per seat: the damage dealt to the enemy HQ, the enemy units destroyed, the units lost and the
tiles played, and a chart of both HQs' hit points over the turns. All of it is read off the
game replayed through the engine from its start (:mod:`nshex_pygame.client.replay`), never
worked out by a rule of the client's own. Rematch, watch the replay, or the main menu.

A win against the computer is celebrated: the headline on a ribbon that springs open, a burst
of sparks, the result's key numbers counting up (:mod:`nshex_pygame.client.rewards`). A loss
is said gently, with how close it was or what went well, and the Rematch button lit. The
achievements the game earns (:mod:`nshex_pygame.client.achievements`, decided from the
engine's winner, the armies and the computer levels) are recorded and shown as toasts.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from nshex_pygame.client import (
    achievements,
    armystyle,
    rewards,
    storage,
    tileart,
    viewport,
    widgets,
)
from nshex_pygame.client.replay import Summary, replay, summary
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import new_game
from nshex_pygame.client.words import and_list, army_name, level_name, plural, team_names

BOX = pygame.Rect(170, 40, 940, 720)
LOSS_INK = (150, 185, 235)  # a loss is said in a calm blue, not in red
CHART = pygame.Rect(290, 456, 760, 180)
ROWS = (
    ("HQ hit points left", "hq_left"),
    ("Damage to the enemy HQ", "hq_damage_dealt"),
    ("Enemy units destroyed", "units_destroyed"),
    ("Own units lost", "units_lost"),
    ("Tiles played", "tiles_played"),
)


class GameOverScene(Scene):
    scene_name = "gameover"

    transparent = True

    def __init__(self, app: Any, game_scene: Any, rng: random.Random | None = None) -> None:
        """``rng``: where the burst's sparks come from (seeded by the game's length)."""
        super().__init__(app)
        self.game_scene = game_scene
        self.hidden = False
        # seconds since the screen came up (the celebration's time); with the animations off
        # (Settings.juice) the screen starts where the celebration ends: still
        self.clock = 0.0 if app.settings.juice else rewards.SETTLE
        self.pitch = 32  # the table's rows apart (closer when the key numbers take room)
        self.toasts = rewards.Toasts()
        self.sparks = rewards.sparks(rng or random.Random(len(game_scene.game.history())))
        self.summary: Summary | None = None
        self.problem = ""
        try:
            self.summary = summary(replay(game_scene.game))
        except Exception as exc:  # a save the engine will not replay: the headline still shows
            self.problem = f"The game could not be replayed for its numbers: {exc}"
        y, w = BOX.bottom - 66, 200
        self.buttons = [
            widgets.Button("Rematch", (BOX.left + 30, y, w, 48), self.rematch, size=20),
            widgets.Button(
                "Watch the replay", (BOX.left + 250, y, w + 20, 48), self.watch, size=19
            ),
            widgets.Button("Main menu", (BOX.left + 490, y, w, 48), self.to_menu, size=20),
            widgets.Button("Look at the board", (BOX.left + 710, y, w, 48), self.toggle, size=16),
        ]
        self.board_button = self.buttons[3]
        self.earned: list[achievements.Achievement] = []
        self.award_problem: str | None = None
        result = self.game_result()
        if result is not None:
            found = achievements.earned_by_game(result)
            self.earned, self.award_problem = achievements.award(found)
        for achievement in self.earned:
            self.toasts.add(achievement.title, achievement.how)

    def game_result(self) -> achievements.GameResult | None:
        """The game as the player's side saw it, from the engine's winner (None: no side of
        humans against the computer, a resignation, no winner)."""
        yours = self.your_seats()
        winner = self.game_scene.game.winner
        if not yours or winner in (None, "draw") or getattr(self.game_scene, "resigned", False):
            return None
        won = {winner} if isinstance(winner, int) else {int(s) for s in winner}
        side = self.side_of(min(yours))
        seats = self.game_scene.seats
        lost = None
        if self.summary is not None:
            lost = sum(int(self.summary.seats[s].units_lost) for s in yours)
        return achievements.GameResult(
            won=bool(won & yours),
            armies=tuple(self.game_scene.armies[s] for s in sorted(yours)),
            levels=frozenset(
                s.player.split(":", 1)[0] for i, s in enumerate(seats) if i not in side
            ),
            seats=len(seats),
            units_lost=lost,
        )

    def mood(self) -> str:
        """ "win" (celebrated), "loss" (said gently) or "plain" (hot seat, a draw, resigned)."""
        headline = self.headline()
        if headline in ("You won", "Your team won", "You share the win"):
            return "win"
        return "loss" if headline in ("You lost", "Your team lost") else "plain"

    def key_numbers(self) -> list[tuple[str, int]]:
        """The result's key numbers for the player's seat (one human against one computer):
        the turns, the enemy units destroyed, and the hit points the HQ kept (a win) or the
        damage done to the enemy HQ (a loss); empty otherwise."""
        yours = self.your_seats()
        view = self.game_scene.view
        if len(yours) != 1 or len(self.game_scene.armies) != 2 or self.summary is None:
            return []
        seat = min(yours)
        numbers = self.summary.seats[seat]
        cards = [
            ("turns", int(view.get("turn", 0))),
            ("enemy units destroyed", int(numbers.units_destroyed)),
        ]
        if self.mood() == "win":
            cards.append(("hit points your HQ kept", int(view["hq_hp"][seat])))
        else:
            cards.append(("damage to the enemy HQ", int(numbers.hq_damage_dealt)))
        return cards

    def comfort(self) -> str:
        """Under a loss: how close it was, or what went well, and the way to another go."""
        yours = self.your_seats()
        view = self.game_scene.view
        if len(yours) == 1 and len(self.game_scene.armies) == 2 and view.get("mode") != "points":
            enemy = 1 - min(yours)
            left = int(view["hq_hp"][enemy])
            if 0 < left <= 5:
                return (
                    f"So close: their HQ had only {plural(left, 'hit point')} left."
                    " Rematch (Enter) for another go."
                )
            if self.summary is not None:
                kills = int(self.summary.seats[min(yours)].units_destroyed)
                if kills:
                    return (
                        f"You destroyed {plural(kills, 'enemy unit')}. Watch the replay (R) to"
                        " see where it turned, or Rematch (Enter)."
                    )
        return "Every game teaches something: watch the replay (R), or Rematch (Enter)."

    def update(self, dt: float) -> None:
        self.clock += dt
        self.toasts.update(dt)

    def busy(self) -> bool:
        """Moving while the celebration plays and a toast shows; still after."""
        return self.clock < rewards.SETTLE or self.toasts.busy()

    def look(self) -> object:
        """Changes when the celebration settles and as each toast goes."""
        return (self.clock >= rewards.SETTLE, len(self.toasts.items))

    def your_seats(self) -> set[int]:
        """The human seats when they all play on one side (one human against the computer,
        or humans as a team): the screen speaks to "you"; empty otherwise (hot seat)."""
        seats = self.game_scene.seats
        humans = {i for i, seat in enumerate(seats) if seat.is_human}
        if not humans or len(humans) == len(seats):
            return set()
        sides = self.game_scene.view.get("sides") or []
        first = min(humans)
        side = {int(s) for s in sides[first]} if first < len(sides) else {first}
        return humans if humans <= side else set()

    def headline(self) -> str:
        """What the game's end means for the player: "You won", "You lost", "You resigned",
        "A draw"; without one side of humans, who won (:meth:`winner_words`)."""
        game = self.game_scene.game
        winner = game.winner
        yours = self.your_seats()
        if getattr(self.game_scene, "resigned", False):
            return "You resigned"
        if not yours or winner is None:
            return self.winner_words()
        if winner == "draw":
            return "A draw"
        won = self.winners()
        side = self.side_of(min(yours))
        team = "Your team" if len(yours) > 1 else "You"
        if won & yours:
            if not won <= side:
                return "You share the win"
            return "Your team won" if len(won) > 1 else f"{team} won"
        if won <= side:  # an ally's win is your team's
            return "Your team won"
        return f"{team} lost"

    def winners(self) -> set[int]:
        """The seats the engine names as the winners (none for a draw)."""
        winner = self.game_scene.game.winner
        if isinstance(winner, int):
            return {winner}
        return {int(s) for s in winner} if isinstance(winner, list) else set()

    def seat_words(self, seat: int) -> str:
        """A seat as players know it: its army, then its seat ("Outpost (Player 3)")."""
        return f"{army_name(self.game_scene.armies[seat])} (Player {seat + 1})"

    def your_win_words(self) -> str:
        """Under a headline that speaks to "you" in a game of three or four: who won, the
        player's own seat as "your" army and the others by army and seat, so the two lines
        agree ("Your Moloch (Player 2) and your ally Hegemony (Player 4) win as Team B");
        the engine's winner and sides. A win of others: :meth:`winner_words`."""
        won, yours = self.winners(), self.your_seats()
        side = self.side_of(min(yours))
        mine = and_list([f"your {self.seat_words(s)}" for s in sorted(won & yours)])
        others = and_list([self.seat_words(s) for s in sorted(won - yours)])
        if won & yours and not won <= side:
            words = f"{mine} shares the win with {others}"
        elif won & yours:
            words = mine + (f" and your ally {others}" if others else "")
            words += " win" if len(won) > 1 else " wins"
            team = team_names(self.game_scene.view.get("sides") or []).get(min(won), "")
            words += f" as {team}" if team.startswith("Team ") else ""
        elif won and won <= side:
            words = f"your ally {others} wins for your team"
        else:
            return self.winner_words()
        return words[:1].upper() + words[1:]

    def side_of(self, seat: int) -> set[int]:
        sides = self.game_scene.view.get("sides") or []
        return {int(s) for s in sides[seat]} if seat < len(sides) else {seat}

    def subline(self) -> str:
        """Under the headline: who won when the headline speaks to "you", then the game's
        length."""
        view = self.game_scene.view
        length = f"{view.get('turn', 0)} turns, {view.get('battles', 0)} battles"
        if getattr(self.game_scene, "resigned", False):
            return f"The game ended at your word after {length}"
        if self.your_seats() and self.game_scene.game.winner not in (None, "draw"):
            many = len(self.game_scene.armies) > 2
            who = self.your_win_words() if many else self.winner_words()
            return f"{who}. {length[:1].upper()}{length[1:]}"
        return length[:1].upper() + length[1:]

    def winner_words(self) -> str:
        """Who won, as the engine says (``winner``: a seat, a list of seats, or "draw")."""
        game = self.game_scene.game
        winner = game.winner
        armies = self.game_scene.armies
        if winner == "draw":
            return "A draw"
        if isinstance(winner, int):
            who = army_name(armies[winner])
            if len(armies) > 2:
                who = f"Player {winner + 1} ({who})"
            return f"{who} wins"
        if isinstance(winner, list) and winner:
            seats = sorted(int(s) for s in winner)
            sides = self.game_scene.view.get("sides") or []
            teams = team_names(sides)
            players = and_list([str(s + 1) for s in seats])
            side = [int(s) for s in sides[seats[0]]] if seats[0] < len(sides) else []
            if len(seats) > 1 and sorted(side) == seats and teams.get(seats[0]):
                return f"{teams[seats[0]]} wins (Players {players})"
            if len(seats) == 1:
                return f"Player {seats[0] + 1} ({army_name(armies[seats[0]])}) wins"
            return f"Players {players} share the win"
        return "The game is over"

    def result_words(self, seat: int) -> str:
        """What the mode counts for ``seat`` at the end, in the engine's numbers."""
        view = self.game_scene.view
        if seat in {int(s) for s in view.get("eliminated") or []}:
            return "Eliminated"
        hp = int(view["hq_hp"][seat])
        mode = view.get("mode")
        if mode == "points":
            return f"{hp} points"
        results = view.get("results") or []
        if mode in ("team", "one_vs_team") and seat < len(results):
            side = view.get("sides", [[seat]])[seat]
            if len(side) > 1:
                return f"HQ {hp}, team {results[seat]}"
        return f"HQ {hp}"

    def ranking(self) -> list[tuple[int, int]]:
        """``(place, seat)`` best first, the engine's ranking."""
        places = list(self.game_scene.view.get("ranking") or [])
        return sorted((int(p), seat) for seat, p in enumerate(places))

    def rematch(self) -> None:
        old = self.game_scene
        seats = list(old.seats)
        seed = random.randrange(2**32)
        board = str(old.view.get("board") or "standard")  # a rematch on the same board,
        mode = old.view.get("mode")  # in the same mode
        options = old.view.get("options") or {}  # and with the same options
        game = new_game(
            seats,
            seed,
            self.app.settings.auto_battle_choices,
            board=board,
            mode=mode,
            variants=list(options.get("variants") or []),
            mercenaries=int(options.get("mercenaries") or 0),
            random_mercenaries=bool(options.get("random_mercenaries")),
            mad_bomber=str(options.get("mad_bomber") or "off"),
        )
        scene = self.app.make("game", game, seats, save_path=storage.autosave_path(), seed=seed)
        self.app.stack.pop(self)
        self.app.stack.replace(scene)
        scene.autosave()

    def watch(self) -> None:
        """The whole game again, move by move and battle by battle (back here after)."""
        self.app.open("replay", self.game_scene.game, list(self.game_scene.seats))

    def to_menu(self) -> None:
        self.app.stack.clear_to(self.app.make("menu"))

    def toggle(self) -> None:
        self.hidden = not self.hidden
        self.board_button.label = "Show the result" if self.hidden else "Look at the board"

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons if not self.hidden else [self.board_button]:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rematch()
            elif event.key == pygame.K_r:
                self.watch()

    def rows(self) -> tuple[tuple[str, str], ...]:
        """The table's rows; in the points game the HQs' numbers are points (no hit points,
        no damage taken off them: a wound scores for the attacker)."""
        if self.game_scene.view.get("mode") != "points":
            return ROWS
        return (("Points", "hq_left"), *(row for row in ROWS[2:]))

    def value(self, seat: int, key: str) -> int:
        if key == "hq_left":
            return int(self.game_scene.view["hq_hp"][seat])
        assert self.summary is not None
        return int(getattr(self.summary.seats[seat], key))

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            self.board_button.rect.topleft = (BOX.left + 710, 752)
            self.board_button.draw(surface)
            self.draw_toasts(surface)
            return
        self.board_button.rect.topleft = (BOX.left + 710, BOX.bottom - 66)
        widgets.shade(surface)
        widgets.panel(surface, BOX)
        mood = self.mood()
        top = self.draw_headline(surface, mood)
        cards = self.key_numbers()
        if cards:
            colour = widgets.ACCENT if mood == "win" else LOSS_INK
            top = rewards.number_cards(surface, cards, top, self.clock - 0.3, colour) + 12
        self.pitch = 28 if cards else 32
        bottom = self.draw_table(surface, top)
        chart = self.chart_rect(bottom)
        if self.summary is not None:
            self.draw_chart(surface, self.summary, chart)
        elif self.problem:
            widgets.draw_paragraph(surface, self.problem, chart, 15, widgets.BAD)
        if mood == "loss":  # the way to another go, lit
            glow = self.buttons[0].rect.inflate(8, 8)
            pygame.draw.rect(surface, LOSS_INK, glow, 2, border_radius=10)
        for button in self.buttons:
            button.draw(surface)
        if mood == "win":
            rewards.burst(surface, (BOX.centerx, BOX.top + 68), self.clock, self.sparks)
        if self.award_problem:
            words = self.award_problem
            size = tileart.fit_text(words, 13, BOX.width - 40, bold=False)
            widgets.draw_text(
                surface,
                words,
                (BOX.centerx, BOX.bottom - 12),
                size,
                widgets.BAD,
                False,
                "midbottom",
            )
        self.draw_toasts(surface)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        """The achievements just earned, at the top right of what the window shows."""
        frame = viewport.frame_of(self.app)
        self.toasts.draw(surface, right=min(1270, frame.right - 10), top=frame.top + 10)

    def draw_headline(self, surface: pygame.Surface, mood: str) -> int:
        """ "Game over", the headline (on a springing ribbon for a win, softly for a loss) and
        the line under it; where they end."""
        cx = BOX.centerx
        headline = self.headline()
        size = tileart.fit_text(headline, 38, BOX.width - 40)
        sub_y = BOX.top + 92
        if mood == "win":  # the ribbon says it all: no "Game over" above it
            width = min(BOX.width - 160, widgets.font(size, True).size(headline)[0] + 120)
            ribbon, ink = widgets.ACCENT, (40, 30, 10)
            centre = (cx, BOX.top + 54)
            rewards.banner(surface, headline, centre, self.clock, size, ribbon, ink, width)
            sub_y = BOX.top + 98
        else:
            widgets.draw_text(
                surface, "Game over", (cx, BOX.top + 14), 20, widgets.DIM, True, "midtop"
            )
            colour = LOSS_INK if mood == "loss" else widgets.ACCENT
            widgets.draw_text(surface, headline, (cx, BOX.top + 40), size, colour, True, "midtop")
        subline = self.subline()
        size = tileart.fit_text(subline, 16, BOX.width - 40, bold=False)
        widgets.draw_text(surface, subline, (cx, sub_y), size, widgets.DIM, False, "midtop")
        if mood != "loss":
            return sub_y + 26
        comfort = self.comfort()
        size = tileart.fit_text(comfort, 16, BOX.width - 40, bold=False)
        widgets.draw_text(
            surface, comfort, (cx, BOX.top + 114), size, widgets.TEXT, False, "midtop"
        )
        return BOX.top + 144

    def chart_rect(self, table_bottom: int) -> pygame.Rect:
        """The chart under the table (its title above it), no wider gap than it needs, and
        clear of the buttons (shorter when the key numbers take room)."""
        rect = CHART.copy()
        buttons = BOX.bottom - 66
        rect.top = table_bottom + 48
        rect.height = max(60, min(CHART.height, buttons - 40 - rect.top))
        return rect

    def draw_table(self, surface: pygame.Surface, top: int) -> int:
        """The numbers per seat (or the ranking of three and four); where they end."""
        armies = self.game_scene.armies
        if len(armies) > 2:
            return self.draw_ranking(surface, top)
        label_x, col = BOX.left + 60, [BOX.left + 560, BOX.left + 770]
        for seat, army in enumerate(armies[:2]):
            sch = armystyle.scheme(army)  # the name in its line's colour on the chart
            armystyle.draw_emblem(surface, army, (col[seat], top + 26), 24)
            name = army_name(army)
            size = tileart.fit_text(name, 19, 190)
            widgets.draw_text(surface, name, (col[seat], top + 54), size, sch.shot, True, "midtop")
        if self.summary is None:
            return top + 80
        pitch = self.pitch
        for i, (label, key) in enumerate(self.rows()):
            y = top + 86 + pitch * i
            if i % 2 == 0:
                band = pygame.Rect(BOX.left + 40, y - 4, BOX.width - 80, pitch - 2)
                pygame.draw.rect(surface, (46, 50, 60), band, border_radius=5)
            widgets.draw_text(surface, label, (label_x, y), 18, widgets.TEXT)
            values = [self.value(seat, key) for seat in range(len(armies[:2]))]
            for seat, v in enumerate(values):
                better = (key != "units_lost" and v > min(values)) or (
                    key == "units_lost" and v < max(values)
                )
                colour = widgets.GOOD if better else widgets.TEXT
                widgets.draw_text(surface, str(v), (col[seat], y), 19, colour, True, "midtop")
        return top + 86 + pitch * len(self.rows())

    def draw_ranking(self, surface: pygame.Surface, top: int) -> int:
        """Three or four seats: the ranking (place, seat, army, team, result), best first."""
        armies = self.game_scene.armies
        teams = team_names(self.game_scene.view.get("sides") or [])
        columns = [("Place", 60), ("Seat", 150), ("Army", 260), ("Result", 680)]
        if teams:
            columns.append(("Team", 560))
        for label, x in columns:
            widgets.draw_text(surface, label, (BOX.left + x, top), 15, widgets.DIM, True)
        out = {int(s) for s in self.game_scene.view.get("eliminated") or []}
        for i, (place, seat) in enumerate(self.ranking()):
            y = top + 26 + 38 * i
            band = pygame.Rect(BOX.left + 40, y - 4, BOX.width - 80, 34)
            pygame.draw.rect(surface, (52, 56, 70) if place == 1 else (42, 45, 56), band, 0, 6)
            colour = (
                widgets.ACCENT if place == 1 else (widgets.DIM if seat in out else widgets.TEXT)
            )
            widgets.draw_text(surface, f"{place}.", (BOX.left + 60, y), 20, colour, True)
            ring = self.game_scene.seat_colour(seat)
            widgets.draw_text(
                surface, f"Player {seat + 1}", (BOX.left + 150, y + 2), 17, ring, True
            )
            armystyle.draw_emblem(surface, armies[seat], (BOX.left + 272, y + 13), 13)
            name = army_name(armies[seat])
            if not self.game_scene.seats[seat].is_human:
                name += f" ({level_name(self.game_scene.seats[seat].player)})"
            size = tileart.fit_text(name, 18, 256)
            widgets.draw_text(surface, name, (BOX.left + 292, y + 2), size, widgets.TEXT, True)
            team = teams.get(seat, "")
            widgets.draw_text(surface, team, (BOX.left + 560, y + 2), 17, widgets.TEXT, False)
            words = self.result_words(seat)
            tone = widgets.BAD if seat in out else widgets.TEXT
            widgets.draw_text(surface, words, (BOX.left + 680, y + 2), 18, tone, True)
        return top + 26 + 38 * len(self.ranking())

    def draw_chart(self, surface: pygame.Surface, data: Summary, rect: pygame.Rect) -> None:
        widgets.draw_text(
            surface,
            "Points, turn by turn"
            if self.game_scene.view.get("mode") == "points"
            else "HQ hit points, turn by turn",
            (rect.left, rect.top - 30),
            16,
            widgets.DIM,
            True,
        )
        pygame.draw.rect(surface, (30, 32, 40), rect)
        series = data.hq_by_turn
        top_hp = max(20, max((max(hp) for _t, hp in series), default=20))
        first, last = series[0][0], max(series[-1][0], series[0][0] + 1)

        def point(turn: int, hp: int) -> tuple[float, float]:
            x = rect.left + (turn - first) / (last - first) * rect.width
            y = rect.bottom - max(0, hp) / top_hp * rect.height
            return x, y

        for hp in range(0, top_hp + 1, 5):
            y = point(first, hp)[1]
            pygame.draw.line(surface, (54, 58, 70), (rect.left, y), (rect.right, y), 1)
            widgets.draw_text(
                surface, str(hp), (rect.left - 8, y), 13, widgets.DIM, False, "midright"
            )
        step = max(1, (last - first) // 10)
        for turn in range(first, last + 1, step):
            x = point(turn, 0)[0]
            widgets.draw_text(
                surface, str(turn), (x, rect.bottom + 4), 13, widgets.DIM, False, "midtop"
            )
        widgets.draw_text(
            surface, "turn", (rect.right, rect.bottom + 22), 13, widgets.DIM, False, "topright"
        )
        many = len(self.game_scene.armies) > 2
        for seat, army in enumerate(self.game_scene.armies):
            colour = self.game_scene.seat_colour(seat) if many else armystyle.scheme(army).shot
            points = [point(turn, hp[seat]) for turn, hp in series]
            if len(points) >= 2:
                pygame.draw.lines(surface, colour, False, points, 3)
            for p in points[-1:]:
                pygame.draw.circle(surface, colour, p, 5)
        pygame.draw.rect(surface, widgets.PANEL_EDGE, rect, 1)
