//! Games as JSON: a snapshot of the whole state, and a save file (the start, the seed and
//! the actions in notation, replayed on loading, so a save is readable and can only hold a
//! game the rules allow).
//!
//! Loading never trusts the file: every field is checked, and a problem is reported with
//! the field's path.

use crate::notation::{action_to_line, line_to_action};
use nshex_rules::Outcome;
use nshex_rules::{tiles, TileId};
use nshex_rules::{Action, AfterBattle, Ending, Game, GameState, Options, Stage, MERCENARY_ARMY};
use nshex_rules::{BoardKind, Hex};
use nshex_rules::{Foundation, Kind, Mode, Position, Unit, HQ_START_HP, MAX_SEATS};
use serde_json::{json, Map, Value};

/// The format name and version written into every save file.
pub const SAVE_FORMAT: &str = "nshex-save";
pub const SAVE_VERSION: u64 = 1;

fn tile_ids(list: &[TileId]) -> Value {
    Value::Array(list.iter().map(|&t| json!(tiles().tile(t).id)).collect())
}

pub(crate) fn cells_to_hexes(pos: &Position, mask: u64) -> Value {
    let geo = pos.geometry();
    Value::Array(
        (0..geo.len() as u8)
            .filter(|&c| mask >> c & 1 == 1)
            .map(|c| {
                let h = geo.hex(c);
                json!([h.q, h.r])
            })
            .collect(),
    )
}

/// The whole state as JSON (decks top first).
pub fn game_to_json(g: &Game) -> Value {
    let pos = g.pos();
    let seats = pos.seats as usize;
    let units: Vec<Value> = pos
        .units()
        .map(|(h, u)| {
            json!({"seat": crate::json::seat_json(u.seat), "tile": u.def().id, "at": [h.q, h.r], "facing": u.facing,
                   "wounds": u.wounds, "placed": u.placed})
        })
        .collect();
    let stage = match g.stage() {
        Stage::Hire => json!({"kind": "hire"}),
        Stage::Mercenary { left } => json!({"kind": "mercenary", "left": left}),
        Stage::PlaceHq => json!({"kind": "place_hq"}),
        Stage::Draw { left } => json!({"kind": "draw", "left": left}),
        Stage::Discard => json!({"kind": "discard"}),
        Stage::Main => json!({"kind": "main"}),
        Stage::PushTo { target, options } => json!({"kind": "push_to",
            "target": cells_to_hexes(pos, 1 << target)[0], "options": cells_to_hexes(pos, options)}),
        Stage::BattleChoice { seat } => {
            let (then, answers) = g.state().waiting.expect("a battle waiting for an answer");
            let answers: Vec<String> = answers
                .iter()
                .map(|&a| action_to_line(g, Action::from_answer(a)))
                .collect();
            json!({"kind": "battle_choice", "seat": seat, "then": after_name(then),
                   "answers": answers})
        }
        Stage::Over => json!({"kind": "over"}),
    };
    let ending = match g.ending() {
        Ending::None => json!({"kind": "none"}),
        Ending::LastTileDrawn => json!({"kind": "last_tile_drawn"}),
        Ending::LastRound { turns_left } => json!({"kind": "last_round", "turns_left": turns_left}),
        Ending::TieBreak { turns_left } => json!({"kind": "tie_break", "turns_left": turns_left}),
    };
    let outcome = match g.outcome() {
        None => Value::Null,
        Some(o) => crate::json::outcome_json(o),
    };
    json!({
        "armies": (0..seats).map(|s| pos.army_id(s as u8)).collect::<Vec<_>>(),
        "board": pos.board.name(),
        "hq_hp": &pos.hq_hp[..seats],
        "units": units,
        "next_placed": pos.next_placed,
        "hands": g.hands().iter().map(|h| tile_ids(h)).collect::<Vec<_>>(),
        "decks": g.decks().iter().map(|d| {
            let mut top_first = d.clone();
            top_first.reverse();
            tile_ids(&top_first)
        }).collect::<Vec<_>>(),
        "discards": g.discards().iter().map(|d| tile_ids(d)).collect::<Vec<_>>(),
        "to_move": g.to_move(),
        "turn": g.turn(),
        "turns_taken": (0..seats as u8).map(|s| g.turns_taken(s)).collect::<Vec<_>>(),
        "stage": stage,
        "ending": ending,
        "outcome": outcome,
        "used_mobility": cells_to_hexes(pos, g.used_mobility()),
        "used_transport": cells_to_hexes(pos, g.used_transport()),
        "battles": g.battles(),
        "manual_battle_choices": (0..seats as u8)
            .filter(|&s| g.manual_choices() >> s & 1 == 1)
            .collect::<Vec<_>>(),
        "foundations": pos.foundations().map(|(h, f)| {
            json!({"seat": f.seat, "tile": tiles().tile(f.tile).id, "at": [h.q, h.r]})
        }).collect::<Vec<_>>(),
        "used_grant": cells_to_hexes(pos, g.used_grant()),
        "used_rotate": g.used_rotate(),
        "ending_by": g.ending_by(),
        "credits": g.credits_due().map(|w| json!({"then": after_name(w.then),
            "changed": w.changed, "left": &w.left[..seats]})),
        "terror": (0..seats as u8).filter(|&s| g.terror() >> s & 1 == 1).collect::<Vec<_>>(),
        "energy": &g.energy()[..seats],
        "exchange_open": g.state().exchange_open,
        "rotations": g.rotations_due().iter().map(|&(c, seat)| {
            json!({"at": cells_to_hexes(pos, 1 << c)[0], "seat": seat})
        }).collect::<Vec<_>>(),
        "known_top": &g.known_top()[..seats],
        "mode": pos.mode().name(),
        "eliminated": crate::json::seat_list(g.eliminated()),
        "eliminated_in": &g.state().eliminated_in[..seats],
        "options": options_json(&g.options()),
        "mercenaries": (0..seats as u8).map(|s| tile_ids(&g.mercenaries(s))).collect::<Vec<_>>(),
        "played": g.tiles_played(),
        "drawn_now": g.state().drawn_now,
    })
}

