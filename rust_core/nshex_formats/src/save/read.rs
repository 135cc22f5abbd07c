//! Reading a state written by `game_to_json`: every field checked and named by its path in
//! the error. One reader per group of keys, called in the order the errors are reported.

use crate::notation::line_to_action;
use nshex_rules::text::quote;
use nshex_rules::{tiles, ArmyId, TileId};
use nshex_rules::{AfterBattle, Ending, Game, GameState, Options, Outcome, Stage};
use nshex_rules::{BoardKind, Hex, MERCENARY_ARMY};
use nshex_rules::{Foundation, Kind, Mode, Position, Unit, HQ_START_HP, MAX_SEATS};
use serde_json::{Map, Value};

/// Reads fields with their path in error messages.
pub(super) struct R<'a> {
    pub v: &'a Value,
    pub path: String,
}

impl<'a> R<'a> {
    pub fn root(v: &'a Value, path: &str) -> R<'a> {
        R {
            v,
            path: path.to_string(),
        }
    }
    pub fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{}: {what}", self.path))
    }
    fn obj(&self) -> Result<&'a Map<String, Value>, String> {
        self.v
            .as_object()
            .map_or_else(|| self.err("expected an object"), Ok)
    }
    pub fn get(&self, key: &str) -> Result<R<'a>, String> {
        let o = self.obj()?;
        match o.get(key) {
            Some(v) => Ok(R {
                v,
                path: format!("{}.{key}", self.path),
            }),
            None => Err(format!("{}: missing key {key:?}", self.path)),
        }
    }
    pub fn items(&self) -> Result<Vec<R<'a>>, String> {
        match self.v.as_array() {
            Some(a) => Ok(a
                .iter()
                .enumerate()
                .map(|(i, v)| R {
                    v,
                    path: format!("{}[{i}]", self.path),
                })
                .collect()),
            None => self.err("expected a list"),
        }
    }
    pub fn int(&self, lo: i64, hi: i64) -> Result<i64, String> {
        match self.v.as_i64() {
            Some(x) if (lo..=hi).contains(&x) => Ok(x),
            Some(x) => self.err(&format!("{x} is not in {lo}..{hi}")),
            None => self.err("expected a whole number"),
        }
    }
    pub fn str(&self) -> Result<&'a str, String> {
        self.v
            .as_str()
            .map_or_else(|| self.err("expected a string"), Ok)
    }
    fn bool(&self) -> Result<bool, String> {
        match self.v {
            Value::Bool(b) => Ok(*b),
            _ => self.err("true or false"),
        }
    }
    fn tile(&self) -> Result<TileId, String> {
        let s = self.str()?;
        tiles()
            .find(s)
            .map_or_else(|| self.err(&format!("unknown tile {}", quote(s))), Ok)
    }
    fn tiles(&self) -> Result<Vec<TileId>, String> {
        self.items()?.iter().map(|r| r.tile()).collect()
    }
    fn hex_cell(&self, pos: &Position) -> Result<u8, String> {
        let it = self.items()?;
        if it.len() != 2 {
            return self.err("a hex is [q, r]");
        }
        let h = Hex::new(it[0].int(-9, 9)? as i8, it[1].int(-9, 9)? as i8);
        pos.cell_of(h)
            .map_or_else(|| self.err(&format!("hex {h} is off the board")), Ok)
    }
    fn cells(&self, pos: &Position) -> Result<u64, String> {
        let mut m = 0u64;
        for r in self.items()? {
            m |= 1 << r.hex_cell(pos)?;
        }
        Ok(m)
    }
    /// A list of seats as a bit mask.
    fn seat_mask(&self, seats: usize) -> Result<u8, String> {
        let mut m = 0u8;
        for s in self.items()? {
            m |= 1 << s.int(0, seats as i64 - 1)?;
        }
        Ok(m)
    }
    /// One whole number in `lo..=hi` per seat.
    fn per_seat(&self, seats: usize, hi: i64) -> Result<[u32; MAX_SEATS], String> {
        let items = self.items()?;
        if items.len() != seats {
            return self.err("one value per seat");
        }
        let mut out = [0u32; MAX_SEATS];
        for (s, x) in items.iter().enumerate() {
            out[s] = x.int(0, hi)? as u32;
        }
        Ok(out)
    }
}

