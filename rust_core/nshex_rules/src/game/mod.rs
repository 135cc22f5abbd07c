//! The game: set-up, turns, draws, instant actions, movement, battles and the ending, as a
//! decision API in OpenSpiel's vocabulary (legal actions, apply, chance nodes).
//!
//! At every point somebody decides: a seat, chance (a tile draw), or nobody (game over).
//! `legal_actions` lists what may be done; `apply` does one action or refuses it with the
//! reason, leaving the game unchanged. Tile draws are explicit chance outcomes, so a game is
//! the same game whenever the same actions are applied to the same start.

use crate::battle::{Analysis, Answer, BattleLog, MedicTake, Question, Resolver};
use crate::error::Refusal;
use crate::hex::BoardKind;
use crate::position::Position;
use crate::seats::MAX_SEATS;
use crate::sides::{Mode, Outcome};
use crate::tiles::{tiles, ArmyId, InstantKind, TileId};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod apply;
mod battles;
mod bomber;
mod checks;
mod credits;
mod doomsday;
mod duel;
mod ending;
mod index;
mod instants;
mod legal;
mod list;
mod moves;
mod options;
mod seats;
mod state;
mod turns;
mod why;
pub use why::Why;

pub use crate::action::{Action, Procedure};
pub use credits::CreditWait;
pub use duel::MAX_ENERGY;
use legal::MoveInfo;
pub use list::LegalActions;
use list::{Block, Make, Sink};
pub use options::{
    MadBomber, Options, ALTERNATIVE_START, NO_UNLUCKY_DRAW, REINFORCEMENTS, VARIANT_NAMES,
};
pub use state::{GameState, Setup, StateError};

/// Who decides now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Seat(u8),
    Chance,
    Terminal,
}

impl Action {
    /// The battle answer this action gives (`None` for other actions).
    pub fn answer(self) -> Option<Answer> {
        Some(match self {
            Action::Clown { cell, explode } => Answer::Clown { cell, explode },
            Action::Convert { cell, edge } => Answer::Convert { cell, edge },
            Action::MedicTakes {
                medic,
                target,
                from,
            } => Answer::Medic(MedicTake {
                medic,
                target,
                from,
            }),
            _ => return None,
        })
    }

    /// The action that gives battle answer `a`.
    pub fn from_answer(a: Answer) -> Action {
        match a {
            Answer::Clown { cell, explode } => Action::Clown { cell, explode },
            Answer::Convert { cell, edge } => Action::Convert { cell, edge },
            Answer::Medic(m) => Action::MedicTakes {
                medic: m.medic,
                target: m.target,
                from: m.from,
            },
        }
    }

