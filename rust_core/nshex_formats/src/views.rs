//! JSON views of games, actions, battle questions and tiles: what the command line, Python
//! and the client show. One place shapes them, so every caller gets the same objects.

use crate::json::{phases_json, units_json};
use crate::notation::action_to_line;
use crate::save::game_to_json;
use nshex_rules::{tiles, Action, Game, Player, Procedure, Question, Resolver, TileId};
use serde_json::Value;

/// `current_player()` of a chance node (a tile draw), as a number.
pub const CHANCE: i64 = -1;
/// `current_player()` of a finished game, as a number.
pub const TERMINAL: i64 = -4;

/// Who decides, as a number: a seat, [`CHANCE`] or [`TERMINAL`].
pub fn player_code(p: Player) -> i64 {
    match p {
        Player::Seat(s) => s as i64,
        Player::Chance => CHANCE,
        Player::Terminal => TERMINAL,
    }
}

/// What an ability keyword of the tile data does, in words: a short badge for the tile and
/// a sentence for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbilityText {
    pub keyword: &'static str,
    pub badge: &'static str,
    pub text: &'static str,
}

/// Every ability keyword of the tile data with its badge and text (docs/ABILITIES.md says
/// where each rule lives).
pub const ABILITY_TEXTS: &[AbilityText] = &[
    AbilityText {
        keyword: "hq",
        badge: "HQ",
        // What every HQ shares; each army's own HQ ability (its bonus to the units next to
        // it, or none: the Doomsday Machine's; the Vegas takeover edge) is its own keyword.
        text: "Headquarters: 20 hit points, melee 1 in initiative 0. Destroy the enemy HQ to win.",
    },
    AbilityText {
        keyword: "hq-initiative+1",
        badge: "+1 init",
        text: "Borgo HQ bonus: adjacent friendly units act 1 initiative earlier (+1).",
    },
    AbilityText {
        keyword: "hq-melee+1",
        badge: "+1 melee",
        text: "Hegemony HQ bonus: adjacent friendly units get +1 melee strength.",
    },
    AbilityText {
        keyword: "hq-ranged+1",
        badge: "+1 ranged",
        text: "Moloch HQ bonus: adjacent friendly units get +1 ranged strength.",
    },
    AbilityText {
        keyword: "hq-extra-initiative",
        badge: "+1 attack",
        text: "Outpost HQ bonus: adjacent friendly units attack once more, in the phase just below their highest initiative.",
    },
    AbilityText {
        keyword: "gauss",
        badge: "gauss",
        text: "Gauss: the shot hits every enemy on its line, not just the first, for 1 wound each. No bonus raises it; armor facing the shot stops it for that unit only.",
    },
    AbilityText {
        keyword: "explode",
        badge: "explodes",
        text: "Explosion: in its initiative phase the Clown may blow up instead of attacking: 1 wound to every adjacent unit, friend or foe, HQs too; armor does not help. The Clown is removed at the end of that phase.",
    },
    AbilityText {
        keyword: "medic",
        badge: "MEDIC",
        text: "Medic: when a linked friendly tile would be wounded by one attack, the Medic is discarded instead and that whole attack is cancelled for the tile.",
    },
    AbilityText {
        keyword: "officer-melee+1",
        badge: "+1 melee",
        text: "Officer: linked friendly units get +1 melee strength (if they have melee).",
    },
    AbilityText {
        keyword: "officer-ranged+1",
        badge: "+1 ranged",
        text: "Officer: linked friendly units get +1 ranged strength (if they shoot).",
    },
    AbilityText {
        keyword: "scout-initiative+1",
        badge: "+1 init",
        text: "Scout: linked friendly units act 1 initiative earlier (+1).",
    },
    AbilityText {
        keyword: "mother-extra-initiative",
        badge: "+1 attack",
        text: "Mother Module: the linked friendly unit attacks once more, in the phase just below its highest initiative.",
    },
    AbilityText {
        keyword: "quartermaster-melee-to-ranged",
        badge: "melee=ranged",
        text: "Quartermaster: once per battle a linked unit may turn one melee attack into a ranged one (or the reverse), for one side and one phase.",
    },
    AbilityText {
        keyword: "recon-center",
        badge: "2x move",
        text: "Recon Center: no links. While it is on the board, every Move, Mobility or Transport move of its owner may go up to two hexes.",
    },
    AbilityText {
        keyword: "saboteur-enemy-initiative-1",
        badge: "enemy -1 init",
        text: "Saboteur: linked enemy units act 1 initiative later (-1, never below 0).",
    },
    AbilityText {
        keyword: "scoper-steal-enemy-modules",
        badge: "steals modules",
        text: "Scoper: enemy modules linked to the Scoper work for the Scoper's owner instead.",
    },
    AbilityText {
        keyword: "transport",
        badge: "transport",
        text: "Transport: each linked friendly unit may move once per turn as if it had Mobility (to an adjacent empty hex and/or turn).",
    },
    AbilityText {
        keyword: "hq-grant-mobility",
        badge: "grant",
        text: "Smart HQ: once in each of your turns, every friendly unit next to it (modules too, not the HQ) may move one hex and/or turn, as if it had Mobility. Not while the HQ is netted.",
    },
    AbilityText {
        keyword: "hq-takeover",
        badge: "takeover",
        text: "Vegas HQ: the edge without an attack is a takeover edge. The enemy unit it faces (never an HQ) is yours while it stays there: it fights for you, with its wounds and facing. Not while the HQ is netted.",
    },
    AbilityText {
        keyword: "agitator-takeover",
        badge: "takeover",
        text: "Agitator: its link edge is a takeover edge. The enemy unit it faces (never an HQ) is yours while it stays there. Two hostile takeovers of one unit cancel; with three, the side with more wins.",
    },
    AbilityText {
        keyword: "transporter-swap",
        badge: "swap",
        text: "Transporter: when you place a unit or module from your hand, you may put it on a Transporter's hex instead, in any facing (even under Terror). The Transporter goes to the discard pile. Not while it is netted.",
    },
    AbilityText {
        keyword: "bio-droid-return",
        badge: "returns",
        text: "Bio-droid: when it is destroyed it goes back on top of its owner's deck and is the next tile drawn.",
    },
    AbilityText {
        keyword: "mine",
        badge: "mine",
        text: "Mine (foundation): placed on an empty hex, it is not a unit. A unit placed, moved or pushed onto it is destroyed with it (an HQ only destroys the Mine). Shots pass over it; only a Sniper, Grenade or Air Strike destroys it.",
    },
    AbilityText {
        keyword: "hq-rotate-own-unit",
        badge: "rotate",
        text: "Doomsday Machine HQ: once in each of your turns, turn one of your units anywhere on the board (modules and the Trap too, not the HQ) to any facing. Not while the HQ or that unit is netted. No bonus to its neighbours.",
    },
    AbilityText {
        keyword: "redirector",
        badge: "redirect",
        text: "Redirector: a ranged or Gauss shot of your side reaching one of its entry edges leaves again from its exit edge, in the same phase, with the shooter's strength. Not while it is netted. Enemy attacks hit it like any unit.",
    },
    AbilityText {
        keyword: "redirector-triple",
        badge: "x3",
        text: "Tripler: a ranged or Gauss shot of your side reaching one of its three entry edges leaves again from all three exit edges: three attacks. Shots sent round a loop of redirectors come back forever: infinitely many attacks.",
    },
    AbilityText {
        keyword: "trap",
        badge: "trap",
        text: "Trap: when an enemy hit strikes its marked edge (melee from that side, a shot arriving through it, shrapnel from a tile exploding there) it explodes: one wound to every unit on the six hexes around it, friend and foe, HQs included. Elsewhere it is just wounded. Not while it is netted.",
    },
    AbilityText {
        keyword: "mad-bomber",
        badge: "mad bomber",
        text: "Mad Bomber: no attack. Any hit sets it off (an attack, an instant, shrapnel) unless it is netted: one wound to every adjacent unit but HQs; placed by a seat in the mercenary mode, to every adjacent enemy of that seat, HQs included. Then it goes on top of the next seat's deck; hit by two seats in one phase, it leaves the game.",
    },
    AbilityText {
        keyword: "trap-all-edges",
        badge: "trigger",
        text: "Marked on all six edges: a hit from any side sets it off.",
    },
];

