"""The words the client shows: the instants, the symbols, the armies, the tutorial.

What an ability does is not here: the engine gives it (``tile_info(...)["ability_texts"]`` and
``core.ability_texts()``, each keyword with its badge and text), and the client shows those words
as they are. Instants are keyed by the part of the tile id after the army.
"""

from __future__ import annotations

import re

from nshex_pygame.client import tileart

INSTANTS: dict[str, str] = {
    "battle": (
        "Battle: start a battle now. It ends your turn; tiles left in hand are kept. "
        "Not allowed once a deck is empty (only a full board starts one then)."
    ),
    "move": "Move: one of your units that is not netted moves to an adjacent empty hex and/or "
    "turns to any facing.",
    "push_back": (
        "Push Back: one of your units pushes an adjacent enemy one hex straight away from it. "
        "The pushed unit's owner picks among the free hexes behind it. Netted units can "
        "neither push nor be pushed."
    ),
    "sniper": "Sniper: 1 wound to any enemy unit on the board (not an HQ).",
    "grenade": (
        "Grenade: kills one enemy unit adjacent to your HQ (not an HQ). Not while your HQ "
        "is netted."
    ),
    "air_strike": (
        "Air Strike: 1 wound to every unit, friend or foe (not HQs), on a hex and its six "
        "neighbours. The centre may not be on the edge of the board."
    ),
}

SYMBOLS: list[tuple[str, str]] = [
    ("melee", "Melee: white triangles, one per strength point. Hits the adjacent enemy."),
    ("ranged", "Ranged: yellow arrows, one per strength point. Hits the first enemy in line."),
    ("gauss", "Gauss: a blue beam. Hits every enemy in line for 1 wound."),
    ("armor", "Armor: a steel bar on the side. -1 to ranged hits coming from that side."),
    ("net", "Net: a red mesh. The enemy it faces does nothing while netted."),
    ("link", "Link: a green tab on a module. The module works on the friendly tile it faces."),
    ("initiative", "Initiative: the white disc. Bigger numbers act first in a battle."),
    ("toughness", "Toughness: white pips. Each pip is one more wound the unit survives."),
    (
        "mobility",
        "Mobility: the white boot at the top left. The unit may move one hex per turn by itself.",
    ),
    ("wounds", "Wounds: red drops with a count; a unit dies when wounds exceed toughness."),
    (
        "takeover",
        "Takeover edge: magenta chevrons (Vegas HQ, Agitator). The enemy unit it faces fights "
        "for you; a pink ring in your colour marks it.",
    ),
    (
        "foundation",
        "Foundation: a flat plate, not a unit (the Mine). A unit that enters its hex is "
        "destroyed with it.",
    ),
    (
        "long_link",
        "Long link: a doubled green tab (Doomsday modules). It reaches the friendly units 1 "
        "and 2 hexes away on that side, the second over anything in between.",
    ),
    (
        "redirect",
        "Entries and exits: small orange arrows pointing in, big ones pointing out. Your shot "
        "that reaches an entry leaves again from the exits (the Tripler: three copies).",
    ),
    (
        "trigger",
        "Marked edge: yellow and black stripes (the Trap). An enemy hit on that edge makes it "
        "explode: 1 wound to all six neighbours.",
    ),
    (
        "kind",
        "The sign at the left corner: sword melee, crosshair ranged, net, shield (no attack), "
        "mast (module), bolt (instant), tower (HQ). The rim and the faint emblem: the army.",
    ),
]

