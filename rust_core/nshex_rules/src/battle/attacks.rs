//! Attacks: melee, ranged and Gauss, with armor; the lean path (no log, no Quartermaster) and the
//! general path side by side (a test holds them equal: every conformance scenario is resolved both
//! ways).

use super::{BUnit, Battle, Dmg, Event, Halt, Log, NoLog, NONE};
use crate::hex::{bits, dir_edge, opposite, ray_ascends};

impl Battle {
    #[inline]
    pub(super) fn add_dmg(&mut self, from: u8, dir: u8, target: u8, wounds: u8) {
        if let Some(last) = self.records.last_mut() {
            if last.from == from && last.dir == dir && last.target == target {
                last.wounds += wounds;
                return;
            }
        }
        self.push_record(from, dir, target, wounds);
    }

    /// A record of its own (a Medic may take it apart from the others, FAQ-85).
    #[inline]
    pub(super) fn push_record(&mut self, from: u8, dir: u8, target: u8, wounds: u8) {
        self.records.push(Dmg {
            from,
            dir,
            target,
            wounds,
            absorbed: false,
        });
    }

    /// `add_dmg` and its line in the log.
    #[inline(always)]
    pub(super) fn hit<L: Log>(&mut self, from: u8, dir: u8, target: u8, wounds: u8, log: &mut L) {
        self.add_dmg(from, dir, target, wounds);
        if L::ON {
            log.event(Event::Hit {
                target,
                from,
                dir,
                wounds,
            });
        }
    }

    /// Adds `wounds` to the latest record of the attack from `from` in `dir` on `target`, if
    /// there is one: a shot joining its edge's melee part makes one attack (FAQ-86).
    #[inline]
    pub(super) fn join_record(&mut self, from: u8, dir: u8, target: u8, wounds: u8) -> bool {
        match self
            .records
            .iter_mut()
            .rev()
            .find(|r| r.from == from && r.dir == dir && r.target == target)
        {
            Some(r) => {
                r.wounds += wounds;
                true
            }
            None => false,
        }
    }

    /// The first enemy of `seat` on the line from `c` in `dir`, and how far the shot went.
    #[inline]
    pub(super) fn first_enemy(&self, c: u8, dir: u8, seat: u8) -> (u8, u8) {
        let ray = self.rays[c as usize][dir as usize];
        let enemies = ray & self.occ & !self.spare_cells[seat as usize];
        if enemies == 0 {
            return (NONE, ray.count_ones() as u8);
        }
        let t = if ray_ascends(dir) {
            enemies.trailing_zeros()
        } else {
            63 - enemies.leading_zeros()
        } as u8;
        (
            t,
            (ray & !self.rays[t as usize][dir as usize]).count_ones() as u8,
        )
    }

    /// The attack components of one edge, after an optional Quartermaster conversion.
    /// Returns (melee components, ranged components) as strengths before bonuses.
    #[inline]
    pub(super) fn components(&self, c: u8, dir: u8, convert: bool) -> ([u8; 2], [u8; 2]) {
        let o = self.unit(c).o;
        let (m, r) = (o.melee[dir as usize], o.ranged[dir as usize]);
        if !convert {
            ([m, 0], [r, 0])
        } else if m > 0 {
            ([0, 0], [r, m])
        } else {
            ([m, r], [0, 0])
        }
    }

    /// Wounds the edge would deal to enemies (for automatic choices; nothing is recorded).
    pub(super) fn edge_worth(&self, c: u8, dir: u8, convert: bool) -> u8 {
        let u = self.unit(c);
        let (melee, ranged) = self.components(c, dir, convert);
        let mut total = 0;
        let mb = self.d.melee_bonus[c as usize];
        let rb = self.d.ranged_bonus[c as usize];
        let adj = self.nb(c, dir);
        if self.occupied(adj) {
            let t = self.unit(adj);
            if self.hits(u.seat, t.seat) && !(u.is_hq && t.is_hq) {
                for m in melee {
                    if m > 0 {
                        total += m + mb;
                    }
                }
            }
        }
        let (t, _) = self.first_enemy(c, dir, u.seat);
        if t != NONE && !(u.is_hq && self.unit(t).is_hq) {
            let armor = self.unit(t).o.armor >> opposite(dir) & 1;
            for r in ranged {
                if r > 0 {
                    total += (r + rb).saturating_sub(armor);
                }
            }
        }
        total
    }

