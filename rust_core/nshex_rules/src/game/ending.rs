//! The end of a game: the Final Battle, the tie-break turns, the Overtime Battle (P-14).

use super::*;

impl Game {
    pub(super) fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.stage = Stage::Over;
    }

    /// Decides on HQ hit points. `tie_break`: a tie leads to the tie-break turns.
    pub(super) fn finish_on_hit_points(&mut self, tie_break: bool) {
        let n = self.seats() as usize;
        let best = (0..n).map(|s| self.pos.hq_hp[s]).max().unwrap_or(0);
        let leaders: Vec<usize> = (0..n).filter(|&s| self.pos.hq_hp[s] == best).collect();
        if leaders.len() == 1 {
            self.finish(Outcome::Winner(leaders[0] as u8));
        } else if tie_break {
            self.ending = Ending::TieBreak {
                turns_left: self.seats(),
            };
            self.next_seat_turn();
        } else {
            self.finish(Outcome::Draw);
        }
    }

    pub(super) fn final_battle(&mut self) {
        self.battles_then(AfterBattle::Final, Vec::new());
    }

    pub(super) fn overtime_battle(&mut self) {
        self.battles_then(AfterBattle::Overtime, Vec::new());
    }
}
