//! Cheap move ordering for the search: a static score per action, from the board as it is,
//! without resolving a battle. The search only uses it to decide which of the many legal
//! placements to try first (progressive widening); the battle evaluation at its leaves says
//! which of them is actually good. Nothing here is a rule: a wrong guess costs search time,
//! never legality.

use nshex_rules::NO_CELL;
use nshex_rules::{tiles, TileDef, TileId};
use nshex_rules::{Action, Game, Procedure};

/// How much a tile is worth keeping, roughly (higher = keep).
pub fn tile_value(def: &TileDef) -> f32 {
    // The hand-set worths: move ordering stays put whatever weights an evaluation is tuned to.
    crate::weights::V1.tile_value(def) as f32
}

/// A static guess of how good `action` is for the seat to move (higher = try first).
pub fn prior(g: &Game, action: Action) -> f32 {
    let s = g.to_move();
    let set = tiles();
    match action {
        Action::Place { tile, cell, facing } => place_prior(g, tile, cell, facing, s),
        Action::Discard { tile } => -tile_value(set.tile(tile)),
        Action::Unlucky | Action::UnluckyOf { .. } => -3.0,
        // A Mercenary is a known unit instead of an unknown deck tile.
        Action::Hire { tile } | Action::Mercenary { tile } => 0.5 + tile_value(set.tile(tile)),
        Action::DeckDraw => 0.0,
        Action::Battle => 1.5,
        Action::EndTurn => 0.5,
        // Battle choices are valued by resolving the battle (`bots::answer_by_battle`).
        Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. } => 0.0,
        Action::Sniper { target } | Action::Grenade { target } => {
            match g.pos().cells[target as usize] {
                Some(u) if g.pos().enemies(s, u.ctrl) => {
                    if u.def().is_hq() {
                        2.0
                    } else {
                        1.0 + tile_value(u.def()) / 3.0
                    }
                }
                _ => -1.0,
            }
        }
        Action::AirStrike { center } => {
            let geo = g.pos().geometry();
            let mut v = 0.0;
            let mut cells = [NO_CELL; 7];
            cells[0] = center;
            cells[1..].copy_from_slice(&geo.neighbors[center as usize]);
            for c in cells {
                if c == NO_CELL {
                    continue;
                }
                if let Some(u) = g.pos().cells[c as usize] {
                    v += if g.pos().enemies(s, u.ctrl) {
                        1.0
                    } else {
                        -1.0
                    };
                }
            }
            v
        }
        Action::PushBack { .. } => 0.8,
        Action::Move { .. } | Action::Mobility { .. } | Action::Transport { .. } => 0.2,
        Action::Grant { .. } => 0.2,
        Action::Castling { .. } | Action::Rotation { .. } | Action::Rotate { .. } => 0.3,
        Action::SmallBomb { a, b, c } => {
            // Enemy units hit count for it, own ones against it.
            let mut v = 0.0;
            for x in [a, b, c] {
                if let Some(u) = g.pos().cells[x as usize] {
                    if !u.def().is_hq() {
                        v += if g.pos().enemies(s, u.ctrl) {
                            1.0
                        } else {
                            -1.0
                        };
                    }
                }
            }
            v
        }
        Action::Terror => 1.0,
        Action::TurnTaken { .. } | Action::KeepTaken { .. } => 0.0,
        Action::Exchange { tile } => 1.0 - tile_value(set.tile(tile)) / 3.0,
        Action::Buy { n } => -(n as f32),
        Action::Procedure(p) => match p {
            Procedure::Laser { .. } | Procedure::Elimination { .. } | Procedure::Detonation => 2.0,
            Procedure::Push { .. } => 0.8,
            Procedure::Rotation { .. } => 0.2,
            Procedure::Swap { .. } => 0.1,
        },
        Action::PlaceHq { cell, .. } => {
            // Near the centre, where the HQ's army bonus reaches most hexes.
            -(g.pos().geometry().hex(cell).ring() as f32)
        }
        Action::PushTo { .. } | Action::Draw { .. } => 0.0,
        // Points given away: to the opponent furthest behind.
        Action::Credit { to, .. } => -(g.pos().hq_hp[to as usize] as f32),
    }
}

fn place_prior(g: &Game, tile: TileId, cell: u8, facing: u8, s: u8) -> f32 {
    let def = tiles().tile(tile);
    let o = &def.oriented[facing as usize];
    let nbr = &g.pos().geometry().neighbors;
    let cells = &g.pos().cells;
    let mut offense = 0.0f32;
    let mut other = 0.0f32;
    #[allow(clippy::needless_range_loop)] // `dir` indexes four arrays at once
    for dir in 0..6usize {
        let bit = 1u8 << dir;
        let j = nbr[cell as usize][dir];
        let adjacent = if j == NO_CELL {
            None
        } else {
            cells[j as usize]
        };
        if o.melee[dir] > 0 {
            if let Some(u) = adjacent {
                if g.pos().enemies(s, u.ctrl) {
                    offense += o.melee[dir] as f32 * if u.def().is_hq() { 1.5 } else { 1.0 };
                }
            }
        }
        if o.ranged[dir] > 0 {
            // Over friends to the first enemy (all enemies on the line for a Gauss edge).
            let mut k = j;
            while k != NO_CELL {
                if let Some(u) = cells[k as usize] {
                    if g.pos().enemies(s, u.ctrl) {
                        offense += o.ranged[dir] as f32 * if u.def().is_hq() { 1.5 } else { 1.0 };
                        if o.gauss & bit == 0 {
                            break;
                        }
                    }
                }
                k = nbr[k as usize][dir];
            }
        }
        let Some(u) = adjacent else { continue };
        if g.pos().enemies(s, u.ctrl) {
            if o.net & bit != 0 && !u.def().is_hq() {
                other += 1.5;
            }
            let theirs = &u.def().oriented[u.facing as usize];
            let back = (dir + 3) % 6;
            if theirs.melee[back] > 0 && o.armor & bit == 0 {
                other -= 0.5 * theirs.melee[back] as f32;
            }
        } else if o.link & bit != 0 && def.is_source && !u.def().is_hq() {
            other += 1.0;
        }
    }
    let speed = if def.n_init > 0 {
        1.0 + def.init[0] as f32 / 6.0
    } else {
        1.0
    };
    offense * speed + other + 0.1 * def.toughness as f32
}
