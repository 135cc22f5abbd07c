//! The game: set-up, turns, draws, instant actions, movement, battles and the ending, as a
//! decision API in OpenSpiel's vocabulary (`../shared/STYLE.md`).
//!
//! At every point somebody decides: a seat, chance (a tile draw), or nobody (game over).
//! `legal_actions` lists what may be done; `apply` does one action or refuses it with the
//! reason, leaving the game unchanged. Tile draws are explicit chance outcomes, so a game is
//! the same game whenever the same actions are applied to the same start.

use crate::battle::{
    Analysis, Answer, BattleLog, BattleSummary, MedicTake, NoLog, Outcome, Question, Resolver, Step,
};
use crate::hex::{BoardKind, NO_CELL};
use crate::position::{Position, MAX_SEATS};
use crate::tiles::{
    tiles, ArmyId, InstantKind, TileId, MOVE_MOBILITY, MOVE_NET, MOVE_RECON, MOVE_SCOPER,
    MOVE_TRANSPORT,
};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// Who decides now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Seat(u8),
    Chance,
    Terminal,
}

/// One decision. Cells are indices of the game's board; tiles are tile ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place the HQ (the HQ placement step, not a turn).
    PlaceHq {
        cell: u8,
    },
    /// Chance: the next tile drawn.
    Draw {
        tile: TileId,
    },
    /// Three instants after drawing: discard all three and draw three new ones (D-1).
    Unlucky,
    /// Discard a tile from hand (the mandatory discard, or any later one).
    Discard {
        tile: TileId,
    },
    /// Place a board tile from hand.
    Place {
        tile: TileId,
        cell: u8,
        facing: u8,
    },
    /// Play a Move tile: the unit on `from` goes to `to` (may equal `from`) facing `facing`.
    Move {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// A unit's own Mobility.
    Mobility {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// A move given by a linked Transport.
    Transport {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// Play a Push Back tile: the unit on `from` pushes the enemy on `target`.
    PushBack {
        from: u8,
        target: u8,
    },
    /// The pushed unit's owner chooses where it goes.
    PushTo {
        cell: u8,
    },
    Sniper {
        target: u8,
    },
    Grenade {
        target: u8,
    },
    AirStrike {
        center: u8,
    },
    /// Play a Battle tile.
    Battle,
    /// End the turn (tiles still in hand are kept).
    EndTurn,
    /// A battle choice: the Clown on `cell` explodes, or attacks.
    Clown {
        cell: u8,
        explode: bool,
    },
    /// A battle choice: the unit on `cell` converts the attack of printed edge `edge` with
    /// its Quartermaster for this attack (`None`: it attacks as printed).
    Convert {
        cell: u8,
        edge: Option<u8>,
    },
    /// A battle choice: the medic on `medic` takes the attack of `from` on `target`
    /// (`from == target`: the death of the medic on `target`).
    MedicTakes {
        medic: u8,
        target: u8,
        from: u8,
    },
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
}

impl Action {
    /// A compact integer form (for Python and for storing action lists).
    pub fn encode(self) -> u64 {
        let (k, t, a, b, c): (u64, u16, u8, u8, u8) = match self {
            Action::PlaceHq { cell } => (1, 0, cell, 0, 0),
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
            1 => Action::PlaceHq { cell: a },
            2 => Action::Draw { tile: t },
            3 => Action::Unlucky,
            4 => Action::Discard { tile: t },
            5 => Action::Place {
                tile: t,
                cell: a,
                facing: b,
            },
            6 => Action::Move {
                from: a,
                to: b,
                facing: c,
            },
            7 => Action::Mobility {
                from: a,
                to: b,
                facing: c,
            },
            8 => Action::Transport {
                from: a,
                to: b,
                facing: c,
            },
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
            _ => return None,
        });
        a_.filter(|act| act.encode() == x)
    }
}

/// Where the game is within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// `to_move` places its HQ.
    PlaceHq,
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
}

/// A battle stopped at a question for a seat that answers its own battle choices.
#[derive(Clone, Debug)]
pub struct PendingBattle {
    pub then: AfterBattle,
    /// The answers given so far, in the order the questions came up.
    pub answers: Vec<Answer>,
    pub question: Question,
    /// The battle up to the question (kept only with `keep_battle_logs`).
    pub log: Option<BattleLog>,
}

impl PartialEq for PendingBattle {
    fn eq(&self, o: &PendingBattle) -> bool {
        self.then == o.then && self.answers == o.answers && self.question == o.question
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

/// An action the rules do not allow now, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction(pub String);

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalAction {}

/// What moves and instant targets depend on: nets, Transport links, Recon Centers.
#[derive(Clone, Copy, Debug, Default)]
struct MoveInfo {
    netted: u64,
    transport_linked: u64,
    recon: u8,
    /// The mover's own units with Mobility.
    own_mobile: u64,
}

impl From<&Analysis> for MoveInfo {
    fn from(a: &Analysis) -> MoveInfo {
        MoveInfo {
            netted: a.netted,
            transport_linked: a.transport_linked,
            recon: a.recon,
            own_mobile: 0,
        }
    }
}

/// A hand: at most three tiles.
pub type Hand = Vec<TileId>;

/// A whole game.
#[derive(Clone, Debug)]
pub struct Game {
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
    /// The board before the last battle and its log (kept only with `keep_battle_logs`).
    pub last_battle: Option<(Position, BattleLog)>,
    /// Keep the log of each battle for showing it (a client wants it; a search does not).
    pub keep_battle_logs: bool,
    /// Seats that answer their own battle choices (bit mask); the others get the automatic
    /// answers (D-4). Set when the game is made; it does not change during a game.
    pub manual_choices: u8,
    /// The battle waiting for an answer (in `Stage::BattleChoice`).
    pub pending: Option<Box<PendingBattle>>,
}

/// Two games are equal when their states are; the last battle's log is a record for
/// showing, not part of the state.
impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        self.pos == o.pos
            && self.hands == o.hands
            && self.decks == o.decks
            && self.discards == o.discards
            && self.to_move == o.to_move
            && self.turn == o.turn
            && self.turns_taken == o.turns_taken
            && self.stage == o.stage
            && self.ending == o.ending
            && self.outcome == o.outcome
            && self.used_mobility == o.used_mobility
            && self.used_transport == o.used_transport
            && self.battles == o.battles
            && self.manual_choices == o.manual_choices
            && self.pending == o.pending
    }
}

