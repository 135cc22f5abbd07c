//! The Duel's rules in the game flow: takeover rotations (D-12), the Smart HQ's grant,
//! Castling, Rotation and Terror (D-32), foundations (D-15), the Transporter (D-33), the
//! Bio-droid's return (D-34), energy and procedures on the Duel board (D-16, D-17).

use super::{distinct_tiles, Game, Make, MoveInfo, Sink, Stage};
use crate::action::{Action, Procedure};
use crate::hex::{bits, NO_CELL};
use crate::tiles::{tiles, TileId};
use crate::tiles::{Kind, MOVE_GRANT, MOVE_TRANSPORTER};

/// Energy on the Duel board never goes above this (D-16).
pub const MAX_ENERGY: u8 = 5;

impl Game {
    /// The cell of the unit with placement number `placed`.
    pub(super) fn cell_of_placed(&self, placed: u16) -> Option<u8> {
        let n = self.state.pos.geometry().len();
        self.state.pos.cells[..n]
            .iter()
            .position(|u| u.is_some_and(|u| u.placed == placed))
            .map(|c| c as u8)
    }

    /// A tile leaves the board: to its owner's discard pile, or a Bio-droid to the top of
    /// its owner's deck, the next tile drawn (D-34).
    #[inline]
    pub(super) fn send_away(&mut self, tile: TileId, owner: u8) {
        let o = owner as usize;
        if self.is_bomber(tile) {
            // Destroyed without a hit (a Mine): it passes on after the seat whose action it
            // was (D-24).
            self.pass_bomber(self.state.to_move);
        } else if tiles().tile(tile).bio_droid {
            self.state.decks[o].push(tile);
            self.state.known_top[o] += 1;
        } else {
            self.state.discards[o].push(tile);
        }
    }

    /// The unit on `cell` is destroyed (not an HQ).
    #[inline]
    pub(super) fn remove_unit(&mut self, cell: u8) {
        if let Some(u) = self.state.pos.cells[cell as usize].take() {
            self.index.clear(cell);
            self.send_away(u.tile, u.seat);
        }
    }

    /// A foundation is destroyed: to its owner's discard pile.
    pub(super) fn remove_foundation(&mut self, cell: u8) {
        if let Some(f) = self.state.pos.foundations.take(cell) {
            self.state.discards[f.seat as usize].push(f.tile);
        }
    }

    /// A unit has entered `cell` (placed, moved, pushed): a Mine there is destroyed, and
    /// with it the unit, unless it is an HQ (D-15, FAQ-26, FAQ-92).
    #[inline]
    pub(super) fn enter(&mut self, cell: u8) {
        if !self.state.pos.foundations.is_at(cell) {
            return;
        }
        self.remove_foundation(cell);
        if self.state.pos.cells[cell as usize].is_some_and(|u| !u.def().is_hq()) {
            self.remove_unit(cell);
        }
    }

    /// Cells holding a foundation.
    pub(super) fn foundation_cells(&self) -> u64 {
        self.state.pos.foundations.mask()
    }

    // ----- takeover rotations (D-12) -----------------------------------------------------

    /// Before an action: the takeovers as they stand, unless an action under way (a push
    /// waiting for its hex, a battle waiting for an answer) already noted them.
    pub(super) fn note_takeovers(&mut self) {
        if self.takeovers_before.is_none() {
            let mut v = std::mem::take(&mut self.takeovers_scratch);
            v.clear();
            v.extend(self.state.pos.takeovers());
            self.takeovers_before = Some(v);
        }
    }

    /// After an action: the board state is resolved again (D-13) and, once the action is
    /// complete, every unit now controlled through a source that did not control it before
    /// is due a rotation by its new controller (D-12), the seat to move first, then the
    /// others in turn order. A rotation still due lapses if the unit is no longer so
    /// controlled.
    pub(super) fn after_action(&mut self) {
        let mut now = std::mem::take(&mut self.takeovers_scratch);
        self.state.pos.settle_into(Some(&mut now));
        if matches!(
            self.state.stage,
            Stage::PushTo { .. } | Stage::BattleChoice { .. }
        ) {
            self.takeovers_scratch = now;
            return;
        }
        let Some(before) = self.takeovers_before.take() else {
            self.takeovers_scratch = now;
            return;
        };
        if self.state.stage == Stage::Over {
            self.state.rotations.clear();
            self.takeovers_scratch = now;
            return;
        }
        // A rotation still due lapses if its unit is no longer so controlled.
        let pos = &self.state.pos;
        self.state.rotations.retain(|&(placed, seat)| {
            pos.cells
                .iter()
                .flatten()
                .any(|u| u.placed == placed && u.ctrl == seat && u.ctrl != u.seat)
        });
        for &(unit, src) in &now {
            if before.contains(&(unit, src)) || self.state.rotations.iter().any(|&(u, _)| u == unit)
            {
                continue;
            }
            if let Some(c) = self.cell_of_placed(unit) {
                let u = self.state.pos.cells[c as usize].expect("a unit");
                self.state.rotations.push((unit, u.ctrl));
            }
        }
        let (to_move, n) = (self.state.to_move, self.seats());
        self.state
            .rotations
            .sort_by_key(|&(_, seat)| (seat + n - to_move) % n);
        // What holds now is what the next action is measured against.
        self.takeovers_scratch = before;
        self.takeovers_before = Some(now);
    }

