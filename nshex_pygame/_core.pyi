"""Type stub of the native module ``nshex_pygame._core`` (built from rust_core/nshex_py).

Import it through :mod:`nshex_pygame.core`, never directly. Names starting with ``_`` exist
only in this stub (typing helpers).
"""

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, Literal, NotRequired, TypedDict, final, overload

class _Unit(TypedDict):
    seat: int
    tile: str
    at: tuple[int, int]
    facing: int
    wounds: int

class _UnitAnalysis(TypedDict):
    at: list[int]
    seat: int
    tile: str
    netted: bool
    initiative: list[int]
    initiative_bonus: int
    melee_bonus: int
    ranged_bonus: int
    linked_from: list[list[int]]
    links_to: list[list[int]]
    protected_by: list[list[int]]
    transport: bool
    quartermaster: bool

class _Phase(TypedDict):
    initiative: int
    events: list[dict[str, Any]]

class _ArenaResult(TypedDict):
    a: str
    b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int
    win_rate_a: float
    wilson95: list[float]

class _SelftestResult(TypedDict):
    ok: bool
    a: str
    b: str
    seed: int
    actions: int
    battles: int
    turns: int
    hq_hp: list[int]
    winner: int | Literal["draw"] | None

class _BenchRow(TypedDict):
    name: str
    what: str
    ops: int
    per_second: float
    target_per_second: float

class _ScriptResult(TypedDict):
    hq_hp: list[int]
    units: list[dict[str, Any]]
    winner: int | Literal["draw"] | None
    to_move: int
    stage: Literal["place_hq", "draw", "discard", "main", "push_to", "over"]
    hands: list[list[str]]
    discards: list[list[str]]
    deck_sizes: list[int]
    battles: int

class _TileEdge(TypedDict):
    melee: int
    ranged: int
    armor: bool
    net: bool
    link: bool
    gauss: bool
    takeover: bool
    entry: bool
    exit: bool
    trigger: bool
    long_link: bool

class _AbilityText(TypedDict):
    keyword: str
    badge: str
    text: str

class _TileInfo(TypedDict):
    id: str
    army: str
    name: str
    kind: str
    count: int
    initiative: list[int]
    edges: list[_TileEdge]
    toughness: int
    mobility: bool
    abilities: list[str]
    text: str
    ability_texts: list[_AbilityText]

_Seat = int | Literal["neutral"]
_Winner = int | list[int] | Literal["draw"] | None

class _ViewUnit(TypedDict):
    at: list[int]
    seat: _Seat
    controller: _Seat
    tile: str
    facing: int
    wounds: int
    placed: int

class _BoardEffect(TypedDict):
    at: list[int]
    netted: bool
    initiative_bonus: int
    melee_bonus: int
    ranged_bonus: int
    protected_by_medic: bool

class _GameView(TypedDict):
    """``Game.view()`` and ``Game.observation(seat)``: the game as data (the save's state
    and what the board makes of it); an observation sorts the decks."""

    armies: list[str]
    board: Literal["standard", "expanded", "duel"]
    mode: Literal["standard", "deathmatch", "points", "one_vs_team", "team"]
    options: dict[str, Any]
    seats: int
    turn: int
    to_move: int
    current_player: int
    stage: dict[str, Any]
    units: list[_ViewUnit]
    hq_hp: list[int]
    hands: list[list[str]]
    decks: list[list[str]]
    deck_sizes: list[int]
    discards: list[list[str]]
    known_top: list[int]
    mercenaries: list[list[str]]
    drawn_now: int
    played: int
    next_placed: int
    battles: int
    energy: list[int]
    foundations: list[Any]
    terror: list[Any]
    rotations: list[Any]
    credits: dict[str, Any] | None
    ending: dict[str, Any]
    ending_by: int | None
    exchange_open: bool
    used_grant: list[Any]
    used_mobility: list[Any]
    used_rotate: bool
    used_transport: list[Any]
    turns_taken: list[int]
    eliminated: list[int]
    eliminated_in: list[int]
    manual_battle_choices: list[int]
    terminals: list[list[int]]
    links: list[list[int]]
    board_effects: list[_BoardEffect]
    procedure_costs: dict[str, int]
    hand_limit: int
    plays_left: int | None
    sides: list[list[int]]
    results: list[int]
    ranking: list[int]
    outcome: _Winner
    winner: _Winner

