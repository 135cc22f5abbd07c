//! The end of a game: the Final Battle, the tie-break turns, the Overtime Battle (P-14).

use super::{AfterBattle, Game, Stage};
use crate::sides::Outcome;

impl Game {
    pub(super) fn finish(&mut self, outcome: Outcome) {
        self.state.outcome = Some(outcome);
        self.state.stage = Stage::Over;
    }

    pub(super) fn final_battle(&mut self) {
        self.battles_then(AfterBattle::Final, Vec::new());
    }

    pub(super) fn overtime_battle(&mut self) {
        self.battles_then(AfterBattle::Overtime, Vec::new());
    }
}
