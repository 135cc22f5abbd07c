//! A dense index of the actions a seat can take, for the search's per-deal marks.

use nshex_rules::{Action, Procedure};

/// A dense index of every action a seat can take (no hashing: the action's fields are the
/// index), for marking which actions are legal in this iteration's deal.
pub(crate) struct ActionIndex {
    /// Start of each action kind's block, and the total length at the end.
    offsets: [usize; 36],
}

impl ActionIndex {
    const CELLS: usize = 37;
    const STEP: usize = Self::CELLS * 6;
    const KINDS: usize = 35;

    pub(crate) fn new(tiles: usize) -> ActionIndex {
        let c = Self::CELLS;
        let sizes: [usize; Self::KINDS] = [
            c * 6,              // PlaceHq
            1,                  // Unlucky
            1,                  // Battle
            1,                  // EndTurn
            tiles,              // Discard / Draw
            c,                  // PushTo
            c,                  // Sniper
            c,                  // Grenade
            c,                  // AirStrike
            c * c,              // PushBack
            c * Self::STEP,     // Move
            c * Self::STEP,     // Mobility
            c * Self::STEP,     // Transport
            tiles * Self::STEP, // Place
            c * Self::STEP,     // Grant
            c * c,              // Castling
            c * 6,              // Rotation
            1,                  // Terror
            c * 6,              // TurnTaken
            c,                  // KeepTaken
            tiles,              // Exchange
            6,                  // Buy
            c * 6,              // procedure: rotation
            c * c * 36,         // procedure: swap
            c * c,              // procedure: push
            c * c,              // procedure: laser
            c,                  // procedure: elimination
            1,                  // procedure: detonation
            c * 6,              // the Doomsday HQ's rotation
            c * c * c,          // Small Bomb
            4 * 21,             // points given for own wounds
            tiles,              // Mercenary hired before the HQs
            tiles,              // Mercenary taken at a draw
            1,                  // the deck fills the hand
            16 * 16 * 16,       // unlucky draw of three instants (by instant kind)
        ];
        let mut offsets = [0; Self::KINDS + 1];
        for (k, size) in sizes.iter().enumerate() {
            offsets[k + 1] = offsets[k] + size;
        }
        ActionIndex { offsets }
    }

    pub(crate) fn len(&self) -> usize {
        self.offsets[Self::KINDS]
    }

    #[inline]
    fn offset(&self, kind: usize) -> usize {
        self.offsets[kind]
    }

    #[inline(always)]
    pub(crate) fn index(&self, a: Action) -> usize {
        let step = Self::STEP;
        let c = Self::CELLS;
        let mv = |from: u8, to: u8, f: u8| from as usize * step + to as usize * 6 + f as usize;
        let pair = |a: u8, b: u8| a as usize * c + b as usize;
        let turn = |cell: u8, f: u8| cell as usize * 6 + f as usize;
        match a {
            Action::PlaceHq { cell, facing } => self.offset(0) + turn(cell, facing),
            Action::Unlucky => self.offset(1),
            Action::Battle => self.offset(2),
            Action::EndTurn => self.offset(3),
            Action::Discard { tile } | Action::Draw { tile } => self.offset(4) + tile.0 as usize,
            Action::PushTo { cell } => self.offset(5) + cell as usize,
            Action::Sniper { target } => self.offset(6) + target as usize,
            Action::Grenade { target } => self.offset(7) + target as usize,
            Action::AirStrike { center } => self.offset(8) + center as usize,
            Action::PushBack { from, target } => self.offset(9) + pair(from, target),
            Action::Move { from, to, facing } => self.offset(10) + mv(from, to, facing),
            Action::Mobility { from, to, facing } => self.offset(11) + mv(from, to, facing),
            Action::Transport { from, to, facing } => self.offset(12) + mv(from, to, facing),
            Action::Place { tile, cell, facing } => {
                self.offset(13) + tile.0 as usize * step + cell as usize * 6 + facing as usize
            }
            Action::Grant { from, to, facing } => self.offset(14) + mv(from, to, facing),
            Action::Castling { a, b } => self.offset(15) + pair(a, b),
            Action::Rotation { cell, facing } => self.offset(16) + turn(cell, facing),
            Action::Terror => self.offset(17),
            Action::TurnTaken { cell, facing } => self.offset(18) + turn(cell, facing),
            Action::KeepTaken { cell } => self.offset(19) + cell as usize,
            Action::Exchange { tile } => self.offset(20) + tile.0 as usize,
            Action::Buy { n } => self.offset(21) + n as usize,
            Action::Procedure(p) => match p {
                Procedure::Rotation { cell, facing } => self.offset(22) + turn(cell, facing),
                Procedure::Swap { a, b, fa, fb } => {
                    self.offset(23) + pair(a, b) * 36 + fa as usize * 6 + fb as usize
                }
                Procedure::Push { from, target } => self.offset(24) + pair(from, target),
                Procedure::Laser { a, b } => self.offset(25) + pair(a, b),
                Procedure::Elimination { target } => self.offset(26) + target as usize,
                Procedure::Detonation => self.offset(27),
            },
            Action::Rotate { cell, facing } => self.offset(28) + turn(cell, facing),
            Action::SmallBomb { a, b, c: z } => {
                self.offset(29) + (a as usize * c + b as usize) * c + z as usize
            }
            Action::Credit { to, n } => self.offset(30) + to as usize * 21 + n as usize,
            Action::Hire { tile } => self.offset(31) + tile.0 as usize,
            Action::Mercenary { tile } => self.offset(32) + tile.0 as usize,
            Action::DeckDraw => self.offset(33),
            Action::UnluckyOf { tiles: [a, b, c] } => {
                // Only instants: one tile per kind in an army, so kinds tell them apart.
                let k = |t: nshex_rules::TileId| {
                    nshex_rules::tiles()
                        .tile(t)
                        .instant
                        .map_or(15, |i| i as usize)
                };
                self.offset(34) + (k(a) * 16 + k(b)) * 16 + k(c)
            }
            // The search plays every seat with automatic battle choices; a question at the
            // root is answered before any search (`bots::answer_by_battle`).
            Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. } => {
                unreachable!("battle choices are not searched")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Bot;
    use nshex_rules::{tiles, Game, Player};

    #[test]
    fn the_action_index_is_dense_and_one_to_one() {
        let index = ActionIndex::new(tiles().tiles.len());
        // Mid-game positions of a few random games, every army pairing.
        let mut positions = Vec::new();
        for (i, &(a, b)) in nshex_rules::BASE_PAIRINGS.iter().enumerate() {
            let set = tiles();
            let armies = [set.find_army(a).unwrap(), set.find_army(b).unwrap()];
            let mut g = Game::new(&armies, nshex_rules::BoardKind::Standard, i as u64);
            let mut bot = crate::bots::RandomBot::new(i as u64);
            while !g.is_over() {
                let a = match g.current_player() {
                    Player::Chance => g.natural_draw().unwrap(),
                    _ => bot.choose(&g),
                };
                g.apply(a).unwrap();
                if g.turn().is_multiple_of(3) {
                    positions.push(g.clone());
                }
            }
        }
        for g in positions {
            let legal = g.legal_actions();
            let mut seen: Vec<usize> = legal.iter().map(|&a| index.index(a)).collect();
            assert!(seen.iter().all(|&i| i < index.len()));
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), legal.len(), "two actions share an index");
        }
    }
}
