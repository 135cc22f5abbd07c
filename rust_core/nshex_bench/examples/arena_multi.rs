//! Three or four bots, one a seat, from the command line without Python:
//! `cargo run --release -p nshex_bench --example arena_multi -- A,B,C[,D] MODE GAMES [THREADS]
//! [SEED] [BOARD]`. MODE: deathmatch, points, one_vs_team or team; BOARD: standard or
//! expanded. Seats rotate from game to game; the armies are the four base armies, rotated too.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: arena_multi A,B,C[,D] MODE GAMES [THREADS] [SEED] [BOARD]");
        std::process::exit(2);
    }
    let bots: Vec<&str> = args[0].split(',').collect();
    let mode = nshex_rules::Mode::from_name(&args[1]).expect("MODE");
    let games: u32 = args[2].parse().expect("GAMES");
    let threads: usize = args.get(3).map_or(1, |t| t.parse().expect("THREADS"));
    let seed: u64 = args.get(4).map_or(0, |t| t.parse().expect("SEED"));
    let board = args.get(5).map_or(nshex_rules::BoardKind::Standard, |b| {
        nshex_rules::BoardKind::from_name(b).expect("BOARD: standard or expanded")
    });
    let t = Instant::now();
    let armies = nshex_rules::BASE_ARMIES;
    match nshex_ai::arena::arena_multi_range(&bots, mode, 0, games, &armies, board, seed, threads) {
        Ok(rows) => {
            println!(
                "{} games of {} on the {} board, {:.1} s",
                games,
                mode.name(),
                board.name(),
                t.elapsed().as_secs_f64()
            );
            for r in rows {
                let (lo, hi) = r.wilson95();
                println!(
                    "  {}: {} won, {} shared of {}; rate {:.3}, 95% [{lo:.3}, {hi:.3}], mean rank {:.2}",
                    r.bot,
                    r.wins,
                    r.shared,
                    r.games,
                    r.win_rate(),
                    r.mean_rank()
                );
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
