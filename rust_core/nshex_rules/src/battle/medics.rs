//! Medics (P-1, P-34, D-6, FAQ-133/134): which medic takes which attack, chains of medics.

use super::{
    redirect, Answer, Battle, Event, Halt, Log, MedicTake, Question, Tally, DIR_MEDIC_DEATH, NONE,
};
use crate::error::Refusal;
use crate::hex::{bits, MAX_CELLS};
use crate::tiles::Kind;

impl Battle {
    // ----- medics ----------------------------------------------------------------------

    /// Whether medic `m` can take record `ri` now.
    pub(super) fn can_absorb(&self, t: &Tally, m: u8, ri: usize) -> bool {
        let r = self.records[ri];
        if r.absorbed || self.d.medic_prot[m as usize] >> r.target & 1 == 0 {
            return false;
        }
        // The copies beyond the single ones, or an infinite group: no Medic takes them (D-19).
        if r.dir & redirect::DIR_BULK != 0 {
            return false;
        }
        // A medic about to die saves no one; an exploding Clown cannot be saved (D-6).
        if t.dying >> m & 1 == 1 || self.exploded >> r.target & 1 == 1 {
            return false;
        }
        // A medic saving a medic from dying must not have saved anyone yet (no loops), nor be
        // one of the units that death is saving: a chain never spends the unit it saves (P-34).
        if r.dir == DIR_MEDIC_DEATH
            && (t.used >> m & 1 == 1 || self.saving[r.target as usize] >> m & 1 == 1)
        {
            return false;
        }
        // D-6: a medic whose own unabsorbed hits would kill it saves no one.
        t.direct[m as usize] < self.hp_left(m) as u32
    }

    /// P-1 ranking of a save (larger is better).
    pub(super) fn save_rank(&self, t: &Tally, m: u8, ri: usize) -> [u8; 8] {
        let r = self.records[ri];
        let tg = r.target;
        let total = t.direct[tg as usize] + if t.dying >> tg & 1 == 1 { 255 } else { 0 };
        let hp = self.hp_left(tg) as u32;
        let w = if r.dir == DIR_MEDIC_DEATH {
            255
        } else {
            r.wounds as u32
        };
        let dies_without = total >= hp;
        let dies_with = total - w >= hp;
        let rank = if dies_without && !dies_with {
            2
        } else if !dies_without {
            1
        } else {
            0
        };
        let tu = self.unit(tg);
        let class = if tu.is_hq {
            3
        } else if tu.def.kind == Kind::Warrior {
            2
        } else {
            1
        };
        [
            rank,
            class,
            hp.min(255) as u8,
            w.min(255) as u8,
            255 - tg,
            255 - r.from,
            255 - r.dir,
            255 - m,
        ]
    }

    pub(super) fn absorb<L: Log>(&mut self, t: &mut Tally, m: u8, ri: usize, log: &mut L) {
        let r = self.records[ri];
        self.records[ri].absorbed = true;
        if r.dir == DIR_MEDIC_DEATH {
            t.dying &= !(1 << r.target);
        } else {
            t.direct[r.target as usize] -= r.wounds as u32;
        }
        t.used |= 1 << m;
        t.dying |= 1 << m;
        self.saving[m as usize] = 1 << r.target
            | if r.dir == DIR_MEDIC_DEATH {
                self.saving[r.target as usize]
            } else {
                0
            };
        self.push_record(m, DIR_MEDIC_DEATH, m, 0);
        if L::ON {
            log.event(Event::Save {
                medic: m,
                target: r.target,
                from: r.from,
                dir: r.dir,
                wounds: if r.dir == DIR_MEDIC_DEATH {
                    0
                } else {
                    r.wounds
                },
            });
        }
    }

