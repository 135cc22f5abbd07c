//! What several test files share: a game from scenario text with its first draws made, playing
//! a notation line, and `[[unit]]` tables from a list.
#![allow(dead_code)]

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::Record;
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{draw_fixed, game_from_scenario};

/// A game from scenario TOML, its first draws made.
pub fn game(text: &str) -> Record {
    let sc = parse_scenario(text, "test", false).unwrap_or_else(|e| panic!("{e}"));
    let mut rec = Record::new(game_from_scenario(&sc, 0).unwrap(), None);
    draw_fixed(&mut rec);
    rec
}

/// Plays a notation line (it must be legal), then the draws that follow.
pub fn play(rec: &mut Record, line: &str) {
    let a = line_to_legal_action(&rec.game, line).unwrap_or_else(|e| panic!("{line}: {e}"));
    rec.apply(a).unwrap();
    draw_fixed(rec);
}

/// `[[unit]]` tables for (seat, tile, q, r, facing).
pub fn units_toml(units: &[(u8, &str, i8, i8, u8)]) -> String {
    let mut t = String::new();
    for (seat, tile, q, r, facing) in units {
        t += &format!("[[unit]]\nseat = {seat}\ntile = \"{tile}\"\nat = [{q}, {r}]\n");
        if *facing != 0 {
            t += &format!("facing = {facing}\n");
        }
        t += "\n";
    }
    t
}
