"""Learn by playing: short lessons on the real board, one thing at a time.

Each lesson is a position written as a scenario (TOML, loaded by the engine's
``Game.from_scenario``) and a few steps. A step names the one action it teaches in the action
notation; the coach turns it into the engine's action numbers (``string_to_action``) and
accepts only those, so a lesson can never teach an illegal move: the engine's legality still
applies on top. A step may leave a part open ("place moloch.hunter_killer *": anywhere, any
facing): then every legal action whose notation starts so is accepted; or list the facings
that do what it teaches ("place moloch.guard 0,1 1|2": either of two facings aims at the
target).

The learner plays Moloch (seat 0) against Hegemony (seat 1) throughout.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nshex_pygame.core import Game, IllegalActionError

LEARNER = 0
ARMIES = ("moloch", "hegemony")
DECK_FILLER = {  # a few tiles no lesson uses, so no lesson runs into the game's ending
    "moloch": ["moloch.juggernaut", "moloch.hornet", "moloch.stormtrooper", "moloch.protector"],
    "hegemony": ["hegemony.thug", "hegemony.gladiator", "hegemony.net_master", "hegemony.boss"],
}


def scenario(
    units: list[tuple[int, str, tuple[int, int], int]],
    hand: list[str],
    draw: list[str],
    hq_hp: tuple[int, int] = (20, 20),
) -> str:
    """The TOML of a lesson's position: ``units`` as (seat, tile, hex, facing), the learner's
    ``hand`` and the tiles it ``draw``s at the start of its turn (the top of its deck)."""
    lines = [
        "[game]",
        f"armies = {list(ARMIES)!r}".replace("'", '"'),
        f"hq_hp = [{hq_hp[0]}, {hq_hp[1]}]",
        "to_move = 0",
    ]
    for seat, tile, at, facing in units:
        lines += ["", "[[unit]]", f"seat = {seat}", f'tile = "{tile}"']
        lines += [f"at = [{at[0]}, {at[1]}]", f"facing = {facing}"]
    tiles = ", ".join(f'"{t}"' for t in hand)
    lines += ["", "[[hand]]", "seat = 0", f"tiles = [{tiles}]"]
    for seat, army in enumerate(ARMIES):
        deck = (draw if seat == LEARNER else []) + DECK_FILLER[army]
        tiles = ", ".join(f'"{t}"' for t in deck)
        lines += ["", "[[deck]]", f"seat = {seat}", f"tiles = [{tiles}]"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Step:
    say: str  # what to do, in words
    line: str  # the action taught, in notation ("... *": any action starting so; "a|b")
    then: str = ""  # what it did, said once it is played


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
                "Put the Guard on 0,1, then turn it (Q and E, or the mouse wheel) until one of "
                "its arrows points north-east, along 1,0 at the Runner on 2,-1. Confirm.",
                "place moloch.guard 0,1 1|2",
                "Aimed: in a battle its shot would fly along 1,0 and hit the Runner.",
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
                "Put the Hunter-Killer (initiative 3) on 0,1 with an arrow pointing north, at "
                "the Runner (initiative 2) on 0,0.",
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
                "Put the Guard on 0,1 with an arrow pointing north: its shot goes up through "
                "0,0 and 0,-1.",
                "place moloch.guard 0,1 0|1",
                "The Ganger on 0,-2 is in its line of fire, two hexes away.",
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
                "The Universal Soldier on -2,1 shoots south-east along -1,1 and 0,1. Put the "
                "Blocker on 0,1 with its armored front facing north-west, at the shooter.",
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
                "The Ganger on 0,0 would strike south at 0,1. Put the Net Fighter on 0,1 "
                "with a net edge pointing north, at the Ganger.",
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
                "The Guard on 0,1 hits the Hegemony Guard (2 hit points) for only 1. Put the "
                "Officer on 1,0 with a link edge pointing south-west, at the Guard.",
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
                "The Hegemony HQ on 0,-1 has 2 hit points left. Put the Hunter-Killer on 0,0 "
                "with an arrow pointing north, at the enemy HQ.",
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
        outro="You know the game now. Start a new game from the main menu; the rules and the "
        "symbols page are there to look things up.",
    ),
)


def base(line: str) -> str:
    """An action's notation without its facing (what the player picks before turning)."""
    words = line.split()
    if words and words[0] == "place" and len(words) == 4:
        return " ".join(words[:3])
    return line


def spelled_out(line: str) -> list[str]:
    """A step's line with its alternatives written out: ``a 1|2`` is ``a 1`` and ``a 2``."""
    out = [""]
    for word in line.split():
        out = [f"{head} {alt}".strip() for head in out for alt in word.split("|")]
    return out


def expected(game: Game, step: Step) -> set[int]:
    """The engine's numbers of the actions the step accepts (legal ones only)."""
    legal = set(game.legal_actions())
    if step.line.endswith("*"):
        prefix = step.line[:-1]
        return {a for a in legal if game.action_to_string(a).startswith(prefix)}
    out = set()
    for line in spelled_out(step.line):
        try:
            out.add(game.string_to_action(line))
        except IllegalActionError:
            continue
    return out & legal


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
        teaches the facing (the wrong ones are refused with the step's hint)."""
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
