"""The board during a battle, advanced one step of the engine's log at a time.

:class:`Playback` knows nothing of drawing, so a test can run a real log through it and
compare the board it ends with to the engine's result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nshex_pygame.client.hexgeo import Hex, neighbour

# An endless loop of redirectors (``"copies": "infinite"``) is shown as a tracer going round the
# loop this many times in its step, never more: the step's time is fixed like any other.
LOOP_TIMES = 2
# Events that end a redirected copy's flight (where the tracer stops).
_LANDING = ("hit", "armor", "save", "explode", "redirected")
# A redirected shot (a finite number of copies) is one step: its whole path, from the shooter
# through every redirector to where each copy lands, flown at HEX_SECONDS a hex (at speed 1;
# the playback speed divides it like every step's time), then held CHAIN_HOLD seconds.
HEX_SECONDS = 0.3
CHAIN_HOLD = 0.5


@dataclass
class Step:
    phase: int  # index into phases
    kind: str
    event: dict[str, Any] | None = None
    # removals shown together; a redirected shot's redirections (one attack's, in order)
    group: list[dict[str, Any]] | None = None


@dataclass
class Leg:
    """One straight flight of a redirected shot: the shot itself up to the first redirector,
    or a copy leaving a redirector."""

    hexes: list[Hex]  # where it leaves (the shooter, a redirector), then each hex it flies over
    start: float  # when it leaves, in hexes flown since the shot left the shooter
    label: str = ""  # the copies the redirector sends (``x3``); "" for the shot itself
    exit: int = 0  # the direction it leaves by (a copy that leaves the board at once)

    @property
    def end(self) -> float:
        return self.start + max(1, len(self.hexes) - 1)


class Playback:
    """The board during a battle, advanced one step of the log at a time."""

    def __init__(
        self,
        before: list[dict[str, Any]],
        phases: list[dict[str, Any]],
        hq_hp: list[int],
    ) -> None:
        self.units: dict[Hex, dict[str, Any]] = {as_hex(u["at"]): dict(u) for u in before}
        self.before = [dict(u) for u in before]
        self.phases = phases
        self.hq = list(hq_hp)
        self.hq_before = list(hq_hp)
        self.netted: set[Hex] = set()
        # the nets that hold once the battle is over (the engine's view after it), when known:
        # a net outlives the battle (the Vegas HQ's too), so the last picture keeps it
        self.final_netted: set[Hex] | None = None
        self.hits: dict[tuple, int] = {}  # this phase's wounds by (target, attacker, edge)
        self.steps: list[Step] = []
        self.removed: list[dict[str, Any]] = []  # the removals played so far, in order
        # Takeovers: the units controlled by a seat other than their owner, by hex, as each
        # phase starts (the engine lists them as "controlled" events at every phase start).
        self.phase_control: dict[int, dict[Hex, int]] = {
            p: {
                as_hex(e["at"]): int(e["seat"])
                for e in ph.get("events") or []
                if e.get("kind") == "controlled" and isinstance(e.get("seat"), int)
            }
            for p, ph in enumerate(phases)
        }
        # (a neutral unit, seat "neutral", has a controller number past the seats: nobody)
        self.control: dict[Hex, int] = {
            as_hex(u["at"]): int(u["controller"])
            for u in before
            if isinstance(u.get("controller"), int)
            and u["controller"] != u.get("seat")
            and (isinstance(u.get("seat"), int) or u["controller"] < len(hq_hp))
        }
        known = dict(self.control)
        for p, phase in enumerate(phases):
            self.steps.append(Step(p, "banner"))
            events = list(phase.get("events") or [])
            removals = [e for e in events if e.get("kind") == "removed"]
            now = self.phase_control[p]
            changes = [{"at": list(at), "seat": seat} for at, seat in now.items()]
            changes = [c for c in changes if known.get(as_hex(c["at"])) != c["seat"]]
            changes += [
                {"at": list(at), "seat": None}  # back to its owner
                for at in known
                if at not in now and any(as_hex(u["at"]) == at for u in self._units_at(p))
            ]
            if changes and (p > 0 or known):  # a change of control between phases
                self.steps.append(Step(p, "control", group=changes))
            known = dict(now)
            chain: Step | None = None  # the attack's redirected shot, while its events come
            for event in events:
                kind = str(event.get("kind"))
                if kind in ("removed", "controlled"):
                    continue
                if kind == "attack":
                    chain = None
                    if not event.get("targets"):
                        kind = "attack-idle"
                if kind == "redirected" and event.get("copies") != "infinite":
                    if chain is not None and chain.group is not None:
                        chain.group.append(event)  # one path for all of the attack's copies
                    else:
                        chain = Step(p, kind, event, group=[event])
                        self.steps.append(chain)
                    continue
                self.steps.append(Step(p, kind, event))
            if removals:
                self.steps.append(Step(p, "removed", group=removals))
        self.steps.append(Step(len(phases) - 1, "end"))
        self.index = 0
        self.phase_netted: dict[int, set[Hex]] = {
            p: {as_hex(e["at"]) for e in ph.get("events") or [] if e.get("kind") == "netted"}
            for p, ph in enumerate(phases)
        }

    def _units_at(self, phase: int) -> list[dict[str, Any]]:
        """The units as phase ``phase`` starts (after the one before it)."""
        if phase == 0:
            return self.before
        after = self.phases[phase - 1].get("after") or {}
        return list(after.get("units") or self.before)

    def controllers(self) -> dict[Hex, int]:
        """The units taken over now (hex: controlling seat)."""
        return {at: seat for at, seat in self.control.items() if at in self.units}

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if not self.done else None

    def begin(self, step: Step) -> None:
        """What a step changes as it starts (so the drawing shows the new state)."""
        if step.kind == "banner":
            self.netted = set(self.phase_netted.get(step.phase, set()))
            self.hits = {}
            self.control = dict(self.phase_control.get(step.phase, {}))
        event = step.event or {}
        if step.kind == "hit":
            # Wounds land at the end of the phase (after medics); the engine's log says what
            # the board is then. Until then a hit is shown, not added up here.
            at = as_hex(event["at"])
            hit = (at, as_hex(event["from"]) if event.get("from") else None, event.get("edge"))
            self.hits[hit] = self.hits.get(hit, 0) + int(event.get("wounds", 0))
        elif step.kind == "save":
            # the medic cancels that attack for the tile
            at = as_hex(event["at"])
            source = as_hex(event["from"]) if event.get("from") else None
            hit = (at, source, event.get("edge"))
            if not self.hits.pop(hit, 0):
                for k in [k for k in self.hits if k[0] == at and k[1] == source]:
                    self.hits.pop(k)
        elif step.kind == "hq_damage":
            seat = event["seat"]
            if isinstance(seat, int) and 0 <= seat < len(self.hq):
                self.hq[seat] = int(event.get("hp", self.hq[seat] - int(event.get("amount", 0))))

    def finish_step(self, step: Step) -> None:
        if step.kind == "removed":
            for event in step.group or []:
                self.removed.append(event)
                self.units.pop(as_hex(event["at"]), None)
                self.netted.discard(as_hex(event["at"]))
        if step.kind == "end":
            self.netted = set(self.final_netted or ()) & set(self.units)
        nxt = self.steps[self.index + 1] if self.index + 1 < len(self.steps) else None
        if step.kind != "end" and (nxt is None or nxt.phase != step.phase or nxt.kind == "end"):
            self.settle(step.phase)

    def settle(self, phase: int) -> None:
        """The board at the end of a phase, as the engine's log gives it."""
        after = self.phases[phase].get("after")
        if not after:
            return
        self.units = {as_hex(u["at"]): dict(u) for u in after["units"]}
        self.hq = [int(x) for x in after["hq_hp"]]

    def advance(self) -> Step | None:
        """Apply the current step completely and move to the next; returns the new step."""
        step = self.current
        if step is None:
            return None
        self.finish_step(step)
        self.index += 1
        nxt = self.current
        if nxt is not None:
            self.begin(nxt)
        return nxt

    def start(self) -> None:
        if self.current is not None:
            self.begin(self.current)

    def finish(self) -> None:
        while not self.done:
            self.advance()

    def all_removals(self) -> list[dict[str, Any]]:
        """Every removal of the log, in order (played or not)."""
        return [
            e for phase in self.phases for e in phase.get("events") or [] if e["kind"] == "removed"
        ]

    def unit_list(self) -> list[dict[str, Any]]:
        return list(self.units.values())