class _BattleQuestion(TypedDict):
    kind: Literal["clown", "convert", "medic"]
    seat: int
    phase: int
    at: NotRequired[list[int]]
    """The Clown or the converting unit (clown, convert)."""
    edges: NotRequired[list[int]]
    """The printed edges that can be converted (convert)."""
    options: list[int]
    automatic: int
    before: list[dict[str, Any]]
    hq_hp_before: list[int]
    phases: list[dict[str, Any]] | None

class _PuzzleOutcome(TypedDict):
    plays: int
    needed: int
    done: bool
    won: bool
    shortfall: int

build_profile: Literal["release", "debug"]
CHANCE: Final = -1
"""``Game.current_player()`` while a tile is drawn (a chance node)."""
TERMINAL: Final = -4
"""``Game.current_player()`` once the game is over."""

class ScenarioError(ValueError):
    """A scenario that cannot be loaded; the message is ``"<name>:<line>: <what is wrong>"``."""

class EngineError(RuntimeError):
    """The engine failed on a valid position."""

class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message says why. The game is unchanged."""

class Refusal(IllegalActionError):
    """An action the rules refuse now, in parts; ``str()`` is the one line ``seat 0, during
    the turn: ...``. The game is unchanged."""

    seat: int | None
    """The seat that was to decide; None at a tile draw or after the end."""
    stage: str
    """What the game waited for: ``"the turn"``, ``"the HQ placement"``, ``"a takeover
    rotation"``, ..."""
    reason: str
    """Why, in words, without rule references (what a player reads)."""
    rules: tuple[str, ...]
    """The rule references of the reason: ``"FAQ-374"``, ``"D-12"``, ``"Duel rulebook"``."""
    action: int
    """The refused action's number."""

