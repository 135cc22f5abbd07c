//! JSON views of positions and battles: the `nshex battle --json` object
//! (`docs/CONFORMANCE.md`, "Battle results as JSON") and the event objects a client animates.

use nshex_rules::tiles;
use nshex_rules::Position;
use nshex_rules::{dir_edge, Geometry};
use nshex_rules::{BattleLog, BattleSummary, Event, Outcome, DIR_EXPLOSION};
use serde_json::{json, Value};

fn hex_json(geo: &Geometry, cell: u8) -> Value {
    let h = geo.hex(cell);
    json!([h.q, h.r])
}

/// Every tile on the board: `{"seat", "tile", "at", "facing", "wounds"}`.
pub fn units_json(pos: &Position) -> Value {
    Value::Array(
        pos.units()
            .map(|(h, u)| {
                json!({
                    "seat": u.seat,
                    "tile": u.def().id,
                    "at": [h.q, h.r],
                    "facing": u.facing,
                    "wounds": u.wounds,
                })
            })
            .collect(),
    )
}

pub fn outcome_json(outcome: Outcome) -> Value {
    match outcome {
        Outcome::None => Value::Null,
        Outcome::Winner(s) => json!(s),
        Outcome::Draw => json!("draw"),
    }
}

/// A position as JSON: armies, board, HQ hit points and units.
pub fn position_json(pos: &Position) -> Value {
    let seats = pos.seats as usize;
    json!({
        "armies": (0..seats).map(|s| pos.army_id(s as u8)).collect::<Vec<_>>(),
        "board": pos.board.name(),
        "hq_hp": &pos.hq_hp[..seats],
        "units": units_json(pos),
    })
}

/// One event. `before` is the position at the start of the battle (cells and facings there
/// name the tiles, since nothing moves during a battle).
pub fn event_json(before: &Position, ev: &Event) -> Value {
    let geo = before.geometry();
    let at = |c: u8| hex_json(geo, c);
    let edge_of = |from: u8, dir: u8| -> i64 {
        if dir >= 6 {
            return -1;
        }
        before.cells[from as usize].map_or(-1, |u| dir_edge(dir, u.facing) as i64)
    };
    match *ev {
        Event::Netted { cell } => json!({"kind": "netted", "at": at(cell)}),
        Event::SlotLost { cell } => json!({"kind": "slot_lost", "at": at(cell)}),
        Event::Converted {
            cell,
            edge,
            to_ranged,
        } => json!({"kind": "converted", "at": at(cell), "edge": edge,
                     "to": if to_ranged { "ranged" } else { "melee" }}),
        Event::Attack {
            cell,
            tile,
            edge,
            dir,
            melee,
            ranged,
            gauss,
            reach,
        } => {
            let mut path = Vec::new();
            let mut cur = cell;
            for _ in 0..reach {
                cur = geo.neighbors[cur as usize][dir as usize];
                path.push(at(cur));
            }
            json!({"kind": "attack", "at": at(cell), "tile": tiles().tile(tile).id, "edge": edge,
                   "dir": dir, "melee": melee, "ranged": ranged, "gauss": gauss, "path": path,
                   "targets": []})
        }
        Event::Explode { cell } => json!({"kind": "explode", "at": at(cell), "targets": []}),
        Event::Hit {
            target,
            from,
            dir,
            wounds,
        } => json!({"kind": "hit", "at": at(target), "from": at(from),
                     "edge": edge_of(from, dir), "wounds": wounds}),
        Event::Armor {
            target,
            from,
            dir,
            blocked,
        } => json!({"kind": "armor", "at": at(target), "from": at(from),
                     "edge": edge_of(from, dir), "blocked": blocked}),
        Event::Save {
            medic,
            target,
            from,
            dir,
            wounds,
        } => {
            let from_v = if dir == Event::MEDIC_DEATH {
                Value::Null
            } else {
                at(from)
            };
            json!({"kind": "save", "medic": at(medic), "at": at(target), "from": from_v,
                   "edge": edge_of(from, dir), "cancelled": wounds})
        }
        Event::HqDamage { seat, amount, hp } => {
            json!({"kind": "hq_damage", "seat": seat, "amount": amount, "hp": hp})
        }
        Event::Removed {
            cell,
            tile,
            seat,
            cause,
        } => json!({"kind": "removed", "at": at(cell), "tile": tiles().tile(tile).id,
                     "seat": seat, "cause": cause.name()}),
    }
}

