//! The fixed action encoding: every action as an integer in `0..len()`.
//!
//! The integers are laid out in blocks, one per kind of action, in the order of
//! [`BLOCK_NAMES`]; a block's size depends only on the game's parameters: `N` the board's
//! cells (19 or 37, in the board's cell order), `T` the game's tile slots (every tile of the
//! game's armies, with the Mercenaries and the Mad Bomber when the options bring them, in
//! tile id order), `K` the instants among the slots, `S` the seats. A block the parameters
//! rule out (the Duel board's procedures on another board, a battle choice when every seat
//! gets the automatic answers) has size 0. Within a block the fields are mixed radix, the
//! first field most significant (`place`: `(slot * N + cell) * 6 + facing`).
//!
//! Tile draws are chance outcomes, not actions: a draw is its tile's slot (`0..T`).

use crate::game::{Action, Game, MadBomber, Procedure, REINFORCEMENTS};
use crate::hex::{BoardKind, NO_CELL};
use crate::sides::Mode;
use crate::tiles::{tiles, TileId};
use std::fmt;
use std::sync::{Arc, Mutex};

/// The blocks, in encoding order (their sizes: [`ActionEncoding::blocks`]).
pub const BLOCK_NAMES: [&str; 38] = [
    "place_hq",              // N*6: cell, facing
    "unlucky",               // 1
    "battle",                // 1
    "end_turn",              // 1
    "discard",               // T: slot
    "place",                 // T*N*6: slot, cell, facing
    "move",                  // N*N*6: from, to, facing
    "mobility",              // N*N*6
    "transport",             // N*N*6
    "push_back",             // N*N: from, target
    "push_to",               // N: cell
    "sniper",                // N: target
    "grenade",               // N: target
    "air_strike",            // N: centre
    "grant",                 // N*N*6: from, to, facing
    "castling",              // N*N: a, b (a < b)
    "rotation",              // N*6: cell, facing
    "terror",                // 1
    "turn_taken",            // N*6: cell, facing
    "keep_taken",            // N: cell
    "rotate",                // N*6: cell, facing (the Doomsday Machine HQ)
    "small_bomb",            // N*6: lowest cell, direction d (the others: its d and d+1 neighbours)
    "credit",                // S*21 in the points game: to, n
    "hire",                  // T with Mercenaries or the Mad Bomber: slot
    "mercenary",             // T likewise: slot
    "deck_draw",             // 1 likewise
    "unlucky_of",            // C(K+2, 3) with Reinforcements: the three instants' multiset
    "exchange",              // T on the Duel board: slot
    "buy",                   // 6 on the Duel board: n
    "procedure_rotation",    // N*6 on the Duel board
    "procedure_swap",        // N*N*36 on the Duel board: a, b, fa, fb (a < b)
    "procedure_push",        // N*N on the Duel board: from, target
    "procedure_laser",       // N*N on the Duel board: a, b (a < b)
    "procedure_elimination", // N on the Duel board
    "procedure_detonation",  // 1 on the Duel board
    "clown",                 // N*2 with manual battle choices: cell, explode
    "convert",               // N*7 likewise: cell, edge (6: as printed)
    "medic_takes",           // N*N*N likewise: medic, target, from
];

const NB: usize = BLOCK_NAMES.len();

/// An action the encoding has no integer for (a bug: every legal action has one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError(pub Action);

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the action encoding has no number for {:?}", self.0)
    }
}

impl std::error::Error for EncodeError {}

/// What an encoding depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Params {
    board: BoardKind,
    armies: Vec<u8>,
    mode: Mode,
    mercs: bool,
    bomber: bool,
    reinforcements: bool,
    manual: bool,
}

impl Params {
    fn of(g: &Game) -> Params {
        let pos = g.pos();
        let o = g.options();
        Params {
            board: pos.board,
            armies: pos.armies[..pos.seats as usize]
                .iter()
                .map(|a| a.0)
                .collect(),
            mode: g.mode(),
            mercs: o.mercenaries > 0 || o.mad_bomber == MadBomber::Mercenary,
            bomber: o.mad_bomber != MadBomber::Off,
            reinforcements: o.has(REINFORCEMENTS),
            manual: g.manual_choices() != 0,
        }
    }
}