class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the field or action."""

def tile_ids(army: str | None = None) -> list[str]: ...
def tile_info(tile_id: str) -> _TileInfo:
    """What a tile is, as printed: kind, initiative, edges, toughness, abilities (keywords)
    and ``ability_texts`` ({"keyword", "badge", "text"} for each)."""

def ability_texts() -> list[_AbilityText]:
    """Every ability keyword of the tile data with its badge and text (one source for the
    client's tiles, tooltips and rules pages)."""

@final
class Position:
    @staticmethod
    def from_toml(text: str, name: str = "<scenario>", test_tables: bool = False) -> Position: ...
    @staticmethod
    def from_file(path: str | os.PathLike[str]) -> Position: ...
    @property
    def armies(self) -> list[str]: ...
    @property
    def hq_hp(self) -> list[int]: ...
    @property
    def units(self) -> list[_Unit]: ...
    @property
    def board(self) -> Literal["standard", "expanded", "duel"]: ...
    def resolve_battle(
        self, choices: dict[str, Any] | None = None, log: bool = True
    ) -> BattleResult:
        """A battle on a copy; with ``log=False`` no log is kept (``phases`` is empty)."""
    def time_battle(self, n: int = 10_000, log: bool = True) -> float:
        """Seconds one battle on this position takes in the engine itself (``n`` battles on
        copies, timed inside Rust with the GIL released), with or without a log."""
    def analysis(self) -> list[_UnitAnalysis]:
        """What the board does to each unit now: nets, links, bonuses, firing phases."""
    def to_dict(self) -> dict[str, Any]: ...

@final
class BattlePhases(Sequence[_Phase]):
    """A battle's phases as a read-only sequence; a phase becomes its dict when read."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> _Phase: ...
    @overload
    def __getitem__(self, key: slice, /) -> list[_Phase]: ...
    def __iter__(self) -> Iterator[_Phase]: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class BattleResult:
    @property
    def hq_hp(self) -> list[int]: ...
    @property
    def winner(self) -> int | list[int] | Literal["draw"] | None: ...
    @property
    def units(self) -> list[_Unit]: ...
    @property
    def phases(self) -> BattlePhases:
        """The phases, highest first; each is made into its dict when read."""
    @property
    def events(self) -> tuple[tuple[Any, ...], ...]:
        """Every event of the log as one compact tuple, highest phase first, for programs
        that read everything (about four times cheaper than the dicts of ``phases``):
        ``(initiative, kind, ...)`` with cells as indices into ``cells`` and -1 for none:
        netted/slot_lost/explode ``cell``; controlled ``cell, seat``; converted ``cell,
        edge, to_ranged``; attack ``cell, edge, dir, melee, ranged, gauss, reach``; hit and
        armor ``target, from, dir, wounds|blocked``; save ``medic, target, from, dir,
        wounds``; hq_damage ``seat, amount, hp``; redirected ``cell, dir, copies (-1:
        infinite), to``; scored ``seat, points, total``; removed ``cell, tile, seat (-1:
        neutral), cause``."""
    @property
    def unit_tuples(self) -> tuple[tuple[int, str, int, int, int], ...]:
        """The units after the battle as ``(cell, tile, seat, facing, wounds)`` (cells as in
        ``cells``, seat -1 for a neutral Mad Bomber); ``units`` gives them as dicts."""
    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The hex ``(q, r)`` of each cell index that ``events`` uses."""
    @property
    def position(self) -> Position: ...
    @property
    def changed(self) -> bool:
        """Whether the battle changed anything (a wound, HQ damage or a removal)."""
    def to_json(self) -> str: ...

@final
class Game:
    def __new__(
        cls,
        armies: list[str],
        seed: int = 0,
        board: str = "standard",
        manual_battle_choices: list[int] = ...,
        mode: str | None = None,
        variants: list[str] = ...,
        mercenaries: int = 0,
        random_mercenaries: bool = False,
        mad_bomber: str = "off",
    ) -> Game:
        """``board``: "standard", "expanded" or "duel" (the names are checked: ValueError
        names an unknown one, as for the mode, the variants and the Mad Bomber).
        ``manual_battle_choices``: the seats that answer their own battle choices (a
        Clown's explosion, a Quartermaster conversion, which attack a medic takes); the
        others get the automatic answers (docs/RULES.md "Player choices", D-4). ``mode``:
        2 to 4 armies play "standard" (two seats, the default with two), "deathmatch" (the
        default with more), "points", "one_vs_team" (three) or "team" (four); ValueError
        names a mode the seats cannot play. ``variants``: any of "alternative_start",
        "reinforcements", "no_unlucky_draw" (D-31). ``mercenaries``: how many Mercenaries
        each seat hires (0, 1, or 2 with two seats; D-25), picked in turn order before the
        HQs (``hire TILE``) or, with ``random_mercenaries``, dealt from the seed.
        ``mad_bomber``: "off", "neutral" or "mercenary" (D-24); with it the neutral Mad
        Bomber stands on the centre hex before the HQs, its unit dict's ``seat`` is
        ``"neutral"``."""
    @property
    def manual_battle_choices(self) -> list[int]: ...
    @manual_battle_choices.setter
    def manual_battle_choices(self, seats: list[int]) -> None:
        """Only before the game's first action (IllegalActionError after it)."""
    def battle_question(self) -> _BattleQuestion | None:
        """The battle choice the game waits for: ``kind`` ("clown", "convert", "medic"),
        ``seat``, ``phase``, ``at`` (clown/convert), ``edges`` (convert), ``options`` and
        ``automatic`` (action numbers), and the battle so far (``before``,
        ``hq_hp_before``, ``phases``); None when no battle waits."""
    @staticmethod
    def from_scenario(text: str, name: str = "<scenario>", seed: int = 0) -> Game: ...
    @staticmethod
    def load(text: str) -> Game: ...
    def save(self) -> str: ...
    def current_player(self) -> int:
        """A seat number, ``CHANCE`` (-1) while a tile is drawn, or ``TERMINAL`` (-4)."""
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def apply_line(self, line: str) -> None: ...
    def battle_after_each_action(self) -> list[tuple[int, list[int]]]:
        """Every legal action with the HQ hit points after the battle that would follow it,
        in one call with the GIL released."""
    def random_playouts(self, count: int, seed: int, resample: bool = True) -> list[list[float]]:
        """Plays ``count`` games on to their end with uniformly random decisions, in one call
        with the GIL released: per playout, each seat's result (1.0 win, 0.5 draw or shared
        win, 0.0 loss). ``resample`` shuffles the hidden deck orders before each playout."""
    def can_take_back(self, action: int) -> bool:
        """Whether the action, applied now, could be taken back within the turn (an undo):
        it reveals nothing hidden (no draw, no battle) and hands no decision to anybody else."""
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, line: str, check: bool = True) -> int: ...
    def describe_action(self, action: int) -> dict[str, Any]: ...
    def legal_actions_described(self) -> list[tuple[int, dict[str, Any]]]:
        """Every legal action with what ``describe_action`` gives for it, in the order of
        ``legal_actions()``, in one call."""
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def natural_draw(self) -> int | None: ...
    def drawing(self) -> tuple[int, int] | None: ...
    def resample_hidden(self, seed: int) -> None: ...
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def view(self) -> _GameView: ...
    def observation(self, seat: int) -> _GameView: ...
    def state_json(self) -> str: ...
    def history(self) -> list[str]: ...
    def last_battle(self) -> dict[str, Any] | None: ...
    @property
    def winner(self) -> int | list[int] | Literal["draw"] | None:
        """A seat; a list of seats (a team, or seats sharing the win); "draw"; or None."""
    @property
    def battles(self) -> int: ...
    @property
    def mode(self) -> Literal["standard", "deathmatch", "points", "one_vs_team", "team"]: ...
    @property
    def variants(self) -> list[str]: ...
    @property
    def mad_bomber(self) -> Literal["off", "neutral", "mercenary"]: ...
    @property
    def mercenaries_per_seat(self) -> int: ...
    def mercenaries(self, seat: int) -> list[str]:
        """A seat's unused Mercenaries (tile ids; public, D-25)."""
    def deck_tops(self) -> list[list[str]]:
        """Per seat, the tiles known on top of its deck, the next drawn first: a passed-on
        Mad Bomber (D-24), returned Bio-droids (D-34)."""
    @property
    def eliminated(self) -> list[int]: ...
    @property
    def ranking(self) -> list[int]:
        """Each seat's place, 1 = first (D-26)."""
    @property
    def position(self) -> Position: ...
    # The learning interface (docs/RL.md): the fixed action encoding and the observation.
    def num_distinct_actions(self) -> int:
        """How many encoded action numbers there are (depends only on the parameters)."""
    def encoded_legal_actions(self) -> list[int]:
        """The legal encoded action numbers, ascending (at a chance node: tile slots)."""
    def action_mask(self) -> bytes:
        """``num_distinct_actions()`` bytes, 1 for a legal encoded action."""
    def apply_encoded(self, a: int) -> None:
        """Applies an encoded action (a tile slot at a chance node)."""
    def decode_action(self, a: int) -> int:
        """The engine action number of an encoded action (of a tile slot's draw)."""
    def encode_action(self, action: int) -> int:
        """The encoded number of an engine action number (a draw: its tile slot)."""
    def encoded_chance_outcomes(self) -> list[tuple[int, float]]:
        """(tile slot, probability) for each tile that can be drawn now."""
    def observation_tensor(self, seat: int) -> bytes:
        """The seat's observation as float32 bytes (``numpy.frombuffer``)."""
    def observation_shape(self) -> tuple[int, int, int]:
        """(planes, cells, vector): ``planes * cells + vector`` floats."""
    def action_blocks(self) -> list[tuple[str, int, int]]:
        """The encoding's blocks: (name, first number, size), in order."""
    def tile_slots(self) -> list[str]:
        """The tile ids of the encoding's tile slots, in slot order."""
    def returns(self) -> list[float]:
        """Per seat: +1 a win (of its side), -1 a loss, 0 a draw or a win shared with a
        rival; all 0 while the game goes on."""

