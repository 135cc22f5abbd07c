"""Learn by playing: short lessons on the real board, one thing at a time.

Each lesson is a position written as a scenario (TOML, loaded by the engine's
``Game.from_scenario``) and a few steps. A step names the one action it teaches in the action
notation; the coach turns it into the engine's action numbers (``string_to_action``) and
accepts only those, so a lesson can never teach an illegal move: the engine's legality still
applies on top. A step may leave a part open ("place moloch.hunter_killer *": anywhere, any
facing): then every legal action whose notation starts so is accepted; or list the facings
that do what it teaches ("place moloch.guard 0,1 1|2": either of two facings aims at the
target).

A step may also name the outcome it teaches (``goal``: a test of the game after the action,
asked on a copy through the engine's view): then only the actions of its line that bring that
outcome about are accepted (a takeover happened, a Mine and the enemy on it are gone).

The learner is always seat 0: Moloch against Hegemony in the base game's lessons, Vegas or
Smart against the other in the Duel's, the Doomsday Machine against Hegemony in its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from nshex_pygame.core import Game, IllegalActionError

LEARNER = 0
ARMIES = ("moloch", "hegemony")
DECK_FILLER = {  # a few tiles no lesson uses, so no lesson runs into the game's ending
    "moloch": ["moloch.juggernaut", "moloch.hornet", "moloch.stormtrooper", "moloch.protector"],
    "hegemony": ["hegemony.thug", "hegemony.gladiator", "hegemony.net_master", "hegemony.boss"],
    "smart": ["smart.ripper", "smart.twister", "smart.mother_module", "smart.scout"],
    "vegas": ["vegas.bodyguard", "vegas.mercenary", "vegas.scout", "vegas.medic"],
    "doomsday": [
        "doomsday.omega_shooter",
        "doomsday.medic",
        "doomsday.gauss_cannon",
        "doomsday.main_war_processor",
    ],
}

Hex = tuple[int, int]


def scenario(
    units: list[tuple[int, str, Hex, int]],
    hand: list[str],
    draw: list[str],
    hq_hp: tuple[int, int] = (20, 20),
    armies: tuple[str, str] = ARMIES,
    board: str | None = None,
    energy: tuple[int, int] | None = None,
    foundations: tuple[tuple[int, str, Hex], ...] = (),
) -> str:
    """The TOML of a lesson's position: ``units`` as (seat, tile, hex, facing), the learner's
    ``hand`` and the tiles it ``draw``s at the start of its turn (the top of its deck); for
    the Duel, the ``board`` ("duel"), each seat's ``energy`` and the ``foundations`` (Mines)
    as (seat, tile, hex)."""
    lines = [
        "[game]",
        f"armies = {list(armies)!r}".replace("'", '"'),
        f"hq_hp = [{hq_hp[0]}, {hq_hp[1]}]",
        "to_move = 0",
    ]
    if board is not None:
        lines.append(f'board = "{board}"')
    if energy is not None:
        lines.append(f"energy = [{energy[0]}, {energy[1]}]")
    for seat, tile, at, facing in units:
        lines += ["", "[[unit]]", f"seat = {seat}", f'tile = "{tile}"']
        lines += [f"at = [{at[0]}, {at[1]}]", f"facing = {facing}"]
    for seat, tile, at in foundations:
        lines += ["", "[[foundation]]", f"seat = {seat}", f'tile = "{tile}"']
        lines += [f"at = [{at[0]}, {at[1]}]"]
    tiles = ", ".join(f'"{t}"' for t in hand)
    lines += ["", "[[hand]]", "seat = 0", f"tiles = [{tiles}]"]
    for seat, army in enumerate(armies):
        deck = (draw if seat == LEARNER else []) + DECK_FILLER[army]
        tiles = ", ".join(f'"{t}"' for t in deck)
        lines += ["", "[[deck]]", f"seat = {seat}", f"tiles = [{tiles}]"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Step:
    say: str  # what to do, in words
    line: str  # the action taught, in notation ("... *": any action starting so; "a|b")
    then: str = ""  # what it did, said once it is played
    # the outcome taught, tested on the game after the action (None: the line is enough)
    goal: Callable[[Game], bool] | None = None


@dataclass(frozen=True)
class Lesson:
    title: str
    intro: str
    scenario: str
    steps: tuple[Step, ...]
    prelude: tuple[str, ...] = ()  # played for the learner before the first step
    outro: str = ""
    board: dict[str, str] = field(default_factory=dict)


MOLOCH_HQ = (2, 0)
HEGEMONY_HQ = (-1, -1)


def _hqs(hq: tuple[int, int] = HEGEMONY_HQ) -> list[tuple[int, str, tuple[int, int], int]]:
    return [(0, "moloch.hq", MOLOCH_HQ, 0), (1, "hegemony.hq", hq, 0)]


# The Duel's lessons test what they teach on the engine's view of the game after the action.


def unit_at(game: Game, at: Hex) -> dict | None:
    """The unit on ``at`` in the engine's view (None: the hex holds none)."""
    return next((u for u in game.view()["units"] if tuple(u["at"]) == at), None)


