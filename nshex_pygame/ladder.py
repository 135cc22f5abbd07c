"""The strength table of ``docs/AI.md`` as one command (``nshex ladder``): the level ladder
and the rows of issue 43, each an arena of the engine (``core.arena`` / ``core.arena_multi``,
or the same on Ray through ``nshex_pygame.cluster``), printed in the table form of the docs:
games, won / drawn / lost, the win rate with its 95% Wilson interval, the target and whether
the row meets it.

A row *passes* when its whole interval lies at or above the target, *fails* when the whole
interval lies below, and is *not settled* otherwise (more games decide it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

BASE_ARMIES = ("borgo", "moloch", "outpost", "hegemony")
ARMY_NAMES = {
    "borgo": "Borgo",
    "moloch": "Moloch",
    "outpost": "Outpost",
    "hegemony": "Hegemony",
    "smart": "Smart",
    "vegas": "Vegas",
    "doomsday": "Doomsday Machine",
}
DEFAULT_GAMES = 200
QUICK_GAMES = 2
DEFAULT_SEED = 2026
# --quick: the levels at a tiny budget, so a row of two games takes a second or two.
QUICK_SETTINGS = {
    "easy": "iters=20",
    "medium": "iters=30",
    "hard": "iters=60,turn_ms=0",
    "hard-v1": "iters=60,turn_ms=0",
}


@dataclass(frozen=True)
class Row:
    """One row of the table: bot ``a`` (listed first) against ``b``, or seats ``bots`` (the
    first is the row's subject) in a multi-seat ``mode``."""

    name: str
    what: str
    a: str
    b: str
    target: float
    pairings: tuple[tuple[str, str], ...] | None = None
    board: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] | None = None
    mode: str | None = None


def _against_base(army: str) -> tuple[tuple[str, str], ...]:
    return tuple((army, other) for other in BASE_ARMIES)


def _army_rows() -> list[Row]:
    rows = []
    for army in ("smart", "vegas", "doomsday"):
        for board in ("standard", "duel"):
            suffix = "" if board == "standard" else "-duel"
            where = "" if board == "standard" else ", Duel board"
            rows.append(
                Row(
                    f"{army}{suffix}",
                    f"{ARMY_NAMES[army]} against each base army{where}",
                    "hard",
                    "greedy",
                    0.95,
                    pairings=_against_base(army),
                    board=board,
                )
            )
    return rows


ROWS: tuple[Row, ...] = (
    Row("easy-random", "ladder, base pairings", "easy", "random", 0.95),
    Row("medium-easy", "ladder, base pairings", "medium", "easy", 0.65),
    Row("hard-medium", "ladder, base pairings", "hard", "medium", 0.60),
    Row("hard-greedy", "ladder, base pairings", "hard", "greedy", 0.90),
    *_army_rows(),
    Row(
        "reinforcements",
        "Reinforcements, base pairings",
        "hard",
        "greedy",
        0.95,
        options={"variants": ["reinforcements"]},
    ),
    Row(
        "mercenaries",
        "two Mercenaries each, base pairings",
        "hard",
        "greedy",
        0.95,
        options={"mercenaries": 2},
    ),
    Row(
        "mad-bomber",
        "the neutral Mad Bomber, base pairings",
        "hard",
        "greedy",
        0.95,
        options={"mad_bomber": "neutral"},
    ),
    Row(
        "deathmatch",
        "four seats, deathmatch, Hard against three greedy",
        "hard",
        "greedy",
        0.80,
        bots=("hard", "greedy", "greedy", "greedy"),
        mode="deathmatch",
    ),
    Row(
        "team",
        "team match, Hard + Hard against Medium + Medium",
        "hard",
        "medium",
        0.85,
        bots=("hard", "medium", "hard", "medium"),
        mode="team",
    ),
)
ROW_NAMES = tuple(r.name for r in ROWS)


def select_rows(names: Sequence[str] | None) -> list[Row]:
    """The rows named (in the table's order), or all; an unknown name raises ValueError."""
    if not names:
        return list(ROWS)
    unknown = [n for n in names if n not in ROW_NAMES]
    if unknown:
        raise ValueError(f"unknown row {', '.join(unknown)}; the rows: {', '.join(ROW_NAMES)}")
    return [r for r in ROWS if r.name in names]


