//! A game's state as plain data, and the two ways to make a game from outside: from a set-up
//! (a position, hands and decks at the start of a turn, as a scenario gives them) and from a
//! complete state (as a save holds it). Both check that the rules could reach what they are
//! given, and infer what the rules imply (turns taken, the ending sequence), so no caller
//! writes a game's fields or works out rule state itself.

use super::checks::{check_in_progress, check_position, PositionFacts};
use super::{
    duel, duel_tiles, takeovers_possible, AfterBattle, CreditWait, Ending, Game, Hand, MadBomber,
    Options, Stage,
};
use crate::battle::Answer;
use crate::hex::BoardKind;
use crate::position::Position;
use crate::seats::MAX_SEATS;
use crate::seats::NEUTRAL;
use crate::sides::{Mode, Outcome};
use crate::tiles::{tiles, ArmyId, TileId};
use std::fmt;

/// Everything a game's state holds, for saving and loading: the part of a [`Game`] that is
/// its state, which the game holds as it is. A state made by [`Game::state`] gives the same
/// game back through [`Game::from_state`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    pub pos: Position,
    /// Per seat, the tiles in hand.
    pub hands: Vec<Hand>,
    /// Per seat, the deck; the top is the LAST element (drawing pops).
    pub decks: Vec<Vec<TileId>>,
    pub discards: Vec<Vec<TileId>>,
    pub to_move: u8,
    /// Turns started so far (HQ placement is not a turn).
    pub turn: u32,
    /// Turns each seat has started.
    pub turns_taken: [u32; MAX_SEATS],
    pub stage: Stage,
    pub ending: Ending,
    pub outcome: Option<Outcome>,
    /// Cells of the units that used Mobility / a Transport move this turn (the bits move
    /// with the units).
    pub used_mobility: u64,
    pub used_transport: u64,
    /// Battles fought so far.
    pub battles: u32,
    /// Seats that answer their own battle choices (bit mask); the others get the automatic
    /// answers (D-4). Set when the game is made; it does not change during a game.
    pub manual_choices: u8,
    /// With `Stage::BattleChoice`: what follows the waiting battle, and the answers so far
    /// (the game keeps the question it waits on beside the state).
    pub waiting: Option<(AfterBattle, Vec<Answer>)>,
    /// Cells of the units that used the Smart HQ's grant this turn (they move with the units).
    pub used_grant: u64,
    /// Seats under Terror for their next turn (or this one, for the seat to move; D-32).
    pub terror: u8,
    /// Duel board: each seat's energy, 0..5 (D-16).
    pub energy: [u8; MAX_SEATS],
    /// Duel board: energy exchanges are open (until the seat's first other action, D-16).
    pub exchange_open: bool,
    /// Takeover rotations due (D-12): (the unit's placement number, the taking seat), in
    /// the order they are asked.
    pub rotations: Vec<(u16, u8)>,
    /// Per seat, how many tiles on top of the deck are known (returned Bio-droids, D-34):
    /// they are drawn first, and no reshuffle of the hidden order moves them.
    pub known_top: [u8; MAX_SEATS],
    /// Seats out of the game (deathmatch, D-26), as a mask, and per seat the number of the
    /// battle that eliminated it (ranking: later is better).
    pub eliminated: u8,
    pub eliminated_in: [u32; MAX_SEATS],
    /// The Doomsday Machine HQ has turned a unit this turn (D-20).
    pub used_rotate: bool,
    /// Points game: own wounds of the last battle still to be given (FAQ-374).
    pub credit_wait: Option<CreditWait>,
    /// The seat whose draw of its deck's last tile began the ending sequence (`NO_SEAT`:
    /// none yet); it starts the Final Battle (FAQ-36).
    pub ending_by: u8,
    /// The variants and Mercenaries the game is played with.
    pub options: Options,
    /// Per seat, its unused Mercenaries (a bit mask over `TileSet::mercenaries`).
    pub mercs: [u8; MAX_SEATS],
    /// Tiles the seat to move has played this turn (the variants' limits, D-31), and drawn
    /// this turn (the unlucky draw with Reinforcements).
    pub played: u8,
    pub drawn_now: u8,
}