/// The action encoding of one set of game parameters.
#[derive(Debug)]
pub struct ActionEncoding {
    params: Params,
    /// Cells of the board.
    n: usize,
    /// The tile slots (tile ids, ascending) and each tile id's slot (`u16::MAX`: none).
    slots: Vec<TileId>,
    slot_of: Vec<u16>,
    /// Per tile id, its index among the game's instants (`u16::MAX`: none); K instants.
    inst_of: Vec<u16>,
    k: usize,
    /// The multisets of three instant indices, ascending, and their numbers by `(i*K+j)*K+l`.
    triples: Vec<[u16; 3]>,
    triple_of: Vec<u32>,
    neighbors: &'static [[u8; 6]],
    /// Start of each block, and the total at the end.
    offsets: [usize; NB + 1],
}

impl ActionEncoding {
    /// The encoding of `g`'s parameters, shared between games with the same ones.
    pub fn of(g: &Game) -> Arc<ActionEncoding> {
        static CACHE: Mutex<Vec<Arc<ActionEncoding>>> = Mutex::new(Vec::new());
        let p = Params::of(g);
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = cache.iter().find(|e| e.params == p) {
            return e.clone();
        }
        let e = Arc::new(ActionEncoding::new(p));
        if cache.len() >= 64 {
            cache.remove(0);
        }
        cache.push(e.clone());
        e
    }

    fn new(params: Params) -> ActionEncoding {
        let set = tiles();
        let mut slots: Vec<TileId> = Vec::new();
        for &a in &params.armies {
            let army = set.army(crate::tiles::ArmyId(a));
            slots.extend(army.tiles.iter().copied());
            slots.push(army.hq);
        }
        if params.mercs {
            slots.extend(set.mercenaries.iter().copied());
        }
        if params.bomber {
            slots.extend(set.mad_bomber);
        }
        slots.sort_unstable();
        slots.dedup();
        let mut slot_of = vec![u16::MAX; set.tiles.len()];
        let mut inst_of = vec![u16::MAX; set.tiles.len()];
        let mut k = 0;
        for (i, &t) in slots.iter().enumerate() {
            slot_of[t.0 as usize] = i as u16;
            if set.tile(t).instant.is_some() {
                inst_of[t.0 as usize] = k as u16;
                k += 1;
            }
        }
        let (mut triples, mut triple_of) = (Vec::new(), Vec::new());
        if params.reinforcements {
            triple_of = vec![u32::MAX; k * k * k];
            for i in 0..k {
                for j in i..k {
                    for l in j..k {
                        triple_of[(i * k + j) * k + l] = triples.len() as u32;
                        triples.push([i as u16, j as u16, l as u16]);
                    }
                }
            }
        }
        let geo = params.board.geometry();
        let n = geo.len();
        let mut e = ActionEncoding {
            n,
            slots,
            slot_of,
            inst_of,
            k,
            triples,
            triple_of,
            neighbors: &geo.neighbors,
            offsets: [0; NB + 1],
            params,
        };
        let sizes = e.sizes();
        for (b, s) in sizes.iter().enumerate() {
            e.offsets[b + 1] = e.offsets[b] + s;
        }
        e
    }

    /// Each block's size, in [`BLOCK_NAMES`] order.
    fn sizes(&self) -> [usize; NB] {
        let (n, t, p) = (self.n, self.slots.len(), &self.params);
        let seats = p.armies.len();
        let on = |c: bool, s: usize| if c { s } else { 0 };
        let duel = p.board == BoardKind::Duel;
        let m = p.manual;
        [
            n * 6,
            1,
            1,
            1,
            t,
            t * n * 6,
            n * n * 6,
            n * n * 6,
            n * n * 6,
            n * n,
            n,
            n,
            n,
            n,
            n * n * 6,
            n * n,
            n * 6,
            1,
            n * 6,
            n,
            n * 6,
            n * 6,
            on(p.mode == Mode::Points, seats * 21),
            on(p.mercs, t),
            on(p.mercs, t),
            on(p.mercs, 1),
            self.triples.len(),
            on(duel, t),
            on(duel, 6),
            on(duel, n * 6),
            on(duel, n * n * 36),
            on(duel, n * n),
            on(duel, n * n),
            on(duel, n),
            on(duel, 1),
            on(m, n * 2),
            on(m, n * 7),
            on(m, n * n * n),
        ]
    }