def quick_bot(name: str) -> str:
    """``name`` at --quick's tiny budget (random and greedy have no budget)."""
    base, _, settings = name.partition(":")
    extra = QUICK_SETTINGS.get(base)
    if extra is None:
        return name
    return f"{base}:{extra},{settings}" if settings else f"{base}:{extra}"


def with_bots(row: Row, bot: Callable[[str], str]) -> Row:
    """The row with every bot name passed through ``bot`` (``--quick``, ``--hard``)."""
    bots = tuple(bot(b) for b in row.bots) if row.bots else None
    return Row(
        row.name,
        row.what,
        bot(row.a),
        bot(row.b),
        row.target,
        row.pairings,
        row.board,
        row.options,
        bots,
        row.mode,
    )


def replace_level(old: str, new: str) -> Callable[[str], str]:
    """``--hard BOT``: every ``old`` seat played by ``new`` (settings of ``old`` dropped)."""

    def bot(name: str) -> str:
        return new if name.partition(":")[0] == old else name

    return bot


def play_row(
    row: Row, games: int, seed: int, threads: int, ray: str | None = None
) -> dict[str, Any]:
    """Plays one row and returns its record: ``row``, ``what``, ``a``, ``b``, ``games``,
    ``won``, ``drawn`` (shared results in a multi-seat row), ``lost``, ``win_rate``,
    ``wilson95``, ``target`` and ``verdict``."""
    from nshex_pygame import cluster, core

    if row.bots is not None:
        mode = row.mode or "deathmatch"
        if ray is None:
            r = core.arena_multi(list(row.bots), mode, games, None, row.board, seed, threads)
        else:
            r = cluster.arena_multi_on_ray(
                ray, list(row.bots), mode, games, row.board, seed, threads
            )
        me = r["bots"][0]
        won, drawn = int(me["wins"]), int(me["shared"])
        rate, interval = float(me["win_rate"]), list(me["wilson95"])
    else:
        options = dict(row.options)
        options["board"] = row.board
        if row.pairings is not None:
            options["pairings"] = list(row.pairings)
        if ray is None:
            r = core.arena(row.a, row.b, games, None, seed, threads, **options)
        else:
            r = cluster.arena_on_ray(ray, row.a, row.b, games, None, seed, threads, **options)
        won, drawn = int(r["wins_a"]), int(r["draws"])
        rate, interval = float(r["win_rate_a"]), list(r["wilson95"])
    return {
        "row": row.name,
        "what": row.what,
        "a": row.a,
        "b": row.b,
        "games": games,
        "won": won,
        "drawn": drawn,
        "lost": games - won - drawn,
        "win_rate": rate,
        "wilson95": interval,
        "target": row.target,
        "verdict": verdict(interval, row.target),
    }


def verdict(interval: Sequence[float], target: float) -> str:
    """``pass`` when the interval lies at or above the target, ``fail`` when below it,
    ``not settled`` when it straddles the target."""
    low, high = interval
    if low >= target:
        return "pass"
    if high < target:
        return "fail"
    return "not settled"


def play(
    rows: Iterable[Row],
    games: int,
    seed: int,
    threads: int,
    ray: str | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Plays the rows in turn (``on_row`` hears each as it ends); on Ray, one Ray start for
    all of them."""
    started = False
    if ray is not None:
        from nshex_pygame import cluster

        ray_module, started = cluster.start_ray(ray)
    try:
        records = []
        for row in rows:
            rec = play_row(row, games, seed, threads, ray)
            records.append(rec)
            if on_row is not None:
                on_row(rec)
        return records
    finally:
        if started:
            ray_module.shutdown()


HEADER = (
    "| row | a | b | games | a won / drawn / lost | a's win rate (95% Wilson) | target | result |",
    "|---|---|---|---|---|---|---|---|",
)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def table_line(rec: dict[str, Any]) -> str:
    """A record as a line of the docs' table (Markdown)."""
    low, high = rec["wilson95"]
    return (
        f"| {rec['row']}: {rec['what']} | `{rec['a']}` | `{rec['b']}` | {rec['games']} |"
        f" {rec['won']} / {rec['drawn']} / {rec['lost']} |"
        f" {_percent(rec['win_rate'])} ({_percent(low)} to {_percent(high)}) |"
        f" at least {_percent(rec['target'])} | {rec['verdict']} |"
    )
