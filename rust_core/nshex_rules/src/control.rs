//! Control resolution (D-13): who controls each unit, which units are netted and which modules
//! are scoped, as one fixed point computed from the owners' state.
//!
//! Only a takeover source (the Vegas HQ's takeover edge, an Agitator) can make a unit's
//! controller differ from its owner. Without one on the board, control is ownership and
//! nets and scoping are the plain D-3 and D-7; callers skip this module then.
//!
//! 1. Start: every unit controlled by its owner, no module scoped; then the takeovers as they
//!    would be with no net on the board (P-23: so a unit already taken over keeps the
//!    netter that would net its taker netted, FAQ-381).
//! 2. Nets (D-3) with the current controllers, except that a net edge of N toward a takeover
//!    source T is ignored when T's takeover edge faces N, T's working side (previous round)
//!    is hostile to N's owner and N is a unit T may take (takeover beats the net: FAQ-157,
//!    FAQ-165, FAQ-381).
//! 3. Scoping (D-7) with the current controllers and nets, except that a Scoper does not
//!    scope an Agitator whose takeover edge faces it (FAQ-545). A source works for its
//!    controller, a scoped Agitator for the Scoper's controller (FAQ-18, FAQ-239).
//! 4. Takeover: each working (not netted) source counts toward the non-HQ unit its takeover
//!    edge faces, per side; a side with strictly more sources than every other side
//!    controls it, a tie or none leaves the owner (FAQ-164); a source never counts toward
//!    the unit it is itself controlled through (FAQ-239).
//! 5. Repeat until a round changes nothing; a repeating cycle holds every unit whose
//!    controller differs among the repeating rounds at its owner and resolves once more.

use crate::hex::{bits, NO_CELL};
use crate::nets::nets_among;
use crate::seats::{MAX_SEATS, NO_SEAT, SEAT_SLOTS};
use crate::sides::Relations;
use crate::tiles::Kind;

use crate::hex::MAX_CELLS;

/// What control resolution needs of one tile on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CtlTile {
    pub owner: u8,
    /// Net, link and takeover directions, as the tile is turned.
    pub net: u8,
    pub link: u8,
    pub take: u8,
    pub hq: bool,
    pub module: bool,
    pub scoper: bool,
    pub agitator: bool,
    /// Placement order (the first placed Scoper wins, D-7).
    pub placed: u16,
}

impl CtlTile {
    pub(crate) fn of(def: &crate::tiles::TileDef, owner: u8, facing: u8, placed: u16) -> CtlTile {
        let o = &def.oriented[facing as usize % 6];
        CtlTile {
            owner,
            net: o.net,
            link: o.link,
            take: o.take,
            hq: def.is_hq(),
            module: def.kind == Kind::Module,
            scoper: def.scoper,
            agitator: def.agitator,
            placed,
        }
    }
}

/// The resolved board state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Control {
    /// The controller of each occupied cell.
    pub ctrl: [u8; MAX_CELLS],
    /// Netted cells.
    pub netted: u64,
    /// The Scoper that scopes each module (`NO_CELL`: none).
    pub scoped_by: [u8; MAX_CELLS],
    /// Per taken-over cell, the sources (cells) it is controlled through.
    pub through: [u64; MAX_CELLS],
    /// Every cell a working source aimed its takeover at in any round of the resolution.
    /// Besides these, only takeover sources, net throwers and Scopers decide anyone's
    /// control, nets or scoping but their own: any other tile leaving the board changes
    /// nothing for those that stay.
    pub aimed: u64,
}

/// Rounds kept for finding a cycle; a longer one is treated as a cycle of everything kept.
const HISTORY: usize = 12;

/// The tiles of a board for control resolution, and the cells a round looks at (net
/// throwers, Scopers, takeover sources), kept as masks so that a round visits only those.
/// A battle sets its tiles once and resolves on the cells still standing at each phase.
#[derive(Clone)]
pub(crate) struct CtlBoard {
    pub t: [CtlTile; MAX_CELLS],
    netters: u64,
    scopers: u64,
    sources: u64,
}