    /// A compact integer form (for Python and for storing action lists).
    pub fn encode(self) -> u64 {
        let (k, t, a, b, c): (u64, u16, u8, u8, u8) = match self {
            Action::PlaceHq { cell, facing } => (1, 0, cell, facing, 0),
            Action::Draw { tile } => (2, tile.0, 0, 0, 0),
            Action::Unlucky => (3, 0, 0, 0, 0),
            Action::Discard { tile } => (4, tile.0, 0, 0, 0),
            Action::Place { tile, cell, facing } => (5, tile.0, cell, facing, 0),
            Action::Move { from, to, facing } => (6, 0, from, to, facing),
            Action::Mobility { from, to, facing } => (7, 0, from, to, facing),
            Action::Transport { from, to, facing } => (8, 0, from, to, facing),
            Action::PushBack { from, target } => (9, 0, from, target, 0),
            Action::PushTo { cell } => (10, 0, cell, 0, 0),
            Action::Sniper { target } => (11, 0, target, 0, 0),
            Action::Grenade { target } => (12, 0, target, 0, 0),
            Action::AirStrike { center } => (13, 0, center, 0, 0),
            Action::Battle => (14, 0, 0, 0, 0),
            Action::EndTurn => (15, 0, 0, 0, 0),
            Action::Clown { cell, explode } => (16, 0, cell, explode as u8, 0),
            Action::Convert { cell, edge } => (17, 0, cell, edge.unwrap_or(u8::MAX), 0),
            Action::MedicTakes {
                medic,
                target,
                from,
            } => (18, 0, medic, target, from),
            Action::Grant { from, to, facing } => (19, 0, from, to, facing),
            Action::Castling { a, b } => (20, 0, a, b, 0),
            Action::Rotation { cell, facing } => (21, 0, cell, facing, 0),
            Action::Terror => (22, 0, 0, 0, 0),
            Action::TurnTaken { cell, facing } => (23, 0, cell, facing, 0),
            Action::KeepTaken { cell } => (24, 0, cell, 0, 0),
            Action::Exchange { tile } => (25, tile.0, 0, 0, 0),
            Action::Buy { n } => (26, 0, n, 0, 0),
            Action::Procedure(p) => match p {
                Procedure::Rotation { cell, facing } => (27, 0, cell, facing, 0),
                Procedure::Swap { a, b, fa, fb } => (28, (fa as u16) << 8 | fb as u16, a, b, 0),
                Procedure::Push { from, target } => (29, 0, from, target, 0),
                Procedure::Laser { a, b } => (30, 0, a, b, 0),
                Procedure::Elimination { target } => (31, 0, target, 0, 0),
                Procedure::Detonation => (32, 0, 0, 0, 0),
            },
            Action::Rotate { cell, facing } => (33, 0, cell, facing, 0),
            Action::SmallBomb { a, b, c } => (34, 0, a, b, c),
            Action::Credit { to, n } => (35, 0, to, n, 0),
            Action::Hire { tile } => (36, tile.0, 0, 0, 0),
            Action::Mercenary { tile } => (37, tile.0, 0, 0, 0),
            Action::DeckDraw => (38, 0, 0, 0, 0),
            Action::UnluckyOf { tiles: [a, b, c] } => (39, a.0, b.0 as u8, c.0 as u8, 0),
        };
        k << 40 | (t as u64) << 24 | (a as u64) << 16 | (b as u64) << 8 | c as u64
    }

    /// The inverse of [`Action::encode`]; `None` for a number that is no action.
    pub fn decode(x: u64) -> Option<Action> {
        let k = x >> 40;
        let t = TileId((x >> 24 & 0xffff) as u16);
        let (a, b, c) = (
            (x >> 16 & 0xff) as u8,
            (x >> 8 & 0xff) as u8,
            (x & 0xff) as u8,
        );
        let a_ = Some(match k {
            1 => Action::PlaceHq { cell: a, facing: b },
            2 => Action::Draw { tile: t },
            3 => Action::Unlucky,
            4 => Action::Discard { tile: t },
            5 => Action::Place {
                tile: t,
                cell: a,
                facing: b,
            },
            6..=8 => Action::relocation(k as u8 - 6, a, b, c)?,
            9 => Action::PushBack { from: a, target: b },
            10 => Action::PushTo { cell: a },
            11 => Action::Sniper { target: a },
            12 => Action::Grenade { target: a },
            13 => Action::AirStrike { center: a },
            14 => Action::Battle,
            15 => Action::EndTurn,
            16 => Action::Clown {
                cell: a,
                explode: b == 1,
            },
            17 => Action::Convert {
                cell: a,
                edge: (b != u8::MAX).then_some(b),
            },
            18 => Action::MedicTakes {
                medic: a,
                target: b,
                from: c,
            },
            19 => Action::relocation(3, a, b, c)?,
            20 => Action::Castling { a, b },
            21 => Action::Rotation { cell: a, facing: b },
            22 => Action::Terror,
            23 => Action::TurnTaken { cell: a, facing: b },
            24 => Action::KeepTaken { cell: a },
            25 => Action::Exchange { tile: t },
            26 => Action::Buy { n: a },
            27 => Action::Procedure(Procedure::Rotation { cell: a, facing: b }),
            28 => Action::Procedure(Procedure::Swap {
                a,
                b,
                fa: (t.0 >> 8) as u8,
                fb: (t.0 & 0xff) as u8,
            }),
            29 => Action::Procedure(Procedure::Push { from: a, target: b }),
            30 => Action::Procedure(Procedure::Laser { a, b }),
            31 => Action::Procedure(Procedure::Elimination { target: a }),
            32 => Action::Procedure(Procedure::Detonation),
            33 => Action::Rotate { cell: a, facing: b },
            34 => Action::SmallBomb { a, b, c },
            35 => Action::Credit { to: a, n: b },
            36 => Action::Hire { tile: t },
            37 => Action::Mercenary { tile: t },
            38 => Action::DeckDraw,
            39 => Action::UnluckyOf {
                tiles: [t, TileId(a as u16), TileId(b as u16)],
            },
            _ => return None,
        });
        a_.filter(|act| act.encode() == x)
    }
}