class _MoveConsidered(TypedDict):
    action: int
    line: str
    visits: int
    share: float
    value: float | None

class _BotAnalysis(TypedDict):
    action: int
    iterations: int
    moves: list[_MoveConsidered]
    line: list[str]
    reason: str

class _BotProgress(TypedDict):
    thinking: bool
    iterations: int
    best: int | None

BOT_NAMES: Final[list[str]]
# Iterations a decision of each searching level on one thread.
LEVEL_ITERATIONS: Final[dict[str, int]]
"""The bot names ``Bot`` knows, weakest first: random, greedy, flatmc, easy, medium, hard."""

@final
class Bot:
    """A bot by name, optionally with settings (``"hard:iters=20000,threads=2"``)."""
    def __new__(cls, name: str, seed: int = 0) -> Bot: ...
    @property
    def name(self) -> str: ...
    def choose(self, game: Game) -> int:
        """The action for the current seat decision; releases the GIL while it thinks."""
    def analyze(self, game: Game) -> _BotAnalysis:
        """Chooses as ``choose`` does and says why: ``{"action", "iterations", "moves":
        [{"action", "line", "visits", "share", "value"}, ...], "line": [notation, ...],
        "reason": str}`` (the most visited moves first, at most five; the principal line)."""
    def cancel(self) -> None:
        """Stops a running ``choose`` (it answers with its best action so far)."""
    def progress(self) -> _BotProgress:
        """Iterations and best action of the current or last search; callable meanwhile."""