    /// How many action numbers there are (`num_distinct_actions`).
    pub fn len(&self) -> usize {
        self.offsets[NB]
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each block as (name, first number, size), in encoding order.
    pub fn blocks(&self) -> Vec<(&'static str, usize, usize)> {
        (0..NB)
            .map(|b| {
                let (o, e) = (self.offsets[b], self.offsets[b + 1]);
                (BLOCK_NAMES[b], o, e - o)
            })
            .collect()
    }

    /// The tile slots (tile ids, ascending): slot `i` is `slots()[i]`.
    pub fn slots(&self) -> &[TileId] {
        &self.slots
    }

    /// The cells of the board.
    pub fn cells(&self) -> usize {
        self.n
    }

    /// The slot of a tile, if the game has it.
    pub fn slot(&self, t: TileId) -> Option<usize> {
        let s = *self.slot_of.get(t.0 as usize)?;
        (s != u16::MAX).then_some(s as usize)
    }

    /// The number of `a`, if the encoding has one (not for a tile draw: see `chance_slot`).
    pub fn encode(&self, a: Action) -> Option<usize> {
        let n = self.n;
        let cell = |c: u8| (c as usize) < n;
        let c = |x: u8| x as usize;
        let f6 = |f: u8| (f < 6).then_some(f as usize);
        let mv = |from: u8, to: u8, f: u8| {
            (cell(from) && cell(to)).then_some(())?;
            Some((c(from) * n + c(to)) * 6 + f6(f)?)
        };
        let turn = |x: u8, f: u8| {
            cell(x).then_some(())?;
            Some(c(x) * 6 + f6(f)?)
        };
        let one = |x: u8| cell(x).then_some(c(x));
        let pair = |x: u8, y: u8| (cell(x) && cell(y)).then_some(c(x) * n + c(y));
        let slot = |t: TileId| self.slot(t);
        let (b, i) = match a {
            Action::PlaceHq { cell, facing } => (0, turn(cell, facing)?),
            Action::Unlucky => (1, 0),
            Action::Battle => (2, 0),
            Action::EndTurn => (3, 0),
            Action::Discard { tile } => (4, slot(tile)?),
            Action::Place { tile, cell, facing } => (5, slot(tile)? * n * 6 + turn(cell, facing)?),
            Action::Move { from, to, facing } => (6, mv(from, to, facing)?),
            Action::Mobility { from, to, facing } => (7, mv(from, to, facing)?),
            Action::Transport { from, to, facing } => (8, mv(from, to, facing)?),
            Action::PushBack { from, target } => (9, pair(from, target)?),
            Action::PushTo { cell } => (10, one(cell)?),
            Action::Sniper { target } => (11, one(target)?),
            Action::Grenade { target } => (12, one(target)?),
            Action::AirStrike { center } => (13, one(center)?),
            Action::Grant { from, to, facing } => (14, mv(from, to, facing)?),
            Action::Castling { a, b } => (15, pair(a, b)?),
            Action::Rotation { cell, facing } => (16, turn(cell, facing)?),
            Action::Terror => (17, 0),
            Action::TurnTaken { cell, facing } => (18, turn(cell, facing)?),
            Action::KeepTaken { cell } => (19, one(cell)?),
            Action::Rotate { cell, facing } => (20, turn(cell, facing)?),
            Action::SmallBomb { a, b, c: z } => (21, self.triangle(a, b, z)?),
            Action::Credit { to, n: k } => {
                let ok = (to as usize) < self.params.armies.len() && k <= 20;
                (22, ok.then_some(c(to) * 21 + c(k))?)
            }
            Action::Hire { tile } => (23, slot(tile)?),
            Action::Mercenary { tile } => (24, slot(tile)?),
            Action::DeckDraw => (25, 0),
            Action::UnluckyOf { tiles } => (26, self.triple(tiles)?),
            Action::Exchange { tile } => (27, slot(tile)?),
            Action::Buy { n: k } => (28, (k < 6).then_some(c(k))?),
            Action::Procedure(p) => self.procedure(p)?,
            Action::Clown { cell, explode } => (35, one(cell)? * 2 + explode as usize),
            Action::Convert { cell, edge } => {
                let e = edge.map_or(Some(6), |e| (e < 6).then_some(c(e)))?;
                (36, one(cell)? * 7 + e)
            }
            Action::MedicTakes {
                medic,
                target,
                from,
            } => (37, pair(medic, target)? * n + one(from)?),
            Action::Draw { .. } => return None,
        };
        let (o, e) = (self.offsets[b], self.offsets[b + 1]);
        (o + i < e).then_some(o + i)
    }

    fn procedure(&self, p: Procedure) -> Option<(usize, usize)> {
        let n = self.n;
        let cell = |c: u8| (c as usize) < n;
        let pair = |x: u8, y: u8| (cell(x) && cell(y)).then_some(x as usize * n + y as usize);
        Some(match p {
            Procedure::Rotation { cell: x, facing } => (
                29,
                (cell(x) && facing < 6).then_some(x as usize * 6 + facing as usize)?,
            ),
            Procedure::Swap { a, b, fa, fb } => {
                let ok = fa < 6 && fb < 6;
                (
                    30,
                    pair(a, b)? * 36 + ok.then_some(fa as usize * 6 + fb as usize)?,
                )
            }
            Procedure::Push { from, target } => (31, pair(from, target)?),
            Procedure::Laser { a, b } => (32, pair(a, b)?),
            Procedure::Elimination { target } => (33, cell(target).then_some(target as usize)?),
            Procedure::Detonation => (34, 0),
        })
    }

    /// A Small Bomb's three mutually adjacent hexes as (lowest cell, direction `d`), the
    /// other two being that cell's neighbours in directions `d` and `d + 1`.
    fn triangle(&self, a: u8, b: u8, z: u8) -> Option<usize> {
        let mut v = [a, b, z];
        v.sort_unstable();
        let nb = self.neighbors.get(v[0] as usize)?;
        let d = (0..6).find(|&d| {
            let (x, y) = (nb[d], nb[(d + 1) % 6]);
            x != NO_CELL && y != NO_CELL && (x.min(y), x.max(y)) == (v[1], v[2])
        })?;
        Some(v[0] as usize * 6 + d)
    }

    fn triple(&self, t: [TileId; 3]) -> Option<usize> {
        let k = self.k;
        let mut v = [0usize; 3];
        for (o, x) in v.iter_mut().zip(t) {
            let i = *self.inst_of.get(x.0 as usize)?;
            (i != u16::MAX).then_some(())?;
            *o = i as usize;
        }
        v.sort_unstable();
        let i = *self.triple_of.get((v[0] * k + v[1]) * k + v[2])?;
        (i != u32::MAX).then_some(i as usize)
    }

    /// The action of number `x`; `None` for a number out of range or one that stands for no
    /// action (a Small Bomb counted from a cell that is not its lowest, a Castling with
    /// `a >= b`, ...): exactly the numbers `encode` gives.
    pub fn decode(&self, x: usize) -> Option<Action> {
        if x >= self.len() {
            return None;
        }
        let b = self.offsets.partition_point(|&o| o <= x) - 1;
        let i = x - self.offsets[b];
        let a = self.decode_in(b, i)?;
        (self.encode(a) == Some(x)).then_some(a)
    }

    fn decode_in(&self, b: usize, i: usize) -> Option<Action> {
        let n = self.n;
        let u = |v: usize| v as u8;
        let slot = |s: usize| self.slots.get(s).copied();
        // (first, second, facing) of a `from * N * 6 + to * 6 + facing` number.
        let (p, q, f) = (u(i / 6 / n), u(i / 6 % n), u(i % 6));
        let (x, y) = (u(i / n), u(i % n));
        let (cell, facing) = (u(i / 6), u(i % 6));
        Some(match b {
            0 => Action::PlaceHq { cell, facing },
            1 => Action::Unlucky,
            2 => Action::Battle,
            3 => Action::EndTurn,
            4 => Action::Discard { tile: slot(i)? },
            5 => Action::Place {
                tile: slot(i / 6 / n)?,
                cell: u(i / 6 % n),
                facing: f,
            },
            6..=8 => Action::relocation(b as u8 - 6, p, q, f)?,
            9 => Action::PushBack { from: x, target: y },
            10 => Action::PushTo { cell: u(i) },
            11 => Action::Sniper { target: u(i) },
            12 => Action::Grenade { target: u(i) },
            13 => Action::AirStrike { center: u(i) },
            14 => Action::relocation(3, p, q, f)?,
            15 => Action::Castling { a: x, b: y },
            16 => Action::Rotation { cell, facing },
            17 => Action::Terror,
            18 => Action::TurnTaken { cell, facing },
            19 => Action::KeepTaken { cell: u(i) },
            20 => Action::Rotate { cell, facing },
            21 => {
                let nb = self.neighbors.get(cell as usize)?;
                let (s, t) = (nb[facing as usize], nb[(facing as usize + 1) % 6]);
                (s != NO_CELL && t != NO_CELL).then_some(())?;
                let mut v = [cell, s, t];
                v.sort_unstable();
                Action::SmallBomb {
                    a: v[0],
                    b: v[1],
                    c: v[2],
                }
            }
            22 => Action::Credit {
                to: u(i / 21),
                n: u(i % 21),
            },
            23 => Action::Hire { tile: slot(i)? },
            24 => Action::Mercenary { tile: slot(i)? },
            25 => Action::DeckDraw,
            26 => {
                let tr = self.triples.get(i)?;
                let inst = |k: u16| {
                    self.slots
                        .iter()
                        .copied()
                        .find(|t| self.inst_of[t.0 as usize] == k)
                };
                let mut tiles = [inst(tr[0])?, inst(tr[1])?, inst(tr[2])?];
                tiles.sort_unstable();
                Action::UnluckyOf { tiles }
            }
            27 => Action::Exchange { tile: slot(i)? },
            28 => Action::Buy { n: u(i) },
            29 => Action::Procedure(Procedure::Rotation { cell, facing }),
            30 => {
                let (pr, fs) = (i / 36, i % 36);
                Action::Procedure(Procedure::Swap {
                    a: u(pr / n),
                    b: u(pr % n),
                    fa: u(fs / 6),
                    fb: u(fs % 6),
                })
            }
            31 => Action::Procedure(Procedure::Push { from: x, target: y }),
            32 => Action::Procedure(Procedure::Laser { a: x, b: y }),
            33 => Action::Procedure(Procedure::Elimination { target: u(i) }),
            34 => Action::Procedure(Procedure::Detonation),
            35 => Action::Clown {
                cell: u(i / 2),
                explode: i % 2 == 1,
            },
            36 => Action::Convert {
                cell: u(i / 7),
                edge: (i % 7 < 6).then_some(u(i % 7)),
            },
            37 => Action::MedicTakes {
                medic: u(i / n / n),
                target: u(i / n % n),
                from: u(i % n),
            },
            _ => return None,
        })
    }

    /// The numbers of `actions` (the legal ones), ascending, into `out`.
    pub fn encode_all(&self, actions: &[Action], out: &mut Vec<usize>) -> Result<(), EncodeError> {
        out.clear();
        for &a in actions {
            out.push(self.encode(a).ok_or(EncodeError(a))?);
        }
        out.sort_unstable();
        Ok(())
    }

    /// The legal-action mask of `g` into `mask` (`len()` bytes, 1 for a legal action; at a
    /// chance node, for the slots of the tiles that can be drawn); `buf` is scratch.
    pub fn mask_into(
        &self,
        g: &Game,
        buf: &mut Vec<Action>,
        mask: &mut [u8],
    ) -> Result<(), EncodeError> {
        mask.fill(0);
        if g.current_player() == crate::game::Player::Chance {
            // A draw: the slots of the tiles left in the deck.
            for (tile, _) in g.chance_outcomes() {
                mask[self.slot(tile).ok_or(EncodeError(Action::Draw { tile }))?] = 1;
            }
            return Ok(());
        }
        g.legal_actions_into(buf);
        for &a in buf.iter() {
            let i = self.encode(a).ok_or(EncodeError(a))?;
            mask[i] = 1;
        }
        Ok(())
    }

    /// The chance outcomes of `g` as (tile slot, probability), slots ascending.
    pub fn chance_outcomes(&self, g: &Game) -> Result<Vec<(usize, f64)>, EncodeError> {
        let outs = g.chance_outcomes();
        let total: u32 = outs.iter().map(|o| o.1).sum();
        outs.iter()
            .map(|&(tile, k)| {
                let s = self.slot(tile).ok_or(EncodeError(Action::Draw { tile }))?;
                Ok((s, k as f64 / total as f64))
            })
            .collect()
    }

    /// The draw of the tile in slot `s`.
    pub fn chance_action(&self, s: usize) -> Option<Action> {
        self.slots.get(s).map(|&tile| Action::Draw { tile })
    }
}
