//! JSON views of positions and battles: the `nshex battle --json` object
//! (`docs/CONFORMANCE.md`, "Battle results as JSON") and the event objects a client animates.

use nshex_rules::tiles;
use nshex_rules::Position;
use nshex_rules::{dir_edge, Geometry};
use nshex_rules::{BattleLog, BattleSummary, Event, Outcome, DIR_EXPLOSION};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::{json, Value};

fn hex_json(geo: &Geometry, cell: u8) -> Value {
    let h = geo.hex(cell);
    json!([h.q, h.r])
}

/// A unit's seat as the outward formats write it: its number, or `"neutral"` for a
/// neutral Mad Bomber (D-24).
pub fn seat_json(seat: u8) -> Value {
    if seat == nshex_rules::NEUTRAL {
        json!("neutral")
    } else {
        json!(seat)
    }
}

fn ser_seat<S: serde::Serializer>(seat: &u8, s: S) -> Result<S::Ok, S::Error> {
    if *seat == nshex_rules::NEUTRAL {
        s.serialize_str("neutral")
    } else {
        s.serialize_u8(*seat)
    }
}

/// Every tile on the board: `{"seat", "tile", "at", "facing", "wounds"}`.
pub fn units_json(pos: &Position) -> Value {
    Value::Array(
        pos.units()
            .map(|(h, u)| {
                let mut v = json!({
                    "seat": seat_json(u.seat),
                    "tile": u.def().id,
                    "at": [h.q, h.r],
                    "facing": u.facing,
                    "wounds": u.wounds,
                });
                if u.ctrl != u.seat {
                    // Taken over (D-13): the seat that controls it.
                    v["controller"] = json!(u.ctrl);
                }
                v
            })
            .collect(),
    )
}

/// The foundations on the board (`None` when there are none: the key is left out).
pub fn foundations_json(pos: &Position) -> Option<Value> {
    let list: Vec<Value> = pos
        .foundations()
        .map(|(h, f)| json!({"seat": f.seat, "tile": tiles().tile(f.tile).id, "at": [h.q, h.r]}))
        .collect();
    (!list.is_empty()).then_some(Value::Array(list))
}

/// Adds the expansions' position fields to a result object: `foundations` when any stand.
pub fn add_position_extras(v: &mut Value, pos: &Position) {
    if let Some(f) = foundations_json(pos) {
        v["foundations"] = f;
    }
}

pub fn outcome_json(outcome: Outcome) -> Value {
    match outcome {
        Outcome::None => Value::Null,
        Outcome::Winner(s) => json!(s),
        Outcome::Shared(m) => json!(seat_list(m)),
        Outcome::Draw => json!("draw"),
    }
}

/// The seats of a seat mask, in order.
pub fn seat_list(mask: u8) -> Vec<u8> {
    (0..8).filter(|&s| mask >> s & 1 == 1).collect()
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

/// A hex as the views write it: `[q, r]` (a list in Python).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexView(pub i8, pub i8);

impl Serialize for HexView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(2))?;
        seq.serialize_element(&self.0)?;
        seq.serialize_element(&self.1)?;
        seq.end()
    }
}

fn hex_view(geo: &Geometry, cell: u8) -> HexView {
    let h = geo.hex(cell);
    HexView(h.q, h.r)
}

/// One event of a battle's log, as a client animates it (`kind` names the variant).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventView {
    /// Taken over for this phase: `seat` controls the unit (D-13).
    Controlled {
        at: HexView,
        seat: u8,
    },
    Netted {
        at: HexView,
    },
    SlotLost {
        at: HexView,
    },
    Converted {
        at: HexView,
        edge: u8,
        to: &'static str,
    },
    Attack {
        at: HexView,
        tile: &'static str,
        edge: u8,
        dir: u8,
        melee: u8,
        ranged: u8,
        gauss: bool,
        path: Vec<HexView>,
        /// The hexes it hit (filled in from the hits of its phase).
        targets: Vec<HexView>,
    },
    Explode {
        at: HexView,
        targets: Vec<HexView>,
    },
    Hit {
        at: HexView,
        from: HexView,
        edge: i64,
        wounds: u8,
        /// Infinitely many copies of a looping shot (D-19): `wounds` is then 255.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        infinite: bool,
    },
    Armor {
        at: HexView,
        from: HexView,
        edge: i64,
        blocked: u8,
    },
    Save {
        medic: HexView,
        at: HexView,
        from: Option<HexView>,
        edge: i64,
        cancelled: u8,
    },
    HqDamage {
        seat: u8,
        amount: u8,
        hp: u8,
    },
    Scored {
        seat: u8,
        points: u8,
        total: u8,
    },
    /// A redirector sent `copies` copies out of an exit (`"infinite"` for a loop, D-19),
    /// along `path` (the hexes after the redirector up to where the run ends).
    Redirected {
        at: HexView,
        dir: u8,
        exit: i64,
        copies: Value,
        path: Vec<HexView>,
    },
    Removed {
        at: HexView,
        tile: &'static str,
        #[serde(serialize_with = "ser_seat")]
        seat: u8,
        cause: &'static str,
    },
}

