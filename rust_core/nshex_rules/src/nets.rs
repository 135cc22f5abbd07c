//! Nets (D-3): which tiles are netted, resolving mutual and ring nets by strongly connected
//! components.

use crate::hex::{bits, MAX_CELLS, NO_CELL};
use crate::seats::SEAT_SLOTS;

/// D-3 for the tiles in `occ`; `throwers` are those with net edges; `tile(c)` gives a
/// tile's controller and net directions; `foes[s]`: the seats whose units seat `s` nets.
pub(crate) fn nets_among(
    nbr: &[[u8; 6]],
    throwers: u64,
    occ: u64,
    foes: &[u8; SEAT_SLOTS],
    tile: impl Fn(u8) -> (u8, u8),
) -> u64 {
    let net_of = |c: u8| thrower_nets(nbr, occ, foes, &tile, c);
    let mut netters = 0u64;
    let mut all = 0u64;
    for c in bits(throwers) {
        let n = net_of(c);
        netters |= ((n != 0) as u64) << c;
        all |= n;
    }
    if all & netters == 0 {
        // No net reaches a tile that nets anyone (the usual board): every net holds, with
        // nothing to untangle.
        return all;
    }
    // Nets reach throwers: the table for the untangling, each thrower's nets worked out
    // again (on this rarer board, instead of zeroing a table on every board).
    let mut nets = [0u64; MAX_CELLS];
    for c in bits(netters) {
        nets[c as usize] = net_of(c);
    }
    let mut free = 0u64;
    let mut netted = 0u64;
    resolve_net_set(&nets, netters, &mut free, &mut netted);
    let mut out = netted;
    for f in bits(free) {
        out |= nets[f as usize] & !netters;
    }
    out
}

/// The tiles thrower `c`'s nets reach: enemy tiles its net edges face.
#[inline(always)]
fn thrower_nets(
    nbr: &[[u8; 6]],
    occ: u64,
    foes: &[u8; SEAT_SLOTS],
    tile: &impl Fn(u8) -> (u8, u8),
    c: u8,
) -> u64 {
    let (seat, net) = tile(c);
    let mut n = 0u64;
    for dir in bits(net as u64) {
        let j = nbr[c as usize][dir as usize];
        if j != NO_CELL && occ >> j & 1 == 1 && foes[seat as usize] >> tile(j).0 & 1 == 1 {
            n |= 1 << j;
        }
    }
    n
}

/// D-3 on a set of net throwers: strongly connected components in topological order; a
/// component member is netted by a free thrower outside the component; if none is, the nets
/// inside cancel and all are free; otherwise the netted members are taken out and the rest
/// resolved again the same way.
fn resolve_net_set(nets: &[u64; MAX_CELLS], set: u64, free: &mut u64, netted: &mut u64) {
    let mut remaining = set;
    while remaining != 0 {
        // Pick a source component of the graph restricted to `remaining`.
        let comp = source_component(nets, remaining);
        let mut from_free = 0u64;
        for f in bits(*free) {
            from_free |= nets[f as usize];
        }
        let hit = comp & from_free;
        if hit == 0 {
            *free |= comp;
        } else {
            *netted |= hit;
            resolve_net_set(nets, comp & !hit, free, netted);
        }
        remaining &= !comp;
    }
}

