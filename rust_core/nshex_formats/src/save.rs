//! Games as JSON: a snapshot of the whole state, and a save file (the start, the seed and
//! the actions in notation, replayed on loading, so a save is readable and can only hold a
//! game the rules allow).
//!
//! Loading never trusts the file: every field is checked, and a problem is reported with
//! the field's path.

mod read;

pub use read::game_from_json;

use crate::notation::{action_to_line, line_to_action};
use nshex_rules::{tiles, TileId};
use nshex_rules::{Action, AfterBattle, Ending, Game, Options, Position, Stage};
use read::R;
use serde_json::{json, Value};

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

fn after_name(a: AfterBattle) -> &'static str {
    match a {
        AfterBattle::EndTurn => "end_turn",
        AfterBattle::FullBoard => "full_board",
        AfterBattle::Final => "final",
        AfterBattle::Overtime => "overtime",
        AfterBattle::Action => "action",
    }
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