/// Where the game is within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Before the HQs: `to_move` picks a Mercenary (D-25).
    Hire,
    /// `to_move` places its HQ.
    PlaceHq,
    /// `to_move`, holding unused Mercenaries, may take some of them instead of deck tiles
    /// before chance draws the rest: `left` tiles are still to come (D-25).
    Mercenary {
        left: u8,
    },
    /// Chance draws `left` more tiles for `to_move`.
    Draw {
        left: u8,
    },
    /// `to_move` holds three tiles and must discard one (or use the unlucky draw).
    Discard,
    /// `to_move` plays its turn.
    Main,
    /// The owner of the unit on `target` chooses where it is pushed (`options`: cell mask).
    PushTo {
        target: u8,
        options: u64,
    },
    /// A battle waits for `seat`'s answer to a battle choice (`Game::battle_question`).
    BattleChoice {
        seat: u8,
    },
    Over,
}

/// What follows a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterBattle {
    /// A Battle tile was played: the turn ends.
    EndTurn,
    /// The board was filled: battles go on while it stays full (FAQ-39), then the turn ends.
    FullBoard,
    /// The Final Battle: the game ends on hit points, a tie leads to the tie-break turns.
    Final,
    /// The Overtime Battle: the game ends on hit points, a tie is a draw.
    Overtime,
    /// No battle: an action's explosions outside a battle (D-22); the turn goes on.
    Action,
}

/// A battle stopped at a question for a seat that answers its own battle choices. What
/// follows the battle and the answers so far are the state's (`GameState::waiting`).
#[derive(Clone, Debug)]
pub struct PendingBattle {
    pub question: Question,
    /// The battle up to the question (kept only with `keep_battle_logs`).
    pub log: Option<BattleLog>,
}

/// Two waiting battles are equal when their questions are: the log is a record for showing.
impl PartialEq for PendingBattle {
    fn eq(&self, o: &PendingBattle) -> bool {
        self.question == o.question
    }
}

/// The ending sequence (FAQ-12, FAQ-36, FAQ-42, FAQ-43).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Nobody has drawn a deck's last tile.
    None,
    /// A last tile was drawn this turn; the turn is finished by its player.
    LastTileDrawn,
    /// `turns_left` turns before the Final Battle.
    LastRound { turns_left: u8 },
    /// After a tied Final Battle: `turns_left` turns, drawing as usual while a deck has
    /// tiles, before the Overtime Battle.
    TieBreak { turns_left: u8 },
}

/// A hand: at most three tiles.
pub type Hand = Vec<TileId>;

/// A whole game: its state (what a save holds, [`Game::state`]) and what the game keeps
/// beside it (the board index, the last battle's log, the waiting battle's question, the
/// takeovers under way, flags the armies and the board fix).
#[derive(Clone, Debug)]
pub struct Game {
    state: GameState,
    /// The occupied cells and the tiles' move flags by cell, kept with the board (`index.rs`).
    index: index::BoardIndex,
    /// The board before the last battle and its log (kept only with `keep_battle_logs`).
    last_battle: Option<(Position, BattleLog)>,
    /// Keep the log of each battle for showing it (a client wants it; a search does not).
    keep_battle_logs: bool,
    /// The question of the battle waiting for an answer (in `Stage::BattleChoice`; what
    /// follows it and the answers so far are `state.waiting`).
    pending: Option<Box<PendingBattle>>,
    /// The takeovers (unit, source, by placement number) before the action under way, kept
    /// until the action is complete (D-12: a takeover through a new source is new); after a
    /// complete action, those that hold now (the next action is measured against them).
    takeovers_before: Option<Vec<(u16, u16)>>,
    /// A buffer for the takeovers, reused from action to action.
    takeovers_scratch: Vec<(u16, u16)>,
    /// Some army in the game has a takeover source, so control must be resolved (D-13).
    takeovers_possible: bool,
    /// Some army in the game has a Duel tile (a takeover source, the Smart HQ's grant, a
    /// Transporter, a foundation, a Bio-droid): their rules are looked at.
    duel_tiles: bool,
    /// The Duel board with two seats: energy and procedures are in play (D-16).
    energy_on: bool,
}

