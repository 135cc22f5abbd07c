//! The Doomsday Machine outside battles: its HQ's rotation (D-20), the Small Bomb (D-23), and
//! explosions set off by an action (D-21, D-22).

use super::{with_resolver, AfterBattle, Game};
use crate::action::Action;
use crate::battle::{NoLog, OutsideHit};
use crate::hex::NO_CELL;
use crate::tiles::{tiles, InstantKind};

impl Game {
    /// The cell of the seat's working Doomsday HQ (on the board, not netted), if any.
    fn working_rotator(&self, netted: u64) -> Option<u8> {
        let geo = self.state.pos.geometry();
        (0..geo.len() as u8).find(|&c| {
            self.state.pos.cells[c as usize]
                .is_some_and(|u| u.def().rotator && u.ctrl == self.state.to_move)
                && netted >> c & 1 == 0
        })
    }

    /// The HQ's rotation (D-20): once a turn, any unit the seat controls but the HQ, modules
    /// and the Trap included, anywhere on the board, to a new facing; neither the HQ nor the
    /// unit netted; not once the board is full (FAQ-31); never an ally's unit (FAQ-385).
    pub(super) fn push_hq_rotations(&self, out: &mut Vec<Action>) {
        if self.state.used_rotate || self.board_full() {
            return;
        }
        let set = tiles();
        let seat = self.state.to_move;
        let geo = self.state.pos.geometry();
        let has = self.state.pos.cells[..geo.len()]
            .iter()
            .flatten()
            .any(|u| u.ctrl == seat && set.tile(u.tile).rotator);
        if !has {
            return;
        }
        let netted = self.analyze().netted;
        if self.working_rotator(netted).is_none() {
            return;
        }
        for c in 0..geo.len() as u8 {
            let Some(u) = self.state.pos.cells[c as usize] else {
                continue;
            };
            if u.ctrl != seat || u.def().is_hq() || netted >> c & 1 == 1 {
                continue;
            }
            for f in 0..6 {
                if f != u.facing {
                    out.push(Action::Rotate { cell: c, facing: f });
                }
            }
        }
    }

    /// Why the HQ's rotation of the unit on `cell` is refused.
    pub(super) fn why_not_rotate(&self, cell: u8, facing: u8) -> String {
        let geo = self.state.pos.geometry();
        if self.state.used_rotate {
            return "the HQ has already turned a unit this turn".into();
        }
        if self.board_full() {
            return "no ability may be used once the board is full (FAQ-31)".into();
        }
        let netted = self.analyze().netted;
        let own_hq = self.state.pos.cells[..geo.len()]
            .iter()
            .flatten()
            .any(|u| u.ctrl == self.state.to_move && u.def().rotator);
        if !own_hq {
            return "you have no Doomsday Machine HQ on the board".into();
        }
        if self.working_rotator(netted).is_none() {
            return "your HQ is netted: it turns nothing".into();
        }
        if cell as usize >= geo.len() {
            return "that hex is off the board".into();
        }
        let Some(u) = self.state.pos.cells[cell as usize] else {
            return "no unit on that hex".into();
        };
        if u.ctrl != self.state.to_move {
            return "the HQ turns only your own units (not an ally's, FAQ-385)".into();
        }
        if u.def().is_hq() {
            return "the HQ turns other units, not itself (D-20)".into();
        }
        if netted >> cell & 1 == 1 {
            return "a netted unit cannot be turned".into();
        }
        if facing > 5 {
            return "a facing is 0..5".into();
        }
        if facing == u.facing {
            return "nothing changes: the unit already faces that way".into();
        }
        "not allowed now".into()
    }

    /// Every Small Bomb target: three mutually adjacent hexes (`a < b < c`) holding at least
    /// one non-HQ unit or a foundation (D-23).
    pub(super) fn push_small_bombs(&self, out: &mut Vec<Action>) {
        let geo = self.state.pos.geometry();
        let worth = |c: u8| {
            self.state.pos.cells[c as usize].is_some_and(|u| !u.def().is_hq())
                || self.state.pos.foundations.is_at(c)
        };
        for x in 0..geo.len() as u8 {
            for d in 0..6 {
                let y = geo.neighbors[x as usize][d];
                let z = geo.neighbors[x as usize][(d + 1) % 6];
                if y == NO_CELL || z == NO_CELL || y < x || z < x {
                    continue;
                }
                if worth(x) || worth(y) || worth(z) {
                    let (b, c) = if y < z { (y, z) } else { (z, y) };
                    out.push(Action::SmallBomb { a: x, b, c });
                }
            }
        }
    }

    /// The Small Bomb (D-23): foundations on the three hexes are destroyed (FAQ-547), every
    /// non-HQ unit there takes one wound (armor does not help; a Medic may die instead, as
    /// for the Air Strike, P-7); an HQ there takes nothing (FAQ-99).
    pub(super) fn small_bomb(&mut self, cells: [u8; 3]) {
        self.use_instant(InstantKind::SmallBomb);
        for c in cells {
            self.remove_foundation(c);
        }
        let targets: Vec<u8> = cells
            .into_iter()
            .filter(|&c| self.state.pos.cells[c as usize].is_some_and(|u| !u.def().is_hq()))
            .collect();
        self.instant_damage(&targets, 1);
    }

    /// Why a Small Bomb on these hexes is refused.
    pub(super) fn why_not_small_bomb(&self, a: u8, b: u8, c: u8) -> String {
        let geo = self.state.pos.geometry();
        if [a, b, c].iter().any(|&x| x as usize >= geo.len()) {
            return "a hex is off the board".into();
        }
        let adjacent = |x: u8, y: u8| geo.neighbors[x as usize].contains(&y);
        if !(adjacent(a, b) && adjacent(b, c) && adjacent(a, c)) {
            return "the Small Bomb takes three hexes that all touch each other".into();
        }
        "nothing to hit there: no unit but an HQ, and no foundation (D-23)".into()
    }

    /// A Grenade thrown at a Trap by the seat's HQ: from the hex beyond the Trap's marked
    /// edge it sets the Trap off (D-21), and the explosion runs at once (D-22).
    pub(super) fn grenade_on_trap(&mut self, target: u8) {
        let hq = self
            .state
            .pos
            .hq_hex(self.state.to_move)
            .and_then(|h| self.state.pos.cell_of(h))
            .expect("a Grenade is thrown from the HQ");
        self.outside_hits(&[OutsideHit {
            from: hq,
            target,
            wounds: u8::MAX,
            by: self.state.to_move,
        }]);
    }

    /// An action's hits outside a battle and what they set off (D-22): explosions, Medics,
    /// wounds and removals at once. Removed tiles go to their owners' piles; an HQ at 0 ends
    /// the game or, with three or four seats, eliminates its seat (D-26), whose turn then
    /// ends if it was the seat to move; in the points game own wounds wait for `credit`
    /// (FAQ-374) and then the turn goes on.
    pub(super) fn outside_hits(&mut self, hits: &[OutsideHit]) {
        let before = self.state.pos.clone();
        let summary = with_resolver(|r| r.resolve_hits(&mut self.state.pos, hits, &mut NoLog));
        self.index = super::index::BoardIndex::of(&self.state.pos);
        let credits = self.after_resolution(&before, &summary, AfterBattle::Action);
        if !credits && !self.is_over() && self.state.eliminated >> self.state.to_move & 1 == 1 {
            self.end_turn();
        }
    }
}
