//! The core's benchmark suite (`nshex bench`): fixed, seeded inputs, one core, and every
//! benchmark checks its answer while it times it, so a fast wrong engine fails the run.

use crate::samples::{doomsday_boards, duel_boards, full_boards};
use nshex_ai::bots::RandomBot;
use nshex_ai::mcts::{MctsConfig, Search};
use nshex_ai::Progress;
use nshex_ai::{play_out, Bot};
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{Action, Game, Player};
use nshex_rules::{NoLog, Resolver};
use std::time::Instant;

/// One benchmark's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchRow {
    pub name: &'static str,
    pub what: &'static str,
    pub ops: u64,
    pub per_second: f64,
    pub target_per_second: u64,
    /// The rate of each timed round (`per_second` is their median).
    pub rates: Vec<f64>,
}

/// Battles on the 256 fixed boards: the sum of HQ hit points and tiles left over all of
/// them. Checked against the value these rules give (`tests` below pins it).
pub const BATTLE_CHECKSUM: u64 = 12_885;

fn battle_checksum(boards: &[nshex_rules::Position], r: &mut Resolver) -> u64 {
    let mut sum = 0u64;
    for b in boards {
        let mut p = b.clone();
        r.resolve(&mut p, None, &mut NoLog)
            .expect("automatic choices");
        sum += p.hq_hp[..2].iter().map(|&h| h as u64).sum::<u64>() + p.units().count() as u64;
    }
    sum
}

/// Battles on the 256 fixed Duel boards (`samples::duel_boards`), summed as
/// [`BATTLE_CHECKSUM`] is.
pub const DUEL_BATTLE_CHECKSUM: u64 = 13_036;

/// The sum the Doomsday Machine battle row's boards give (see [`battle_checksum`]).
pub const DDM_BATTLE_CHECKSUM: u64 = 13_336;

fn random_game(i: u64) -> Game {
    let (a, b) = BASE_PAIRINGS[i as usize % BASE_PAIRINGS.len()];
    quiet_game(a, b, BoardKind::Standard, i)
}

/// Random game `i` on the Duel board: Smart or Vegas against each army in turn.
fn random_duel_game(i: u64) -> Game {
    let (a, b) = crate::samples::VEGAS_PAIRINGS[i as usize % 5];
    let (a, b) = if i % 10 < 5 {
        (a, b)
    } else {
        ("smart", if b == "vegas" { a } else { b })
    };
    quiet_game(a, b, BoardKind::Duel, i)
}

/// A new game of armies `a` and `b` without battle logs.
fn quiet_game(a: &str, b: &str, board: BoardKind, seed: u64) -> Game {
    let set = tiles();
    let mut g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        board,
        seed,
    );
    g.set_keep_battle_logs(false);
    g
}

/// Plays random game `i` to the end; returns a fingerprint (actions, battles, outcome).
fn play_random(i: u64) -> u64 {
    play_random_from(random_game(i), i)
}

/// Plays random Duel game `i` to the end; its fingerprint.
fn play_random_duel(i: u64) -> u64 {
    play_random_from(random_duel_game(i), i)
}

/// A four-seat deathmatch on the 37-hex board, the base armies in a seed-rotated order.
fn random_four_seat_game(i: u64) -> Game {
    let set = nshex_rules::tiles();
    let armies: Vec<_> = (0..4)
        .map(|k| {
            set.find_army(nshex_rules::BASE_ARMIES[(k + i as usize) % 4])
                .unwrap()
        })
        .collect();
    let mut g = Game::with_mode(
        &armies,
        nshex_rules::BoardKind::Expanded,
        nshex_rules::Mode::Deathmatch,
        i,
    )
    .expect("four seats play a deathmatch");
    g.set_keep_battle_logs(false);
    g
}

/// A base game with Reinforcements (hands of up to 6, two tiles a turn) and two Mercenaries
/// each, dealt from the seed.
fn random_options_game(i: u64) -> Game {
    random_options_game_with(i, nshex_rules::MadBomber::Off)
}

/// `random_options_game` with the Mad Bomber in `mode`.
fn random_options_game_with(i: u64, mad_bomber: nshex_rules::MadBomber) -> Game {
    let set = nshex_rules::tiles();
    let (a, b) = nshex_rules::BASE_PAIRINGS[(i % 6) as usize];
    let options = nshex_rules::Options {
        variants: nshex_rules::REINFORCEMENTS,
        mercenaries: 2,
        random_mercenaries: true,
        mad_bomber,
    };
    let mut g = Game::with_options(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        BoardKind::Standard,
        nshex_rules::Mode::Standard,
        options,
        i,
    )
    .expect("two seats play with these options");
    g.set_keep_battle_logs(false);
    g
}