impl Eq for Game {}

/// The distinct tiles of a hand, in hand order (no allocation).
fn distinct_tiles(hand: &[TileId]) -> ([TileId; 3], usize) {
    let mut out = [TileId(0); 3];
    let mut n = 0;
    for &t in hand.iter().take(3) {
        if !out[..n].contains(&t) {
            out[n] = t;
            n += 1;
        }
    }
    (out, n)
}

/// The instant kinds in a hand, as a small set.
fn instant_of(t: TileId) -> Option<InstantKind> {
    tiles().tile(t).instant
}

impl Game {
    /// A new game: every army's tiles but the HQ shuffled into its deck by the seed.
    pub fn new(armies: &[ArmyId], board: BoardKind, seed: u64) -> Game {
        let set = tiles();
        let n = armies.len();
        assert!((2..=MAX_SEATS).contains(&n), "2 to 4 seats");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut decks = Vec::with_capacity(n);
        for &a in armies {
            let mut deck = Vec::new();
            for &t in &set.army(a).tiles {
                let def = set.tile(t);
                if !def.is_hq() {
                    deck.extend(std::iter::repeat_n(t, def.count as usize));
                }
            }
            deck.shuffle(&mut rng);
            decks.push(deck);
        }
        Game {
            pos: Position::new(board, armies),
            hands: vec![Vec::new(); n],
            decks,
            discards: vec![Vec::new(); n],
            to_move: 0,
            turn: 0,
            turns_taken: [0; MAX_SEATS],
            stage: Stage::PlaceHq,
            ending: Ending::None,
            outcome: None,
            used_mobility: 0,
            used_transport: 0,
            battles: 0,
            last_battle: None,
            keep_battle_logs: true,
            manual_choices: 0,
            pending: None,
        }
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
        self.pos.seats
    }

    /// Who decides now.
    pub fn current_player(&self) -> Player {
        match self.stage {
            Stage::Over => Player::Terminal,
            Stage::Draw { .. } => Player::Chance,
            Stage::BattleChoice { seat } => Player::Seat(seat),
            Stage::PushTo { target, .. } => {
                Player::Seat(self.pos.cells[target as usize].map_or(self.to_move, |u| u.seat))
            }
            _ => Player::Seat(self.to_move),
        }
    }

    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    fn analyze(&self) -> Analysis {
        with_resolver(|r| r.analyze(&self.pos))
    }

    /// The chance outcomes now: each distinct tile left in the deck with its count.
    pub fn chance_outcomes(&self) -> Vec<(TileId, u32)> {
        let mut out: Vec<(TileId, u32)> = Vec::new();
        if let Stage::Draw { .. } = self.stage {
            for &t in &self.decks[self.to_move as usize] {
                match out.iter_mut().find(|(x, _)| *x == t) {
                    Some(e) => e.1 += 1,
                    None => out.push((t, 1)),
                }
            }
            out.sort();
        }
        out
    }

    /// The draw the hidden deck order gives (the top of the deck).
    pub fn natural_draw(&self) -> Option<Action> {
        match self.stage {
            Stage::Draw { .. } => self.decks[self.to_move as usize]
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
        for d in &mut self.decks {
            d.shuffle(rng);
        }
    }

    /// Makes `self` equal to `other` reusing `self`'s allocations (a search copies its root
    /// state once per iteration). The last battle's log is not copied.
    pub fn copy_from(&mut self, other: &Game) {
        self.pos = other.pos.clone();
        self.hands.clone_from(&other.hands);
        self.decks.clone_from(&other.decks);
        self.discards.clone_from(&other.discards);
        self.to_move = other.to_move;
        self.turn = other.turn;
        self.turns_taken = other.turns_taken;
        self.stage = other.stage;
        self.ending = other.ending;
        self.outcome = other.outcome;
        self.used_mobility = other.used_mobility;
        self.used_transport = other.used_transport;
        self.battles = other.battles;
        self.last_battle = None;
        self.keep_battle_logs = other.keep_battle_logs;
        self.manual_choices = other.manual_choices;
        self.pending.clone_from(&other.pending);
    }

    /// Every legal action now, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Fills `out` with the legal actions (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let geo = self.pos.geometry();
        let seat = self.to_move;
        match self.stage {
            Stage::Over => {}
            Stage::Draw { .. } => {
                for (tile, _) in self.chance_outcomes() {
                    out.push(Action::Draw { tile });
                }
            }
            Stage::PlaceHq => {
                for c in 0..geo.len() as u8 {
                    if self.pos.cells[c as usize].is_none() {
                        out.push(Action::PlaceHq { cell: c });
                    }
                }
            }
            Stage::PushTo { options, .. } => {
                for c in bits(options) {
                    out.push(Action::PushTo { cell: c });
                }
            }
            Stage::BattleChoice { .. } => {
                if let Some(q) = self.battle_question() {
                    out.extend(q.answers().into_iter().map(Action::from_answer));
                }
            }
            Stage::Discard => {
                if self.unlucky_allowed() {
                    out.push(Action::Unlucky);
                }
                self.push_discards(out);
            }
            Stage::Main => {
                let occ = self.pos.occupied();
                let an = self.main_analysis(occ);
                let set = tiles();
                let (distinct, nd) = distinct_tiles(&self.hands[seat as usize]);
                let mut empties = [0u8; crate::hex::MAX_CELLS];
                let mut ne = 0;
                let board = (1u64 << geo.len()) - 1;
                for c in bits(board & !occ) {
                    empties[ne] = c;
                    ne += 1;
                }
                for &t in &distinct[..nd] {
                    match set.tile(t).instant {
                        None => {
                            out.reserve(ne * 6);
                            for &c in &empties[..ne] {
                                let six: [Action; 6] = std::array::from_fn(|f| Action::Place {
                                    tile: t,
                                    cell: c,
                                    facing: f as u8,
                                });
                                out.extend_from_slice(&six);
                            }
                        }
                        Some(k) => self.push_instant(k, &an, out),
                    }
                }
                self.push_unit_moves(&an, out);
                self.push_discards(out);
                out.push(Action::EndTurn);
            }
        }
    }