def taken_over(at: Hex, by: int = LEARNER) -> Callable[[Game], bool]:
    """The unit on ``at`` is controlled by seat ``by`` though another seat owns it."""

    def test(game: Game) -> bool:
        unit = unit_at(game, at)
        return unit is not None and unit["controller"] == by != unit["seat"]

    return test


def gone(*hexes: Hex, mines: bool = False) -> Callable[[Game], bool]:
    """No unit is left on any of ``hexes`` (and, with ``mines``, no foundation either)."""

    def test(game: Game) -> bool:
        view = game.view()
        held = {tuple(u["at"]) for u in view["units"]}
        if mines:
            held |= {tuple(f["at"]) for f in view["foundations"]}
        return not held & set(hexes)

    return test


def battle_kills(at: Hex) -> Callable[[Game], bool]:
    """A battle fought now (on a copy, by the engine) would leave no unit on ``at``."""

    def test(game: Game) -> bool:
        after = game.position.resolve_battle(log=False)
        return all(tuple(u["at"]) != at for u in after.units)

    return test


def battle_wounds(at: Hex) -> Callable[[Game], bool]:
    """A battle fought now (on a copy, by the engine) would wound or kill the unit on ``at``."""

    def test(game: Game) -> bool:
        after = game.position.resolve_battle(log=False)
        unit = next((u for u in after.units if tuple(u["at"]) == at), None)
        return unit is None or int(unit.get("wounds", 0)) > 0

    return test


def still(*hexes: Hex) -> Callable[[Game], bool]:
    """Every one of ``hexes`` still holds a unit."""

    def test(game: Game) -> bool:
        held = {tuple(u["at"]) for u in game.view()["units"]}
        return set(hexes) <= held

    return test


def hq_hp(seat: int, hp: int) -> Callable[[Game], bool]:
    def test(game: Game) -> bool:
        return int(game.view()["hq_hp"][seat]) == hp

    return test


def energy(seat: int, amount: int) -> Callable[[Game], bool]:
    def test(game: Game) -> bool:
        return int(game.view()["energy"][seat]) == amount

    return test


def both(*tests: Callable[[Game], bool]) -> Callable[[Game], bool]:
    return lambda game: all(test(game) for test in tests)


