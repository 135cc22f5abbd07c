//! Three and four seats: the turn order, elimination (D-26), the result after the Final and
//! Overtime Battles by mode, and the ranking.

use super::{Ending, Game};
use crate::hex::bits;
use crate::position::Foundation;
use crate::seats::MAX_SEATS;
use crate::sides::winners;
use crate::sides::{Mode, Outcome};

impl Game {
    /// The game mode.
    pub fn mode(&self) -> Mode {
        self.state.pos.mode()
    }

    /// Seats out of the game (a mask; deathmatch only, D-26).
    pub fn eliminated(&self) -> u8 {
        self.state.eliminated
    }

    /// Seats still in the game (a mask).
    pub fn in_game(&self) -> u8 {
        let all = ((1u16 << self.seats()) - 1) as u8;
        all & !self.state.eliminated
    }

    /// The seat whose turn follows the current one: the turn order of the mode (0, 1, 0, 2
    /// for one against a team), skipping eliminated seats. The tie-break turns go round the
    /// seats once each (P-24).
    pub(super) fn next_seat(&self) -> u8 {
        let n = self.seats();
        let cyclic = || {
            (1..=n)
                .map(|k| (self.state.to_move + k) % n)
                .find(|&s| self.state.eliminated >> s & 1 == 0)
                .unwrap_or(self.state.to_move)
        };
        match (self.mode(), self.state.ending) {
            (_, Ending::TieBreak { .. }) => cyclic(),
            // Turn `t` (1-based) is the order's (t - 1)-th: the next is the `turn`-th.
            (Mode::OneVsTeam, _) => self.mode().order_seat(self.state.turn as usize, n),
            _ => cyclic(),
        }
    }

    /// The turns of the last round after the seat that drew its deck's last tile: one for
    /// every other seat still in the game; with one against a team, only the next seat's
    /// when the single seat drew it (FAQ-378).
    pub(super) fn last_round_turns(&self) -> u8 {
        if self.mode() == Mode::OneVsTeam && self.state.to_move == 0 {
            1
        } else {
            (self.in_game() & !(1 << self.state.to_move)).count_ones() as u8
        }
    }

    /// Deathmatch: the seats whose HQ a battle destroyed leave the game at its end (D-26):
    /// every tile they own leaves the board (taken-over ones and foundations too), their
    /// hands and decks leave the game (onto their discard piles, so that every tile stays
    /// accounted for), units they had taken over return to their owners, rotations they
    /// were due lapse, and a last turn they were still owed is skipped.
    pub(super) fn eliminate(&mut self, seats: u8) {
        let seats = seats & self.in_game();
        if seats == 0 {
            return;
        }
        // Turns of the ending sequence still owed to them are skipped.
        let owed = match self.state.ending {
            Ending::LastRound { turns_left } | Ending::TieBreak { turns_left } => {
                turns_left.saturating_sub(1)
            }
            _ => 0,
        };
        let mut skipped = 0u8;
        let mut bombers: Vec<u8> = Vec::new();
        let mut s = self.state.to_move;
        let n = self.seats();
        let mut left = owed;
        while left > 0 {
            s = (s + 1) % n;
            if s == self.state.to_move {
                break;
            }
            if self.state.eliminated >> s & 1 == 1 {
                continue;
            }
            if seats >> s & 1 == 1 {
                skipped += 1;
            }
            left -= 1;
        }
        match &mut self.state.ending {
            Ending::LastRound { turns_left } | Ending::TieBreak { turns_left } => {
                *turns_left -= skipped;
            }
            _ => {}
        }
        let geo = self.state.pos.geometry();
        for c in 0..geo.len() {
            if let Some(u) = self.state.pos.cells[c] {
                if seats >> u.seat & 1 == 1 {
                    self.state.pos.cells[c] = None;
                    self.index.clear(c as u8);
                    if self.is_bomber(u.tile) {
                        bombers.push(u.seat);
                    } else if !u.def().is_hq() {
                        self.state.discards[u.seat as usize].push(u.tile);
                    }
                }
            }
        }
        let gone: Vec<(u8, Foundation)> = self
            .state
            .pos
            .foundations
            .iter()
            .filter(|(_, f)| seats >> f.seat & 1 == 1)
            .collect();
        for (c, f) in gone {
            self.state.pos.foundations.take(c);
            self.state.discards[f.seat as usize].push(f.tile);
        }
        for s in bits(seats as u64) {
            let s = s as usize;
            let hand = std::mem::take(&mut self.state.hands[s]);
            let deck = std::mem::take(&mut self.state.decks[s]);
            for t in hand.into_iter().chain(deck) {
                if self.is_bomber(t) {
                    // A Mad Bomber it held passes on as if discarded (D-26).
                    bombers.push(s as u8);
                } else {
                    self.state.discards[s].push(t);
                }
            }
            self.state.known_top[s] = 0;
            // Unused Mercenaries leave the game with the seat (as its hand does).
            self.state.mercs[s] = 0;
            self.state.eliminated_in[s] = self.state.battles;
        }
        self.state.eliminated |= seats;
        for s in bombers {
            self.pass_bomber(s);
        }
        self.state.terror &= !seats;
        self.state
            .rotations
            .retain(|&(_, seat)| seats >> seat & 1 == 0);
        self.state.pos.settle();
    }