    /// What the turn's options depend on: nets (a netted unit cannot move, push or be
    /// pushed; a netted HQ throws no Grenade), Transport links and Recon Centers. One pass
    /// over the board; nothing is computed when neither the hand nor the board needs it.
    fn main_analysis(&self, occ: u64) -> MoveInfo {
        let set = tiles();
        let seat = self.to_move;
        let hand_needs = self.hands[seat as usize].iter().any(|&t| {
            matches!(
                set.tile(t).instant,
                Some(InstantKind::Move | InstantKind::PushBack | InstantKind::Grenade)
            )
        });
        let geo = self.pos.geometry();
        let (mut throwers, mut own_mobile) = (0u64, 0u64);
        let (mut transports, mut recons, mut scoper) = (0u64, 0u64, false);
        for i in bits(occ) {
            let Some(u) = &self.pos.cells[i as usize] else {
                continue;
            };
            let f = set.move_flags[u.tile.0 as usize];
            // Branch-free: which tiles have these follows no pattern.
            let bit = |flag: u8| ((f & flag != 0) as u64) << i;
            throwers |= bit(MOVE_NET);
            own_mobile |= bit(MOVE_MOBILITY) & ((u.seat == seat) as u64) << i;
            transports |= bit(MOVE_TRANSPORT);
            recons |= bit(MOVE_RECON);
            scoper |= f & MOVE_SCOPER != 0;
        }
        if !hand_needs && own_mobile == 0 && transports == 0 {
            return MoveInfo::default();
        }
        if scoper && transports != 0 {
            // A Scoper may take a Transport: ask the full analysis.
            return MoveInfo {
                own_mobile,
                ..MoveInfo::from(&self.analyze())
            };
        }
        let unit = |c: u8| self.pos.cells[c as usize].expect("occupied");
        let netted = if throwers != 0 {
            crate::battle::nets_among(&geo.neighbors, throwers, occ, |c| {
                let u = unit(c);
                (u.seat, set.tile(u.tile).oriented[u.facing as usize].net)
            })
        } else {
            0
        };
        let mut a = MoveInfo {
            netted,
            own_mobile,
            ..MoveInfo::default()
        };
        for c in bits(recons & !netted) {
            a.recon |= 1 << unit(c).seat;
        }
        for t in bits(transports & !netted) {
            let u = unit(t);
            for d in bits(set.tile(u.tile).oriented[u.facing as usize].link as u64) {
                let j = geo.neighbors[t as usize][d as usize];
                if j != NO_CELL && occ >> j & 1 == 1 && unit(j).seat == u.seat {
                    a.transport_linked |= 1 << j;
                }
            }
        }
        a
    }

    fn push_discards(&self, out: &mut Vec<Action>) {
        let (distinct, n) = distinct_tiles(&self.hands[self.to_move as usize]);
        for &t in &distinct[..n] {
            out.push(Action::Discard { tile: t });
        }
    }

    fn unlucky_allowed(&self) -> bool {
        let h = &self.hands[self.to_move as usize];
        h.len() == 3
            && h.iter().all(|&t| instant_of(t).is_some())
            && !self.decks[self.to_move as usize].is_empty()
    }

    fn own_free_unit(&self, an: &MoveInfo, c: u8) -> bool {
        self.pos.cells[c as usize].is_some_and(|u| u.seat == self.to_move)
            && an.netted >> c & 1 == 0
    }

    /// Destinations of a move from `from`: adjacent empty cells, or with a Recon Center up
    /// to two steps (FAQ-137 to FAQ-139). A two-hex move goes step by step: the hex between
    /// must be one where the unit could stand (`can_pass`). Includes `from` itself, which a
    /// two-hex move may also end on.
    fn destinations(&self, from: u8, two_steps: bool) -> u64 {
        let geo = self.pos.geometry();
        let empty = |c: u8| c != NO_CELL && (c == from || self.pos.cells[c as usize].is_none());
        let mut out = 1u64 << from;
        for d in 0..6 {
            let n1 = geo.neighbors[from as usize][d];
            if !empty(n1) || n1 == from {
                continue;
            }
            out |= 1 << n1;
            if two_steps && self.can_pass(from, n1) {
                for d2 in 0..6 {
                    let n2 = geo.neighbors[n1 as usize][d2];
                    if empty(n2) {
                        out |= 1 << n2;
                    }
                }
            }
        }
        out
    }

    /// Whether the unit on `from` could stand on the empty hex `mid` on its way (FAQ-138,
    /// FAQ-139): with some facing it would not be netted there. The unit has left `from`,
    /// and its own nets count, so a net thrower that would net its netter back cancels
    /// that net as usual (D-3).
    fn can_pass(&self, from: u8, mid: u8) -> bool {
        let set = tiles();
        let geo = self.pos.geometry();
        let mover = self.pos.cells[from as usize].expect("a unit moves");
        let occ = (self.pos.occupied() & !(1u64 << from)) | 1u64 << mid;
        let unit = |c: u8| self.pos.cells[c as usize].expect("occupied");
        // Only an enemy net edge aimed at `mid` can net the unit there.
        let mut throwers = 0u64;
        let mut aimed = false;
        for c in bits(occ & !(1u64 << from | 1u64 << mid)) {
            let u = unit(c);
            if set.move_flags[u.tile.0 as usize] & MOVE_NET == 0 {
                continue;
            }
            throwers |= 1 << c;
            if u.seat != mover.seat {
                let net = set.tile(u.tile).oriented[u.facing as usize].net;
                aimed |= bits(net as u64).any(|d| geo.neighbors[c as usize][d as usize] == mid);
            }
        }
        if !aimed {
            return true;
        }
        let oriented = &set.tile(mover.tile).oriented;
        (0..6).any(|f| {
            let net = oriented[f].net;
            let th = throwers | ((net != 0) as u64) << mid;
            let netted = crate::battle::nets_among(&geo.neighbors, th, occ, |c| {
                if c == mid {
                    (mover.seat, net)
                } else {
                    let u = unit(c);
                    (u.seat, set.tile(u.tile).oriented[u.facing as usize].net)
                }
            });
            netted >> mid & 1 == 0
        })
    }

