//! A fuzz target per reader of the command line's files: scenarios, game scripts, saves and
//! puzzles. A seeded mutator damages the shipped files (byte flips, truncation, a line
//! doubled, dropped or swapped, a huge number, a piece of another file) and each reader must
//! refuse the result cleanly or load it: never a panic, and a refusal is one line that names
//! the line (scenarios, scripts, puzzles) or the field (saves).
//!
//! By default each target runs for half a second. `NSHEX_FUZZ_SECONDS=600` runs each for ten
//! minutes (and `NSHEX_FUZZ_SEED` starts elsewhere); `cargo test -p nshex_tests --test
//! fuzz_files -- --ignored` runs each for a minute. A failure prints the seed and the input.

use nshex_formats::save::Record;
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{game_from_scenario, run_script};
use nshex_puzzles::{solve_within, Budget, Puzzle};
use nshex_rules::{tiles, BoardKind, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The `.toml` files of a folder of the repository, as text.
fn corpus(folder: &str) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(root().join(folder))
        .expect("a shipped folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a text file"))
        .collect()
}

/// Saves of a few games of the base, Duel and four-seat kinds, `n` random decisions in.
fn saves() -> Vec<String> {
    let set = tiles();
    let mut out = Vec::new();
    for (armies, board, n) in [
        (&["borgo", "moloch"][..], BoardKind::Standard, 40),
        (&["smart", "vegas"][..], BoardKind::Duel, 60),
        (
            &["outpost", "hegemony", "borgo"][..],
            BoardKind::Expanded,
            50,
        ),
    ] {
        let ids: Vec<_> = armies.iter().map(|a| set.find_army(a).unwrap()).collect();
        let mut rec = Record::new(Game::new(&ids, board, 7), Some(7));
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..n {
            let a = match rec.game.current_player() {
                Player::Terminal => break,
                Player::Chance => rec.game.natural_draw().unwrap(),
                Player::Seat(_) => {
                    let legal = rec.game.legal_actions();
                    legal[rng.random_range(0..legal.len())]
                }
            };
            rec.apply(a).unwrap();
        }
        out.push(serde_json::to_string_pretty(&rec.to_json()).unwrap());
    }
    out
}

/// Bytes the mutator likes to write: the ones a file's structure hangs on.
const SPECIAL: &[u8] = b"\n\"[]{}=,.:-0123456789 \x00\xff#\\";

