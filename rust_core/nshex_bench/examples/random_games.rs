//! Plays complete random games and prints how they ended and how fast they went.
use nshex_ai::bots::RandomBot;
use nshex_ai::{play_out, Bot};
use nshex_rules::tiles;
use nshex_rules::Game;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{BoardKind, Outcome};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let set = tiles();
    let (mut wins, mut draws, mut actions, mut battles, mut turns) =
        ([0u32; 2], 0, 0usize, 0u32, 0u32);
    let t = std::time::Instant::now();
    for i in 0..n {
        let (a, b) = BASE_PAIRINGS[i as usize % 6];
        let mut g = Game::new(
            &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
            BoardKind::Standard,
            i,
        );
        g.set_keep_battle_logs(false);
        let mut bots: Vec<Box<dyn Bot + Send>> = vec![
            Box::new(RandomBot::new(i * 2)),
            Box::new(RandomBot::new(i * 2 + 1)),
        ];
        actions += play_out(&mut g, &mut bots, 100_000);
        battles += g.battles();
        turns += g.turn();
        match g.outcome().unwrap() {
            Outcome::Winner(w) => wins[w as usize] += 1,
            _ => draws += 1,
        }
    }
    let el = t.elapsed().as_secs_f64();
    println!("{n} games in {el:.2}s: {:.0} games/s; wins {wins:?} draws {draws}; per game {:.1} actions, {:.1} battles, {:.1} turns",
        n as f64 / el, actions as f64 / n as f64, battles as f64 / n as f64, turns as f64 / n as f64);
}
