//! The phase loop: initiative phases from the highest down to 0, the end of each phase (wounds,
//! removals, HQ damage) and writing the result back.

use super::{byte_lows, Battle, BattleSummary, Cause, Event, Halt, Log, DIR_MEDIC_DEATH, NONE};
use crate::hex::bits;
use crate::position::Position;
use crate::seats::MAX_SEATS;
use crate::sides::Outcome;

impl Battle {
    // ----- the battle ------------------------------------------------------------------

    pub(super) fn run<L: Log>(&mut self, log: &mut L) -> Result<(), Halt> {
        self.general = if !self.choices.qm.is_empty() {
            u64::MAX
        } else {
            0
        };
        // The Doomsday Machine's redirectors and Traps are looked at only on boards that
        // have them: one copy of the phase loop each way.
        if self.redirs | self.traps == 0 {
            self.run_with::<L, false>(log)
        } else {
            self.run_with::<L, true>(log)
        }
    }

    fn run_with<L: Log, const DDM: bool>(&mut self, log: &mut L) -> Result<(), Halt> {
        self.derive();
        // The battle starts at the highest initiative on the board.
        let any = self.d.fires_at.iter().rposition(|&m| m != 0);
        let Some(top) = any else { return Ok(()) };
        for phase in (0..=top as u8).rev() {
            if self.dirty {
                self.derive();
            } else if self.removed_sources != 0 || self.nets_dirty {
                self.underive();
                #[cfg(debug_assertions)]
                self.check_underive(phase);
            } else if cfg!(debug_assertions) && self.takers != 0 && self.occ != self.start_occ {
                // Tiles left that decide nobody else's control: the last resolution stands.
                #[cfg(debug_assertions)]
                self.check_underive(phase);
            }
            if L::ON {
                if phase != top as u8 {
                    self.log_board(log);
                }
                log.phase(phase);
                for c in bits(self.d.netted) {
                    log.event(Event::Netted { cell: c });
                }
                if self.takers != 0 {
                    for c in bits(self.occ) {
                        let u = &self.u[c as usize];
                        if u.seat != self.owners[c as usize] {
                            log.event(Event::Controlled {
                                cell: c,
                                seat: u.seat,
                            });
                        }
                    }
                }
            }
            let firing = self.d.fires_at[phase as usize] & self.occ;
            if firing == 0 {
                continue;
            }
            self.records.clear();
            self.exploded = 0;
            self.rec_mask = self.recorded_cells();
            // Every firing unit spends its slots (D-2), the many with one printed slot in
            // one operation; a netted one loses them, a Clown decides once every other
            // attack of the phase is known (P-2).
            let slow = firing & self.d.slow_slots;
            self.fired[0] |= firing & !slow;
            for c in bits(slow) {
                self.spend_slot(c, phase);
            }
            let lost = firing & self.d.netted;
            let clowns = firing & self.clowns & !lost;
            let acting = firing & !clowns & if L::ON { u64::MAX } else { !lost };
            if !L::ON && acting & (self.d.qm_linked | self.general) == 0 {
                // The search's common case: every attack of the phase on the lean path.
                if DDM && self.redirs != 0 {
                    for c in bits(acting) {
                        self.attack_as_printed::<true>(c);
                    }
                } else {
                    for c in bits(acting) {
                        self.attack_as_printed::<false>(c);
                    }
                }
            } else {
                for c in bits(acting) {
                    if L::ON && lost >> c & 1 == 1 {
                        log.event(Event::SlotLost { cell: c });
                        continue;
                    }
                    self.attack::<L, DDM>(c, phase, log)?;
                }
            }
            for c in bits(clowns) {
                if self.clown_decision(c, phase)? {
                    self.explode(c, log);
                } else {
                    self.attack::<L, DDM>(c, phase, log)?;
                }
            }
            if DDM && self.traps & self.occ != 0 {
                self.traps_explode(log);
            }
            if !self.records.is_empty() {
                if self.d.medics != 0 {
                    self.medics(phase, log)?;
                }
                self.end_of_phase(log);
            } else if self.exploded | self.acc_cells != 0 {
                self.end_of_phase(log);
            }
        }
        if L::ON {
            self.log_board(log);
        }
        Ok(())
    }

    /// The cells whose hits this phase must be recorded one attack at a time: those a
    /// medic may protect, Traps and the Mad Bomber (struck from which side, by whom), and
    /// the points game's HQs (scored per source). Hits on the others are only summed.
    #[inline]
    fn recorded_cells(&self) -> u64 {
        let mut m = self.traps;
        if self.rel_points {
            m |= self.hqs;
        }
        for med in bits(self.d.medics) {
            m |= self.d.medic_prot[med as usize];
        }
        m
    }

    // ----- end of phase ----------------------------------------------------------------

