//! Instant action tiles: their targets (Push Back, Sniper, Grenade, Air Strike, Move), and
//! their damage with medics dying instead (P-7, P-8, P-9).

use super::{instant_of, Ending, Game, MadBomber, Make, MoveInfo, Sink};
use crate::action::Action;
use crate::battle::OutsideHit;
use crate::hex::{bits, NO_CELL};
use crate::tiles::{InstantKind, TileId};

impl Game {
    pub(super) fn push_instant(&self, k: InstantKind, an: &MoveInfo, out: &mut Sink) {
        let geo = self.state.pos.geometry();
        let seat = self.state.to_move;
        let n = geo.len() as u8;
        let enemy_unit = |c: u8| {
            self.state.pos.cells[c as usize]
                .is_some_and(|u| self.state.pos.enemies(seat, u.ctrl) && !u.def().is_hq())
        };
        // An enemy foundation is a target for the Sniper and the Grenade (D-15).
        let enemy_foundation = |c: u8| {
            self.state
                .pos
                .foundations
                .get(c)
                .is_some_and(|f| self.state.pos.enemies(seat, f.seat))
        };
        match k {
            InstantKind::Battle => {
                if self.state.ending == Ending::None {
                    out.push(Action::Battle);
                }
            }
            InstantKind::Move => {
                for c in 0..n {
                    if self.own_free_unit(an, c) {
                        self.push_moves(c, an, Make::Move, out);
                    }
                }
            }
            InstantKind::PushBack => {
                for c in 0..n {
                    if !self.own_free_unit(an, c) {
                        continue;
                    }
                    for d in 0..6u8 {
                        let t = geo.neighbors[c as usize][d as usize];
                        if t == NO_CELL || an.netted >> t & 1 == 1 {
                            continue;
                        }
                        let Some(tu) = self.state.pos.cells[t as usize] else {
                            continue;
                        };
                        // Enemies only; Moloch and its allies push each other back (3.0).
                        let pushable =
                            self.state.pos.relations().nets[seat as usize] >> tu.ctrl & 1;
                        if pushable == 1 && self.push_options(c, t) != 0 {
                            out.push(Action::PushBack { from: c, target: t });
                        }
                    }
                }
            }
            InstantKind::Sniper => {
                for c in 0..n {
                    if enemy_unit(c) || enemy_foundation(c) {
                        out.push(Action::Sniper { target: c });
                    }
                }
            }
            InstantKind::Grenade => {
                if let Some(hq) = self
                    .state
                    .pos
                    .hq_hex(seat)
                    .and_then(|h| self.state.pos.cell_of(h))
                {
                    if an.netted >> hq & 1 == 0 {
                        for d in 0..6 {
                            let t = geo.neighbors[hq as usize][d];
                            if t != NO_CELL && (enemy_unit(t) || enemy_foundation(t)) {
                                out.push(Action::Grenade { target: t });
                            }
                        }
                    }
                }
            }
            InstantKind::AirStrike => {
                for c in 0..n {
                    if !geo.is_edge(c) {
                        out.push(Action::AirStrike { center: c });
                    }
                }
            }
            InstantKind::Terror => out.push(Action::Terror),
            InstantKind::Castling => self.push_castlings(an, out),
            InstantKind::Rotation => self.push_rotation_tiles(an, out),
            InstantKind::SmallBomb => self.push_small_bombs(out),
        }
    }

    /// The free hexes a unit on `target` may be pushed to by the unit on `from`: the three
    /// hexes behind it, one hex away from the pusher.
    pub(super) fn push_options(&self, from: u8, target: u8) -> u64 {
        let geo = self.state.pos.geometry();
        let Some(d) = (0..6u8).find(|&d| geo.neighbors[from as usize][d as usize] == target) else {
            return 0;
        };
        let mut m = 0u64;
        for dd in [d, (d + 5) % 6, (d + 1) % 6] {
            let c = geo.neighbors[target as usize][dd as usize];
            if c != NO_CELL && self.state.pos.cells[c as usize].is_none() {
                m |= 1 << c;
            }
        }
        m
    }

    /// The instant tile an action plays from the mover's hand (`None` for other actions).
    pub fn instant_tile(&self, action: Action) -> Option<TileId> {
        let kind = match action {
            Action::Battle => InstantKind::Battle,
            Action::Move { .. } => InstantKind::Move,
            Action::PushBack { .. } => InstantKind::PushBack,
            Action::Sniper { .. } => InstantKind::Sniper,
            Action::Grenade { .. } => InstantKind::Grenade,
            Action::AirStrike { .. } => InstantKind::AirStrike,
            Action::Terror => InstantKind::Terror,
            Action::Castling { .. } => InstantKind::Castling,
            Action::Rotation { .. } => InstantKind::Rotation,
            Action::SmallBomb { .. } => InstantKind::SmallBomb,
            _ => return None,
        };
        self.state.hands[self.state.to_move as usize]
            .iter()
            .copied()
            .find(|&t| instant_of(t) == Some(kind))
    }

    #[inline]
    pub(super) fn use_instant(&mut self, kind: InstantKind) {
        let seat = self.state.to_move as usize;
        self.state.played += 1;
        let i = self.state.hands[seat]
            .iter()
            .position(|&t| instant_of(t) == Some(kind))
            .expect("instant in hand");
        let t = self.state.hands[seat].remove(i);
        self.state.discards[seat].push(t);
    }

    /// Damage from an instant action (`wounds = u8::MAX`: the unit is destroyed). A working
    /// friendly Medic linked to a target dies instead (docs/RULES.md "Medics"; docs/RULES-NOTES.md P-7); a medic hit by
    /// the same action saves no one; the lowest-cell medic is used first (P-7).
    pub(super) fn instant_damage(&mut self, targets: &[u8], wounds: u8) {
        if self.state.options.mad_bomber != MadBomber::Off
            && targets
                .iter()
                .any(|&c| self.state.pos.cells[c as usize].is_some_and(|u| u.def().mad_bomber))
        {
            // The Mad Bomber is hit: it explodes at once, with what follows (D-22, D-24).
            let hits: Vec<OutsideHit> = targets
                .iter()
                .map(|&target| OutsideHit {
                    from: NO_CELL,
                    target,
                    wounds,
                    by: self.state.to_move,
                })
                .collect();
            self.outside_hits(&hits);
            return;
        }
        let an = self.analyze();
        let hit: u64 = targets.iter().fold(0, |m, &c| m | 1 << c);
        let mut spent = 0u64;
        let mut dead: Vec<u8> = Vec::new();
        for &t in targets {
            let medic =
                bits(an.medics & !hit & !spent).find(|&m| an.medic_prot[m as usize] >> t & 1 == 1);
            if let Some(m) = medic {
                spent |= 1 << m;
                dead.push(m);
                continue;
            }
            let u = self.state.pos.cells[t as usize].as_mut().unwrap();
            let hp = u.def().hit_points();
            u.wounds = u.wounds.saturating_add(wounds.min(hp));
            if u.wounds >= hp {
                dead.push(t);
            }
        }
        for c in dead {
            self.remove_unit(c);
        }
    }
}
