//! The arena: two bots play each other over many seeded games, seats alternating, on all
//! local cores; the result does not depend on how the games were spread over threads.

use crate::bot::play_out;
use crate::registry::bot_by_name;
use nshex_rules::text::quote;
use nshex_rules::{ArmyId, BoardKind, Game, Outcome};

/// The result of an arena run, from bot `a`'s side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaResult {
    pub games: u32,
    pub wins_a: u32,
    pub wins_b: u32,
    pub draws: u32,
}

impl ArenaResult {
    /// Draws count as half a win.
    pub fn win_rate_a(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (self.wins_a as f64 + 0.5 * self.draws as f64) / self.games as f64
    }

    /// The 95% Wilson score interval of `win_rate_a`.
    pub fn wilson95(&self) -> (f64, f64) {
        let n = self.games as f64;
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let p = self.win_rate_a();
        let z = 1.959_963_984_540_054_f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt() / (1.0 + z2 / n);
        // Rounded to 12 places, so a perfect score reads 1.0 and not 0.9999999999999999.
        let r = |x: f64| (x.clamp(0.0, 1.0) * 1e12).round() / 1e12;
        (r(centre - half), r(centre + half))
    }
}

/// How game `i` of a two-seat arena is dealt: the armies in seat order, bot `a`'s seat and
/// the game's seed (bots are seeded from it). Public so that a tool can replay one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArenaDeal {
    pub order: [ArmyId; 2],
    pub a_seat: usize,
    pub game_seed: u64,
}

impl ArenaDeal {
    /// Game `i` over `pairings` (bot `a` gets the first army of each) with the arena's
    /// `seed`: the pairings in turn, two games each, bot `a` in seat 0 in even games.
    pub fn of(i: u32, pairings: &[(ArmyId, ArmyId)], seed: u64) -> ArenaDeal {
        let (army_a, army_b) = pairings[(i as usize / 2) % pairings.len()];
        let a_seat = (i % 2) as usize;
        let mut order = [army_a, army_b];
        if a_seat == 1 {
            order.swap(0, 1);
        }
        ArenaDeal {
            order,
            a_seat,
            game_seed: seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
        }
    }
}

/// One arena game: `i` picks the pairing and the seats (bot `a` is seat 0 in even games).
/// Returns +1 when `a` won, -1 when `b` won, 0 for a draw.
fn arena_game(
    a: &str,
    b: &str,
    i: u32,
    pairings: &[(ArmyId, ArmyId)],
    board: BoardKind,
    options: nshex_rules::Options,
    seed: u64,
) -> Result<i8, String> {
    let ArenaDeal {
        order,
        a_seat,
        game_seed,
    } = ArenaDeal::of(i, pairings, seed);
    let mut g = Game::with_options(
        &order,
        board,
        nshex_rules::Mode::Standard,
        options,
        game_seed,
    )?;
    g.set_keep_battle_logs(false);
    let mut bots = vec![
        bot_by_name(if a_seat == 0 { a } else { b }, game_seed ^ 0xa5a5)?,
        bot_by_name(if a_seat == 0 { b } else { a }, game_seed ^ 0x5a5a)?,
    ];
    play_out(&mut g, &mut bots, 1_000_000);
    Ok(match g.outcome() {
        Some(Outcome::Winner(w)) if w as usize == a_seat => 1,
        Some(Outcome::Winner(_)) => -1,
        _ => 0,
    })
}

/// Plays `games` games between bots `a` and `b`, seats alternating, over the given army
/// pairing (bot `a` gets the first army) or all base pairings in turn, both ways round
/// ([`pairings_or_base`]), on `threads` threads.
pub fn arena(
    a: &str,
    b: &str,
    games: u32,
    armies: Option<(&str, &str)>,
    seed: u64,
    threads: usize,
) -> Result<ArenaResult, String> {
    arena_on(
        a,
        b,
        games,
        &pairings_or_base(armies),
        BoardKind::Standard,
        seed,
        threads,
    )
}

/// The one pairing given (bot `a` plays its first army), or every base pairing both ways
/// round in turn: each bot plays each army of a pairing as often as the other, so that an
/// army stronger than its opponent favours neither bot.
pub fn pairings_or_base<'a>(armies: Option<(&'a str, &'a str)>) -> Vec<(&'a str, &'a str)> {
    match armies {
        Some(p) => vec![p],
        None => nshex_rules::BASE_PAIRINGS
            .iter()
            .flat_map(|&(x, y)| [(x, y), (y, x)])
            .collect(),
    }
}

