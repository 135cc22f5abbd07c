//! Scenario files (`docs/CONFORMANCE.md`, "Scenario files"): a position in TOML, optionally with
//! hands, decks and a script.
//!
//! Every problem is reported as one line naming the file, the line and the entry, and nothing
//! is built from a file with a problem in it.

mod game;
mod piles;
mod raw;
mod units;

pub use crate::choices::choices_from_json;
use crate::choices::convert_choices;
pub use crate::place::{hex_on_board, line_of, Lines};
use nshex_rules::text::quote;
use nshex_rules::{tiles, ArmyId, BattleChoices, Options, Position, TileId, MAX_SEATS};
use std::fmt;
use toml::Spanned;

/// A scenario that cannot be loaded: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub name: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.name, self.line, self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// A loaded scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub position: Position,
    /// Per seat: the tiles in hand (`None`: not given).
    pub hands: Vec<Option<Vec<TileId>>>,
    /// Per seat: the deck, top first (`None`: not given).
    pub decks: Vec<Option<Vec<TileId>>>,
    pub to_move: Option<u8>,
    pub turn: Option<u32>,
    /// `[script] actions`, with the line of each.
    pub script: Option<Vec<(String, usize)>>,
    /// `[choices]` (test tables only).
    pub choices: BattleChoices,
    /// `[game] energy` (Duel board), per seat.
    pub energy: [u8; MAX_SEATS],
    /// `[game] terror`: seats whose next turn is under Terror (bit mask).
    pub terror: u8,
    /// `[game] eliminated`: seats out of the game (deathmatch; bit mask).
    pub eliminated: u8,
    /// `[game] ending_by`: the seat whose last draw began the ending sequence.
    pub ending_by: Option<u8>,
    /// `[game] variants` and `mercenaries`: the options the game is played with.
    pub options: Options,
    /// `[[mercenary]]`: each seat's unused Mercenaries (a bit mask over the set's list).
    pub mercs: [u8; MAX_SEATS],
    /// The line of `[game]`: where an error about the game as a whole (tile counts, a
    /// missing HQ) points.
    pub game_line: usize,
}

/// Loads a scenario from TOML text. `name` is used in messages (usually the file's path).
/// `test_tables` also accepts the conformance tables `[expect]` and `[choices]`.
pub fn parse_scenario(
    text: &str,
    name: &str,
    test_tables: bool,
) -> Result<Scenario, ScenarioError> {
    parse(text, name, test_tables, false)
}

/// Loads the scenario part of a puzzle file: a scenario with a `[puzzle]` table, which the
/// puzzle loader reads itself.
pub fn parse_puzzle_scenario(text: &str, name: &str) -> Result<Scenario, ScenarioError> {
    parse(text, name, false, true)
}

/// The text being read and its name, for errors that name the line.
struct Ctx<'a> {
    text: &'a str,
    name: &'a str,
}

impl Ctx<'_> {
    /// The error `message` at the line of byte `offset`.
    fn err(&self, offset: usize, message: String) -> ScenarioError {
        ScenarioError {
            name: self.name.to_string(),
            line: line_of(self.text, offset),
            message,
        }
    }
}

/// The seats of the game, for the tables that name a seat and its tiles.
struct Owners<'a> {
    cx: &'a Ctx<'a>,
    armies: &'a [ArmyId],
}

impl Owners<'_> {
    /// A seat of the game (`what`: the entry, for the message).
    fn seat_of(&self, s: &Spanned<i64>, what: &str) -> Result<u8, ScenarioError> {
        let seats = self.armies.len();
        let x = *s.get_ref();
        if (0..seats as i64).contains(&x) {
            Ok(x as u8)
        } else {
            Err(self.cx.err(
                s.span().start,
                format!("{what}: seat {x} has no army (seats 0..{})", seats - 1),
            ))
        }
    }

    /// A tile of the seat's army (or a Mercenary).
    fn tile_of(&self, seat: u8, t: &Spanned<String>, what: &str) -> Result<TileId, ScenarioError> {
        let set = tiles();
        let id = t.get_ref();
        let tid = set.find(id).ok_or_else(|| {
            self.cx.err(
                t.span().start,
                format!("{what}: unknown tile {}", quote(id)),
            )
        })?;
        let army = set.tile(tid).army;
        let own = self.armies[seat as usize];
        if army != own && army != nshex_rules::MERCENARY_ARMY {
            return Err(self.cx.err(
                t.span().start,
                format!(
                    "{what}: tile {} is not in seat {seat}'s army ({})",
                    quote(id),
                    set.army(own).id
                ),
            ));
        }
        Ok(tid)
    }
}