/// The words for an ability keyword, if it has any.
pub fn ability_text(keyword: &str) -> Option<&'static AbilityText> {
    ABILITY_TEXTS.iter().find(|a| a.keyword == keyword)
}

/// An action as JSON: its kind and fields (hexes as `[q, r]`, tiles by id), the instant tile
/// it plays and its notation line.
pub fn action_view(g: &Game, a: Action) -> Value {
    use serde_json::json;
    let h = |c: u8| {
        let x = g.pos().geometry().hex(c);
        json!([x.q, x.r])
    };
    let t = |id: TileId| json!(tiles().tile(id).id);
    let mut v = match a {
        Action::PlaceHq { cell, facing } => {
            json!({"kind": "place_hq", "at": h(cell), "facing": facing})
        }
        Action::Draw { tile } => json!({"kind": "draw", "tile": t(tile)}),
        Action::Unlucky => json!({"kind": "unlucky"}),
        Action::UnluckyOf { tiles: [a, b, c] } => {
            json!({"kind": "unlucky", "tiles": [t(a), t(b), t(c)]})
        }
        Action::Hire { tile } => json!({"kind": "hire", "tile": t(tile)}),
        Action::Mercenary { tile } => json!({"kind": "mercenary", "tile": t(tile)}),
        Action::DeckDraw => json!({"kind": "deck_draw"}),
        Action::Discard { tile } => json!({"kind": "discard", "tile": t(tile)}),
        Action::Place { tile, cell, facing } => {
            let mut v = json!({"kind": "place", "tile": t(tile), "at": h(cell), "facing": facing});
            if let Some(u) = g.pos().cells[cell as usize] {
                // On a Transporter's hex: the tile replaces it (D-33).
                v["replaces"] = t(u.tile);
            }
            v
        }
        Action::Move { from, to, facing } => {
            json!({"kind": "move", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::Mobility { from, to, facing } => {
            json!({"kind": "mobility", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::Transport { from, to, facing } => {
            json!({"kind": "transport", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::PushBack { from, target } => {
            json!({"kind": "push_back", "from": h(from), "target": h(target)})
        }
        Action::PushTo { cell } => json!({"kind": "push_to", "at": h(cell)}),
        Action::Sniper { target } => json!({"kind": "sniper", "target": h(target)}),
        Action::Grenade { target } => json!({"kind": "grenade", "target": h(target)}),
        Action::AirStrike { center } => json!({"kind": "air_strike", "target": h(center)}),
        Action::Battle => json!({"kind": "battle"}),
        Action::EndTurn => json!({"kind": "end"}),
        Action::Clown { cell, explode } => {
            json!({"kind": "clown", "at": h(cell), "explode": explode})
        }
        Action::Convert { cell, edge } => json!({"kind": "convert", "at": h(cell), "edge": edge}),
        Action::MedicTakes {
            medic,
            target,
            from,
        } => json!({"kind": "medic", "medic": h(medic), "target": h(target), "from": h(from),
                    "death": from == target}),
        Action::Grant { from, to, facing } => {
            json!({"kind": "grant", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::Castling { a, b } => json!({"kind": "castling", "from": h(a), "to": h(b)}),
        Action::Rotation { cell, facing } => {
            json!({"kind": "rotation", "at": h(cell), "facing": facing})
        }
        Action::Terror => json!({"kind": "terror"}),
        Action::Rotate { cell, facing } => {
            json!({"kind": "rotate", "at": h(cell), "facing": facing})
        }
        Action::Credit { to, n } => json!({"kind": "credit", "to": to, "points": n}),
        Action::SmallBomb { a, b, c } => {
            json!({"kind": "small_bomb", "hexes": [h(a), h(b), h(c)]})
        }
        Action::TurnTaken { cell, facing } => {
            json!({"kind": "turn_taken", "at": h(cell), "facing": facing})
        }
        Action::KeepTaken { cell } => json!({"kind": "keep_taken", "at": h(cell)}),
        Action::Exchange { tile } => json!({"kind": "exchange", "tile": t(tile)}),
        Action::Buy { n } => json!({"kind": "buy", "n": n}),
        Action::Procedure(p) => {
            let mut v = json!({"kind": "procedure", "procedure": p.name(), "cost": p.cost()});
            match p {
                Procedure::Rotation { cell, facing } => {
                    v["at"] = h(cell);
                    v["facing"] = json!(facing);
                }
                Procedure::Swap { a, b, fa, fb } => {
                    v["from"] = h(a);
                    v["to"] = h(b);
                    v["facings"] = json!([fa, fb]);
                }
                Procedure::Push { from, target } => {
                    v["from"] = h(from);
                    v["target"] = h(target);
                }
                Procedure::Laser { a, b } => {
                    v["from"] = h(a);
                    v["to"] = h(b);
                }
                Procedure::Elimination { target } => v["target"] = h(target),
                Procedure::Detonation => {}
            }
            v
        }
    };
    if let Some(tile) = g.instant_tile(a) {
        v["tile"] = t(tile);
    }
    v["text"] = json!(action_to_line(g, a));
    v
}

/// The game for rendering: the state (as `game_to_json`), deck sizes, whose decision, and what
/// each tile gets from the board. With `seat`, only what that seat knows: its observation
/// (deck order hidden; each deck's contents sorted).
pub fn game_view(g: &Game, seat: Option<u8>) -> Value {
    use serde_json::json;
    let observed;
    let g = match seat {
        Some(s) => {
            observed = g.observation(s);
            &observed
        }
        None => g,
    };
    let mut v = game_to_json(g);
    let seats = g.seats() as usize;
    let o = v.as_object_mut().expect("object");
    let sizes: Vec<usize> = g.decks().iter().map(|d| d.len()).collect();
    if seat.is_some() {
        // Deck contents are public knowledge (35 minus what has been seen); order is not.
        let contents: Vec<Value> = g
            .decks()
            .iter()
            .map(|d| {
                let mut ids: Vec<&str> = d.iter().map(|&t| tiles().tile(t).id.as_str()).collect();
                ids.sort_unstable();
                json!(ids)
            })
            .collect();
        o.insert("decks".into(), json!(contents));
    }
    o.insert("deck_sizes".into(), json!(sizes));
    // Who controls each unit (D-13): derived from the board, so it is in the view, not in
    // the save.
    if let Some(Value::Array(units)) = o.get_mut("units") {
        for u in units.iter_mut() {
            let at = &u["at"];
            let h = nshex_rules::Hex::new(
                at[0].as_i64().unwrap_or(0) as i8,
                at[1].as_i64().unwrap_or(0) as i8,
            );
            if let Some(unit) = g.pos().unit_at(h) {
                u["controller"] = json!(unit.ctrl);
            }
        }
    }
    let terminals = g.pos().terminals();
    o.insert(
        "terminals".into(),
        json!(crate::save::cells_to_hexes(g.pos(), terminals)),
    );
    let costs: serde_json::Map<String, Value> = [
        Procedure::Rotation { cell: 0, facing: 0 },
        Procedure::Swap {
            a: 0,
            b: 0,
            fa: 0,
            fb: 0,
        },
        Procedure::Push { from: 0, target: 0 },
        Procedure::Laser { a: 0, b: 0 },
        Procedure::Elimination { target: 0 },
        Procedure::Detonation,
    ]
    .iter()
    .map(|p| (p.name().to_string(), json!(p.cost())))
    .collect();
    o.insert("procedure_costs".into(), Value::Object(costs));
    o.insert(
        "current_player".into(),
        json!(player_code(g.current_player())),
    );
    let an = Resolver::new().analyze(g.pos());
    let geo = g.pos().geometry();
    let tiles_info: Vec<Value> = g
        .pos()
        .units()
        .map(|(h, _)| {
            let c = geo.cell(h).unwrap() as usize;
            json!({"at": [h.q, h.r], "netted": an.netted >> c & 1 == 1,
                   "initiative_bonus": an.init_bonus[c], "melee_bonus": an.melee_bonus[c],
                   "ranged_bonus": an.ranged_bonus[c],
                   "protected_by_medic": (0..geo.len()).any(|m| an.medic_prot[m] >> c & 1 == 1)})
        })
        .collect();
    o.insert("board_effects".into(), json!(tiles_info));
    // Links (D-11): units on terminals that are not netted, whoever controls them.
    let links = (0..geo.len() as u8)
        .filter(|&c| {
            terminals >> c & 1 == 1
                && g.pos().cells[c as usize].is_some()
                && an.netted >> c & 1 == 0
        })
        .fold(0u64, |m, c| m | 1 << c);
    o.insert(
        "links".into(),
        json!(crate::save::cells_to_hexes(g.pos(), links)),
    );
    o.insert("seats".into(), json!(seats));
    // The variants' limits (D-31): a full hand, and the tiles the seat to move may still
    // play this turn (null: no limit).
    o.insert("hand_limit".into(), json!(g.options().hand_limit()));
    o.insert(
        "plays_left".into(),
        json!(g.play_limit().map(|l| l.saturating_sub(g.tiles_played()))),
    );
    // Three and four seats: each seat's side (itself and its allies), who is out, the
    // results as the mode counts them and, once over, the ranking.
    let rel = g.pos().relations();
    o.insert(
        "sides".into(),
        json!((0..seats)
            .map(|s| crate::json::seat_list(rel.side[s]))
            .collect::<Vec<_>>()),
    );
    o.insert("results".into(), json!(&g.results()[..seats]));
    o.insert("ranking".into(), json!(g.ranking()));
    o.insert(
        "winner".into(),
        crate::json::outcome_json(g.outcome().unwrap_or(nshex_rules::Outcome::None)),
    );
    v
}

/// What a tile is, as printed: kind, initiative, edges (each edge's symbols; `takeover` marks
/// a takeover edge, D-13; `entry` and `exit` a redirector's, D-18; `trigger` the Trap's marked
/// edge, D-21; `long_link` a link reaching two hexes), toughness, abilities (keywords) and
/// what each ability does (`ability_texts`: keyword, badge, text), or `None` for an unknown id.
pub fn tile_view(tile_id: &str) -> Option<Value> {
    let set = tiles();
    let t = set.tile(set.find(tile_id)?);
    let edges: Vec<Value> = (0..6)
        .map(|e| {
            let bit = |m: u8| m >> e & 1 == 1;
            serde_json::json!({
                "melee": t.melee[e], "ranged": t.ranged[e], "armor": bit(t.armor),
                "net": bit(t.net), "link": bit(t.link), "gauss": bit(t.gauss),
                "takeover": bit(t.takeover),
                "entry": bit(t.redirect_in), "exit": bit(t.redirect_out),
                "trigger": bit(t.trigger), "long_link": bit(t.long_link),
            })
        })
        .collect();
    let v = serde_json::json!({
        "id": t.id,
        "army": if t.army == nshex_rules::MERCENARY_ARMY { "mercenaries" } else { &set.army(t.army).id },
        "name": t.name, "kind": t.kind.name(),
        "count": t.count, "initiative": t.initiative,
        "edges": if t.is_board_tile() { edges } else { Vec::new() },
        "toughness": t.toughness, "mobility": t.mobility, "abilities": t.abilities,
        "text": t.text,
        "ability_texts": t.abilities.iter().filter_map(|k| ability_text(k)).map(|a| {
            serde_json::json!({"keyword": a.keyword, "badge": a.badge, "text": a.text})
        }).collect::<Vec<_>>(),
    });
    Some(v)
}

/// The battle choice the game waits for, or `None`: {"kind": "clown" | "convert" | "medic",
/// "seat", "phase", "at" (the Clown or the converting unit), "edges" (convert: the printed
/// edges that can be converted), "options" and "automatic" (action numbers), and the battle
/// so far: "before", "hq_hp_before", "phases" (as a battle's log).
pub fn battle_question_view(g: &Game) -> Option<Value> {
    let p = g.waiting_battle()?;
    let q = &p.question;
    let geo = g.pos().geometry();
    let h = |c: u8| {
        let x = geo.hex(c);
        serde_json::json!([x.q, x.r])
    };
    let mut v = serde_json::json!({
        "seat": q.seat(),
        "phase": q.phase(),
        "options": q.answers().into_iter().map(|a| Action::from_answer(a).encode()).collect::<Vec<_>>(),
        "automatic": Action::from_answer(q.automatic()).encode(),
        "before": units_json(g.pos()),
        "hq_hp_before": &g.pos().hq_hp[..g.seats() as usize],
        "phases": p.log.as_ref().map(|l| phases_json(g.pos(), l)),
    });
    match *q {
        Question::Clown { cell, .. } => {
            v["kind"] = "clown".into();
            v["at"] = h(cell);
        }
        Question::Convert { cell, edges, .. } => {
            v["kind"] = "convert".into();
            v["at"] = h(cell);
            v["edges"] = (0..6)
                .filter(|e| edges >> e & 1 == 1)
                .collect::<Vec<u8>>()
                .into();
        }
        Question::Medic { .. } => v["kind"] = "medic".into(),
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ability_keyword_of_the_tile_data_has_words() {
        for t in &tiles().tiles {
            for k in &t.abilities {
                assert!(
                    ability_text(k).is_some(),
                    "{}: ability {k} has no text",
                    t.id
                );
            }
        }
    }
}
