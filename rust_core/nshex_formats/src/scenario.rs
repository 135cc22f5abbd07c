//! Scenario files (`docs/CONFORMANCE.md`, "Scenario files"): a position in TOML, optionally with
//! hands, decks and a script.
//!
//! Every problem is reported as one line naming the file, the line and the entry, and nothing
//! is built from a file with a problem in it.

pub use crate::choices::choices_from_json;
use crate::choices::{convert_choices, RawChoices};
use nshex_rules::BattleChoices;
use nshex_rules::{tiles, Kind, Options, TileId};
use nshex_rules::{BoardKind, Hex};
use nshex_rules::{Mode, Position, MAX_FOUNDATIONS, MAX_SEATS, WIN_POINTS};
use serde::Deserialize;
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    game: Option<Spanned<RawGame>>,
    #[serde(default)]
    unit: Vec<Spanned<RawUnit>>,
    #[serde(default)]
    foundation: Vec<Spanned<RawFoundation>>,
    #[serde(default)]
    hand: Vec<Spanned<RawPile>>,
    #[serde(default)]
    deck: Vec<Spanned<RawPile>>,
    #[serde(default)]
    mercenary: Vec<Spanned<RawPile>>,
    script: Option<Spanned<RawScript>>,
    expect: Option<Spanned<toml::Value>>,
    choices: Option<Spanned<RawChoices>>,
    /// A puzzle's own table, read by the puzzle loader (`parse_puzzle_scenario`).
    puzzle: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    armies: Spanned<Vec<Spanned<String>>>,
    hq_hp: Option<Spanned<Vec<Spanned<i64>>>>,
    board: Option<Spanned<String>>,
    to_move: Option<Spanned<i64>>,
    turn: Option<Spanned<i64>>,
    energy: Option<Spanned<Vec<Spanned<i64>>>>,
    terror: Option<Spanned<Vec<Spanned<i64>>>>,
    mode: Option<Spanned<String>>,
    points: Option<Spanned<Vec<Spanned<i64>>>>,
    eliminated: Option<Spanned<Vec<Spanned<i64>>>>,
    ending_by: Option<Spanned<i64>>,
    variants: Option<Spanned<Vec<Spanned<String>>>>,
    mad_bomber: Option<Spanned<String>>,
    mercenaries: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFoundation {
    seat: Spanned<i64>,
    tile: Spanned<String>,
    at: Spanned<Vec<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    seat: Spanned<RawSeat>,
    tile: Spanned<String>,
    at: Spanned<Vec<i64>>,
    facing: Option<Spanned<i64>>,
    wounds: Option<Spanned<i64>>,
}

