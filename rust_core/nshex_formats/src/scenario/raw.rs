//! The scenario file as TOML gives it: the tables and their keys, each value with its place
//! in the text, before any rule is checked; and the TOML reader's errors in plain words.

use super::Ctx;
use super::ScenarioError;
use crate::choices::RawChoices;
use serde::Deserialize;
use std::fmt;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
    pub game: Option<Spanned<RawGame>>,
    #[serde(default)]
    pub unit: Vec<Spanned<RawUnit>>,
    #[serde(default)]
    pub foundation: Vec<Spanned<RawFoundation>>,
    #[serde(default)]
    pub hand: Vec<Spanned<RawPile>>,
    #[serde(default)]
    pub deck: Vec<Spanned<RawPile>>,
    #[serde(default)]
    pub mercenary: Vec<Spanned<RawPile>>,
    pub script: Option<Spanned<RawScript>>,
    pub expect: Option<Spanned<toml::Value>>,
    pub choices: Option<Spanned<RawChoices>>,
    /// A puzzle's own table, read by the puzzle loader (`parse_puzzle_scenario`).
    pub puzzle: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGame {
    pub armies: Spanned<Vec<Spanned<String>>>,
    pub hq_hp: Option<Spanned<Vec<Spanned<i64>>>>,
    pub board: Option<Spanned<String>>,
    pub to_move: Option<Spanned<i64>>,
    pub turn: Option<Spanned<i64>>,
    pub energy: Option<Spanned<Vec<Spanned<i64>>>>,
    pub terror: Option<Spanned<Vec<Spanned<i64>>>>,
    pub mode: Option<Spanned<String>>,
    pub points: Option<Spanned<Vec<Spanned<i64>>>>,
    pub eliminated: Option<Spanned<Vec<Spanned<i64>>>>,
    pub ending_by: Option<Spanned<i64>>,
    pub variants: Option<Spanned<Vec<Spanned<String>>>>,
    pub mad_bomber: Option<Spanned<String>>,
    pub mercenaries: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFoundation {
    pub seat: Spanned<i64>,
    pub tile: Spanned<String>,
    pub at: Spanned<Vec<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    pub seat: Spanned<RawSeat>,
    pub tile: Spanned<String>,
    pub at: Spanned<Vec<i64>>,
    pub facing: Option<Spanned<i64>>,
    pub wounds: Option<Spanned<i64>>,
}

/// A unit's seat: a number, or "neutral" for a neutral Mad Bomber.
pub(super) enum RawSeat {
    Number(i64),
    Name(String),
}

impl<'de> Deserialize<'de> for RawSeat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RawSeat, D::Error> {
        struct Seat;
        impl serde::de::Visitor<'_> for Seat {
            type Value = RawSeat;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seat number or \"neutral\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RawSeat, E> {
                Ok(RawSeat::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RawSeat, E> {
                Ok(RawSeat::Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawSeat, E> {
                Ok(RawSeat::Name(v.to_string()))
            }
        }
        d.deserialize_any(Seat)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPile {
    pub seat: Spanned<i64>,
    pub tiles: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScript {
    pub actions: Vec<Spanned<String>>,
}

/// The key of the `key = value` whose value starts at `offset`, if the line says so.
fn key_before(text: &str, offset: usize) -> Option<&str> {
    let before = text.get(..offset)?;
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let key = line.split_once('=')?.0.trim();
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.';
    (!key.is_empty() && key.chars().all(plain)).then_some(key)
}

/// The TOML reader's error in plain words: an unknown key named, a value of the wrong kind
/// named by its key, words given to an error that has none.
fn toml_error(cx: &Ctx, e: &toml::de::Error) -> ScenarioError {
    let offset = e.span().map(|s| s.start).unwrap_or(0);
    let msg = e.message().trim().replace('\n', " ");
    // The TOML reader gives some errors no words: say what is known.
    let msg = if msg.is_empty() {
        "this entry does not fit the scenario format (a key missing, misplaced or of the \
         wrong kind)"
            .to_string()
    } else {
        msg
    };
    let msg = msg
        .strip_prefix("unknown field")
        .map_or(msg.clone(), |rest| {
            format!(
                "unknown key{}",
                rest.split(", expected").next().unwrap_or(rest)
            )
        });
    // A value of the wrong type or out of range: say whose.
    let about_a_value = [
        "invalid type",
        "invalid value",
        "invalid length",
        "number too",
    ]
    .iter()
    .any(|p| msg.starts_with(p));
    let msg = match key_before(cx.text, offset) {
        Some(key) if about_a_value => format!("{key}: {msg}"),
        _ => msg,
    };
    cx.err(offset, msg)
}

/// Reads the TOML and refuses the tables this kind of file does not have: `[puzzle]` outside
/// a puzzle, `[expect]` and `[choices]` outside the test tables.
pub(super) fn read(
    cx: &Ctx,
    test_tables: bool,
    puzzle_table: bool,
) -> Result<RawScenario, ScenarioError> {
    let raw: RawScenario = toml::from_str(cx.text).map_err(|e| toml_error(cx, &e))?;
    if !puzzle_table {
        if let Some(p) = &raw.puzzle {
            return Err(cx.err(p.span().start, "unknown key `puzzle`".into()));
        }
    }
    if !test_tables {
        if let Some(e) = &raw.expect {
            return Err(cx.err(e.span().start, "unknown key `expect`".into()));
        }
        if let Some(c) = &raw.choices {
            return Err(cx.err(c.span().start, "unknown key `choices`".into()));
        }
    }
    Ok(raw)
}
