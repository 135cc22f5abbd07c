"""Times one battle in this engine against the same battle in the best pure-Python peer.

The peer is python190019/Neuroshima-online (a pure-Python engine of the game). Give the path
of a checkout of it; the issue measured commit 93bc072:

    git clone https://github.com/python190019/Neuroshima-online
    git -C Neuroshima-online checkout 93bc072
    .venv/bin/python tools/peer_compare.py Neuroshima-online

What is timed, in alternating rounds in one process (the order turns each round, so every
contender sees the same machine), on one full 19-hex board (``BOARD``, Borgo against Moloch):

- ``peer``: the peer's own battle, ``Board.bitwa()`` of ``engine/src/main/core/plansza.py``,
  on a board built beforehand with its ``postaw_zeton`` (the building is not timed). It prints
  a line per phase and per hit; the output goes to a writer that drops it.
- ``peer_quiet``: the same with the peer's ``print`` made a no-op: its rules without its output.
- ``py_log`` / ``py_nolog``: ``Position.resolve_battle()`` and ``resolve_battle(log=False)``,
  one call from Python per battle (the Python path).
- ``rust_batch``: ``resolve_battles()`` of 1,000 copies of the position in one call, per
  battle: the Rust path, one crossing for 1,000 battles.
- ``bench_battle``: ``bench_ops("battle", n)``, the engine's ``battle`` benchmark row in Rust
  (256 seeded full boards of every base pairing, nets and medics; not this board): the
  absolute reference of the README's table.

The peer implements fewer rules (no medics, no Mother, no Clown explosions; its armor, module
links and three tiles' edges follow other conventions), so the board holds only tiles both
engines resolve alike: no armored unit, no medic, modules facing 0 (the peer ignores a
module's rotation), HQs apart (the peer's HQs never strike each other), and the peer's
Net Fighter, Claws and Assassin turned to match their printed edges (``PEER_TILES``). Before
timing, both engines fight the battle and must end with the same units, wounds and HQ damage;
otherwise the script stops with exit code 1. A missing or wrong peer path is exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
PEER_COMMIT = "93bc072"
PEER_SOURCE = Path("engine") / "src"
PEER_BOARD = PEER_SOURCE / "main" / "core" / "plansza.py"
HQ_HP = 20

# The board: (seat, tile, hex (q, r), facing). Seat 0 is Borgo (south), seat 1 Moloch (north).
# Directions: 0 N (0,-1), 1 NE (1,-1), 2 SE (1,0), 3 S (0,1), 4 SW (-1,1), 5 NW (-1,0).
BOARD: tuple[tuple[int, str, tuple[int, int], int], ...] = (
    (1, "moloch.hq", (0, -2), 0),
    (1, "moloch.hornet", (0, -1), 3),  # melee 2 on the Mutant
    (1, "moloch.guard", (1, -2), 3),  # shoots S past its Hunter-Killer at the Brawler
    (1, "moloch.officer", (-1, -1), 0),  # +1 ranged to the Stormtrooper below it
    (1, "moloch.stormtrooper", (-1, 0), 3),  # shoots S (initiative 2 and 1) at the Net Fighter
    (1, "moloch.hunter_killer", (1, -1), 3),  # strikes the Brawler and the Mutant
    (1, "moloch.hybrid", (2, -2), 3),  # shoots S past its Net Fighter at the Claws
    (1, "moloch.net_fighter", (2, -1), 5),  # nets the Brawler
    (1, "moloch.protector", (-2, 0), 3),  # shoots S (the Assassin) and SE (past its own unit)
    (0, "borgo.hq", (0, 2), 0),
    (0, "borgo.mutant", (0, 0), 0),  # strikes the Hornet, the Hunter-Killer, the Stormtrooper
    (0, "borgo.brawler", (1, 0), 0),  # netted until the Claws kill the Moloch Net Fighter
    (0, "borgo.net_fighter", (-1, 1), 0),  # nets the Stormtrooper, strikes it with 3
    (0, "borgo.claws", (2, 0), 0),  # strikes the Moloch Net Fighter
    (0, "borgo.assassin", (-2, 1), 0),  # shoots the Protector
    (0, "borgo.officer", (1, 1), 0),  # +1 melee to the Brawler and the Claws
    (0, "borgo.scout", (0, 1), 0),  # +1 initiative to the Mutant, Brawler and Net Fighter
    (0, "borgo.mutant", (-1, 2), 0),  # filler next to its HQ: no enemy in reach
    (0, "borgo.brawler", (-2, 2), 0),  # filler: no enemy in reach
)
ARMIES = ("borgo", "moloch")

# This engine's tile -> (the peer's name, the peer's rotation minus this facing). The peer's
# Moloch "opancerzonywartownik" has the Guard's edges (and "wartownik" the Armored Guard's).
PEER_TILES: dict[str, tuple[str, int]] = {
    "borgo.hq": ("sztab", 0),
    "borgo.mutant": ("mutek", 0),
    "borgo.brawler": ("siłacz", 0),
    "borgo.net_fighter": ("sieciarz", 4),  # the peer's net and melee are on its edge 2
    "borgo.claws": ("nożownik", 1),  # the peer's edges 4, 5 for the printed 0, 5
    "borgo.assassin": ("zabojca", 1),  # the peer's edge 5 for the printed 0
    "borgo.officer": ("oficer", 0),
    "borgo.scout": ("zwiadowca", 0),
    "moloch.hq": ("sztab", 0),
    "moloch.hornet": ("szerszeń", 0),
    "moloch.guard": ("opancerzonywartownik", 0),
    "moloch.officer": ("oficer", 0),
    "moloch.stormtrooper": ("szturmowiec", 0),
    "moloch.hunter_killer": ("lowca", 0),
    "moloch.hybrid": ("hybryda", 0),
    "moloch.net_fighter": ("sieciarz", 0),
    "moloch.protector": ("obronca", 0),
}


def scenario_toml() -> str:
    """``BOARD`` as a scenario this engine loads (``Position.from_toml``)."""
    lines = ["[game]", f"armies = {list(ARMIES)!r}".replace("'", '"'), ""]
    for seat, tile, (q, r), facing in BOARD:
        lines += ["[[unit]]", f"seat = {seat}", f'tile = "{tile}"', f"at = [{q}, {r}]"]
        lines += [f"facing = {facing}", ""]
    return "\n".join(lines)


def peer_hex(q: int, r: int) -> tuple[int, int]:
    """A hex of this engine in the peer's 5 x 9 array (doubled rows, centre (2, 4)), turned so
    that the peer's direction d is this engine's direction d."""
    return 2 + q + r, 4 + q - r


def peer_units() -> list[tuple[tuple[int, int], str, str, int]]:
    """``BOARD`` for the peer: (its (x, y), its tile name, its army name, its rotation)."""
    units = []
    for seat, tile, (q, r), facing in BOARD:
        name, turn = PEER_TILES[tile]
        units.append((peer_hex(q, r), name, ARMIES[seat], (facing + turn) % 6))
    return units


class Peer:
    """The peer's battle code, imported from a checkout."""

    def __init__(self, checkout: Path) -> None:
        source = str((checkout / PEER_SOURCE).resolve())
        if source not in sys.path:
            sys.path.insert(0, source)
        self.plansza = importlib.import_module("main.core.plansza")
        self.token_module = importlib.import_module("main.tokens.board_token")
        self.token = importlib.import_module("main.utils.variable").Token

    def board(self) -> Any:
        board = self.plansza.Board()
        for pos, name, army, rotation in peer_units():
            token = self.token
            board.postaw_zeton(
                pos, {token.NAME: name, token.FRACTION: army, token.ROTATION: rotation}
            )
        return board

    @contextlib.contextmanager
    def quiet(self) -> Iterator[None]:
        """The peer's ``print`` calls made no-ops (module globals shadow the builtin)."""
        modules = (self.plansza, self.token_module)
        for module in modules:
            module.print = _no_print  # type: ignore[attr-defined]
        try:
            yield
        finally:
            for module in modules:
                del module.print

    def outcome(self) -> dict[tuple[int, int], tuple[str, int]]:
        """The board after the peer's battle: hex -> (tile name, wounds)."""
        board = self.board()
        with contextlib.redirect_stdout(_Drop()):
            board.bitwa()
        found = {}
        for x in range(board.width):
            for y in range(board.length):
                tile = board.board[x][y]
                if tile is not None:
                    found[(x, y)] = (tile.name, tile.rany)
        return found


