"""What reading a battle's result costs from Python, against the engine's own resolution.

On the full board of ``tools/peer_compare.py`` cut down to 4, 8, 13 and 19 units, medians of
``--rounds`` rounds: the Rust resolution with a log (``Position.time_battle``), then
``resolve_battle()`` followed by taking every compact event and unit tuple, ``cells`` and
``hq_hp``; the same visiting every field in a Python loop; and the same read through the
dicts of ``phases`` and ``units``. Run: ``.venv/bin/python tools/read_cost.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peer_compare

from nshex_pygame.core import Position


def board(units: int) -> Any:
    """The peer comparison's board with its two HQs and its first ``units - 2`` other units."""
    hqs = [u for u in peer_compare.BOARD if u[1].endswith(".hq")]
    rest = [u for u in peer_compare.BOARD if not u[1].endswith(".hq")]
    lines = ["[game]", 'armies = ["borgo", "moloch"]', ""]
    for seat, tile, (q, r), facing in hqs + rest[: units - 2]:
        lines += ["[[unit]]", f"seat = {seat}", f'tile = "{tile}"', f"at = [{q}, {r}]"]
        lines += [f"facing = {facing}", ""]
    return Position.from_toml("\n".join(lines), "read_cost", False)


def per_call(f: Callable[[], object], n: int) -> float:
    """Microseconds a call, over ``n`` calls after one warm-up."""
    f()
    start = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - start) / n * 1e6


def readers(pos: Any) -> dict[str, Callable[[], object]]:
    def tuples() -> int:
        r = pos.resolve_battle()
        return len(r.events) + len(r.unit_tuples) + len(r.cells) + len(r.hq_hp)

    def every_field() -> int:
        r = pos.resolve_battle()
        n = 0
        for row in (*r.events, *r.unit_tuples, *r.cells):
            for _ in row:
                n += 1
        return n + len(r.hq_hp)

    def dicts() -> int:
        r = pos.resolve_battle()
        n = 0
        for phase in r.phases:
            for event in phase["events"]:
                n += len(event)
        for unit in r.units:
            n += len(unit)
        return n + len(r.hq_hp)

    return {"tuples": tuples, "every_field": every_field, "dicts": dicts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    print("units events  rust_log_us  tuples_us (x)  every_field_us (x)  dicts_us (x)")
    for units in (4, 8, 13, 19):
        pos = board(units)
        read = readers(pos)
        times: dict[str, list[float]] = {"rust": [], **{k: [] for k in read}}
        for _ in range(args.rounds):
            times["rust"].append(pos.time_battle(20_000, True) * 1e6)
            for name, f in read.items():
                times[name].append(per_call(f, 1_000 if name == "dicts" else 3_000))
        m = {k: statistics.median(v) for k, v in times.items()}
        events = len(pos.resolve_battle().events)
        cols = "  ".join(f"{m[k]:7.2f} ({m[k] / m['rust']:4.1f})" for k in read)
        print(f"{units:5d} {events:6d}  {m['rust']:11.2f}  {cols}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