    /// The rotations the seat first in line may answer now.
    pub(super) fn push_rotations(&self, out: &mut Vec<Action>) {
        let Some(&(_, seat)) = self.state.rotations.first() else {
            return;
        };
        for &(placed, s) in &self.state.rotations {
            if s != seat {
                continue;
            }
            let Some(cell) = self.cell_of_placed(placed) else {
                continue;
            };
            let facing = self.state.pos.cells[cell as usize].expect("a unit").facing;
            out.push(Action::KeepTaken { cell });
            for f in 0..6 {
                if f != facing {
                    out.push(Action::TurnTaken { cell, facing: f });
                }
            }
        }
    }

    pub(super) fn answer_rotation(&mut self, cell: u8, facing: Option<u8>) {
        let placed = self.state.pos.cells[cell as usize].expect("a unit").placed;
        self.state.rotations.retain(|&(p, _)| p != placed);
        if let Some(f) = facing {
            self.state.pos.cells[cell as usize]
                .as_mut()
                .expect("a unit")
                .facing = f;
        }
    }

    // ----- HQ placement ----------------------------------------------------------------

    /// The order in which the seats place their HQs: Vegas (an HQ with a takeover edge)
    /// after every other seat (FAQ-375, FAQ-543); otherwise in turn order.
    pub(super) fn hq_order(&self) -> impl Iterator<Item = u8> + '_ {
        let set = tiles();
        let last = |s: u8| {
            set.tile(set.army(self.state.pos.armies[s as usize]).hq)
                .takeover
                != 0
        };
        let n = self.seats();
        (0..n)
            .filter(move |&s| !last(s))
            .chain((0..n).filter(move |&s| last(s)))
    }

    /// The facings offered for an HQ: one for an HQ that looks the same every way round.
    pub(super) fn hq_facings(&self, seat: u8) -> u8 {
        let set = tiles();
        let def = set.tile(set.army(self.state.pos.armies[seat as usize]).hq);
        if def.oriented.iter().all(|o| *o == def.oriented[0]) {
            1
        } else {
            6
        }
    }

    /// The seat to place its HQ after `seat`, if any.
    pub(super) fn next_hq_seat(&self) -> Option<u8> {
        // The seats whose HQ stands, in one pass over the board.
        let placed = self
            .state
            .pos
            .cells
            .iter()
            .flatten()
            .filter(|u| u.def().is_hq())
            .fold(0u8, |m, u| m | 1 << u.seat);
        self.hq_order().find(|&s| placed >> s & 1 == 0)
    }

    // ----- main-stage actions -----------------------------------------------------------

    /// Whether `seat` is under Terror now (D-32).
    pub(super) fn under_terror(&self) -> bool {
        self.state.terror >> self.state.to_move & 1 == 1
    }

    /// Cells of the seat's Transporters that a tile may replace (not netted, D-33).
    pub(super) fn transporter_cells(&self, an: &MoveInfo) -> u64 {
        let set = tiles();
        let n = self.state.pos.geometry().len();
        let mut m = 0u64;
        for (i, u) in self.state.pos.cells[..n].iter().enumerate() {
            if let Some(u) = u {
                if set.move_flags[u.tile.0 as usize] & MOVE_TRANSPORTER != 0
                    && u.ctrl == self.state.to_move
                    && an.netted >> i & 1 == 0
                {
                    m |= 1 << i;
                }
            }
        }
        m
    }

    /// Moves the Smart HQ grants now: each unit next to a working Smart HQ of the seat,
    /// controlled by the seat, not netted, not the HQ, not yet granted this turn.
    pub(super) fn push_grants(&self, an: &MoveInfo, out: &mut Sink) {
        if self.board_full() {
            return;
        }
        let set = tiles();
        let geo = self.state.pos.geometry();
        for (i, u) in self.state.pos.cells[..geo.len()].iter().enumerate() {
            let Some(u) = u else { continue };
            // The seat's own Smart HQ, or an ally's: the grant is a bonus to the units next
            // to it, used by their own controller (D-14).
            if set.move_flags[u.tile.0 as usize] & MOVE_GRANT == 0
                || !self
                    .state
                    .pos
                    .relations()
                    .allied(self.state.to_move, u.ctrl)
                || an.netted >> i & 1 == 1
            {
                continue;
            }
            for &j in &geo.neighbors[i] {
                if j == NO_CELL || self.state.used_grant >> j & 1 == 1 || an.netted >> j & 1 == 1 {
                    continue;
                }
                if self.state.pos.cells[j as usize].is_some_and(|v| v.ctrl == self.state.to_move) {
                    self.push_moves(j, an, Make::Grant, out);
                }
            }
        }
    }

    /// Castling: two adjacent units the seat controls, neither netted (FAQ-93).
    pub(super) fn push_castlings(&self, an: &MoveInfo, out: &mut Vec<Action>) {
        let geo = self.state.pos.geometry();
        for a in 0..geo.len() as u8 {
            if !self.own_free_unit(an, a) {
                continue;
            }
            for &b in &geo.neighbors[a as usize] {
                if b != NO_CELL && b > a && self.own_free_unit(an, b) {
                    out.push(Action::Castling { a, b });
                }
            }
        }
    }

    /// Rotation: a tile the seat controls, not netted, to any other facing.
    pub(super) fn push_rotation_tiles(&self, an: &MoveInfo, out: &mut Vec<Action>) {
        let geo = self.state.pos.geometry();
        for c in 0..geo.len() as u8 {
            if !self.own_free_unit(an, c) {
                continue;
            }
            let facing = self.state.pos.cells[c as usize].expect("a unit").facing;
            for f in 0..6 {
                if f != facing {
                    out.push(Action::Rotation { cell: c, facing: f });
                }
            }
        }
    }

    pub(super) fn swap_units(&mut self, a: u8, b: u8) {
        self.state.pos.cells.swap(a as usize, b as usize);
        for c in [a, b] {
            self.index.clear(c);
            if let Some(u) = self.state.pos.cells[c as usize] {
                self.index.put(c, u.tile);
            }
        }
        for m in [
            &mut self.state.used_mobility,
            &mut self.state.used_transport,
            &mut self.state.used_grant,
        ] {
            let (ba, bb) = (*m >> a & 1, *m >> b & 1);
            *m &= !(1 << a | 1 << b);
            *m |= ba << b | bb << a;
        }
    }

    // ----- energy and procedures (D-16, D-17) ----------------------------------------

    /// The Duel board's energy and procedures are in play (two seats, D-16).
    #[inline]
    pub(super) fn energy_in_play(&self) -> bool {
        self.energy_on
    }

    /// Links (D-11): units on terminals, not netted; `friendly`: those the seat to move
    /// controls, otherwise those its enemies control.
    pub(super) fn links(&self, an: &MoveInfo, friendly: bool) -> u64 {
        let seat = self.state.to_move;
        let mut m = 0u64;
        for c in bits(self.state.pos.terminals() & !an.netted) {
            if let Some(u) = &self.state.pos.cells[c as usize] {
                if (u.ctrl == seat) == friendly {
                    m |= 1 << c;
                }
            }
        }
        m
    }

    /// Enemy non-HQ units (cell mask).
    fn enemy_units(&self) -> u64 {
        let n = self.state.pos.geometry().len();
        let mut m = 0u64;
        for (i, u) in self.state.pos.cells[..n].iter().enumerate() {
            if let Some(u) = u {
                if self.state.pos.enemies(self.state.to_move, u.ctrl) && !u.def().is_hq() {
                    m |= 1 << i;
                }
            }
        }
        m
    }

    /// The cells strictly between `a` and `b` when they lie on one straight line.
    pub(super) fn between(&self, a: u8, b: u8) -> Option<u64> {
        let geo = self.state.pos.geometry();
        let (ha, hb) = (geo.hex(a), geo.hex(b));
        let (dq, dr) = (hb.q - ha.q, hb.r - ha.r);
        let n = dq.abs().max(dr.abs()).max((dq + dr).abs());
        if n == 0 || !(dq == 0 || dr == 0 || dq + dr == 0) {
            return None;
        }
        let (sq, sr) = (dq / n, dr / n);
        let mut m = 0u64;
        for k in 1..n {
            let h = crate::hex::Hex::new(ha.q + sq * k, ha.r + sr * k);
            m |= 1 << geo.cell(h).expect("on the board");
        }
        Some(m)
    }

    pub(super) fn push_energy_actions(&self, an: &MoveInfo, out: &mut Vec<Action>) {
        let seat = self.state.to_move as usize;
        let energy = self.state.energy[seat];
        if self.state.exchange_open && energy < MAX_ENERGY {
            let (distinct, n) = distinct_tiles(&self.state.hands[seat]);
            for &t in &distinct[..n] {
                out.push(Action::Exchange { tile: t });
            }
        }
        let hp = self.state.pos.hq_hp[seat];
        for n in 1..=(MAX_ENERGY - energy).min(hp.saturating_sub(1)) {
            out.push(Action::Buy { n });
        }
        self.push_procedures(an, energy, out);
    }

    fn push_procedures(&self, an: &MoveInfo, energy: u8, out: &mut Vec<Action>) {
        if energy == 0 {
            return;
        }
        let own = self.links(an, true);
        if own == 0 && energy < 4 {
            return;
        }
        let hqs = self
            .state
            .pos
            .cells
            .iter()
            .enumerate()
            .fold(0u64, |m, (c, u)| {
                m | (u.is_some_and(|u| u.def().is_hq()) as u64) << c
            });
        let enemies = self.enemy_units();
        let facing = |c: u8| self.state.pos.cells[c as usize].expect("a unit").facing;
        for c in bits(own) {
            for f in 0..6 {
                if f != facing(c) {
                    out.push(Action::Procedure(Procedure::Rotation {
                        cell: c,
                        facing: f,
                    }));
                }
            }
        }
        if energy >= 2 {
            for a in bits(own & !hqs) {
                for b in bits(own & !hqs & !((2u64 << a) - 1)) {
                    for fa in 0..6 {
                        for fb in 0..6 {
                            out.push(Action::Procedure(Procedure::Swap { a, b, fa, fb }));
                        }
                    }
                }
            }
        }
        if energy >= 3 {
            let geo = self.state.pos.geometry();
            for from in bits(own) {
                for &t in &geo.neighbors[from as usize] {
                    if t != NO_CELL
                        && an.netted >> t & 1 == 0
                        && self.state.pos.cells[t as usize]
                            .is_some_and(|u| self.state.pos.enemies(self.state.to_move, u.ctrl))
                        && self.push_options(from, t) != 0
                    {
                        out.push(Action::Procedure(Procedure::Push { from, target: t }));
                    }
                }
            }
            for a in bits(own) {
                for b in bits(own & !((2u64 << a) - 1)) {
                    if self.between(a, b).is_some_and(|m| m & enemies != 0) {
                        out.push(Action::Procedure(Procedure::Laser { a, b }));
                    }
                }
            }
            for t in bits(enemies) {
                let around = geo.neighbors[t as usize]
                    .iter()
                    .filter(|&&j| j != NO_CELL && own >> j & 1 == 1)
                    .count();
                if around >= 3 {
                    out.push(Action::Procedure(Procedure::Elimination { target: t }));
                }
            }
        }
        if energy >= 4 && self.links(an, false) & enemies != 0 {
            out.push(Action::Procedure(Procedure::Detonation));
        }
    }

    pub(super) fn apply_procedure(&mut self, p: Procedure) {
        let seat = self.state.to_move as usize;
        self.state.energy[seat] -= p.cost();
        match p {
            Procedure::Rotation { cell, facing } => {
                self.state.pos.cells[cell as usize]
                    .as_mut()
                    .expect("a Link")
                    .facing = facing;
            }
            Procedure::Swap { a, b, fa, fb } => {
                // `fa` is the new facing of the Link that was on `a` (now on `b`).
                self.swap_units(a, b);
                self.state.pos.cells[b as usize]
                    .as_mut()
                    .expect("a Link")
                    .facing = fa;
                self.state.pos.cells[a as usize]
                    .as_mut()
                    .expect("a Link")
                    .facing = fb;
            }
            Procedure::Push { from, target } => self.push_back(from, target),
            Procedure::Laser { a, b } => {
                let between = self.between(a, b).expect("a line");
                let targets: Vec<u8> = bits(between & self.enemy_units()).collect();
                self.instant_damage(&targets, u8::MAX);
            }
            Procedure::Elimination { target } => self.instant_damage(&[target], u8::MAX),
            Procedure::Detonation => {
                let an = self.main_analysis();
                let targets: Vec<u8> = bits(self.links(&an, false) & self.enemy_units()).collect();
                self.instant_damage(&targets, u8::MAX);
            }
        }
    }

    /// The unit on `from` pushes the unit on `target` (Push Back tile or procedure): at
    /// once when one hex is free, otherwise the pushed unit's controller chooses.
    pub(super) fn push_back(&mut self, from: u8, target: u8) {
        let options = self.push_options(from, target);
        if options.count_ones() == 1 {
            let to = options.trailing_zeros() as u8;
            let facing = self.state.pos.cells[target as usize]
                .expect("a unit")
                .facing;
            self.move_unit(target, to, facing);
        } else {
            self.state.stage = Stage::PushTo { target, options };
        }
    }

    /// Whether the tile is a foundation.
    pub(super) fn is_foundation(t: TileId) -> bool {
        tiles().tile(t).kind == Kind::Foundation
    }
}