    fn push_moves(
        &self,
        from: u8,
        two: bool,
        make: impl Fn(u8, u8, u8) -> Action,
        out: &mut Vec<Action>,
    ) {
        let facing = self.pos.cells[from as usize].unwrap().facing;
        for to in bits(self.destinations(from, two)) {
            let six: [Action; 6] = std::array::from_fn(|f| make(from, to, f as u8));
            if to == from {
                // Staying put: every facing but the current one.
                out.extend(six.iter().copied().filter(|a| match *a {
                    Action::Move { facing: f, .. }
                    | Action::Mobility { facing: f, .. }
                    | Action::Transport { facing: f, .. } => f != facing,
                    _ => true,
                }));
            } else {
                out.extend_from_slice(&six);
            }
        }
    }

    fn push_unit_moves(&self, an: &MoveInfo, out: &mut Vec<Action>) {
        if self.pos.is_full() {
            return;
        }
        let two = an.recon >> self.to_move & 1 == 1;
        let movers =
            (an.own_mobile & !self.used_mobility) | (an.transport_linked & !self.used_transport);
        for c in bits(movers & !an.netted) {
            if self.pos.cells[c as usize].is_none_or(|u| u.seat != self.to_move) {
                continue;
            }
            let bit = 1u64 << c;
            if an.own_mobile & bit != 0 && self.used_mobility & bit == 0 {
                self.push_moves(
                    c,
                    two,
                    |from, to, facing| Action::Mobility { from, to, facing },
                    out,
                );
            }
            if an.transport_linked >> c & 1 == 1 && self.used_transport & bit == 0 {
                self.push_moves(
                    c,
                    two,
                    |from, to, facing| Action::Transport { from, to, facing },
                    out,
                );
            }
        }
    }

    fn push_instant(&self, k: InstantKind, an: &MoveInfo, out: &mut Vec<Action>) {
        let geo = self.pos.geometry();
        let seat = self.to_move;
        let n = geo.len() as u8;
        let enemy_unit = |c: u8| {
            self.pos.cells[c as usize]
                .is_some_and(|u| self.pos.enemies(seat, u.seat) && !u.def().is_hq())
        };
        match k {
            InstantKind::Battle => {
                if self.ending == Ending::None {
                    out.push(Action::Battle);
                }
            }
            InstantKind::Move => {
                let two = an.recon >> seat & 1 == 1;
                for c in 0..n {
                    if self.own_free_unit(an, c) {
                        self.push_moves(
                            c,
                            two,
                            |from, to, facing| Action::Move { from, to, facing },
                            out,
                        );
                    }
                }
            }
            InstantKind::PushBack => {
                for c in 0..n {
                    if !self.own_free_unit(an, c) {
                        continue;
                    }
                    for d in 0..6u8 {
                        let t = geo.neighbors[c as usize][d as usize];
                        if t == NO_CELL || an.netted >> t & 1 == 1 {
                            continue;
                        }
                        let Some(tu) = self.pos.cells[t as usize] else {
                            continue;
                        };
                        if self.pos.enemies(seat, tu.seat) && self.push_options(c, t) != 0 {
                            out.push(Action::PushBack { from: c, target: t });
                        }
                    }
                }
            }
            InstantKind::Sniper => {
                for c in 0..n {
                    if enemy_unit(c) {
                        out.push(Action::Sniper { target: c });
                    }
                }
            }
            InstantKind::Grenade => {
                if let Some(hq) = self.pos.hq_hex(seat).and_then(|h| self.pos.cell_of(h)) {
                    if an.netted >> hq & 1 == 0 {
                        for d in 0..6 {
                            let t = geo.neighbors[hq as usize][d];
                            if t != NO_CELL && enemy_unit(t) {
                                out.push(Action::Grenade { target: t });
                            }
                        }
                    }
                }
            }
            InstantKind::AirStrike => {
                for c in 0..n {
                    if !geo.is_edge(c) {
                        out.push(Action::AirStrike { center: c });
                    }
                }
            }
        }
    }

    /// The free hexes a unit on `target` may be pushed to by the unit on `from`: the three
    /// hexes behind it, one hex away from the pusher.
    fn push_options(&self, from: u8, target: u8) -> u64 {
        let geo = self.pos.geometry();
        let Some(d) = (0..6u8).find(|&d| geo.neighbors[from as usize][d as usize] == target) else {
            return 0;
        };
        let mut m = 0u64;
        for dd in [d, (d + 5) % 6, (d + 1) % 6] {
            let c = geo.neighbors[target as usize][dd as usize];
            if c != NO_CELL && self.pos.cells[c as usize].is_none() {
                m |= 1 << c;
            }
        }
        m
    }

