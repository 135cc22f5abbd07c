//! MCTS iterations at each level from the benchmark's fixed mid-game decisions (the
//! `mcts_iteration*` rows of `nshex bench`).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nshex_ai::mcts::{MctsConfig, Search};
use nshex_ai::Progress;
use nshex_bench::bench::mcts_positions;

/// Per search, as in the full `nshex bench` run (deeper trees cost more per iteration).
const ITERATIONS: u32 = 25_000;

fn searches(c: &mut Criterion) {
    let positions = mcts_positions(4);
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(
        ITERATIONS as u64 * positions.len() as u64,
    ));
    for (name, cfg) in [
        ("hard", MctsConfig::hard()),
        ("medium", MctsConfig::medium()),
        ("easy", MctsConfig::easy()),
    ] {
        group.bench_function(format!("iterations_{name}"), |b| {
            let progress = Progress::new();
            b.iter(|| {
                for (i, g) in positions.iter().enumerate() {
                    let mut s = Search::new(cfg.clone(), i as u64);
                    let r = s.run(g, ITERATIONS, None, &progress);
                    assert_eq!(r.iterations, ITERATIONS);
                    black_box(r.action);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
