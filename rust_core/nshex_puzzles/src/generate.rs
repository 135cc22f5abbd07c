//! The generator: random positions and offers, kept only when the solver proves exactly one
//! solution and the measured difficulty is the one asked for.
//!
//! Difficulty is measured, not guessed. The solver reports how many complete lines of play
//! it followed (`candidates`: the search space a player faces) and how many of them came
//! within one or two hit points of the goal (`near_misses`: tempting wrong answers). The
//! score is `ln(candidates) + 3 * near_misses / candidates + 1.5 * (plays - 1)`, and the
//! grades are its bands (see [`grade`]), set from the quartiles of the scores of puzzles the
//! generator makes (measured over all four base armies; `cargo test -p nshex_puzzles --
//! --ignored grade_bands` prints them again).

use crate::format::{Difficulty, Goal, Puzzle};
use crate::solve::{solve, SolveReport};
use nshex_formats::scenario::Scenario;
use nshex_rules::{
    tiles, BoardKind, InstantKind, NoLog, Position, Resolver, TileId, BASE_PAIRINGS,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A generated puzzle with what the solver measured.
pub struct Generated {
    pub puzzle: Puzzle,
    pub report: SolveReport,
    pub score: f64,
    /// Positions tried before this one was kept.
    pub attempts: u32,
}

/// The measured difficulty score of a solved puzzle.
pub fn score(report: &SolveReport, play: u8) -> f64 {
    let c = report.candidates.max(1) as f64;
    c.ln() + 3.0 * report.near_misses as f64 / c + 1.5 * (play as f64 - 1.0)
}

/// The grade of a score.
pub fn grade(score: f64) -> Difficulty {
    if score < 6.5 {
        Difficulty::Easy
    } else if score < 9.8 {
        Difficulty::Medium
    } else if score < 10.6 {
        Difficulty::Hard
    } else {
        Difficulty::VeryHard
    }
}

const TITLES_A: [&str; 16] = [
    "Last",
    "Broken",
    "Silent",
    "Burning",
    "Iron",
    "Hollow",
    "Red",
    "Cold",
    "Crooked",
    "Final",
    "Narrow",
    "Shattered",
    "Grey",
    "Bitter",
    "Rusted",
    "Quiet",
];
const TITLES_B: [&str; 16] = [
    "Stand", "Gate", "Crossing", "Ruins", "Line", "Harvest", "Signal", "Bridge", "Bunker", "Dawn",
    "Wire", "Convoy", "Market", "Tunnel", "Tower", "Road",
];

/// Generates a puzzle of `difficulty` from `seed` (the same seed, the same puzzle). Tries up
/// to `max_attempts` positions; `None` when none qualified.
pub fn generate(difficulty: Difficulty, seed: u64, max_attempts: u32) -> Option<Generated> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_9e22);
    for attempt in 1..=max_attempts {
        let Some(puzzle) = candidate(&mut rng, difficulty) else {
            continue;
        };
        let report = solve(&puzzle);
        if !report.unique {
            continue;
        }
        let s = score(&report, puzzle.play);
        if grade(s) != difficulty {
            continue;
        }
        let mut puzzle = puzzle;
        puzzle.title = format!(
            "{} {}",
            TITLES_A[rng.random_range(0..TITLES_A.len())],
            TITLES_B[rng.random_range(0..TITLES_B.len())]
        );
        return Some(Generated {
            puzzle,
            report,
            score: s,
            attempts: attempt,
        });
    }
    None
}

/// The measured score of one random position of `difficulty`'s board size, when it is a
/// puzzle with exactly one solution (for setting the grade bands).
pub fn unique_score(difficulty: Difficulty, seed: u64) -> Option<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = candidate(&mut rng, difficulty)?;
    let r = solve(&p);
    r.unique.then(|| score(&r, p.play))
}

