//! Board derivation: links, module effects, HQ bonuses, the Scoper, nets; built once per battle
//! and given or taken back incrementally when a tile leaves.

use super::{BUnit, Battle, NONE};
use crate::hex::{bits, MAX_CELLS};
use crate::nets::nets_among;
use crate::seats::SEAT_SLOTS;
use crate::tiles::Kind;

impl Battle {
    // ----- derived state -------------------------------------------------------------

    /// Recomputes nets, links, bonuses and initiative slots from the tiles now on the board.
    #[inline]
    pub(super) fn derive(&mut self) {
        self.derive_with::<false>();
    }

    /// Recomputes nets, links, bonuses and initiative slots. `EXPLAIN` also records which
    /// sources reach which unit (`linked_from`), which only the rendering side asks for.
    pub(super) fn derive_with<const EXPLAIN: bool>(&mut self) {
        let occ = self.occ;
        let d = &mut self.d;
        d.init_bonus = [0; MAX_CELLS];
        d.melee_bonus = [0; MAX_CELLS];
        d.ranged_bonus = [0; MAX_CELLS];
        // Only the entries that can be nonzero are cleared (the cells given an extra-attack
        // source, the medics), not the whole arrays.
        for c in bits(d.extra_cells) {
            d.extra_sources[c as usize] = 0;
        }
        d.extra_cells = 0;
        for m in bits(d.medics) {
            d.medic_prot[m as usize] = 0;
        }
        d.medics = 0;
        d.qm_linked = 0;
        d.transport_linked = 0;
        d.recon = 0;
        d.fires_at = [0; 16];
        d.slow_slots = 0;
        let scoped_by = if self.takers != 0 {
            // Control, nets and scoping as one fixed point (D-13), at every phase start of a
            // battle that began with a takeover source: also once the last one has left,
            // when every unit goes back to its owner.
            self.resolve_control()
        } else {
            self.nets_and_scopers()
        };
        let netted = self.d.netted;
        // Modules and HQ army bonuses: each works for its controller, or for the controller
        // of the Scoper that scopes it; a netted one gives nothing.
        for s in bits(self.sources & occ) {
            let si = s as usize;
            let by = scoped_by.as_ref().map_or(NONE, |t| t[si]);
            self.d.benef[si] = self.u[if by == NONE { si } else { by as usize }].seat;
            if netted >> s & 1 == 1 {
                self.d.gave[si] = 0;
                self.d.gave_enemy[si] = 0;
                continue;
            }
            if EXPLAIN {
                let src = &self.u[si];
                let e = &src.def.effect;
                let linked = self.linked_cells(s);
                let friends = linked & self.side_cells[self.d.benef[si] as usize];
                let reached = if e.enemy_initiative != 0 && !src.is_hq {
                    linked
                } else {
                    friends
                };
                for j in bits(reached) {
                    self.d.linked_from[j as usize] |= 1 << s;
                }
            }
            self.give(s);
        }
        for c in bits(self.recons & occ & !netted) {
            // For its controller's allies too (FAQ-392).
            self.d.recon |= self.rel.side[self.u[c as usize].seat as usize];
        }
        // Initiative slots: which units may fire in which phase.
        for c in bits(self.actors & occ) {
            self.place_slots(c);
        }
        self.dirty = false;
        self.removed_sources = 0;
        self.nets_dirty = false;
    }

    /// The rounds of control resolution (D-13) on the tiles now on the board.
    pub(super) fn control_rounds(&mut self) -> crate::control::Control {
        crate::control::resolve(
            self.nbr,
            self.occ,
            &self.ctl_board,
            &self.rel,
            &mut self.ctl_scratch,
        )
    }