fn play_random_options(i: u64) -> u64 {
    play_random_from(random_options_game(i), i)
}

fn play_random_bomber(i: u64) -> u64 {
    play_random_from(
        random_options_game_with(i, nshex_rules::MadBomber::Neutral),
        i,
    )
}

fn play_random_four(i: u64) -> u64 {
    play_random_from(random_four_seat_game(i), i)
}

fn play_random_from(mut g: Game, i: u64) -> u64 {
    // Seat s of game i plays with seed i * seats + s (the two-seat rows as they always were).
    let seats = g.seats() as u64;
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..seats)
        .map(|s| Box::new(RandomBot::new(i * seats + s)) as Box<dyn Bot + Send>)
        .collect();
    let n = play_out(&mut g, &mut bots, 1_000_000) as u64;
    assert!(g.is_over(), "random game {i} did not end");
    let o = match g.outcome().unwrap() {
        nshex_rules::Outcome::Winner(w) => w as u64 + 1,
        nshex_rules::Outcome::Shared(m) => 10 + m as u64,
        _ => 0,
    };
    n * 1000 + g.battles() as u64 * 10 + o
}

/// Mid-game positions (after 40 random actions) with the action each one continues with.
pub fn mid_game_positions(count: u64) -> Vec<(Game, Vec<Action>)> {
    let mut out = Vec::new();
    for i in 0..count {
        let mut g = random_game(1000 + i);
        let mut bot = RandomBot::new(i);
        let mut k = 0;
        while k < 40 && !g.is_over() {
            let a = match g.current_player() {
                Player::Chance => g.natural_draw().unwrap(),
                _ => bot.choose(&g),
            };
            g.apply_unchecked(a);
            k += 1;
        }
        // The next 20 actions, to replay.
        let mut line = Vec::new();
        let mut h = g.clone();
        while line.len() < 20 && !h.is_over() {
            let a = match h.current_player() {
                Player::Chance => h.natural_draw().unwrap(),
                _ => bot.choose(&h),
            };
            h.apply_unchecked(a);
            line.push(a);
        }
        out.push((g, line));
    }
    out
}

/// The row `name` (`what`, aiming at `target` operations a second): `round` timed
/// `rounds` times, the operations done in all, and the median rate of the rounds: one
/// timing of a shared machine measures whatever else ran meanwhile too; the median of
/// several measures the code (criterion samples for the same reason).
fn timed_row(
    (name, what, target): (&'static str, &'static str, u64),
    rounds: u32,
    mut round: impl FnMut() -> Result<u64, String>,
) -> Result<BenchRow, String> {
    let mut rates = Vec::with_capacity(rounds as usize);
    let mut ops = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        let n = round()?;
        rates.push(n as f64 / t.elapsed().as_secs_f64());
        ops += n;
    }
    let mut sorted = rates.clone();
    sorted.sort_by(f64::total_cmp);
    Ok(BenchRow {
        name,
        what,
        ops,
        per_second: sorted[sorted.len() / 2],
        target_per_second: target,
        rates,
    })
}

/// Runs the suite. `quick` runs each benchmark about a third as long. Every rate is the
/// median of several timed rounds.
pub fn run(quick: bool) -> Result<Vec<BenchRow>, String> {
    let (rounds, scale) = if quick { (3, 1) } else { (5, 2) };
    let mut rows = Vec::new();
    battle_rows(&mut rows, rounds, scale)?;
    game_rows(&mut rows, rounds, scale)?;
    rows.push(legal_apply_row(rounds, scale)?);
    mcts_rows(&mut rows, rounds, quick)?;
    rows.push(script_parse_row(rounds)?);
    Ok(rows)
}

/// Battles: the base boards, and dense boards with Vegas (takeovers resolved at every phase
/// start, Mines) and with the Doomsday Machine.
fn battle_rows(rows: &mut Vec<BenchRow>, rounds: u32, scale: u64) -> Result<(), String> {
    let mut r = Resolver::new();
    for (name, what, boards, checksum, repeats, target) in [
        (
            "battle",
            "one full-board battle resolution (19 hexes, both HQs, modules, nets, medics)",
            full_boards(256, 2026),
            BATTLE_CHECKSUM,
            40,
            1_000_000,
        ),
        (
            "battle_duel",
            "one battle on a dense board with Vegas (17 tiles, two Mines, takeovers)",
            duel_boards(256, 2026),
            DUEL_BATTLE_CHECKSUM,
            20,
            500_000,
        ),
        (
            "battle_ddm",
            "one full-board battle with the Doomsday Machine's six redirectors, shots redirected",
            doomsday_boards(256, 2026, 6, true),
            DDM_BATTLE_CHECKSUM,
            20,
            250_000,
        ),
    ] {
        let row = timed_row((name, what, target), rounds, || {
            for _ in 0..repeats * scale {
                let sum = battle_checksum(&boards, &mut r);
                if sum != checksum {
                    return Err(format!("{name}: checksum {sum}, expected {checksum}"));
                }
            }
            Ok(repeats * scale * boards.len() as u64)
        })?;
        rows.push(row);
    }

    Ok(())
}

