//! One game of `arena_multi`, HQ counters after every change (a developer's view of how a
//! multi-seat game goes): `cargo run --release -p nshex_bench --example trace_multi --
//! "b1,b2,b3,b4" deathmatch|team GAME SEED`, game GAME of `arena_multi` with the same bots,
//! mode and seed (the four base armies).

use nshex_ai::registry::bot_by_name;
use nshex_rules::{Game, Mode, Player};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: trace_multi BOTS MODE GAME SEED");
        std::process::exit(2);
    }
    let bots: Vec<&str> = args[0].split(',').collect();
    let mode = match args[1].as_str() {
        "team" => Mode::Team,
        _ => Mode::Deathmatch,
    };
    let i: u32 = args[2].parse().expect("GAME");
    let seed: u64 = args[3].parse().expect("SEED");
    let set = nshex_rules::tiles();
    let armies: Vec<_> = nshex_rules::BASE_ARMIES
        .iter()
        .map(|a| set.find_army(a).expect("an army"))
        .collect();
    let n = bots.len();
    let (order, game_seed) = nshex_ai::arena::multi_deal(i, n, &armies, seed);
    let bot_of = |s: usize| bots[nshex_ai::arena::multi_bot(i, s, n)];
    let mut g =
        Game::with_mode(&order, nshex_rules::BoardKind::Standard, mode, game_seed).expect("a game");
    g.set_keep_battle_logs(false);
    let mut seat_bots: Vec<_> = (0..n)
        .map(|s| bot_by_name(bot_of(s), game_seed ^ (s as u64 + 1)).unwrap())
        .collect();
    for (s, &army) in order.iter().enumerate() {
        println!("seat {s}: {} ({})", bot_of(s), set.army(army).name);
    }
    loop {
        let a = match g.current_player() {
            Player::Terminal => break,
            Player::Chance => g.natural_draw().expect("a draw"),
            Player::Seat(s) => seat_bots[s as usize].choose(&g),
        };
        let before = g.pos().hq_hp;
        let who = g.current_player();
        g.apply_unchecked(a);
        if g.pos().hq_hp != before {
            println!(
                "t{:3} {who:?} {a:?}: HQ {:?}",
                g.turn(),
                &g.pos().hq_hp[..n]
            );
        }
    }
    println!("outcome {:?}, ranking {:?}", g.outcome(), g.ranking());
}
