//! Moving units: the Move tile, Mobility and Transport moves, one or two hexes with a Recon
//! Center (P-10, FAQ-137 to FAQ-139).

use super::{Block, Game, Make, MoveInfo, Sink};
use crate::hex::{bits, NO_CELL};
use crate::tiles::{tiles, MOVE_NET};

impl Game {
    /// Destinations of a move from `from`: adjacent empty cells, or with a Recon Center up
    /// to two steps (FAQ-137 to FAQ-139). A two-hex move goes step by step: the hex between
    /// must be one where the unit could stand (`can_pass`). Includes `from` itself, which a
    /// two-hex move may also end on. `occ` is the occupied cells.
    pub(super) fn destinations(&self, from: u8, two_steps: bool, occ: u64) -> u64 {
        let geo = self.state.pos.geometry();
        let around = |c: u8| geo.dir_cells[c as usize][63];
        let near = around(from) & !occ;
        let mut out = 1u64 << from | near;
        if two_steps {
            // Worked out once for the unit's every way through.
            let threats = self.net_threats(from);
            let free = !occ | 1u64 << from;
            for mid in bits(near) {
                if self.can_pass(from, mid, threats) {
                    out |= around(mid) & free;
                }
            }
        }
        out
    }

    /// The net throwers on the board but the unit on `from`, and the hexes an enemy's net
    /// edge points at: what a two-hex move of that unit has to get past.
    pub(super) fn net_threats(&self, from: u8) -> NetThreats {
        let set = tiles();
        let geo = self.state.pos.geometry();
        let seat = self.state.pos.cells[from as usize]
            .expect("a unit moves")
            .ctrl;
        let mut t = NetThreats::default();
        for c in bits(self.index.with(MOVE_NET) & !(1u64 << from)) {
            let u = self.state.pos.cells[c as usize].expect("occupied");
            t.throwers |= 1 << c;
            if self.state.pos.relations().nets[u.ctrl as usize] >> seat & 1 == 1 {
                let net = set.tile(u.tile).oriented[u.facing as usize].net;
                for d in bits(net as u64) {
                    let n = geo.neighbors[c as usize][d as usize];
                    if n != NO_CELL {
                        t.aimed |= 1 << n;
                    }
                }
            }
        }
        t
    }

    /// Whether the unit on `from` could stand on the empty hex `mid` on its way (FAQ-138,
    /// FAQ-139): with some facing it would not be netted there. The unit has left `from`,
    /// and its own nets count, so a net thrower that would net its netter back cancels
    /// that net as usual (D-3). `threats` is `net_threats(from)`.
    pub(super) fn can_pass(&self, from: u8, mid: u8, threats: NetThreats) -> bool {
        // Only an enemy net edge aimed at `mid` can net the unit there.
        if threats.aimed >> mid & 1 == 0 {
            return true;
        }
        let set = tiles();
        let geo = self.state.pos.geometry();
        let mover = self.state.pos.cells[from as usize].expect("a unit moves");
        let occ = (self.index.occ & !(1u64 << from)) | 1u64 << mid;
        let oriented = &set.tile(mover.tile).oriented;
        (0..6).any(|f| {
            let net = oriented[f].net;
            let th = threats.throwers | ((net != 0) as u64) << mid;
            let netted = crate::nets::nets_among(
                &geo.neighbors,
                th,
                occ,
                &self.state.pos.relations().nets,
                |c| {
                    if c == mid {
                        (mover.ctrl, net)
                    } else {
                        let u = self.state.pos.cells[c as usize].expect("occupied");
                        (u.ctrl, set.tile(u.tile).oriented[u.facing as usize].net)
                    }
                },
            );
            netted >> mid & 1 == 0
        })
    }

    /// The moves of the unit on `from` (staying put only with a new facing), as `make`;
    /// two hexes with a Recon Center.
    pub(super) fn push_moves(&self, from: u8, an: &MoveInfo, make: Make, out: &mut Sink) {
        let facing = self.state.pos.cells[from as usize].unwrap().facing;
        let two = an.recon >> self.state.to_move & 1 == 1;
        let to = self.destinations(from, two, an.occ);
        out.block(Block::moves(make, from, facing, to));
    }

    pub(super) fn push_unit_moves(&self, an: &MoveInfo, out: &mut Sink) {
        let movers = (an.own_mobile & !self.state.used_mobility)
            | (an.transport_linked & !self.state.used_transport);
        if movers & !an.netted == 0 || self.board_full() {
            return;
        }
        for c in bits(movers & !an.netted) {
            if self.state.pos.cells[c as usize].is_none_or(|u| u.ctrl != self.state.to_move) {
                continue;
            }
            let bit = 1u64 << c;
            if an.own_mobile & bit != 0 && self.state.used_mobility & bit == 0 {
                self.push_moves(c, an, Make::Mobility, out);
            }
            if an.transport_linked >> c & 1 == 1 && self.state.used_transport & bit == 0 {
                self.push_moves(c, an, Make::Transport, out);
            }
        }
    }

    pub(super) fn move_unit(&mut self, from: u8, to: u8, facing: u8) {
        let mut u = self.state.pos.cells[from as usize]
            .take()
            .expect("unit to move");
        u.facing = facing;
        self.state.pos.cells[to as usize] = Some(u);
        self.index.clear(from);
        self.index.put(to, u.tile);
        // The "already used" marks travel with the unit.
        let carry = |m: &mut u64| {
            let had = *m >> from & 1;
            *m &= !(1 << from);
            *m |= had << to;
        };
        carry(&mut self.state.used_mobility);
        carry(&mut self.state.used_transport);
        if self.duel_tiles {
            carry(&mut self.state.used_grant);
        }
        if self.duel_tiles && to != from {
            self.enter(to);
        }
    }
}

/// See [`Game::net_threats`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct NetThreats {
    throwers: u64,
    aimed: u64,
}
