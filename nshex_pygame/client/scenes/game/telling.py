"""The game told in the log's words: an action played (naming units, never hexes), a battle
fought, and the earlier moves of a game that did not start here (Continue, Load), replayed on
a copy from the save's start. :class:`Teller` writes to the scene's :class:`GameLog`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from nshex_pygame.client import tileart, widgets
from nshex_pygame.client.scenes.game.layout import as_hex, units_by_hex
from nshex_pygame.client.scenes.game.log import GameLog
from nshex_pygame.client.words import (
    Units,
    action_hexes,
    action_words,
    and_list,
    army_name,
    outcome_words,
    tile_name,
)
from nshex_pygame.core import EngineError, Game


class Teller:
    """Tells the game of ``armies`` in ``log``, each seat named by ``seat_name``."""

    def __init__(self, armies: list[str], seat_name: Callable[[int], str], log: GameLog) -> None:
        self.armies = armies
        self.seat_name = seat_name
        self.log = log

    def action(
        self, seat: int, desc: dict[str, Any], before: Units, game: Game, battles: int
    ) -> None:
        """An action played, in words that name the units, never their hexes (draws are not
        told); ``before`` is the board before it, ``game`` the game after it. What an instant
        did (who died, who was wounded) is read off the board after it."""
        if desc.get("kind") in ("draw", "deck_draw"):
            return
        who = self.seat_name(seat) if seat >= 0 else "Chance"
        colour = tileart.lighter(tileart.army_colour(self.armies[seat]), 0.55)
        text = f"{who} {action_words(desc, before, seat, self.armies)}"
        hexes = list(action_hexes(desc))
        destroys = desc.get("kind") == "procedure" and desc.get("procedure") in (
            "laser",
            "elimination",
            "detonation",
        )
        instants = ("sniper", "grenade", "air_strike", "small_bomb")
        if desc.get("kind") in instants and game.battles == battles:
            after = units_by_hex(game.view()["units"])
            outcome, touched = outcome_words(before, after, seat)
            instant = {
                "sniper": "Sniper",
                "grenade": "Grenade",
                "air_strike": "Air Strike",
                "small_bomb": "Small Bomb",
            }
            if outcome:  # "Borgo Grenade kills the Moloch Blocker"
                text = f"{who} {instant[str(desc['kind'])]} {outcome}"
            else:
                text += ": no effect"
            hexes += [at for at in touched if at not in hexes]
        elif destroys:  # what the procedure did, read off the board after it
            after = units_by_hex(game.view()["units"])
            outcome, touched = outcome_words(before, after, seat)
            text += f"; {outcome}" if outcome else ": no effect"
            hexes += [at for at in touched if at not in hexes]
        self.log.add(text, colour, hexes)

    def earlier_moves(self, game: Game) -> None:
        """The log of a game that did not start here (Continue, Load): its actions replayed on
        a copy of the game from the save's start, told as they were when they were played."""
        lines = game.history()
        if not lines:
            return
        try:
            data = json.loads(game.save())
            data["actions"] = []
            data["state"] = data["start"]  # the position the (no) actions lead to
            again = Game.load(json.dumps(data))
            for line in lines:
                action = again.string_to_action(line)
                seat = again.current_player()
                desc = again.describe_action(action)
                battles = again.battles
                before = units_by_hex(again.view()["units"])
                again.apply_action(action)
                self.action(seat, desc, before, again, battles)
                if again.battles != battles:
                    self.battle(again)
        except (ValueError, KeyError, EngineError) as exc:  # SaveError, IllegalActionError too
            self.log.add(f"The earlier moves could not be told: {exc}", widgets.DIM)

    def battle(self, game: Game) -> None:
        """The battle just fought: who died, the HQs after it, who is eliminated."""
        battle = game.last_battle()
        if not battle:
            return
        removed = [
            event
            for phase in battle["phases"]
            for event in phase["events"]
            if event.get("kind") == "removed"
        ]
        names = [
            f"{army_name(self.armies[int(e['seat'])])} {tile_name(str(e.get('tile')))}"
            if isinstance(e.get("seat"), int)
            else f"the {tile_name(str(e.get('tile')))}"  # the neutral Mad Bomber
            for e in removed
            if "tile" in e
            and (
                (isinstance(e.get("seat"), int) and e["seat"] < len(self.armies))
                or e.get("seat") == "neutral"
            )
        ]
        view = game.view()
        hp = " : ".join(str(h) for h in view["hq_hp"])
        dead = (
            f"{and_list(names)} {'dies' if len(names) == 1 else 'die'}" if names else "no one dies"
        )
        counted = "points" if view.get("mode") == "points" else "HQ hit points"
        self.log.add(
            f"Battle {game.battles}: {dead}; {counted} {hp}",
            widgets.ACCENT,
            [as_hex(e["at"]) for e in removed if "at" in e],
        )
        out = [int(s) for s in view.get("eliminated") or []]
        for seat in out:
            if int((view.get("eliminated_in") or [0] * len(self.armies))[seat]) == game.battles:
                self.log.add(f"{self.seat_name(seat)} is eliminated", widgets.BAD)
