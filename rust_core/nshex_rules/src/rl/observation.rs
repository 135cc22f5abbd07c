//! The observation tensor of one seat: `P` planes over the board's `N` cells (plane-major:
//! value `p * N + cell`), then a vector of `V` numbers, all `f32`. Seats are relative to the
//! observer: relative seat 0 is the observer, 1 the next seat in seat order, and so on
//! (`(seat - observer) mod S`); slot 4 of an owner or controller plane is the neutral Mad
//! Bomber. Everything in it is public: every seat sees the board, every hand, the discard
//! piles and so what is left in each deck; only the order of the decks is hidden, and it is
//! not in the tensor.

use super::ActionEncoding;
use crate::battle::Resolver;
use crate::game::{Ending, Game, Player, Stage};
use crate::seats::{MAX_SEATS, NEUTRAL};
use std::cell::RefCell;

/// The planes after the `T` tile-kind planes (one per tile slot), in order.
pub const PLANE_NAMES: [&str; 29] = [
    "owner_0",
    "owner_1",
    "owner_2",
    "owner_3",
    "owner_neutral",
    "controller_0",
    "controller_1",
    "controller_2",
    "controller_3",
    "controller_neutral",
    "facing_0",
    "facing_1",
    "facing_2",
    "facing_3",
    "facing_4",
    "facing_5",
    "wounds",
    "netted",
    "foundation_0",
    "foundation_1",
    "foundation_2",
    "foundation_3",
    "terminal",
    "used_mobility",
    "used_transport",
    "used_grant",
    "push_target",
    "push_options",
    "rotation_due",
];

/// The vector's parts after the `3 * 4 * T` per-seat tile counts (hands, decks, unused
/// Mercenaries: relative seat-major, then slot), each with its length.
pub const VECTOR_NAMES: [(&str, usize); 20] = [
    ("hq", 4),
    ("deck_size", 4),
    ("energy", 4),
    ("eliminated", 4),
    ("in_game", 4),
    ("current_player", 4),
    ("to_move", 4),
    ("terror", 4),
    ("stage", 9),
    ("stage_left", 1),
    ("ending", 4),
    ("ending_turns_left", 1),
    ("tiles_played", 1),
    ("has_play_limit", 1),
    ("play_limit", 1),
    ("used_rotate", 1),
    ("credits_due", 1),
    ("turn", 1),
    ("battles", 1),
    ("chance", 1),
];

/// The tensor's sizes for an encoding: `planes * cells + vector` numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObservationShape {
    pub planes: usize,
    pub cells: usize,
    pub vector: usize,
}

impl ObservationShape {
    pub fn of(e: &ActionEncoding) -> ObservationShape {
        let t = e.slots().len();
        ObservationShape {
            planes: t + PLANE_NAMES.len(),
            cells: e.cells(),
            vector: 12 * t + VECTOR_NAMES.iter().map(|v| v.1).sum::<usize>(),
        }
    }

