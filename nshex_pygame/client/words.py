"""Actions and events in words, for the log and the prompts."""

from __future__ import annotations

from typing import Any

from nshex_pygame.client import tileart


def tile_name(tile_id: str) -> str:
    try:
        return str(tileart.info_of(tile_id).get("name") or tile_id)
    except Exception:
        return tile_id


def army_name(army: str) -> str:
    return tileart.ARMY_NAMES.get(army, army.capitalize())


def plural(n: int, word: str) -> str:
    """``1 tile``, ``2 tiles``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def hq_words(value: int, points: bool, *, long: bool = False) -> str:
    """What an HQ's number is: ``3 pts`` in the points game (the engine's ``hq_hp`` counts
    points there), else the bare number (``3``), or ``3 hit points`` when ``long``."""
    if points:
        return f"{value} pts" if not long else plural(value, "point")
    return plural(value, "hit point") if long else str(value)


def seat_label(armies: list[str], seat: int) -> str:
    """Who a seat is, in prompts and logs: ``Player 3 (Outpost)`` when the army alone does not
    tell the seats apart (three or four seats, or two seats of one army), else the army's name
    (``Moloch``)."""
    if not 0 <= seat < len(armies):
        return f"Seat {seat}"
    name = army_name(armies[seat])
    if len(armies) > 2 or len(set(armies)) < len(armies):
        return f"Player {seat + 1} ({name})"
    return name


# The computer levels and training bots as the New game screen offers them: a seat's player
# is read in these words everywhere (never the engine's bot name or its settings).
LEVEL_NAMES = {
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "greedy": "Training: greedy",
    "flatmc": "Training: flat MC",
    "random": "Training: random",
}


def level_name(player: str) -> str:
    """A computer seat's level in the client's words (``Easy``; ``hard:iters=...`` is Hard);
    ``Computer`` for a bot the client does not offer."""
    return LEVEL_NAMES.get(player.split(":", 1)[0].strip().lower(), "Computer")


def player_name(player: str) -> str:
    """Who plays a seat: ``Human``, ``Computer: Easy``, ``Training: greedy``."""
    if player == "human":
        return "Human"
    name = level_name(player)
    return name if name.startswith(("Training", "Computer")) else f"Computer: {name}"


Units = dict[tuple[int, int], dict[str, Any]]


def _key(at: Any) -> tuple[int, int] | None:
    try:
        return int(at[0]), int(at[1])
    except (TypeError, ValueError, IndexError):
        return None


def hex_of(at: Any) -> tuple[int, int] | None:
    """``at`` as a hex, or None when it is none (a point given has a seat for ``to``)."""
    return _key(at)


def unit_words(units: Units | None, at: Any, seat: int | None = None) -> str:
    """A unit by name, never by place: ``Mutant`` for one of ``seat``'s own, ``the Moloch
    Hybrid`` for anybody else's, ``an empty hex`` when nothing stands there."""
    key = _key(at)
    unit = (units or {}).get(key) if key is not None else None
    if unit is None:
        return "an empty hex"
    tile = str(unit["tile"])
    name = tile_name(tile)
    if seat is not None and unit.get("seat") == seat:
        return f"its {name}" if name == "HQ" else name
    if tile == "mercenaries.mad_bomber":  # nobody's army's, whoever holds it: by its name
        return f"the {name}"
    return f"the {army_name(tile.partition('.')[0])} {name}"


def place_words(units: Units | None, at: Any, seat: int | None = None) -> str:
    """Where a hex is, in words a player reads: ``next to your HQ``, ``next to the Moloch
    HQ``, ``next to your Guard``, ``in the centre``, ``on an open hex``; never its
    coordinates."""
    from nshex_pygame.client.hexgeo import neighbour

    key = _key(at)
    if key is None:
        return ""
    found = ((units or {}).get(neighbour(key, d)) for d in range(6))
    around = [u for u in found if u is not None]

    def is_hq(unit: dict[str, Any]) -> bool:
        return tile_name(str(unit["tile"])) == "HQ"

    for unit in around:
        if is_hq(unit) and seat is not None and unit.get("seat") == seat:
            return "next to your HQ"
    for unit in around:
        if is_hq(unit):
            return f"next to the {army_name(str(unit['tile']).partition('.')[0])} HQ"
    if key == (0, 0):
        return "in the centre"
    for unit in around:
        if seat is not None and unit.get("seat") == seat:
            return f"next to your {tile_name(str(unit['tile']))}"
    if around:
        return f"next to {unit_words(units, around[0].get('at'), seat)}"
    return "on an open hex"