    #[inline(always)]
    pub(super) fn end_of_phase<L: Log>(&mut self, log: &mut L) {
        let mut hq_dmg = [0u32; MAX_SEATS];
        // The seats whose HQ was hit this phase.
        let mut hq_hit = 0u64;
        let points = self.rel_points;
        let mut dying_medics = 0u64;
        // Only tiles something happened to can leave the board.
        let mut touched = self.exploded;
        for i in 0..self.records.len() {
            let r = self.records[i];
            if r.absorbed {
                continue;
            }
            touched |= 1 << r.target;
            if r.dir == DIR_MEDIC_DEATH {
                dying_medics |= 1 << r.target;
                continue;
            }
            let t = &mut self.u[r.target as usize];
            if t.is_hq && points {
                // Points game: the wound scores for the controller of what dealt it (D-29).
                let (to, by) = (t.seat, self.u[r.from as usize].seat);
                self.score(by, to, r.wounds, log);
            } else if t.is_hq {
                hq_dmg[t.seat as usize] += r.wounds as u32;
                hq_hit |= 1 << t.seat;
            } else {
                let w = &mut self.wounds[r.target as usize];
                *w = w.saturating_add(r.wounds).min(127);
                self.wounded |= 1 << r.target;
            }
            if r.wounds > 0 {
                self.changed = true;
            }
        }
        // Wounds against hit points for every cell at once (no branch per cell: who dies
        // follows no pattern), in the same pass as the summed hits when there are any.
        let killed;
        if self.acc_cells != 0 {
            // The summed hits of the lean path (never a points game's HQ): the HQs' go to
            // their seats, then every cell's sum is added to its wounds at once (an entry
            // of `acc` without a hit is 0).
            for c in bits(self.acc_cells & self.hqs) {
                let w = std::mem::take(&mut self.acc[c as usize]);
                let seat = self.u[c as usize].seat;
                hq_dmg[seat as usize] += w as u32;
                hq_hit |= 1 << seat;
            }
            killed = add_wounds(&mut self.wounds, &mut self.acc, &self.hp, self.words);
            self.wounded |= self.acc_cells & !self.hqs;
            touched |= self.acc_cells;
            self.acc_cells = 0;
            self.changed = true;
        } else {
            killed = at_least(&self.wounds, &self.hp, self.words);
        }
        for seat in bits(hq_hit) {
            let dmg = hq_dmg[seat as usize];
            if dmg > 0 {
                let hp = self.hq_hp[seat as usize] as u32;
                let new = hp.saturating_sub(dmg) as u8;
                self.hq_hp[seat as usize] = new;
                if L::ON {
                    log.event(Event::HqDamage {
                        seat,
                        amount: (hp - new as u32) as u8,
                        hp: new,
                    });
                }
            }
        }
        // Who leaves: an HQ at 0 (not in the points game), an exploded Clown or Trap, a tile
        // whose wounds reach its hit points, a medic that saved someone.
        let cand = self.occ & touched;
        // Only the touched tiles on the board count among the killed.
        let mut gone = cand & !self.hqs & (self.exploded | dying_medics | killed);
        if !points {
            for c in bits(cand & self.hqs) {
                let seat = self.u[c as usize].seat;
                if self.hq_hp[seat as usize] == 0 {
                    gone |= 1 << c;
                    self.hqs_destroyed |= 1 << seat;
                }
            }
        }
        if gone == 0 {
            return;
        }
        if L::ON {
            self.log_removals(gone, log);
        }
        if self.bomber != NONE && gone >> self.bomber & 1 == 1 {
            self.bomber_leaves(self.bomber);
        }
        self.occ &= !gone;
        self.changed = true;
        // Only a tile that gives something (links, nets, a Scoper's takeover) changes the
        // derived state of the others; most sources' effects can be taken back one by one
        // (`underive`).
        // With a takeover source on the board, control is resolved again at the next phase
        // start (D-13) unless only tiles that decide nobody else's control left.
        if gone & (self.scopers | self.special & !self.unions) != 0
            || self.takers != 0
                && gone & (self.takers | self.netters | self.scopers | self.ctl_aimed) != 0
        {
            self.dirty = true;
        } else {
            self.removed_sources |= gone & self.sources;
            self.nets_dirty |= gone & self.netters != 0;
        }
    }

    /// Tells the log why each tile in `gone` leaves the board (at the end of a phase).
    #[inline(always)]
    fn log_removals<L: Log>(&self, gone: u64, log: &mut L) {
        for c in bits(gone) {
            let u = self.unit(c);
            let cause = if u.is_hq {
                Cause::HqDestroyed
            } else if self.exploded >> c & 1 == 1 {
                Cause::Exploded
            } else if self.wounds[c as usize] >= self.hp[c as usize] {
                Cause::Killed
            } else {
                Cause::Medic
            };
            log.event(Event::Removed {
                cell: c,
                tile: u.tile,
                seat: u.seat,
                cause,
            });
        }
    }

    /// Tells the log the board as it stands (at the end of a phase).
    fn log_board<L: Log>(&self, log: &mut L) {
        let wounds = &self.wounds;
        log.board(
            &mut bits(self.occ).map(|c| (c, wounds[c as usize])),
            &self.hq_hp,
        );
    }

