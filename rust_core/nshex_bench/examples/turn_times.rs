//! How long a bot thinks per turn (all its decisions in one turn), over a few games
//! against the greedy bot: `cargo run --release -p nshex_bench --example turn_times -- BOT [GAMES]`.

use nshex_ai::bot_by_name;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{tiles, BoardKind};
use nshex_rules::{Game, Player};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("hard", |s| s.as_str());
    let games: usize = args.get(1).map_or(2, |g| g.parse().expect("GAMES"));
    let set = tiles();
    let mut turns: Vec<Duration> = Vec::new();
    let mut decisions = 0;
    for i in 0..games {
        let (a, b) = BASE_PAIRINGS[i % BASE_PAIRINGS.len()];
        let mut g = Game::new(
            &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
            BoardKind::Standard,
            i as u64,
        );
        g.set_keep_battle_logs(false);
        let mut bot = bot_by_name(name, i as u64).expect("bot");
        let mut greedy = bot_by_name("greedy", i as u64).unwrap();
        let mut turn = (u32::MAX, Duration::ZERO);
        while !g.is_over() {
            let a = match g.current_player() {
                Player::Chance => g.natural_draw().unwrap(),
                Player::Seat(0) => {
                    if turn.0 != g.turn() {
                        if turn.0 != u32::MAX {
                            turns.push(turn.1);
                        }
                        turn = (g.turn(), Duration::ZERO);
                    }
                    let t = Instant::now();
                    let a = bot.choose(&g);
                    turn.1 += t.elapsed();
                    decisions += 1;
                    a
                }
                _ => greedy.choose(&g),
            };
            g.apply_unchecked(a);
        }
        turns.push(turn.1);
    }
    turns.sort();
    let mean = turns.iter().sum::<Duration>() / turns.len() as u32;
    println!(
        "{name}: {} turns, {decisions} decisions; per turn mean {:.3} s, median {:.3} s, max {:.3} s",
        turns.len(),
        mean.as_secs_f64(),
        turns[turns.len() / 2].as_secs_f64(),
        turns.last().unwrap().as_secs_f64()
    );
}