/// Complete random games: the base armies, and Smart or Vegas on the Duel board, four seats,
/// the options.
fn game_rows(rows: &mut Vec<BenchRow>, rounds: u32, scale: u64) -> Result<(), String> {
    for (name, what, play, games, target) in [
        (
            "random_game",
            "one complete game with random legal decisions, from set-up to the end",
            play_random as fn(u64) -> u64,
            300,
            20_000,
        ),
        (
            "random_game_duel",
            "one complete random game on the Duel board (Smart or Vegas against each army)",
            play_random_duel,
            100,
            5_000,
        ),
        (
            "random_game_4p",
            "one complete random four-seat deathmatch on the 37-hex board (the base armies)",
            play_random_four,
            60,
            3_000,
        ),
        (
            "random_game_reinforcements",
            "one complete random base game with Reinforcements and two Mercenaries each",
            play_random_options,
            200,
            10_000,
        ),
        (
            "random_game_mad_bomber",
            "the same with the neutral Mad Bomber in the centre",
            play_random_bomber,
            200,
            10_000,
        ),
    ] {
        let reference: Vec<u64> = (0..50).map(play).collect();
        let row = timed_row((name, what, target), rounds, || {
            let games = games * scale;
            for i in 0..games {
                if play(i % 50) != reference[(i % 50) as usize] {
                    return Err(format!("{name}: game {} played differently", i % 50));
                }
            }
            Ok(games)
        })?;
        rows.push(row);
    }

    Ok(())
}

/// Legal actions + apply on mid-game positions.
fn legal_apply_row(rounds: u32, scale: u64) -> Result<BenchRow, String> {
    let mids = mid_game_positions(32);
    let mut buf = Vec::with_capacity(256);
    timed_row(
        (
            "legal_apply",
            "legal-action generation plus one checked apply, on mid-game positions",
            200_000,
        ),
        rounds,
        || {
            let mut ops = 0u64;
            for _ in 0..50 * scale {
                for (g0, line) in &mids {
                    let mut g = g0.clone();
                    for &a in line {
                        g.apply_with(a, &mut buf).map_err(|e| {
                            format!("legal_apply: a replayed action was refused: {e}")
                        })?;
                        ops += 1;
                    }
                }
            }
            Ok(ops)
        },
    )
}

/// MCTS iterations at each level, from fixed mid-game decisions.
fn mcts_rows(rows: &mut Vec<BenchRow>, rounds: u32, quick: bool) -> Result<(), String> {
    let searches = mcts_positions(4);
    for (name, what, cfg) in [
        (
            "mcts_iteration",
            "one MCTS iteration at Hard (deal, descend, widen, two-battle evaluation, back-up)",
            MctsConfig::hard(),
        ),
        (
            "mcts_iteration_medium",
            "one MCTS iteration at Medium",
            MctsConfig::medium(),
        ),
        (
            "mcts_iteration_easy",
            "one MCTS iteration at Easy",
            MctsConfig::easy(),
        ),
    ] {
        // A search iteration costs more as its tree grows: time searches of a Hard
        // decision's size (25,000 iterations), a tenth of that in a quick run.
        let budget = if quick { 2_500 } else { 25_000 };
        let progress = Progress::new();
        let row = timed_row((name, what, 30_000), rounds, || {
            let mut ops = 0u64;
            for (i, g) in searches.iter().enumerate() {
                let mut search = Search::new(cfg.clone(), i as u64);
                let r = search.run(g, budget, None, &progress);
                if r.iterations != budget {
                    return Err(format!(
                        "{name}: {} iterations instead of {budget}",
                        r.iterations
                    ));
                }
                let mut check = g.clone();
                check
                    .apply(r.action)
                    .map_err(|e| format!("{name}: the search chose an illegal action: {e}"))?;
                ops += r.iterations as u64;
            }
            Ok(ops)
        })?;
        rows.push(row);
    }
    Ok(())
}

/// The actions in the script the `script_parse` row reads.
pub const SCRIPT_ACTIONS: usize = 100_000;

