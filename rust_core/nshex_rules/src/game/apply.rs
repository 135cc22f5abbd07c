//! Applying an action: checked against the legal actions, or unchecked for callers that know.

use super::{AfterBattle, Ending, Game, Player, Stage};
use crate::action::Action;
use crate::error::Refusal;
use crate::hex::NO_CELL;
use crate::tiles::{tiles, InstantKind, TileId};

impl Game {
    /// Applies `action`, or refuses it (with the reason) and leaves the game unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        let mut buf = Vec::new();
        self.apply_with(action, &mut buf)
    }

    /// [`Game::apply`] with a caller's buffer for the legal actions (no allocation).
    pub fn apply_with(&mut self, action: Action, buf: &mut Vec<Action>) -> Result<(), Refusal> {
        let action = action.canonical();
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
        // With a takeover source in the game, control is resolved after the action, and the
        // takeovers it began are rotated (D-12, D-13).
        if self.takeovers_possible {
            self.note_takeovers();
        }
        self.apply_action(action);
        if self.takeovers_possible {
            self.after_action();
        }
    }

    #[inline(always)]
    fn apply_action(&mut self, action: Action) {
        let seat = self.state.to_move as usize;
        if self.state.exchange_open
            && !matches!(
                action,
                Action::Exchange { .. } | Action::TurnTaken { .. } | Action::KeepTaken { .. }
            )
        {
            // The exchange window closes with the seat's first other action (D-16).
            self.state.exchange_open = false;
        }
        match action {
            Action::PlaceHq { .. }
            | Action::Draw { .. }
            | Action::Unlucky
            | Action::UnluckyOf { .. }
            | Action::Hire { .. }
            | Action::Mercenary { .. }
            | Action::DeckDraw
            | Action::Discard { .. } => self.apply_supply(action, seat),
            Action::Place { tile, cell, facing } => self.apply_place(tile, cell, facing, seat),
            Action::Move { .. }
            | Action::Mobility { .. }
            | Action::Transport { .. }
            | Action::PushBack { .. }
            | Action::PushTo { .. }
            | Action::Sniper { .. }
            | Action::Grenade { .. }
            | Action::AirStrike { .. }
            | Action::Grant { .. }
            | Action::Castling { .. }
            | Action::Rotation { .. }
            | Action::Terror => self.apply_instant(action, seat),
            Action::TurnTaken { cell, facing } => self.answer_rotation(cell, Some(facing)),
            Action::KeepTaken { cell } => self.answer_rotation(cell, None),
            Action::Exchange { tile } => {
                self.take_from_hand(tile);
                self.discard_tile(seat as u8, tile);
                self.state.energy[seat] += 1;
            }
            Action::Buy { n } => {
                self.state.pos.hq_hp[seat] -= n;
                self.state.energy[seat] += n;
                self.end_turn();
            }
            Action::Procedure(p) => self.apply_procedure(p),
            Action::Rotate { cell, facing } => {
                self.state.used_rotate = true;
                self.state.pos.cells[cell as usize]
                    .as_mut()
                    .expect("a unit")
                    .facing = facing;
            }
            Action::SmallBomb { a, b, c } => self.small_bomb([a, b, c]),
            Action::Credit { to, n } => self.apply_credit(to, n),
            Action::Battle => {
                self.use_instant(InstantKind::Battle);
                self.battles_then(AfterBattle::EndTurn, Vec::new());
            }
            Action::EndTurn => self.end_turn(),
            Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. } => {
                self.pending = None;
                let (then, mut answers) = self
                    .state
                    .waiting
                    .take()
                    .expect("a battle waiting for a choice");
                answers.push(action.answer().expect("a battle answer"));
                self.battles_then(then, answers);
            }
        }
    }

    /// The set-up and the tiles' way to the hand: an HQ placed, a Mercenary hired or taken,
    /// draws, the unlucky draw, a discard.
    #[inline(always)]
    fn apply_supply(&mut self, action: Action, seat: usize) {
        match action {
            Action::PlaceHq { cell, facing } => {
                let hq = tiles().army(self.state.pos.armies[seat]).hq;
                self.place_cell(cell, hq, seat as u8, facing);
                match self.next_hq_seat() {
                    Some(next) => self.state.to_move = next,
                    None => {
                        self.state.to_move = 0;
                        self.start_turn();
                    }
                }
            }
            Action::Draw { tile } => {
                let deck = &mut self.state.decks[seat];
                let i = deck.iter().rposition(|&t| t == tile).expect("legal draw");
                deck.remove(i);
                self.state.known_top[seat] = self.state.known_top[seat].saturating_sub(1);
                self.state.hands[seat].push(tile);
                self.state.drawn_now += 1;
                if deck.is_empty() && self.state.ending == Ending::None {
                    self.state.ending = Ending::LastTileDrawn;
                    self.state.ending_by = seat as u8;
                }
                let left = match self.state.stage {
                    Stage::Draw { left } => left - 1,
                    _ => 0,
                };
                if left > 0 && !self.state.decks[seat].is_empty() {
                    self.state.stage = Stage::Draw { left };
                } else {
                    self.after_draw();
                }
            }
            Action::Unlucky => {
                let hand = std::mem::take(&mut self.state.hands[seat]);
                self.state.discards[seat].extend(hand);
                self.state.drawn_now = 0;
                self.state.stage = Stage::Draw { left: 3 };
            }
            Action::UnluckyOf { tiles } => {
                for t in tiles {
                    self.take_from_hand(t);
                    self.state.discards[seat].push(t);
                }
                self.state.drawn_now -= 3;
                self.state.stage = Stage::Draw { left: 3 };
            }
            Action::Hire { tile } => {
                let i = Self::mercenary_index(tile).expect("a Mercenary");
                self.state.mercs[seat] |= 1 << i;
                match self.next_picker() {
                    Some(s) => self.state.to_move = s,
                    None => {
                        let first = self.hq_order().next().expect("a seat");
                        self.state.to_move = first;
                        self.state.stage = Stage::PlaceHq;
                    }
                }
            }
            Action::Mercenary { tile } => {
                let i = Self::mercenary_index(tile).expect("a Mercenary");
                self.state.mercs[seat] &= !(1 << i);
                self.state.hands[seat].push(tile);
                self.state.drawn_now += 1;
                let left = match self.state.stage {
                    Stage::Mercenary { left } => left - 1,
                    _ => 0,
                };
                if left > 0 && self.state.mercs[seat] != 0 {
                    self.state.stage = Stage::Mercenary { left };
                } else {
                    self.draw_from_deck(left);
                }
            }
            Action::DeckDraw => {
                let left = match self.state.stage {
                    Stage::Mercenary { left } => left,
                    _ => 0,
                };
                self.draw_from_deck(left);
            }
            Action::Discard { tile } => {
                self.take_from_hand(tile);
                self.discard_tile(seat as u8, tile);
                if self.state.stage == Stage::Discard {
                    self.state.stage = Stage::Main;
                    self.state.exchange_open = self.energy_in_play();
                }
            }
            _ => unreachable!("not a set-up or draw action"),
        }
    }

    /// A tile from the hand onto the board (a foundation, onto a Transporter, or an empty
    /// hex, whose filling may start the battle).
    #[inline(always)]
    fn apply_place(&mut self, tile: TileId, cell: u8, facing: u8, seat: usize) {
        self.take_from_hand(tile);
        self.state.played += 1;
        if self.duel_tiles && Self::is_foundation(tile) {
            let h = self.state.pos.geometry().hex(cell);
            let placed = self.state.pos.place_foundation(h, tile, seat as u8);
            debug_assert!(placed, "an army has at most two foundations");
        } else if let Some(t) = self.state.pos.cells[cell as usize].take() {
            self.index.clear(cell);
            // On a Transporter's hex: it goes to its owner's discard pile, its
            // wounds do not pass on (FAQ-260, D-33); the board was not full.
            self.state.discards[t.seat as usize].push(t.tile);
            let owner = self.placed_owner(tile, seat as u8);
            self.place_cell(cell, tile, owner, facing);
        } else {
            let owner = self.placed_owner(tile, seat as u8);
            self.place_cell(cell, tile, owner, facing);
            if self.duel_tiles {
                self.enter(cell);
            }
            if self.board_full() {
                self.battles_then(AfterBattle::FullBoard, Vec::new());
            }
        }
    }

    /// The instant actions and the movement abilities.
    #[inline(always)]
    fn apply_instant(&mut self, action: Action, seat: usize) {
        match action {
            Action::Move { from, to, facing } => {
                self.use_instant(InstantKind::Move);
                self.move_unit(from, to, facing);
            }
            Action::Mobility { from, to, facing } => {
                self.state.used_mobility |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::Transport { from, to, facing } => {
                self.state.used_transport |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::PushBack { from, target } => {
                self.use_instant(InstantKind::PushBack);
                self.push_back(from, target);
            }
            Action::PushTo { cell } => {
                if let Stage::PushTo { target, .. } = self.state.stage {
                    let facing = self.state.pos.cells[target as usize].unwrap().facing;
                    self.move_unit(target, cell, facing);
                }
                self.state.stage = Stage::Main;
            }
            Action::Sniper { target } => {
                self.use_instant(InstantKind::Sniper);
                if self.state.pos.foundations.is_at(target) {
                    self.remove_foundation(target);
                } else {
                    self.instant_damage(&[target], 1);
                }
            }
            Action::Grenade { target } => {
                self.use_instant(InstantKind::Grenade);
                if self.state.pos.foundations.is_at(target) {
                    self.remove_foundation(target);
                } else if self.state.pos.cells[target as usize]
                    .is_some_and(|u| u.def().trigger != 0)
                {
                    // A Trap: the HQ's side may be its marked edge (D-21).
                    self.grenade_on_trap(target);
                } else {
                    self.instant_damage(&[target], u8::MAX);
                }
            }
            Action::AirStrike { center } => {
                self.use_instant(InstantKind::AirStrike);
                let geo = self.state.pos.geometry();
                let mut targets = vec![center];
                targets.extend(
                    geo.neighbors[center as usize]
                        .iter()
                        .copied()
                        .filter(|&c| c != NO_CELL),
                );
                // Foundations in the area are destroyed (D-15).
                for &c in &targets {
                    self.remove_foundation(c);
                }
                targets.retain(|&c| {
                    self.state.pos.cells[c as usize].is_some_and(|u| !u.def().is_hq())
                });
                self.instant_damage(&targets, 1);
            }
            Action::Grant { from, to, facing } => {
                self.state.used_grant |= 1 << from;
                self.move_unit(from, to, facing);
            }
            Action::Castling { a, b } => {
                self.use_instant(InstantKind::Castling);
                self.swap_units(a, b);
            }
            Action::Rotation { cell, facing } => {
                self.use_instant(InstantKind::Rotation);
                self.state.pos.cells[cell as usize]
                    .as_mut()
                    .expect("a tile")
                    .facing = facing;
            }
            Action::Terror => {
                self.use_instant(InstantKind::Terror);
                let all = (1u8 << self.seats()) - 1;
                self.state.terror |= all & !(1 << seat);
            }
            _ => unreachable!("not an instant action"),
        }
    }

    pub(super) fn take_from_hand(&mut self, tile: TileId) {
        let hand = &mut self.state.hands[self.state.to_move as usize];
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
        if !matches!(self.state.stage, Stage::Main | Stage::Discard)
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
        g.state.battles == self.state.battles
            && g.state.turn == self.state.turn
            && g.current_player() == Player::Seat(seat)
            && matches!(g.state.stage, Stage::Main | Stage::Discard)
    }
}
