//! One arena game, action by action (a developer's view for reading how a bot plays):
//! `cargo run --release -p nshex_bench --example trace -- A B GAME SEED ARMY_A ARMY_B [BOARD]`.
//! Game GAME of `arena A B ... SEED ARMY_A:ARMY_B BOARD`: the same deal and the same seats.

use nshex_ai::registry::bot_by_name;
use nshex_rules::{Action, Game, Player};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 {
        eprintln!("usage: trace A B GAME SEED ARMY_A ARMY_B [BOARD]");
        std::process::exit(2);
    }
    let i: u32 = args[2].parse().expect("GAME");
    let seed: u64 = args[3].parse().expect("SEED");
    let set = nshex_rules::tiles();
    let army = |n: &str| set.find_army(n).expect("an army");
    let board = args.get(6).map_or(nshex_rules::BoardKind::Standard, |b| {
        nshex_rules::BoardKind::from_name(b).expect("BOARD")
    });
    let nshex_ai::arena::ArenaDeal {
        order,
        a_seat,
        game_seed,
    } = nshex_ai::arena::ArenaDeal::of(i, &[(army(&args[4]), army(&args[5]))], seed);
    let mut g = Game::with_options(
        &order,
        board,
        nshex_rules::Mode::Standard,
        nshex_rules::Options::default(),
        game_seed,
    )
    .expect("a game");
    g.set_keep_battle_logs(false);
    let (na, nb) = (&args[0], &args[1]);
    let mut bots = [
        bot_by_name(if a_seat == 0 { na } else { nb }, game_seed ^ 0xa5a5).unwrap(),
        bot_by_name(if a_seat == 0 { nb } else { na }, game_seed ^ 0x5a5a).unwrap(),
    ];
    println!("{na} plays seat {a_seat} ({})", args[4]);
    let name = |t: nshex_rules::TileId| set.tile(t).name.clone();
    loop {
        let a = match g.current_player() {
            Player::Terminal => break,
            Player::Chance => g.natural_draw().expect("a draw"),
            Player::Seat(s) => bots[s as usize].choose(&g),
        };
        let who = match g.current_player() {
            Player::Seat(s) => format!("s{s}"),
            _ => "  ".into(),
        };
        let text = match a {
            Action::Draw { tile } => format!("draw {}", name(tile)),
            Action::Discard { tile } => format!("discard {}", name(tile)),
            Action::Place { tile, cell, facing } => {
                format!("place {} at {cell} facing {facing}", name(tile))
            }
            other => format!("{other:?}"),
        };
        let mut legal = Vec::new();
        if matches!(g.current_player(), Player::Seat(_)) {
            g.legal_actions_into(&mut legal);
        }
        let procs = legal
            .iter()
            .filter(|a| matches!(a, Action::Procedure(_)))
            .count();
        let before = g.pos().hq_hp;
        g.apply_unchecked(a);
        let after = g.pos().hq_hp;
        let e = g.energy();
        let hp = if before != after {
            format!("   HQ {:?} -> {:?}", &before[..2], &after[..2])
        } else {
            String::new()
        };
        if !matches!(a, Action::Draw { .. }) {
            println!(
                "t{:3} {who} {text}  [e {} {}] [legal {} procedures {procs}]{hp}",
                g.turn(),
                e[0],
                e[1],
                legal.len()
            );
        }
    }
    println!("outcome {:?}, HQ {:?}", g.outcome(), &g.pos().hq_hp[..2]);
}