VEGAS_SMART = ("vegas", "smart")
SMART_VEGAS = ("smart", "vegas")
DOOMSDAY_HEGEMONY = ("doomsday", "hegemony")


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "A turn",
        "You play Moloch (red) against Hegemony (blue). A turn begins with drawing up to three "
        "tiles; with three in hand, one must be discarded. Then you play tiles or keep them, "
        "and end the turn.",
        scenario(_hqs(), ["moloch.hunter_killer", "moloch.guard"], ["moloch.battle"]),
        (
            Step(
                "Discard the Battle tile: click it in your hand, then Discard.",
                "discard moloch.battle",
                "Discarded. Two tiles are left to play.",
            ),
            Step(
                "Put the Hunter-Killer on the board: click it, then any lit hex, then Confirm.",
                "place moloch.hunter_killer *",
                "Placed. A unit stays where it is put for the rest of the game.",
            ),
            Step(
                "Keep the Guard for later: end the turn.",
                "end",
                "Tiles left in hand are kept for the next turn.",
            ),
        ),
        outro="That is a whole turn: draw, discard one, play what you like, end.",
    ),
    Lesson(
        "Placing and facing",
        "A tile acts only through its printed edges: the Guard shoots from its two front "
        "edges (the arrows). Where you put a tile and which way it faces decide what it hits.",
        scenario(
            [*_hqs(), (1, "hegemony.runner", (2, -1), 3)],
            ["moloch.guard", "moloch.blocker"],
            ["moloch.hybrid"],
        ),
        (
            Step(
                "Put the Guard on the lit hex below the centre, then turn it (Q and E, or the "
                "mouse wheel) until one of its arrows points north-east, at the Runner. Confirm.",
                "place moloch.guard 0,1 1|2",
                "Aimed: in a battle its shot would fly north-east and hit the Runner.",
            ),
        ),
        prelude=("discard moloch.hybrid",),
        outro="Turn tiles before you confirm them: once placed, a facing is fixed.",
    ),
    Lesson(
        "Melee and initiative: a battle",
        "Tiles fight only in a battle, started by a Battle tile (or when the board is full). "
        "Units strike in order of initiative, the highest first; melee hits an adjacent hex.",
        scenario(
            [*_hqs(), (1, "hegemony.runner", (0, 0), 3)],
            ["moloch.hunter_killer", "moloch.battle"],
            ["moloch.guard"],
        ),
        (
            Step(
                "Put the Hunter-Killer (initiative 3) on the lit hex with an arrow pointing "
                "north, at the Runner (initiative 2) in the centre.",
                "place moloch.hunter_killer 0,1 0|1|3|5",
                "Now both could strike each other.",
            ),
            Step(
                "Play the Battle tile to start a battle.",
                "play battle",
                "Initiative 3 came first: the Hunter-Killer killed the Runner before it could "
                "strike back.",
            ),
        ),
        prelude=("discard moloch.guard",),
        outro="Higher initiative wins the race: a unit that dies before its phase never acts.",
    ),
    Lesson(
        "Ranged attacks",
        "A ranged attack flies along a straight line over any distance and hits the first "
        "enemy on it (friends and empty hexes let it through).",
        scenario(
            [*_hqs(), (1, "hegemony.ganger", (0, -2), 3)],
            ["moloch.guard", "moloch.battle"],
            ["moloch.blocker"],
        ),
        (
            Step(
                "Put the Guard on the lit hex with an arrow pointing north: its shot goes up "
                "through the centre and the hex above it.",
                "place moloch.guard 0,1 0|1",
                "The Ganger at the top of the board is in its line of fire, past two empty hexes.",
            ),
            Step(
                "Start a battle with the Battle tile.",
                "play battle",
                "The Guard's shot flew across the empty hexes and killed the Ganger, which "
                "could not reach it with its melee.",
            ),
        ),
        prelude=("discard moloch.blocker",),
        outro="Ranged units strike from afar; melee units must stand next to their target.",
    ),
    Lesson(
        "Armor",
        "Armor on an edge takes one point off every ranged attack that comes in through it. "
        "It does nothing against melee.",
        scenario(
            [*_hqs(), (1, "hegemony.universal_soldier", (-2, 1), 2)],
            ["moloch.blocker", "moloch.battle"],
            ["moloch.guard"],
        ),
        (
            Step(
                "The Universal Soldier on the left shoots south-east, through the lit hex. Put "
                "the Blocker there with its armored front facing north-west, at the shooter.",
                "place moloch.blocker 0,1 5",
                "Its armor faces the line of fire.",
            ),
            Step(
                "Start a battle and watch the armor.",
                "play battle",
                "The ranged hit of 1 lost a point to the armor: the Blocker took no wound.",
            ),
        ),
        prelude=("discard moloch.guard",),
        outro="Turn armored units towards the shooters; melee still gets through.",
    ),
    Lesson(
        "Nets",
        "A net edge holds the enemy unit it points at: a netted unit does not attack and "
        "gives no bonus, as long as the net is there. Nets need no battle and no initiative.",
        scenario(
            [*_hqs(), (1, "hegemony.ganger", (0, 0), 3)],
            ["moloch.net_fighter", "moloch.battle"],
            ["moloch.guard"],
        ),
        (
            Step(
                "The Ganger in the centre would strike south, at the lit hex. Put the Net "
                "Fighter there with a net edge pointing north, at the Ganger.",
                "place moloch.net_fighter 0,1 0|1",
                "The Ganger is netted (the red mesh over it).",
            ),
            Step(
                "Start a battle: the netted Ganger cannot strike.",
                "play battle",
                "Nothing happened to the Net Fighter: the Ganger was held by the net.",
            ),
        ),
        prelude=("discard moloch.guard",),
        outro="A net fighter protects whatever its victim would have hit.",
    ),
    Lesson(
        "Modules",
        "Modules do not fight: they help the friendly units their link edges point at. "
        "Moloch's Officer gives +1 ranged strength to the units it is linked to.",
        scenario(
            [*_hqs(), (0, "moloch.guard", (0, 1), 0), (1, "hegemony.guard", (0, -1), 3)],
            ["moloch.officer", "moloch.battle"],
            ["moloch.blocker"],
        ),
        (
            Step(
                "Your Guard below the centre hits the Hegemony Guard (2 hit points) for only "
                "1. Put the Officer on the lit hex with a link edge pointing south-west, at "
                "your Guard.",
                "place moloch.officer 1,0 1|3|5",
                "Linked: the Guard's shot is now 2 strong.",
            ),
            Step(
                "Start a battle.",
                "play battle",
                "With the Officer's +1 the shot dealt 2 wounds and killed the Hegemony Guard.",
            ),
        ),
        prelude=("discard moloch.blocker",),
        outro="Modules are worth protecting: kill an enemy module and its bonus is gone.",
    ),
    Lesson(
        "The end of the game",
        "A game ends when an HQ is destroyed, or after the last tile is drawn and one final "
        "battle is fought: then the HQ with more hit points wins. HQs fight too: each hits "
        "every adjacent enemy for 1 at initiative 0.",
        scenario(
            [*_hqs((0, -1)), (0, "moloch.guard", (0, 1), 0)],
            ["moloch.battle", "moloch.hunter_killer"],
            ["moloch.blocker"],
            hq_hp=(20, 2),
        ),
        (
            Step(
                "The Hegemony HQ above the centre has 2 hit points left. Put the "
                "Hunter-Killer in the centre with an arrow pointing north, at the enemy HQ.",
                "place moloch.hunter_killer 0,0 0|1|3|5",
                "Two attacks now point at the Hegemony HQ.",
            ),
            Step(
                "Start the last battle.",
                "play battle",
                "The Hegemony HQ is destroyed: Moloch wins.",
            ),
        ),
        prelude=("discard moloch.blocker",),
        outro="You know the base game now. The next lessons teach the Duel: the armies Smart "
        "and Vegas and the Duel board. Or start a new game from the main menu.",
    ),
    Lesson(
        "Duel: the takeover",
        "You play Vegas (teal) against Smart (purple). The Vegas HQ and the Agitator have a "
        "takeover edge (the magenta chevrons): the enemy unit it faces is taken over at once "
        "and fights for you. Then you may turn the unit you took.",
        scenario(
            [
                (0, "vegas.hq", (0, 2), 0),
                (1, "smart.hq", (-1, -1), 0),
                (1, "smart.cyborg", (1, 0), 3),
                (1, "smart.golem_mk3", (1, -2), 3),
            ],
            ["vegas.agitator", "vegas.battle"],
            ["vegas.guard"],
            armies=VEGAS_SMART,
        ),
        (
            Step(
                "Put the Agitator next to the Smart Cyborg and turn it until its magenta "
                "chevron edge points at the Cyborg. Confirm.",
                "place vegas.agitator *",
                "Taken over: the Cyborg is yours while the Agitator faces it (the TAKEN tag).",
                goal=taken_over((1, 0)),
            ),
            Step(
                "You may turn the unit you took (or keep its facing). Click the Cyborg, turn it "
                "until its gun points north, at the Smart Golem, and confirm.",
                "turn 1,0 *",
                "Its gun now points at its own army's Golem.",
                goal=battle_kills((1, -2)),
            ),
            Step(
                "Start a battle with the Battle tile.",
                "play battle",
                "The taken Cyborg (initiative 3) shot first and killed the Golem.",
                goal=gone((1, -2)),
            ),
        ),
        prelude=("discard vegas.guard",),
        outro="A takeover lasts as long as the edge faces the unit: kill or turn the Agitator "
        "and the unit goes back to its owner.",
    ),
    Lesson(
        "Duel: the Smart HQ",
        "You play Smart (purple) against Vegas (teal). Once in each of your turns, every unit "
        "next to the Smart HQ may move one hex and turn, or only turn, for free: no tile is "
        "used.",
        scenario(
            [
                (0, "smart.hq", (-1, 1), 0),
                (0, "smart.cyborg", (0, 0), 3),
                (1, "vegas.hq", (-1, -1), 0),
                (1, "vegas.marksman", (2, -2), 3),
            ],
            ["smart.battle", "smart.officer"],
            ["smart.scout"],
            armies=SMART_VEGAS,
        ),
        (
            Step(
                "The Cyborg in the centre stands next to your HQ and aims south. Click it, then "
                "click its own hex (or a free hex next to it), turn it with Q and E until its "
                "gun points at the Vegas Marksman, and confirm.",
                "grant 0,0 -> *",
                "Moved by the HQ for free: the Cyborg's shot now reaches the Marksman.",
                goal=battle_kills((2, -2)),
            ),
            Step(
                "The grant is spent for this unit until your next turn. Start a battle with "
                "the Battle tile.",
                "play battle",
                "The Cyborg killed the Marksman.",
                goal=gone((2, -2)),
            ),
        ),
        prelude=("discard smart.scout",),
        outro="Keep units next to the Smart HQ: each of them can answer a threat every turn.",
    ),
    Lesson(
        "Duel: the Mine",
        "Vegas lays Mines: a Mine goes on an empty hex, flat, and is no unit. A unit that is "
        "placed, moved or pushed onto a Mine is destroyed with it, whatever its toughness.",
        scenario(
            [
                (0, "vegas.hq", (-1, 2), 0),
                (0, "vegas.guard", (1, 0), 1),
                (1, "smart.hq", (-1, -1), 0),
                (1, "smart.gauss_cannon", (2, -1), 4),
            ],
            ["vegas.mine", "vegas.push_back"],
            ["vegas.marksman"],
            armies=VEGAS_SMART,
        ),
        (
            Step(
                "Put the Mine on the lit hex, the only free hex behind the Smart Gauss Cannon.",
                "place vegas.mine 2,-2",
                "The Mine lies behind the Gauss Cannon.",
            ),
            Step(
                "Play the Push Back: your Guard pushes the Gauss Cannon away from it. "
                "Click the Push Back, then the Guard, then the Cannon.",
                "play push_back *",
                "Pushed onto the Mine: the Gauss Cannon and the Mine are gone.",
                goal=gone((2, -1), (2, -2), mines=True),
            ),
        ),
        prelude=("discard vegas.marksman",),
        outro="A Mine guards the hexes around it: enemies cannot be pushed or moved over it "
        "unharmed, and it is never a target of attacks.",
    ),
    Lesson(
        "Duel: Links and energy",
        "On the Duel board seven hexes are terminals (cyan rings); your unit on a terminal is "
        "a Link (the LINK tag). Energy (0 to 5, in the side panel) pays for procedures done "
        "by your Links. Right after the draw you may exchange a tile for 1 energy.",
        scenario(
            [
                (0, "smart.hq", (-1, 2), 0),
                (0, "smart.golem_mk3", (1, -2), 3),
                (0, "smart.cyborg", (1, 1), 0),
                (1, "vegas.hq", (-2, 0), 0),
                (1, "vegas.guard", (1, 0), 0),
            ],
            ["smart.officer", "smart.battle"],
            ["smart.scout"],
            armies=SMART_VEGAS,
            board="duel",
            energy=(2, 0),
        ),
        (
            Step(
                "You have 2 energy; a Laser costs 3. Select a tile in your hand and click "
                "Exchange: +1 energy.",
                "exchange *",
                "The tile went to your discard pile for 1 energy: you have 3.",
                goal=energy(LEARNER, 3),
            ),
            Step(
                "Your Golem and your Cyborg are Links on one line. Click Laser 3, then the two "
                "Links: every enemy between them is destroyed, armor or not.",
                "procedure laser *",
                "The Laser destroyed the Vegas Guard between them and cost all 3 energy.",
                goal=both(gone((1, 0)), energy(LEARNER, 0)),
            ),
        ),
        prelude=("discard smart.scout",),
        outro="Rotation 1, Swap 2, Push 3, Laser 3, Elimination 3 (an enemy next to three of "
        "your Links), Detonation 4 (every enemy Link). You know the Duel now. The last two "
        "lessons teach the Doomsday Machine; or start a new game from the main menu.",
    ),
    Lesson(
        "Doomsday: redirectors",
        "You play the Doomsday Machine (grey) against Hegemony (blue). It has no Move tile: "
        "instead, once in each of your turns, its HQ may turn one of your units, anywhere on "
        "the board, for free. Redirectors such as the Fireblast take your own shots in through "
        "an entry (a small orange arrow) and send them out of the exit (the big orange arrow).",
        scenario(
            [
                (0, "doomsday.hq", (-2, 2), 0),
                (0, "doomsday.alpha_shooter", (-1, 1), 0),
                (0, "doomsday.fireblast", (0, 0), 0),
                (1, "hegemony.hq", (2, -1), 0),
                (1, "hegemony.guard", (1, 0), 3),
            ],
            ["doomsday.officer", "doomsday.battle"],
            ["doomsday.omega_shooter"],
            armies=DOOMSDAY_HEGEMONY,
        ),
        (
            Step(
                "Your Alpha Shooter shoots north-east into the Fireblast in the centre, whose "
                "exit sends the shot north, at nothing. Click the Fireblast, turn it with Q and "
                "E until its exit points south-east, at the Hegemony Guard, and click it "
                "again.",
                "rotate 0,0 *",
                "Turned by the HQ, no tile used: the shot now leaves the Fireblast at the Guard.",
                goal=battle_wounds((1, 0)),
            ),
            Step(
                "The Guard has 2 hit points, the shot is 1 strong. Put the Officer on the lit "
                "hex with its long link (the doubled green tab) pointing south: over the empty "
                "hex below it, it reaches the Alpha Shooter, two hexes away.",
                "place doomsday.officer -1,-1 *",
                "Linked from two hexes away: the shot, and the copy the Fireblast sends on, are "
                "2 strong.",
                goal=battle_kills((1, 0)),
            ),
            Step(
                "Start a battle with the Battle tile and watch the shot turn at the Fireblast.",
                "play battle",
                "The shot entered the Fireblast, left from its exit and killed the Guard.",
                goal=gone((1, 0)),
            ),
        ),
        prelude=("discard doomsday.omega_shooter",),
        outro="Redirectors turn only your side's ranged and Gauss shots, never melee; enemy "
        "attacks hit them like any unit. The Tripler sends a shot out of three exits. An "
        "Officer linked to a redirector adds nothing: link the shooter.",
    ),
    Lesson(
        "Doomsday: Bomb and Trap",
        "The Small Bomb wounds every unit on three hexes that touch each other, yours too; an "
        "HQ there takes nothing. The Trap is a module: an enemy hit on its marked edge (the "
        "yellow and black stripes) makes it explode, 1 wound to every unit on the six hexes "
        "around it, friend or foe, HQs included.",
        scenario(
            [
                (0, "doomsday.hq", (-2, 2), 0),
                (0, "doomsday.scout", (-1, 0), 0),
                (0, "doomsday.trap", (1, -1), 3),
                (1, "hegemony.hq", (2, -1), 0),
                (1, "hegemony.runner", (2, -2), 4),
                (1, "hegemony.ganger", (0, -1), 0),
                (1, "hegemony.ganger", (-2, 1), 1),
                (1, "hegemony.universal_soldier", (-1, 1), 1),
            ],
            ["doomsday.small_bomb", "doomsday.battle"],
            ["doomsday.omega_shooter"],
            armies=DOOMSDAY_HEGEMONY,
        ),
        (
            Step(
                "The Ganger and the Universal Soldier next to your HQ would strike your Scout "
                "and your Trap first. Click the Small Bomb, then three touching hexes holding "
                "both, but not your Scout (your HQ takes no wound). Click one again.",
                "play small_bomb *",
                "Both are gone, and your Scout is whole: the bomb spares nobody on its hexes "
                "but HQs.",
                goal=both(gone((-2, 1), (-1, 1)), still((-1, 0))),
            ),
            Step(
                "The Runner will strike your Trap next to it. Click the Trap, turn it with Q "
                "and E until its marked edge faces the Runner (north-east), and click it "
                "again: the HQ turns modules too.",
                "rotate 1,-1 *",
                "Set: the Runner's blow will land on the marked edge.",
                goal=both(battle_kills((2, -2)), battle_kills((0, -1))),
            ),
            Step(
                "Start a battle with the Battle tile.",
                "play battle",
                "Struck on its marked edge, the Trap exploded: the Runner and the Ganger next "
                "to it died, and the Hegemony HQ lost 1.",
                goal=both(gone((2, -2), (0, -1)), hq_hp(1, 19)),
            ),
        ),
        prelude=("discard doomsday.omega_shooter",),
        outro="Struck on another edge, the Trap just dies; a Small Bomb never sets it off. You "
        "know the Doomsday Machine now: start a new game from the main menu.",
    ),
)