/// Two games are equal when their states are (and a waiting battle's question); the last
/// battle's log is a record for showing, not part of the state.
impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        self.state == o.state && self.pending == o.pending
    }
}

impl Eq for Game {}

/// The distinct tiles of a hand, in hand order (no allocation).
fn distinct_tiles(hand: &[TileId]) -> ([TileId; 6], usize) {
    let mut out = [TileId(0); 6];
    let mut n = 0;
    for &t in hand.iter().take(6) {
        if !out[..n].contains(&t) {
            out[n] = t;
            n += 1;
        }
    }
    (out, n)
}

/// Whether any of these armies has a takeover source (D-13).
fn takeovers_possible(armies: &[ArmyId]) -> bool {
    armies.iter().any(|&a| tiles().army(a).takeovers)
}

/// Whether any of these armies has a Duel tile whose rules the game must look at.
fn duel_tiles(armies: &[ArmyId]) -> bool {
    armies.iter().any(|&a| tiles().army(a).duel_tiles)
}

/// The instant kinds in a hand, as a small set.
fn instant_of(t: TileId) -> Option<InstantKind> {
    tiles().tile(t).instant
}

impl Game {
    /// A new game in `mode` (see [`Mode::check_seats`] for the seats each takes; the Duel
    /// board takes two seats, D-16), or why these armies cannot play it.
    pub fn with_mode(
        armies: &[ArmyId],
        board: BoardKind,
        mode: Mode,
        seed: u64,
    ) -> Result<Game, String> {
        let n = armies.len() as u8;
        if !(2..=MAX_SEATS as u8).contains(&n) {
            return Err(format!("a game has 2 to 4 seats, not {n}"));
        }
        mode.check_seats(n)?;
        if board == BoardKind::Duel && n != 2 {
            return Err("the Duel board is played by two seats (D-16)".into());
        }
        let mut g = Game::new(armies, board, seed);
        g.state.pos.set_mode(mode);
        for s in 0..n {
            g.state.pos.hq_hp[s as usize] = mode.hq_start(s);
        }
        Ok(g)
    }

    /// A new game in `mode` with `options` (variants, Mercenaries), or why it cannot be
    /// played. Open Mercenary picks come first (`Stage::Hire`), before the HQs; dealt at
    /// random, they come from the seed.
    pub fn with_options(
        armies: &[ArmyId],
        board: BoardKind,
        mode: Mode,
        options: Options,
        seed: u64,
    ) -> Result<Game, String> {
        let mut g = Game::with_mode(armies, board, mode, seed)?;
        options.check(g.seats())?;
        g.state.options = options;
        g.set_bomber();
        if options.mercenaries > 0 {
            if options.random_mercenaries {
                g.deal_mercenaries(seed);
            } else {
                g.state.stage = Stage::Hire;
                g.state.to_move = 0;
            }
        }
        Ok(g)
    }