def as_hex(at: Any) -> Hex:
    return int(at[0]), int(at[1])


def copy_path(events: list[dict[str, Any]], index: int, on_board: set[Hex]) -> list[Hex]:
    """The hexes a copy leaving a redirector flies over (``events[index]`` is the
    ``"redirected"`` event; the redirector's own hex first): along its direction up to the
    farthest hex on that line that the events after it speak of (a hit, an armor, the next
    redirector) before the next copy or attack, or off the board when none is on it."""
    event = events[index]
    start = as_hex(event["at"])
    direction = int(event.get("dir", 0))
    line = [start]
    at = neighbour(start, direction)
    while at in on_board and len(line) < 20:
        line.append(at)
        at = neighbour(at, direction)
    landed: set[Hex] = set()
    for later in events[index + 1 :]:
        kind = later.get("kind")
        if kind == "attack":
            break
        if kind in _LANDING and later.get("at") is not None:
            landed.add(as_hex(later["at"]))
        if kind == "redirected":
            break
    ends = [i for i, h in enumerate(line) if i > 0 and h in landed]
    return line[: ends[-1] + 1] if ends else line


def redirect_loop(events: list[dict[str, Any]], index: int) -> list[Hex]:
    """The redirectors of the loop an infinite copy goes round (``events[index]`` is one of
    its ``"redirected"`` events): the infinite redirections of the same attack, in order, each
    once."""
    first = index
    while first > 0 and events[first - 1].get("kind") != "attack":
        first -= 1
    loop: list[Hex] = []
    for event in events[first:]:
        if event.get("kind") == "attack":
            break
        if event.get("kind") == "redirected" and event.get("copies") == "infinite":
            at = as_hex(event["at"])
            if at not in loop:
                loop.append(at)
    return loop