# the actions whose last word is a facing the learner turns to before confirming
FACED = ("place", "grant", "mobility", "transport", "turn", "play move", "play rotation")
FACED += ("procedure rotation", "rotate")


def base(line: str) -> str:
    """An action's notation without its facing (what the player picks before turning); a
    Small Bomb without its hexes (every triangle is offered, the wrong ones refused)."""
    if line.startswith("play small_bomb "):
        return "play small_bomb"
    words = line.split()
    if words and words[0] == "place" and len(words) == 4:
        return " ".join(words[:3])
    last = words[-1] if words else ""
    if len(last) == 1 and last.isdigit() and line.startswith(FACED):
        return " ".join(words[:-1])
    return line


def spelled_out(line: str) -> list[str]:
    """A step's line with its alternatives written out: ``a 1|2`` is ``a 1`` and ``a 2``."""
    out = [""]
    for word in line.split():
        out = [f"{head} {alt}".strip() for head in out for alt in word.split("|")]
    return out


def expected(game: Game, step: Step) -> set[int]:
    """The engine's numbers of the actions the step accepts (legal ones only; with a goal,
    those whose outcome, tried on a copy of the game, is the goal)."""
    key = (step, game.state_json())
    if key in _EXPECTED:
        return set(_EXPECTED[key])
    legal = set(game.legal_actions())
    if step.line.endswith("*"):
        prefix = step.line[:-1]
        out = {a for a in legal if game.action_to_string(a).startswith(prefix)}
    else:
        out = set()
        for line in spelled_out(step.line):
            try:
                out.add(game.string_to_action(line))
            except IllegalActionError:
                continue
        out &= legal
    if step.goal is not None:
        out = {a for a in out if step.goal(_after(game, a))}
    if len(_EXPECTED) > 64:
        _EXPECTED.clear()
    _EXPECTED[key] = frozenset(out)
    return out