/// A game's options as JSON: `{"variants": [names], "mercenaries": N, "random_mercenaries":
/// bool, "mad_bomber": "off" | "neutral" | "mercenary"}`.
pub fn options_json(o: &Options) -> Value {
    json!({"variants": o.variant_names(), "mercenaries": o.mercenaries,
           "random_mercenaries": o.random_mercenaries, "mad_bomber": o.mad_bomber.name()})
}

fn options_of(r: &R<'_>) -> Result<Options, String> {
    let mut o = Options::default();
    for v in r.get("variants")?.items()? {
        let name = v.str()?;
        o.variants |= Options::variant_named(name).map_or_else(
            || v.err(&format!("unknown variant {}", crate::notation::quote(name))),
            Ok,
        )?;
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

fn after_of(r: &R<'_>) -> Result<AfterBattle, String> {
    Ok(match r.str()? {
        "end_turn" => AfterBattle::EndTurn,
        "full_board" => AfterBattle::FullBoard,
        "final" => AfterBattle::Final,
        "overtime" => AfterBattle::Overtime,
        "action" => AfterBattle::Action,
        other => return r.err(&format!("unknown {}", crate::notation::quote(other))),
    })
}

fn after_name(a: AfterBattle) -> &'static str {
    match a {
        AfterBattle::EndTurn => "end_turn",
        AfterBattle::FullBoard => "full_board",
        AfterBattle::Final => "final",
        AfterBattle::Overtime => "overtime",
        AfterBattle::Action => "action",
    }
}

/// Reads fields with their path in error messages.
struct R<'a> {
    v: &'a Value,
    path: String,
}

impl<'a> R<'a> {
    fn root(v: &'a Value, path: &str) -> R<'a> {
        R {
            v,
            path: path.to_string(),
        }
    }
    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{}: {what}", self.path))
    }
    fn obj(&self) -> Result<&'a Map<String, Value>, String> {
        self.v
            .as_object()
            .map_or_else(|| self.err("expected an object"), Ok)
    }
    fn get(&self, key: &str) -> Result<R<'a>, String> {
        let o = self.obj()?;
        match o.get(key) {
            Some(v) => Ok(R {
                v,
                path: format!("{}.{key}", self.path),
            }),
            None => Err(format!("{}: missing key {key:?}", self.path)),
        }
    }
    fn items(&self) -> Result<Vec<R<'a>>, String> {
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
    fn int(&self, lo: i64, hi: i64) -> Result<i64, String> {
        match self.v.as_i64() {
            Some(x) if (lo..=hi).contains(&x) => Ok(x),
            Some(x) => self.err(&format!("{x} is not in {lo}..{hi}")),
            None => self.err("expected a whole number"),
        }
    }
    fn str(&self) -> Result<&'a str, String> {
        self.v
            .as_str()
            .map_or_else(|| self.err("expected a string"), Ok)
    }
    fn tile(&self) -> Result<TileId, String> {
        let s = self.str()?;
        tiles().find(s).map_or_else(
            || self.err(&format!("unknown tile {}", crate::notation::quote(s))),
            Ok,
        )
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
}