def arena(
    a: str,
    b: str,
    games: int,
    armies: tuple[str, str] | None = None,
    seed: int = 0,
    threads: int = 1,
    variants: list[str] = ...,
    mercenaries: int = 0,
    random_mercenaries: bool = False,
    mad_bomber: str = "off",
    first_game: int = 0,
    board: str = "standard",
    pairings: list[tuple[str, str]] | None = None,
) -> _ArenaResult: ...
def default_weights(variants: list[str] = ...) -> str:
    """The evaluation's shipped weights as JSON text, every weight named, for a game with these
    variants (the Reinforcements set or the base set; an unknown variant raises ValueError); a
    bot takes other values in its name (``hard:w.material=0.35``)."""

def arena_multi(
    bots: list[str],
    mode: str,
    games: int,
    armies: list[str] | None = None,
    board: str = "standard",
    seed: int = 0,
    threads: int = 1,
    first_game: int = 0,
) -> dict[str, Any]:
    """Three or four bots, one a seat, for ``games`` games of ``mode`` ("deathmatch",
    "points", "one_vs_team", "team"). The seats rotate from game to game so that every bot
    plays every seat; the armies (default the four base armies) cycle as well. Returns
    ``mode``, ``board``, ``games`` and per bot (``bots``, in the order given): ``bot``,
    ``games``, ``wins``, ``shared`` (a win shared with other sides, or a draw), ``win_rate``
    (shared count half), ``wilson95``, ``mean_rank`` and ``rank_sum``. The result for a seed
    does not depend on ``threads``; ``first_game`` plays games ``first_game .. first_game +
    games`` of the seed instead (ranges add up to the one run). A bad bot, army, mode or seat
    count raises ``ValueError``."""

def selftest(seed: int = 1, a: str = "greedy", b: str = "random") -> _SelftestResult: ...
def bench_core(quick: bool = False) -> list[_BenchRow]: ...
def bench_ops(name: str, n: int) -> int: ...
def script_json(
    text: str, name: str = "<script>"
) -> tuple[_ScriptResult, tuple[int, str, str, int] | None]: ...

@final
class Puzzle:
    """A Hex Puzzle: a position, the offered tiles, how many must be played, the goal."""
    def __new__(cls, text: str, name: str = "<puzzle>") -> Puzzle: ...
    @property
    def title(self) -> str: ...
    @property
    def difficulty(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def play(self) -> int: ...
    @property
    def offer(self) -> list[str]: ...
    @property
    def goal(self) -> dict[str, Any]: ...
    def game(self) -> Game:
        """A new game of the puzzle: the player to move, holding the offer."""
    def outcome(self, game: Game) -> _PuzzleOutcome:
        """{"plays", "needed", "done", "won", "shortfall"} for a game played from ``game()``."""
    def solve(
        self,
        max_positions: int | None = None,
        seconds: float | None = None,
        progress: Callable[[int], object] | None = None,
    ) -> dict[str, Any]:
        """{"solutions", "unique", "examined", "candidates", "near_misses", "explanation",
        "too_large": False}; with a budget (``max_positions``, ``seconds``) that runs out,
        {"too_large": True, "examined", "seconds"}. ``progress`` is called with the
        positions examined so far about every quarter of a second."""
    def to_toml(self) -> str: ...

def resolve_battles(positions: list[Position], log: bool = False) -> list[BattleResult]:
    """A battle on a copy of each position, in one call with the GIL released."""

def puzzle_generate(difficulty: str, seed: int, max_attempts: int = 20000) -> Puzzle:
    """A new puzzle with exactly one solution and that measured difficulty."""
