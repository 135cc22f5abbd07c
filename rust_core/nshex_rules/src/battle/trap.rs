//! The Trap (D-21, D-22): struck on its marked edge by an enemy hit, it explodes in that
//! phase, before any Medic, and its shrapnel may set off further Traps.

use super::*;

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
}
