//! Redirected shots (D-18) and the infinity combo (D-19): a friendly ranged or Gauss shot that
//! reaches an entry of an active redirector leaves again from each of its exits, in the same
//! phase, with the shooter's strength. Each attack is traced as a graph whose nodes are the
//! redirectors it reaches (each expanded once, one segment per exit), so the work is bounded by
//! the number of redirectors whatever loops they form.

use super::attacks::armor_stops;
use super::{Battle, Event, Log, NONE};
use crate::hex::{bits, opposite, MAX_CELLS};

/// Copies of one segment beyond which the rest of them are one record that no Medic takes
/// (more Medics than this never protect one unit, so the result is exact).
const SINGLE_COPIES: u32 = 16;
/// The copy count of an infinite group.
pub const INFINITE_COPIES: u32 = u32::MAX;
/// A record standing for several copies (or infinitely many): no Medic takes it.
pub(super) const DIR_BULK: u8 = 0x40;

/// One straight run of a shot: where it starts, its direction, the node it comes from
/// (`NONE`: the shooter), what it hits and the redirector it ends in (`NONE`: none).
#[derive(Clone, Copy)]
struct Segment {
    dir: u8,
    from_node: u8,
    hits: u64,
    end: u8,
}

impl Battle {
    /// Whether the unit on `x` is a redirector working for `seat`'s side now: not netted
    /// at the start of the phase, controlled by `seat` or an ally (D-18 6).
    #[inline]
    fn redirects_for(&self, x: u8, seat: u8) -> bool {
        self.redirs >> x & 1 == 1
            && self.d.netted >> x & 1 == 0
            && self.rel.allied(seat, self.u[x as usize].seat)
    }

    /// The run of a shot of `seat` leaving `start` in `dir`: the enemies it hits (all of them
    /// on the line for a Gauss shot, else the first) and the redirector entry it ends at.
    fn trace(&self, start: u8, dir: u8, seat: u8, gauss: bool, from_hq: bool) -> (u64, u8) {
        let mut hits = 0u64;
        let mut x = self.nb(start, dir);
        while x != NONE {
            if self.occupied(x) {
                let t = self.unit(x);
                if self.redirects_for(x, seat) && t.o.redirect_in >> opposite(dir) & 1 == 1 {
                    return (hits, x);
                }
                if self.hits(seat, t.seat) && !(from_hq && t.is_hq) {
                    hits |= 1 << x;
                    if !gauss {
                        return (hits, NONE);
                    }
                }
            }
            x = self.nb(x, dir);
        }
        (hits, NONE)
    }

    /// One ranged or Gauss attack of the unit on `c` in `dir` on a board with redirectors:
    /// every copy it becomes is a separate attack of `strength` (a Gauss copy: 1 wound), with
    /// armor per copy against the direction it arrives from (D-18, D-19).
    #[inline(never)]
    pub(super) fn shoot_redirected<L: Log>(
        &mut self,
        c: u8,
        dir: u8,
        strength: u8,
        gauss: bool,
        log: &mut L,
    ) {
        let u = *self.unit(c);
        let seat = u.seat;
        let (hits, end) = self.trace(c, dir, seat, gauss, u.is_hq);
        if end == NONE {
            // The shot meets no redirector: one attack, as on any board.
            self.hit_run(c, dir, hits, 1, strength, gauss, log);
            return;
        }
        self.shoot_graph(c, dir, hits, end, strength, gauss, log);
    }