/// A tile on the board, as the views write it.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    #[serde(serialize_with = "ser_seat")]
    pub seat: u8,
    pub tile: &'static str,
    pub at: HexView,
    pub facing: u8,
    pub wounds: u8,
}

/// The board after a phase.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub units: Vec<UnitView>,
    pub hq_hp: Vec<u8>,
}

/// One phase of a battle's log: its initiative, its events, the board after it (`None` for
/// a phase a battle question interrupted).
#[derive(Clone, Debug, Serialize)]
pub struct PhaseView {
    pub initiative: u8,
    pub events: Vec<EventView>,
    pub after: Option<BoardView>,
}

/// One event. `before` is the position at the start of the battle (cells and facings there
/// name the tiles, since nothing moves during a battle).
pub fn event_view(before: &Position, ev: &Event) -> EventView {
    let geo = before.geometry();
    let at = |c: u8| hex_view(geo, c);
    let edge_of = |from: u8, dir: u8| edge_of(before, from, dir);
    let id = |t: nshex_rules::TileId| tiles().tile(t).id.as_str();
    match *ev {
        Event::Netted { cell } => EventView::Netted { at: at(cell) },
        Event::Controlled { cell, seat } => EventView::Controlled { at: at(cell), seat },
        Event::SlotLost { cell } => EventView::SlotLost { at: at(cell) },
        Event::Converted {
            cell,
            edge,
            to_ranged,
        } => EventView::Converted {
            at: at(cell),
            edge,
            to: if to_ranged { "ranged" } else { "melee" },
        },
        Event::Attack {
            cell,
            tile,
            edge,
            dir,
            melee,
            ranged,
            gauss,
            reach,
        } => EventView::Attack {
            at: at(cell),
            tile: id(tile),
            edge,
            dir,
            melee,
            ranged,
            gauss,
            path: path_ahead(before, cell, dir, reach),
            targets: Vec::new(),
        },
        Event::Explode { cell } => EventView::Explode {
            at: at(cell),
            targets: Vec::new(),
        },
        Event::Hit {
            target,
            from,
            dir,
            wounds,
        } => EventView::Hit {
            at: at(target),
            from: at(from),
            edge: edge_of(from, dir),
            wounds,
            infinite: wounds == u8::MAX,
        },
        Event::Armor {
            target,
            from,
            dir,
            blocked,
        } => EventView::Armor {
            at: at(target),
            from: at(from),
            edge: edge_of(from, dir),
            blocked,
        },
        Event::Save {
            medic,
            target,
            from,
            dir,
            wounds,
        } => EventView::Save {
            medic: at(medic),
            at: at(target),
            from: (dir != Event::MEDIC_DEATH).then(|| at(from)),
            edge: edge_of(from, dir),
            cancelled: wounds,
        },
        Event::HqDamage { seat, amount, hp } => EventView::HqDamage { seat, amount, hp },
        Event::Redirected {
            cell,
            dir,
            copies,
            to,
        } => EventView::Redirected {
            at: at(cell),
            dir,
            exit: edge_of(cell, dir),
            copies: if copies == u32::MAX {
                Value::from("infinite")
            } else {
                Value::from(copies)
            },
            path: redirect_path(before, cell, dir, to),
        },
        Event::Scored {
            seat,
            points,
            total,
        } => EventView::Scored {
            seat,
            points,
            total,
        },
        Event::Removed {
            cell,
            tile,
            seat,
            cause,
        } => EventView::Removed {
            at: at(cell),
            tile: id(tile),
            seat,
            cause: cause.name(),
        },
    }
}

/// The board edge a shot from `from` in direction `dir` leaves by (-1: none, or no unit).
fn edge_of(before: &Position, from: u8, dir: u8) -> i64 {
    if dir >= 6 {
        return -1;
    }
    before.cells[from as usize].map_or(-1, |u| dir_edge(dir, u.facing) as i64)
}