TUTORIAL: list[tuple[str, list[str]]] = [
    (
        "The goal",
        [
            "Two armies fight over a board of 19 hexes. Each army has a Headquarters (HQ) "
            "with 20 hit points. Destroy the enemy HQ and you win at once.",
            "If neither HQ falls before the tiles run out, a final battle is fought and the HQ "
            "with more hit points wins.",
            "Everything on a tile is printed as a symbol; hover any tile, in the hand, on the "
            "board or in the gallery, to read what it does and its current values.",
        ],
    ),
    (
        "Setting up",
        [
            "Both players start by placing their HQ on any empty hex. The first player then "
            "draws one tile, the second two; from then on you draw up to three.",
            "With three tiles in hand you must discard one before doing anything else. If all "
            "three are instant actions you may use the unlucky draw: discard all three and "
            "draw three new ones.",
        ],
    ),
    (
        "Your turn",
        [
            "Click a tile in your hand. Board tiles (units and modules) are placed on an "
            "empty hex: the legal hexes light up, the tile shows where it would face. Turn it "
            "with the mouse wheel, Q/E or the arrow keys, then click the hex again (or press "
            "Enter) to place it.",
            "Instant actions (Battle, Move, Push Back, Sniper, ...) show their legal targets; "
            "click a target, then click it again to confirm.",
            "Units with Mobility, and units linked to a Transport, can move by themselves: "
            "click the unit on the board, then where it should go.",
            "Right click or Esc takes back a choice you have not confirmed. End your turn with "
            "the End turn button or the space bar; tiles still in hand are kept.",
        ],
    ),
    (
        "Battles",
        [
            "A battle starts when someone plays a Battle tile or the last empty hex is filled. "
            "It runs in initiative phases, from the highest initiative on the board down to 0.",
            "In each phase every unit with that initiative attacks at once: melee on the "
            "adjacent hex, ranged along the line to the first enemy. Wounds are counted, "
            "medics save, and the dead are removed only at the end of the phase, so a unit "
            "killed in a phase still strikes back in it.",
            "The game plays every battle back phase by phase: a banner for each initiative, "
            "the acting units lit, strikes, shots, blocks and saves, wounds, removals and the "
            "HQ counters. Space pauses, N (or Right) plays one phase, + and - change the "
            "speed, S or Enter skips to the end. The battle log lists every event.",
        ],
    ),
    (
        "Initiative",
        [
            "The number in the white disc is the unit's initiative: it acts in that phase. "
            "Two discs mean it attacks twice.",
            "Scouts and the Borgo HQ add +1 (earlier), a Saboteur takes 1 away. The Mother "
            "Module and the Outpost HQ give an extra attack in the next lower phase.",
            "Hover a unit on the board to see its initiative after every bonus, its strength "
            "with bonuses, whether it is netted and which modules link to it.",
        ],
    ),
    (
        "Nets, armor and medics",
        [
            "A net edge nets the enemy it faces: a netted unit does nothing at all (no "
            "attacks, no bonuses, no moves) while the net holds. Two nets facing each other "
            "cancel.",
            "Armor on a side lowers each ranged hit from that side by 1. Toughness pips are "
            "extra hit points.",
            "A Medic linked to a friendly tile dies instead of it when an attack would wound "
            "it; that attack is cancelled.",
        ],
    ),
    (
        "The Duel",
        [
            "Smart and Vegas come with the Duel board (two players). Its seven terminals are "
            "marked with a cyan ring; a unit on a terminal that is not netted is a Link (a "
            "cyan LINK tag).",
            "Each player has energy from 0 to 5 (the track in the side panel). Right after "
            "drawing you may exchange a tile for 1 energy; at any time in your turn you may buy "
            "energy with HQ hit points, which ends the turn.",
            "Energy pays for procedures, most of them done by your Links: Rotation 1, Swap 2, "
            "Push 3, Laser 3, Elimination 3, Detonation 4. The procedure buttons say why one "
            "cannot be used.",
            "A takeover edge takes the enemy unit it faces: that unit fights for the taker "
            "(a ring in the taker's colour). The taker may turn it at once; the game asks that "
            "player, even in the other player's turn. Terror stops the enemy's board tiles for "
            "a turn (a red line in its panel).",
        ],
    ),
    (
        "The Doomsday Machine",
        [
            "Redirectors (Doom Net Fighter, Fireblast, Tripler) turn your own shots: a ranged "
            "or Gauss shot of your side that reaches an entry (a small orange arrow pointing "
            "in) leaves again from the exit (the big orange arrow), in the same phase, with the "
            "shooter's strength. The Tripler sends it out of all three exits: three attacks. "
            "Shots sent round a loop of redirectors come back forever: infinitely many copies.",
            "The Trap is a module with no link. An enemy hit on its marked edge (the yellow and "
            "black stripes) makes it explode: 1 wound to every unit on the six hexes around it. "
            "The Officer, Medic and Main War Processor have a long link (a doubled green tab): "
            "it reaches the friendly units 1 and 2 hexes away on that side.",
            "Once in each of your turns the Doomsday HQ may turn one of your units anywhere on "
            "the board: click the unit (or the HQ: turn a unit button), turn it with the wheel "
            "or Q/E, click it again to confirm. The Small Bomb hits three hexes that touch each "
            "other: click them one by one (the legal hexes are lit), then click one again.",
        ],
    ),
    (
        "Variants and Mercenaries",
        [
            "Game options on the new-game screen. Alternative start: the first player's first "
            "turn draws 3, discards 1 and plays at most one tile. Reinforcements: hands of up "
            "to 6 (the first turns draw 4 and 5), discard one only with 6 in hand, play at "
            "most 2 tiles a turn; the unlucky draw then names three of the drawn instants.",
            "No unlucky draw: three instants in hand must be kept or discarded as usual.",
            "Mercenaries: four units any army may hire, one or two each, picked in turn before "
            "the HQs or dealt at random. Yours lie beside your deck for all to see; at a draw "
            "you may take one instead of a deck tile, even once the deck is empty. Taken, it "
            "is an ordinary tile of your army.",
        ],
    ),
    (
        "The Mad Bomber",
        [
            "A game option (Game options on the new-game screen): off, neutral or mercenary. "
            "The Mad Bomber (a black bomb, hazard stripes on all six edges, grey ring when it "
            "is nobody's) starts on the centre hex before the HQs. It has no attack and one "
            "hit point, and it is every player's enemy.",
            "Any hit sets it off (an attack, a Sniper, a Grenade, shrapnel), unless it is "
            "netted: 1 wound to every unit around it but the HQs. Then it goes face up on top "
            "of the next player's deck (the seat after whoever hit it): the panel shows it, "
            "and that player draws it first. Hit by two players at once, it leaves the game.",
            "Drawn, it is a tile like any other: place it, keep it or discard it (a discarded "
            "one goes to the next deck too). In the mercenary mode whoever places it owns it: "
            "it explodes only at that player's enemies, HQs included.",
        ],
    ),
    (
        "The end of the game",
        [
            "When a player draws the last tile of a deck, no more Battle tiles may be played. "
            "Everyone takes one more turn, then the final battle decides: more HQ hit points "
            "wins. A tie gives each player one more turn and an overtime battle.",
            "The game saves itself after every turn; Continue in the main menu picks it up.",
        ],
    ),
]