_EXPECTED: dict[tuple[Step, str], frozenset[int]] = {}


def _after(game: Game, action: int) -> Game:
    copy = game.clone()
    copy.apply_action(action)
    return copy


class Coach:
    """Where the learner is in the lessons, and what the current step accepts."""

    def __init__(self, lesson: int = 0) -> None:
        self.lesson_index = lesson
        self.step_index = 0
        self.said = ""  # what the last step did

    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.lesson_index]

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def last_lesson(self) -> bool:
        return self.lesson_index >= len(LESSONS) - 1

    def start(self) -> Game:
        """The lesson's game: its scenario, then the prelude played by the engine."""
        self.step_index = 0
        self.said = ""
        game = Game.from_scenario(self.lesson.scenario, f"lesson {self.lesson_index + 1}")
        for line in self.lesson.prelude:
            game.apply_line(line)
        return game

    def next_lesson(self) -> Game:
        self.lesson_index = min(self.lesson_index + 1, len(LESSONS) - 1)
        return self.start()

    def allowed(self, game: Game, legal: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
        """The legal actions the board offers now: the step's, in every facing when it
        teaches the facing, on every triangle when it teaches a Small Bomb (the wrong ones
        are refused with the step's hint)."""
        step = self.step
        if step is None:
            return []
        wanted = expected(game, step)
        bases = {base(game.action_to_string(a)) for a in wanted}
        return [(a, d) for a, d in legal if base(game.action_to_string(a)) in bases]

    def check(self, game: Game, action: int) -> str | None:
        """None when ``action`` is the step's; else what to do instead."""
        step = self.step
        if step is None:
            return "This lesson is done: go on to the next one."
        if action in expected(game, step):
            return None
        return f"Not quite. {step.say}"

    def played(self) -> None:
        step = self.step
        if step is not None:
            self.said = step.then
            self.step_index += 1