/// One damaged copy of `text` (`other`: a file to take a piece from).
fn mutate(rng: &mut ChaCha8Rng, text: &str, other: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        let n = b.len().max(1);
        match rng.random_range(0..8) {
            0 => {
                let i = rng.random_range(0..n);
                if i < b.len() {
                    b[i] = SPECIAL[rng.random_range(0..SPECIAL.len())];
                }
            }
            1 => {
                let i = rng.random_range(0..n);
                if i < b.len() {
                    b[i] = rng.random();
                }
            }
            2 => b.truncate(rng.random_range(0..n)),
            3..=5 => {
                let mut lines: Vec<Vec<u8>> =
                    b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
                let i = rng.random_range(0..lines.len());
                let j = rng.random_range(0..lines.len());
                match rng.random_range(0..3) {
                    0 => {
                        let l = lines[i].clone();
                        lines.insert(j, l);
                    }
                    1 => {
                        lines.remove(i);
                    }
                    _ => lines.swap(i, j),
                }
                b = lines.join(&b'\n');
            }
            6 => {
                // A number no field holds.
                let i = rng.random_range(0..n).min(b.len());
                let big = [
                    "99999999999999999999999",
                    "-1",
                    "1e400",
                    "256",
                    "4294967296",
                ];
                let s = big[rng.random_range(0..big.len())];
                b.splice(i..i, s.bytes());
            }
            _ => {
                let o = other.as_bytes();
                let from = rng.random_range(0..o.len().max(1)).min(o.len());
                let to = (from + rng.random_range(0..200)).min(o.len());
                let i = rng.random_range(0..n).min(b.len());
                b.splice(i..i, o[from..to].iter().copied());
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// How long each target runs.
fn budget(long: bool) -> Duration {
    let seconds = std::env::var("NSHEX_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(if long { 60.0 } else { 0.5 });
    Duration::from_secs_f64(seconds)
}

/// Feeds damaged copies of `files` to `check` for the time budget; a panic or a failed
/// check fails the test with the seed and the input.
fn fuzz(name: &str, files: &[String], long: bool, check: impl Fn(&str) -> Result<(), String>) {
    let start_seed = std::env::var("NSHEX_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0);
    let until = Instant::now() + budget(long);
    let mut runs = 0u64;
    let mut seed = start_seed;
    while runs == 0 || Instant::now() < until {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let text = &files[rng.random_range(0..files.len())];
        let other = &files[rng.random_range(0..files.len())];
        let input = mutate(&mut rng, text, other);
        let verdict = catch_unwind(AssertUnwindSafe(|| check(&input)));
        let problem = match verdict {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(e),
            Err(_) => Some("a panic".to_string()),
        };
        if let Some(p) = problem {
            panic!("{name}, NSHEX_FUZZ_SEED={seed}: {p}\n--- input ---\n{input}");
        }
        runs += 1;
        seed += 1;
    }
    eprintln!("{name}: {runs} damaged files, seeds {start_seed}..{seed}");
}

/// A reader's error: one line naming the line, within the file.
fn names_a_line(text: &str, line: usize, message: &str) -> Result<(), String> {
    let lines = text.split('\n').count();
    if line == 0 || line > lines {
        return Err(format!("line {line} of a {lines}-line file: {message}"));
    }
    if message.is_empty() || message.contains('\n') {
        return Err(format!("not one line: {message:?}"));
    }
    Ok(())
}

fn check_scenario(text: &str) -> Result<(), String> {
    match parse_scenario(text, "fuzz.toml", true) {
        Err(e) => names_a_line(text, e.line, &e.message),
        Ok(sc) => match game_from_scenario(&sc, 1) {
            Err(e) if e.is_empty() || e.contains('\n') => Err(format!("not one line: {e:?}")),
            _ => Ok(()),
        },
    }
}

fn check_script(text: &str) -> Result<(), String> {
    match parse_scenario(text, "fuzz.toml", true) {
        Err(e) => names_a_line(text, e.line, &e.message),
        Ok(sc) => match run_script(&sc) {
            Err(e) if e.is_empty() || e.contains('\n') => Err(format!("not one line: {e:?}")),
            Ok(run) => match run.error {
                Some((_, _, reason)) if reason.contains('\n') => {
                    Err(format!("not one line: {reason:?}"))
                }
                _ => Ok(()),
            },
            Err(_) => Ok(()),
        },
    }
}

fn check_puzzle(text: &str) -> Result<(), String> {
    match Puzzle::parse(text, "fuzz.toml") {
        Err(e) => names_a_line(text, e.line, &e.message).map_err(|m| format!("{m} ({e:?})")),
        Ok(p) => {
            if p.title.chars().any(char::is_control) {
                return Err("a title with control characters loaded".into());
            }
            // Solved within a small budget: a damaged puzzle may be too large, never a hang.
            let small = Budget {
                max_positions: Some(2_000),
                seconds: Some(2.0),
            };
            let _ = solve_within(&p, small, &mut |_| {});
            Ok(())
        }
    }
}

fn check_save(text: &str) -> Result<(), String> {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(()); // the binding names the JSON's line itself
    };
    match Record::from_json(&v) {
        Ok(_) => Ok(()),
        Err(e) if e.starts_with("save") && !e.contains('\n') => Ok(()),
        Err(e) => Err(format!("a refusal that names no field: {e:?}")),
    }
}

#[test]
fn damaged_scenarios_are_refused_at_a_line_or_load() {
    fuzz(
        "scenario",
        &corpus("tests/conformance"),
        false,
        check_scenario,
    );
}

#[test]
fn damaged_scripts_are_refused_at_a_line_or_run() {
    fuzz("script", &corpus("tests/scripts"), false, check_script);
}

#[test]
fn damaged_puzzles_are_refused_at_a_line_or_load() {
    fuzz(
        "puzzle",
        &corpus("nshex_pygame/puzzles"),
        false,
        check_puzzle,
    );
}

#[test]
fn damaged_saves_are_refused_naming_a_field_or_load() {
    fuzz("save", &saves(), false, check_save);
}

#[test]
#[ignore = "a minute per reader: the long fuzzing run"]
fn long_fuzzing_of_every_reader() {
    fuzz(
        "scenario",
        &corpus("tests/conformance"),
        true,
        check_scenario,
    );
    fuzz("script", &corpus("tests/scripts"), true, check_script);
    fuzz(
        "puzzle",
        &corpus("nshex_pygame/puzzles"),
        true,
        check_puzzle,
    );
    fuzz("save", &saves(), true, check_save);
}