/// The phases of a log as JSON; each attack and explosion lists the hexes it hit.
pub fn phases_json(before: &Position, log: &BattleLog) -> Value {
    let geo = before.geometry();
    let mut phases = Vec::new();
    for p in &log.phases {
        let mut events: Vec<Value> = Vec::with_capacity(p.events.len());
        // Index of the attack/explosion event of each (cell, dir) in this phase.
        let mut owner: Vec<((u8, u8), usize)> = Vec::new();
        for ev in &p.events {
            match *ev {
                Event::Attack { cell, dir, .. } => owner.push(((cell, dir), events.len())),
                Event::Explode { cell } => owner.push(((cell, DIR_EXPLOSION), events.len())),
                Event::Hit {
                    target, from, dir, ..
                }
                | Event::Armor {
                    target, from, dir, ..
                } => {
                    if let Some(&(_, i)) = owner.iter().rev().find(|(k, _)| *k == (from, dir)) {
                        let t = hex_json(geo, target);
                        if let Some(list) = events[i]["targets"].as_array_mut() {
                            if !list.contains(&t) {
                                list.push(t);
                            }
                        }
                    }
                }
                _ => {}
            }
            events.push(event_json(before, ev));
        }
        // The board after the phase, as the resolver left it: tiles do not move in a
        // battle, so each standing tile is the one that stood there before.
        let seats = before.seats as usize;
        // A phase a battle question interrupts has no board after it yet.
        let after = p.hq_hp_after.map(|hp| {
            let units: Vec<Value> = log
                .board_after(p)
                .iter()
                .filter_map(|&(c, wounds)| {
                    let u = before.cells[c as usize]?;
                    Some(
                        json!({"seat": u.seat, "tile": u.def().id, "at": hex_json(geo, c),
                                "facing": u.facing, "wounds": wounds}),
                    )
                })
                .collect();
            json!({"units": units, "hq_hp": &hp[..seats]})
        });
        phases.push(json!({"initiative": p.initiative, "events": events, "after": after}));
    }
    Value::Array(phases)
}

/// The `nshex battle --json` object.
pub fn battle_json(
    before: &Position,
    after: &Position,
    summary: &BattleSummary,
    log: &BattleLog,
) -> Value {
    json!({
        "hq_hp": &after.hq_hp[..after.seats as usize],
        "units": units_json(after),
        "phases": phases_json(before, log),
        "winner": outcome_json(summary.outcome),
    })
}

/// What the board does to each unit now, for tooltips: one object per unit with `at`,
/// `seat`, `tile`, `netted`, `initiative` (the phases it would fire in, highest first),
/// `initiative_bonus`, `melee_bonus`, `ranged_bonus`, `linked_from` (active modules and HQs
/// whose links reach it), `links_to` (the units its own links reach, for a module or HQ),
/// `protected_by` (medics that would save it) and the flags
/// `transport` and `quartermaster` (linked to one working for it).
pub fn analysis_json(pos: &Position) -> Value {
    let ex = nshex_rules::Resolver::new().explain(pos);
    let a = &ex.analysis;
    let geo = pos.geometry();
    let cells = |m: u64| -> Value {
        Value::Array(
            (0..64u8)
                .filter(|c| m >> c & 1 == 1)
                .map(|c| hex_json(geo, c))
                .collect(),
        )
    };
    let mut out = Vec::new();
    for c in 0..geo.len() as u8 {
        let Some(u) = pos.cells[c as usize] else {
            continue;
        };
        let ci = c as usize;
        let initiative: Vec<u8> = (0..16u8)
            .rev()
            .filter(|v| ex.slots[ci] >> v & 1 == 1)
            .collect();
        let links_to: u64 = (0..geo.len())
            .filter(|&j| ex.linked_from[j] >> c & 1 == 1)
            .fold(0, |acc, j| acc | 1 << j);
        let protected_by: u64 = (0..geo.len())
            .filter(|&m| a.medics >> m & 1 == 1 && a.medic_prot[m] >> c & 1 == 1)
            .fold(0, |acc, m| acc | 1 << m);
        out.push(json!({
            "at": hex_json(geo, c),
            "seat": u.seat,
            "tile": u.def().id,
            "netted": a.netted >> c & 1 == 1,
            "initiative": initiative,
            "initiative_bonus": a.init_bonus[ci],
            "melee_bonus": a.melee_bonus[ci],
            "ranged_bonus": a.ranged_bonus[ci],
            "linked_from": cells(ex.linked_from[ci]),
            "links_to": cells(links_to),
            "protected_by": cells(protected_by),
            "transport": a.transport_linked >> c & 1 == 1,
            "quartermaster": a.qm_linked >> c & 1 == 1,
        }));
    }
    Value::Array(out)
}