def action_hexes(desc: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """The hexes an action speaks of (what hovering its log line lights up)."""
    out = []
    for slot in ("from", "at", "to", "target", "medic"):
        key = _key(desc[slot]) if slot in desc else None
        if key is not None and key not in out:
            out.append(key)
    for at in desc.get("hexes") or []:  # the Small Bomb's three
        key = _key(at)
        if key is not None and key not in out:
            out.append(key)
    return tuple(out)


# The actions said in the same words every time, by kind.
_FIXED_WORDS = {
    "place_hq": "places its HQ",
    "draw": "draws a tile",
    "unlucky": "uses the unlucky draw (three instants out, three new tiles)",
    "deck_draw": "draws from the deck",
    "end": "ends the turn",
    "battle": "starts a battle",
    "push_to": "puts the pushed unit down",
    "terror": "plays Terror: no board tiles for the enemy next turn",
}
# The actions that name their tile ({tile}).
_TILE_WORDS = {
    "place": "places {tile}",
    "discard": "discards {tile}",
    "hire": "hires the Mercenary {tile}",
    "mercenary": "takes the Mercenary {tile} instead of a deck tile",
    "exchange": "exchanges {tile} for 1 energy",
}
# The actions that name the units on their hexes ({from}, {to}, {target}, {at}).
_UNIT_WORDS = {
    "push_back": "Push Back: {from} pushes {target}",
    "sniper": "Sniper shoots {target}",
    "grenade": "Grenade on {target}",
    "air_strike": "Air Strike around {target}",
    "castling": "Castling: {from} and {to} change places",
    "rotation": "Rotation: turns {at}",
    "rotate": "HQ rotation: turns {at}",
    "turn_taken": "turns {at}, just taken over",
    "keep_taken": "keeps {at}, just taken over, as it stands",
}


class _Named(dict[str, str]):
    """The words of the unit on each of an action's slots, looked up when a text asks."""

    def __init__(self, name: Any) -> None:
        super().__init__()
        self.name = name

    def __missing__(self, slot: str) -> str:
        return str(self.name(slot))


def action_words(
    desc: dict[str, Any],
    units: Units | None = None,
    seat: int | None = None,
    armies: list[str] | None = None,
) -> str:
    """``places Mutant`` for a ``describe_action`` dict: what, never where. ``units`` (the
    board before the action, by hex) names the units it moves or aims at; ``seat`` is who
    plays it (its own units go by their plain names); ``armies`` names the seats an action
    speaks of (a point given)."""
    kind = desc.get("kind")

    def name(slot: str) -> str:
        return unit_words(units, desc.get(slot), seat)

    if kind == "unlucky" and desc.get("tiles"):  # Reinforcements: the three instants named
        named = and_list([tile_name(str(t)) for t in desc["tiles"]])
        return f"uses the unlucky draw ({named} out, three new tiles)"
    if kind in _FIXED_WORDS:
        return _FIXED_WORDS[str(kind)]
    if kind in _TILE_WORDS:
        return _TILE_WORDS[str(kind)].format(tile=tile_name(desc["tile"]))
    if kind in _UNIT_WORDS:
        return _UNIT_WORDS[str(kind)].format_map(_Named(name))
    if kind in ("move", "mobility", "transport", "grant"):
        how = {
            "move": "Move: ",
            "mobility": "Mobility: ",
            "transport": "Transport: ",
            "grant": "HQ grant: ",
        }[kind]
        if desc.get("from") == desc.get("to"):
            return f"{how}turns {name('from')}"
        return f"{how}moves {name('from')}"
    if kind == "small_bomb":
        hit = [unit_words(units, at, seat) for at in desc.get("hexes") or []]
        hit = [h for h in hit if h != "an empty hex"]
        return "Small Bomb on " + (and_list(hit) if hit else "three empty hexes")
    if kind == "buy":
        n = int(desc.get("n", 1))
        return f"buys {plural(n, 'energy')} for {plural(n, 'HQ hit point')}".replace(
            "energys", "energy"
        )
    if kind == "procedure":
        return _procedure_words(desc, name)
    if kind == "credit":
        return credit_words(desc, seat, armies)
    if kind == "clown":
        what = "explodes" if desc.get("explode") else "attacks"
        return f"{name('at')} {what}"
    if kind == "convert":
        if desc.get("edge") is None:
            return f"Quartermaster: {name('at')} attacks as printed"
        return f"Quartermaster: {name('at')} turns a melee attack ranged"
    if kind == "medic":
        if desc.get("death"):
            return f"{name('medic')} saves the dying {name('target')}"
        return f"{name('medic')} takes the attack of {name('from')} on {name('target')}"
    return str(desc.get("text", kind))


def credit_words(
    desc: dict[str, Any], seat: int | None = None, armies: list[str] | None = None
) -> str:
    """A point of a seat's own wounds to its own HQ given away in the points game (FAQ-374):
    ``gives 1 point to Player 3 (Outpost)``; to itself (every opponent is at 20) the rest is
    lost."""
    to, points = desc.get("to"), int(desc.get("points", 0))
    if not isinstance(to, int) or to == seat or points <= 0:
        return "gives no points: every opponent is at 20, the rest is lost"
    whom = seat_label(armies, to) if armies else f"Player {to + 1}"
    return f"gives {plural(points, 'point')} to {whom}"


def _procedure_words(desc: dict[str, Any], name: Any) -> str:
    """A procedure of the Duel board in words (its energy cost with it)."""
    procedure = str(desc.get("procedure"))
    cost = f" ({desc['cost']} energy)" if "cost" in desc else ""
    what = {
        "rotation": lambda: f"turns {name('at')}",
        "swap": lambda: f"{name('from')} and {name('to')} change places",
        "push": lambda: f"{name('from')} pushes {name('target')}",
        "laser": lambda: f"a laser between {name('from')} and {name('to')}",
        "elimination": lambda: f"on {name('target')}",
        "detonation": lambda: "every enemy Link",
    }.get(procedure, lambda: "")()
    return f"{procedure.capitalize()} procedure{cost}: {what}".rstrip(": ")


def outcome_words(before: Units, after: Units, seat: int | None = None) -> tuple[str, list]:
    """What an instant did, read off the board before and after it (not worked out from the
    rules): ``kills the Moloch Hybrid; wounds the Moloch Guard``, and the hexes it speaks of."""
    killed = [at for at in before if at not in after or after[at]["tile"] != before[at]["tile"]]
    wounded = [
        at
        for at in before
        if at in after
        and after[at]["tile"] == before[at]["tile"]
        and int(after[at].get("wounds", 0)) > int(before[at].get("wounds", 0))
    ]
    parts = []
    if killed:
        parts.append("kills " + and_list([unit_words(before, at, seat) for at in killed]))
    if wounded:
        parts.append("wounds " + and_list([unit_words(before, at, seat) for at in wounded]))
    return "; ".join(parts), [*killed, *wounded]


def and_list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class BattleBoard:
    """What ``describe.describe_event`` needs to name the units of a battle (who stood where);
    ``plain``: its events told by names and effects, never directions or arrows."""

    plain = True

    def __init__(self, armies: list[str], units: list[dict[str, Any]]) -> None:
        self.armies = armies
        self.units = {(int(u["at"][0]), int(u["at"][1])): u for u in units}

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.armies):
            return army_name(self.armies[seat])
        if seat == "neutral":  # the neutral Mad Bomber (D-24)
            return "nobody (neutral)"
        return f"seat {seat}"

    def unit(self, at: Any) -> str:
        try:
            key = (int(at[0]), int(at[1]))
        except (TypeError, ValueError, IndexError):
            return str(at)
        unit = self.units.get(key)
        if unit is None:
            return "an empty hex"
        if unit.get("seat") == "neutral":  # nobody's: the Mad Bomber by its name alone
            return f"the {tile_name(unit['tile'])}"
        return f"{army_name(str(unit['tile']).partition('.')[0])} {tile_name(unit['tile'])}"

    def units_at(self, hexes: Any) -> str:
        names = [self.unit(at) for at in hexes]
        return ", ".join(names) if names else "nothing"


TEAM_NAMES = ("Team A", "Team B")


def team_names(sides: Any) -> dict[int, str]:
    """``{seat: "Team A" | "Team B"}`` for the seats of a side of two or more (a team mode),
    by the order the sides first appear; the seat alone against a team is ``"Alone"``."""
    if not isinstance(sides, tuple | list) or all(len(side) < 2 for side in sides):
        return {}
    names: dict[int, str] = {}
    teams: list[tuple[int, ...]] = []
    alone = any(len(side) < 2 for side in sides)
    for seat, side in enumerate(sides):
        side = tuple(side)
        if len(side) < 2:
            names[seat] = "Alone"
            continue
        if side not in teams:
            teams.append(side)
        index = teams.index(side)
        names[seat] = "Team" if alone or index >= len(TEAM_NAMES) else TEAM_NAMES[index]
    return names
