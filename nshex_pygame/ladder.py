"""The strength table of ``docs/AI.md`` as one command (``nshex ladder``): the level ladder
and the rows of issue 43, each an arena of the engine (``core.arena`` / ``core.arena_multi``,
or the same on Ray through ``nshex_pygame.cluster``), printed in the table form of the docs:
games, won / drawn / lost, the win rate with its 95% Wilson interval, the target and whether
the row meets it.

A row *passes* when its whole interval lies at or above the target, *fails* when the whole
interval lies below, and is *not settled* otherwise (more games decide it).

The rows come in tables (``--table``): ``issue`` (the level ladder and the rows of issue 43's
item 1), ``armies`` (every army against every other, Medium on both sides), ``worth`` (the
search's worth per army: Hard playing X minus Medium playing X, both against Medium playing
each base army in turn), ``levels`` (issue 43's item 6: Easy over random, Medium over Easy,
Hard over Medium with each army against the base armies) and ``league`` (the new Hard against
``hard-v1`` over games drawn per game from the seed, ``nshex_pygame.league``).
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
ALL_ARMIES = ("borgo", "moloch", "outpost", "hegemony", "smart", "vegas", "doomsday")
TABLES = ("issue", "armies", "worth", "levels", "league")
DEFAULT_GAMES = 200
QUICK_GAMES = 2
DEFAULT_SEED = 2026
# --quick: the levels at a tiny budget, so a row of two games takes a second or two.
QUICK_SETTINGS = {
    "easy": "iters=5",
    "medium": "iters=30",
    "hard": "iters=60,turn_ms=0",
    "hard-v1": "iters=60,turn_ms=0",
}


@dataclass(frozen=True)
class Row:
    """One row of the table: bot ``a`` (listed first) against ``b``, or seats ``bots`` (the
    first is the row's subject) in a multi-seat ``mode``. ``kind`` ``match`` is one arena;
    ``worth`` two (``a`` and then ``b`` playing the row's pairings against ``b``; the row's
    number is the difference of the win rates); ``league`` the mixed league of ``a`` against
    ``b``. A row without a ``target`` is a measurement only (the army table). In a multi-seat
    row ``a`` takes the seats ``side`` and their results add up (a deathmatch of two levels,
    two seats each); team mates share one result, so a team row names one seat."""

    name: str
    what: str
    a: str
    b: str
    target: float | None
    pairings: tuple[tuple[str, str], ...] | None = None
    board: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] | None = None
    mode: str | None = None
    table: str = "issue"
    kind: str = "match"
    side: tuple[int, ...] = (0,)


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


def _army_table() -> list[Row]:
    """Every army against every other, Medium on both sides (the first army is ``a``'s)."""
    return [
        Row(
            f"army-{x}-{y}",
            f"{ARMY_NAMES[x]} against {ARMY_NAMES[y]}, Medium on both sides",
            "medium",
            "medium",
            None,
            pairings=((x, y),),
            table="armies",
        )
        for i, x in enumerate(ALL_ARMIES)
        for y in ALL_ARMIES[i + 1 :]
    ]


def _worth_rows() -> list[Row]:
    """The search's worth per army: Hard playing X minus Medium playing X, against Medium
    playing each base army in turn (issue 43: at least 25 points)."""
    return [
        Row(
            f"worth-{army}",
            f"the search's worth with {ARMY_NAMES[army]}: Hard minus Medium playing it,"
            " against Medium with each base army",
            "hard",
            "medium",
            0.25,
            pairings=_against_base(army),
            table="worth",
            kind="worth",
        )
        for army in ALL_ARMIES
    ]


def _both_ways(army: str) -> tuple[tuple[str, str], ...]:
    """``army`` against each base army with either bot playing it (the armies' own strength
    cancels out, so a row measures the level)."""
    return _against_base(army) + tuple((other, army) for other in BASE_ARMIES if other != army)


# Item 6's steps: each level and the one below it.
LEVEL_STEPS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))


