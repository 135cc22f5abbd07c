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