/// A game script of `n` actions, one a line (the actions are never played: reading them is
/// what is timed).
pub fn long_script(n: usize) -> String {
    let mut text = String::from(
        "[game]\narmies = [\"borgo\", \"moloch\"]\n\n[[unit]]\nseat = 0\ntile = \"borgo.hq\"\n\
         at = [0, 0]\n\n[[unit]]\nseat = 1\ntile = \"moloch.hq\"\nat = [1, 0]\n\n\
         [script]\nactions = [\n",
    );
    for i in 0..n {
        text.push_str(if i % 2 == 0 {
            "  \"end\",\n"
        } else {
            "  \"play battle\",\n"
        });
    }
    text.push_str("]\n");
    text
}

/// Reading a game script of 100,000 actions (the scenario loader, each action with its
/// line): linear in the file's size, so one such script loads in well under a second.
fn script_parse_row(rounds: u32) -> Result<BenchRow, String> {
    let text = long_script(SCRIPT_ACTIONS);
    let what = "one action of a 100,000-action game script read with its line (the whole \
                script in under a second at the target)";
    timed_row(
        ("script_parse", what, SCRIPT_ACTIONS as u64),
        rounds,
        || {
            let sc = nshex_formats::scenario::parse_scenario(&text, "long.toml", false)
                .map_err(|e| format!("script_parse: {e}"))?;
            let script = sc.script.unwrap_or_default();
            // The last action is on the line before the closing bracket.
            let want = text.lines().count() - 1;
            if script.len() != SCRIPT_ACTIONS || script.last().map(|a| a.1) != Some(want) {
                return Err("script_parse: the actions or their lines were read wrong".into());
            }
            Ok(SCRIPT_ACTIONS as u64)
        },
    )
}

/// The names of the rows [`run_ops`] runs.
pub const ROW_NAMES: [&str; 12] = [
    "battle",
    "battle_duel",
    "battle_ddm",
    "random_game",
    "random_game_duel",
    "random_game_4p",
    "random_game_reinforcements",
    "random_game_mad_bomber",
    "legal_apply",
    "mcts_iteration",
    "mcts_iteration_medium",
    "mcts_iteration_easy",
];

/// Runs `n` operations of the benchmark row `name` on its fixed inputs, untimed, and returns
/// a value that depends on all of them (so none is skipped): what an instruction counter
/// (callgrind) measures, as the difference of two values of `n`.
pub fn run_ops(name: &str, n: u64) -> Result<u64, String> {
    let mut sum = 0u64;
    match name {
        "battle" | "battle_duel" | "battle_ddm" => {
            let boards = match name {
                "battle" => full_boards(256, 2026),
                "battle_duel" => duel_boards(256, 2026),
                _ => doomsday_boards(256, 2026, 6, true),
            };
            let mut r = Resolver::new();
            for i in 0..n {
                let mut p = boards[(i % 256) as usize].clone();
                r.resolve(&mut p, None, &mut NoLog)
                    .map_err(|e| e.to_string())?;
                sum += p.hq_hp[..2].iter().map(|&h| h as u64).sum::<u64>();
            }
        }
        "random_game" => sum = (0..n).map(|i| play_random(i % 50)).sum(),
        "random_game_duel" => sum = (0..n).map(|i| play_random_duel(i % 50)).sum(),
        "random_game_4p" => sum = (0..n).map(|i| play_random_four(i % 50)).sum(),
        "random_game_reinforcements" => sum = (0..n).map(|i| play_random_options(i % 50)).sum(),
        "random_game_mad_bomber" => sum = (0..n).map(|i| play_random_bomber(i % 50)).sum(),
        "legal_apply" => {
            let mids = mid_game_positions(32);
            let mut buf = Vec::with_capacity(256);
            let mut done = 0u64;
            'outer: loop {
                for (g0, line) in &mids {
                    let mut g = g0.clone();
                    for &a in line {
                        if done == n {
                            break 'outer;
                        }
                        g.apply_with(a, &mut buf).map_err(|e| e.to_string())?;
                        sum += buf.len() as u64;
                        done += 1;
                    }
                }
            }
        }
        "mcts_iteration" | "mcts_iteration_medium" | "mcts_iteration_easy" => {
            let cfg = match name {
                "mcts_iteration" => MctsConfig::hard(),
                "mcts_iteration_medium" => MctsConfig::medium(),
                _ => MctsConfig::easy(),
            };
            let g = &mcts_positions(1)[0];
            let mut search = Search::new(cfg, 1);
            let r = search.run(g, n as u32, None, &Progress::new());
            sum = r.iterations as u64 + r.action.encode();
        }
        other => return Err(format!("no benchmark row {other:?}")),
    }
    Ok(sum)
}