/// Reads the file table by table, in the order its errors are reported: `[game]`, the board
/// (`[[unit]]`, `[[foundation]]`), the piles (`[[hand]]`, `[[deck]]`, `[[mercenary]]`), then
/// what needs them all (the Mercenaries hired, an empty board's start), `[script]` and
/// `[choices]`.
fn parse(
    text: &str,
    name: &str,
    test_tables: bool,
    puzzle_table: bool,
) -> Result<Scenario, ScenarioError> {
    let cx = Ctx { text, name };
    let raw = raw::read(&cx, test_tables, puzzle_table)?;
    let game = raw
        .game
        .ok_or_else(|| cx.err(0, "the [game] table is missing".into()))?;
    let gspan = game.span().start;
    let game = game.into_inner();
    let mut g = game::read_game(&cx, &game, gspan)?;
    let armies = g.armies.clone();
    let o = Owners {
        cx: &cx,
        armies: &armies,
    };
    let mercs_on_board = units::place_units(&o, &raw.unit, &mut g)?;
    units::place_foundations(&o, &raw.foundation, &mut g)?;
    g.position.settle();
    let hands = piles::piles(&o, &raw.hand, "hand", &g.options)?;
    let decks = piles::piles(&o, &raw.deck, "deck", &g.options)?;
    let mercs = piles::unused_mercenaries(&o, &raw.mercenary)?;
    piles::each_mercenary_once(&o, &raw.hand, &raw.mercenary, mercs_on_board)?;
    let found = (&mercs, &hands, &g.position);
    piles::hired(
        &o,
        game.mercenaries.as_ref(),
        &raw.mercenary,
        found,
        &mut g.options,
    )?;
    let script = raw.script.map(|s| {
        let lines = Lines::new(text);
        s.into_inner()
            .actions
            .into_iter()
            .map(|a| {
                let line = lines.of(a.span().start);
                (a.into_inner(), line)
            })
            .collect()
    });
    game::empty_board_start(&cx, &game, &g.position)?;
    let choices = match raw.choices {
        None => BattleChoices::default(),
        Some(c) => {
            let start = c.span().start;
            convert_choices(c.into_inner()).map_err(|m| cx.err(start, format!("[choices]: {m}")))?
        }
    };
    Ok(Scenario {
        game_line: line_of(text, gspan),
        position: g.position,
        hands,
        decks,
        to_move: g.to_move,
        turn: g.turn,
        script,
        choices,
        energy: g.energy,
        terror: g.terror,
        eliminated: g.eliminated,
        ending_by: g.ending_by,
        options: g.options,
        mercs,
    })
}

/// Loads a scenario file.
pub fn load_scenario(path: &std::path::Path, test_tables: bool) -> Result<Scenario, ScenarioError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
        name: name.clone(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    parse_scenario(&text, &name, test_tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nshex_rules::Hex;

    fn load(text: &str) -> Result<Scenario, ScenarioError> {
        parse_scenario(text, "t.toml", false)
    }

    const BASE: &str = r#"
[game]
armies = ["borgo", "moloch"]

[[unit]]
seat = 0
tile = "borgo.hq"
at = [0, 0]
"#;

    #[test]
    fn a_small_scenario_loads() {
        let s = load(BASE).unwrap();
        let u = s.position.unit_at(Hex::new(0, 0)).unwrap();
        assert_eq!(u.def().id, "borgo.hq");
        assert_eq!(s.position.hq_hp[..2], [20, 20]);
    }

    #[test]
    fn errors_name_the_line() {
        let e = load(&format!(
            "{BASE}\n[[unit]]\nseat = 1\ntile = \"moloch.nope\"\nat = [1, 0]\n"
        ))
        .unwrap_err();
        assert_eq!(e.line, 12, "{e}");
        assert!(e.message.contains("unknown tile"), "{e}");
        let e = load(&format!(
            "{BASE}\n[[unit]]\nseat = 1\ntile = \"moloch.hq\"\nat = [3, 0]\n"
        ))
        .unwrap_err();
        assert_eq!(e.line, 13, "{e}");
        assert!(e.message.contains("off the board"), "{e}");
        let e = load(&format!("{BASE}colour = 3\n")).unwrap_err();
        assert!(e.message.contains("unknown key"), "{e}");
        assert_eq!(e.line, 9, "{e}");
        let e = load(&format!("{BASE}\n[expect]\nhq_hp = [1, 2]\n")).unwrap_err();
        assert!(e.message.contains("unknown key `expect`"), "{e}");
        assert!(parse_scenario(&format!("{BASE}\n[expect]\nhq_hp = [1, 2]\n"), "t", true).is_ok());
    }
}