    /// Applies `action`, or refuses it (with the reason) and leaves the game unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let mut buf = Vec::new();
        self.apply_with(action, &mut buf)
    }

    /// [`Game::apply`] with a caller's buffer for the legal actions (no allocation).
    pub fn apply_with(
        &mut self,
        action: Action,
        buf: &mut Vec<Action>,
    ) -> Result<(), IllegalAction> {
        self.legal_actions_into(buf);
        if !buf.contains(&action) {
            return Err(IllegalAction(self.why_illegal(action)));
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// A human-readable reason why `action` is not legal now.
    pub fn why_illegal(&self, action: Action) -> String {
        let who = match self.current_player() {
            Player::Terminal => return "the game is over".into(),
            Player::Chance => "a tile draw".to_string(),
            Player::Seat(s) => format!("seat {s}"),
        };
        let stage = match self.stage {
            Stage::PlaceHq => "the HQ placement",
            Stage::Draw { .. } => "drawing",
            Stage::Discard => "the mandatory discard",
            Stage::Main => "the turn",
            Stage::PushTo { .. } => "choosing where the pushed unit goes",
            Stage::BattleChoice { .. } => "a battle choice",
            Stage::Over => "the end",
        };
        let geo = self.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        let hand = &self.hands[self.to_move as usize];
        let reason: String = match (self.stage, action) {
            (Stage::Draw { .. }, Action::Draw { tile }) => {
                format!("{} is not in the deck", tiles().tile(tile).id)
            }
            (Stage::Draw { .. }, _) => "a tile must be drawn first".into(),
            (_, Action::Draw { .. }) => "no tile is drawn now".into(),
            (Stage::PlaceHq, Action::PlaceHq { cell }) if !cell_ok(cell) => {
                "that hex is off the board".into()
            }
            (Stage::PlaceHq, Action::PlaceHq { .. }) => "that hex is occupied".into(),
            (Stage::PlaceHq, _) => "the HQ must be placed first".into(),
            (Stage::Discard, Action::Unlucky) => {
                "the unlucky draw needs three instant tiles in hand and tiles left in the deck"
                    .into()
            }
            (Stage::Discard, Action::Discard { .. }) => "that tile is not in hand".into(),
            (Stage::Discard, _) => "with three tiles in hand one must be discarded first".into(),
            (Stage::PushTo { .. }, _) => {
                "the pushed unit's owner must choose one of the free hexes".into()
            }
            (Stage::BattleChoice { .. }, _) => match self.battle_question() {
                Some(Question::Clown { .. }) => {
                    "the battle waits: the Clown explodes or attacks (clown Q,R explode|attack)"
                        .into()
                }
                Some(Question::Convert { .. }) => {
                    "the battle waits: convert one of the offered edges or none (convert Q,R E|none)"
                        .into()
                }
                Some(Question::Medic { .. }) => {
                    "the battle waits: a medic takes one of the offered attacks (medic Q,R takes FROM -> TARGET)"
                        .into()
                }
                None => "no battle is waiting".into(),
            },
            (_, Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. }) => {
                "no battle is waiting for a choice".into()
            }
            (Stage::Main, Action::Place { tile, cell, facing }) => {
                if !hand.contains(&tile) {
                    format!("{} is not in hand", tiles().tile(tile).id)
                } else if !cell_ok(cell) {
                    "that hex is off the board".into()
                } else if self.pos.cells[cell as usize].is_some() {
                    "that hex is occupied".into()
                } else if facing > 5 {
                    "a facing is 0..5".into()
                } else {
                    "an instant tile is not placed on the board".into()
                }
            }
            (Stage::Main, Action::Battle) => {
                if !hand
                    .iter()
                    .any(|&t| instant_of(t) == Some(InstantKind::Battle))
                {
                    "no Battle tile in hand".into()
                } else {
                    "no battle can be started once a deck's last tile has been drawn (FAQ-12)"
                        .into()
                }
            }
            (Stage::Main, Action::Discard { .. }) => "that tile is not in hand".into(),
            (Stage::Main, Action::Move { .. }) => self.why_move(action, InstantKind::Move),
            (Stage::Main, Action::PushBack { .. }) => self.why_move(action, InstantKind::PushBack),
            (Stage::Main, Action::Sniper { .. }) => self.why_move(action, InstantKind::Sniper),
            (Stage::Main, Action::Grenade { .. }) => self.why_move(action, InstantKind::Grenade),
            (Stage::Main, Action::AirStrike { .. }) => {
                self.why_move(action, InstantKind::AirStrike)
            }
            (Stage::Main, Action::Mobility { from, .. })
            | (Stage::Main, Action::Transport { from, .. }) => {
                if self.pos.is_full() {
                    "no ability may be used once the board is full (FAQ-31)".into()
                } else if !cell_ok(from)
                    || self.pos.cells[from as usize].is_none_or(|u| u.seat != self.to_move)
                {
                    "no own unit on that hex".into()
                } else if self.analyze().netted >> from & 1 == 1 {
                    "a netted unit cannot move".into()
                } else if let Action::Mobility { .. } = action {
                    let u = self.pos.cells[from as usize].unwrap();
                    if !u.def().mobility {
                        format!("the {} has no Mobility", u.def().name)
                    } else if self.used_mobility >> from & 1 == 1 {
                        "that unit has already used its Mobility this turn".into()
                    } else {
                        self.why_unreachable(action)
                    }
                } else if self.analyze().transport_linked >> from & 1 == 0 {
                    "that unit is not linked to a working Transport of yours".into()
                } else if self.used_transport >> from & 1 == 1 {
                    "that unit has already made its Transport move this turn".into()
                } else {
                    self.why_unreachable(action)
                }
            }
            (Stage::Main, Action::PlaceHq { .. }) => "the HQs are already placed".into(),
            (Stage::Main, Action::Unlucky) => "the unlucky draw is only right after drawing".into(),
            (Stage::Main, Action::PushTo { .. }) => "nothing is being pushed".into(),
            (_, _) => "not allowed now".into(),
        };
        format!("{who}, during {stage}: {reason}")
    }

    /// Why a move (Move tile, Mobility, Transport) of an own free unit cannot go where the
    /// action says.
    fn why_unreachable(&self, action: Action) -> String {
        let (Action::Move { from, to, facing }
        | Action::Mobility { from, to, facing }
        | Action::Transport { from, to, facing }) = action
        else {
            return "not allowed now".into();
        };
        let geo = self.pos.geometry();
        if to as usize >= geo.len() {
            return "that hex is off the board".into();
        }
        if facing > 5 {
            return "a facing is 0..5".into();
        }
        let unit = self.pos.cells[from as usize].expect("an own unit");
        if to == from {
            return if facing == unit.facing {
                "nothing changes: the unit already stands there facing that way".into()
            } else {
                "not allowed now".into()
            };
        }
        if self.pos.cells[to as usize].is_some() {
            return "the destination is occupied: a unit moves to an empty hex within reach".into();
        }
        let near = |c: u8| geo.neighbors[c as usize];
        if near(from).contains(&to) {
            return "not allowed now".into();
        }
        let two = self.analyze().recon >> self.to_move & 1 == 1;
        if !two {
            return "the destination is out of reach: a move goes to an adjacent hex (two hexes only \
                    with a working Recon Center of yours)"
                .into();
        }
        let mids: Vec<u8> = near(from)
            .into_iter()
            .filter(|&m| m != NO_CELL && near(to).contains(&m))
            .filter(|&m| self.pos.cells[m as usize].is_none())
            .collect();
        if mids.is_empty() {
            "the destination is out of reach: two hexes at most, through an empty hex (a two-hex \
             move goes step by step, FAQ-138)"
                .into()
        } else if !mids.iter().any(|&m| self.can_pass(from, m)) {
            "the destination is out of reach: the unit would be netted on every hex between (a \
             two-hex move goes step by step, FAQ-138)"
                .into()
        } else {
            "not allowed now".into()
        }
    }

    fn why_move(&self, action: Action, kind: InstantKind) -> String {
        let hand = &self.hands[self.to_move as usize];
        if !hand.iter().any(|&t| instant_of(t) == Some(kind)) {
            return format!("no {} tile in hand", kind.notation());
        }
        let geo = self.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        let an = self.analyze();
        match action {
            Action::Move { from, .. } | Action::PushBack { from, .. } => {
                if !cell_ok(from)
                    || self.pos.cells[from as usize].is_none_or(|u| u.seat != self.to_move)
                {
                    return "no own unit on that hex".into();
                }
                if an.netted >> from & 1 == 1 {
                    return "a netted unit can neither move nor push".into();
                }
                if let Action::PushBack { target, .. } = action {
                    if !cell_ok(target)
                        || self.pos.cells[target as usize]
                            .is_none_or(|u| !self.pos.enemies(self.to_move, u.seat))
                    {
                        return "no enemy unit on the target hex".into();
                    }
                    if an.netted >> target & 1 == 1 {
                        return "a netted unit cannot be pushed".into();
                    }
                    if self.push_options(from, target) == 0 {
                        return "no free hex behind the pushed unit (or it is not adjacent)".into();
                    }
                    return "not allowed now".into();
                }
                self.why_unreachable(action)
            }
            Action::Sniper { target } | Action::Grenade { target } => {
                let what = if matches!(action, Action::Sniper { .. }) {
                    "Sniper"
                } else {
                    "Grenade"
                };
                if let Action::Grenade { .. } = action {
                    let hq = self
                        .pos
                        .hq_hex(self.to_move)
                        .and_then(|h| self.pos.cell_of(h));
                    match hq {
                        None => {
                            return "you have no HQ on the board to throw a Grenade from".into()
                        }
                        Some(hq) if an.netted >> hq & 1 == 1 => {
                            return "your HQ is netted: no Grenade can be thrown".into()
                        }
                        Some(hq)
                            if !cell_ok(target)
                                || !geo.neighbors[hq as usize].contains(&target) =>
                        {
                            return "a Grenade only hits a hex next to your HQ".into()
                        }
                        _ => {}
                    }
                }
                match cell_ok(target)
                    .then(|| self.pos.cells[target as usize])
                    .flatten()
                {
                    None => "no tile on the target hex".into(),
                    Some(u) if u.def().is_hq() => format!("a {what} may not hit an HQ"),
                    Some(u) if !self.pos.enemies(self.to_move, u.seat) => {
                        format!("a {what} hits an enemy unit, not your own")
                    }
                    Some(_) => "not allowed now".into(),
                }
            }
            Action::AirStrike { center } => {
                if !cell_ok(center) {
                    "the Air Strike's centre is off the board".into()
                } else {
                    "the Air Strike's centre may not be an edge hex (all seven hexes must be on the board)".into()
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, action: Action) {
        let seat = self.to_move as usize;
        match action {
            Action::PlaceHq { cell } => {
                let hq = tiles().army(self.pos.armies[seat]).hq;
                let h = self.pos.geometry().hex(cell);
                self.pos.place(h, hq, seat as u8, 0, 0);
                if (seat as u8) + 1 < self.seats() {
                    self.to_move += 1;
                } else {
                    self.to_move = 0;
                    self.start_turn();
                }
            }
            Action::Draw { tile } => {
                let deck = &mut self.decks[seat];
                let i = deck.iter().rposition(|&t| t == tile).expect("legal draw");
                deck.remove(i);
                self.hands[seat].push(tile);
                if deck.is_empty() && self.ending == Ending::None {
                    self.ending = Ending::LastTileDrawn;
                }
                let left = match self.stage {
                    Stage::Draw { left } => left - 1,
                    _ => 0,
                };
                if left > 0 && !self.decks[seat].is_empty() {
                    self.stage = Stage::Draw { left };
                } else {
                    self.after_draw();
                }
            }
            Action::Unlucky => {
                let hand = std::mem::take(&mut self.hands[seat]);
                self.discards[seat].extend(hand);
                self.stage = Stage::Draw { left: 3 };
            }
            Action::Discard { tile } => {
                self.take_from_hand(tile);
                self.discards[seat].push(tile);
                if self.stage == Stage::Discard {
                    self.stage = Stage::Main;
                }
            }
            Action::Place { tile, cell, facing } => {
                self.take_from_hand(tile);
                let h = self.pos.geometry().hex(cell);
                self.pos.place(h, tile, seat as u8, facing, 0);
                if self.pos.is_full() {
                    self.battles_then(AfterBattle::FullBoard, Vec::new());
                }
            }
            Action::Move { from, to, facing } => {
                self.use_instant(InstantKind::Move);
                self.move_unit(from, to, facing);
            }
            Action::Mobility { from, to, facing } => {
                self.used_mobility |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::Transport { from, to, facing } => {
                self.used_transport |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::PushBack { from, target } => {
                self.use_instant(InstantKind::PushBack);
                let options = self.push_options(from, target);
                if options.count_ones() == 1 {
                    self.move_unit(
                        target,
                        options.trailing_zeros() as u8,
                        self.pos.cells[target as usize].unwrap().facing,
                    );
                } else {
                    self.stage = Stage::PushTo { target, options };
                }
            }
            Action::PushTo { cell } => {
                if let Stage::PushTo { target, .. } = self.stage {
                    let facing = self.pos.cells[target as usize].unwrap().facing;
                    self.move_unit(target, cell, facing);
                }
                self.stage = Stage::Main;
            }
            Action::Sniper { target } => {
                self.use_instant(InstantKind::Sniper);
                self.instant_damage(&[target], 1);
            }
            Action::Grenade { target } => {
                self.use_instant(InstantKind::Grenade);
                self.instant_damage(&[target], u8::MAX);
            }
            Action::AirStrike { center } => {
                self.use_instant(InstantKind::AirStrike);
                let geo = self.pos.geometry();
                let mut targets = vec![center];
                targets.extend(
                    geo.neighbors[center as usize]
                        .iter()
                        .copied()
                        .filter(|&c| c != NO_CELL),
                );
                targets.retain(|&c| self.pos.cells[c as usize].is_some_and(|u| !u.def().is_hq()));
                self.instant_damage(&targets, 1);
            }
            Action::Battle => {
                self.use_instant(InstantKind::Battle);
                self.battles_then(AfterBattle::EndTurn, Vec::new());
            }
            Action::EndTurn => self.end_turn(),
            Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. } => {
                let p = self.pending.take().expect("a battle waiting for a choice");
                let PendingBattle {
                    then, mut answers, ..
                } = *p;
                answers.push(action.answer().expect("a battle answer"));
                self.battles_then(then, answers);
            }
        }
    }

    fn take_from_hand(&mut self, tile: TileId) {
        let hand = &mut self.hands[self.to_move as usize];
        let i = hand.iter().position(|&t| t == tile).expect("tile in hand");
        hand.remove(i);
    }

    /// The instant tile an action plays from the mover's hand (`None` for other actions).
    pub fn instant_tile(&self, action: Action) -> Option<TileId> {
        let kind = match action {
            Action::Battle => InstantKind::Battle,
            Action::Move { .. } => InstantKind::Move,
            Action::PushBack { .. } => InstantKind::PushBack,
            Action::Sniper { .. } => InstantKind::Sniper,
            Action::Grenade { .. } => InstantKind::Grenade,
            Action::AirStrike { .. } => InstantKind::AirStrike,
            _ => return None,
        };
        self.hands[self.to_move as usize]
            .iter()
            .copied()
            .find(|&t| instant_of(t) == Some(kind))
    }

    fn use_instant(&mut self, kind: InstantKind) {
        let seat = self.to_move as usize;
        let i = self.hands[seat]
            .iter()
            .position(|&t| instant_of(t) == Some(kind))
            .expect("instant in hand");
        let t = self.hands[seat].remove(i);
        self.discards[seat].push(t);
    }

    fn move_unit(&mut self, from: u8, to: u8, facing: u8) {
        let mut u = self.pos.cells[from as usize].take().expect("unit to move");
        u.facing = facing;
        self.pos.cells[to as usize] = Some(u);
        // The "already used" marks travel with the unit.
        for m in [&mut self.used_mobility, &mut self.used_transport] {
            let had = *m >> from & 1;
            *m &= !(1 << from);
            *m |= had << to;
        }
    }

    /// Damage from an instant action (`wounds = u8::MAX`: the unit is destroyed). A working
    /// friendly Medic linked to a target dies instead (RULES.md "Medics"); a medic hit by
    /// the same action saves no one; the lowest-cell medic is used first (P-7).
    fn instant_damage(&mut self, targets: &[u8], wounds: u8) {
        let an = self.analyze();
        let hit: u64 = targets.iter().fold(0, |m, &c| m | 1 << c);
        let mut spent = 0u64;
        let mut dead: Vec<u8> = Vec::new();
        for &t in targets {
            let medic =
                bits(an.medics & !hit & !spent).find(|&m| an.medic_prot[m as usize] >> t & 1 == 1);
            if let Some(m) = medic {
                spent |= 1 << m;
                dead.push(m);
                continue;
            }
            let u = self.pos.cells[t as usize].as_mut().unwrap();
            let hp = u.def().hit_points();
            u.wounds = u.wounds.saturating_add(wounds.min(hp));
            if u.wounds >= hp {
                dead.push(t);
            }
        }
        for c in dead {
            if let Some(u) = self.pos.cells[c as usize].take() {
                self.discards[u.seat as usize].push(u.tile);
            }
        }
    }

    /// Resolves one battle on the board with `answers` given so far: its summary, or `None`
    /// when it stopped at a question (then the game waits in `Stage::BattleChoice`).
    fn battle(&mut self, then: AfterBattle, answers: Vec<Answer>) -> Option<BattleSummary> {
        let before = self.pos.clone();
        let manual = self.manual_choices;
        let mut log = self.keep_battle_logs.then(BattleLog::default);
        let step = with_resolver(|r| match (&mut log, manual) {
            (None, 0) => r.resolve(&mut self.pos, None, &mut NoLog).map(Step::Done),
            (Some(l), 0) => r.resolve(&mut self.pos, None, l).map(Step::Done),
            (None, m) => r.resolve_step(&mut self.pos, m, &answers, &mut NoLog),
            (Some(l), m) => r.resolve_step(&mut self.pos, m, &answers, l),
        })
        .expect("answers checked against their questions");
        let summary = match step {
            Step::Ask(question) => {
                self.wait_for_answer(then, answers, question, log);
                return None;
            }
            Step::Done(s) => s,
        };
        // Removed tiles go to their owners' discard piles.
        for (i, u) in before.cells.iter().enumerate() {
            if let Some(u) = u {
                if self.pos.cells[i].is_none() && !u.def().is_hq() {
                    self.discards[u.seat as usize].push(u.tile);
                }
            }
        }
        if let Some(l) = log {
            self.last_battle = Some((before, l));
        }
        self.battles += 1;
        match summary.outcome {
            Outcome::None => {}
            o => self.finish(o),
        }
        Some(summary)
    }

    /// Fights a battle (with `answers` so far) and what follows it: another battle while
    /// the board stays full (FAQ-39), the end of the turn, or the end of the game.
    fn battles_then(&mut self, then: AfterBattle, mut answers: Vec<Answer>) {
        loop {
            let Some(s) = self.battle(then, answers) else {
                return;
            };
            answers = Vec::new();
            if self.stage == Stage::Over {
                return;
            }
            match then {
                AfterBattle::EndTurn => return self.end_turn(),
                AfterBattle::Final => return self.finish_on_hit_points(true),
                AfterBattle::Overtime => return self.finish_on_hit_points(false),
                AfterBattle::FullBoard if !self.pos.is_full() => return self.end_turn(),
                // Nothing can break the deadlock: the game ends on HQ hit points.
                AfterBattle::FullBoard if !s.changed => return self.finish_on_hit_points(false),
                AfterBattle::FullBoard => {}
            }
        }
    }

    /// The game waits for `question`'s seat to answer, in the battle the answers so far
    /// lead to.
    fn wait_for_answer(
        &mut self,
        then: AfterBattle,
        answers: Vec<Answer>,
        question: Question,
        log: Option<BattleLog>,
    ) {
        self.stage = Stage::BattleChoice {
            seat: question.seat(),
        };
        self.pending = Some(Box::new(PendingBattle {
            then,
            answers,
            question,
            log,
        }));
    }

    /// Rebuilds a battle waiting for an answer (a snapshot being loaded): the answers must
    /// lead to a question of `seat`.
    pub(crate) fn resume_battle(
        &mut self,
        then: AfterBattle,
        answers: Vec<Answer>,
        seat: u8,
    ) -> Result<(), String> {
        let mut pos = self.pos.clone();
        let step =
            with_resolver(|r| r.resolve_step(&mut pos, self.manual_choices, &answers, &mut NoLog))
                .map_err(|e| e.to_string())?;
        match step {
            Step::Ask(q) if q.seat() == seat => {
                self.wait_for_answer(then, answers, q, None);
                Ok(())
            }
            _ => Err("the battle's answers do not lead to a question for that seat".into()),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.stage = Stage::Over;
    }

    /// Decides on HQ hit points. `tie_break`: a tie leads to the tie-break turns.
    fn finish_on_hit_points(&mut self, tie_break: bool) {
        let n = self.seats() as usize;
        let best = (0..n).map(|s| self.pos.hq_hp[s]).max().unwrap_or(0);
        let leaders: Vec<usize> = (0..n).filter(|&s| self.pos.hq_hp[s] == best).collect();
        if leaders.len() == 1 {
            self.finish(Outcome::Winner(leaders[0] as u8));
        } else if tie_break {
            self.ending = Ending::TieBreak {
                turns_left: self.seats(),
            };
            self.next_seat_turn();
        } else {
            self.finish(Outcome::Draw);
        }
    }

    fn end_turn(&mut self) {
        self.used_mobility = 0;
        self.used_transport = 0;
        match self.ending {
            Ending::None => self.next_seat_turn(),
            Ending::LastTileDrawn => {
                self.ending = Ending::LastRound {
                    turns_left: self.seats() - 1,
                };
                if self.seats() == 1 {
                    self.final_battle();
                } else {
                    self.next_seat_turn();
                }
            }
            Ending::LastRound { turns_left } => {
                if turns_left <= 1 {
                    self.final_battle();
                } else {
                    self.ending = Ending::LastRound {
                        turns_left: turns_left - 1,
                    };
                    self.next_seat_turn();
                }
            }
            Ending::TieBreak { turns_left } => {
                if turns_left <= 1 {
                    self.overtime_battle();
                } else {
                    self.ending = Ending::TieBreak {
                        turns_left: turns_left - 1,
                    };
                    self.next_seat_turn();
                }
            }
        }
    }

    fn final_battle(&mut self) {
        self.battles_then(AfterBattle::Final, Vec::new());
    }

    fn overtime_battle(&mut self) {
        self.battles_then(AfterBattle::Overtime, Vec::new());
    }

    fn next_seat_turn(&mut self) {
        self.to_move = (self.to_move + 1) % self.seats();
        self.start_turn();
    }

    /// Starts `to_move`'s turn: the draw, or straight to the turn when nothing is drawn.
    fn start_turn(&mut self) {
        self.start_turn_with(None)
    }

    /// Starts `to_move`'s turn; `draw` overrides how many tiles it draws.
    pub(crate) fn start_turn_with(&mut self, draw: Option<u8>) {
        let s = self.to_move as usize;
        self.turn += 1;
        self.turns_taken[s] += 1;
        // Every turn draws as usual, the tie-break turns too ("as if the game continued in
        // the normal way", 3.0 Victory): a seat whose deck is empty draws nothing.
        let want = if let Some(n) = draw {
            n
        } else if self.turns_taken[s] == 1 {
            (s as u8 + 1).min(3)
        } else {
            3u8.saturating_sub(self.hands[s].len() as u8)
        };
        let want = want.min(self.decks[s].len() as u8);
        if want > 0 {
            self.stage = Stage::Draw { left: want };
        } else {
            self.after_draw();
        }
    }

    fn after_draw(&mut self) {
        self.stage = if self.hands[self.to_move as usize].len() >= 3 {
            Stage::Discard
        } else {
            Stage::Main
        };
    }
}

thread_local! {
    /// One resolver per thread, reused: games ask for battles and board analyses constantly.
    static RESOLVER: std::cell::RefCell<Resolver> = std::cell::RefCell::new(Resolver::new());
}

fn with_resolver<T>(f: impl FnOnce(&mut Resolver) -> T) -> T {
    RESOLVER.with(|r| f(&mut r.borrow_mut()))
}

/// Iterates the set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}