impl GameState {
    /// Makes `self` equal to `other` reusing `self`'s allocations (the derived `clone_from`
    /// would allocate anew). The fields that own memory are copied into; the struct update
    /// copies every other field, so a new field that is not `Copy` does not compile here.
    pub(super) fn copy_from(&mut self, other: &GameState) {
        let mut hands = std::mem::take(&mut self.hands);
        let mut decks = std::mem::take(&mut self.decks);
        let mut discards = std::mem::take(&mut self.discards);
        let mut rotations = std::mem::take(&mut self.rotations);
        let mut waiting = self.waiting.take();
        hands.clone_from(&other.hands);
        decks.clone_from(&other.decks);
        discards.clone_from(&other.discards);
        rotations.clone_from(&other.rotations);
        waiting.clone_from(&other.waiting);
        *self = GameState {
            pos: other.pos.clone(),
            hands,
            decks,
            discards,
            rotations,
            waiting,
            credit_wait: other.credit_wait.clone(),
            ..*other
        };
    }
}

/// Why a state or a set-up is not one the rules can reach: the field at fault (empty when it
/// is the state as a whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError {
    pub field: &'static str,
    pub message: String,
}

impl StateError {
    pub(super) fn new(field: &'static str, message: impl Into<String>) -> StateError {
        StateError {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for StateError {}

/// A game at the start of a turn, before its draw, as a scenario describes it: the board,
/// each seat's hand, deck and discard pile, whose turn and which turn. An empty board means
/// the HQ placement.
#[derive(Clone, Debug)]
pub struct Setup {
    pub pos: Position,
    pub hands: Vec<Hand>,
    /// Per seat, the deck; the top is the LAST element.
    pub decks: Vec<Vec<TileId>>,
    pub discards: Vec<Vec<TileId>>,
    pub to_move: u8,
    /// The turn about to start (1 and 2 are the first turns, which draw one and two tiles).
    pub turn: u32,
    /// The turn starts after its draw, with the hands as given: no tile is drawn and no
    /// discard is due (a puzzle gives its tiles this way).
    pub drawn: bool,
    /// Seats under Terror for their next turn (D-32).
    pub terror: u8,
    /// Duel board: each seat's energy (D-16).
    pub energy: [u8; MAX_SEATS],
    /// Seats already out of the game (deathmatch, D-26): nothing of theirs on the board, in
    /// hand or in the deck.
    pub eliminated: u8,
    /// The seat whose last draw began the ending sequence, when it has begun (`None`: an
    /// empty deck says so, the nearest one before the seat to move).
    pub ending_by: Option<u8>,
    /// The variants and Mercenaries the game is played with.
    pub options: Options,
    /// Per seat, its unused Mercenaries (a bit mask over `TileSet::mercenaries`).
    pub mercs: [u8; MAX_SEATS],
}

impl Setup {
    /// A set-up with nothing in anybody's hand, deck or discard pile: seat 0's turn 3.
    pub fn new(pos: Position) -> Setup {
        let n = pos.seats as usize;
        Setup {
            pos,
            hands: vec![Vec::new(); n],
            decks: vec![Vec::new(); n],
            discards: vec![Vec::new(); n],
            to_move: 0,
            turn: 3,
            drawn: false,
            terror: 0,
            energy: [0; MAX_SEATS],
            eliminated: 0,
            ending_by: None,
            options: Options::default(),
            mercs: [0; MAX_SEATS],
        }
    }
}

impl Game {
    /// The whole state as plain data.
    pub fn state(&self) -> GameState {
        self.state.clone()
    }

    /// A game from a complete state, checked: every army's tiles accounted for exactly once,
    /// a stage this position can be in, no full board outside a battle (P-17), an outcome
    /// exactly when the game is over, and a waiting battle whose answers lead to a question
    /// of the seat it names.
    pub fn from_state(mut s: GameState) -> Result<Game, StateError> {
        let seats = s.pos.seats as usize;
        if [s.hands.len(), s.decks.len(), s.discards.len()] != [seats; 3] {
            return Err(StateError::new(
                "",
                "hands, decks and discards: one list per seat",
            ));
        }
        s.options
            .check(s.pos.seats)
            .map_err(|m| StateError::new("options", m))?;
        let limit = s.options.hand_limit() as usize;
        check_position(&PositionFacts {
            pos: &s.pos,
            hands: &s.hands,
            decks: &s.decks,
            options: &s.options,
            eliminated: s.eliminated,
            terror: s.terror,
            hq_placement: s.turn == 0,
            over: s.stage == Stage::Over,
        })?;
        check_option_tiles(
            &s.pos,
            &s.options,
            &s.mercs,
            &s.hands,
            &s.decks,
            &s.discards,
        )
        .map_err(|(field, m)| StateError::new(field, m))?;
        if s.to_move as usize >= seats {
            return Err(StateError::new("to_move", "no such seat"));
        }
        check_every_tile_once(&s.pos, &s.hands, &s.decks, &s.discards)?;
        let waiting = waiting_battle(s.stage, s.waiting.take())?;
        // While a battle waits, the stage is set again when it is resumed below.
        let stage = if waiting.is_some() {
            Stage::Main
        } else {
            s.stage
        };
        check_duel_state(&s.pos, &s.energy, s.exchange_open, &s.known_top, &s.decks)?;
        let game = Game::of_state(s, stage);
        check_in_progress(&game.state)?;
        if game.state.eliminated >> game.state.to_move & 1 == 1 && game.state.stage != Stage::Over {
            return Err(StateError::new(
                "to_move",
                "an eliminated seat takes no more turns",
            ));
        }
        game.check_stage_reachable(waiting.is_some(), limit)?;
        let mut game = game;
        if let Some((then, answers, seat)) = waiting {
            game.resume_battle(then, answers, seat)
                .map_err(|e| StateError::new("stage", e))?;
        }
        Ok(game)
    }

    /// The game a checked state describes, at `stage` (a waiting battle is resumed after),
    /// its control settled from the board and its derived flags worked out.
    fn of_state(mut s: GameState, stage: Stage) -> Game {
        let seats = s.pos.seats as usize;
        let armies: Vec<ArmyId> = s.pos.armies[..seats].to_vec();
        // Control follows from the board (D-13), whatever the data said.
        s.pos.settle();
        s.stage = stage;
        Game {
            index: super::index::BoardIndex::of(&s.pos),
            energy_on: s.pos.board == BoardKind::Duel && seats == 2,
            state: s,
            last_battle: None,
            keep_battle_logs: true,
            pending: None,
            takeovers_before: None,
            takeovers_scratch: Vec::new(),
            takeovers_possible: takeovers_possible(&armies),
            duel_tiles: duel_tiles(&armies),
        }
    }

    /// The stage, the points to give and the board are ones the rules can reach (P-17), and
    /// the game has an outcome exactly when it is over. `waiting`: a battle waits for an
    /// answer; `limit`: the hand limit.
    fn check_stage_reachable(&self, waiting: bool, limit: usize) -> Result<(), StateError> {
        let game = &self.state;
        // The stage must be one the rules can reach from this position.
        let tm = game.to_move as usize;
        let credits = game.credit_wait.is_some();
        if credits && (game.pos.mode() != Mode::Points || waiting || game.outcome.is_some()) {
            return Err(StateError::new(
                "credits",
                "own wounds wait to be given only after a battle of the points game, before \
                 anything else",
            ));
        }
        let stage_ok = credits
            || match game.stage {
                Stage::PlaceHq => game.pos.hq_hex(game.to_move).is_none(),
                Stage::Hire => {
                    game.pos.units().all(|(_, u)| u.seat == NEUTRAL)
                        && game.hands.iter().all(|h| h.is_empty())
                        && self.next_picker() == Some(game.to_move)
                }
                Stage::Mercenary { left } => {
                    left > 0 && game.mercs[tm] != 0 && game.hands[tm].len() < limit
                }
                Stage::Draw { .. } => !game.decks[tm].is_empty() && game.hands[tm].len() < limit,
                Stage::Discard => game.hands[tm].len() == limit,
                Stage::Main if waiting => game.hands[tm].len() < limit,
                Stage::Main => game.hands[tm].len() < limit && !game.pos.is_full(),
                Stage::PushTo { target, options } => {
                    let geo = game.pos.geometry();
                    game.pos.cells[target as usize].is_some_and(|u| u.ctrl != game.to_move)
                        && options != 0
                        && (0..geo.len() as u8)
                            .filter(|&c| options >> c & 1 == 1)
                            .all(|c| {
                                game.pos.cells[c as usize].is_none()
                                    && geo.neighbors[target as usize].contains(&c)
                            })
                }
                Stage::Over => true,
                Stage::BattleChoice { .. } => false,
            };
        if !stage_ok {
            return Err(StateError::new(
                "stage",
                "not a stage this position can be in",
            ));
        }
        // P-17: a full board stands only in a battle (waiting for an answer) or a finished
        // game.
        if game.pos.is_full() && !waiting && game.stage != Stage::Over && !credits {
            return Err(StateError::new(
                "board",
                format!(
                    "all {} hexes hold tiles, which the rules never leave outside a battle (a \
                     battle would have started)",
                    game.pos.geometry().len()
                ),
            ));
        }
        if (game.stage == Stage::Over) != game.outcome.is_some() {
            return Err(StateError::new(
                "",
                "a finished game needs an outcome, and only a finished one",
            ));
        }
        Ok(())
    }

    /// A game from a set-up, at the start of `to_move`'s turn before its draw (or at the HQ
    /// placement when the board is empty). The rules' bookkeeping follows from the set-up:
    /// every seat has had its first turn unless this is turn 1 or 2; a seat whose deck is
    /// empty has drawn its last tile, which starts the ending sequence (FAQ-12). A full board
    /// is refused (P-17).
    pub fn from_setup(s: Setup) -> Result<Game, String> {
        let seats = s.pos.seats as usize;
        check_setup(&s)?;
        let armies: Vec<ArmyId> = s.pos.armies[..seats].to_vec();
        let mut g = Game::new(&armies, s.pos.board, 0);
        // No unit but a neutral Mad Bomber (set before the HQs): the HQs come next.
        let hq_placement = s.pos.units().all(|(_, u)| u.seat == NEUTRAL);
        g.state.pos = s.pos;
        g.state.pos.settle();
        g.index = super::index::BoardIndex::of(&g.state.pos);
        g.state.hands = s.hands;
        g.state.options = s.options;
        g.state.mercs = s.mercs;
        g.state.decks = s.decks;
        g.state.discards = s.discards;
        g.state.terror = s.terror;
        g.state.energy = s.energy;
        g.state.eliminated = s.eliminated;
        if hq_placement {
            // The seats place their HQs in turn order, Vegas last (FAQ-375); then seat 0's
            // first turn.
            let first = g.hq_order().next().expect("a seat");
            g.state.to_move = first;
            g.state.turn = 0;
            g.state.stage = Stage::PlaceHq;
            return Ok(g);
        }
        if s.to_move as usize >= seats {
            return Err(format!("seat {} does not exist", s.to_move));
        }
        let (to_move, turn) = (s.to_move, s.turn.max(1));
        g.state.to_move = to_move;
        g.state.turn = turn - 1;
        // The seats that had a turn before this one, by the mode's turn order (the first
        // turns draw 1, 2, 3).
        let mode = g.state.pos.mode();
        for k in 0..(turn as usize - 1).min(2 * mode.order_len(seats as u8)) {
            g.state.turns_taken[mode.order_seat(k, seats as u8) as usize] = 1;
        }
        if mode == Mode::OneVsTeam && mode.order_seat(turn as usize - 1, 3) != to_move {
            return Err(format!(
                "turn {turn} is seat {}'s in the turn order 0, 1, 0, 2, not seat {to_move}'s",
                mode.order_seat(turn as usize - 1, 3)
            ));
        }
        g.set_ending_from_decks(s.ending_by, s.eliminated)?;
        if s.drawn {
            g.state.turn += 1;
            g.state.turns_taken[to_move as usize] += 1;
            g.state.stage = Stage::Main;
        } else {
            g.start_turn_with(match turn {
                _ if s.options.variants != 0 => None,
                1 => Some(1),
                2 => Some(2),
                _ => None,
            });
        }
        Ok(g)
    }

    /// The ending sequence of a set-up (FAQ-12): begun by seat `ending_by`, or else by the
    /// nearest seat before the one to move whose deck is empty (it has drawn its last tile).
    fn set_ending_from_decks(
        &mut self,
        ending_by: Option<u8>,
        eliminated: u8,
    ) -> Result<(), String> {
        let seats = self.state.pos.seats as usize;
        let to_move = self.state.to_move;
        let empty: Vec<usize> = (0..seats)
            .filter(|&k| self.state.decks[k].is_empty() && eliminated >> k & 1 == 0)
            .collect();
        if let Some(k) = ending_by {
            if k as usize >= seats {
                return Err(format!("ending_by: seat {k} does not exist"));
            }
        }
        let by = ending_by.map(|k| k as usize).or_else(|| {
            empty
                .iter()
                .copied()
                .min_by_key(|&k| (k + seats - to_move as usize) % seats)
        });
        if let Some(k) = by {
            self.state.ending_by = k as u8;
            if k == to_move as usize {
                self.state.ending = Ending::LastTileDrawn;
            } else {
                let left = (k + seats - to_move as usize) % seats;
                self.state.ending = Ending::LastRound {
                    turns_left: left as u8,
                };
            }
        }
        Ok(())
    }
}

/// The checks a set-up passes before a game is made of it: one list per seat, no full
/// board (P-17), energy, eliminated seats, the options and their tiles, the position.
fn check_setup(s: &Setup) -> Result<(), String> {
    let seats = s.pos.seats as usize;
    if [s.hands.len(), s.decks.len(), s.discards.len()] != [seats; 3] {
        return Err("hands, decks and discards: one list per seat".into());
    }
    if s.pos.is_full() {
        return Err(format!(
            "the board is full ({} of {} hexes hold tiles): by the rules a battle would \
             already have started, so no game starts from this position",
            s.pos.occupied().count_ones(),
            s.pos.geometry().len()
        ));
    }
    check_duel_state(&s.pos, &s.energy, false, &[0; MAX_SEATS], &s.decks)
        .map_err(|e| e.to_string())?;
    if s.eliminated >> seats != 0 {
        return Err("eliminated: no such seat".into());
    }
    if s.pos.mode() != Mode::Deathmatch && s.eliminated != 0 {
        return Err(format!(
            "eliminated: only a deathmatch eliminates seats, not mode {}",
            s.pos.mode().name()
        ));
    }
    if s.eliminated.count_ones() + 1 >= seats as u32 {
        return Err("eliminated: at least two seats must still be in the game".into());
    }
    s.options.check(s.pos.seats)?;
    check_position(&PositionFacts {
        pos: &s.pos,
        hands: &s.hands,
        decks: &s.decks,
        options: &s.options,
        eliminated: s.eliminated,
        terror: s.terror,
        // No unit but a neutral Mad Bomber: the HQs come next.
        hq_placement: s.pos.units().all(|(_, u)| u.seat == NEUTRAL),
        over: false,
    })
    .map_err(|e| e.to_string())?;
    check_option_tiles(
        &s.pos,
        &s.options,
        &s.mercs,
        &s.hands,
        &s.decks,
        &s.discards,
    )
    .map_err(|(field, m)| format!("{field}: {m}"))?;
    if s.eliminated >> s.to_move & 1 == 1 && s.pos.units().next().is_some() {
        return Err(format!(
            "seat {} is eliminated: it takes no more turns",
            s.to_move
        ));
    }
    Ok(())
}

/// Energy and the known tops of decks: what the rules can reach (D-16).
fn check_duel_state(
    pos: &Position,
    energy: &[u8; MAX_SEATS],
    exchange_open: bool,
    known_top: &[u8; MAX_SEATS],
    decks: &[Vec<TileId>],
) -> Result<(), StateError> {
    let duel = pos.board == BoardKind::Duel && pos.seats == 2;
    if let Some(e) = energy.iter().find(|&&e| e > duel::MAX_ENERGY) {
        return Err(StateError::new(
            "energy",
            format!("{e} is more than the {} a seat can hold", duel::MAX_ENERGY),
        ));
    }
    if !duel && (energy.iter().any(|&e| e != 0) || exchange_open) {
        return Err(StateError::new(
            "energy",
            "only the Duel board with two seats has energy",
        ));
    }
    for (seat, deck) in decks.iter().enumerate() {
        let k = known_top[seat] as usize;
        if k > deck.len()
            || deck[deck.len() - k..]
                .iter()
                .any(|&t| !tiles().tile(t).bio_droid && !tiles().tile(t).mad_bomber)
        {
            return Err(StateError::new(
                "known_top",
                format!(
                    "seat {seat}: only returned Bio-droids and a passed-on Mad Bomber lie \
                     known on top of a deck"
                ),
            ));
        }
    }
    Ok(())
}

/// The tiles the options bring, where they may be: the Mercenaries (D-25) and the Mad Bomber
/// (D-24). An error names the state's field it is about.
fn check_option_tiles(
    pos: &Position,
    options: &Options,
    mercs: &[u8; MAX_SEATS],
    hands: &[Hand],
    decks: &[Vec<TileId>],
    discards: &[Vec<TileId>],
) -> Result<(), (&'static str, String)> {
    check_mercenaries(pos, options, mercs, hands, decks, discards)
        .map_err(|m| ("mercenaries", m))?;
    check_bomber(pos, options, hands, decks, discards).map_err(|m| ("mad_bomber", m))
}

/// The Mad Bomber (D-24): only in a game played with it, at most once, never in a discard
/// pile (it passes on instead); a neutral tile is the Mad Bomber, and only the mercenary
/// mode has an owned one on the board; in a deck it lies known on top.
fn check_bomber(
    pos: &Position,
    options: &Options,
    hands: &[Hand],
    decks: &[Vec<TileId>],
    discards: &[Vec<TileId>],
) -> Result<(), String> {
    let set = tiles();
    let bomber = set.mad_bomber;
    if pos
        .units()
        .any(|(_, u)| u.seat >= pos.seats && (u.seat != NEUTRAL || Some(u.tile) != bomber))
    {
        return Err("only the Mad Bomber is a neutral tile".into());
    }
    let Some(b) = bomber else { return Ok(()) };
    let on_board: Vec<u8> = pos
        .units()
        .filter(|(_, u)| u.tile == b)
        .map(|(_, u)| u.seat)
        .collect();
    let elsewhere = hands
        .iter()
        .chain(decks)
        .flatten()
        .filter(|&&t| t == b)
        .count();
    let n = on_board.len() + elsewhere;
    if options.mad_bomber == MadBomber::Off {
        if n > 0 || discards.iter().flatten().any(|&t| t == b) {
            return Err("the game is played without the Mad Bomber".into());
        }
        return Ok(());
    }
    if n > 1 {
        return Err(format!("the Mad Bomber is in {n} places"));
    }
    if discards.iter().flatten().any(|&t| t == b) {
        return Err("the Mad Bomber is never in a discard pile: it passes on".into());
    }
    if options.mad_bomber == MadBomber::Neutral && on_board.iter().any(|&s| s != NEUTRAL) {
        return Err("a neutral Mad Bomber has no owner (mode neutral)".into());
    }
    Ok(())
}

/// Hired Mercenaries: each at most once in the whole game (unused beside a deck, in a hand,
/// on the board, on a discard pile), only in a game with them, and no seat holding more
/// unused ones than it hires.
fn check_mercenaries(
    pos: &Position,
    options: &Options,
    mercs: &[u8; MAX_SEATS],
    hands: &[Hand],
    decks: &[Vec<TileId>],
    discards: &[Vec<TileId>],
) -> Result<(), String> {
    let set = tiles();
    if let Some(&t) = decks
        .iter()
        .flatten()
        .find(|&&t| set.mercenaries.contains(&t))
    {
        return Err(format!(
            "{} is in a deck: a Mercenary never is",
            set.tile(t).id
        ));
    }
    let seats = pos.seats as usize;
    if mercs[seats..].iter().any(|&m| m != 0) {
        return Err("no such seat".into());
    }
    let all = ((1u16 << set.mercenaries.len()) - 1) as u8;
    for (s, &m) in mercs[..seats].iter().enumerate() {
        if m & !all != 0 {
            return Err(format!("seat {s}: no such Mercenary"));
        }
        if m.count_ones() > options.mercenaries as u32 {
            return Err(format!(
                "seat {s} holds {} unused Mercenaries, more than the {} each seat hires",
                m.count_ones(),
                options.mercenaries
            ));
        }
    }
    for (i, &t) in set.mercenaries.iter().enumerate() {
        let mut n = mercs[..seats].iter().filter(|&&m| m >> i & 1 == 1).count();
        n += hands
            .iter()
            .chain(discards)
            .flatten()
            .filter(|&&x| x == t)
            .count();
        n += pos.units().filter(|(_, u)| u.tile == t).count();
        if n > 1 {
            return Err(format!("{} is in the game more than once", set.tile(t).id));
        }
        if n == 1 && options.mercenaries == 0 {
            return Err(format!(
                "{} is in a game without Mercenaries",
                set.tile(t).id
            ));
        }
    }
    Ok(())
}

/// Every tile of every seat's army exactly once on the board, in its hand, deck or discard
/// pile (an HQ at most once: it may be destroyed or not yet placed); hired Mercenaries and
/// the Mad Bomber are checked apart.
fn check_every_tile_once(
    pos: &Position,
    hands: &[Hand],
    decks: &[Vec<TileId>],
    discards: &[Vec<TileId>],
) -> Result<(), StateError> {
    let set = tiles();
    let seats = pos.seats as usize;
    for seat in 0..seats {
        let army = set.army(pos.armies[seat]);
        let mut count = vec![0i32; set.tiles.len()];
        for (_, u) in pos.units().filter(|(_, u)| u.seat == seat as u8) {
            count[u.tile.0 as usize] += 1;
        }
        for (_, f) in pos.foundations().filter(|(_, f)| f.seat == seat as u8) {
            count[f.tile.0 as usize] += 1;
        }
        for &t in hands[seat]
            .iter()
            .chain(&decks[seat])
            .chain(&discards[seat])
        {
            count[t.0 as usize] += 1;
        }
        // Hired Mercenaries and the Mad Bomber are checked apart.
        for &t in set.mercenaries.iter().chain(&set.mad_bomber) {
            count[t.0 as usize] = 0;
        }
        for &t in &army.tiles {
            let def = set.tile(t);
            let want = if def.is_hq() {
                // An HQ is on the board, or destroyed, or not yet placed.
                count[t.0 as usize].min(1)
            } else {
                def.count as i32
            };
            if count[t.0 as usize] != want {
                return Err(StateError::new(
                    "",
                    format!(
                        "seat {seat} has {} of {} where the army has {}",
                        count[t.0 as usize], def.id, def.count
                    ),
                ));
            }
            count[t.0 as usize] = 0;
        }
        if count.iter().any(|&c| c != 0) {
            return Err(StateError::new(
                "",
                format!("seat {seat} holds tiles of another army"),
            ));
        }
    }
    Ok(())
}

/// The waiting battle of a state, with the seat whose answer it waits for: there exactly
/// when the stage is a battle choice.
fn waiting_battle(
    stage: Stage,
    waiting: Option<(AfterBattle, Vec<Answer>)>,
) -> Result<Option<(AfterBattle, Vec<Answer>, u8)>, StateError> {
    Ok(match (stage, waiting) {
        (Stage::BattleChoice { seat }, Some((then, answers))) => Some((then, answers, seat)),
        (Stage::BattleChoice { .. }, None) => {
            return Err(StateError::new(
                "stage",
                "a battle choice needs the waiting battle",
            ))
        }
        (_, Some(_)) => {
            return Err(StateError::new(
                "stage",
                "a waiting battle belongs to a battle choice",
            ))
        }
        (_, None) => None,
    })
}