/// One random position and offer, or `None` when it is no puzzle (the goal met without
/// playing, for example).
fn candidate(rng: &mut ChaCha8Rng, difficulty: Difficulty) -> Option<Puzzle> {
    let set = tiles();
    let (a, b) = BASE_PAIRINGS[rng.random_range(0..BASE_PAIRINGS.len())];
    let mut armies = [set.find_army(a)?, set.find_army(b)?];
    if rng.random_bool(0.5) {
        armies.swap(0, 1);
    }
    let seat = 0u8;
    let mut pos = Position::new(BoardKind::Standard, &armies);
    let n = pos.geometry().len();
    let (empty, play) = match difficulty {
        Difficulty::Easy => (rng.random_range(3..=4), 1),
        Difficulty::Medium => (rng.random_range(3..=5), 2),
        Difficulty::Hard => (rng.random_range(4..=6), 2),
        Difficulty::VeryHard => (rng.random_range(5..=7), 2),
    };
    let mut cells: Vec<u8> = (0..n as u8).collect();
    cells.shuffle(rng);
    // Each army's tiles, one entry per copy, shuffled.
    let mut pools: Vec<Vec<TileId>> = armies
        .iter()
        .map(|&army| {
            let mut v: Vec<TileId> = set
                .army(army)
                .tiles
                .iter()
                .flat_map(|&t| std::iter::repeat_n(t, set.tile(t).count as usize))
                .filter(|&t| set.tile(t).is_board_tile() && !set.tile(t).is_hq())
                .collect();
            v.shuffle(rng);
            v
        })
        .collect();
    let geo = pos.geometry();
    for s in 0..2u8 {
        let c = cells.pop()?;
        let hq = set.army(armies[s as usize]).hq;
        pos.place(geo.hex(c), hq, s, 0, 0);
    }
    while cells.len() > empty {
        let c = cells.pop()?;
        let s = rng.random_range(0..2u8);
        let t = pools[s as usize].pop()?;
        let wounds = if set.tile(t).toughness > 0 && rng.random_bool(0.2) {
            1
        } else {
            0
        };
        pos.place(geo.hex(c), t, s, rng.random_range(0..6), wounds);
    }
    pos.hq_hp[1 - seat as usize] = rng.random_range(1..=6);
    pos.hq_hp[seat as usize] = rng.random_range(4..=20);
    // The offer: units and instants (no Battle tile, no Push Back, whose hex the opponent
    // would choose), none of them on the board already beyond the army's count.
    let mut offer_pool: Vec<TileId> = set
        .army(armies[seat as usize])
        .tiles
        .iter()
        .flat_map(|&t| std::iter::repeat_n(t, set.tile(t).count as usize))
        .filter(|&t| {
            let d = set.tile(t);
            !d.is_hq() && !matches!(d.instant, Some(InstantKind::Battle | InstantKind::PushBack))
        })
        .collect();
    for (_, u) in pos.units().filter(|(_, u)| u.seat == seat) {
        if let Some(i) = offer_pool.iter().position(|&t| t == u.tile) {
            offer_pool.remove(i);
        }
    }
    offer_pool.shuffle(rng);
    let offer: Vec<TileId> = offer_pool.into_iter().take(3).collect();
    if offer.len() < play as usize {
        return None;
    }
    // Not solved by the battle alone.
    let mut after = pos.clone();
    Resolver::new()
        .resolve(&mut after, None, &mut NoLog)
        .expect("automatic choices");
    let goal = Goal::DestroyHq;
    if goal.shortfall(seat, &pos, &after) == 0 {
        return None;
    }
    Some(Puzzle {
        title: String::new(),
        difficulty,
        seat,
        offer,
        play,
        goal,
        scenario: Scenario {
            position: pos,
            hands: vec![None, None],
            decks: vec![None, None],
            to_move: Some(seat),
            turn: None,
            script: None,
            choices: Default::default(),
            energy: [0; nshex_rules::MAX_SEATS],
            terror: 0,
            eliminated: 0,
            ending_by: None,
            options: Default::default(),
            mercs: [0; nshex_rules::MAX_SEATS],
            game_line: 1,
        },
    })
}