    /// Control resolution (D-13) on the tiles now on the board: sets each unit's controller
    /// (`seat`) and the seats' cell masks, and the netted cells; returns who scopes what
    /// (`None`: nobody scopes anything).
    fn resolve_control(&mut self) -> Option<[u8; MAX_CELLS]> {
        let occ = self.occ;
        let mut faced = 0u64;
        for c in bits(self.takers & occ) {
            faced |= self.dir_cells[c as usize][self.u[c as usize].o.take as usize & 63];
        }
        if faced & occ & !self.hqs == 0 {
            // No takeover edge faces a tile it could take: no round takes anything, every
            // unit is its owner's, and nets and Scopers are the plain ones (the exceptions
            // for takeovers all need a takeover edge facing a unit).
            self.ctl_aimed = 0;
            self.seat_cells = [0; SEAT_SLOTS];
            for c in bits(self.start_occ) {
                if occ >> c & 1 == 1 {
                    self.u[c as usize].seat = self.owners[c as usize];
                }
                self.seat_cells[self.u[c as usize].seat as usize] |= 1 << c;
            }
            self.side_masks();
            let scoped_by = self.nets_and_scopers();
            #[cfg(debug_assertions)]
            {
                let ctl = self.control_rounds();
                for c in bits(occ) {
                    assert_eq!(ctl.ctrl[c as usize], self.u[c as usize].seat, "cell {c}");
                }
                assert_eq!(ctl.netted, self.d.netted, "netted cells");
                assert_eq!(
                    ctl.scoped_by,
                    scoped_by.unwrap_or([NONE; MAX_CELLS]),
                    "scoping"
                );
            }
            return scoped_by;
        }
        let ctl = self.control_rounds();
        self.ctl_aimed = ctl.aimed;
        self.seat_cells = [0; SEAT_SLOTS];
        for c in bits(self.start_occ) {
            let seat = if occ >> c & 1 == 1 {
                ctl.ctrl[c as usize]
            } else {
                self.u[c as usize].seat
            };
            self.u[c as usize].seat = seat;
            self.seat_cells[seat as usize] |= 1 << c;
        }
        self.side_masks();
        self.d.netted = ctl.netted;
        Some(ctl.scoped_by)
    }

    /// Nets and Scopers (no takeover source on the board): sets the netted cells and
    /// returns who scopes what (`None`: no Scoper works).
    #[inline(always)]
    fn nets_and_scopers(&mut self) -> Option<[u8; MAX_CELLS]> {
        let occ = self.occ;
        let netted = if self.netters & occ != 0 {
            compute_nets(&self.u, self.nbr, self.netters & occ, occ, &self.rel.nets)
        } else {
            0
        };
        self.d.netted = netted;
        // Scopers (D-7): an active Scoper takes over the adjacent enemy modules; the first
        // placed Scoper wins a module two hostile Scopers reach.
        let active_scopers = self.scopers & occ & !netted;
        if active_scopers == 0 {
            return None;
        }
        let mut scoped_by = [NONE; MAX_CELLS];
        let mut order = [(0u16, 0u8); MAX_CELLS];
        let mut n = 0;
        for c in bits(active_scopers) {
            order[n] = (self.u[c as usize].placed, c);
            n += 1;
        }
        order[..n].sort_unstable();
        for &(_, sc) in &order[..n] {
            let su = self.u[sc as usize];
            for dir in bits(su.o.link as u64) {
                let j = self.nb(sc, dir);
                if !self.occupied(j) {
                    continue;
                }
                let t = &self.u[j as usize];
                if t.def.kind == Kind::Module
                    && !t.def.scoper
                    && !self.rel.allied(su.seat, t.seat)
                    && scoped_by[j as usize] == NONE
                {
                    scoped_by[j as usize] = sc;
                }
            }
        }
        Some(scoped_by)
    }

    /// The tiles source `s` links to: those its link edges face (only sources need them, so
    /// setup does not), and for a long-distance link the tile on the hex beyond as well, over
    /// whatever stands between (the Doomsday Machine's modules).
    #[inline]
    fn linked_cells(&self, s: u8) -> u64 {
        let src = &self.u[s as usize];
        let mut linked = self.dir_cells[s as usize][src.o.link as usize & 63] & self.occ;
        if src.o.long_link != 0 {
            for d in bits(src.o.long_link as u64) {
                let j = self.nb(s, d);
                if j != NONE {
                    let k = self.nb(j, d);
                    if k != NONE {
                        linked |= 1 << k & self.occ;
                    }
                }
            }
        }
        linked
    }