impl CtlBoard {
    pub(crate) fn new() -> CtlBoard {
        CtlBoard {
            t: [CtlTile::default(); MAX_CELLS],
            netters: 0,
            scopers: 0,
            sources: 0,
        }
    }

    /// Puts `tile` on cell `c` (a cell not set holds a tile no resolution looks at, as long
    /// as it is outside the `occ` it is given).
    #[inline]
    pub(crate) fn set(&mut self, c: u8, tile: CtlTile) {
        let bit = 1u64 << c;
        self.netters = self.netters & !bit | ((tile.net != 0) as u64) << c;
        self.scopers = self.scopers & !bit | (tile.scoper as u64) << c;
        self.sources = self.sources & !bit | ((tile.take != 0) as u64) << c;
        self.t[c as usize] = tile;
    }
}

/// Working memory of control resolution, reused from one resolution to the next: the
/// takeover tallies (all zero between resolutions) and the rounds kept for finding a cycle.
pub(crate) struct CtlScratch {
    aims: Aims,
    history: [([u8; MAX_CELLS], [u8; MAX_CELLS]); HISTORY],
}

impl CtlScratch {
    pub(crate) fn new() -> CtlScratch {
        CtlScratch {
            aims: Aims {
                count: [[0; MAX_SEATS]; MAX_CELLS],
                by: [[0; MAX_SEATS]; MAX_CELLS],
            },
            history: [([0; MAX_CELLS], [0; MAX_CELLS]); HISTORY],
        }
    }
}

/// Resolves D-13 on the tiles of `board` in `occ`, with the seats' sides and who nets whom
/// from `rel`.
pub(crate) fn resolve(
    nbr: &[[u8; 6]],
    occ: u64,
    board: &CtlBoard,
    rel: &Relations,
    scratch: &mut CtlScratch,
) -> Control {
    let t = &board.t;
    // Each seat's side, numbered by its lowest seat.
    let side: [u8; MAX_SEATS] = std::array::from_fn(|s| rel.side[s].trailing_zeros() as u8);
    let side = &side;
    // Every unit with its owner: where each round starts.
    let mut owners = [NO_SEAT; MAX_CELLS];
    for i in bits(occ) {
        owners[i as usize] = t[i as usize].owner;
    }
    let mut c = Control {
        ctrl: owners,
        netted: 0,
        scoped_by: [NO_CELL; MAX_CELLS],
        through: [0; MAX_CELLS],
        aimed: 0,
    };
    let cells = Cells {
        occ,
        netters: board.netters & occ,
        scopers: board.scopers & occ,
        sources: board.sources & occ,
    };
    // The working side of each source as found in the previous round (first round: its
    // controller's side).
    let mut working = [0u8; MAX_CELLS];
    for s in bits(cells.sources) {
        working[s as usize] = side_of(side, c.ctrl[s as usize]);
    }
    let mut held = 0u64;
    let CtlScratch { aims, history } = scratch;
    let mut kept = 0usize;
    let mut last_round = false;
    // P-23: the takeovers first, as if no net were on the board.
    let mut step = |c: &Control, working: &mut [u8; MAX_CELLS], held: u64, nets_on: bool| {
        round(
            nbr, &cells, t, side, &rel.nets, &owners, c, working, held, nets_on, aims,
        )
    };
    c = step(&c, &mut working, held, false);
    loop {
        let next = step(&c, &mut working, held, true);
        if next.ctrl == c.ctrl && next.scoped_by == c.scoped_by || last_round {
            return next;
        }
        // A state seen before: the rounds since then repeat without settling.
        let seen = history[..kept]
            .iter()
            .position(|(ctrl, sc)| *ctrl == next.ctrl && *sc == next.scoped_by);
        let cycle_from = match seen {
            Some(k) => Some(k),
            None if kept == HISTORY => Some(0),
            None => None,
        };
        if let Some(k) = cycle_from {
            for i in bits(occ) {
                let first = history[k].0[i as usize];
                if history[k..kept]
                    .iter()
                    .any(|(ctrl, _)| ctrl[i as usize] != first)
                    || next.ctrl[i as usize] != first
                {
                    held |= 1 << i;
                }
            }
            last_round = true;
            c = next;
            for i in bits(held) {
                c.ctrl[i as usize] = t[i as usize].owner;
                c.through[i as usize] = 0;
            }
            continue;
        }
        history[kept] = (next.ctrl, next.scoped_by);
        kept += 1;
        c = next;
    }
}