    /// Unit `c` attacks in `phase`: without a log or a Quartermaster (the search's common
    /// case) on the lean path, inlined where it is called, else on the general one.
    #[inline(always)]
    pub(super) fn attack<L: Log, const DDM: bool>(
        &mut self,
        c: u8,
        phase: u8,
        log: &mut L,
    ) -> Result<(), Halt> {
        if !L::ON && (self.d.qm_linked | self.general) >> c & 1 == 0 {
            if DDM && self.redirs != 0 {
                self.attack_as_printed::<true>(c);
            } else {
                self.attack_as_printed::<false>(c);
            }
            Ok(())
        } else {
            self.attack_general(c, phase, log)
        }
    }

    /// `attack` with a log, a Quartermaster conversion, or a caller's choices.
    #[inline(never)]
    pub(super) fn attack_general<L: Log>(
        &mut self,
        c: u8,
        phase: u8,
        log: &mut L,
    ) -> Result<(), Halt> {
        let u = *self.unit(c);
        let convert_dir = if self.d.qm_linked >> c & 1 == 1 || !self.choices.qm.is_empty() {
            self.qm_conversion(c, phase)?
        } else {
            None
        };
        if let Some(dir) = convert_dir {
            self.u[c as usize].qm_used = true;
            if L::ON {
                log.event(Event::Converted {
                    cell: c,
                    edge: dir_edge(dir, u.facing),
                    to_ranged: u.o.melee[dir as usize] > 0,
                });
            }
        }
        let mb = self.d.melee_bonus[c as usize];
        let rb = self.d.ranged_bonus[c as usize];
        for dir in bits(u.o.attacks as u64) {
            if u.o.gauss >> dir & 1 == 1 {
                self.gauss(c, &u, dir, log);
                continue;
            }
            let (melee, ranged) = if convert_dir == Some(dir) {
                self.components(c, dir, true)
            } else {
                ([u.o.melee[dir as usize], 0], [u.o.ranged[dir as usize], 0])
            };
            let has_ranged = ranged[0] + ranged[1] > 0;
            let (rt, reach) = if has_ranged {
                self.first_enemy(c, dir, u.seat)
            } else {
                (NONE, 0)
            };
            if L::ON {
                let melee_sum = melee.iter().filter(|&&m| m > 0).map(|m| m + mb).sum();
                let ranged_sum = ranged.iter().filter(|&&r| r > 0).map(|r| r + rb).sum();
                log_attack(log, c, &u, dir, (melee_sum, ranged_sum, false, reach));
            }
            let adj = self.nb(c, dir);
            if melee[0] + melee[1] > 0 && self.occupied(adj) {
                let t = self.unit(adj);
                if self.hits(u.seat, t.seat) && !(u.is_hq && t.is_hq) {
                    let w: u8 = melee.iter().filter(|&&m| m > 0).map(|m| m + mb).sum();
                    self.hit(c, dir, adj, w, log);
                }
            }
            if has_ranged && self.redirs & self.occ != 0 {
                // Shots may be redirected (D-18): every part traced as its own attack.
                for r in ranged {
                    if r > 0 {
                        self.shoot_redirected(c, dir, r + rb, false, log);
                    }
                }
                continue;
            }
            if rt != NONE && !(u.is_hq && self.unit(rt).is_hq) {
                let armor = self.unit(rt).o.armor >> opposite(dir) & 1;
                for r in ranged {
                    if r == 0 {
                        continue;
                    }
                    let s = r + rb;
                    let w = s.saturating_sub(armor);
                    if armor == 1 {
                        armor_stops(log, rt, c, dir);
                    }
                    if w > 0 {
                        self.hit(c, dir, rt, w, log);
                    }
                }
            }
        }
        Ok(())
    }