/// A game's options (`options`).
fn options_of(r: &R<'_>) -> Result<Options, String> {
    let mut o = Options::default();
    for v in r.get("variants")?.items()? {
        let name = v.str()?;
        o.variants |= Options::variant_named(name)
            .map_or_else(|| v.err(&format!("unknown variant {}", quote(name))), Ok)?;
    }
    o.mercenaries = r.get("mercenaries")?.int(0, 2)? as u8;
    o.random_mercenaries = match r.get("random_mercenaries")?.v {
        Value::Bool(b) => *b,
        _ => return r.get("random_mercenaries")?.err("true or false"),
    };
    // Saves from before the Mad Bomber have no key: off.
    if let Ok(m) = r.get("mad_bomber") {
        let name = m.str()?;
        o.mad_bomber = nshex_rules::MadBomber::from_name(name)
            .map_or_else(|| m.err("\"off\", \"neutral\" or \"mercenary\""), Ok)?;
    }
    Ok(o)
}

/// What a battle or the credits lead to when over.
fn after_of(r: &R<'_>, action: bool) -> Result<AfterBattle, String> {
    Ok(match r.str()? {
        "end_turn" => AfterBattle::EndTurn,
        "full_board" => AfterBattle::FullBoard,
        "final" => AfterBattle::Final,
        "overtime" => AfterBattle::Overtime,
        "action" if action => AfterBattle::Action,
        other => return r.err(&format!("unknown {}", quote(other))),
    })
}

/// Reads a state written by [`game_to_json`](super::game_to_json), checking every field and
/// that every army's 35 tiles are accounted for exactly once.
pub fn game_from_json(v: &Value) -> Result<Game, String> {
    let r = R::root(v, "state");
    let armies = armies_of(&r)?;
    let seats = armies.len();
    let board_r = r.get("board")?;
    let board =
        BoardKind::from_name(board_r.str()?).map_or_else(|| board_r.err("unknown board"), Ok)?;
    // A game of these armies, for reading the battle answers (hexes) in the notation.
    let blank = Game::new(&armies, board, 0);
    let mut pos = Position::new(board, &armies);
    mode_and_hq(&r, seats, &mut pos)?;
    units_of(&r, &armies, &mut pos)?;
    pos.next_placed = r.get("next_placed")?.int(0, 10_000)? as u16;
    foundations_of(&r, &armies, &mut pos)?;
    // The hand limits are the rules' (`Game::from_state`): 3 tiles, 6 with Reinforcements.
    let hands = per_seat_tiles(&r, "hands", seats)?;
    let mut decks = per_seat_tiles(&r, "decks", seats)?;
    for d in &mut decks {
        d.reverse();
    }
    let discards = per_seat_tiles(&r, "discards", seats)?;
    let to_move = r.get("to_move")?.int(0, seats as i64 - 1)? as u8;
    let turn = r.get("turn")?.int(0, 1_000_000)? as u32;
    let turns_taken = r.get("turns_taken")?.per_seat(seats, 1_000_000)?;
    // Older saves have no such key: everybody had the automatic answers.
    let manual_choices = optional(&r, "manual_battle_choices", |m| m.seat_mask(seats))?;
    let (stage, waiting) = stage_of(&r.get("stage")?, &pos, &blank, seats)?;
    let ending = ending_of(&r.get("ending")?)?;
    let outcome = outcome_of(&r.get("outcome")?, seats)?;
    let used_mobility = r.get("used_mobility")?.cells(&pos)?;
    let used_transport = r.get("used_transport")?.cells(&pos)?;
    let battles = r.get("battles")?.int(0, 1_000_000)? as u32;
    let d = details_of(&r, &pos, seats)?;
    Game::from_state(GameState {
        pos,
        hands,
        decks,
        discards,
        to_move,
        turn,
        turns_taken,
        stage,
        ending,
        outcome,
        used_mobility,
        used_transport,
        battles,
        manual_choices,
        waiting,
        used_grant: d.used_grant,
        terror: d.terror,
        energy: d.energy,
        exchange_open: d.exchange_open,
        rotations: d.rotations,
        known_top: d.known_top,
        eliminated: d.eliminated,
        eliminated_in: d.eliminated_in,
        used_rotate: d.used_rotate,
        credit_wait: d.credit_wait,
        ending_by: d.ending_by,
        options: d.options,
        mercs: d.mercs,
        played: d.counters[0],
        drawn_now: d.counters[1],
    })
    .map_err(|e| {
        if e.field.is_empty() {
            format!("state: {}", e.message)
        } else {
            format!("state.{}: {}", e.field, e.message)
        }
    })
}

