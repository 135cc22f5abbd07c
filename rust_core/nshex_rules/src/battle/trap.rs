//! The Trap (D-21, D-22): struck on its marked edge by an enemy hit, it explodes in that
//! phase, before any Medic, and its shrapnel may set off further Traps. The Mad Bomber
//! (D-24) is marked on every edge and set off by any hit: a neutral one by anybody's, an
//! owned one by its owner's enemies'.

use super::{redirect, Battle, Dmg, Log, DIR_EXPLOSION, DIR_MEDIC_DEATH};
use crate::hex::{bits, opposite};
use crate::seats::{MAX_SEATS, NEUTRAL};

impl Battle {
    /// The direction from `t` toward where record `r`'s hit came from: the attacker's side
    /// for melee, the side a shot arrived through, or the exploding neighbour for shrapnel.
    fn came_from(&self, t: u8, r: &Dmg) -> Option<u8> {
        let dir = r.dir & !redirect::DIR_BULK;
        if dir == DIR_EXPLOSION {
            (0..6u8).find(|&d| self.nb(t, d) == r.from)
        } else if dir < 6 {
            Some(opposite(dir))
        } else {
            None
        }
    }

    /// Sets off every Trap an enemy hit of this phase strikes on its marked edge, and the
    /// Traps their shrapnel strikes in turn, each once (D-22 step 2). A Trap netted at the
    /// start of the phase does not explode.
    pub(super) fn traps_explode<L: Log>(&mut self, log: &mut L) {
        loop {
            let mut boom = 0u64;
            for t in bits(self.traps & self.occ & !self.exploded & !self.d.netted) {
                let tu = self.u[t as usize];
                if t == self.bomber {
                    if self.bomber_struck(t) {
                        boom |= 1 << t;
                    }
                    continue;
                }
                let struck = self.records.iter().any(|r| {
                    r.target == t
                        && !self.rel.allied(self.u[r.from as usize].seat, tu.seat)
                        && self
                            .came_from(t, r)
                            .is_some_and(|d| tu.o.trigger >> d & 1 == 1)
                });
                if struck {
                    boom |= 1 << t;
                }
            }
            if boom == 0 {
                return;
            }
            for t in bits(boom) {
                self.explode(t, log);
            }
        }
    }

    /// Whether a hit of this phase sets off the Mad Bomber on `t` (D-24): any hit when it is
    /// neutral or taken over (FAQ-448), a hit of its owner's enemies when its owner controls it.
    fn bomber_struck(&self, t: u8) -> bool {
        let (owner, ctrl) = (self.owner(t), self.u[t as usize].seat);
        self.records.iter().any(|r| {
            r.target == t
                && r.dir != DIR_MEDIC_DEATH
                && (owner == NEUTRAL || owner != ctrl || !self.rel.allied(self.hitter(r), owner))
        })
    }

    /// Whether the Mad Bomber on `c` explodes the neutral way (every adjacent unit but HQs):
    /// neutral, or taken over (FAQ-448); else its owner's enemies, HQs included (2.x).
    pub(super) fn bomber_neutral_blast(&self, c: u8) -> bool {
        let owner = self.owner(c);
        owner == NEUTRAL || owner != self.u[c as usize].seat
    }

    /// The Mad Bomber on `c` leaves the board at the end of this phase: note who hit it in
    /// the phase (D-24: its detonators).
    #[cold]
    #[inline(never)]
    pub(super) fn bomber_leaves(&mut self, c: u8) {
        let mut by = 0u8;
        for r in &self.records {
            if r.target == c && r.dir != DIR_MEDIC_DEATH {
                let h = self.hitter(r);
                if (h as usize) < MAX_SEATS {
                    by |= 1 << h;
                }
            }
        }
        self.bomber_left = Some(by);
    }
}
