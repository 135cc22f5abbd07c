//! The turn sequence: draws, the mandatory discard, the next seat, and the ending sequence
//! (FAQ-12, FAQ-36, FAQ-42, FAQ-43).

use super::{Ending, Game, Stage};

impl Game {
    pub(super) fn end_turn(&mut self) {
        self.state.used_mobility = 0;
        self.state.used_transport = 0;
        self.state.used_grant = 0;
        self.state.used_rotate = false;
        self.state.exchange_open = false;
        self.state.played = 0;
        // Terror lasts until the end of the seat's next turn (D-32).
        self.state.terror &= !(1 << self.state.to_move);
        match self.state.ending {
            Ending::None => self.next_seat_turn(),
            Ending::LastTileDrawn => {
                let turns_left = self.last_round_turns();
                self.state.ending = Ending::LastRound { turns_left };
                if turns_left == 0 {
                    self.final_battle();
                } else {
                    self.next_seat_turn();
                }
            }
            // The last round's and the tie-break's turns count down alike; each ends in
            // its battle.
            Ending::LastRound { turns_left } | Ending::TieBreak { turns_left }
                if turns_left > 1 =>
            {
                if let Ending::LastRound { turns_left } | Ending::TieBreak { turns_left } =
                    &mut self.state.ending
                {
                    *turns_left -= 1;
                }
                self.next_seat_turn();
            }
            Ending::LastRound { .. } => self.final_battle(),
            Ending::TieBreak { .. } => self.overtime_battle(),
        }
    }

    pub(super) fn next_seat_turn(&mut self) {
        self.state.to_move = self.next_seat();
        self.start_turn();
    }

    /// Starts `to_move`'s turn: the draw, or straight to the turn when nothing is drawn.
    pub(super) fn start_turn(&mut self) {
        self.start_turn_with(None)
    }

    /// Starts `to_move`'s turn; `draw` overrides how many tiles it draws.
    pub(super) fn start_turn_with(&mut self, draw: Option<u8>) {
        let s = self.state.to_move as usize;
        self.state.turn += 1;
        self.state.turns_taken[s] += 1;
        self.state.played = 0;
        self.state.drawn_now = 0;
        // Every turn draws as usual, the tie-break turns too ("as if the game continued in
        // the normal way", 3.0 Victory): a seat whose deck is empty draws nothing.
        let want = draw.unwrap_or_else(|| self.draw_count(s));
        if want > 0 && self.state.mercs[s] != 0 {
            // Unused Mercenaries may replace deck tiles, also once the deck is empty (D-25).
            self.state.stage = Stage::Mercenary { left: want };
        } else {
            self.draw_from_deck(want);
        }
    }

    /// Chance draws up to `want` tiles from the seat's deck (as many as it holds).
    pub(super) fn draw_from_deck(&mut self, want: u8) {
        let want = want.min(self.state.decks[self.state.to_move as usize].len() as u8);
        if want > 0 {
            self.state.stage = Stage::Draw { left: want };
        } else {
            self.after_draw();
        }
    }

    pub(super) fn after_draw(&mut self) {
        let full = self.state.options.hand_limit() as usize;
        self.state.stage = if self.state.hands[self.state.to_move as usize].len() >= full {
            Stage::Discard
        } else {
            Stage::Main
        };
        // Energy exchanges open after the draw and the mandatory discard (D-16).
        self.state.exchange_open = self.state.stage == Stage::Main && self.energy_in_play();
    }
}