def copies_words(events: list[dict[str, Any]], index: int) -> str:
    """The copies a redirector sends out, as the playback labels them: ``x3`` (the Tripler's
    three exits: the copies of every redirection by that redirector in the same attack added
    up), ``∞ loop`` when they go round a loop."""
    event = events[index]
    if event.get("copies") == "infinite":
        return "\u221e loop"
    first = index
    while first > 0 and events[first - 1].get("kind") != "attack":
        first -= 1
    total = 0
    for other in events[first:]:
        if other.get("kind") == "attack":
            break
        if other.get("kind") == "redirected" and other.get("at") == event.get("at"):
            copies = other.get("copies")
            total += int(copies) if isinstance(copies, int) else 0
    return f"x{total}"


def in_loop(events: list[dict[str, Any]], event: dict[str, Any]) -> bool:
    """Whether a hit comes from a copy going round a loop of redirectors (infinitely many
    copies: the engine counts its wounds as all a unit can take)."""
    index = next((i for i, e in enumerate(events) if e is event), None)
    if index is None:
        return False
    for before in reversed(events[:index]):
        if before.get("kind") == "attack":
            return False
        if before.get("kind") == "redirected":
            return before.get("copies") == "infinite"
    return False


def _index_of(events: list[dict[str, Any]], event: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(events) if e is event)


def redirect_chain(
    events: list[dict[str, Any]], group: list[dict[str, Any]], on_board: set[Hex]
) -> list[Leg]:
    """The whole path of a redirected shot (``group``: its redirections, in the log's order):
    the shot from the shooter to the first redirector, then each copy from its redirector to
    where it lands, each leaving when the shot reaches its redirector (the Tripler's three
    copies leave together)."""
    first = _index_of(events, group[0])
    attack = next((e for e in reversed(events[:first]) if e.get("kind") == "attack"), None)
    legs: list[Leg] = []
    if attack is not None and attack.get("at") is not None:
        reached = as_hex(group[0]["at"])
        path = [as_hex(h) for h in attack.get("path") or []]
        path = path[: path.index(reached) + 1] if reached in path else [*path, reached]
        legs.append(Leg([as_hex(attack["at"]), *path], 0.0))
    for event in group:
        index = _index_of(events, event)
        at = as_hex(event["at"])
        if isinstance(event.get("path"), list):
            hexes = [at, *(as_hex(h) for h in event["path"])]
        else:  # a log from before the engine gave the copy's path
            hexes = copy_path(events, index, on_board)
        start = min(
            (leg.start + leg.hexes.index(at) for leg in legs if at in leg.hexes[1:]),
            default=0.0,
        )
        legs.append(Leg(hexes, start, copies_words(events, index), int(event.get("dir", 0))))
    return legs


def chain_seconds(legs: list[Leg]) -> float:
    """How long a redirected shot's step lasts at speed 1: its longest flight, then a hold."""
    return max((leg.end for leg in legs), default=1.0) * HEX_SECONDS + CHAIN_HOLD
