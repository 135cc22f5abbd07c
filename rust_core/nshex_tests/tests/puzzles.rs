//! Hex Puzzles: every shipped puzzle has exactly one solution and the difficulty it says;
//! the solver finds every solution of a puzzle that has several; bad puzzle files are
//! refused with the line; the generator is deterministic.

use nshex_puzzles::{generate, grade, score, solve, Difficulty, Puzzle};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("nshex_pygame/puzzles"))
        .expect("nshex_pygame/puzzles")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_shipped_puzzle_has_exactly_one_solution_and_its_measured_difficulty() {
    let files = shipped();
    assert!(files.len() >= 60, "only {} puzzles shipped", files.len());
    let mut per_grade = [0usize; 4];
    let mut titles = std::collections::HashSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let p = Puzzle::parse(&text, &name).unwrap_or_else(|e| panic!("{e}"));
        let r = solve(&p);
        assert_eq!(r.solutions.len(), 1, "{name}: {:?}", r.solutions);
        assert!(r.unique);
        assert_eq!(grade(score(&r, p.play)), p.difficulty, "{name}");
        assert!(!p.title.is_empty(), "{name} has no title");
        // The list shows puzzles by title: two with one title cannot be told apart.
        assert!(
            titles.insert(p.title.clone()),
            "{name}: the title {:?} is taken",
            p.title
        );
        per_grade[p.difficulty as usize] += 1;
    }
    assert!(per_grade.iter().all(|&n| n >= 10), "grades {per_grade:?}");
}

#[test]
fn a_puzzle_with_several_ways_lists_them_all() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/puzzle_two_ways.toml")).unwrap();
    let p = Puzzle::parse(&text, "two_ways").unwrap();
    let r = solve(&p);
    assert!(!r.unique);
    // The Moloch HQ on 2,0 has three neighbours on the board (1,0, 1,1 and 2,-1), and the
    // Mutant's melee edges (0, 1 and 5) reach it from each with three facings: nine ways.
    assert_eq!(r.solutions.len(), 9, "{:?}", r.solutions);
    for s in &r.solutions {
        assert_eq!(s.actions.len(), 1);
        assert!(s.actions[0].starts_with("place borgo.mutant"), "{s:?}");
    }
    // Every other placement falls short: the HQ keeps its hit point.
    assert!(r.candidates > 4);
}

#[test]
fn bad_puzzle_files_name_the_problem_and_the_line() {
    let good = std::fs::read_to_string(root().join("tests/fixtures/puzzle_two_ways.toml")).unwrap();
    let cases = [
        ("play = 1", "play = 3", "play"),
        (
            "offer = [\"borgo.mutant\"]",
            "offer = [\"moloch.hornet\"]",
            "not a tile of the player's army",
        ),
        (
            "difficulty = \"easy\"",
            "difficulty = \"trivial\"",
            "difficulty",
        ),
        (
            "goal = { kind = \"destroy_hq\" }",
            "goal = { kind = \"conquer\" }",
            "unknown kind",
        ),
    ];
    for (from, to, words) in cases {
        let bad = good.replace(from, to);
        let e = Puzzle::parse(&bad, "bad.toml").expect_err(to);
        let line = bad
            .lines()
            .position(|l| l.starts_with(to.split(' ').next().unwrap()))
            .unwrap()
            + 1;
        assert!(e.message.contains(words), "{to}: {e}");
        assert_eq!(e.line, line, "{to}: {e}");
    }
    let without = &good[..good.find("[puzzle]").unwrap()];
    assert!(Puzzle::parse(without, "x")
        .unwrap_err()
        .message
        .contains("[puzzle]"));
}

#[test]
fn the_generator_gives_the_same_puzzle_for_the_same_seed() {
    let a = generate(Difficulty::Easy, 3, 5000).expect("an easy puzzle");
    let b = generate(Difficulty::Easy, 3, 5000).expect("an easy puzzle");
    assert_eq!(a.puzzle.to_toml(), b.puzzle.to_toml());
    assert!(a.report.unique);
    assert_eq!(grade(a.score), Difficulty::Easy);
    // What it writes loads back as the same puzzle.
    let again = Puzzle::parse(&a.puzzle.to_toml(), "again").unwrap();
    assert_eq!(again.to_toml(), a.puzzle.to_toml());
}