/// The cells one resolution looks at.
struct Cells {
    occ: u64,
    netters: u64,
    scopers: u64,
    sources: u64,
}

/// Takeover tallies of one round (see `resolve`).
struct Aims {
    count: [[u8; MAX_SEATS]; MAX_CELLS],
    by: [[u64; MAX_SEATS]; MAX_CELLS],
}

fn side_of(side: &[u8; MAX_SEATS], seat: u8) -> u8 {
    side.get(seat as usize).copied().unwrap_or(seat)
}

/// One round of steps 2 to 4 from the current values `c`.
// long: steps 2 to 4 of a control round in the order the rules give them, on the hot path of
// every battle; split, each step would take the same eleven working references again.
#[allow(clippy::too_many_arguments)]
fn round(
    nbr: &[[u8; 6]],
    cells: &Cells,
    t: &[CtlTile; MAX_CELLS],
    side: &[u8; MAX_SEATS],
    foes: &[u8; SEAT_SLOTS],
    owners: &[u8; MAX_CELLS],
    c: &Control,
    working: &mut [u8; MAX_CELLS],
    held: u64,
    nets_on: bool,
    aims: &mut Aims,
) -> Control {
    let (occ, sources) = (cells.occ, cells.sources);
    // A source takes only a unit that is not an HQ (a foundation is never in `occ`).
    let may_take = |target: u8| !t[target as usize].hq;
    // 2. Nets, with takeover beating the net.
    let mut throwers = 0u64;
    let mut net_dirs = [0u8; MAX_CELLS];
    for n in bits(cells.netters) {
        let tn = &t[n as usize];
        let mut dirs = tn.net;
        for d in bits(tn.net as u64) {
            let j = nbr[n as usize][d as usize];
            if j == NO_CELL || occ >> j & 1 == 0 || sources >> j & 1 == 0 {
                continue;
            }
            let tj = &t[j as usize];
            // Does j's takeover edge face n?
            let faces = bits(tj.take as u64).any(|dd| nbr[j as usize][dd as usize] == n);
            if faces && working[j as usize] != side_of(side, tn.owner) && may_take(n) {
                dirs &= !(1 << d);
            }
        }
        net_dirs[n as usize] = dirs;
        throwers |= ((dirs != 0) as u64) << n;
    }
    let netted = if throwers != 0 && nets_on {
        nets_among(nbr, throwers, occ, foes, |i| {
            (c.ctrl[i as usize], net_dirs[i as usize])
        })
    } else {
        0
    };
    // 3. Scoping (first placed Scoper wins, D-7); an Agitator facing the Scoper is not scoped.
    let mut scoped_by = [NO_CELL; MAX_CELLS];
    let scopers = cells.scopers & !netted;
    if scopers != 0 {
        let mut order = [(0u16, 0u8); MAX_CELLS];
        let mut n = 0;
        for s in bits(scopers) {
            order[n] = (t[s as usize].placed, s);
            n += 1;
        }
        order[..n].sort_unstable();
        for &(_, sc) in &order[..n] {
            let sc_side = side_of(side, c.ctrl[sc as usize]);
            for d in bits(t[sc as usize].link as u64) {
                let j = nbr[sc as usize][d as usize];
                if j == NO_CELL || occ >> j & 1 == 0 {
                    continue;
                }
                let tj = &t[j as usize];
                let agitator_faces = tj.agitator
                    && bits(tj.take as u64).any(|dd| nbr[j as usize][dd as usize] == sc);
                if tj.module
                    && !tj.scoper
                    && !agitator_faces
                    && side_of(side, c.ctrl[j as usize]) != sc_side
                    && scoped_by[j as usize] == NO_CELL
                {
                    scoped_by[j as usize] = sc;
                }
            }
        }
    }
    // The seat each source works for.
    let mut works_for = [NO_SEAT; MAX_CELLS];
    for s in bits(sources) {
        let si = s as usize;
        works_for[si] = match scoped_by[si] {
            sc if sc != NO_CELL && t[si].agitator => c.ctrl[sc as usize],
            _ => c.ctrl[si],
        };
        working[si] = side_of(side, works_for[si]);
    }
    // 4. Takeover.
    let mut out = Control {
        ctrl: *owners,
        netted,
        scoped_by,
        through: [0; MAX_CELLS],
        aimed: 0,
    };
    // Per target: sources per side (seats are sides without teams; at most four sides).
    let mut aimed = 0u64;
    let Aims { count, by } = aims;
    for s in bits(sources & !netted) {
        let si = s as usize;
        for d in bits(t[si].take as u64) {
            let target = nbr[si][d as usize];
            if target == NO_CELL || occ >> target & 1 == 0 || !may_take(target) {
                continue;
            }
            if c.through[si] >> target & 1 == 1 {
                // No mutual capture: s is itself controlled through the target.
                continue;
            }
            let sd = (working[si] as usize).min(MAX_SEATS - 1);
            count[target as usize][sd] += 1;
            by[target as usize][sd] |= 1 << s;
            aimed |= 1 << target;
        }
    }
    for target in bits(aimed & !held) {
        let ti = target as usize;
        let counts = &count[ti];
        let best = *counts.iter().max().expect("four sides");
        if counts.iter().filter(|&&n| n == best).count() != 1 {
            continue;
        }
        let win = counts.iter().position(|&n| n == best).expect("a side") as u8;
        if win == side_of(side, t[ti].owner) {
            continue;
        }
        let srcs = by[ti][win as usize];
        let first = srcs.trailing_zeros() as usize;
        out.ctrl[ti] = works_for[first];
        out.through[ti] = srcs;
    }
    for target in bits(aimed) {
        count[target as usize] = [0; MAX_SEATS];
        by[target as usize] = [0; MAX_SEATS];
    }
    out.aimed = c.aimed | aimed;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{BoardKind, Hex};
    use crate::tiles::tiles;

    fn tile(id: &str, owner: u8, facing: u8, placed: u16) -> CtlTile {
        let set = tiles();
        CtlTile::of(set.tile(set.find(id).unwrap()), owner, facing, placed)
    }

    /// Resolves the given tiles, `(q, r, tile id, owner, facing)`, on the standard board and
    /// returns the controller of each listed tile and the netted hexes.
    fn run(list: &[(i8, i8, &str, u8, u8)]) -> (Vec<u8>, Vec<(i8, i8)>) {
        let geo = BoardKind::Standard.geometry();
        let mut board = CtlBoard::new();
        let mut occ = 0u64;
        let mut cells = Vec::new();
        for (k, &(q, r, id, owner, f)) in list.iter().enumerate() {
            let c = geo.cell(Hex::new(q, r)).unwrap();
            board.set(c, tile(id, owner, f, k as u16));
            occ |= 1 << c;
            cells.push(c);
        }
        let out = resolve(
            &geo.neighbors,
            occ,
            &board,
            &Relations::NO_TEAMS,
            &mut CtlScratch::new(),
        );
        let netted = bits(out.netted)
            .map(|c| {
                let h = geo.hex(c);
                (h.q, h.r)
            })
            .collect();
        (
            cells.iter().map(|&c| out.ctrl[c as usize]).collect(),
            netted,
        )
    }

    // The Vegas HQ's takeover edge is its printed edge 1 (NE when facing 0); an Agitator's
    // is its edge 0 (N when facing 0).

    #[test]
    fn d13_vegas_hq_takes_the_enemy_unit_its_takeover_edge_faces() {
        let (ctrl, _) = run(&[(0, 0, "vegas.hq", 1, 0), (1, -1, "borgo.mutant", 0, 0)]);
        assert_eq!(ctrl, vec![1, 1]);
        // Turned away, it takes nothing.
        let (ctrl, _) = run(&[(0, 0, "vegas.hq", 1, 1), (1, -1, "borgo.mutant", 0, 0)]);
        assert_eq!(ctrl, vec![1, 0]);
    }

    #[test]
    fn faq179_a_source_never_takes_its_own_sides_unit() {
        // Vegas's own Mercenary in front of its HQ's takeover edge and of its own Agitator:
        // nothing changes hands, and the enemy Agitator facing it alone cannot win against
        // the two friendly sources counted for the owner's side.
        let (ctrl, _) = run(&[
            (0, 0, "vegas.hq", 1, 0),
            (1, -1, "vegas.mercenary", 1, 0),
            (1, 0, "vegas.agitator", 1, 0),
            (2, -2, "vegas.agitator", 0, 4),
        ]);
        assert_eq!(ctrl, vec![1, 1, 1, 0]);
    }

    #[test]
    fn d13_an_hq_is_never_taken_over() {
        let (ctrl, _) = run(&[(0, 0, "vegas.hq", 1, 0), (1, -1, "borgo.hq", 0, 0)]);
        assert_eq!(ctrl, vec![1, 0]);
    }

    #[test]
    fn faq164_two_hostile_takeovers_cancel_and_a_third_decides() {
        // Vegas (seat 1) Agitator at (0,1) faces N onto (0,0); an enemy Vegas (seat 0)
        // Agitator at (0,-1) turned S (facing 3) faces (0,0) too: one each, they cancel.
        let (ctrl, _) = run(&[
            (0, 0, "borgo.mutant", 2, 0),
            (0, 1, "vegas.agitator", 1, 0),
            (0, -1, "vegas.agitator", 0, 3),
        ]);
        assert_eq!(ctrl[0], 2);
        // A second source for seat 1 (its HQ at (-1,1), takeover edge NE onto (0,0)).
        let (ctrl, _) = run(&[
            (0, 0, "borgo.mutant", 2, 0),
            (0, 1, "vegas.agitator", 1, 0),
            (0, -1, "vegas.agitator", 0, 3),
            (-1, 1, "vegas.hq", 1, 0),
        ]);
        assert_eq!(ctrl[0], 1);
    }

    #[test]
    fn faq157_takeover_beats_the_net_of_the_unit_taken() {
        // A Net Fighter (net edge N) at (0,1) facing N nets the Agitator at (0,0)... but the
        // Agitator (facing 3: takeover edge S) faces the Net Fighter: it takes it over, and
        // the net is ignored.
        let (ctrl, netted) = run(&[
            (0, 0, "vegas.agitator", 1, 3),
            (0, 1, "smart.net_fighter", 0, 0),
        ]);
        assert_eq!(ctrl, vec![1, 1]);
        assert!(netted.is_empty(), "{netted:?}");
    }

    #[test]
    fn a_netted_source_takes_nothing() {
        // A Net Fighter at (0,-1) facing S (3) nets the Agitator at (0,0), which faces N
        // (its takeover edge away from the netter) toward a Mutant at (0,... no: the
        // Agitator's takeover edge points N at the Net Fighter itself, so take a third unit.
        // Agitator at (0,0) facing 1 (edge NE) onto a Mutant at (1,-1); Net Fighter at
        // (0,-1) facing 3 nets it.
        let (ctrl, netted) = run(&[
            (0, 0, "vegas.agitator", 1, 1),
            (1, -1, "borgo.mutant", 0, 0),
            (0, -1, "smart.net_fighter", 0, 3),
        ]);
        assert_eq!(ctrl[1], 0);
        assert_eq!(netted, vec![(0, 0)]);
    }

    #[test]
    fn faq239_a_scoped_agitator_works_for_the_scoper_and_no_mutual_capture() {
        // Outpost Scoper (seat 0) at (0,0), link edge N at (0,-1) where a Vegas Agitator
        // (seat 1) faces N (away from the Scoper): scoped, it works for seat 0 and takes the
        // Vegas Mercenary it faces at (0,-2).
        let (ctrl, _) = run(&[
            (0, 0, "outpost.scoper", 0, 0),
            (0, -1, "vegas.agitator", 1, 0),
            (0, -2, "vegas.mercenary", 1, 0),
        ]);
        assert_eq!(
            ctrl[2], 0,
            "the scoped Agitator takes for the Scoper's seat"
        );
        // An Agitator whose takeover edge faces the Scoper takes the Scoper instead (FAQ-545).
        let (ctrl, _) = run(&[
            (0, 0, "outpost.scoper", 0, 0),
            (0, -1, "vegas.agitator", 1, 3),
        ]);
        assert_eq!(ctrl, vec![1, 1]);
    }

    #[test]
    fn faq381_a_taken_netter_keeps_the_netter_of_its_taker_netted() {
        // The Vegas HQ (A, 0,0, facing 0) takes the Net Fighter B on 1,-1, whose net faces
        // C (0,-1, next to A). The opponent's Net Fighter on C faces A. The HQ is not
        // netted: B, now Vegas's, nets C (FAQ-381; P-23).
        let (ctrl, netted) = run(&[
            (0, 0, "vegas.hq", 1, 0),
            (1, -1, "smart.net_fighter", 0, 5),
            (0, -1, "smart.net_fighter", 0, 3),
        ]);
        assert_eq!(ctrl, vec![1, 1, 0]);
        assert_eq!(netted, vec![(0, -1)]);
    }

    #[test]
    fn faq165_a_netter_never_nets_a_takeover_aimed_at_it_even_when_cancelled() {
        // Two hostile Agitators aim at one Net Fighter (seat 2): their takeovers cancel, and
        // it nets neither of them, though its net faces one (FAQ-165).
        let (ctrl, netted) = run(&[
            (0, 0, "smart.net_fighter", 2, 0),
            (0, -1, "vegas.agitator", 1, 3),
            (0, 1, "vegas.agitator", 0, 0),
        ]);
        assert_eq!(ctrl[0], 2, "cancelled: the owner keeps it");
        assert!(netted.is_empty(), "{netted:?}");
        // A side with more takeovers: the netter still nets neither side's Agitator.
        let (ctrl, netted) = run(&[
            (0, 0, "smart.net_fighter", 2, 0),
            (0, -1, "vegas.agitator", 1, 3),
            (0, 1, "vegas.agitator", 0, 0),
            (-1, 1, "vegas.agitator", 0, 1),
        ]);
        assert_eq!(ctrl[0], 0, "two against one");
        assert!(netted.is_empty(), "{netted:?}");
    }

    #[test]
    fn d13_two_agitators_facing_each_other_of_hostile_seats_do_not_swap_forever() {
        // Seat 1's Agitator at (0,0) faces N onto seat 0's Agitator at (0,-1), which faces S
        // back: each would take the other. The result is settled and history-free.
        let (a, _) = run(&[
            (0, 0, "vegas.agitator", 1, 0),
            (0, -1, "vegas.agitator", 0, 3),
        ]);
        let (b, _) = run(&[
            (0, -1, "vegas.agitator", 0, 3),
            (0, 0, "vegas.agitator", 1, 0),
        ]);
        assert_eq!(a, vec![b[1], b[0]], "the order of listing does not matter");
    }
}
