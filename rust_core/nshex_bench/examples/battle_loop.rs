//! Resolves the benchmark boards in a loop: a target for profilers.
//!
//! `battle_loop N [K]`: N rounds over 256 boards, the first K of the benchmark's boards taken
//! in turn (default 256, all different). With K = 1 the processor's branch predictor learns
//! the one battle; comparing with K = 256 shows how much of a battle's time is branches it
//! cannot predict.
use nshex_bench::samples::full_boards;
use nshex_rules::{NoLog, Resolver};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let k: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(256)
        .clamp(1, 256);
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
