//! MCTS iterations per second at each level on the benchmark's fixed decisions (one core):
//! `cargo run --release -p nshex_core --example mcts_speed -- [ITERATIONS]`.

use nshex_core::bench::mcts_positions;
use nshex_core::mcts::{MctsConfig, Progress, Search};
use std::time::Instant;

fn main() {
    let budget: u32 = std::env::args()
        .nth(1)
        .map_or(4000, |x| x.parse().expect("ITERATIONS"));
    let positions = mcts_positions(4);
    for (name, cfg) in [
        ("easy", MctsConfig::easy()),
        ("medium", MctsConfig::medium()),
        ("hard", MctsConfig::hard()),
    ] {
        let progress = Progress::new();
        let t = Instant::now();
        let mut iters = 0u64;
        let mut nodes = 0usize;
        for (i, g) in positions.iter().enumerate() {
            let mut s = Search::new(cfg.clone(), i as u64);
            let r = s.run(g, budget, None, &progress);
            iters += r.iterations as u64;
            nodes += r.nodes;
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "{name}: {iters} iterations in {dt:.2} s = {:.0}/s, {} nodes per search",
            iters as f64 / dt,
            nodes / positions.len()
        );
    }
}