/// The `reach` hexes ahead of `cell` in direction `dir`: an attack's path.
fn path_ahead(before: &Position, cell: u8, dir: u8, reach: u8) -> Vec<HexView> {
    let geo = before.geometry();
    let mut path = Vec::with_capacity(reach as usize);
    let mut cur = cell;
    for _ in 0..reach {
        cur = geo.neighbors[cur as usize][dir as usize];
        path.push(hex_view(geo, cur));
    }
    path
}

/// The hexes a redirected shot crosses from `cell` in direction `dir` up to `to` (or the
/// board's edge).
fn redirect_path(before: &Position, cell: u8, dir: u8, to: u8) -> Vec<HexView> {
    let geo = before.geometry();
    let mut p = Vec::new();
    let mut x = cell;
    while x != to {
        let n = geo.neighbors[x as usize][dir as usize];
        if n == nshex_rules::NO_CELL {
            break;
        }
        p.push(hex_view(geo, n));
        x = n;
    }
    p
}

/// One event as JSON.
pub fn event_json(before: &Position, ev: &Event) -> Value {
    serde_json::to_value(event_view(before, ev)).expect("an event is JSON")
}

/// The phases of a log; each attack and explosion lists the hexes it hit.
pub fn phase_views(before: &Position, log: &BattleLog) -> Vec<PhaseView> {
    let geo = before.geometry();
    let seats = before.seats as usize;
    let mut phases = Vec::with_capacity(log.phases.len());
    for p in &log.phases {
        let mut events: Vec<EventView> = Vec::with_capacity(p.events.len());
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
                        let t = hex_view(geo, target);
                        if let EventView::Attack { targets, .. }
                        | EventView::Explode { targets, .. } = &mut events[i]
                        {
                            if !targets.contains(&t) {
                                targets.push(t);
                            }
                        }
                    }
                }
                _ => {}
            }
            events.push(event_view(before, ev));
        }
        // The board after the phase, as the resolver left it: tiles do not move in a
        // battle, so each standing tile is the one that stood there before. A phase a
        // battle question interrupts has no board after it yet.
        let after = p.hq_hp_after.map(|hp| BoardView {
            units: log
                .board_after(p)
                .iter()
                .filter_map(|&(c, wounds)| {
                    let u = before.cells[c as usize]?;
                    Some(UnitView {
                        seat: u.seat,
                        tile: u.def().id.as_str(),
                        at: hex_view(geo, c),
                        facing: u.facing,
                        wounds,
                    })
                })
                .collect(),
            hq_hp: hp[..seats].to_vec(),
        });
        phases.push(PhaseView {
            initiative: p.initiative,
            events,
            after,
        });
    }
    phases
}

/// The phases of a log as JSON (see [`phase_views`]).
pub fn phases_json(before: &Position, log: &BattleLog) -> Value {
    serde_json::to_value(phase_views(before, log)).expect("phases are JSON")
}

/// The `nshex battle --json` object. `energy`: each seat's energy, which the battle leaves
/// as it was (the Duel board's, D-16; the scenario's `[game] energy`).
pub fn battle_json(
    before: &Position,
    after: &Position,
    summary: &BattleSummary,
    log: &BattleLog,
    energy: &[u8],
) -> Value {
    let mut v = json!({
        "hq_hp": &after.hq_hp[..after.seats as usize],
        "units": units_json(after),
        "phases": phases_json(before, log),
        "winner": outcome_json(summary.outcome),
    });
    add_position_extras(&mut v, after);
    add_battle_mode_extras(&mut v, after, energy);
    v
}

/// The expansions' keys of a battle's result (`docs/CONFORMANCE.md`): `energy` on the Duel
/// board with two seats, `points` in the points game, `eliminated` with three or four seats
/// (the seats whose HQ is destroyed: out of the game, D-26; the points game eliminates none).
pub fn add_battle_mode_extras(v: &mut Value, after: &Position, energy: &[u8]) {
    let seats = after.seats as usize;
    if after.board == nshex_rules::BoardKind::Duel && seats == 2 {
        v["energy"] = json!(&energy[..seats]);
    }
    let points = after.mode() == nshex_rules::Mode::Points;
    if points {
        v["points"] = json!(&after.hq_hp[..seats]);
    }
    if seats > 2 {
        let out = (0..seats as u8)
            .filter(|&s| !points && after.hq_hp[s as usize] == 0)
            .fold(0u8, |m, s| m | 1 << s);
        v["eliminated"] = json!(seat_list(out));
    }
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
            "seat": seat_json(u.seat),
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
