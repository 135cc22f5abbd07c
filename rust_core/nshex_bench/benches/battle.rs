//! Battle resolution on a fixed set of realistic full boards (19 hexes, both HQs, modules,
//! nets, medics), without a log: the path the AI takes at every leaf.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nshex_bench::samples::full_boards;
use nshex_rules::{NoLog, Resolver};

fn battle(c: &mut Criterion) {
    let boards = full_boards(256, 2026);
    let mut resolver = Resolver::new();
    let mut group = c.benchmark_group("battle");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("full_board_x256", |b| {
        b.iter(|| {
            let mut removed = 0usize;
            for board in &boards {
                let mut pos = board.clone();
                let s = resolver
                    .resolve(&mut pos, None, &mut NoLog)
                    .expect("automatic choices");
                removed += s.changed as usize;
            }
            black_box(removed)
        })
    });
    group.finish();
}

criterion_group!(benches, battle);
criterion_main!(benches);
