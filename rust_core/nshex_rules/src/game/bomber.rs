//! The Mad Bomber in the game flow (D-24): set in the centre before the HQs, owned by
//! whoever places it in the mercenary mode, and passed on from deck to deck when it leaves
//! the board or a hand.

use super::{Game, MadBomber};
use crate::hex::Hex;
use crate::seats::NEUTRAL;
use crate::sides::Mode;
use crate::tiles::{tiles, TileId};

impl Game {
    /// The Mad Bomber's tile, when the game is played with it.
    #[inline]
    pub(super) fn bomber_tile(&self) -> Option<TileId> {
        if self.state.options.mad_bomber == MadBomber::Off {
            None
        } else {
            tiles().mad_bomber
        }
    }

    /// Whether `tile` is the Mad Bomber of a game played with it.
    #[inline]
    pub(super) fn is_bomber(&self, tile: TileId) -> bool {
        self.state.options.mad_bomber != MadBomber::Off && tiles().mad_bomber == Some(tile)
    }

    /// Sets the neutral Mad Bomber on the centre hex (before the HQs, 2.x; D-30 on the
    /// expanded board too).
    pub(super) fn set_bomber(&mut self) {
        let (Some(t), Some(c)) = (self.bomber_tile(), self.state.pos.cell_of(Hex::new(0, 0)))
        else {
            return;
        };
        self.place_cell(c, t, NEUTRAL, 0);
    }

    /// Who owns the Mad Bomber `seat` places from hand: nobody in the neutral mode, the
    /// seat in the mercenary mode (D-24).
    #[inline]
    pub(super) fn placed_owner(&self, tile: TileId, seat: u8) -> u8 {
        if self.state.options.mad_bomber == MadBomber::Neutral && self.is_bomber(tile) {
            NEUTRAL
        } else {
            seat
        }
    }

    /// `seat` discards `tile` (the mandatory discard, a discard, an energy exchange): to its
    /// discard pile, or the Mad Bomber passes on as if it had exploded (D-24).
    pub(super) fn discard_tile(&mut self, seat: u8, tile: TileId) {
        if self.is_bomber(tile) {
            self.pass_bomber(seat);
        } else {
            self.state.discards[seat as usize].push(tile);
        }
    }

    /// The seat that receives the Mad Bomber after `after` detonated or discarded it: the
    /// next seat in turn order still in the game (with one against a team, the seat whose
    /// turn follows `after`'s next turn in the order 0, 1, 0, 2); `None` when no seat is left.
    pub(super) fn bomber_receiver(&self, after: u8) -> Option<u8> {
        let n = self.seats();
        if self.mode() == Mode::OneVsTeam {
            let now = (self.state.turn as usize).saturating_sub(1);
            let len = self.mode().order_len(n);
            let j = (now..now + len)
                .find(|&k| self.mode().order_seat(k, n) == after)
                .unwrap_or(now);
            return Some(self.mode().order_seat(j + 1, n));
        }
        (1..=n)
            .map(|k| (after + k) % n)
            .find(|&s| self.state.eliminated >> s & 1 == 0)
    }

    /// The Mad Bomber goes on top of the next seat's draw pile after `after`, even an empty
    /// one or with the ending under way; it is drawn at that seat's next draw (D-24).
    pub(super) fn pass_bomber(&mut self, after: u8) {
        let (Some(t), Some(s)) = (self.bomber_tile(), self.bomber_receiver(after)) else {
            return;
        };
        self.state.decks[s as usize].push(t);
        self.state.known_top[s as usize] += 1;
    }

    /// The Mad Bomber left the board in a resolution whose hitters were `by` (a seat mask):
    /// hit by two or more seats it leaves the game, else it passes on after its detonator
    /// (D-24); with no hitter (a Mine) after the seat whose action it was.
    pub(super) fn bomber_left_board(&mut self, by: u8) {
        match by.count_ones() {
            0 => self.pass_bomber(self.state.to_move),
            1 => self.pass_bomber(by.trailing_zeros() as u8),
            _ => {}
        }
    }
}
