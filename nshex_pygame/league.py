"""The mixed league of issue 43 (item 2): a new bot against a reference bot over games whose
army, board, variants, Mercenaries, Mad Bomber and number of seats are drawn per game from a
fixed seed, so that one number says whether the new bot is better *where it matters* (every
army and mode), with the table per army and per mode beside it.

Game ``i`` of a league is drawn from ``(seed, i)`` alone and played as game ``i`` of the
engine's arena with the same seed (``core.arena`` / ``core.arena_multi`` with
``first_game=i``), so the result does not depend on how many games run at once.

Two seats: the new bot against the reference, seats alternating with ``i``. Three seats: the
new bot in two seats and the reference in one in even games, the other way round in odd
games; four seats: two each (in the team match a team each). A game counts as won when only
the new bot's seats won (shared among them or not), lost when only the reference's did, and
drawn when a win was shared between the two or nobody won.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

ALL_ARMIES = ("borgo", "moloch", "outpost", "hegemony", "smart", "vegas", "doomsday")
VARIANTS = ("alternative_start", "reinforcements", "no_unlucky_draw")
MULTI_MODES = {3: ("deathmatch", "points", "one_vs_team"), 4: ("deathmatch", "points", "team")}


@dataclass(frozen=True)
class Draw:
    """One league game's setting: seats, armies (seat order before the arena's rotation),
    board, mode (three or four seats) and the two-seat options."""

    seats: int
    armies: tuple[str, ...]
    board: str = "standard"
    mode: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)

    def tags(self) -> list[str]:
        """The modes this game counts for in the table per mode: the seats, then whichever
        of the mode (three or four seats), the board, each variant, the Mercenaries and the
        Mad Bomber apply."""
        tags = [f"{self.seats} seats"]
        if self.seats > 2:
            tags.append(self.mode.replace("_", " "))
        if self.board != "standard":
            tags.append(f"{self.board} board")
        tags.extend(v.replace("_", " ") for v in self.options.get("variants", []))
        if self.options.get("mercenaries"):
            tags.append("Mercenaries")
        if self.options.get("mad_bomber", "off") != "off":
            tags.append("Mad Bomber")
        return tags


def draw(seed: int, i: int) -> Draw:
    """Game ``i``'s setting, from ``seed`` and ``i`` alone (SHA-256, not Python's hash)."""
    digest = hashlib.sha256(f"league {seed} {i}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    seats = rng.choices((2, 3, 4), weights=(6, 2, 2))[0]
    if seats > 2:
        mode = rng.choice(MULTI_MODES[seats])
        board = rng.choice(("standard", "expanded"))
        armies = tuple(rng.choice(ALL_ARMIES) for _ in range(seats))
        return Draw(seats, armies, board, mode)
    armies = (rng.choice(ALL_ARMIES), rng.choice(ALL_ARMIES))
    board = rng.choice(("standard", "standard", "duel"))
    options: dict[str, Any] = {}
    variants = [v for v in VARIANTS if rng.random() < 0.2]
    if variants:
        options["variants"] = variants
    mercenaries = rng.choice((0, 0, 1, 2))
    if mercenaries:
        options["mercenaries"] = mercenaries
        options["random_mercenaries"] = rng.random() < 0.5
    mad_bomber = rng.choice(("off", "off", "off", "neutral", "mercenary"))
    if mad_bomber != "off":
        options["mad_bomber"] = mad_bomber
    return Draw(2, armies, board, "standard", options)


def play_game(new: str, old: str, seed: int, i: int) -> tuple[Draw, str, float]:
    """Plays league game ``i``: its setting, the army the new bot played in seat 0's place
    of the rotation (two seats: its own army) and its score (1 won, 0.5 drawn, 0 lost)."""
    from nshex_pygame import core

    d = draw(seed, i)
    if d.seats == 2:
        pair = (d.armies[0], d.armies[1])
        r = core.arena(new, old, 1, pair, seed, 1, first_game=i, board=d.board, **d.options)
        return d, d.armies[0], 1.0 if r["wins_a"] else 0.0 if r["wins_b"] else 0.5
    if d.seats == 3:
        bots = [new, old, new] if i % 2 == 0 else [old, new, old]
    else:
        bots = [new, old, new, old]
    r = core.arena_multi(bots, d.mode, 1, list(d.armies), d.board, seed, 1, first_game=i)
    new_won = new_shared = old_won = old_shared = False
    for bot, rec in zip(bots, r["bots"], strict=True):
        if bot == new:
            new_won |= bool(rec["wins"])
            new_shared |= bool(rec["shared"])
        else:
            old_won |= bool(rec["wins"])
            old_shared |= bool(rec["shared"])
    # The new bot's army: the seat it holds in the rotation of game i (seat s holds bot
    # (s + i) mod n), the armies cycling with it (arena_multi).
    n = d.seats
    seat = next(s for s in range(n) if bots[(s + i) % n] == new)
    army = d.armies[(seat + i // n) % n]
    if (new_won or new_shared) and not (old_won or old_shared):
        score = 1.0
    elif (old_won or old_shared) and not (new_won or new_shared):
        score = 0.0
    else:
        score = 0.5
    return d, army, score


def play(
    new: str,
    old: str,
    games: int,
    seed: int,
    threads: int,
    game: Callable[[str, str, int, int], tuple[Draw, str, float]] = play_game,
) -> dict[str, Any]:
    """Plays ``games`` league games, ``threads`` at once. Returns ``won``, ``drawn``,
    ``lost`` and the same per mode (``by_mode``, a game counting for each of its
    :meth:`Draw.tags`) and per army of the new bot (``by_army``),
    each a ``[won, drawn, lost]`` list."""
    with ThreadPoolExecutor(max_workers=max(1, threads)) as pool:
        results = list(pool.map(lambda i: game(new, old, seed, i), range(games)))
    total = [0, 0, 0]
    by_mode: dict[str, list[int]] = {}
    by_army: dict[str, list[int]] = {}
    for d, army, score in results:
        k = 0 if score == 1.0 else 2 if score == 0.0 else 1
        total[k] += 1
        for tag in d.tags():
            by_mode.setdefault(tag, [0, 0, 0])[k] += 1
        by_army.setdefault(army, [0, 0, 0])[k] += 1
    return {
        "won": total[0],
        "drawn": total[1],
        "lost": total[2],
        "by_mode": dict(sorted(by_mode.items())),
        "by_army": dict(sorted(by_army.items())),
    }