/// [`arena`] over the given army pairings in turn (bot `a` gets the first army of each;
/// two games a pairing, seats swapped, before the next), on `board`.
pub fn arena_on(
    a: &str,
    b: &str,
    games: u32,
    pairings: &[(&str, &str)],
    board: BoardKind,
    seed: u64,
    threads: usize,
) -> Result<ArenaResult, String> {
    arena_range(
        a,
        b,
        0,
        games,
        pairings,
        board,
        Default::default(),
        seed,
        threads,
    )
}

/// Games `first..first + games` of [`arena_on`], with game options (variants, Mercenaries)
/// in every game: a game's result depends only on its number and the seed, so an arena
/// split into ranges (on several machines) adds up to the same result as one run (`first`
/// 0: the whole run).
#[allow(clippy::too_many_arguments)]
pub fn arena_range(
    a: &str,
    b: &str,
    first: u32,
    games: u32,
    pairings: &[(&str, &str)],
    board: BoardKind,
    options: nshex_rules::Options,
    seed: u64,
    threads: usize,
) -> Result<ArenaResult, String> {
    if first.checked_add(games).is_none() {
        return Err("the games' numbers run past 4294967295".into());
    }
    options.check(2)?;
    bot_by_name(a, 0)?;
    bot_by_name(b, 0)?;
    let set = nshex_rules::tiles();
    if pairings.is_empty() {
        return Err("no army pairing".into());
    }
    let f = |n: &str| {
        set.find_army(n)
            .ok_or_else(|| format!("unknown army {}", quote(n)))
    };
    let pairings: Vec<(ArmyId, ArmyId)> = pairings
        .iter()
        .map(|&(x, y)| Ok((f(x)?, f(y)?)))
        .collect::<Result<_, String>>()?;
    let pairings = &pairings;
    let threads = threads.clamp(1, 64);
    let results: Vec<Result<i8, String>> = on_threads(games, threads, |i| {
        arena_game(a, b, first + i, pairings, board, options, seed)
    })
    .into_iter()
    .map(|(_, r)| r)
    .collect();
    let mut r = ArenaResult {
        games,
        ..Default::default()
    };
    for x in results {
        match x? {
            1 => r.wins_a += 1,
            -1 => r.wins_b += 1,
            _ => r.draws += 1,
        }
    }
    Ok(r)
}

/// Plays games `0..games` with `play` on `threads` threads (game `i` on thread `i mod
/// threads`), returning `(i, result)` in thread order: what a game gives depends only on its
/// number, never on the thread.
fn on_threads<T: Send>(
    games: u32,
    threads: usize,
    play: impl Fn(u32) -> T + Sync,
) -> Vec<(u32, T)> {
    let play = &play;
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || {
                    (0..games)
                        .filter(|i| *i as usize % threads == t)
                        .map(|i| (i, play(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("arena thread"))
            .collect()
    })
}

/// Game `i` of a multi-seat arena of `n` seats: the armies in seat order (seat `s` plays
/// army `(s + i / n) mod len`) and the game's seed; seat `s`'s bot is seeded with the seed
/// xor `s + 1`. Public so that a tool can replay one game.
pub fn multi_deal(i: u32, n: usize, armies: &[ArmyId], seed: u64) -> (Vec<ArmyId>, u64) {
    let order = (0..n)
        .map(|s| armies[(s + i as usize / n) % armies.len()])
        .collect();
    (order, seed.wrapping_mul(1_000_003).wrapping_add(i as u64))
}

/// Which of the `n` bots plays seat `s` in game `i` of a multi-seat arena: `(s + i) mod n`.
pub fn multi_bot(i: u32, s: usize, n: usize) -> usize {
    (s + i as usize) % n
}

/// One bot's record in a multi-seat arena.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatRecord {
    pub bot: String,
    pub games: u32,
    /// Games its seat won (alone or with its team).
    pub wins: u32,
    /// Games it shared: a win shared with other sides' seats, or a draw.
    pub shared: u32,
    /// Sum of its places (1 = first), for the mean rank.
    pub rank_sum: u32,
}

impl SeatRecord {
    pub fn mean_rank(&self) -> f64 {
        self.rank_sum as f64 / self.games.max(1) as f64
    }

    /// Wins, shared results as half a win.
    pub fn win_rate(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.shared as f64) / self.games.max(1) as f64
    }

    /// The 95% Wilson score interval of `win_rate`.
    pub fn wilson95(&self) -> (f64, f64) {
        ArenaResult {
            games: self.games,
            wins_a: self.wins,
            wins_b: 0,
            draws: self.shared,
        }
        .wilson95()
    }
}