/// Mid-game decisions with a real choice (a seat to move in its main step), for searches.
pub fn mcts_positions(count: usize) -> Vec<Game> {
    mid_game_positions(64)
        .into_iter()
        .map(|(g, _)| g)
        .filter(|g| matches!(g.current_player(), Player::Seat(_)) && g.legal_actions().len() > 20)
        .take(count)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `script_parse` row reads every action with its line (its own check); the rate it
    /// reports is printed, not asserted (`--nocapture` shows it).
    #[test]
    fn the_script_parse_row_reads_a_long_script() {
        let row = script_parse_row(1).expect("the row's own check");
        assert_eq!(row.ops, SCRIPT_ACTIONS as u64);
        eprintln!(
            "script_parse: {:.0} actions/s, the 100,000-action script in {:.3} s",
            row.per_second,
            SCRIPT_ACTIONS as f64 / row.per_second
        );
    }

    /// The search's path (no log, `attack_as_printed`, hits summed per cell, `underive`)
    /// and the logged path the conformance suite checks give the same boards, on the
    /// benchmark boards (base, Duel, Doomsday Machine) and on the boards of random games.
    #[test]
    fn battles_without_a_log_end_as_logged_battles_do() {
        let mut boards = full_boards(512, 7);
        boards.extend(duel_boards(256, 7));
        boards.extend(doomsday_boards(128, 7, 6, true));
        boards.extend(doomsday_boards(128, 8, 2, false));
        for (g, _) in mid_game_positions(64) {
            boards.push(g.pos().clone());
        }
        assert_quiet_as_logged(&boards);
    }

    /// Each board's battle ends the same on the quiet path (no log) as on the logged one.
    fn assert_quiet_as_logged(boards: &[nshex_rules::Position]) {
        let mut r = Resolver::new();
        for b in boards {
            let (mut quiet, mut logged) = (b.clone(), b.clone());
            let s1 = r.resolve(&mut quiet, None, &mut NoLog).unwrap();
            let mut log = nshex_rules::BattleLog::default();
            let s2 = r.resolve(&mut logged, None, &mut log).unwrap();
            assert_eq!(quiet, logged);
            assert_eq!(s1, s2);
        }
    }

    /// The benchmark's checksum, pinned here as a number: a rules change that moves it shows
    /// up as this test failing, not only as `nshex bench` refusing to report.
    #[test]
    fn the_battle_checksum_is_what_the_rules_give() {
        let boards = full_boards(256, 2026);
        let sum = battle_checksum(&boards, &mut Resolver::new());
        assert_eq!(sum, 12_885);
        assert_eq!(sum, BATTLE_CHECKSUM);
    }

    /// In a test build this also checks, at every phase start where a battle keeps its last
    /// control resolution because only tiles that decide nobody else's control left (D-13),
    /// that a full resolution would give the same controllers and nets (366 such phase
    /// starts on these boards).
    #[test]
    fn the_duel_battle_checksum_is_what_the_rules_give() {
        let boards = duel_boards(256, 2026);
        let sum = battle_checksum(&boards, &mut Resolver::new());
        assert_eq!(sum, DUEL_BATTLE_CHECKSUM);
    }

    #[test]
    fn the_doomsday_battle_checksum_is_what_the_rules_give() {
        let boards = doomsday_boards(256, 2026, 6, true);
        let sum = battle_checksum(&boards, &mut Resolver::new());
        assert_eq!(sum, DDM_BATTLE_CHECKSUM);
    }

    /// Battles with redirectors: the quiet path and the logged path agree.
    #[test]
    fn doomsday_battles_without_a_log_end_as_logged_battles_do() {
        let mut r = Resolver::new();
        for k in 1..=6 {
            for (i, b) in doomsday_boards(256, 2026, k, false).iter().enumerate() {
                let mut quiet = b.clone();
                let mut logged = b.clone();
                let s1 = r.resolve(&mut quiet, None, &mut NoLog).unwrap();
                let mut log = nshex_rules::BattleLog::default();
                let s2 = r.resolve(&mut logged, None, &mut log).unwrap();
                assert_eq!(quiet, logged, "{k} redirectors, board {i}");
                assert_eq!(s1, s2);
            }
        }
    }

    /// Battles with takeovers and Mines: the quiet path and the logged path agree.
    #[test]
    fn duel_battles_without_a_log_end_as_logged_battles_do() {
        assert_quiet_as_logged(&duel_boards(128, 9));
    }
}