/// A unit's seat: a number, or "neutral" for a neutral Mad Bomber.
enum RawSeat {
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

/// The key of the `key = value` whose value starts at `offset`, if the line says so.
fn key_before(text: &str, offset: usize) -> Option<&str> {
    let before = text.get(..offset)?;
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let key = line.split_once('=')?.0.trim();
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.';
    (!key.is_empty() && key.chars().all(plain)).then_some(key)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPile {
    seat: Spanned<i64>,
    tiles: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScript {
    actions: Vec<Spanned<String>>,
}

/// A hex `[q, r]` of a file, refused (not wrapped round) when a coordinate is beyond any
/// board.
pub fn hex_on_board(v: [i64; 2]) -> Result<Hex, String> {
    hex_of(v)
}

/// `[choices]`, also accepted as JSON by [`choices_from_json`].
pub(crate) fn hex_of(v: [i64; 2]) -> Result<Hex, String> {
    let ok = |x: i64| (-9..=9).contains(&x);
    if ok(v[0]) && ok(v[1]) {
        Ok(Hex::new(v[0] as i8, v[1] as i8))
    } else {
        Err(format!("hex [{}, {}] is off the board", v[0], v[1]))
    }
}

/// The line (from 1) of a byte offset in `text`, for messages that name the line. It scans
/// the text up to the offset: for many offsets in one text, use [`Lines`].
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Where each line of a text starts, found in one pass, so that the line of any offset is a
/// binary search: a script of many actions is read in linear time.
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { starts }
    }

    /// The line (from 1) of a byte offset, as [`line_of`] gives it.
    pub fn of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }
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

fn parse(
    text: &str,
    name: &str,
    test_tables: bool,
    puzzle_table: bool,
) -> Result<Scenario, ScenarioError> {
    let err = |offset: usize, message: String| ScenarioError {
        name: name.to_string(),
        line: line_of(text, offset),
        message,
    };
    let raw: RawScenario = toml::from_str(text).map_err(|e| {
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
        let msg = match key_before(text, offset) {
            Some(key) if about_a_value => format!("{key}: {msg}"),
            _ => msg,
        };
        err(offset, msg)
    })?;
    if !puzzle_table {
        if let Some(p) = &raw.puzzle {
            return Err(err(p.span().start, "unknown key `puzzle`".into()));
        }
    }
    if !test_tables {
        if let Some(e) = &raw.expect {
            return Err(err(e.span().start, "unknown key `expect`".into()));
        }
        if let Some(c) = &raw.choices {
            return Err(err(c.span().start, "unknown key `choices`".into()));
        }
    }
    let set = tiles();
    let game = raw
        .game
        .ok_or_else(|| err(0, "the [game] table is missing".into()))?;
    let gspan = game.span().start;
    let game = game.into_inner();

    // [game]
    let armies_span = game.armies.span().start;
    let army_names = game.armies.into_inner();
    if !(2..=MAX_SEATS).contains(&army_names.len()) {
        return Err(err(
            armies_span,
            format!(
                "[game] armies: {} armies, a game has 2 to {MAX_SEATS}",
                army_names.len()
            ),
        ));
    }
    let mut armies = Vec::new();
    for a in &army_names {
        let id = set.find_army(a.get_ref()).ok_or_else(|| {
            err(
                a.span().start,
                format!(
                    "[game] armies: unknown army {}",
                    crate::notation::quote(a.get_ref())
                ),
            )
        })?;
        armies.push(id);
    }
    let seats = armies.len();
    let board = match &game.board {
        None => BoardKind::Standard,
        Some(b) => BoardKind::from_name(b.get_ref()).ok_or_else(|| {
            err(
                b.span().start,
                format!(
                    "[game] board: unknown board {} (standard, expanded or duel)",
                    crate::notation::quote(b.get_ref())
                ),
            )
        })?,
    };
    let mut position = Position::new(board, &armies);
    if board == BoardKind::Duel && seats != 2 {
        return Err(err(
            game.board.as_ref().map_or(gspan, |b| b.span().start),
            format!("[game] board: the Duel board is played by two seats, not {seats} (D-16)"),
        ));
    }
    if let Some(m) = &game.mode {
        let mode = Mode::from_name(m.get_ref()).ok_or_else(|| {
            err(
                m.span().start,
                format!(
                    "[game] mode: unknown mode {} (standard, deathmatch, points, one_vs_team \
                     or team)",
                    crate::notation::quote(m.get_ref())
                ),
            )
        })?;
        mode.check_seats(seats as u8)
            .map_err(|e| err(m.span().start, format!("[game] mode: {e}")))?;
        position.set_mode(mode);
    }
    let mode = position.mode();
    for s in 0..seats {
        position.hq_hp[s] = mode.hq_start(s as u8);
    }
    if mode == Mode::Points {
        if let Some(hp) = &game.hq_hp {
            return Err(err(
                hp.span().start,
                "[game] hq_hp: the points game counts points instead (key points)".into(),
            ));
        }
    } else if let Some(p) = &game.points {
        return Err(err(
            p.span().start,
            format!(
                "[game] points: only the points game has points, not mode {}",
                mode.name()
            ),
        ));
    }
    if let Some(p) = &game.points {
        let values = p.get_ref();
        if values.len() != seats {
            return Err(err(
                p.span().start,
                format!("[game] points: {} values for {seats} seats", values.len()),
            ));
        }
        for (s, v) in values.iter().enumerate() {
            let x = *v.get_ref();
            if !(0..WIN_POINTS as i64).contains(&x) {
                return Err(err(
                    v.span().start,
                    format!(
                        "[game] points: {x} for seat {s} is not in 0..{} (at {WIN_POINTS} the \
                         game is over)",
                        WIN_POINTS - 1
                    ),
                ));
            }
            position.hq_hp[s] = x as u8;
        }
    }
    if let Some(hp) = &game.hq_hp {
        let values = hp.get_ref();
        if values.len() != seats {
            return Err(err(
                hp.span().start,
                format!("[game] hq_hp: {} values for {seats} seats", values.len()),
            ));
        }
        for (s, v) in values.iter().enumerate() {
            let x = *v.get_ref();
            let top = mode.hq_start(s as u8).max(1) as i64;
            let out = game
                .eliminated
                .as_ref()
                .is_some_and(|e| e.get_ref().iter().any(|v| *v.get_ref() == s as i64));
            if out && x != 0 {
                return Err(err(
                    v.span().start,
                    format!("[game] hq_hp: seat {s} is eliminated, so its HQ is at 0, not {x}"),
                ));
            }
            if !out && !(1..=top).contains(&x) {
                return Err(err(
                    v.span().start,
                    format!("[game] hq_hp: {x} for seat {s} is not in 1..{top}"),
                ));
            }
            position.hq_hp[s] = x as u8;
        }
    }
    let to_move = match &game.to_move {
        None => None,
        Some(t) => {
            let x = *t.get_ref();
            if !(0..seats as i64).contains(&x) {
                return Err(err(
                    t.span().start,
                    format!("[game] to_move: seat {x} does not exist"),
                ));
            }
            Some(x as u8)
        }
    };
    let turn = match &game.turn {
        None => None,
        Some(t) => {
            let x = *t.get_ref();
            if !(1..=1000).contains(&x) {
                return Err(err(
                    t.span().start,
                    format!("[game] turn: {x} is not in 1..1000"),
                ));
            }
            Some(x as u32)
        }
    };
    let mut energy = [0u8; MAX_SEATS];
    if let Some(e) = &game.energy {
        if board != BoardKind::Duel || seats != 2 {
            return Err(err(
                e.span().start,
                "[game] energy: only the Duel board with two seats has energy".into(),
            ));
        }
        let values = e.get_ref();
        if values.len() != seats {
            return Err(err(
                e.span().start,
                format!("[game] energy: {} values for {seats} seats", values.len()),
            ));
        }
        for (s, v) in values.iter().enumerate() {
            let x = *v.get_ref();
            if !(0..=nshex_rules::MAX_ENERGY as i64).contains(&x) {
                return Err(err(
                    v.span().start,
                    format!("[game] energy: {x} for seat {s} is not in 0..5"),
                ));
            }
            energy[s] = x as u8;
        }
    }
    let mut eliminated = 0u8;
    if let Some(t) = &game.eliminated {
        if mode != Mode::Deathmatch {
            return Err(err(
                t.span().start,
                format!(
                    "[game] eliminated: only a deathmatch eliminates seats, not mode {}",
                    mode.name()
                ),
            ));
        }
        for v in t.get_ref() {
            let x = *v.get_ref();
            if !(0..seats as i64).contains(&x) {
                return Err(err(
                    v.span().start,
                    format!("[game] eliminated: seat {x} does not exist"),
                ));
            }
            eliminated |= 1 << x;
        }
        // An eliminated seat's HQ was destroyed.
        for s in 0..seats {
            if eliminated >> s & 1 == 1 {
                position.hq_hp[s] = 0;
            }
        }
        if eliminated.count_ones() as usize + 2 > seats {
            return Err(err(
                t.span().start,
                "[game] eliminated: at least two seats must still be in the game".into(),
            ));
        }
    }
    let ending_by = match &game.ending_by {
        None => None,
        Some(e) => {
            let x = *e.get_ref();
            if !(0..seats as i64).contains(&x) || eliminated >> x & 1 == 1 {
                return Err(err(
                    e.span().start,
                    format!("[game] ending_by: seat {x} is not a seat in the game"),
                ));
            }
            Some(x as u8)
        }
    };
    let mut options = Options::default();
    if let Some(v) = &game.variants {
        for name in v.get_ref() {
            options.variants |= Options::variant_named(name.get_ref()).ok_or_else(|| {
                err(
                    name.span().start,
                    format!(
                        "[game] variants: unknown variant {} (alternative_start, \
                         reinforcements, no_unlucky_draw)",
                        crate::notation::quote(name.get_ref())
                    ),
                )
            })?;
        }
    }
    if let Some(m) = &game.mercenaries {
        let x = *m.get_ref();
        if !(0..=2).contains(&x) {
            return Err(err(
                m.span().start,
                format!("[game] mercenaries: {x} is not 0, 1 or 2"),
            ));
        }
        options.mercenaries = x as u8;
    }
    if let Some(m) = &game.mad_bomber {
        match nshex_rules::MadBomber::from_name(m.get_ref()) {
            Some(mode) => options.mad_bomber = mode,
            None => {
                let other = m.get_ref();
                return Err(err(
                    m.span().start,
                    format!(
                        "[game] mad_bomber: {} is not off, neutral or mercenary",
                        crate::notation::quote(other)
                    ),
                ));
            }
        }
    }
    let mut terror = 0u8;
    if let Some(t) = &game.terror {
        for v in t.get_ref() {
            let x = *v.get_ref();
            if !(0..seats as i64).contains(&x) {
                return Err(err(
                    v.span().start,
                    format!("[game] terror: seat {x} does not exist"),
                ));
            }
            terror |= 1 << x;
        }
    }

    let seat_of = |s: &Spanned<i64>, what: &str| -> Result<u8, ScenarioError> {
        let x = *s.get_ref();
        if (0..seats as i64).contains(&x) {
            Ok(x as u8)
        } else {
            Err(err(
                s.span().start,
                format!("{what}: seat {x} has no army (seats 0..{})", seats - 1),
            ))
        }
    };
    let tile_of = |seat: u8, t: &Spanned<String>, what: &str| -> Result<TileId, ScenarioError> {
        let id = t.get_ref();
        let tid = set.find(id).ok_or_else(|| {
            err(
                t.span().start,
                format!("{what}: unknown tile {}", crate::notation::quote(id)),
            )
        })?;
        let army = set.tile(tid).army;
        if army != armies[seat as usize] && army != nshex_rules::MERCENARY_ARMY {
            return Err(err(
                t.span().start,
                format!(
                    "{what}: tile {} is not in seat {seat}'s army ({})",
                    crate::notation::quote(id),
                    set.army(armies[seat as usize]).id
                ),
            ));
        }
        Ok(tid)
    };

    // [[unit]]
    let mut hq_seen = [false; MAX_SEATS];
    // The Mercenaries met so far (board, hands, [[mercenary]]): each at most once (D-25).
    let mut merc_seen = 0u8;
    for (n, entry) in raw.unit.iter().enumerate() {
        let at_entry = entry.span().start;
        let u = entry.get_ref();
        let what = format!("[[unit]] #{}", n + 1);
        let seat = match u.seat.get_ref() {
            RawSeat::Number(x) => seat_of(&Spanned::new(u.seat.span(), *x), &what)?,
            RawSeat::Name(name) if name == "neutral" => {
                let bomber = set.mad_bomber.filter(|_| {
                    options.mad_bomber != nshex_rules::MadBomber::Off
                        && set.find(u.tile.get_ref()) == set.mad_bomber
                });
                if bomber.is_none() {
                    return Err(err(
                        u.seat.span().start,
                        format!(
                            "{what}: only the Mad Bomber (tile = \"mercenaries.mad_bomber\") is \
                             neutral, with [game] mad_bomber = \"neutral\" or \"mercenary\""
                        ),
                    ));
                }
                nshex_rules::NEUTRAL
            }
            RawSeat::Name(name) => {
                return Err(err(
                    u.seat.span().start,
                    format!(
                        "{what}: seat {} is not a seat number or \"neutral\"",
                        crate::notation::quote(name)
                    ),
                ))
            }
        };
        let tid = if seat == nshex_rules::NEUTRAL {
            set.mad_bomber.expect("checked above")
        } else {
            tile_of(seat, &u.tile, &what)?
        };
        let def = set.tile(tid);
        let what = format!("[[unit]] #{} ({})", n + 1, def.id);
        if !def.is_board_tile() {
            return Err(err(
                u.tile.span().start,
                format!("{what}: an instant action is not placed on the board"),
            ));
        }
        if def.kind == Kind::Foundation {
            return Err(err(
                u.tile.span().start,
                format!("{what}: a foundation is not a unit: list it under [[foundation]]"),
            ));
        }
        let at = u.at.get_ref();
        if at.len() != 2 {
            return Err(err(u.at.span().start, format!("{what}: at must be [q, r]")));
        }
        let hex = hex_of([at[0], at[1]]).ok();
        let cell = hex.and_then(|h| position.cell_of(h)).ok_or_else(|| {
            err(
                u.at.span().start,
                format!(
                    "{what}: hex [{}, {}] is off the board (the {} board)",
                    at[0],
                    at[1],
                    board.name()
                ),
            )
        })?;
        let hex = hex.unwrap();
        if position.cells[cell as usize].is_some() {
            return Err(err(
                at_entry,
                format!("{what}: hex {hex} is already occupied"),
            ));
        }
        let facing = match &u.facing {
            None => 0,
            Some(f) => {
                let x = *f.get_ref();
                if !(0..=5).contains(&x) {
                    return Err(err(
                        f.span().start,
                        format!("{what}: facing {x} is not in 0..5"),
                    ));
                }
                x as u8
            }
        };
        let wounds = match &u.wounds {
            None => 0,
            Some(w) => {
                let x = *w.get_ref();
                if def.is_hq() && x != 0 {
                    return Err(err(
                        w.span().start,
                        format!("{what}: an HQ has no wounds; its damage goes in [game] hq_hp"),
                    ));
                }
                if x < 0 || x >= def.hit_points() as i64 {
                    return Err(err(
                        w.span().start,
                        format!(
                            "{what}: wounds = {x}: the unit would be already dead (it has {} hit point{})",
                            def.hit_points(),
                            if def.hit_points() == 1 { "" } else { "s" }
                        ),
                    ));
                }
                x as u8
            }
        };
        if def.mad_bomber && options.mad_bomber == nshex_rules::MadBomber::Off {
            return Err(err(
                u.tile.span().start,
                format!(
                    "{what}: the Mad Bomber needs [game] mad_bomber = \"neutral\" or \"mercenary\""
                ),
            ));
        }
        if def.mad_bomber
            && seat != nshex_rules::NEUTRAL
            && options.mad_bomber == nshex_rules::MadBomber::Neutral
        {
            return Err(err(
                u.seat.span().start,
                format!("{what}: with mad_bomber = \"neutral\" the Mad Bomber has no owner: seat = \"neutral\""),
            ));
        }
        if seat != nshex_rules::NEUTRAL && eliminated >> seat & 1 == 1 {
            return Err(err(
                at_entry,
                format!(
                    "{what}: seat {seat} is eliminated ([game] eliminated): nothing of it stays \
                     on the board (D-26)"
                ),
            ));
        }
        if def.army == nshex_rules::MERCENARY_ARMY {
            if let Some(i) = set.mercenaries.iter().position(|&m| m == tid) {
                if merc_seen >> i & 1 == 1 {
                    return Err(err(
                        at_entry,
                        format!("{what}: each Mercenary is in the game once (D-25)"),
                    ));
                }
                merc_seen |= 1 << i;
            }
        }
        if def.is_hq() {
            if hq_seen[seat as usize] {
                return Err(err(
                    at_entry,
                    format!("{what}: a second HQ for seat {seat}"),
                ));
            }
            hq_seen[seat as usize] = true;
        }
        position.place(hex, tid, seat, facing, wounds);
    }

    // [[foundation]]
    for (n, entry) in raw.foundation.iter().enumerate() {
        let f = entry.get_ref();
        let what = format!("[[foundation]] #{}", n + 1);
        let seat = seat_of(&f.seat, &what)?;
        let tid = tile_of(seat, &f.tile, &what)?;
        if set.tile(tid).kind != Kind::Foundation {
            return Err(err(
                f.tile.span().start,
                format!("{what}: {} is not a foundation tile", set.tile(tid).id),
            ));
        }
        let at = f.at.get_ref();
        let hex = (at.len() == 2)
            .then(|| hex_of([at[0], at[1]]).ok())
            .flatten();
        let cell = hex.and_then(|h| position.cell_of(h)).ok_or_else(|| {
            err(
                f.at.span().start,
                format!(
                    "{what}: at must be [q, r], a hex of the {} board",
                    board.name()
                ),
            )
        })?;
        if position.cells[cell as usize].is_some() || position.foundations.is_at(cell) {
            return Err(err(
                entry.span().start,
                format!(
                    "{what}: hex {} already holds a tile (a foundation shares its hex with nothing)",
                    hex.expect("a hex")
                ),
            ));
        }
        if !position.place_foundation(hex.expect("a hex"), tid, seat) {
            return Err(err(
                entry.span().start,
                format!("{what}: a board holds at most {MAX_FOUNDATIONS} foundations"),
            ));
        }
    }
    position.settle();

    // [[hand]] and [[deck]]
    let piles = |entries: &[Spanned<RawPile>], kind: &str| {
        let mut out: Vec<Option<Vec<TileId>>> = vec![None; seats];
        for (n, entry) in entries.iter().enumerate() {
            let what = format!("[[{kind}]] #{}", n + 1);
            let p = entry.get_ref();
            let seat = seat_of(&p.seat, &what)?;
            if out[seat as usize].is_some() {
                return Err(err(
                    entry.span().start,
                    format!("{what}: a second {kind} for seat {seat}"),
                ));
            }
            let mut list = Vec::new();
            for t in p.tiles.get_ref() {
                let tid = tile_of(seat, t, &what)?;
                if set.tile(tid).is_hq() {
                    return Err(err(
                        t.span().start,
                        format!("{what}: the HQ is never in a {kind}"),
                    ));
                }
                list.push(tid);
            }
            let limit = options.hand_limit() as usize;
            if kind == "hand" && list.len() > limit {
                return Err(err(
                    p.tiles.span().start,
                    format!("{what}: {} tiles, a hand holds at most {limit}", list.len()),
                ));
            }
            let merc = |t: &TileId| set.tile(*t).army == nshex_rules::MERCENARY_ARMY;
            if kind == "deck" && list.iter().any(merc) {
                return Err(err(
                    p.tiles.span().start,
                    format!("{what}: a Mercenary is never in a deck (D-25)"),
                ));
            }
            out[seat as usize] = Some(list);
        }
        Ok(out)
    };
    let hands = piles(&raw.hand, "hand")?;
    let decks = piles(&raw.deck, "deck")?;
    // [[mercenary]]: a seat's unused Mercenaries.
    let mut mercs = [0u8; MAX_SEATS];
    for (n, entry) in raw.mercenary.iter().enumerate() {
        let what = format!("[[mercenary]] #{}", n + 1);
        let p = entry.get_ref();
        let seat = seat_of(&p.seat, &what)?;
        for t in p.tiles.get_ref() {
            let id = t.get_ref();
            let i = set
                .find(id)
                .and_then(|tid| set.mercenaries.iter().position(|&m| m == tid))
                .ok_or_else(|| {
                    err(
                        t.span().start,
                        format!("{what}: {} is not a Mercenary", crate::notation::quote(id)),
                    )
                })?;
            mercs[seat as usize] |= 1 << i;
        }
    }
    // Each Mercenary is in the game once (D-25): on the board (checked above), in a hand or
    // unused beside a seat's deck, never in two of these places nor listed twice.
    for (kind, entries) in [("hand", &raw.hand), ("mercenary", &raw.mercenary)] {
        for (n, entry) in entries.iter().enumerate() {
            for t in entry.get_ref().tiles.get_ref() {
                let tid = set.find(t.get_ref());
                let Some(i) = tid.and_then(|tid| set.mercenaries.iter().position(|&m| m == tid))
                else {
                    continue;
                };
                if merc_seen >> i & 1 == 1 {
                    return Err(err(
                        t.span().start,
                        format!(
                            "[[{kind}]] #{}: {} is listed twice: each Mercenary is in the game \
                             once (D-25)",
                            n + 1,
                            crate::notation::quote(t.get_ref())
                        ),
                    ));
                }
                merc_seen |= 1 << i;
            }
        }
    }
    // Mercenaries anywhere mean a game with them: as many per seat as the seats allow,
    // unless `[game] mercenaries` says.
    let merc_tile = |t: TileId| set.mercenaries.contains(&t);
    let any_merc = mercs.iter().any(|&m| m != 0)
        || hands.iter().flatten().flatten().any(|&t| merc_tile(t))
        || position.units().any(|(_, u)| merc_tile(u.tile));
    if options.mercenaries == 0 && any_merc {
        if let Some(m) = &game.mercenaries {
            return Err(err(
                m.span().start,
                "[game] mercenaries = 0, but Mercenaries are listed ([[mercenary]], a hand or \
                 the board)"
                    .into(),
            ));
        }
        options.mercenaries = if seats == 2 { 2 } else { 1 };
    }
    for (s, &m) in mercs.iter().enumerate() {
        if m.count_ones() > options.mercenaries as u32 {
            let at = raw
                .mercenary
                .iter()
                .find(|e| *e.get_ref().seat.get_ref() == s as i64);
            return Err(err(
                at.map_or(0, |e| e.span().start),
                format!(
                    "[[mercenary]]: seat {s} holds {} unused Mercenaries, more than the {} each \
                     seat hires",
                    m.count_ones(),
                    options.mercenaries
                ),
            ));
        }
    }
    if let Err(m) = options.check(seats as u8) {
        let at = game.mercenaries.as_ref().map_or(0, |m| m.span().start);
        return Err(err(at, format!("[game] mercenaries: {m}")));
    }
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
    // An empty board starts a game at the HQ placement: seat 0 places first, and no turn
    // has begun. A `to_move` or `turn` that says otherwise is a mistake, not a detail.
    if position.units().next().is_none() {
        if let Some(t) = game.to_move.as_ref().filter(|t| *t.get_ref() != 0) {
            return Err(err(
                t.span().start,
                format!(
                    "[game] to_move: the board is empty, so the game starts with the HQ \
                     placement, which seat 0 begins (not seat {})",
                    t.get_ref()
                ),
            ));
        }
        if let Some(t) = &game.turn {
            return Err(err(
                t.span().start,
                "[game] turn: the board is empty, so the game starts with the HQ placement, \
                 before turn 1 (leave turn out)"
                    .into(),
            ));
        }
    }
    let choices = match raw.choices {
        None => BattleChoices::default(),
        Some(c) => {
            let start = c.span().start;
            convert_choices(c.into_inner()).map_err(|m| err(start, format!("[choices]: {m}")))?
        }
    };
    Ok(Scenario {
        game_line: line_of(text, gspan),
        position,
        hands,
        decks,
        to_move,
        turn,
        script,
        choices,
        energy,
        terror,
        eliminated,
        ending_by,
        options,
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
    fn lines_agree_with_line_of() {
        let text = "a\nbb\n\nccc\n";
        let lines = Lines::new(text);
        for offset in 0..text.len() + 3 {
            assert_eq!(lines.of(offset), line_of(text, offset), "offset {offset}");
        }
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