    /// Writes the result back into the position.
    pub(super) fn finish(&mut self, pos: &mut Position) -> BattleSummary {
        for c in bits(self.start_occ & !self.occ) {
            pos.cells[c as usize] = None;
        }
        for c in bits(self.wounded & self.occ) {
            if let Some(unit) = pos.cells[c as usize].as_mut() {
                unit.wounds = self.wounds[c as usize];
            }
        }
        pos.hq_hp = self.hq_hp;
        if self.takers != 0 {
            if self.dirty {
                // Tiles left in the last phase: control as the board now stands (D-13),
                // resolved on the battle's own tiles.
                let ctl = self.control_rounds();
                for c in bits(self.occ) {
                    if let Some(unit) = pos.cells[c as usize].as_mut() {
                        unit.ctrl = ctl.ctrl[c as usize];
                    }
                }
                #[cfg(debug_assertions)]
                {
                    let mut settled = pos.clone();
                    settled.settle();
                    assert_eq!(settled.cells, pos.cells, "control after the battle");
                }
            } else {
                // Nothing left since the last phase start: its control resolution stands.
                for c in bits(self.occ) {
                    if let Some(unit) = pos.cells[c as usize].as_mut() {
                        unit.ctrl = self.u[c as usize].seat;
                    }
                }
                #[cfg(debug_assertions)]
                {
                    let mut settled = pos.clone();
                    settled.settle();
                    assert_eq!(settled.cells, pos.cells, "control after the battle");
                }
            }
        }
        BattleSummary {
            outcome: if self.hqs_destroyed == 0 && !self.rel_points {
                // Nothing that ends a game happened (every mode agrees).
                Outcome::None
            } else {
                crate::sides::outcome_after_battle(
                    pos.mode(),
                    pos.seats,
                    self.hq_present,
                    self.hqs_destroyed,
                    &self.hq_hp,
                )
            },
            changed: self.changed,
            hqs_destroyed: self.hqs_destroyed,
            own_wounds: self.own_wounds,
            bomber_left: self.bomber_left,
        }
    }

    /// Points game (D-29): `wounds` dealt by `by`'s source to `to`'s HQ score for `by`, up
    /// to 20 (FAQ-372); none for an ally's HQ (FAQ-100); a seat's own source wounding its own
    /// HQ leaves the points for the seat to give to opponents (FAQ-374, after the battle).
    fn score<L: Log>(&mut self, by: u8, to: u8, wounds: u8, log: &mut L) {
        if wounds == 0 {
            return;
        }
        if by == to {
            self.own_wounds[to as usize] = self.own_wounds[to as usize].saturating_add(wounds);
            return;
        }
        if self.rel.allied(by, to) {
            return;
        }
        let before = self.hq_hp[by as usize];
        let now = before.saturating_add(wounds).min(crate::sides::WIN_POINTS);
        self.hq_hp[by as usize] = now;
        self.changed = true;
        if L::ON && now > before {
            log.event(Event::Scored {
                seat: by,
                points: now - before,
                total: now,
            });
        }
    }
}

/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Adds `acc` to `wounds` byte by byte, eight cells a word over the board's first `words`
/// words, clears `acc`, and returns the cells whose wounds now reach their `hp` (as
/// `at_least`). A sum is held at 127 (a tile with that many wounds has long left the board:
/// only survivors' wounds are kept), so that no byte carries into the next.
#[inline(always)]
fn add_wounds(wounds: &mut [u8; 64], acc: &mut [u8; 64], hp: &[u8; 64], words: usize) -> u64 {
    let (w, _) = wounds.as_chunks_mut::<8>();
    let (a, _) = acc.as_chunks_mut::<8>();
    let (h, _) = hp.as_chunks::<8>();
    let mut m = 0u64;
    for (k, ((w, a), h)) in w[..words]
        .iter_mut()
        .zip(&mut a[..words])
        .zip(&h[..words])
        .enumerate()
    {
        let (x, y) = (u64::from_le_bytes(*w), u64::from_le_bytes(*a));
        // Both below 128 in every byte: the sum fits a byte.
        let s = (x & !HIGH) + (y & !HIGH);
        let over = s & HIGH;
        let s = s & !HIGH | (over - (over >> 7));
        *w = s.to_le_bytes();
        *a = [0; 8];
        m |= reach(s, u64::from_le_bytes(*h)) << (8 * k);
    }
    m
}

/// Per byte of two words below 128 in every byte, whether `x`'s reaches `y`'s, as eight
/// bits.
#[inline(always)]
fn reach(x: u64, y: u64) -> u64 {
    // x | HIGH - y borrows from no other byte, and keeps a byte's high bit iff x >= y.
    let ge = ((x | HIGH) - y) & HIGH;
    byte_lows(ge >> 7)
}

/// The cells of the board's first `words` words whose `wounds` reach their `hp` (both below
/// 128), as a mask: eight cells a word, without a branch per cell.
#[inline(always)]
fn at_least(wounds: &[u8; 64], hp: &[u8; 64], words: usize) -> u64 {
    let (w, _) = wounds.as_chunks::<8>();
    let (h, _) = hp.as_chunks::<8>();
    let mut m = 0u64;
    for (k, (w, h)) in w[..words].iter().zip(&h[..words]).enumerate() {
        m |= reach(u64::from_le_bytes(*w), u64::from_le_bytes(*h)) << (8 * k);
    }
    m
}
