//! Applying an action: checked against the legal actions, or unchecked for callers that know.

use super::*;

impl Game {
    /// Applies `action`, or refuses it (with the reason) and leaves the game unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        let mut buf = Vec::new();
        self.apply_with(action, &mut buf)
    }

    /// [`Game::apply`] with a caller's buffer for the legal actions (no allocation).
    pub fn apply_with(&mut self, action: Action, buf: &mut Vec<Action>) -> Result<(), Refusal> {
        self.legal_actions_into(buf);
        if !buf.contains(&action) {
            return Err(Refusal::Action {
                action,
                reason: self.why_illegal(action),
            });
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, action: Action) {
        let seat = self.to_move as usize;
        match action {
            Action::PlaceHq { cell } => {
                let hq = tiles().army(self.pos.armies[seat]).hq;
                let h = self.pos.geometry().hex(cell);
                self.pos.place(h, hq, seat as u8, 0, 0);
                if (seat as u8) + 1 < self.seats() {
                    self.to_move += 1;
                } else {
                    self.to_move = 0;
                    self.start_turn();
                }
            }
            Action::Draw { tile } => {
                let deck = &mut self.decks[seat];
                let i = deck.iter().rposition(|&t| t == tile).expect("legal draw");
                deck.remove(i);
                self.hands[seat].push(tile);
                if deck.is_empty() && self.ending == Ending::None {
                    self.ending = Ending::LastTileDrawn;
                }
                let left = match self.stage {
                    Stage::Draw { left } => left - 1,
                    _ => 0,
                };
                if left > 0 && !self.decks[seat].is_empty() {
                    self.stage = Stage::Draw { left };
                } else {
                    self.after_draw();
                }
            }
            Action::Unlucky => {
                let hand = std::mem::take(&mut self.hands[seat]);
                self.discards[seat].extend(hand);
                self.stage = Stage::Draw { left: 3 };
            }
            Action::Discard { tile } => {
                self.take_from_hand(tile);
                self.discards[seat].push(tile);
                if self.stage == Stage::Discard {
                    self.stage = Stage::Main;
                }
            }
            Action::Place { tile, cell, facing } => {
                self.take_from_hand(tile);
                let h = self.pos.geometry().hex(cell);
                self.pos.place(h, tile, seat as u8, facing, 0);
                if self.pos.is_full() {
                    self.battles_then(AfterBattle::FullBoard, Vec::new());
                }
            }
            Action::Move { from, to, facing } => {
                self.use_instant(InstantKind::Move);
                self.move_unit(from, to, facing);
            }
            Action::Mobility { from, to, facing } => {
                self.used_mobility |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::Transport { from, to, facing } => {
                self.used_transport |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::PushBack { from, target } => {
                self.use_instant(InstantKind::PushBack);
                let options = self.push_options(from, target);
                if options.count_ones() == 1 {
                    self.move_unit(
                        target,
                        options.trailing_zeros() as u8,
                        self.pos.cells[target as usize].unwrap().facing,
                    );
                } else {
                    self.stage = Stage::PushTo { target, options };
                }
            }
            Action::PushTo { cell } => {
                if let Stage::PushTo { target, .. } = self.stage {
                    let facing = self.pos.cells[target as usize].unwrap().facing;
                    self.move_unit(target, cell, facing);
                }
                self.stage = Stage::Main;
            }
            Action::Sniper { target } => {
                self.use_instant(InstantKind::Sniper);
                self.instant_damage(&[target], 1);
            }
            Action::Grenade { target } => {
                self.use_instant(InstantKind::Grenade);
                self.instant_damage(&[target], u8::MAX);
            }
            Action::AirStrike { center } => {
                self.use_instant(InstantKind::AirStrike);
                let geo = self.pos.geometry();
                let mut targets = vec![center];
                targets.extend(
                    geo.neighbors[center as usize]
                        .iter()
                        .copied()
                        .filter(|&c| c != NO_CELL),
                );
                targets.retain(|&c| self.pos.cells[c as usize].is_some_and(|u| !u.def().is_hq()));
                self.instant_damage(&targets, 1);
            }
            Action::Battle => {
                self.use_instant(InstantKind::Battle);
                self.battles_then(AfterBattle::EndTurn, Vec::new());
            }
            Action::EndTurn => self.end_turn(),
            Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. } => {
                let p = self.pending.take().expect("a battle waiting for a choice");
                let PendingBattle {
                    then, mut answers, ..
                } = *p;
                answers.push(action.answer().expect("a battle answer"));
                self.battles_then(then, answers);
            }
        }
    }

    pub(super) fn take_from_hand(&mut self, tile: TileId) {
        let hand = &mut self.hands[self.to_move as usize];
        let i = hand.iter().position(|&t| t == tile).expect("tile in hand");
        hand.remove(i);
    }

    /// Whether `action`, applied now, could be taken back within the turn (a client's undo):
    /// it reveals nothing hidden and hands no decision to anybody else. So not a draw, the
    /// unlucky draw, a battle (played or started by filling the board), an answer in a
    /// battle, a push whose owner chooses the hex, or the end of the turn. An illegal action
    /// cannot be taken back either.
    pub fn can_take_back(&self, action: Action) -> bool {
        let Player::Seat(seat) = self.current_player() else {
            return false;
        };
        if !matches!(self.stage, Stage::Main | Stage::Discard)
            || matches!(
                action,
                Action::Draw { .. } | Action::Unlucky | Action::Battle | Action::EndTurn
            )
            || !self.legal_actions().contains(&action)
        {
            return false;
        }
        let mut g = self.clone();
        g.set_keep_battle_logs(false);
        g.apply_unchecked(action);
        g.battles == self.battles
            && g.turn == self.turn
            && g.current_player() == Player::Seat(seat)
            && matches!(g.stage, Stage::Main | Stage::Discard)
    }
}