/// Three or four bots over games `first..first + games` of `mode` (one bot a seat): the
/// seats rotate from game to game so that every bot plays every seat equally often, the
/// armies cycle through `armies` (one per seat, rotated as well), on all `threads`; the same
/// seed gives the same records whatever the threads. Ranges add up to the whole run
/// (`first` 0).
#[allow(clippy::too_many_arguments)]
pub fn arena_multi_range(
    bots: &[&str],
    mode: nshex_rules::Mode,
    first: u32,
    games: u32,
    armies: &[&str],
    board: BoardKind,
    seed: u64,
    threads: usize,
) -> Result<Vec<SeatRecord>, String> {
    if first.checked_add(games).is_none() {
        return Err("the games' numbers run past 4294967295".into());
    }
    let n = bots.len();
    mode.check_seats(n as u8)?;
    for b in bots {
        bot_by_name(b, 0)?;
    }
    let set = nshex_rules::tiles();
    let armies: Vec<ArmyId> = armies
        .iter()
        .map(|a| {
            set.find_army(a)
                .ok_or_else(|| format!("unknown army {}", quote(a)))
        })
        .collect::<Result<_, String>>()?;
    if armies.is_empty() {
        return Err("no army".into());
    }
    let threads = threads.clamp(1, 64);
    let armies = &armies;
    let play = |k: u32| -> Result<(Vec<u8>, Option<Outcome>, nshex_rules::Relations), String> {
        let (order, game_seed) = multi_deal(first + k, n, armies, seed);
        let mut g = Game::with_mode(&order, board, mode, game_seed)?;
        g.set_keep_battle_logs(false);
        let mut seat_bots = Vec::with_capacity(n);
        for s in 0..n {
            seat_bots.push(bot_by_name(
                bots[multi_bot(first + k, s, n)],
                game_seed ^ (s as u64 + 1),
            )?);
        }
        play_out(&mut g, &mut seat_bots, 1_000_000);
        Ok((g.ranking(), g.outcome(), *g.pos().relations()))
    };
    let results = on_threads(games, threads, play);
    let mut recs: Vec<SeatRecord> = bots
        .iter()
        .map(|b| SeatRecord {
            bot: b.to_string(),
            ..Default::default()
        })
        .collect();
    for (k, r) in results {
        let (ranking, outcome, rel) = r?;
        for s in 0..n {
            let rec = &mut recs[multi_bot(first + k, s, n)];
            rec.games += 1;
            rec.rank_sum += ranking[s] as u32;
            match outcome.and_then(|o| o.share_for(s as u8, &rel)) {
                Some(x) if x >= 1.0 => rec.wins += 1,
                Some(x) if x > 0.0 => rec.shared += 1,
                _ => {}
            }
        }
    }
    Ok(recs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `i`: the pairings in turn, two games each, bot `a` in seat 0 in even games and
    /// on its own army always; the seed fixed by the arena's seed and `i` alone.
    #[test]
    fn an_arena_game_is_dealt_by_its_number() {
        let set = nshex_rules::tiles();
        let f = |n: &str| set.find_army(n).unwrap();
        let pairings = [(f("smart"), f("borgo")), (f("vegas"), f("moloch"))];
        let d = |i| ArenaDeal::of(i, &pairings, 7);
        assert_eq!((d(0).order, d(0).a_seat), ([f("smart"), f("borgo")], 0));
        assert_eq!((d(1).order, d(1).a_seat), ([f("borgo"), f("smart")], 1));
        assert_eq!((d(3).order, d(3).a_seat), ([f("moloch"), f("vegas")], 1));
        assert_eq!(d(4).order, d(0).order);
        assert_eq!(d(5).game_seed, 7 * 1_000_003 + 5);
    }

    #[test]
    fn wilson_interval_is_the_known_value() {
        // 183 wins, 5 draws, 12 losses of 200: rate 0.9275.
        let r = ArenaResult {
            games: 200,
            wins_a: 183,
            wins_b: 12,
            draws: 5,
        };
        assert!((r.win_rate_a() - 0.9275).abs() < 1e-12);
        let (lo, hi) = r.wilson95();
        assert!(
            (lo - 0.8838).abs() < 1e-3 && (hi - 0.9556).abs() < 1e-3,
            "{lo} {hi}"
        );
    }

    #[test]
    fn greedy_beats_random_and_runs_are_reproducible() {
        let r = arena("greedy", "random", 12, None, 7, 2).unwrap();
        assert_eq!(r.games, 12);
        assert!(r.wins_a >= 9, "greedy won only {} of 12: {r:?}", r.wins_a);
        assert_eq!(arena("greedy", "random", 12, None, 7, 1).unwrap(), r);
        assert!(arena("nobody", "random", 1, None, 0, 1).is_err());
    }

    #[test]
    fn a_multi_seat_arena_split_into_ranges_adds_up_to_the_whole_run() {
        use nshex_rules::Mode;
        let armies = ["borgo", "moloch", "outpost"];
        let bots = ["greedy", "random", "easy:iters=10"];
        let run = |first, games| {
            arena_multi_range(
                &bots,
                Mode::Deathmatch,
                first,
                games,
                &armies,
                BoardKind::Standard,
                5,
                1,
            )
            .unwrap()
        };
        let whole = run(0, 7);
        let (x, y) = (run(0, 3), run(3, 4));
        for b in 0..3 {
            assert_eq!(
                (
                    x[b].games + y[b].games,
                    x[b].wins + y[b].wins,
                    x[b].shared + y[b].shared
                ),
                (whole[b].games, whole[b].wins, whole[b].shared)
            );
            assert_eq!(x[b].rank_sum + y[b].rank_sum, whole[b].rank_sum);
        }
    }

    #[test]
    fn the_base_pairings_are_played_both_ways_round() {
        let p = pairings_or_base(None);
        assert_eq!(p.len(), 12);
        for &(x, y) in &nshex_rules::BASE_PAIRINGS {
            assert!(p.contains(&(x, y)) && p.contains(&(y, x)), "{x} {y}");
        }
        assert_eq!(
            pairings_or_base(Some(("vegas", "borgo"))),
            [("vegas", "borgo")]
        );
    }

    #[test]
    fn an_arena_split_into_ranges_adds_up_to_the_whole_run() {
        let p = pairings_or_base(None);
        let run = |first, games| {
            arena_range(
                "easy:iters=20",
                "greedy",
                first,
                games,
                &p,
                BoardKind::Standard,
                Default::default(),
                11,
                1,
            )
            .unwrap()
        };
        let whole = run(0, 10);
        let (x, y) = (run(0, 4), run(4, 6));
        assert_eq!(
            (x.wins_a + y.wins_a, x.wins_b + y.wins_b, x.draws + y.draws),
            (whole.wins_a, whole.wins_b, whole.draws)
        );
        assert!(arena_range(
            "easy",
            "greedy",
            u32::MAX,
            2,
            &p,
            BoardKind::Standard,
            Default::default(),
            0,
            1
        )
        .is_err());
    }

    #[test]
    fn multi_seat_arenas_rotate_seats_and_are_reproducible() {
        use nshex_rules::Mode;
        let armies = ["borgo", "moloch", "outpost", "hegemony"];
        let r = arena_multi_range(
            &["greedy", "random", "random"],
            Mode::Deathmatch,
            0,
            6,
            &armies,
            BoardKind::Standard,
            3,
            2,
        )
        .unwrap();
        assert!(r.iter().all(|x| x.games == 6));
        assert_eq!(
            arena_multi_range(
                &["greedy", "random", "random"],
                Mode::Deathmatch,
                0,
                6,
                &armies,
                BoardKind::Standard,
                3,
                1
            )
            .unwrap(),
            r
        );
        assert!(r[0].win_rate() > r[1].win_rate(), "{r:?}");
        let e = arena_multi_range(
            &["random", "random"],
            Mode::Team,
            0,
            2,
            &armies,
            BoardKind::Standard,
            0,
            1,
        );
        assert!(e.unwrap_err().contains("four seats"));
    }

    /// D-24's loop: in game 36 of this arena (Moloch against Hegemony, the neutral Mad
    /// Bomber) both bots come to keep their two tiles, draw the Mad Bomber and discard it onto
    /// each other's pile, turn after turn, and no deck shrinks. The game stopped only at a
    /// million actions (hours); now the stall stops it and it counts as a draw. Both levels
    /// search every decision from nothing (`keep=0`), as they did when the game was found.
    #[test]
    fn a_game_passing_the_mad_bomber_back_and_forth_stops_as_a_draw_d24() {
        let options = nshex_rules::Options {
            mad_bomber: nshex_rules::MadBomber::from_name("neutral").unwrap(),
            ..Default::default()
        };
        let pairings = pairings_or_base(None);
        let r = arena_range(
            "medium:keep=0",
            "easy:keep=0",
            36,
            1,
            &pairings,
            BoardKind::Standard,
            options,
            4520,
            1,
        )
        .unwrap();
        assert_eq!((r.games, r.draws), (1, 1), "{r:?}");
    }
}
