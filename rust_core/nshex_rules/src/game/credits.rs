//! The points game's own wounds (FAQ-374, D-29): wounds a seat's own source dealt to its own
//! HQ in a battle score for opponents that seat chooses, split as it likes. The game waits
//! after the battle until every such point is given (`credit SEAT N`), then goes on with what
//! follows the battle.

use super::{AfterBattle, Game, Player};
use crate::action::Action;
use crate::seats::MAX_SEATS;
use crate::sides::{outcome_after_battle, WIN_POINTS};
use crate::sides::{Mode, Outcome};

/// A battle's own wounds still to give, and what follows the battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreditWait {
    pub then: AfterBattle,
    /// The battle changed something (FAQ-39 needs to know for a full board).
    pub changed: bool,
    /// Per seat, the points it still gives.
    pub left: [u8; MAX_SEATS],
}

impl CreditWait {
    /// The seat that gives points now (the lowest seat with some left).
    pub fn seat(&self) -> Option<u8> {
        self.left.iter().position(|&n| n > 0).map(|s| s as u8)
    }
}

impl Game {
    /// The seat giving points now (only while points wait to be given).
    #[cold]
    #[inline(never)]
    pub(super) fn credit_player(&self) -> Player {
        let w = self.state.credit_wait.as_ref().expect("credits due");
        Player::Seat(w.seat().expect("a seat giving points"))
    }

    /// The own wounds waiting to be given, if any.
    pub fn credits_due(&self) -> Option<&CreditWait> {
        self.state.credit_wait.as_ref()
    }

    /// The seats `giver` may give points to: its enemies, up to 20 each (FAQ-372).
    #[cold]
    #[inline(never)]
    pub(super) fn push_credits(&self, out: &mut Vec<Action>) {
        let Some(w) = self.state.credit_wait.as_ref() else {
            return;
        };
        let Some(giver) = w.seat() else { return };
        let left = w.left[giver as usize];
        for to in 0..self.seats() {
            if !self.state.pos.enemies(giver, to) {
                continue;
            }
            let room = WIN_POINTS
                .saturating_sub(self.state.pos.hq_hp[to as usize])
                .min(left);
            for n in 1..=room {
                out.push(Action::Credit { to, n });
            }
        }
        if out.is_empty() {
            // Every opponent is at 20: the points are lost (FAQ-372); nothing to choose.
            out.push(Action::Credit { to: giver, n: 0 });
        }
    }

    /// Gives `n` of the giver's own-wound points to `to` (`n == 0`: the rest is lost, every
    /// opponent being at 20); when none are left, the game goes on after the battle.
    pub(super) fn apply_credit(&mut self, to: u8, n: u8) {
        let mut w = self.state.credit_wait.take().expect("credits due");
        let giver = w.seat().expect("a seat giving points");
        if n == 0 {
            w.left[giver as usize] = 0;
        } else {
            let hp = &mut self.state.pos.hq_hp[to as usize];
            *hp = (*hp + n).min(WIN_POINTS);
            w.left[giver as usize] -= n;
        }
        if w.seat().is_some() {
            self.state.credit_wait = Some(w);
            return;
        }
        // Every point given: the battle's result with them, then what follows it.
        let all = ((1u16 << self.seats()) - 1) as u8;
        match outcome_after_battle(Mode::Points, self.seats(), all, 0, &self.state.pos.hq_hp) {
            Outcome::None => self.after_battle(w.then, w.changed),
            o => self.finish(o),
        }
    }

    /// Why `credit to n` is refused.
    pub(super) fn why_not_credit(&self, to: u8, n: u8) -> String {
        let Some(w) = self.state.credit_wait.as_ref() else {
            return "no points of one's own wounds are waiting to be given (FAQ-374)".into();
        };
        let giver = w.seat().expect("a seat giving points");
        if to >= self.seats() {
            return "no such seat".into();
        }
        if !self.state.pos.enemies(giver, to) {
            return "points go to an opponent, not to yourself or an ally (FAQ-374, FAQ-100)"
                .into();
        }
        if n == 0 || n > w.left[giver as usize] {
            return format!(
                "give 1 to {} points: that many of your own wounds are left",
                w.left[giver as usize]
            );
        }
        "scores stop at 20 (FAQ-372)".into()
    }
}