    /// Adds the effects of source `s`, which works (it is not netted), to the units it
    /// links to; records what it gave for `take`.
    #[inline]
    pub(super) fn give(&mut self, s: u8) {
        let si = s as usize;
        let src = &self.u[si];
        let e = &src.def.effect;
        let linked = self.linked_cells(s);
        let friends = linked & self.side_cells[self.d.benef[si] as usize];
        let d = &mut self.d;
        // One test, not three (which sources give what follows no pattern).
        let gives = e.bonus;
        d.gave[si] = if gives || e.extra_attack { friends } else { 0 };
        d.gave_enemy[si] = 0;
        if gives {
            for j in bits(friends) {
                let ji = j as usize;
                d.init_bonus[ji] += e.initiative;
                d.melee_bonus[ji] += e.melee;
                d.ranged_bonus[ji] += e.ranged;
            }
        }
        // Most sources give bonuses only: one test for all the rest.
        if !e.rare {
            return;
        }
        if e.extra_attack {
            d.extra_cells |= friends;
            for j in bits(friends) {
                d.extra_sources[j as usize] |= 1 << s;
            }
        }
        if e.medic && friends != 0 {
            d.medic_prot[si] = friends;
            d.medics |= 1 << s;
        }
        if e.quartermaster {
            d.qm_linked |= friends;
        }
        if e.transport {
            // Its moves go to the units of the seat it works for, not to allies' (no seat
            // uses a feature of an ally's unit, FAQ-389 to FAQ-391; P-11).
            d.transport_linked |= linked & self.seat_cells[d.benef[si] as usize];
        }
        // D-8: an HQ's bonus never reaches other seats; a module's negative effects
        // reach the beneficiary's enemies.
        if e.enemy_initiative != 0 && !src.is_hq {
            d.gave_enemy[si] = linked & !friends;
            for j in bits(linked & !friends) {
                d.init_bonus[j as usize] += e.enemy_initiative;
            }
        }
    }

    /// Takes back what source `s` gave (it left the board, or it is netted now); returns
    /// the units whose slots may have moved. The links of Quartermasters and Transports, a
    /// union over all of them, are not taken back here (see `underive`).
    pub(super) fn take(&mut self, s: u8) -> u64 {
        let si = s as usize;
        let e = &self.u[si].def.effect;
        let d = &mut self.d;
        for j in bits(d.gave[si]) {
            let ji = j as usize;
            d.init_bonus[ji] -= e.initiative;
            d.melee_bonus[ji] -= e.melee;
            d.ranged_bonus[ji] -= e.ranged;
            d.extra_sources[ji] &= !(1 << s);
        }
        for j in bits(d.gave_enemy[si]) {
            d.init_bonus[j as usize] -= e.enemy_initiative;
        }
        d.medic_prot[si] = 0;
        d.medics &= !(1 << s);
        let affected = d.gave[si] | d.gave_enemy[si];
        d.gave[si] = 0;
        d.gave_enemy[si] = 0;
        affected
    }

