//! Fixed, seeded sample positions: the inputs of the benchmarks (criterion and `nshex bench`)
//! and of property tests. The same seed always gives the same positions.

use nshex_rules::BoardKind;
use nshex_rules::Position;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{tiles, ArmyId, Kind, TileId};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The board tiles of an army other than its HQ, one entry per copy.
fn board_pool(army: ArmyId) -> Vec<TileId> {
    let set = tiles();
    let mut pool = Vec::new();
    for &t in &set.army(army).tiles {
        let def = set.tile(t);
        if matches!(def.kind, Kind::Warrior | Kind::Module) {
            // (A foundation is placed apart: see `duel_boards`.)
            pool.extend(std::iter::repeat_n(t, def.count as usize));
        }
    }
    pool
}

/// `count` full 19-hex boards: both HQs, then tiles drawn at random from each army's board
/// tiles (so modules, nets and medics appear as often as in the decks), random facings,
/// pairings taken in turn. Only boards with at least one net and one medic are kept, so every
/// board exercises the whole resolver.
pub fn full_boards(count: usize, seed: u64) -> Vec<Position> {
    sample_boards(count, seed, &BASE_PAIRINGS, 0, |pos| {
        let has = |f: &dyn Fn(&nshex_rules::TileDef) -> bool| pos.units().any(|(_, u)| f(u.def()));
        has(&|d| d.net != 0) && has(&|d| d.effect.medic)
    })
}

/// Vegas against every other army: the pairings of the Duel battle benchmark.
pub const VEGAS_PAIRINGS: [(&str, &str); 5] = [
    ("vegas", "smart"),
    ("borgo", "vegas"),
    ("vegas", "moloch"),
    ("hegemony", "vegas"),
    ("vegas", "outpost"),
];

/// `count` dense 19-hex boards with a Duel army: Vegas against each other army in turn, both
/// HQs, two Mines, and every other hex holding a tile drawn from the armies' board tiles.
/// Only boards where some unit is taken over are kept, so every board exercises control
/// resolution (D-13) as well as the resolver.
pub fn duel_boards(count: usize, seed: u64) -> Vec<Position> {
    sample_boards(count, seed, &VEGAS_PAIRINGS, 2, |pos| {
        pos.units().any(|(_, u)| u.ctrl != u.seat)
    })
}

/// `count` full 19-hex boards of the Doomsday Machine (seat 0) against each base army in
/// turn, with `redirectors` of its redirectors (Doom Net Fighters, Fireblasts, Triplers, at
/// most six) among its tiles; with `redirecting`, only boards where some shot is redirected
/// in the battle are kept.
pub fn doomsday_boards(
    count: usize,
    seed: u64,
    redirectors: usize,
    redirecting: bool,
) -> Vec<Position> {
    let set = tiles();
    let ddm = set.find_army("doomsday").expect("the Doomsday Machine");
    let is_redirector = |t: &nshex_rules::TileId| set.tile(*t).redirect_in != 0;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut i = 0usize;
    let mut resolver = nshex_rules::Resolver::new();
    while out.len() < count {
        let other = set
            .find_army(nshex_rules::BASE_ARMIES[i % 4])
            .expect("a base army");
        i += 1;
        let armies = [ddm, other];
        let mut pos = Position::new(BoardKind::Standard, &armies);
        let geo = pos.geometry();
        let mut cells: Vec<u8> = (0..geo.len() as u8).collect();
        cells.shuffle(&mut rng);
        // Seat 0: the chosen number of redirectors, then other tiles; seat 1 at random.
        let pool = board_pool(ddm);
        let (mut redir, mut rest): (Vec<_>, Vec<_>) = pool.into_iter().partition(is_redirector);
        redir.shuffle(&mut rng);
        rest.shuffle(&mut rng);
        redir.truncate(redirectors.min(6));
        let mut ddm_pool: Vec<_> = rest;
        ddm_pool.extend(redir);
        let mut other_pool = board_pool(other);
        other_pool.shuffle(&mut rng);
        for (n, &cell) in cells.iter().enumerate() {
            let seat = (n % 2) as u8;
            let tile = if n < 2 {
                set.army(armies[seat as usize]).hq
            } else if seat == 0 {
                ddm_pool.pop().expect("enough tiles")
            } else {
                other_pool.pop().expect("enough tiles")
            };
            let facing = rng.random_range(0..6u8);
            pos.place(geo.hex(cell), tile, seat, facing, 0);
        }
        pos.settle();
        if redirecting {
            let mut log = nshex_rules::BattleLog::default();
            let mut p = pos.clone();
            resolver
                .resolve(&mut p, None, &mut log)
                .expect("automatic choices");
            let redirected = log.phases.iter().any(|ph| {
                ph.events
                    .iter()
                    .any(|e| matches!(e, nshex_rules::Event::Redirected { .. }))
            });
            if !redirected {
                continue;
            }
        }
        out.push(pos);
    }
    out
}

/// Boards filled at random, pairings taken in turn: both HQs, then tiles drawn from each
/// army's board tiles with random facings on every hex but the last `mines` (Vegas's Mines
/// there); the boards `keep` accepts.
fn sample_boards(
    count: usize,
    seed: u64,
    pairings: &[(&str, &str)],
    mines: usize,
    keep: impl Fn(&Position) -> bool,
) -> Vec<Position> {
    let set = tiles();
    let mine = set.find("vegas.mine").expect("the Mine");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut i = 0usize;
    while out.len() < count {
        let (a, b) = pairings[i % pairings.len()];
        i += 1;
        let armies = [set.find_army(a).unwrap(), set.find_army(b).unwrap()];
        let vegas = if a == "vegas" { 0u8 } else { 1 };
        let mut pos = Position::new(BoardKind::Standard, &armies);
        let geo = pos.geometry();
        let mut cells: Vec<u8> = (0..geo.len() as u8).collect();
        cells.shuffle(&mut rng);
        let mut pools = [board_pool(armies[0]), board_pool(armies[1])];
        for p in &mut pools {
            p.shuffle(&mut rng);
        }
        for (n, &cell) in cells.iter().enumerate() {
            let seat = (n % 2) as u8;
            if n >= geo.len() - mines {
                let placed = pos.place_foundation(geo.hex(cell), mine, vegas);
                assert!(placed, "a few Mines fit");
                continue;
            }
            let tile = if n < 2 {
                set.army(armies[seat as usize]).hq
            } else {
                pools[seat as usize].pop().expect("enough tiles")
            };
            let facing = rng.random_range(0..6u8);
            pos.place(geo.hex(cell), tile, seat, facing, 0);
        }
        pos.settle();
        if keep(&pos) {
            out.push(pos);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_full_reproducible_and_valid() {
        let a = full_boards(12, 7);
        let b = full_boards(12, 7);
        assert_eq!(a, b);
        for p in &a {
            assert!(p.is_full());
            assert!(p.hq_hex(0).is_some() && p.hq_hex(1).is_some());
        }
        assert_ne!(full_boards(12, 8), a);
    }

    #[test]
    fn duel_boards_have_takeovers_and_mines() {
        let a = duel_boards(10, 7);
        assert_eq!(a, duel_boards(10, 7));
        for p in &a {
            assert_eq!(p.foundations().count(), 2);
            assert_eq!(p.units().count(), 17);
            assert!(p.units().any(|(_, u)| u.ctrl != u.seat));
        }
    }
}