/// A key older saves may lack: read when present, else nothing (0).
fn optional<T: Default>(
    r: &R<'_>,
    key: &str,
    read: impl FnOnce(&R<'_>) -> Result<T, String>,
) -> Result<T, String> {
    match r.get(key) {
        Ok(x) => read(&x),
        Err(_) => Ok(T::default()),
    }
}

/// `armies`: two to four known armies.
fn armies_of(r: &R<'_>) -> Result<Vec<ArmyId>, String> {
    let armies_r = r.get("armies")?.items()?;
    if !(2..=MAX_SEATS).contains(&armies_r.len()) {
        return r.get("armies")?.err("2 to 4 armies");
    }
    let mut armies = Vec::new();
    for a in &armies_r {
        let s = a.str()?;
        armies.push(
            tiles()
                .find_army(s)
                .map_or_else(|| a.err(&format!("unknown army {}", quote(s))), Ok)?,
        );
    }
    Ok(armies)
}

/// `mode` (older saves: standard) and `hq_hp`.
fn mode_and_hq(r: &R<'_>, seats: usize, pos: &mut Position) -> Result<(), String> {
    if let Ok(m) = r.get("mode") {
        let mode = Mode::from_name(m.str()?).map_or_else(|| m.err("unknown mode"), Ok)?;
        if let Err(e) = mode.check_seats(seats as u8) {
            return m.err(&e);
        }
        pos.set_mode(mode);
    }
    let hp = r.get("hq_hp")?.items()?;
    if hp.len() != seats {
        return r.get("hq_hp")?.err("one value per seat");
    }
    for (s, h) in hp.iter().enumerate() {
        pos.hq_hp[s] = h.int(0, HQ_START_HP as i64)? as u8;
    }
    Ok(())
}

/// `units`: board tiles of their seat's army (or Mercenaries, or the neutral Mad Bomber),
/// one per hex.
fn units_of(r: &R<'_>, armies: &[ArmyId], pos: &mut Position) -> Result<(), String> {
    let set = tiles();
    let seats = armies.len();
    for u in r.get("units")?.items()? {
        let seat = if u.get("seat")?.str().is_ok_and(|s| s == "neutral") {
            nshex_rules::NEUTRAL
        } else {
            u.get("seat")?.int(0, seats as i64 - 1)? as u8
        };
        let tile = u.get("tile")?.tile()?;
        let def = set.tile(tile);
        if seat == nshex_rules::NEUTRAL && !def.mad_bomber {
            return u.get("seat")?.err("only the Mad Bomber is neutral");
        }
        let own = def.army == MERCENARY_ARMY
            || (seat != nshex_rules::NEUTRAL && def.army == armies[seat as usize]);
        if !own || !def.is_board_tile() {
            return u.get("tile")?.err("not a board tile of that seat's army");
        }
        let cell = u.get("at")?.hex_cell(pos)?;
        if pos.cells[cell as usize].is_some() {
            return u.get("at")?.err("two tiles on one hex");
        }
        let wounds = u.get("wounds")?.int(0, def.toughness as i64)? as u8;
        pos.cells[cell as usize] = Some(Unit {
            tile,
            seat,
            ctrl: seat,
            facing: u.get("facing")?.int(0, 5)? as u8,
            wounds,
            placed: u.get("placed")?.int(0, 10_000)? as u16,
        });
    }
    Ok(())
}

/// `foundations` (the Duel's; older saves have none): foundations of their seat's army, each
/// alone on its hex.
fn foundations_of(r: &R<'_>, armies: &[ArmyId], pos: &mut Position) -> Result<(), String> {
    let set = tiles();
    let Ok(list) = r.get("foundations") else {
        return Ok(());
    };
    for f in list.items()? {
        let seat = f.get("seat")?.int(0, armies.len() as i64 - 1)? as u8;
        let tile = f.get("tile")?.tile()?;
        let def = set.tile(tile);
        if def.army != armies[seat as usize] || def.kind != Kind::Foundation {
            return f.get("tile")?.err("not a foundation of that seat's army");
        }
        let cell = f.get("at")?.hex_cell(pos)?;
        if pos.cells[cell as usize].is_some() || pos.foundations.is_at(cell) {
            return f.get("at")?.err("a foundation shares its hex with nothing");
        }
        if !pos.foundations.put(cell, Foundation { tile, seat }) {
            return f.get("at")?.err("more foundations than a board holds");
        }
    }
    Ok(())
}

/// `hands`, `decks` or `discards`: one list of tiles per seat.
fn per_seat_tiles(r: &R<'_>, key: &str, seats: usize) -> Result<Vec<Vec<TileId>>, String> {
    let list = r.get(key)?.items()?;
    if list.len() != seats {
        return r.get(key)?.err("one list per seat");
    }
    list.iter().map(|x| x.tiles()).collect()
}

/// A waiting battle: what follows it, and the answers given so far.
type Waiting = Option<(AfterBattle, Vec<nshex_rules::Answer>)>;

/// `stage`, and with a battle choice the battle waiting for it (its answers read in the
/// notation of `blank`, a game of these armies).
fn stage_of(
    st: &R<'_>,
    pos: &Position,
    blank: &Game,
    seats: usize,
) -> Result<(Stage, Waiting), String> {
    let mut waiting = None;
    let stage = match st.get("kind")?.str()? {
        "place_hq" => Stage::PlaceHq,
        "hire" => Stage::Hire,
        "mercenary" => Stage::Mercenary {
            left: st.get("left")?.int(1, 6)? as u8,
        },
        "draw" => Stage::Draw {
            left: st.get("left")?.int(1, 6)? as u8,
        },
        "discard" => Stage::Discard,
        "main" => Stage::Main,
        "push_to" => Stage::PushTo {
            target: st.get("target")?.hex_cell(pos)?,
            options: st.get("options")?.cells(pos)?,
        },
        "over" => Stage::Over,
        "battle_choice" => {
            let then = after_of(&st.get("then")?, false)?;
            let mut answers = Vec::new();
            for line in st.get("answers")?.items()? {
                let a = line_to_action(blank, line.str()?)
                    .map_err(|e| format!("{}: {e}", line.path))?
                    .answer()
                    .map_or_else(|| line.err("not a battle answer"), Ok)?;
                answers.push(a);
            }
            waiting = Some((then, answers));
            Stage::BattleChoice {
                seat: st.get("seat")?.int(0, seats as i64 - 1)? as u8,
            }
        }
        other => {
            return st
                .get("kind")?
                .err(&format!("unknown stage {}", quote(other)))
        }
    };
    Ok((stage, waiting))
}

/// `ending`: the ending sequence.
fn ending_of(en: &R<'_>) -> Result<Ending, String> {
    Ok(match en.get("kind")?.str()? {
        "none" => Ending::None,
        "last_tile_drawn" => Ending::LastTileDrawn,
        "last_round" => Ending::LastRound {
            turns_left: en.get("turns_left")?.int(0, 4)? as u8,
        },
        "tie_break" => Ending::TieBreak {
            turns_left: en.get("turns_left")?.int(0, 4)? as u8,
        },
        other => {
            return en
                .get("kind")?
                .err(&format!("unknown ending {}", quote(other)))
        }
    })
}

/// `outcome`: null, "draw", a winner or the seats that share the win.
fn outcome_of(oc: &R<'_>, seats: usize) -> Result<Option<Outcome>, String> {
    Ok(match oc.v {
        Value::Null => None,
        Value::String(s) if s == "draw" => Some(Outcome::Draw),
        Value::Array(_) => {
            let m = oc.seat_mask(seats)?;
            if m.count_ones() < 2 {
                return oc.err("a list names two or more seats that share the win");
            }
            Some(Outcome::Shared(m))
        }
        _ => Some(Outcome::Winner(oc.int(0, seats as i64 - 1)? as u8)),
    })
}

/// The state's later keys, most of which older saves lack.
struct Details {
    used_rotate: bool,
    credit_wait: Option<nshex_rules::CreditWait>,
    ending_by: u8,
    used_grant: u64,
    terror: u8,
    energy: [u8; MAX_SEATS],
    known_top: [u8; MAX_SEATS],
    exchange_open: bool,
    eliminated: u8,
    eliminated_in: [u32; MAX_SEATS],
    options: Options,
    mercs: [u8; MAX_SEATS],
    counters: [u8; 2],
    rotations: Vec<(u16, u8)>,
}

fn details_of(r: &R<'_>, pos: &Position, seats: usize) -> Result<Details, String> {
    let used_rotate = optional(r, "used_rotate", |x| x.bool())?;
    let credit_wait = credits_of(r, seats)?;
    let ending_by = match r.get("ending_by") {
        Ok(x) if !x.v.is_null() => x.int(0, seats as i64 - 1)? as u8,
        _ => nshex_rules::NO_SEAT,
    };
    let used_grant = optional(r, "used_grant", |x| x.cells(pos))?;
    let terror = optional(r, "terror", |t| t.seat_mask(seats))?;
    let mut energy = [0u8; MAX_SEATS];
    let mut known_top = [0u8; MAX_SEATS];
    for (key, out) in [("energy", &mut energy), ("known_top", &mut known_top)] {
        if let Ok(list) = r.get(key) {
            let values = list.per_seat(seats, 35)?;
            for s in 0..MAX_SEATS {
                out[s] = values[s] as u8;
            }
        }
    }
    let exchange_open = optional(r, "exchange_open", |x| x.bool())?;
    let eliminated = optional(r, "eliminated", |l| l.seat_mask(seats))?;
    let eliminated_in = match r.get("eliminated_in") {
        Ok(list) => list.per_seat(seats, 1_000_000)?,
        Err(_) => [0u32; MAX_SEATS],
    };
    // Older saves have no options: the plain game.
    let options = optional(r, "options", options_of)?;
    let mercs = mercenaries_of(r, seats)?;
    let mut counters = [0u8; 2];
    for (key, out) in ["played", "drawn_now"].into_iter().zip(counters.iter_mut()) {
        if let Ok(x) = r.get(key) {
            *out = x.int(0, 6)? as u8;
        }
    }
    let rotations = optional(r, "rotations", |list| rotations_of(list, pos, seats))?;
    Ok(Details {
        used_rotate,
        credit_wait,
        ending_by,
        used_grant,
        terror,
        energy,
        known_top,
        exchange_open,
        eliminated,
        eliminated_in,
        options,
        mercs,
        counters,
        rotations,
    })
}

/// `credits` (the points game): a battle's own wounds still to be given.
fn credits_of(r: &R<'_>, seats: usize) -> Result<Option<nshex_rules::CreditWait>, String> {
    let c = match r.get("credits") {
        Ok(c) if !c.v.is_null() => c,
        _ => return Ok(None),
    };
    let mut left = [0u8; MAX_SEATS];
    let items = c.get("left")?.items()?;
    if items.len() != seats {
        return c.get("left")?.err("one value per seat");
    }
    for (s, x) in items.iter().enumerate() {
        left[s] = x.int(0, 255)? as u8;
    }
    let changed = c.get("changed")?.bool()?;
    if left.iter().all(|&n| n == 0) {
        return c.get("left")?.err("some points must be left to give");
    }
    Ok(Some(nshex_rules::CreditWait {
        then: after_of(&c.get("then")?, true)?,
        changed,
        left,
    }))
}

/// `mercenaries`: each seat's unused Mercenaries, a bit mask over the set's list.
fn mercenaries_of(r: &R<'_>, seats: usize) -> Result<[u8; MAX_SEATS], String> {
    let set = tiles();
    let mut mercs = [0u8; MAX_SEATS];
    let Ok(list) = r.get("mercenaries") else {
        return Ok(mercs);
    };
    let items = list.items()?;
    if items.len() != seats {
        return list.err("one list per seat");
    }
    for (s, x) in items.iter().enumerate() {
        for t in x.items()? {
            let tile = t.tile()?;
            let i = set.mercenaries.iter().position(|&m| m == tile);
            let i = i.map_or_else(|| t.err("not a Mercenary"), Ok)?;
            mercs[s] |= 1 << i;
        }
    }
    Ok(mercs)
}

/// `rotations`: takeover rotations due (D-12), by the unit's hex.
fn rotations_of(list: &R<'_>, pos: &Position, seats: usize) -> Result<Vec<(u16, u8)>, String> {
    let mut rotations = Vec::new();
    for x in list.items()? {
        let cell = x.get("at")?.hex_cell(pos)?;
        let Some(u) = pos.cells[cell as usize] else {
            return x.get("at")?.err("no unit on that hex");
        };
        rotations.push((u.placed, x.get("seat")?.int(0, seats as i64 - 1)? as u8));
    }
    Ok(rotations)
}