    /// A new game: every army's tiles but the HQ shuffled into its deck by the seed, in the
    /// mode this many seats play by default ([`Mode::default_for`]).
    pub fn new(armies: &[ArmyId], board: BoardKind, seed: u64) -> Game {
        /// Room for a deck with Mercenaries and a hand with Reinforcements.
        const DECK_CAPACITY: usize = 40;
        const HAND_CAPACITY: usize = 8;
        let set = tiles();
        let n = armies.len();
        assert!((2..=MAX_SEATS).contains(&n), "2 to 4 seats");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut decks = Vec::with_capacity(n);
        let mut longest = 0;
        for &a in armies {
            let mut deck = Vec::with_capacity(DECK_CAPACITY);
            for &t in &set.army(a).tiles {
                let def = set.tile(t);
                if !def.is_hq() {
                    deck.extend(std::iter::repeat_n(t, def.count as usize));
                }
            }
            deck.shuffle(&mut rng);
            longest = longest.max(deck.len());
            decks.push(deck);
        }
        // Hands and discard piles sized once, so that a game's play does not allocate
        // (`vec![v; n]` would clone without the capacity).
        let sized = |cap: usize| (0..n).map(|_| Vec::with_capacity(cap)).collect();
        let mut g = Game {
            state: GameState {
                pos: Position::new(board, armies),
                hands: sized(HAND_CAPACITY),
                decks,
                discards: sized(longest.max(DECK_CAPACITY)),
                to_move: 0,
                turn: 0,
                turns_taken: [0; MAX_SEATS],
                stage: Stage::PlaceHq,
                ending: Ending::None,
                outcome: None,
                used_mobility: 0,
                used_transport: 0,
                battles: 0,
                manual_choices: 0,
                waiting: None,
                used_grant: 0,
                terror: 0,
                energy: [0; MAX_SEATS],
                exchange_open: false,
                rotations: Vec::new(),
                known_top: [0; MAX_SEATS],
                eliminated: 0,
                eliminated_in: [0; MAX_SEATS],
                used_rotate: false,
                credit_wait: None,
                ending_by: crate::seats::NO_SEAT,
                options: Options::default(),
                mercs: [0; MAX_SEATS],
                played: 0,
                drawn_now: 0,
            },
            index: index::BoardIndex::default(),
            last_battle: None,
            keep_battle_logs: true,
            pending: None,
            takeovers_before: None,
            takeovers_scratch: Vec::new(),
            takeovers_possible: takeovers_possible(armies),
            duel_tiles: duel_tiles(armies),
            energy_on: board == BoardKind::Duel && n == 2,
        };
        // Vegas places its HQ after every other seat (FAQ-375).
        let first = g.hq_order().next().expect("a seat");
        g.state.to_move = first;
        g
    }

    /// The battle waiting for an answer, with its question and its log so far.
    pub fn waiting_battle(&self) -> Option<&PendingBattle> {
        self.pending.as_deref()
    }

    /// The question a battle waits for, if it does.
    pub fn battle_question(&self) -> Option<&Question> {
        self.pending.as_ref().map(|p| &p.question)
    }

    /// Answers every open battle choice automatically until the battle is over (the bots
    /// use this to value an answer).
    pub fn answer_automatically(&mut self) {
        while let Some(q) = self.battle_question() {
            let a = Action::from_answer(q.automatic());
            self.apply_unchecked(a);
        }
    }

    pub fn seats(&self) -> u8 {
        self.state.pos.seats
    }

    /// The board and the HQs' hit points.
    pub fn pos(&self) -> &Position {
        &self.state.pos
    }

    /// Per seat, the tiles in hand.
    pub fn hands(&self) -> &[Hand] {
        &self.state.hands
    }

    /// Per seat, the deck; the top is the LAST element. The order is hidden information: a
    /// player's view of it is [`Game::observation`].
    pub fn decks(&self) -> &[Vec<TileId>] {
        &self.state.decks
    }

