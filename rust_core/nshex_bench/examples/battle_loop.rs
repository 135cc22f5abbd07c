//! Resolves the benchmark boards in a loop: a target for profilers.
use nshex_bench::samples::full_boards;
use nshex_rules::{NoLog, Resolver};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let boards = full_boards(256, 2026);
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
