"""Actions and events in words, for the log and the prompts."""

from __future__ import annotations

from typing import Any

from nshex_pygame.client import tileart
from nshex_pygame.client.hexgeo import DIRECTION_NAMES


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


def hex_words(at: Any) -> str:
    q, r = at
    return f"{q},{r}"


def action_words(desc: dict[str, Any]) -> str:
    """``place Mutant on 0,1 facing SE`` for a ``describe_action`` dict."""
    kind = desc.get("kind")
    facing = desc.get("facing")
    face = f" facing {DIRECTION_NAMES[facing]}" if isinstance(facing, int) else ""
    if kind == "place_hq":
        return f"places the HQ on {hex_words(desc['at'])}"
    if kind == "place":
        return f"places {tile_name(desc['tile'])} on {hex_words(desc['at'])}{face}"
    if kind == "discard":
        return f"discards {tile_name(desc['tile'])}"
    if kind == "draw":
        return "draws a tile"
    if kind == "unlucky":
        return "uses the unlucky draw (three instants out, three new tiles)"
    if kind == "end":
        return "ends the turn"
    if kind == "battle":
        return "starts a battle"
    if kind in ("move", "mobility", "transport"):
        how = {"move": "Move: ", "mobility": "Mobility: ", "transport": "Transport: "}[kind]
        if desc.get("from") == desc.get("to"):
            return f"{how}turns the unit on {hex_words(desc['from'])}{face}"
        return f"{how}moves {hex_words(desc['from'])} to {hex_words(desc['to'])}{face}"
    if kind == "push_back":
        return f"Push Back: {hex_words(desc['from'])} pushes {hex_words(desc['target'])}"
    if kind == "push_to":
        return f"puts the pushed unit on {hex_words(desc['at'])}"
    if kind in ("sniper", "grenade", "air_strike"):
        name = {"sniper": "Sniper", "grenade": "Grenade", "air_strike": "Air Strike"}[kind]
        return f"{name} on {hex_words(desc['target'])}"
    if kind == "clown":
        what = "explodes" if desc.get("explode") else "attacks"
        return f"the Clown on {hex_words(desc['at'])} {what}"
    if kind == "convert":
        if desc.get("edge") is None:
            return f"Quartermaster: the unit on {hex_words(desc['at'])} attacks as printed"
        return f"Quartermaster: the unit on {hex_words(desc['at'])} converts edge {desc['edge']}"
    if kind == "medic":
        if desc.get("death"):
            return (
                f"the medic on {hex_words(desc['medic'])} saves the dying medic on"
                f" {hex_words(desc['target'])}"
            )
        return (
            f"the medic on {hex_words(desc['medic'])} takes the attack of"
            f" {hex_words(desc['from'])} on {hex_words(desc['target'])}"
        )
    return str(desc.get("text", kind))


class BattleBoard:
    """What ``describe.describe_event`` needs to name the units of a battle (who stood where)."""

    def __init__(self, armies: list[str], units: list[dict[str, Any]]) -> None:
        self.armies = armies
        self.units = {(int(u["at"][0]), int(u["at"][1])): u for u in units}

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.armies):
            return army_name(self.armies[seat])
        return f"seat {seat}"

    def unit(self, at: Any) -> str:
        try:
            key = (int(at[0]), int(at[1]))
        except (TypeError, ValueError, IndexError):
            return str(at)
        unit = self.units.get(key)
        if unit is None:
            return f"({key[0]},{key[1]})"
        return f"{army_name(str(unit['tile']).partition('.')[0])} {tile_name(unit['tile'])}"

    def units_at(self, hexes: Any) -> str:
        names = [self.unit(at) for at in hexes]
        return ", ".join(names) if names else "nothing"