    /// Per seat, the discard pile (last discarded last).
    pub fn discards(&self) -> &[Vec<TileId>] {
        &self.state.discards
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> u8 {
        self.state.to_move
    }

    /// Turns started so far (HQ placement is not a turn).
    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    /// Turns `seat` has started.
    pub fn turns_taken(&self, seat: u8) -> u32 {
        self.state.turns_taken[seat as usize]
    }

    pub fn stage(&self) -> Stage {
        self.state.stage
    }

    /// Where the ending sequence stands.
    pub fn ending(&self) -> Ending {
        self.state.ending
    }

    /// The seat whose draw of its deck's last tile began the ending sequence, if it began.
    pub fn ending_by(&self) -> Option<u8> {
        (self.state.ending_by < self.seats()).then_some(self.state.ending_by)
    }

    /// How the game ended (`None` while it goes on).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Cells of the units that used their Mobility this turn.
    pub fn used_mobility(&self) -> u64 {
        self.state.used_mobility
    }

    /// Cells of the units that used the Smart HQ's grant this turn.
    pub fn used_grant(&self) -> u64 {
        self.state.used_grant
    }

    /// Seats under Terror for their next turn (the seat to move: for this turn; D-32).
    pub fn terror(&self) -> u8 {
        self.state.terror
    }

    /// Duel board: each seat's energy (D-16).
    pub fn energy(&self) -> [u8; MAX_SEATS] {
        self.state.energy
    }

    /// The takeover rotations due (D-12): (the unit's cell, the taking seat), in order.
    pub fn rotations_due(&self) -> Vec<(u8, u8)> {
        self.state
            .rotations
            .iter()
            .filter_map(|&(placed, seat)| self.cell_of_placed(placed).map(|c| (c, seat)))
            .collect()
    }

    /// Per seat, how many tiles on top of the deck are known (returned Bio-droids).
    pub fn known_top(&self) -> [u8; MAX_SEATS] {
        self.state.known_top
    }

    /// Whether the Doomsday Machine HQ has turned a unit this turn (D-20).
    pub fn used_rotate(&self) -> bool {
        self.state.used_rotate
    }

    /// Cells of the units that made their Transport move this turn.
    pub fn used_transport(&self) -> u64 {
        self.state.used_transport
    }

    /// Battles fought so far.
    pub fn battles(&self) -> u32 {
        self.state.battles
    }

    /// The board before the last battle and its log (kept only with battle logs on).
    pub fn last_battle(&self) -> Option<&(Position, BattleLog)> {
        self.last_battle.as_ref()
    }

    /// Whether each battle's log is kept for showing (a client wants it; a search does not).
    pub fn keep_battle_logs(&self) -> bool {
        self.keep_battle_logs
    }

    pub fn set_keep_battle_logs(&mut self, keep: bool) {
        self.keep_battle_logs = keep;
        if !keep {
            self.last_battle = None;
        }
    }

    /// Seats that answer their own battle choices (bit mask); the others get the automatic
    /// answers (D-4).
    pub fn manual_choices(&self) -> u8 {
        self.state.manual_choices
    }

    /// Which seats answer their own battle choices, set when the game is made (or before a
    /// seat's first decision); refused while a battle waits for an answer, which would change
    /// the battle under way.
    pub fn set_manual_choices(&mut self, seats: u8) -> Result<(), Refusal> {
        let refuse = |reason: &str| Refusal::Setting {
            reason: reason.into(),
        };
        if self.pending.is_some() {
            return Err(refuse(
                "a battle is waiting for an answer: who answers cannot change now",
            ));
        }
        if seats >> self.seats() != 0 {
            return Err(refuse("no such seat"));
        }
        self.state.manual_choices = seats;
        Ok(())
    }

    /// What `seat` knows of the game, as a game: everything but the order of the decks
    /// (hands and discard piles are public, and so what is left in each deck), which is put
    /// in a canonical order so that nothing of the real order shows. Every seat knows the
    /// same in this game, so the seat only documents whose view it is.
    pub fn observation(&self, seat: u8) -> Game {
        debug_assert!(seat < self.seats());
        let mut g = self.clone();
        for (d, &k) in g.state.decks.iter_mut().zip(&self.state.known_top) {
            let hidden = d.len() - (k as usize).min(d.len());
            d[..hidden].sort_unstable();
        }
        g
    }

    /// A copy for a search from `seat`'s point of view: its observation, without battle
    /// logs, and with every seat's battle choices answered automatically (the search plays
    /// battles, it does not ask). MCTS and flat Monte Carlo both start from this.
    pub fn for_search(&self, seat: u8) -> Game {
        self.observation(seat).into_search_copy()
    }

    /// The same copy with the real order of the decks kept: for analysis only (a search
    /// from it knows every coming draw), never for a seat's decision.
    pub fn for_peeking_search(&self) -> Game {
        self.clone().into_search_copy()
    }

    fn into_search_copy(mut self) -> Game {
        self.last_battle = None;
        self.keep_battle_logs = false;
        self.state.manual_choices = 0;
        self
    }

    /// Who decides now.
    pub fn current_player(&self) -> Player {
        if !self.state.rotations.is_empty() && self.state.stage != Stage::Over {
            // A takeover rotation is answered before anything else (D-12).
            return Player::Seat(self.state.rotations[0].1);
        }
        if self.state.credit_wait.is_some() {
            // Own wounds of the last battle are given before the game goes on (FAQ-374).
            return self.credit_player();
        }
        match self.state.stage {
            Stage::Over => Player::Terminal,
            Stage::Draw { .. } => Player::Chance,
            Stage::BattleChoice { seat } => Player::Seat(seat),
            Stage::PushTo { target, .. } => Player::Seat(
                // The pushed unit's controller chooses; the pusher for a neutral Mad Bomber
                // (FAQ-427).
                self.state.pos.cells[target as usize]
                    .map(|u| u.ctrl)
                    .filter(|&c| c < self.seats())
                    .unwrap_or(self.state.to_move),
            ),
            _ => Player::Seat(self.state.to_move),
        }
    }

    pub fn is_over(&self) -> bool {
        self.state.stage == Stage::Over
    }

    fn analyze(&self) -> Analysis {
        with_resolver(|r| r.analyze(&self.state.pos))
    }

    /// The chance outcomes now: each distinct tile left in the deck with its count.
    pub fn chance_outcomes(&self) -> Vec<(TileId, u32)> {
        let mut out: Vec<(TileId, u32)> = Vec::new();
        if let Stage::Draw { .. } = self.state.stage {
            let s = self.state.to_move as usize;
            if self.state.known_top[s] > 0 {
                // A returned Bio-droid is the next tile drawn (D-34).
                if let Some(&t) = self.state.decks[s].last() {
                    return vec![(t, 1)];
                }
            }
            // The deck sorted (on the stack: a deck holds at most a few dozen tiles), then
            // each run of one tile counted.
            let deck = &self.state.decks[s];
            let mut buf = [TileId(0); 64];
            let mut heap;
            let sorted: &mut [TileId] = if deck.len() <= buf.len() {
                buf[..deck.len()].copy_from_slice(deck);
                &mut buf[..deck.len()]
            } else {
                heap = deck.clone();
                &mut heap
            };
            sorted.sort_unstable();
            out.reserve(sorted.len());
            for run in sorted.chunk_by(|a, b| a == b) {
                out.push((run[0], run.len() as u32));
            }
        }
        out
    }

    /// The draw the hidden deck order gives (the top of the deck).
    pub fn natural_draw(&self) -> Option<Action> {
        match self.state.stage {
            Stage::Draw { .. } => self.state.decks[self.state.to_move as usize]
                .last()
                .map(|&tile| Action::Draw { tile }),
            _ => None,
        }
    }

    /// Shuffles every deck's hidden order again (for a player who must not know it).
    pub fn resample_hidden(&mut self, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        self.shuffle_hidden(&mut rng);
    }

    /// `resample_hidden` with the caller's generator (a search draws many samples from one).
    pub fn shuffle_hidden<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        for (d, &k) in self.state.decks.iter_mut().zip(&self.state.known_top) {
            let hidden = d.len() - (k as usize).min(d.len());
            d[..hidden].shuffle(rng);
        }
    }

    /// Makes `self` equal to `other` reusing `self`'s allocations (a search copies its root
    /// state once per iteration). The last battle's log is not copied.
    pub fn copy_from(&mut self, other: &Game) {
        // Every field named: a new field that is not copied does not compile.
        let Game {
            state,
            index,
            last_battle: _,
            keep_battle_logs,
            pending,
            takeovers_before,
            takeovers_scratch: _,
            takeovers_possible,
            duel_tiles,
            energy_on,
        } = other;
        self.state.copy_from(state);
        self.index.clone_from(index);
        self.last_battle = None;
        self.keep_battle_logs = *keep_battle_logs;
        self.pending.clone_from(pending);
        self.takeovers_before.clone_from(takeovers_before);
        self.takeovers_possible = *takeovers_possible;
        self.duel_tiles = *duel_tiles;
        self.energy_on = *energy_on;
    }
}

thread_local! {
    /// One resolver per thread, reused: games ask for battles and board analyses constantly.
    static RESOLVER: std::cell::RefCell<Resolver> = std::cell::RefCell::new(Resolver::new());
}

fn with_resolver<T>(f: impl FnOnce(&mut Resolver) -> T) -> T {
    RESOLVER.with(|r| f(&mut r.borrow_mut()))
}