    /// Medics take attacks (D-6, FAQ-20, FAQ-133 to FAQ-135), explicit choices first, then
    /// the automatic rule P-1. Saving is not optional: a working medic with something to
    /// take takes it.
    #[inline(always)]
    pub(super) fn medics<L: Log>(&mut self, phase: u8, log: &mut L) -> Result<(), Halt> {
        let medics = self.d.medics & !self.d.netted;
        let mut protected = 0u64;
        for m in bits(medics) {
            protected |= self.d.medic_prot[m as usize];
        }
        let mut t = Tally {
            direct: [0; MAX_CELLS],
            used: 0,
            dying: 0,
        };
        let mut hit = 0u64;
        for r in self.records.iter() {
            t.direct[r.target as usize] += r.wounds as u32;
            hit |= 1 << r.target;
        }
        for c in bits(self.acc_cells) {
            // Summed hits (on tiles no medic protects; a medic's own count, D-6).
            t.direct[c as usize] += self.acc[c as usize] as u32;
        }
        if hit & protected == 0 && self.choices.medic.is_empty() {
            return Ok(());
        }
        for i in 0..self.choices.medic.len() {
            let (p, m, tg, a) = self.choices.medic[i];
            if p != phase {
                continue;
            }
            let found = (0..self.records.len()).find(|&ri| {
                let r = self.records[ri];
                r.target == tg
                    && if a == NONE {
                        r.dir == DIR_MEDIC_DEATH
                    } else {
                        r.from == a && r.dir != DIR_MEDIC_DEATH
                    }
                    && !r.absorbed
            });
            let ok = medics >> m & 1 == 1 && found.is_some_and(|ri| self.can_absorb(&t, m, ri));
            if !ok {
                return Err(Refusal::choice(format!(
                    "medic choice in phase {phase}: the medic on cell {m} cannot take that attack on cell {tg}"
                ))
                .into());
            }
            self.absorb(&mut t, m, found.unwrap(), log);
        }
        loop {
            let mut best: Option<([u8; 8], u8, usize)> = None;
            for ri in 0..self.records.len() {
                let r = self.records[ri];
                if r.absorbed || protected >> r.target & 1 == 0 {
                    continue;
                }
                for m in bits(medics) {
                    if !self.can_absorb(&t, m, ri) {
                        continue;
                    }
                    let key = self.save_rank(&t, m, ri);
                    if best.is_none_or(|(k, _, _)| key > k) {
                        best = Some((key, m, ri));
                    }
                }
            }
            let Some((_, m, ri)) = best else { break };
            let (seat, seats) = self.medic_asker(&t, medics, m);
            if self.asks(seat) {
                let options = self.medic_options(&t, medics, seats);
                if options.len() > 1 {
                    let q = Question::Medic {
                        phase,
                        seat,
                        options,
                        automatic: self.take_of(m, ri),
                    };
                    let Answer::Medic(mt) = self.take_answer(q)? else {
                        unreachable!("checked by take_answer")
                    };
                    let ri = (0..self.records.len())
                        .find(|&ri| self.take_of(mt.medic, ri) == mt && !self.records[ri].absorbed)
                        .expect("an offered take");
                    self.absorb(&mut t, mt.medic, ri, log);
                    continue;
                }
            }
            self.absorb(&mut t, m, ri, log);
        }
        Ok(())
    }

    /// The seat a working medic saves for (its controller, or the Scoper's): it answers
    /// the medic's question, also when the unit saved is an ally's.
    pub(super) fn medic_seat(&self, m: u8) -> u8 {
        self.d.benef[m as usize]
    }

    /// Record `ri` taken by medic `m`, as an answer names it.
    pub(super) fn take_of(&self, m: u8, ri: usize) -> MedicTake {
        let r = self.records[ri];
        MedicTake {
            medic: m,
            target: r.target,
            from: r.from,
        }
    }

    /// Who answers for medic `m` now, and for the medics of which seats: its own seat, or,
    /// when allied medics of other seats could take one of the same attacks (mutually
    /// exclusive options of allies), the seat that started the battle for all of them
    /// (FAQ-368, D-26).
    fn medic_asker(&self, t: &Tally, medics: u64, m: u8) -> (u8, u8) {
        let seat = self.medic_seat(m);
        if self.starter == NONE {
            return (seat, 1 << seat);
        }
        let mut seats = 1u8 << seat;
        for ri in 0..self.records.len() {
            if !bits(medics).any(|a| self.medic_seat(a) == seat && self.can_absorb(t, a, ri)) {
                continue;
            }
            for b in bits(medics) {
                if self.medic_seat(b) != seat && self.can_absorb(t, b, ri) {
                    seats |= 1 << self.medic_seat(b);
                }
            }
        }
        if seats.count_ones() > 1 {
            (self.starter, seats)
        } else {
            (seat, seats)
        }
    }

    /// Every take open to the working medics of the seats in `seats` (a mask) now.
    pub(super) fn medic_options(&self, t: &Tally, medics: u64, seats: u8) -> Vec<MedicTake> {
        let mut out = Vec::new();
        for ri in 0..self.records.len() {
            for m in bits(medics) {
                if seats >> self.medic_seat(m) & 1 == 1 && self.can_absorb(t, m, ri) {
                    out.push(self.take_of(m, ri));
                }
            }
        }
        // Sorted: the records' order differs between the logged and the lean attack path.
        out.sort_unstable();
        out
    }
}
