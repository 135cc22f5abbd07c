//! The Clown (D-5, P-2): explode or attack, and the explosion.

use super::{Answer, Battle, Event, Halt, Log, Question, DIR_EXPLOSION, NONE};

impl Battle {
    // ----- the Clown -----------------------------------------------------------------

    /// Worth of wounds on a tile from the Clown owner's view (P-2).
    pub(super) fn worth(&self, seat: u8, target: u8, wounds: u8) -> i32 {
        if wounds == 0 {
            return 0;
        }
        let t = self.unit(target);
        let w = if t.is_hq {
            wounds.min(self.hp_left(target)) as i32
        } else if wounds >= self.hp_left(target) {
            2
        } else {
            1
        };
        if self.rel.allied(seat, t.seat) {
            -w
        } else {
            w
        }
    }

    /// Whether the Clown on `c` explodes: the caller's choice, the seat's answer, or P-2.
    pub(super) fn clown_decision(&mut self, c: u8, phase: u8) -> Result<bool, Halt> {
        if let Some(&(_, e)) = self.choices.clown.iter().find(|(cell, _)| *cell == c) {
            return Ok(e);
        }
        let automatic = self.clown_explodes(c);
        let seat = self.unit(c).seat;
        if !self.asks(seat) {
            return Ok(automatic);
        }
        let q = Question::Clown {
            phase,
            cell: c,
            seat,
            automatic,
        };
        match self.take_answer(q)? {
            Answer::Clown { explode, .. } => Ok(explode),
            _ => unreachable!("checked by take_answer"),
        }
    }

    /// P-2: the automatic answer for the Clown on `c`.
    pub(super) fn clown_explodes(&self, c: u8) -> bool {
        let u = self.unit(c);
        let mut boom = 0i32;
        for dir in 0..6u8 {
            let j = self.nb(c, dir);
            if self.occupied(j) {
                boom += self.worth(u.seat, j, 1);
            }
        }
        let incoming: u32 = self
            .records
            .iter()
            .filter(|r| r.target == c)
            .map(|r| r.wounds as u32)
            .sum::<u32>()
            + self.acc[c as usize] as u32;
        if incoming < self.hp_left(c) as u32 {
            boom -= 2;
        }
        let mut attack = 0i32;
        for dir in 0..6u8 {
            let adj = self.nb(c, dir);
            if u.o.melee[dir as usize] > 0
                && self.occupied(adj)
                && self.hits(u.seat, self.unit(adj).seat)
            {
                let w = u.o.melee[dir as usize] + self.d.melee_bonus[c as usize];
                attack += self.worth(u.seat, adj, w);
            }
        }
        boom > attack
    }

    pub(super) fn explode<L: Log>(&mut self, c: u8, log: &mut L) {
        self.exploded |= 1 << c;
        if L::ON {
            log.event(Event::Explode { cell: c });
        }
        // The Mad Bomber's shrapnel spares HQs (neutral) or its owner's side (D-24).
        let (spare_hqs, spare_side) = if c == self.bomber {
            if self.bomber_neutral_blast(c) {
                (true, NONE)
            } else {
                (false, self.owner(c))
            }
        } else {
            (false, NONE)
        };
        for dir in 0..6u8 {
            let j = self.nb(c, dir);
            if self.occupied(j)
                && !(spare_hqs && self.u[j as usize].is_hq)
                && !(spare_side != NONE && self.rel.allied(spare_side, self.u[j as usize].seat))
            {
                self.hit(c, DIR_EXPLOSION, j, 1, log);
            }
        }
    }
}
