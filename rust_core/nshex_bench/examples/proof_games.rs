//! Seeded games among the fixed bots (`random`, `greedy`, `hard-v1` at a fixed iteration
//! budget), one line per game: its mode, board, armies, bots, the number of actions and a
//! hash of every action and of the final state. Two builds that print the same lines play
//! the same games: the proof that a refactor changed no behaviour (docs/PERFORMANCE.md,
//! "Behaviour unchanged"). `proof_games [GAMES_PER_SETUP]`.

use nshex_ai::registry::bot_by_name;
use nshex_ai::Bot;
use nshex_rules::{tiles, BoardKind, Game, Mode, Options, Player};

/// FNV-1a over bytes: stable across builds and Rust versions.
fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

const BOTS: [&str; 3] = [
    "random",
    "greedy",
    "hard-v1:iters=60,turn_ms=0,ms=0,threads=1",
];

fn play(mut g: Game, bots: &[&str], seed: u64) -> (usize, u64) {
    g.set_keep_battle_logs(false);
    let mut players: Vec<Box<dyn Bot + Send>> = bots
        .iter()
        .enumerate()
        .map(|(s, b)| bot_by_name(b, seed * 7 + s as u64).expect("a bot"))
        .collect();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut n = 0;
    let mut recent: Vec<nshex_rules::Action> = Vec::new();
    while n < 1_000_000 {
        // The refusals of the last few actions played (most of them illegal now: another
        // stage, a taken cell, a spent tile), and the state rebuilt from its fields.
        for &old in &recent {
            fnv(&mut h, g.why_illegal(old).as_bytes());
        }
        if n % 7 == 0 {
            let back = Game::from_state(g.state()).map(|b| format!("{:?}", b.state()));
            fnv(&mut h, format!("{back:?}").as_bytes());
            let mut bad = g.state();
            bad.to_move = (n % 6) as u8;
            bad.stage = g.state().stage;
            bad.used_mobility = n as u64;
            let back = Game::from_state(bad).map(|b| format!("{:?}", b.state()));
            fnv(&mut h, format!("{back:?}").as_bytes());
        }
        let a = match g.current_player() {
            Player::Terminal => break,
            Player::Chance => g.natural_draw().expect("a draw"),
            Player::Seat(s) => players[s as usize].choose(&g),
        };
        fnv(&mut h, &a.encode().to_le_bytes());
        recent.push(a);
        if recent.len() > 8 {
            recent.remove(0);
        }
        g.apply(a).expect("a bot's action is legal");
        n += 1;
    }
    fnv(&mut h, format!("{:?}", g.state()).as_bytes());
    (n, h)
}

fn main() {
    let per: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let set = tiles();
    let armies = [
        "borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday",
    ];
    let mut total = 0xcbf2_9ce4_8422_2325u64;
    let mut k = 0u64;
    let mut line = |what: String, n: usize, h: u64| {
        println!("{what} actions={n} hash={h:016x}");
        fnv(&mut total, &h.to_le_bytes());
    };
    // Two seats: every ordered pairing of the armies, on the standard and the Duel board,
    // the bot pairs in turn; then the same with options (Reinforcements, Mercenaries, the
    // Mad Bomber).
    for board in [BoardKind::Standard, BoardKind::Duel] {
        for a in armies {
            for b in armies {
                if a == b {
                    continue;
                }
                for _ in 0..per {
                    k += 1;
                    let bots = [BOTS[(k % 3) as usize], BOTS[((k / 3) % 3) as usize]];
                    let ids = [set.find_army(a).unwrap(), set.find_army(b).unwrap()];
                    let Ok(g) =
                        Game::with_options(&ids, board, Mode::Standard, Options::default(), k)
                    else {
                        continue;
                    };
                    let (n, h) = play(g, &bots, k);
                    line(format!("{board:?} {a}-{b} {bots:?} seed={k}"), n, h);
                }
            }
        }
    }
    for (i, (a, b)) in nshex_rules::BASE_PAIRINGS.iter().enumerate() {
        for variant in ["reinforcements", "mercenaries", "bomber"] {
            k += 1;
            let mut options = Options::default();
            match variant {
                "reinforcements" => options.variants = nshex_rules::REINFORCEMENTS,
                "mercenaries" => {
                    options.mercenaries = 2;
                    options.random_mercenaries = true;
                }
                _ => {
                    options.mercenaries = 2;
                    options.random_mercenaries = true;
                    options.mad_bomber = nshex_rules::MadBomber::Neutral;
                }
            }
            let bots = [BOTS[(k % 3) as usize], BOTS[((k + i as u64) % 2) as usize]];
            let ids = [set.find_army(a).unwrap(), set.find_army(b).unwrap()];
            let g = Game::with_options(&ids, BoardKind::Standard, Mode::Standard, options, k)
                .expect("options game");
            let (n, h) = play(g, &bots, k);
            line(format!("{variant} {a}-{b} {bots:?} seed={k}"), n, h);
        }
    }
    // Three and four seats on the 37-hex board, every mode.
    for mode in [Mode::Deathmatch, Mode::Points, Mode::OneVsTeam, Mode::Team] {
        let seats = if mode == Mode::OneVsTeam { 3 } else { 4 };
        for r in 0..2u64 {
            k += 1;
            let ids: Vec<_> = (0..seats)
                .map(|s| {
                    set.find_army(nshex_rules::BASE_ARMIES[(s + r as usize) % 4])
                        .unwrap()
                })
                .collect();
            let bots: Vec<&str> = (0..seats).map(|s| BOTS[(s + k as usize) % 3]).collect();
            let g = Game::with_mode(&ids, BoardKind::Expanded, mode, k).expect("a multi-seat game");
            let (n, h) = play(g, &bots, k);
            line(format!("{mode:?} {bots:?} seed={k}"), n, h);
        }
    }
    println!("games={k} total={total:016x}");
}