ARMIES: dict[str, str] = {
    "borgo": (
        "Borgo: mutant hordes. Many cheap, fast melee units, a Net Fighter that strikes hard, "
        "Grenades; the HQ makes its neighbours act earlier."
    ),
    "moloch": (
        "Moloch: the machines. Tough shooters, the Gauss Cannon, Blockers, the Clown's "
        "explosion, Air Strike and Push Back; the HQ adds +1 ranged."
    ),
    "hegemony": (
        "Hegemony: gangs. Strong melee, the Universal Soldier, Transport and the "
        "Quartermaster, a Sniper; the HQ adds +1 melee."
    ),
    "outpost": (
        "Outpost: the resistance. Commandos and Annihilators shoot, Mobile Armor attacks "
        "twice, Scoper and Saboteur steal and slow; the HQ gives an extra attack."
    ),
    "smart": (
        "Smart: the machine mind. Shooters, a Gauss Cannon, the Transporter and the returning "
        "Bio-droid, Terror; the HQ lets a neighbour move once a turn."
    ),
    "vegas": (
        "Vegas: the casino city. The HQ and Agitators take enemy units over, Mines, Castling "
        "and Rotation; the Vegas HQ is placed last."
    ),
    "doomsday": (
        "Doomsday Machine: shooters whose shots redirectors turn and split (a loop never "
        "stops), a Trap, long links, the Small Bomb; the HQ turns a unit each turn."
    ),
}

NEUTRAL_UNIT = (
    "Neutral: nobody's. Every player's enemy; any hit sets it off (unless netted), then it goes"
    " on top of the next player's deck."
)
MAD_BOMBER_GONE = "The Mad Bomber leaves the game (hit by two players at once)."