/// Reads a state written by [`game_to_json`], checking every field and that every army's
/// 35 tiles are accounted for exactly once.
pub fn game_from_json(v: &Value) -> Result<Game, String> {
    let r = R::root(v, "state");
    let set = tiles();
    let armies_r = r.get("armies")?.items()?;
    if !(2..=MAX_SEATS).contains(&armies_r.len()) {
        return r.get("armies")?.err("2 to 4 armies");
    }
    let mut armies = Vec::new();
    for a in &armies_r {
        let s = a.str()?;
        armies.push(set.find_army(s).map_or_else(
            || a.err(&format!("unknown army {}", crate::notation::quote(s))),
            Ok,
        )?);
    }
    let seats = armies.len();
    let board_r = r.get("board")?;
    let board =
        BoardKind::from_name(board_r.str()?).map_or_else(|| board_r.err("unknown board"), Ok)?;
    // A game of these armies, for reading the battle answers (hexes) in the notation.
    let blank = Game::new(&armies, board, 0);
    let mut pos = Position::new(board, &armies);
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
        let cell = u.get("at")?.hex_cell(&pos)?;
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
    pos.next_placed = r.get("next_placed")?.int(0, 10_000)? as u16;
    // The Duel's keys: older saves have none of them.
    if let Ok(list) = r.get("foundations") {
        for f in list.items()? {
            let seat = f.get("seat")?.int(0, seats as i64 - 1)? as u8;
            let tile = f.get("tile")?.tile()?;
            let def = set.tile(tile);
            if def.army != armies[seat as usize] || def.kind != Kind::Foundation {
                return f.get("tile")?.err("not a foundation of that seat's army");
            }
            let cell = f.get("at")?.hex_cell(&pos)?;
            if pos.cells[cell as usize].is_some() || pos.foundations.is_at(cell) {
                return f.get("at")?.err("a foundation shares its hex with nothing");
            }
            if !pos.foundations.put(cell, Foundation { tile, seat }) {
                return f.get("at")?.err("more foundations than a board holds");
            }
        }
    }
    let per_seat = |key: &str| -> Result<Vec<Vec<TileId>>, String> {
        let list = r.get(key)?.items()?;
        if list.len() != seats {
            return r.get(key)?.err("one list per seat");
        }
        list.iter().map(|x| x.tiles()).collect()
    };
    // The hand limits are the rules' (`Game::from_state`): 3 tiles, 6 with Reinforcements.
    let hands = per_seat("hands")?;
    let mut decks = per_seat("decks")?;
    for d in &mut decks {
        d.reverse();
    }
    let discards = per_seat("discards")?;
    let to_move = r.get("to_move")?.int(0, seats as i64 - 1)? as u8;
    let turn = r.get("turn")?.int(0, 1_000_000)? as u32;
    let mut turns_taken = [0u32; MAX_SEATS];
    let tt = r.get("turns_taken")?.items()?;
    if tt.len() != seats {
        return r.get("turns_taken")?.err("one value per seat");
    }
    for (s, t) in tt.iter().enumerate() {
        turns_taken[s] = t.int(0, 1_000_000)? as u32;
    }
    // Older saves have no such key: everybody had the automatic answers.
    let mut manual_choices = 0u8;
    if let Ok(m) = r.get("manual_battle_choices") {
        for s in m.items()? {
            manual_choices |= 1 << s.int(0, seats as i64 - 1)?;
        }
    }
    let st = r.get("stage")?;
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
            target: st.get("target")?.hex_cell(&pos)?,
            options: st.get("options")?.cells(&pos)?,
        },
        "over" => Stage::Over,
        "battle_choice" => {
            let then = match st.get("then")?.str()? {
                "end_turn" => AfterBattle::EndTurn,
                "full_board" => AfterBattle::FullBoard,
                "final" => AfterBattle::Final,
                "overtime" => AfterBattle::Overtime,
                other => {
                    return st
                        .get("then")?
                        .err(&format!("unknown {}", crate::notation::quote(other)))
                }
            };
            let mut answers = Vec::new();
            for line in st.get("answers")?.items()? {
                let a = line_to_action(&blank, line.str()?)
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
                .err(&format!("unknown stage {}", crate::notation::quote(other)))
        }
    };
    let en = r.get("ending")?;
    let ending = match en.get("kind")?.str()? {
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
                .err(&format!("unknown ending {}", crate::notation::quote(other)))
        }
    };
    let oc = r.get("outcome")?;
    let outcome = match oc.v {
        Value::Null => None,
        Value::String(s) if s == "draw" => Some(Outcome::Draw),
        Value::Array(_) => {
            let mut m = 0u8;
            for s in oc.items()? {
                m |= 1 << s.int(0, seats as i64 - 1)?;
            }
            if m.count_ones() < 2 {
                return oc.err("a list names two or more seats that share the win");
            }
            Some(Outcome::Shared(m))
        }
        _ => Some(Outcome::Winner(oc.int(0, seats as i64 - 1)? as u8)),
    };
    let used_mobility = r.get("used_mobility")?.cells(&pos)?;
    let used_transport = r.get("used_transport")?.cells(&pos)?;
    let battles = r.get("battles")?.int(0, 1_000_000)? as u32;
    let used_rotate = match r.get("used_rotate") {
        Ok(x) => match x.v {
            Value::Bool(b) => *b,
            _ => return x.err("true or false"),
        },
        Err(_) => false,
    };
    let credit_wait = match r.get("credits") {
        Ok(c) if !c.v.is_null() => {
            let mut left = [0u8; MAX_SEATS];
            let items = c.get("left")?.items()?;
            if items.len() != seats {
                return c.get("left")?.err("one value per seat");
            }
            for (s, x) in items.iter().enumerate() {
                left[s] = x.int(0, 255)? as u8;
            }
            let changed = match c.get("changed")?.v {
                Value::Bool(b) => *b,
                _ => return c.get("changed")?.err("true or false"),
            };
            if left.iter().all(|&n| n == 0) {
                return c.get("left")?.err("some points must be left to give");
            }
            Some(nshex_rules::CreditWait {
                then: after_of(&c.get("then")?)?,
                changed,
                left,
            })
        }
        _ => None,
    };
    let ending_by = match r.get("ending_by") {
        Ok(x) if !x.v.is_null() => x.int(0, seats as i64 - 1)? as u8,
        _ => nshex_rules::NO_SEAT,
    };
    let used_grant = match r.get("used_grant") {
        Ok(x) => x.cells(&pos)?,
        Err(_) => 0,
    };
    let mut terror = 0u8;
    if let Ok(t) = r.get("terror") {
        for s in t.items()? {
            terror |= 1 << s.int(0, seats as i64 - 1)?;
        }
    }
    let mut energy = [0u8; MAX_SEATS];
    let mut known_top = [0u8; MAX_SEATS];
    for (key, out) in [("energy", &mut energy), ("known_top", &mut known_top)] {
        if let Ok(list) = r.get(key) {
            let items = list.items()?;
            if items.len() != seats {
                return list.err("one value per seat");
            }
            for (s, e) in items.iter().enumerate() {
                out[s] = e.int(0, 35)? as u8;
            }
        }
    }
    let exchange_open = match r.get("exchange_open") {
        Ok(x) => match x.v {
            Value::Bool(b) => *b,
            _ => return x.err("true or false"),
        },
        Err(_) => false,
    };
    let mut eliminated = 0u8;
    let mut eliminated_in = [0u32; MAX_SEATS];
    if let Ok(list) = r.get("eliminated") {
        for s in list.items()? {
            eliminated |= 1 << s.int(0, seats as i64 - 1)?;
        }
    }
    if let Ok(list) = r.get("eliminated_in") {
        let items = list.items()?;
        if items.len() != seats {
            return list.err("one value per seat");
        }
        for (s, e) in items.iter().enumerate() {
            eliminated_in[s] = e.int(0, 1_000_000)? as u32;
        }
    }
    // Older saves have no options: the plain game.
    let options = match r.get("options") {
        Ok(o) => options_of(&o)?,
        Err(_) => Options::default(),
    };
    let mut mercs = [0u8; MAX_SEATS];
    if let Ok(list) = r.get("mercenaries") {
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
    }
    let mut counters = [0u8; 2];
    for (key, out) in ["played", "drawn_now"].into_iter().zip(counters.iter_mut()) {
        if let Ok(x) = r.get(key) {
            *out = x.int(0, 6)? as u8;
        }
    }
    let mut rotations = Vec::new();
    if let Ok(list) = r.get("rotations") {
        for x in list.items()? {
            let cell = x.get("at")?.hex_cell(&pos)?;
            let Some(u) = pos.cells[cell as usize] else {
                return x.get("at")?.err("no unit on that hex");
            };
            rotations.push((u.placed, x.get("seat")?.int(0, seats as i64 - 1)? as u8));
        }
    }
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
        used_grant,
        terror,
        energy,
        exchange_open,
        rotations,
        known_top,
        eliminated,
        eliminated_in,
        used_rotate,
        credit_wait,
        ending_by,
        options,
        mercs,
        played: counters[0],
        drawn_now: counters[1],
    })
    .map_err(|e| {
        if e.field.is_empty() {
            format!("state: {}", e.message)
        } else {
            format!("state.{}: {}", e.field, e.message)
        }
    })
}

