//! Makes puzzles in bulk: `cargo run --release -p nshex_puzzles --example puzzles -- make
//! DIFFICULTY FIRST_SEED COUNT OUT_DIR` writes COUNT puzzles of that difficulty, and
//! `... -- scores DIFFICULTY N` prints the measured scores of N unique puzzles made with that
//! difficulty's board sizes (to set the grade bands).

use nshex_puzzles::{generate, solve, Difficulty};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let d = Difficulty::from_name(&args[1]).expect("difficulty");
    match args[0].as_str() {
        "make" => {
            let first: u64 = args[2].parse().unwrap();
            let count: usize = args[3].parse().unwrap();
            let out = std::path::Path::new(&args[4]);
            std::fs::create_dir_all(out).unwrap();
            let mut seed = first;
            let mut made = 0;
            while made < count {
                let t = Instant::now();
                if let Some(g) = generate(d, seed, 20_000) {
                    let name = format!("{}-{:03}.toml", d.name(), seed);
                    let text = g.puzzle.to_toml();
                    let header = format!(
                        "# Generated with seed {seed}: {} candidates, {} near misses, score {:.2}, {} positions tried.\n",
                        g.report.candidates, g.report.near_misses, g.score, g.attempts
                    );
                    std::fs::write(out.join(&name), header + &text).unwrap();
                    let check = solve(&g.puzzle);
                    eprintln!(
                        "{name}: {} score {:.2} in {:.2?} (check: {} solutions)",
                        g.puzzle.title,
                        g.score,
                        t.elapsed(),
                        check.solutions.len()
                    );
                    made += 1;
                }
                seed += 1;
            }
        }
        "scores" => {
            let n: usize = args[2].parse().unwrap();
            let mut scores = Vec::new();
            let mut seed = 0;
            while scores.len() < n {
                seed += 1;
                if let Some(s) = nshex_puzzles::unique_score(d, seed) {
                    scores.push(s);
                }
            }
            scores.sort_by(|a, b| a.partial_cmp(b).unwrap());
            let q = |p: f64| scores[((scores.len() - 1) as f64 * p) as usize];
            println!(
                "{} unique puzzles: min {:.2} q1 {:.2} median {:.2} q3 {:.2} max {:.2}",
                scores.len(),
                q(0.0),
                q(0.25),
                q(0.5),
                q(0.75),
                q(1.0)
            );
        }
        _ => panic!("make or scores"),
    }
}