    /// `attack` without a log or a Quartermaster: the path of every search leaf. The same
    /// damage records as `attack_general`, a unit's melee records before its ranged ones
    /// (no rule depends on their order; medic questions list their options sorted).
    #[inline(always)]
    pub(super) fn attack_as_printed<const REDIRECTORS: bool>(&mut self, c: u8) {
        let u = &self.u[c as usize];
        let (o, seat, is_hq) = (u.o, u.seat, u.is_hq);
        let ci = c as usize;
        let (mb, rb) = (self.d.melee_bonus[ci], self.d.ranged_bonus[ci]);
        let enemies = self.occ & !self.spare_cells[seat as usize];
        if o.gauss != 0 {
            let u = *self.unit(c);
            for dir in bits(o.gauss as u64) {
                self.gauss(c, &u, dir, &mut NoLog);
            }
        }
        let (melee_dirs, ranged_dirs) = (o.melee_plain, o.ranged_plain);
        // Melee edges first, then ranged ones. The enemies the melee edges strike are one
        // table lookup (the neighbours of a cell by direction mask); most units strike with
        // the same strength on every melee edge, so those hits are summed without looking
        // at the edges one by one.
        let targets = if is_hq { enemies & !self.hqs } else { enemies };
        // With redirectors every hit is recorded (the shots' records are looked at again).
        let rec = if REDIRECTORS { u64::MAX } else { self.rec_mask };
        let hits = self.dir_cells[ci][melee_dirs as usize & 63] & targets;
        if hits != 0 {
            let summed = hits & !rec;
            if o.melee_even != 0 {
                let w = o.melee_even + mb;
                for t in bits(summed) {
                    self.acc[t as usize] += w;
                }
            } else {
                for dir in bits(melee_dirs as u64) {
                    let adj = self.nbr[ci][dir as usize];
                    if adj != NONE && summed >> adj & 1 == 1 {
                        self.acc[adj as usize] += o.melee[dir as usize] + mb;
                    }
                }
            }
            self.acc_cells |= summed;
            if hits & rec != 0 {
                // One record per edge (a medic takes an attack, D-6), in edge order. (No
                // melee record of this unit can join an earlier one: each is its own edge.)
                for dir in bits(melee_dirs as u64) {
                    let adj = self.nbr[ci][dir as usize];
                    if adj != NONE && (hits & rec) >> adj & 1 == 1 {
                        self.push_record(c, dir, adj, o.melee[dir as usize] + mb);
                    }
                }
            }
        }
        for dir in bits(ranged_dirs as u64) {
            if REDIRECTORS {
                // Redirectors on the board: the shot may be redirected (D-18).
                self.shoot_redirected(c, dir, o.ranged[dir as usize] + rb, false, &mut NoLog);
                continue;
            }
            let (rt, _) = self.first_enemy(c, dir, seat);
            if rt != NONE && !(is_hq && self.unit(rt).is_hq) {
                let armor = self.unit(rt).o.armor >> opposite(dir) & 1;
                let w = (o.ranged[dir as usize] + rb).saturating_sub(armor);
                if w > 0 {
                    if rec >> rt & 1 == 0 {
                        self.acc[rt as usize] += w;
                        self.acc_cells |= 1 << rt;
                        continue;
                    }
                    // A ranged shot at the tile its own edge also strikes in melee (the
                    // Universal Soldier) joins that melee record: it is one attack.
                    if o.melee_dirs >> dir & 1 == 1 && self.join_record(c, dir, rt, w) {
                        continue;
                    }
                    self.add_dmg(c, dir, rt, w);
                }
            }
        }
    }

    /// Gauss Cannon: 1 wound to every enemy on the line, no bonus; armor facing the shot
    /// stops it for that unit only.
    pub(super) fn gauss<L: Log>(&mut self, c: u8, u: &BUnit, dir: u8, log: &mut L) {
        let mut reach = 0;
        let mut cur = c;
        loop {
            cur = self.nb(cur, dir);
            if cur == NONE {
                break;
            }
            reach += 1;
        }
        log_attack(log, c, u, dir, (0, 1, true, reach));
        if self.redirs & self.occ != 0 {
            // A Gauss shot stops at a redirector's entry and goes on from its exits (D-18).
            self.shoot_redirected(c, dir, 1, true, log);
            return;
        }
        let mut cur = c;
        loop {
            cur = self.nb(cur, dir);
            if cur == NONE {
                break;
            }
            if !self.occupied(cur) || !self.hits(u.seat, self.unit(cur).seat) {
                continue;
            }
            if self.unit(cur).o.armor >> opposite(dir) & 1 == 1 {
                armor_stops(log, cur, c, dir);
                continue;
            }
            self.hit(c, dir, cur, 1, log);
        }
    }
}

/// The log's line for one wound of a shot from `from` in `dir` that `target`'s armor stops.
#[inline(always)]
pub(super) fn armor_stops<L: Log>(log: &mut L, target: u8, from: u8, dir: u8) {
    if L::ON {
        log.event(Event::Armor {
            target,
            from,
            dir,
            blocked: 1,
        });
    }
}

/// The log's line for the attack of unit `u` on `c` in `dir`: (melee, ranged, Gauss, how far
/// the shot travels).
#[inline(always)]
fn log_attack<L: Log>(
    log: &mut L,
    c: u8,
    u: &BUnit,
    dir: u8,
    (melee, ranged, gauss, reach): (u8, u8, bool, u8),
) {
    if L::ON {
        log.event(Event::Attack {
            cell: c,
            tile: u.tile,
            edge: dir_edge(dir, u.facing),
            dir,
            melee,
            ranged,
            gauss,
            reach,
        });
    }
}
