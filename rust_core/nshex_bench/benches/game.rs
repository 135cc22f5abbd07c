//! Complete random games, and legal-action generation plus apply on mid-game positions.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nshex_ai::bots::RandomBot;
use nshex_ai::{play_out, Bot};
use nshex_bench::bench::mid_game_positions;
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::Game;
use nshex_rules::BASE_PAIRINGS;

fn random_games(c: &mut Criterion) {
    let set = tiles();
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(60));
    group.bench_function("random_game_x60", |b| {
        b.iter(|| {
            let mut actions = 0;
            for i in 0..60u64 {
                let (x, y) = BASE_PAIRINGS[i as usize % 6];
                let mut g = Game::new(
                    &[set.find_army(x).unwrap(), set.find_army(y).unwrap()],
                    BoardKind::Standard,
                    i,
                );
                g.set_keep_battle_logs(false);
                let mut bots: Vec<Box<dyn Bot + Send>> =
                    vec![Box::new(RandomBot::new(i)), Box::new(RandomBot::new(i + 7))];
                actions += play_out(&mut g, &mut bots, 1_000_000);
            }
            black_box(actions)
        })
    });
    let mids = mid_game_positions(32);
    let n: usize = mids.iter().map(|(_, l)| l.len()).sum();
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("legal_apply_mid_game", |b| {
        let mut buf = Vec::with_capacity(256);
        b.iter(|| {
            for (g0, line) in &mids {
                let mut g = g0.clone();
                for &a in line {
                    g.apply_with(a, &mut buf).expect("replayed action");
                }
                black_box(&g);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