def _level_row(a: str, b: str, name: str, what: str, **how: Any) -> Row:
    """Item 6's row of level ``a`` over ``b`` with the army or in the mode ``name``."""
    over = f"{a.capitalize()} over {b.capitalize()}"
    return Row(f"level-{name}-{a}", f"{over}, {what}", a, b, 0.65, table="levels", **how)


def _level_rows() -> list[Row]:
    """Issue 43's item 6: each level beats the one below it in games with each army, the
    army played by either level against each base army (at least 65%)."""
    return [
        _level_row(
            a,
            b,
            army,
            f"{ARMY_NAMES[army]} on either side against each base army",
            pairings=_both_ways(army),
        )
        for army in ALL_ARMIES
        for a, b in LEVEL_STEPS
    ]


def _mode_level_rows() -> list[Row]:
    """Item 6 in every mode of item 1: each level over the one below it on the Duel board
    (Smart, Vegas and the Doomsday Machine on either side against each base army), with each
    game option (the base pairings), in a four-seat deathmatch (two seats each: the level's
    two seats win at least 65% of the games, where an even share is 50%) and in a team match
    (two against two). At least 65% each."""
    duel = tuple(p for army in ("smart", "vegas", "doomsday") for p in _both_ways(army))
    rows = []
    for a, b in LEVEL_STEPS:
        rows.append(
            _level_row(
                a,
                b,
                "duel",
                "Duel board, Smart, Vegas and the Doomsday Machine on either side",
                pairings=duel,
                board="duel",
            )
        )
        rows += [
            _level_row(a, b, n, f"{what}, base pairings", options=o) for n, what, o in OPTION_ROWS
        ]
        deathmatch = "four-seat deathmatch, two seats each"
        rows.append(
            _level_row(
                a, b, "deathmatch", deathmatch, bots=(a, b, a, b), mode="deathmatch", side=(0, 2)
            )
        )
        team = "team match, two against two"
        rows.append(_level_row(a, b, "team", team, bots=(a, b, a, b), mode="team"))
    return rows


# The game options' rows, Hard against greedy over the base pairings (at least 95%): name, what
# the option is, the arena's options.
OPTION_ROWS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("reinforcements", "Reinforcements", {"variants": ["reinforcements"]}),
    ("mercenaries", "two Mercenaries each", {"mercenaries": 2}),
    ("mad-bomber", "the neutral Mad Bomber", {"mad_bomber": "neutral"}),
)

ROWS: tuple[Row, ...] = (
    Row("easy-random", "ladder, base pairings", "easy", "random", 0.95),
    Row("medium-easy", "ladder, base pairings", "medium", "easy", 0.65),
    Row("hard-medium", "ladder, base pairings", "hard", "medium", 0.60),
    Row("hard-greedy", "ladder, base pairings", "hard", "greedy", 0.90),
    *_army_rows(),
    *(
        Row(name, f"{what}, base pairings", "hard", "greedy", 0.95, options=options)
        for name, what, options in OPTION_ROWS
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
    *_army_table(),
    *_worth_rows(),
    *_level_rows(),
    *_mode_level_rows(),
    Row(
        "league",
        "mixed league: every army, board, variant, Mercenaries, Mad Bomber, 2 to 4 seats,"
        " drawn per game",
        "hard",
        "hard-v1",
        0.5,
        table="league",
        kind="league",
    ),
)
ROW_NAMES = tuple(r.name for r in ROWS)


def select_rows(names: Sequence[str] | None, tables: Sequence[str] | None = None) -> list[Row]:
    """The rows named or of the tables named (in the table's order), or all; an unknown
    name raises ValueError."""
    unknown = [n for n in names or () if n not in ROW_NAMES]
    if unknown:
        raise ValueError(f"unknown row {', '.join(unknown)}; the rows: {', '.join(ROW_NAMES)}")
    bad = [t for t in tables or () if t not in TABLES]
    if bad:
        raise ValueError(f"unknown table {', '.join(bad)}; the tables: {', '.join(TABLES)}")
    if not names and not tables:
        return list(ROWS)
    return [r for r in ROWS if r.name in (names or ()) or r.table in (tables or ())]


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
        row.table,
        row.kind,
        row.side,
    )