    /// Adds unit `c`'s unspent initiative slots to `fires_at`.
    #[inline]
    pub(super) fn place_slots(&mut self, c: u8) {
        let u = &self.u[c as usize];
        if u.n_init == 1 && self.d.extra_sources[c as usize] == 0 {
            // The common case: one printed slot, no extra attack.
            // Without a branch on whether it has fired (that changes as the battle goes).
            let v = (u.init[0] as i8 + self.d.init_bonus[c as usize]).clamp(0, 15);
            self.d.fires_at[v as usize] |= !self.fired[0] & 1 << c;
            return;
        }
        self.d.slow_slots |= 1 << c;
        let (printed, extra) = self.slot_layout(c);
        let mut m = printed | extra;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            self.d.fires_at[v] |= 1 << c;
        }
    }

    /// Takes back the effects of the sources removed since the last `derive` (none of
    /// them nets or scopes: those call for a full `derive`); the Quartermaster and Transport
    /// links are worked out again from those left. Nothing else changes when such a tile
    /// leaves, so only the units it gave something get their slots placed again.
    pub(super) fn underive(&mut self) {
        let mut affected = 0u64;
        for s in bits(self.removed_sources) {
            affected |= self.take(s);
        }
        if self.removed_sources & self.unions != 0 {
            // A Quartermaster or Transport left: the links of those still working.
            self.d.qm_linked = 0;
            self.d.transport_linked = 0;
            for s in bits(self.unions & self.occ & !self.d.netted) {
                let si = s as usize;
                let friends = self.linked_cells(s) & self.side_cells[self.d.benef[si] as usize];
                let e = &self.u[si].def.effect;
                if e.quartermaster {
                    self.d.qm_linked |= friends;
                }
                if e.transport {
                    // The seat's own units only (see `give`).
                    self.d.transport_linked |= friends & self.seat_cells[self.d.benef[si] as usize];
                }
            }
        }
        self.removed_sources = 0;
        if self.nets_dirty {
            // A net thrower left: the nets are worked out again, and each source whose net
            // came or went gives or takes back its effects. A Scoper, Quartermaster or
            // Transport among them calls for a full derive.
            self.nets_dirty = false;
            let occ = self.occ;
            let netted = if self.netters & occ != 0 {
                compute_nets(&self.u, self.nbr, self.netters & occ, occ, &self.rel.nets)
            } else {
                0
            };
            let changed = (netted ^ self.d.netted) & occ;
            self.d.netted = netted;
            if changed & (self.scopers | self.special) != 0 {
                self.derive();
                return;
            }
            for s in bits(changed & self.sources) {
                if netted >> s & 1 == 1 {
                    affected |= self.take(s);
                } else {
                    self.give(s);
                    affected |= self.d.gave[s as usize] | self.d.gave_enemy[s as usize];
                }
            }
        }
        for c in bits(affected & self.actors & self.occ) {
            for f in self.d.fires_at.iter_mut() {
                *f &= !(1 << c);
            }
            self.d.slow_slots &= !(1 << c);
            self.place_slots(c);
        }
    }

    /// Test builds: the state `underive` left is the one a full `derive` gives, for every
    /// tile on the board and every phase still to come.
    #[cfg(debug_assertions)]
    pub(super) fn check_underive(&mut self, phase: u8) {
        let occ = self.occ;
        let d = &self.d;
        let before = (
            d.init_bonus,
            d.melee_bonus,
            d.ranged_bonus,
            d.extra_sources,
            d.medic_prot,
            d.medics & occ,
            d.fires_at,
            d.qm_linked & occ,
            d.transport_linked & occ,
        );
        // Control and nets too: with a takeover source on the board, they are resolved
        // again only when a tile that decides someone else's left (`Control::aimed`).
        let seats: [u8; MAX_CELLS] = std::array::from_fn(|c| self.u[c].seat);
        let netted = d.netted & occ;
        self.derive();
        for c in bits(occ) {
            assert_eq!(
                seats[c as usize], self.u[c as usize].seat,
                "controller of {c}"
            );
        }
        assert_eq!(netted, self.d.netted & occ, "netted cells");
        let d = &self.d;
        for c in bits(occ) {
            let ci = c as usize;
            assert_eq!(
                before.0[ci], d.init_bonus[ci],
                "initiative bonus of cell {c}"
            );
            assert_eq!(before.1[ci], d.melee_bonus[ci], "melee bonus of cell {c}");
            assert_eq!(before.2[ci], d.ranged_bonus[ci], "ranged bonus of cell {c}");
            assert_eq!(
                before.3[ci], d.extra_sources[ci],
                "extra attacks of cell {c}"
            );
        }
        // A medic whose protected tiles all left still counts as one until the next full
        // `derive` (as before `underive` existed): it has nobody to save, which is the same.
        for m in bits((before.5 | d.medics) & occ) {
            let mi = m as usize;
            assert_eq!(before.4[mi] & occ, d.medic_prot[mi] & occ, "medic {m}");
        }
        for v in 0..=phase as usize {
            assert_eq!(before.6[v] & occ, d.fires_at[v] & occ, "slots at {v}");
        }
        assert_eq!(before.7, d.qm_linked & occ, "Quartermaster links");
        assert_eq!(before.8, d.transport_linked & occ, "Transport links");
    }
}

/// Nets (D-3): which tiles are netted, resolving mutual and ring nets.
#[inline]
fn compute_nets(
    u: &[BUnit; MAX_CELLS],
    nbr: &[[u8; 6]],
    throwers: u64,
    occ: u64,
    foes: &[u8; SEAT_SLOTS],
) -> u64 {
    nets_among(nbr, throwers, occ, foes, |c| {
        (u[c as usize].seat, u[c as usize].o.net)
    })
}