KIND_NAMES = {
    "hq": "Headquarters",
    "warrior": "Unit",
    "module": "Module",
    "instant": "Instant",
    "foundation": "Foundation (not a unit)",
}


# A rule reference inside a parenthesis of the engine's words: "FAQ-98", "FAQ-224 to
# FAQ-226", "D-16", "Duel rulebook special rules". Players read what a rule does; where it is
# written is the rules page's small print.
_REFERENCE = re.compile(
    r"^\s*(?:(?:FAQ|D)-\d+(?:\s+to\s+(?:FAQ|D)-\d+)?|(?:Duel )?rulebook(?: special rules)?)\s*$"
)


def without_references(text: str) -> str:
    """``text`` without its rule references: ``(Duel rulebook; FAQ-98, FAQ-224)`` goes,
    ``(not an ally's, FAQ-385)`` becomes ``(not an ally's)``."""

    def plain(match: re.Match[str]) -> str:
        parts = re.split(r"[;,]", match.group(1))
        kept = [p.strip() for p in parts if not _REFERENCE.match(p)]
        if len(kept) == len(parts):
            return match.group(0)
        return f" ({', '.join(kept)})" if kept else ""

    return re.sub(r"\s*\(([^()]*)\)", plain, text)


def tile_description(info: dict) -> list[str]:
    """The lines that say what a tile does, from the engine's printed data (in plain words:
    no rule references)."""
    return [without_references(line) for line in _tile_lines(info)]


def _tile_lines(info: dict) -> list[str]:
    lines: list[str] = []
    kind = info.get("kind")
    short = str(info.get("id", "")).partition(".")[2]
    if kind == "instant":
        lines.append(INSTANTS.get(short) or str(info.get("text") or "An instant action."))
        return lines
    if kind == "warrior" or kind == "hq":
        initiative = info.get("initiative") or []
        if initiative:
            lines.append("Initiative " + " and ".join(str(i) for i in initiative) + ".")
        elif kind == "warrior":
            lines.append("No initiative: it never attacks.")
    attacks = []
    marks = tileart.edge_marks(info)
    for e, edge in enumerate(info.get("edges") or []):
        names = ("front", "front right", "back right", "back", "back left", "front left")
        parts = []
        if edge.get("gauss"):
            parts.append("Gauss beam")
        elif edge.get("ranged"):
            parts.append(f"ranged {edge['ranged']}")
        if edge.get("melee"):
            parts.append(f"melee {edge['melee']}")
        if edge.get("net"):
            parts.append("net")
        if edge.get("armor"):
            parts.append("armor")
        mark = marks.get(e)
        if mark == "long_link":
            parts.append("long link (1 and 2 hexes)")
        elif edge.get("link") and kind != "hq":
            parts.append("link")
        if mark == "entry":
            parts.append("entry")
        elif mark == "exit":
            parts.append("exit")
        elif mark == "trigger":
            parts.append("marked edge")
        if parts:
            attacks.append(f"{names[e]}: {', '.join(parts)}")
    if attacks and kind != "hq":
        lines.append("; ".join(attacks) + ".")
    toughness = int(info.get("toughness") or 0)
    if toughness and kind != "hq":
        lines.append(f"Toughness {toughness}: dies at {toughness + 1} wounds.")
    if info.get("mobility"):
        lines.append("Mobility: may move one hex (and turn) once per turn.")
    for ability in info.get("ability_texts") or []:  # the engine's words, as they are
        if ability.get("text"):
            lines.append(str(ability["text"]))
    if not info.get("abilities") and info.get("text") and kind != "hq":
        lines.append(str(info["text"]))
    return lines


POINTS_HQ = "Its wounds score: each one an enemy deals it is a point for that enemy (first to 20)."


def points_game_line(line: str) -> str:
    """A tile's line as it holds in the points game, where HQs have no hit points and are never
    destroyed (the engine's HQ text speaks of the base game): ``20 hit points, `` dropped,
    ``Destroy the enemy HQ to win.`` replaced by how HQ wounds score."""
    line = re.sub(r"\b\d+ hit points?,?\s*", "", line)
    return re.sub(r"Destroy the enemy HQ to win\.?", POINTS_HQ, line).strip()