/// A game with its history: where it started, the seed that shuffled it (if any) and every
/// action since.
#[derive(Clone, Debug)]
pub struct Record {
    pub seed: Option<u64>,
    pub start: Game,
    pub actions: Vec<Action>,
    pub game: Game,
}

impl Record {
    pub fn new(start: Game, seed: Option<u64>) -> Record {
        Record {
            seed,
            game: start.clone(),
            start,
            actions: Vec::new(),
        }
    }

    pub fn apply(&mut self, a: Action) -> Result<(), nshex_rules::Refusal> {
        self.game.apply(a)?;
        self.actions.push(a);
        Ok(())
    }

    /// [`Record::apply`] with a caller's buffer for the legal actions.
    pub fn apply_with(
        &mut self,
        a: Action,
        buf: &mut Vec<Action>,
    ) -> Result<(), nshex_rules::Refusal> {
        self.game.apply_with(a, buf)?;
        self.actions.push(a);
        Ok(())
    }

    /// The save file: format, version, seed, start state, actions in notation, and the
    /// current state (checked against the replay when loading).
    pub fn to_json(&self) -> Value {
        let mut g = self.start.clone();
        let mut lines = Vec::with_capacity(self.actions.len());
        for &a in &self.actions {
            lines.push(action_to_line(&g, a));
            g.apply_unchecked(a);
        }
        json!({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self.seed,
            "start": game_to_json(&self.start),
            "actions": lines,
            "state": game_to_json(&self.game),
        })
    }