    /// Each seat's result as the mode counts it: its HQ's hit points, its points, or its
    /// side's total of HQ hit points in the team modes.
    pub fn results(&self) -> [i32; MAX_SEATS] {
        let mut r = [0i32; MAX_SEATS];
        let alive = self.in_game();
        let rel = *self.state.pos.relations();
        for s in 0..self.seats() {
            r[s as usize] = if self.mode().has_teams() {
                (0..self.seats())
                    .filter(|&t| rel.allied(s, t))
                    .map(|t| self.state.pos.hq_hp[t as usize] as i32)
                    .sum()
            } else if alive >> s & 1 == 1 {
                self.state.pos.hq_hp[s as usize] as i32
            } else {
                -1
            };
        }
        r
    }

    /// After the Final Battle (`tie_break`) or the Overtime Battle: the best result wins; a
    /// tie leads to one more turn for every seat still in the game and the Overtime Battle,
    /// and after that the tied seats share the result (3.0 Victory, D-26).
    pub(super) fn finish_on_hit_points(&mut self, tie_break: bool) {
        let all = self.in_game() | self.state.eliminated;
        let r = self.results();
        let alive = self.in_game();
        let best = (0..self.seats())
            .filter(|&s| alive >> s & 1 == 1)
            .map(|s| r[s as usize])
            .max()
            .unwrap_or(0);
        let leaders = (0..self.seats())
            .filter(|&s| alive >> s & 1 == 1 && r[s as usize] == best)
            .fold(0u8, |m, s| m | 1 << s);
        // A team's seats share its result: one side in the lead is a win.
        let one_side = (0..self.seats())
            .filter(|&s| leaders >> s & 1 == 1)
            .all(|s| {
                self.state
                    .pos
                    .relations()
                    .allied(s, leaders.trailing_zeros() as u8)
            });
        if one_side && (self.mode().has_teams() || leaders.count_ones() == 1) {
            self.finish(winners(leaders, all));
        } else if tie_break {
            self.state.ending = Ending::TieBreak {
                turns_left: alive.count_ones() as u8,
            };
            self.next_seat_turn();
        } else {
            self.finish(winners(leaders, all));
        }
    }

    /// Each seat's place (1 = first) once the game is over: the winners first, then the
    /// seats still in the game by their result, then the eliminated seats, later eliminations
    /// ranking higher and seats eliminated in the same battle sharing a place (D-26). While
    /// the game goes on, every seat still in it is first.
    pub fn ranking(&self) -> Vec<u8> {
        let n = self.seats() as usize;
        let win_mask = match self.state.outcome {
            Some(Outcome::Winner(s)) => 1u8 << s,
            Some(Outcome::Shared(m)) => m,
            Some(Outcome::Draw) => self.in_game(),
            _ => self.in_game(),
        };
        let r = self.results();
        let key = |s: usize| -> (u8, i64) {
            if win_mask >> s & 1 == 1 {
                (3, 0)
            } else if self.state.eliminated >> s & 1 == 0 {
                (2, r[s] as i64)
            } else {
                (1, self.state.eliminated_in[s] as i64)
            }
        };
        (0..n)
            .map(|s| 1 + (0..n).filter(|&t| key(t) > key(s)).count() as u8)
            .collect()
    }
}