    /// The graph of an attack that reached a redirector (D-19).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn shoot_graph<L: Log>(
        &mut self,
        c: u8,
        dir: u8,
        hits: u64,
        end: u8,
        strength: u8,
        gauss: bool,
        log: &mut L,
    ) {
        let seat = self.unit(c).seat;
        // At most one segment for the shooter and three per redirector.
        let mut segs = [Segment {
            dir: 0,
            from_node: NONE,
            hits: 0,
            end: NONE,
        }; 3 * MAX_CELLS + 1];
        let mut n_segs = 0usize;
        segs[0] = Segment {
            dir,
            from_node: NONE,
            hits,
            end,
        };
        n_segs += 1;
        // Expand each node once, in the order they are reached.
        let mut expanded = 0u64;
        let mut order = [NONE; MAX_CELLS];
        let mut n_nodes = 0usize;
        let mut i = 0usize;
        while i < n_segs {
            let node = segs[i].end;
            i += 1;
            if node == NONE || expanded >> node & 1 == 1 {
                continue;
            }
            expanded |= 1 << node;
            order[n_nodes] = node;
            n_nodes += 1;
            for d in bits(self.unit(node).o.redirect_out as u64) {
                let (hits, end) = self.trace(node, d, seat, gauss, false);
                segs[n_segs] = Segment {
                    dir: d,
                    from_node: node,
                    hits,
                    end,
                };
                n_segs += 1;
            }
        }
        let segs = &segs[..n_segs];
        let infinite = infinite_nodes(segs, &order[..n_nodes]);
        // Finite copy counts, summed in topological order (Kahn's algorithm on the finite
        // nodes; what an infinite node sends is infinite).
        let mut copies = [0u32; MAX_CELLS];
        let mut indeg = [0u32; MAX_CELLS];
        for s in segs.iter().filter(|s| s.end != NONE) {
            if s.from_node != NONE && infinite >> s.from_node & 1 == 0 {
                indeg[s.end as usize] += 1;
            }
        }
        let seg_copies = |copies: &[u32; MAX_CELLS], s: &Segment| -> u32 {
            if s.from_node == NONE {
                1
            } else if infinite >> s.from_node & 1 == 1 {
                INFINITE_COPIES
            } else {
                copies[s.from_node as usize]
            }
        };
        let mut ready: u64 = 0;
        for s in segs.iter().filter(|s| s.from_node == NONE && s.end != NONE) {
            copies[s.end as usize] = copies[s.end as usize].saturating_add(1);
        }
        for &a in &order[..n_nodes] {
            if infinite >> a & 1 == 0 && indeg[a as usize] == 0 {
                ready |= 1 << a;
            }
        }
        while ready != 0 {
            let a = ready.trailing_zeros() as u8;
            ready &= !(1 << a);
            for s in segs.iter().filter(|s| s.from_node == a && s.end != NONE) {
                let e = s.end as usize;
                if infinite >> e & 1 == 1 {
                    continue;
                }
                copies[e] = copies[e].saturating_add(copies[a as usize]);
                indeg[e] -= 1;
                if indeg[e] == 0 {
                    ready |= 1 << e;
                }
            }
        }
        for &a in &order[..n_nodes] {
            if infinite >> a & 1 == 1 {
                copies[a as usize] = INFINITE_COPIES;
            }
        }
        // Every segment's hits, each copy a separate attack.
        for s in segs {
            let m = seg_copies(&copies, s);
            if s.from_node != NONE && L::ON {
                log.event(Event::Redirected {
                    cell: s.from_node,
                    dir: s.dir,
                    copies: m,
                    to: self.run_end(s.from_node, s.dir, s.hits, s.end, gauss),
                });
            }
            self.hit_run(c, s.dir, s.hits, m, strength, gauss, log);
        }
    }

    /// Where a run ends: the redirector it enters, the enemy that stopped a normal shot, or
    /// the last hex before the board's edge.
    fn run_end(&self, from: u8, dir: u8, hits: u64, end: u8, gauss: bool) -> u8 {
        if end != NONE {
            return end;
        }
        if !gauss && hits != 0 {
            return hits.trailing_zeros() as u8;
        }
        let mut x = from;
        loop {
            let n = self.nb(x, dir);
            if n == NONE {
                return x;
            }
            x = n;
        }
    }

    /// The targets one run hits, `m` copies each (`INFINITE_COPIES`: infinitely many).
    #[allow(clippy::too_many_arguments)]
    fn hit_run<L: Log>(
        &mut self,
        c: u8,
        dir: u8,
        hits: u64,
        m: u32,
        strength: u8,
        gauss: bool,
        log: &mut L,
    ) {
        for t in bits(hits) {
            let armor = self.unit(t).o.armor >> opposite(dir) & 1;
            let w = if gauss {
                1 - armor
            } else {
                strength.saturating_sub(armor)
            };
            if armor == 1 {
                armor_stops(log, t, c, dir);
            }
            if w == 0 {
                // Armor that stops one copy stops them all (D-19).
                continue;
            }
            if m == 1 {
                // One attack: joined with a melee part of the same edge on the same target, as
                // on any board (FAQ-86).
                if !self.join_record(c, dir, t, w) {
                    self.push_record(c, dir, t, w);
                }
            } else {
                for _ in 0..m.min(SINGLE_COPIES) {
                    self.push_record(c, dir, t, w);
                }
            }
            let single = m.min(SINGLE_COPIES);
            if m > single {
                let rest = if m == INFINITE_COPIES {
                    u8::MAX
                } else {
                    (m - single).saturating_mul(w as u32).min(u8::MAX as u32) as u8
                };
                self.push_record(c, dir | DIR_BULK, t, rest);
            }
            if L::ON {
                log.event(Event::Hit {
                    target: t,
                    from: c,
                    dir,
                    wounds: if m == INFINITE_COPIES {
                        u8::MAX
                    } else {
                        (m.saturating_mul(w as u32)).min(u8::MAX as u32) as u8
                    },
                });
            }
        }
    }
}

/// The nodes a redirected shot reaches infinitely often: those on a cycle of redirectors, and
/// every node a cycle reaches. `order`: the nodes in the order they were expanded.
#[inline(always)]
fn infinite_nodes(segs: &[Segment], order: &[u8]) -> u64 {
    // Node successors (a mask of nodes each node's segments end in).
    let mut succ = [0u64; MAX_CELLS];
    for s in segs.iter().filter(|s| s.from_node != NONE && s.end != NONE) {
        succ[s.from_node as usize] |= 1 << s.end;
    }
    // Reachability by fixed point; a node reaching itself is on a cycle.
    let mut reach = succ;
    loop {
        let mut changed = false;
        for &a in order {
            let mut r = reach[a as usize];
            for b in bits(reach[a as usize]) {
                r |= reach[b as usize];
            }
            if r != reach[a as usize] {
                reach[a as usize] = r;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut infinite = 0u64;
    for &a in order {
        if reach[a as usize] >> a & 1 == 1 {
            infinite |= 1 << a | reach[a as usize];
        }
    }
    infinite
}