    pub fn len(&self) -> usize {
        self.planes * self.cells + self.vector
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

thread_local! {
    static RESOLVER: RefCell<Resolver> = RefCell::new(Resolver::new());
}

/// Writes `seat`'s observation of `g` into `out` (`ObservationShape::of(e).len()` numbers).
pub fn observation_into(e: &ActionEncoding, g: &Game, seat: u8, out: &mut [f32]) {
    let shape = ObservationShape::of(e);
    debug_assert_eq!(out.len(), shape.len());
    out.fill(0.0);
    let (planes, vector) = out.split_at_mut(shape.planes * shape.cells);
    board_planes(e, g, seat, planes);
    vector_part(e, g, seat, vector);
}

fn board_planes(e: &ActionEncoding, g: &Game, seat: u8, out: &mut [f32]) {
    let n = e.cells();
    let t = e.slots().len();
    let seats = g.seats();
    let rel = |s: u8| {
        if s == NEUTRAL || s >= seats {
            4
        } else {
            ((s + seats - seat) % seats) as usize
        }
    };
    let pos = g.pos();
    let netted = RESOLVER.with(|r| r.borrow_mut().analyze(pos).netted);
    let mut set = |plane: usize, cell: usize, v: f32| out[plane * n + cell] = v;
    for (c, u) in pos.cells[..n].iter().enumerate() {
        let Some(u) = u else { continue };
        if let Some(s) = e.slot(u.tile) {
            set(s, c, 1.0);
        }
        set(t + rel(u.seat), c, 1.0);
        set(t + 5 + rel(u.ctrl), c, 1.0);
        set(t + 10 + (u.facing as usize % 6), c, 1.0);
        set(t + 16, c, u.wounds as f32);
        set(t + 17, c, (netted >> c & 1) as f32);
    }
    let geo = pos.geometry();
    for (h, f) in pos.foundations() {
        if let Some(c) = geo.cell(h) {
            set(t + 18 + rel(f.seat).min(3), c as usize, 1.0);
        }
    }
    let masks = [
        pos.board.terminals(),
        g.used_mobility(),
        g.used_transport(),
        g.used_grant(),
    ];
    for (k, m) in masks.into_iter().enumerate() {
        for c in crate::hex::bits(m) {
            set(t + 22 + k, c as usize, 1.0);
        }
    }
    if let Stage::PushTo { target, options } = g.stage() {
        set(t + 26, target as usize, 1.0);
        for c in crate::hex::bits(options) {
            set(t + 27, c as usize, 1.0);
        }
    }
    if let Some(&(c, _)) = g.rotations_due().first() {
        set(t + 28, c as usize, 1.0);
    }
}

fn vector_part(e: &ActionEncoding, g: &Game, seat: u8, out: &mut [f32]) {
    let t = e.slots().len();
    let seats = g.seats() as usize;
    // Absolute seat of relative seat r.
    let abs = |r: usize| (seat as usize + r) % seats;
    for r in 0..seats {
        let s = abs(r);
        let mut count = |part: usize, tile| {
            if let Some(k) = e.slot(tile) {
                out[(part * MAX_SEATS + r) * t + k] += 1.0;
            }
        };
        for &x in &g.hands()[s] {
            count(0, x);
        }
        for &x in &g.decks()[s] {
            count(1, x);
        }
        for x in g.mercenaries(s as u8) {
            count(2, x);
        }
    }
    let mut w = Writer { out, o: 12 * t };
    let pos = g.pos();
    let (energy, eliminated, in_game) = (g.energy(), g.eliminated(), g.in_game());
    let cur = match g.current_player() {
        Player::Seat(s) => s as usize,
        _ => usize::MAX,
    };
    let (to_move, terror) = (g.to_move() as usize, g.terror());
    let per_seat: [&dyn Fn(usize) -> f32; 8] = [
        &|s| pos.hq_hp[s] as f32,
        &|s| g.decks()[s].len() as f32,
        &|s| energy[s] as f32,
        &|s| (eliminated >> s & 1) as f32,
        &|s| (in_game >> s & 1) as f32,
        &|s| (s == cur) as u8 as f32,
        &|s| (s == to_move) as u8 as f32,
        &|s| (terror >> s & 1) as f32,
    ];
    for f in per_seat {
        w.put(4, |r| if r < seats { f(abs(r)) } else { 0.0 });
    }
    let (stage, left) = match g.stage() {
        Stage::Hire => (0, 0),
        Stage::PlaceHq => (1, 0),
        Stage::Mercenary { left } => (2, left),
        Stage::Draw { left } => (3, left),
        Stage::Discard => (4, 0),
        Stage::Main => (5, 0),
        Stage::PushTo { .. } => (6, 0),
        Stage::BattleChoice { .. } => (7, 0),
        Stage::Over => (8, 0),
    };
    w.put(9, |i| (i == stage) as u8 as f32);
    w.put(1, |_| left as f32);
    let (ending, turns_left) = match g.ending() {
        Ending::None => (0, 0),
        Ending::LastTileDrawn => (1, 0),
        Ending::LastRound { turns_left } => (2, turns_left),
        Ending::TieBreak { turns_left } => (3, turns_left),
    };
    w.put(4, |i| (i == ending) as u8 as f32);
    w.put(1, |_| turns_left as f32);
    w.put(1, |_| g.tiles_played() as f32);
    let limit = g.play_limit();
    w.put(1, |_| limit.is_some() as u8 as f32);
    w.put(1, |_| limit.unwrap_or(0) as f32);
    w.put(1, |_| g.used_rotate() as u8 as f32);
    let credits = g
        .credits_due()
        .map_or(0, |c| c.left.iter().map(|&x| x as u32).sum());
    w.put(1, |_| credits as f32);
    w.put(1, |_| g.turn() as f32);
    w.put(1, |_| g.battles() as f32);
    w.put(1, |_| (g.current_player() == Player::Chance) as u8 as f32);
    debug_assert_eq!(w.o, w.out.len());
}

/// Writes the vector's parts one after the other.
struct Writer<'a> {
    out: &'a mut [f32],
    o: usize,
}

impl Writer<'_> {
    fn put(&mut self, len: usize, f: impl Fn(usize) -> f32) {
        for i in 0..len {
            self.out[self.o + i] = f(i);
        }
        self.o += len;
    }
}