def replace_level(old: str, new: str) -> Callable[[str], str]:
    """``--hard BOT``: every ``old`` seat played by ``new`` (settings of ``old`` dropped)."""

    def bot(name: str) -> str:
        return new if name.partition(":")[0] == old else name

    return bot


def _arena(
    row: Row, a: str, games: int, seed: int, threads: int, ray: str | None
) -> tuple[int, int, float, list[float]]:
    """The row's arena with ``a`` in its first seat: ``a``'s won, drawn (shared), win rate
    and 95% Wilson interval."""
    from nshex_pygame import cluster, core

    if row.bots is not None:
        mode = row.mode or "deathmatch"
        bots = [a if seat in row.side else b for seat, b in enumerate(row.bots)]
        if ray is None:
            r = core.arena_multi(bots, mode, games, None, row.board, seed, threads)
        else:
            r = cluster.arena_multi_on_ray(ray, bots, mode, games, row.board, seed, threads)
        if len(row.side) == 1:
            me = r["bots"][row.side[0]]
            return int(me["wins"]), int(me["shared"]), float(me["win_rate"]), list(me["wilson95"])
        # A result shared by two of the side's seats counts twice as shared: one win.
        won = sum(int(r["bots"][s]["wins"]) for s in row.side)
        shared = sum(int(r["bots"][s]["shared"]) for s in row.side)
        rate = cluster.win_rate(won, shared, games)
        return won, shared, rate, cluster.wilson95(rate, games)
    options = dict(row.options)
    options["board"] = row.board
    if row.pairings is not None:
        options["pairings"] = list(row.pairings)
    if ray is None:
        r = core.arena(a, row.b, games, None, seed, threads, **options)
    else:
        r = cluster.arena_on_ray(ray, a, row.b, games, None, seed, threads, **options)
    return int(r["wins_a"]), int(r["draws"]), float(r["win_rate_a"]), list(r["wilson95"])


def difference_interval(
    p1: float, ci1: Sequence[float], p2: float, ci2: Sequence[float]
) -> list[float]:
    """Newcombe's 95% interval of ``p1 - p2`` from the two rates' Wilson intervals (method
    10 of Newcombe 1998, the hybrid score interval)."""
    d = p1 - p2
    low = d - ((p1 - ci1[0]) ** 2 + (ci2[1] - p2) ** 2) ** 0.5
    high = d + ((ci1[1] - p1) ** 2 + (p2 - ci2[0]) ** 2) ** 0.5
    return [round(low, 12), round(high, 12)]


def _league(row: Row, games: int, seed: int, threads: int, ray: str | None) -> dict[str, Any]:
    from nshex_pygame import cluster, league

    if ray is not None:
        raise ValueError("the league row plays locally only (leave out --ray for it)")
    r = league.play(row.a, row.b, games, seed, threads)
    rate = cluster.win_rate(r["won"], r["drawn"], games)
    parts = {
        f"{kind} {name}": counts
        for kind, table in (("mode", r["by_mode"]), ("army", r["by_army"]))
        for name, counts in table.items()
    }
    return {
        "won": r["won"],
        "drawn": r["drawn"],
        "win_rate": rate,
        "wilson95": cluster.wilson95(rate, games),
        "parts": {
            k: {
                "won": c[0],
                "drawn": c[1],
                "lost": c[2],
                "win_rate": cluster.win_rate(c[0], c[1], sum(c)),
                "wilson95": cluster.wilson95(cluster.win_rate(c[0], c[1], sum(c)), sum(c)),
            }
            for k, c in parts.items()
        },
    }


