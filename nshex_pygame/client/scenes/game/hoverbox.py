"""The words of the game scene's hover boxes about a tile or a unit: what it is, what it does
as printed, and its values now (initiative, bonuses, wounds, links, nets, a takeover) as the
engine's analysis gives them. Functions of the scene's model and its seat names.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from nshex_pygame.client import armystyle, rulestext, tileart, widgets
from nshex_pygame.client.hexgeo import Hex
from nshex_pygame.client.scenes.game.layout import as_hex
from nshex_pygame.client.scenes.game.model import GameModel
from nshex_pygame.client.words import and_list, army_name, hq_words, unit_words


class Speaker(Protocol):
    """What the words read of the game scene: its model, its armies and seat names."""

    model: GameModel
    armies: list[str]

    def seat_name(self, seat: int) -> str: ...
    def points_game(self) -> bool: ...
    def links(self) -> set[Hex]: ...


def energy_words(view: dict[str, Any]) -> str:
    """What energy is for, with the procedures' prices as the engine gives them."""
    costs = view.get("procedure_costs") or {}
    names = {
        "rotation": "Rotation",
        "swap": "Swap",
        "push": "Push Back",
        "laser": "Laser",
        "elimination": "Elimination",
        "detonation": "Detonation",
    }
    prices = ", ".join(f"{names.get(k, k)} {v}" for k, v in costs.items())
    return (
        "Gained by exchanging a tile in hand right after the draw (1 each) or by paying"
        " HQ hit points at the end of the turn (1 each); at most 5. Spent on procedures"
        + (f": {prices}." if prices else ".")
    )


def tile_box(
    scene: Speaker,
    surface: pygame.Surface,
    tile: str,
    pos: tuple[int, int],
    why_not: str | None = None,
) -> None:
    """The hover box of a tile (in a hand, offered, a Mine): its kind and what it does."""
    info = tileart.info_of(tile)
    title = f"{army_name(str(info.get('army')))} {info.get('name')}"
    kind = rulestext.KIND_NAMES.get(str(info.get("kind")), str(info.get("kind")))
    lines = [(kind, widgets.DIM)] + [(t, widgets.TEXT) for t in printed_lines(scene, info)]
    if why_not:
        lines.insert(0, (why_not, widgets.BAD))
    widgets.tooltip(surface, title, lines, pos)


def printed_lines(scene: Speaker, info: dict[str, Any]) -> list[str]:
    """What a tile does (its printed data in words); in the points game without hit points
    (the HQs have none there, their number counts points)."""
    lines = rulestext.tile_description(info)
    if scene.points_game():
        lines = [rulestext.points_game_line(t) for t in lines]
    return lines


Line = tuple[str, tuple[int, ...]]  # a hover box's line: its words and their colour


def unit_info(scene: Speaker, unit: dict[str, Any]) -> tuple[str, list[Line]]:
    """What the hover box says about a unit on the board, with its current values."""
    at = as_hex(unit["at"])
    info = tileart.info_of(unit["tile"])
    seat = armystyle.seat_of(unit)
    if seat is None:  # the neutral Mad Bomber: nobody's
        title = f"{info.get('name')} (neutral)"
    else:
        title = f"{army_name(scene.armies[seat])} {info.get('name')}"
    lines: list[Line] = []
    kind = info.get("kind")
    lines.append((str(rulestext.KIND_NAMES.get(str(kind), kind)), widgets.DIM))
    if seat is None:
        lines.append((rulestext.NEUTRAL_UNIT, armystyle.NEUTRAL_RING))
    elif unit.get("tile") == armystyle.MAD_BOMBER:
        lines.append((f"Placed by {scene.seat_name(seat)}: it is theirs.", widgets.TEXT))
    analysis = scene.model.analysis.get(at, {})
    controller = armystyle.controller_of(unit, len(scene.armies))
    if controller is not None and controller != seat:
        lines.append(
            (
                f"TAKEN OVER: {scene.seat_name(controller)} controls it while the"
                " takeover holds; it fights for them.",
                tileart.TAKEOVER,
            )
        )
    if at in scene.links():
        lines.append(("LINK: on a terminal, not netted (the procedures use it).", tileart.TERMINAL))
    if analysis.get("netted"):
        lines.append(("NETTED: it does nothing while the net holds.", tileart.NET))
    if kind == "hq" and seat is not None and scene.points_game():  # (it counts points there)
        points = hq_words(int(scene.model.view["hq_hp"][seat]), True, long=True)
        lines.append((f"{scene.seat_name(seat)} has {points} (the first to 20 wins)", widgets.TEXT))
    elif kind == "hq" and seat is not None:
        lines.append((f"{scene.model.view['hq_hp'][seat]} hit points left", widgets.TEXT))
    printed = list(info.get("initiative") or [])
    current = list(analysis.get("initiative") or [])
    if current or printed:
        lines.append(
            (
                "Initiative now: "
                + (", ".join(map(str, current)) or "none")
                + (f" (printed {', '.join(map(str, printed))})" if current != printed else ""),
                widgets.ACCENT,
            )
        )
    melee, ranged = analysis.get("melee_bonus", 0), analysis.get("ranged_bonus", 0)
    if melee:
        lines.append((f"Melee strength {melee:+d} from bonuses", widgets.ACCENT))
    if ranged:
        lines.append((f"Ranged strength {ranged:+d} from bonuses", widgets.ACCENT))
    wounds = int(unit.get("wounds", 0))
    toughness = int(info.get("toughness") or 0)
    if kind != "hq" and kind != "instant":
        lines.append(
            (
                f"Wounds {wounds}; dies at {toughness + 1}",
                tileart.WOUND if wounds else widgets.DIM,
            )
        )
    links = analysis.get("linked_from") or []
    if links:
        names = and_list([unit_words(scene.model.units, p, seat) for p in links])
        lines.append((f"Linked from {names}", widgets.GOOD))
    reaches = [
        other
        for other in scene.model.analysis.values()
        if any(as_hex(p) == at for p in other.get("linked_from") or [])
    ]
    if reaches:
        names = and_list([unit_words(scene.model.units, o["at"], seat) for o in reaches])
        lines.append((f"Works on {names}", widgets.GOOD))
    if analysis.get("transport"):
        lines.append(("Linked to a Transport: may move once this turn", widgets.GOOD))
    if analysis.get("quartermaster"):
        lines.append(("Linked to a Quartermaster: may turn one melee attack ranged", widgets.GOOD))
    medics = analysis.get("protected_by") or []
    if medics:
        lines.append(
            (
                "Protected by "
                + and_list([unit_words(scene.model.units, p, seat) for p in medics]),
                widgets.GOOD,
            )
        )
    # the current initiative is shown above already
    as_printed = [t for t in printed_lines(scene, info) if not t.startswith("Initiative ")]
    lines += [(t, widgets.TEXT) for t in as_printed]
    return title, lines