    /// Loads a save file: the start state, then every action replayed under the rules.
    pub fn from_json(v: &Value) -> Result<Record, String> {
        let r = R::root(v, "save");
        if r.get("format")?.str()? != SAVE_FORMAT {
            return Err(format!("save: not a {SAVE_FORMAT} file"));
        }
        let version = r.get("version")?.int(0, i64::MAX)?;
        if version != SAVE_VERSION as i64 {
            return Err(format!(
                "save: version {version} is not supported (this is {SAVE_VERSION})"
            ));
        }
        let seed = match r.get("seed")?.v {
            Value::Null => None,
            s => Some(
                s.as_u64()
                    .ok_or("save.seed: expected a whole number or null")?,
            ),
        };
        let start = game_from_json(r.get("start")?.v).map_err(|e| format!("save.start: {e}"))?;
        let mut rec = Record::new(start, seed);
        for (i, line) in r.get("actions")?.items()?.iter().enumerate() {
            let text = line.str()?;
            let a =
                line_to_action(&rec.game, text).map_err(|e| format!("save.actions[{i}]: {e}"))?;
            rec.apply(a)
                .map_err(|e| format!("save.actions[{i}] {}: {e}", crate::notation::quote(text)))?;
        }
        if let Ok(state) = r.get("state") {
            let stated = game_from_json(state.v).map_err(|e| format!("save.state: {e}"))?;
            if stated != rec.game {
                return Err("save: the stated position is not the one the actions lead to".into());
            }
        }
        Ok(rec)
    }
}
