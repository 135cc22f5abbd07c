//! What the command-line readers promise about a file from a stranger (issue 39): every error
//! is one line naming the file, the line and the problem; nothing out of range is wrapped
//! into something valid; tables a reader has no use for are refused, not ignored.

use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::game_from_scenario;
use nshex_puzzles::{solve_within, Budget, Puzzle};

const TWO_HQS: &str = "[game]\narmies = [\"borgo\", \"moloch\"]\n\n[[unit]]\nseat = 0\n\
                       tile = \"borgo.hq\"\nat = [0, 0]\n\n[[unit]]\nseat = 1\n\
                       tile = \"moloch.hq\"\nat = [1, 0]\n";

fn puzzle_text() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../nshex_pygame/puzzles/easy-001.toml");
    std::fs::read_to_string(path).expect("a shipped puzzle")
}

/// A value of the wrong type names its key and what is expected (not "data did not match
/// any variant of untagged enum").
#[test]
fn a_type_error_names_the_key() {
    let text = TWO_HQS.replacen("seat = 1", "seat = 0.0", 1);
    let e = parse_scenario(&text, "t.toml", false).unwrap_err();
    assert_eq!(e.line, 10, "{e}");
    assert!(e.message.starts_with("seat: invalid type"), "{e}");
    assert!(e.message.contains("a seat number or \"neutral\""), "{e}");
    let text = TWO_HQS.replacen("tile = \"borgo.hq\"", "tile = 7", 1);
    let e = parse_scenario(&text, "t.toml", false).unwrap_err();
    assert!(e.message.starts_with("tile: invalid type"), "{e}");
    assert_eq!(e.line, 6, "{e}");
    let text = TWO_HQS.replacen("seat = 1", "seat = 99999999999999999999999", 1);
    let e = parse_scenario(&text, "t.toml", false).unwrap_err();
    assert!(e.message.starts_with("seat: "), "{e}");
    assert_eq!(e.line, 10, "{e}");
}

/// D-26: an eliminated seat has nothing on the board; its HQ still there is refused at the
/// line of its `[[unit]]`.
#[test]
fn an_eliminated_seat_with_its_hq_on_the_board_is_refused() {
    let text = "[game]\narmies = [\"borgo\", \"moloch\", \"outpost\"]\neliminated = [2]\n\n\
                [[unit]]\nseat = 0\ntile = \"borgo.hq\"\nat = [0, 0]\n\n[[unit]]\nseat = 1\n\
                tile = \"moloch.hq\"\nat = [1, 0]\n\n[[unit]]\nseat = 2\ntile = \"outpost.hq\"\n\
                at = [-1, 0]\n";
    let e = parse_scenario(text, "t.toml", false).unwrap_err();
    assert_eq!(e.line, 15, "{e}");
    assert!(e.message.contains("seat 2 is eliminated"), "{e}");
}

/// D-25: each Mercenary is in the game once; listed twice is an error, never merged.
#[test]
fn a_mercenary_listed_twice_is_refused() {
    let set = nshex_rules::tiles();
    let merc = &set.tile(set.mercenaries[0]).id;
    let twice = format!("{TWO_HQS}\n[[mercenary]]\nseat = 0\ntiles = [\"{merc}\", \"{merc}\"]\n");
    let e = parse_scenario(&twice, "t.toml", false).unwrap_err();
    assert_eq!(e.line, 16, "{e}");
    assert!(e.message.contains("listed twice"), "{e}");
    let two_seats = format!(
        "{TWO_HQS}\n[[mercenary]]\nseat = 0\ntiles = [\"{merc}\"]\n\n[[mercenary]]\nseat = 1\n\
         tiles = [\"{merc}\"]\n"
    );
    let e = parse_scenario(&two_seats, "t.toml", false).unwrap_err();
    assert_eq!(e.line, 20, "{e}");
    let on_board_twice = format!(
        "{TWO_HQS}\n[[unit]]\nseat = 0\ntile = \"{merc}\"\nat = [0, 1]\n\n[[unit]]\nseat = 1\n\
         tile = \"{merc}\"\nat = [0, -1]\n"
    );
    let e = parse_scenario(&on_board_twice, "t.toml", false).unwrap_err();
    assert_eq!(e.line, 19, "{e}");
    assert!(e.message.contains("once"), "{e}");
}

/// An error about the game as a whole (a missing HQ, tile counts) points at `[game]`.
#[test]
fn game_level_errors_have_the_line_of_game() {
    let text = format!(
        "# a comment\n\n{}",
        TWO_HQS.replace(
            "seat = 1\ntile = \"moloch.hq\"",
            "seat = 0\ntile = \"borgo.hq\""
        )
    );
    // Two Borgo HQs: refused while reading, at the second.
    assert!(parse_scenario(&text, "t.toml", false).is_err());
    let text = format!(
        "# a comment\n\n{}",
        &TWO_HQS[..TWO_HQS.find("\n\n[[unit]]\nseat = 1").unwrap()]
    );
    let sc = parse_scenario(&text, "t.toml", false).unwrap();
    assert_eq!(sc.game_line, 3);
    let e = game_from_scenario(&sc, 0).unwrap_err();
    assert!(e.contains("seat 1 has no HQ"), "{e}");
}

/// A goal's hex beyond any board is refused, not wrapped round to another hex (256 would be
/// 0 as a byte).
#[test]
fn a_puzzle_goal_far_off_the_board_is_refused() {
    let text = puzzle_text().replace(
        "goal = { kind = \"destroy_hq\" }",
        "goal = { kind = \"destroy_unit\", at = [256, -255] }",
    );
    let e = Puzzle::parse(&text, "p.toml").unwrap_err();
    assert!(e.message.contains("off the board"), "{e}");
    assert_eq!(e.line, 96, "{e}");
}

/// `[script]`, `[[hand]]` and `[[deck]]` mean nothing in a puzzle: refused with their line.
#[test]
fn tables_a_puzzle_has_no_use_for_are_refused() {
    for (extra, table) in [
        ("[script]\nactions = [\"end\"]\n", "[script]"),
        (
            "[[hand]]\nseat = 0\ntiles = [\"hegemony.ganger\"]\n",
            "[[hand]]",
        ),
        (
            "[[deck]]\nseat = 0\ntiles = [\"hegemony.ganger\"]\n",
            "[[deck]]",
        ),
    ] {
        let text = format!("{}\n{extra}", puzzle_text());
        let e = Puzzle::parse(&text, "p.toml").unwrap_err();
        assert!(e.message.starts_with(table), "{e}");
        assert!(e.line >= 88, "{e}");
    }
}

/// A title is printed on terminals: terminal escape codes and line breaks are refused.
#[test]
fn a_puzzle_title_with_control_characters_is_refused() {
    let text = puzzle_text().replace("Broken Signal", "Broken \\u001b[2J Signal");
    let e = Puzzle::parse(&text, "p.toml").unwrap_err();
    assert!(e.message.contains("control characters"), "{e}");
    assert_eq!(e.line, 91, "{e}");
}

/// A budget stops the solver: a puzzle that needs more is too large, with what it did.
#[test]
fn the_solver_stops_at_its_budget() {
    let p = Puzzle::parse(&puzzle_text(), "p.toml").unwrap();
    let mut calls = 0;
    let budget = Budget {
        max_positions: Some(5),
        seconds: None,
    };
    let e = solve_within(&p, budget, &mut |_| calls += 1).unwrap_err();
    assert_eq!(e.examined, 5);
    let full = solve_within(&p, Budget::default(), &mut |_| {}).unwrap();
    assert!(full.unique);
    assert!(full.examined > 5);
}
