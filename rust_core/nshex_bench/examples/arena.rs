//! Bot against bot from the command line, without Python:
//! `cargo run --release -p nshex_bench --example arena -- A B GAMES [THREADS] [SEED] [ARMIES] [BOARD]`.
//!
//! ARMIES: `base` (the six base pairings in turn, the default), `ARMY:base` (bot A plays
//! ARMY against each base army in turn) or `X:Y` (one pairing); BOARD: `standard` or `duel`;
//! OPTIONS (after BOARD): comma-separated variant names (`alternative_start`,
//! `reinforcements`, `no_unlucky_draw`), `mercenaries=N`, `random` (dealt, not picked) and
//! `mad_bomber=MODE` (`neutral` or `mercenary`).

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: arena A B GAMES [THREADS] [SEED]");
        std::process::exit(2);
    }
    let games: u32 = args[2].parse().expect("GAMES");
    let threads: usize = args.get(3).map_or(1, |t| t.parse().expect("THREADS"));
    let seed: u64 = args.get(4).map_or(0, |t| t.parse().expect("SEED"));
    let armies = args.get(5).map_or("base", String::as_str);
    let pairings: Vec<(&str, &str)> = match armies.split_once(':') {
        None => nshex_ai::arena::pairings_or_base(None),
        Some((x, "base")) => nshex_rules::BASE_ARMIES.iter().map(|&y| (x, y)).collect(),
        Some((x, y)) => vec![(x, y)],
    };
    let board = args.get(6).map_or(nshex_rules::BoardKind::Standard, |b| {
        nshex_rules::BoardKind::from_name(b).expect("BOARD: standard or duel")
    });
    let mut options = nshex_rules::Options::default();
    for o in args
        .get(7)
        .map_or("", String::as_str)
        .split(',')
        .filter(|o| !o.is_empty())
    {
        if let Some(n) = o.strip_prefix("mercenaries=") {
            options.mercenaries = n.parse().expect("mercenaries=N");
        } else if let Some(m) = o.strip_prefix("mad_bomber=") {
            options.mad_bomber = nshex_rules::MadBomber::from_name(m).expect("mad_bomber=MODE");
        } else if o == "random" {
            options.random_mercenaries = true;
        } else {
            options.variants |= nshex_rules::Options::variant_named(o).expect("a variant");
        }
    }
    let t = Instant::now();
    let run = nshex_ai::arena::arena_range(
        &args[0], &args[1], 0, games, &pairings, board, options, seed, threads,
    );
    match run {
        Ok(r) => {
            let (lo, hi) = r.wilson95();
            println!(
                "{} vs {} ({armies}, {} board): {} games, {}-{}-{} (wins-draws-losses), rate {:.3}, 95% [{lo:.3}, {hi:.3}], {:.1} s",
                args[0],
                args[1],
                board.name(),
                r.games,
                r.wins_a,
                r.draws,
                r.wins_b,
                r.win_rate_a(),
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