def play_row(
    row: Row, games: int, seed: int, threads: int, ray: str | None = None
) -> dict[str, Any]:
    """Plays one row and returns its record: ``row``, ``what``, ``a``, ``b``, ``games``,
    ``won``, ``drawn`` (shared results in a multi-seat row), ``lost``, ``win_rate``,
    ``wilson95``, ``target`` and ``verdict``. A ``worth`` row's ``win_rate`` and
    ``wilson95`` are those of the difference, its ``won`` / ``drawn`` / ``lost`` ``a``'s,
    and ``baseline`` holds ``b``'s own arena; a ``league`` row's ``parts`` the table per
    mode and per army."""
    rec: dict[str, Any] = {"row": row.name, "what": row.what, "a": row.a, "b": row.b}
    rec["games"] = games
    if row.kind == "league":
        rec.update(_league(row, games, seed, threads, ray))
    else:
        won, drawn, rate, interval = _arena(row, row.a, games, seed, threads, ray)
        rec.update(won=won, drawn=drawn, win_rate=rate, wilson95=interval)
        if row.kind == "worth":
            bw, bd, brate, bci = _arena(row, row.b, games, seed, threads, ray)
            rec["baseline"] = {
                "won": bw,
                "drawn": bd,
                "lost": games - bw - bd,
                "win_rate": brate,
                "wilson95": bci,
            }
            rec["win_rate"] = round(rate - brate, 12)
            rec["wilson95"] = difference_interval(rate, interval, brate, bci)
    # A deathmatch side's two seats sharing one game count two shared results for it.
    rec["lost"] = max(0, games - rec["won"] - rec["drawn"])
    rec["target"] = row.target
    rec["verdict"] = verdict(rec["wilson95"], row.target)
    return rec


def verdict(interval: Sequence[float], target: float | None) -> str:
    """``pass`` when the interval lies at or above the target, ``fail`` when below it,
    ``not settled`` when it straddles the target, ``measured`` without a target."""
    if target is None:
        return "measured"
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


def _points(x: float) -> str:
    return f"{100 * x:+.1f} points"


def table_line(rec: dict[str, Any]) -> str:
    """A record as a line of the docs' table (Markdown); a league record adds a line per
    mode and per army (``row/mode ...``, ``row/army ...``)."""
    low, high = rec["wilson95"]
    games, counts = str(rec["games"]), f"{rec['won']} / {rec['drawn']} / {rec['lost']}"
    rate = f"{_percent(rec['win_rate'])} ({_percent(low)} to {_percent(high)})"
    target = "" if rec["target"] is None else f"at least {_percent(rec['target'])}"
    if "baseline" in rec:
        base = rec["baseline"]
        games = f"{rec['games']} + {rec['games']}"
        counts = f"{counts}; `{rec['b']}`: {base['won']} / {base['drawn']} / {base['lost']}"
        rate = f"{_points(rec['win_rate'])} ({_points(low)} to {_points(high)})"
        target = f"at least {_points(rec['target'])}"
    lines = [
        f"| {rec['row']}: {rec['what']} | `{rec['a']}` | `{rec['b']}` | {games} | {counts} |"
        f" {rate} | {target or '-'} | {rec['verdict']} |"
    ]
    for name, part in rec.get("parts", {}).items():
        plow, phigh = part["wilson95"]
        n = part["won"] + part["drawn"] + part["lost"]
        lines.append(
            f"| {rec['row']}/{name} | `{rec['a']}` | `{rec['b']}` | {n} |"
            f" {part['won']} / {part['drawn']} / {part['lost']} |"
            f" {_percent(part['win_rate'])} ({_percent(plow)} to {_percent(phigh)}) | - |"
            f" {verdict(part['wilson95'], None)} |"
        )
    return "\n".join(lines)
