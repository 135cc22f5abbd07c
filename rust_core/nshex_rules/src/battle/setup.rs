//! Laying out a position for a battle: a per-tile, per-facing template copied into each cell.

use super::{byte_lows, BUnit, Battle, NONE};
use crate::hex::bits;
use crate::position::Position;
use crate::seats::{MAX_SEATS, SEAT_SLOTS};
use crate::tiles::TileId;

impl Battle {
    pub(super) fn setup(&mut self, pos: &Position) {
        let geo = pos.geometry();
        let templates = templates();
        self.nbr = &geo.neighbors;
        self.rays = &geo.rays;
        self.dir_cells = &geo.dir_cells;
        let words = geo.len().div_ceil(8);
        self.words = words;
        // Eight entries so that a seat indexes them without a check (seats are below
        // SEAT_SLOTS; the first SEAT_SLOTS are kept).
        let mut seat_cells = [0u64; 8];
        // Each tile's flags, one byte per cell, gathered into masks eight cells at a time.
        let mut flag_bytes = [0u8; 64];
        for (i, slot) in pos.cells[..geo.len()].iter().enumerate() {
            if let Some(unit) = slot {
                let (t, flags, hp) = &templates[unit.tile.0 as usize][unit.facing as usize & 7];
                let u = &mut self.u[i];
                *u = *t;
                u.seat = unit.ctrl;
                // Below 128, as the end of a phase needs (only a tile far past its hit
                // points could have more).
                self.wounds[i] = unit.wounds.min(127);
                self.hp[i] = *hp;
                debug_assert!((unit.ctrl as usize) < SEAT_SLOTS);
                seat_cells[unit.ctrl as usize & 7] |= 1 << i;
                flag_bytes[i] = *flags | 1 << F_OCCUPIED;
            }
        }
        let mut masks = [0u64; 8];
        for (k, chunk) in flag_bytes[..words * 8].chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            for (f, m) in masks.iter_mut().enumerate() {
                *m |= byte_lows(w >> f) << (8 * k);
            }
        }
        let mut hq_present = 0u8;
        self.hqs = masks[F_HQ as usize];
        for c in bits(masks[F_HQ as usize]) {
            hq_present |= 1 << self.u[c as usize].seat;
        }
        self.records.clear();
        for c in bits(self.acc_cells) {
            // Left by a battle that stopped in a phase (a question, a refused choice).
            self.acc[c as usize] = 0;
        }
        self.acc_cells = 0;
        self.occ = masks[F_OCCUPIED as usize];
        self.start_occ = self.occ;
        self.wounded = 0;
        self.actors = masks[F_ACTOR as usize];
        self.sources = masks[F_SOURCE as usize];
        self.seat_cells.copy_from_slice(&seat_cells[..SEAT_SLOTS]);
        self.rel = *pos.relations();
        self.rel_points = pos.mode() == crate::sides::Mode::Points;
        self.own_wounds = [0; MAX_SEATS];
        self.side_masks();
        self.clowns = masks[F_CLOWN as usize];
        // Recon Centers and Scopers are rare: one flag finds both.
        self.recons = 0;
        self.scopers = 0;
        for c in bits(masks[F_RARE as usize]) {
            // Only a Scoper's placement is read in a battle (the first placed wins, D-7).
            let placed = pos.cells[c as usize].map_or(0, |u| u.placed);
            let u = &mut self.u[c as usize];
            u.placed = placed;
            let def = u.def;
            self.recons |= (def.recon_center as u64) << c;
            self.scopers |= (def.scoper as u64) << c;
        }
        self.fired = [0; 2];
        self.netters = masks[F_NETTER as usize];
        self.special = masks[F_SPECIAL as usize];
        // Takeover sources are among the special tiles (rare: their removal asks for a full
        // derivation), so finding them costs nothing on a board without any.
        self.takers = 0;
        self.redirs = 0;
        self.traps = 0;
        self.bomber = NONE;
        self.bomber_left = None;
        self.unions = 0;
        for c in bits(self.special) {
            let u = &self.u[c as usize];
            let o = u.o;
            let e = &u.def.effect;
            self.unions |= ((e.quartermaster || e.transport) as u64) << c;
            self.takers |= ((o.take != 0) as u64) << c;
            self.redirs |= ((o.redirect_in != 0) as u64) << c;
            self.traps |= ((o.trigger != 0) as u64) << c;
            if u.def.mad_bomber {
                self.bomber = c;
            }
        }
        if self.takers != 0 {
            // Owners matter only to control resolution, which sees the tiles as they are
            // now at every phase start (those that leave drop out of `occ`).
            for c in bits(self.occ) {
                let (owner, placed) = pos.cells[c as usize].map_or((0, 0), |u| (u.seat, u.placed));
                self.owners[c as usize] = owner;
                let u = &self.u[c as usize];
                self.ctl_board.set(
                    c,
                    crate::control::CtlTile::of(u.def, owner, u.facing, placed),
                );
            }
        }
        self.removed_sources = 0;
        self.nets_dirty = false;
        self.hq_hp = pos.hq_hp;
        self.hq_present = hq_present;
        self.hqs_destroyed = 0;
        self.changed = false;
        self.dirty = true;
        self.exploded = 0;
    }
}

pub(super) const F_ACTOR: u8 = 0;
pub(super) const F_HQ: u8 = 1;
pub(super) const F_SOURCE: u8 = 2;
/// A Scoper or a Recon Center.
pub(super) const F_RARE: u8 = 3;
pub(super) const F_NETTER: u8 = 4;
/// A Clown.
pub(super) const F_CLOWN: u8 = 5;
pub(super) const F_SPECIAL: u8 = 6;
pub(super) const F_OCCUPIED: u8 = 7;

/// Per tile and facing, the battle unit as it enters a battle (seat and placement filled in
/// by `setup`), its flags (`F_*` bits) and its hit points: one copy per tile instead of
/// reading the tile's definition field by field.
pub(super) fn templates() -> &'static [[(BUnit, u8, u8); 8]] {
    static T: std::sync::OnceLock<Vec<[(BUnit, u8, u8); 8]>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        crate::tiles::tiles()
            .tiles
            .iter()
            .enumerate()
            .map(|(id, def)| {
                // Eight entries (6 and 7 repeat 0 and 1) so that `facing & 7` needs no check.
                std::array::from_fn(|f| {
                    let f = f % 6;
                    let o = &def.oriented[f];
                    let unit = BUnit {
                        tile: TileId(id as u16),
                        def,
                        o,
                        seat: 0,
                        facing: f as u8,
                        is_hq: def.is_hq(),
                        init: def.init,
                        n_init: def.n_init,
                        placed: 0,
                        extra_spent: 0,
                        qm_used: false,
                    };
                    let flags = ((def.n_init > 0) as u8) << F_ACTOR
                        | (def.is_hq() as u8) << F_HQ
                        | (def.is_source as u8) << F_SOURCE
                        | ((def.scoper || def.recon_center) as u8) << F_RARE
                        | ((o.net != 0) as u8) << F_NETTER
                        | (def.explodes as u8) << F_CLOWN
                        | ((def.effect.quartermaster
                            || def.effect.transport
                            || def.takeover != 0
                            || def.redirect_in != 0
                            || def.trigger != 0) as u8)
                            << F_SPECIAL;
                    (unit, flags, def.hit_points())
                })
            })
            .collect()
    })
}