def _no_print(*_args: Any, **_kwargs: Any) -> None:
    return None


class _Drop(io.TextIOBase):
    """A text stream that drops what is written to it."""

    def write(self, s: str) -> int:
        return len(s)


def core_outcome(position: Any) -> dict[tuple[int, int], tuple[str, int]]:
    """This engine's battle in the peer's terms: peer hex -> (peer tile name, wounds)."""
    result = position.resolve_battle(log=False)
    found = {}
    for unit in result.units:
        q, r = unit["at"]
        wounds = unit["wounds"]
        if unit["tile"].endswith(".hq"):
            wounds = HQ_HP - result.hq_hp[unit["seat"]]
        found[peer_hex(q, r)] = (PEER_TILES[unit["tile"]][0], wounds)
    return found


def _timed(run: Callable[[int], object], n: int) -> float:
    started = time.perf_counter()
    run(n)
    return (time.perf_counter() - started) / n * 1e6


def contenders(peer: Peer, position: Any) -> dict[str, Callable[[int], float]]:
    """Each contender: a function that times n battles and returns microseconds per battle."""
    from nshex_pygame.core import bench_ops, resolve_battles

    def peer_run(n: int, quiet: bool) -> float:
        boards = [peer.board() for _ in range(n)]  # built beforehand: not timed
        with contextlib.redirect_stdout(_Drop()):
            quietly = peer.quiet() if quiet else contextlib.nullcontext()
            with quietly:
                started = time.perf_counter()
                for board in boards:
                    board.bitwa()
                return (time.perf_counter() - started) / n * 1e6

    def py(n: int, log: bool) -> None:
        resolve = position.resolve_battle
        for _ in range(n):
            resolve(log=log)

    def batch(n: int) -> None:
        positions = [position] * BATCH
        for _ in range(max(1, n // BATCH)):
            resolve_battles(positions, log=False)

    return {
        "peer": lambda n: peer_run(n, False),
        "peer_quiet": lambda n: peer_run(n, True),
        "py_log": lambda n: _timed(lambda k: py(k, True), n),
        "py_nolog": lambda n: _timed(lambda k: py(k, False), n),
        "rust_batch": lambda n: _timed(batch, max(1, n // BATCH) * BATCH),
        "bench_battle": lambda n: _timed(lambda k: bench_ops("battle", k), n),
    }


BATCH = 1_000  # positions per resolve_battles call

# Battles per round of each contender: about a tenth of a second each on the README's machine.
BATTLES = {
    "peer": 100,
    "peer_quiet": 100,
    "py_log": 50_000,
    "py_nolog": 100_000,
    "rust_batch": 100_000,
    "bench_battle": 100_000,
}
RATIOS = (
    ("peer", "py_log"),
    ("peer", "py_nolog"),
    ("peer", "rust_batch"),
    ("peer_quiet", "py_nolog"),
    ("peer_quiet", "rust_batch"),
    ("py_log", "rust_batch"),
    ("py_nolog", "rust_batch"),
)


def measure(peer: Peer, position: Any, rounds: int, scale: float) -> dict[str, Any]:
    """Alternating rounds: every contender once a round, the order turned by one each round.
    Returns per contender its microseconds per battle in each round, and per ratio
    (a / b) its value in each round."""
    runs = contenders(peer, position)
    names = list(runs)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            times[name].append(runs[name](max(1, int(BATTLES[name] * scale))))
    ratios = {
        f"{a}/{b}": [x / y for x, y in zip(times[a], times[b], strict=True)] for a, b in RATIOS
    }
    return {"times": times, "ratios": ratios}


def _summary(values: list[float]) -> str:
    return f"{statistics.median(values):,.2f} ({min(values):,.2f}-{max(values):,.2f})"


def report(found: dict[str, Any], rounds: int) -> list[str]:
    lines = [f"microseconds per battle, median (fastest-slowest) of {rounds} rounds:"]
    lines += [f"  {name:<13} {_summary(values)}" for name, values in found["times"].items()]
    lines.append("ratios, median (lowest-highest) of the per-round ratios:")
    lines += [f"  {name:<22} {_summary(values)}" for name, values in found["ratios"].items()]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="peer_compare", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "peer", help=f"a checkout of python190019/Neuroshima-online (commit {PEER_COMMIT})"
    )
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="battles per round, times this (default 1)"
    )
    args = parser.parse_args(argv)
    checkout = Path(args.peer)
    if not (checkout / PEER_BOARD).is_file():
        print(
            f"peer_compare: {checkout}: not a checkout of the peer (no {PEER_BOARD}); get it with"
            " git clone https://github.com/python190019/Neuroshima-online && git -C"
            f" Neuroshima-online checkout {PEER_COMMIT}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if args.rounds < 1 or args.scale <= 0:
        print("peer_compare: --rounds must be at least 1 and --scale above 0", file=sys.stderr)
        return EXIT_USAGE

    from nshex_pygame.core import Position, build_profile

    position = Position.from_toml(scenario_toml(), "peer_compare")
    peer = Peer(checkout)
    theirs, ours = peer.outcome(), core_outcome(position)
    if theirs != ours:
        print("peer_compare: the two engines end the battle differently:", file=sys.stderr)
        for pos in sorted(theirs.keys() | ours.keys()):
            print(f"  {pos}: peer {theirs.get(pos)}, core {ours.get(pos)}", file=sys.stderr)
        return EXIT_FAILURE
    if build_profile != "release":
        print(f"peer_compare: WARNING: a {build_profile} build; its times mean nothing")
    survivors = len(ours)
    print(f"board: {len(BOARD)} tiles, {survivors} left after the battle in both engines")
    print("\n".join(report(measure(peer, position, args.rounds, args.scale), args.rounds)))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