/// A strongly connected component of the subgraph on `set` with no edge into it from the
/// rest of `set`.
fn source_component(nets: &[u64; MAX_CELLS], set: u64) -> u64 {
    let reach = |start: u64| -> u64 {
        let mut seen = start;
        let mut frontier = start;
        while frontier != 0 {
            let mut next = 0;
            for v in bits(frontier) {
                next |= nets[v as usize] & set;
            }
            frontier = next & !seen;
            seen |= next;
        }
        seen
    };
    // Walk backwards from any node until the component can no longer be entered.
    let mut v = set.trailing_zeros() as u8;
    loop {
        let fwd = reach(1 << v);
        // Nodes that reach v: check each node of `set`.
        let mut comp = 0u64;
        let mut entering = 0u64;
        for w in bits(set) {
            let rw = reach(1 << w);
            if rw >> v & 1 == 1 {
                if fwd >> w & 1 == 1 {
                    comp |= 1 << w;
                } else {
                    entering |= 1 << w;
                }
            }
        }
        if entering == 0 {
            return comp;
        }
        v = entering.trailing_zeros() as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const NONE: u8 = NO_CELL;

    /// Runs D-3 on a graph given as (thrower, target) pairs over cells 0..8.
    pub(super) fn nets(edges: &[(u8, u8)]) -> u64 {
        let mut n = [0u64; MAX_CELLS];
        let mut throwers = 0u64;
        for &(a, b) in edges {
            n[a as usize] |= 1 << b;
            throwers |= 1 << a;
        }
        let (mut free, mut netted) = (0u64, 0u64);
        resolve_net_set(&n, throwers, &mut free, &mut netted);
        let mut out = netted;
        for f in bits(free) {
            out |= n[f as usize] & !throwers;
        }
        out
    }

    /// `nets_among` on a line of cells 0, 1, 2, ... (direction 0 to the next cell, 3 back),
    /// seats alternating; `net[c]`: cell c's net directions.
    fn nets_on_a_line(net: &[u8]) -> u64 {
        let n = net.len() as u8;
        let nbr: Vec<[u8; 6]> = (0..n)
            .map(|c| {
                let next = if c + 1 < n { c + 1 } else { NONE };
                let back = if c > 0 { c - 1 } else { NONE };
                [next, NONE, NONE, back, NONE, NONE]
            })
            .collect();
        let mut foes = [0u8; SEAT_SLOTS];
        (foes[0], foes[1]) = (0b10, 0b01);
        let throwers = (0..n).filter(|&c| net[c as usize] != 0).map(|c| 1u64 << c);
        nets_among(&nbr, throwers.sum(), (1 << n) - 1, &foes, |c| {
            (c % 2, net[c as usize])
        })
    }

    #[test]
    fn d3_on_the_board_one_net_holds() {
        // 0 nets 1, which throws no net: the short way (no net reaches a thrower).
        assert_eq!(nets_on_a_line(&[0b1, 0, 0]), 0b10);
        // 0 nets 1, and 1 would net 2: 1 is netted, so 2 is free (the full resolution).
        assert_eq!(nets_on_a_line(&[0b1, 0b1, 0]), 0b10);
        // 0 and 1 net each other: neither is netted.
        assert_eq!(nets_on_a_line(&[0b1, 0b1000, 0]), 0);
        // A net off the board catches nobody.
        assert_eq!(nets_on_a_line(&[0b1000, 0, 0]), 0);
    }

    #[test]
    pub(super) fn d3_one_way_net() {
        assert_eq!(nets(&[(0, 1)]), 0b10);
    }

    #[test]
    pub(super) fn d3_mutual_nets_cancel() {
        // Rulebook "Using nets": two net fighters facing each other do not disable each other.
        assert_eq!(nets(&[(0, 1), (1, 0)]), 0);
    }

    #[test]
    pub(super) fn d3_three_way_ring_cancels_and_other_nets_work() {
        // A ring of three: all free, and their nets in other directions work normally.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 0), (2, 5)]), 1 << 5);
    }

    #[test]
    pub(super) fn d3_netted_thrower_nets_nothing() {
        // 0 nets 1; 1 would net 2: 1 is netted, so 2 is free.
        assert_eq!(nets(&[(0, 1), (1, 2)]), 0b10);
    }

    #[test]
    pub(super) fn d3_outside_net_breaks_a_mutual_pair() {
        // 0 nets 1; 1 and 2 net each other: 1 is netted from outside, so 2 is free and its
        // net on 1 holds (1 was netted anyway); 2 stays free.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 1)]), 0b10);
    }

    #[test]
    pub(super) fn d3_chain_after_a_ring() {
        // Ring 0-1-2 is free; 2 nets 3; 3 would net 4: 3 is netted, so 4 is free.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]), 1 << 3);
    }

    #[test]
    pub(super) fn d3_netted_member_then_the_rest_resolve_again() {
        // 5 nets 0 from outside a ring 0-1-2: 0 is netted; the rest, 1 and 2, are resolved
        // again: 1 nets 2 with nothing netting 1 (0 is netted), so 2 is netted.
        assert_eq!(nets(&[(5, 0), (0, 1), (1, 2), (2, 0)]), 0b101);
    }
}
