//! Resolves the benchmark boards in a loop: a target for profilers.
//!
//! `battle_loop N [K]`: N rounds over 256 boards, the first K of the benchmark's boards taken
//! in turn (default 256, all different). With K = 1 the processor's branch predictor learns
//! the one battle; comparing with K = 256 shows how much of a battle's time is branches it
//! cannot predict.
use nshex_bench::samples::full_boards;
use nshex_rules::{NoLog, Resolver};

/// Argument `i` as a number in `range`, or `default` when it is not given; anything else
/// stops the program with the usage.
fn arg(i: usize, default: usize, range: std::ops::RangeInclusive<usize>) -> usize {
    let Some(a) = std::env::args().nth(i) else {
        return default;
    };
    match a.parse() {
        Ok(v) if range.contains(&v) => v,
        _ => {
            eprintln!(
                "battle_loop: argument {i} is {a:?}, expected a number from {} to {}\n\
                 usage: battle_loop [ROUNDS] [DIFFERENT_BOARDS]",
                range.start(),
                range.end()
            );
            std::process::exit(2);
        }
    }
}

fn main() {
    let n = arg(1, 20, 1..=usize::MAX);
    let k = arg(2, 256, 1..=256);
    let all = full_boards(256, 2026);
    let boards: Vec<_> = (0..256).map(|i| all[i % k].clone()).collect();
    let mut r = Resolver::new();
    let mut changed = 0;
    let t = std::time::Instant::now();
    for _ in 0..n {
        for b in &boards {
            let mut p = b.clone();
            changed += r.resolve(&mut p, None, &mut NoLog).unwrap().changed as usize;
        }
    }
    let el = t.elapsed().as_secs_f64();
    println!(
        "{} battles, {:.0}/s, changed {changed}",
        n * boards.len(),
        (n * boards.len()) as f64 / el
    );
}
