//! Cheap move ordering for the search: a static score per action, from the board as it is,
//! without resolving a battle. The search only uses it to decide which of the many legal
//! placements to try first (progressive widening); the battle evaluation at its leaves says
//! which of them is actually good. Nothing here is a rule: a wrong guess costs search time,
//! never legality.

use nshex_rules::{bits, MAX_CELLS, NO_CELL};
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
        Action::Place { tile, cell, facing } => place_value(&around(g, cell, s), tile, facing),
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

/// What a tile placed on a hex meets around it (see [`place_value`]), by direction.
#[derive(Clone, Copy, Default)]
struct Around {
    /// Worth of hitting the adjacent tile (1.5 an enemy HQ, 1 an enemy unit, else 0).
    adjacent_enemy: [f32; 6],
    /// Worth of a shot along the line: the first enemy; every enemy (a Gauss edge).
    first_enemy: [f32; 6],
    all_enemies: [f32; 6],
    /// The adjacent enemy's melee on the side facing the hex.
    melee_back: [u8; 6],
    /// Directions with an adjacent enemy; of those, the ones that are not an HQ (a net
    /// holds them); directions with a tile that is neither an enemy's nor an HQ (a link
    /// reaches it).
    enemies: u8,
    netable: u8,
    linkable: u8,
}

/// [`prior`] for many actions of one state: what a placement meets around its hex is
/// worked out once per hex instead of once per placement.
pub struct Priors {
    done: u64,
    around: [Around; MAX_CELLS],
}

impl Default for Priors {
    fn default() -> Self {
        Priors {
            done: 0,
            around: [Around::default(); MAX_CELLS],
        }
    }
}

impl Priors {
    /// Forgets the hexes worked out: call before valuing actions of another state.
    pub fn clear(&mut self) {
        self.done = 0;
    }

    /// `prior(g, action)`; `g` must be the state of the other calls since [`Priors::clear`].
    #[inline]
    pub fn prior(&mut self, g: &Game, action: Action) -> f32 {
        let Action::Place { tile, cell, facing } = action else {
            return prior(g, action);
        };
        if self.done >> cell & 1 == 0 {
            self.around[cell as usize] = around(g, cell, g.to_move());
            self.done |= 1 << cell;
        }
        place_value(&self.around[cell as usize], tile, facing)
    }
}

/// A placement's guess from what its hex meets (see [`prior`]): what the tile would hit
/// (faster units count for more), nets on enemies, links to friends, melee it would take.
fn place_value(a: &Around, tile: TileId, facing: u8) -> f32 {
    let def = tiles().tile(tile);
    let o = &def.oriented[facing as usize];
    let mut offense = 0.0f32;
    for d in dirs(o.melee_dirs & a.enemies) {
        offense += o.melee[d] as f32 * a.adjacent_enemy[d];
    }
    for d in dirs(o.ranged_dirs) {
        let w = if o.gauss >> d & 1 == 0 {
            a.first_enemy[d]
        } else {
            a.all_enemies[d]
        };
        offense += o.ranged[d] as f32 * w;
    }
    let mut other = 1.5 * (o.net & a.netable).count_ones() as f32;
    for d in dirs(a.enemies & !o.armor) {
        other -= 0.5 * a.melee_back[d] as f32;
    }
    if def.is_source {
        other += (o.link & a.linkable).count_ones() as f32;
    }
    let speed = if def.n_init > 0 {
        1.0 + def.init[0] as f32 / 6.0
    } else {
        1.0
    };
    offense * speed + other + 0.1 * def.toughness as f32
}

/// The directions of a six-bit mask, lowest first.
fn dirs(m: u8) -> impl Iterator<Item = usize> {
    bits(m as u64).map(usize::from)
}

fn around(g: &Game, cell: u8, s: u8) -> Around {
    let nbr = &g.pos().geometry().neighbors;
    let cells = &g.pos().cells;
    let worth = |u: &nshex_rules::Unit| if u.def().is_hq() { 1.5 } else { 1.0 };
    let mut a = Around::default();
    for (dir, &j) in nbr[cell as usize].iter().enumerate() {
        if j == NO_CELL {
            continue;
        }
        if let Some(u) = &cells[j as usize] {
            let hq = u.def().is_hq();
            if g.pos().enemies(s, u.ctrl) {
                a.adjacent_enemy[dir] = worth(u);
                a.enemies |= 1 << dir;
                a.netable |= (!hq as u8) << dir;
                a.melee_back[dir] = u.def().oriented[u.facing as usize].melee[(dir + 3) % 6];
            } else {
                a.linkable |= (!hq as u8) << dir;
            }
        }
        let mut k = j;
        while k != NO_CELL {
            if let Some(u) = &cells[k as usize] {
                if g.pos().enemies(s, u.ctrl) {
                    if a.all_enemies[dir] == 0.0 {
                        a.first_enemy[dir] = worth(u);
                    }
                    a.all_enemies[dir] += worth(u);
                }
            }
            k = nbr[k as usize][dir];
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Bot;
    use crate::bots::RandomBot;
    use nshex_rules::{BoardKind, Player};

    /// The cached priors the search orders its expansions by are exactly `prior`'s, for
    /// every legal action of every seat decision in random games of every army.
    #[test]
    fn cached_priors_equal_the_plain_ones() {
        let set = tiles();
        let n = set.armies.len();
        let mut priors = Priors::default();
        let mut checked = 0;
        for i in 0..n * n {
            let armies = [
                nshex_rules::ArmyId((i / n) as u8),
                nshex_rules::ArmyId((i % n) as u8),
            ];
            let board = if i % 2 == 0 {
                BoardKind::Standard
            } else {
                BoardKind::Duel
            };
            let mut g = nshex_rules::Game::new(&armies, board, i as u64);
            g.set_keep_battle_logs(false);
            let mut bot = RandomBot::new(i as u64);
            while !g.is_over() {
                let a = match g.current_player() {
                    Player::Chance => g.natural_draw().unwrap(),
                    _ => {
                        priors.clear();
                        for a in g.legal_actions() {
                            assert_eq!(priors.prior(&g, a), prior(&g, a), "{a:?}");
                            checked += 1;
                        }
                        bot.choose(&g)
                    }
                };
                g.apply_unchecked(a);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
