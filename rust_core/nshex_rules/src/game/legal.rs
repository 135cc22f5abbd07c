//! Legal actions: what the seat, chance or a battle question may do now, in a fixed order.

use super::{
    distinct_tiles, instant_of, Block, Game, LegalActions, Sink, Stage, NO_UNLUCKY_DRAW,
    REINFORCEMENTS,
};
use crate::action::Action;
use crate::battle::Analysis;
use crate::hex::{bits, NO_CELL};
use crate::tiles::{
    tiles, InstantKind, TileId, MOVE_GRANT, MOVE_MOBILITY, MOVE_NET, MOVE_RECON, MOVE_SCOPER,
    MOVE_TAKEOVER, MOVE_TRANSPORT, MOVE_TRANSPORTER,
};

/// What moves and instant targets depend on: nets, Transport links, Recon Centers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MoveInfo {
    pub(super) netted: u64,
    pub(super) transport_linked: u64,
    pub(super) recon: u8,
    /// The mover's own units with Mobility.
    pub(super) own_mobile: u64,
    /// The occupied cells.
    pub(super) occ: u64,
}

impl From<&Analysis> for MoveInfo {
    fn from(a: &Analysis) -> MoveInfo {
        MoveInfo {
            netted: a.netted,
            transport_linked: a.transport_linked,
            recon: a.recon,
            own_mobile: 0,
            occ: 0,
        }
    }
}

impl Game {
    /// Every legal action now, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Fills `out` with the legal actions (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(&mut Sink::listing(out));
    }

    /// Fills `out` with the legal actions in compact form: the same actions in the same
    /// order as [`Game::legal_actions_into`], each tile's placements and each unit's moves
    /// kept as one block instead of listed. For random playouts: `out.get(k)` for a `k`
    /// below `out.len()` is the action a pick of `k` from the full list would give.
    pub fn legal_actions_compact(&self, out: &mut LegalActions) {
        self.legal_into(&mut out.sink());
        out.count();
    }

    /// The legal actions into `out`, listed or in blocks as `out` keeps them.
    fn legal_into(&self, out: &mut Sink) {
        out.clear();
        #[cfg(debug_assertions)]
        super::index::check(&self.index, &self.state.pos);
        let geo = self.state.pos.geometry();
        let seat = self.state.to_move;
        if !self.state.rotations.is_empty() && self.state.stage != Stage::Over {
            // Takeover rotations come before anything else (D-12).
            self.push_rotations(out);
            return;
        }
        if self.state.credit_wait.is_some() {
            // Then the points of a battle's own wounds (FAQ-374).
            self.push_credits(out);
            return;
        }
        match self.state.stage {
            Stage::Over => {}
            Stage::Draw { .. } => {
                for (tile, _) in self.chance_outcomes() {
                    out.push(Action::Draw { tile });
                }
            }
            Stage::PlaceHq => {
                let facings = self.hq_facings(seat);
                for c in 0..geo.len() as u8 {
                    if self.state.pos.cells[c as usize].is_none() {
                        for facing in 0..facings {
                            out.push(Action::PlaceHq { cell: c, facing });
                        }
                    }
                }
            }
            Stage::PushTo { options, .. } => {
                for c in bits(options) {
                    out.push(Action::PushTo { cell: c });
                }
            }
            Stage::BattleChoice { .. } => {
                if let Some(q) = self.battle_question() {
                    out.extend(q.answers().into_iter().map(Action::from_answer));
                }
            }
            Stage::Hire => {
                let set = tiles();
                for i in bits(self.mercenaries_free() as u64) {
                    out.push(Action::Hire {
                        tile: set.mercenaries[i as usize],
                    });
                }
            }
            Stage::Mercenary { .. } => {
                let set = tiles();
                for i in bits(self.state.mercs[seat as usize] as u64) {
                    out.push(Action::Mercenary {
                        tile: set.mercenaries[i as usize],
                    });
                }
                out.push(Action::DeckDraw);
            }
            Stage::Discard => {
                if self.unlucky_allowed() {
                    if self.state.options.has(REINFORCEMENTS) {
                        self.push_unlucky_threes(out);
                    } else {
                        out.push(Action::Unlucky);
                    }
                }
                let (distinct, n) = distinct_tiles(&self.state.hands[seat as usize]);
                push_discards(&distinct[..n], out);
            }
            Stage::Main => {
                let occ = self.index.occ;
                let an = self.main_analysis();
                let set = tiles();
                let (distinct, nd) = distinct_tiles(&self.state.hands[seat as usize]);
                let board = (1u64 << geo.len()) - 1;
                let transporters = if self.takeovers_possible || self.duel_tiles {
                    self.transporter_cells(&an)
                } else {
                    0
                };
                let foundations = if self.duel_tiles {
                    self.foundation_cells()
                } else {
                    0
                };
                let playable = if self.may_play_tile() { nd } else { 0 };
                for &t in &distinct[..playable] {
                    match set.tile(t).instant {
                        None if set.tile(t).kind == crate::tiles::Kind::Foundation => {
                            if !self.under_terror() {
                                out.block(Block::places(t, board & !occ & !foundations, 1));
                            }
                        }
                        None => {
                            if !self.under_terror() {
                                out.block(Block::places(t, board & !occ, 6));
                            }
                            // On a Transporter's hex, even under Terror (FAQ-224).
                            out.block(Block::places(t, transporters, 6));
                        }
                        Some(k) => self.push_instant(k, &an, out),
                    }
                }
                self.push_unit_moves(&an, out);
                if self.duel_tiles {
                    self.push_grants(&an, out);
                    self.push_hq_rotations(out);
                }
                if self.energy_in_play() {
                    self.push_energy_actions(&an, out);
                }
                push_discards(&distinct[..nd], out);
                out.push(Action::EndTurn);
            }
        }
    }

    /// What the turn's options depend on: nets (a netted unit cannot move, push or be
    /// pushed; a netted HQ throws no Grenade), Transport links and Recon Centers, from the
    /// board index; nothing is computed when neither the hand nor the board needs it.
    #[inline(always)]
    pub(super) fn main_analysis(&self) -> MoveInfo {
        let set = tiles();
        let seat = self.state.to_move;
        let hand_needs = self.state.hands[seat as usize].iter().any(|&t| {
            matches!(
                set.tile(t).instant,
                Some(
                    InstantKind::Move
                        | InstantKind::PushBack
                        | InstantKind::Grenade
                        | InstantKind::Castling
                        | InstantKind::Rotation
                )
            )
        });
        let geo = self.state.pos.geometry();
        // The units with each flag, kept by the board index.
        let ix = &self.index;
        let occ = ix.occ;
        let (throwers, mobile, transports, recons) = (
            ix.with(MOVE_NET),
            ix.with(MOVE_MOBILITY),
            ix.with(MOVE_TRANSPORT),
            ix.with(MOVE_RECON),
        );
        // The seat's own among the (few) units with Mobility.
        let mut own_mobile = 0u64;
        for i in bits(mobile) {
            if self.state.pos.cells[i as usize].is_some_and(|u| u.ctrl == seat) {
                own_mobile |= 1 << i;
            }
        }
        // Every flag seen on the board, for the rare ones (Scoper, the Duel's tiles).
        let seen = ix.seen();
        let scoper = seen & MOVE_SCOPER != 0;
        let duel =
            seen & (MOVE_TAKEOVER | MOVE_GRANT | MOVE_TRANSPORTER) != 0 || self.energy_in_play();
        if !hand_needs && own_mobile == 0 && transports == 0 && !duel {
            return MoveInfo {
                occ,
                ..MoveInfo::default()
            };
        }
        if scoper && transports != 0 || seen & MOVE_TAKEOVER != 0 {
            // A Scoper may take a Transport, and a takeover changes nets and control
            // (D-13): ask the full analysis. (The Duel's other tiles, grants, Transporters
            // and energy need the nets, which the plain way below gives.)
            return MoveInfo {
                own_mobile,
                occ,
                ..MoveInfo::from(&self.analyze())
            };
        }
        let unit = |c: u8| self.state.pos.cells[c as usize].expect("occupied");
        let netted = if throwers != 0 {
            crate::nets::nets_among(
                &geo.neighbors,
                throwers,
                occ,
                &self.state.pos.relations().nets,
                |c| {
                    let u = unit(c);
                    (u.ctrl, set.tile(u.tile).oriented[u.facing as usize].net)
                },
            )
        } else {
            0
        };
        let mut a = MoveInfo {
            netted,
            own_mobile,
            occ,
            ..MoveInfo::default()
        };
        for c in bits(recons & !netted) {
            // The Recon Center works for its controller's allies too (FAQ-392).
            a.recon |= self.state.pos.relations().side[unit(c).ctrl as usize];
        }
        for t in bits(transports & !netted) {
            let u = unit(t);
            for d in bits(set.tile(u.tile).oriented[u.facing as usize].link as u64) {
                let j = geo.neighbors[t as usize][d as usize];
                if j != NO_CELL && occ >> j & 1 == 1 && unit(j).ctrl == u.ctrl {
                    a.transport_linked |= 1 << j;
                }
            }
        }
        #[cfg(debug_assertions)]
        if duel {
            // Test builds: on a Duel board without takeovers the plain way gives what the
            // full analysis does.
            let full = MoveInfo::from(&self.analyze());
            assert_eq!(
                (a.netted, a.transport_linked, a.recon),
                (full.netted, full.transport_linked, full.recon),
                "the plain move analysis of a Duel board"
            );
        }
        a
    }

    /// The unlucky draw (D-1): a full hand after drawing, every tile drawn this turn an
    /// instant (with Reinforcements at least three drawn, FAQ-49; P-30), tiles left to draw,
    /// and the variant not switched off.
    pub(super) fn unlucky_allowed(&self) -> bool {
        let s = self.state.to_move as usize;
        let h = &self.state.hands[s];
        if self.state.options.has(NO_UNLUCKY_DRAW) || self.state.decks[s].is_empty() {
            return false;
        }
        if self.state.options.has(REINFORCEMENTS) {
            let drawn = self.state.drawn_now as usize;
            h.len() == 6 && drawn >= 3 && h[6 - drawn..].iter().all(|&t| instant_of(t).is_some())
        } else {
            h.len() == 3 && h.iter().all(|&t| instant_of(t).is_some())
        }
    }

    /// With Reinforcements: each choice of three of the drawn instants to discard (FAQ-49).
    fn push_unlucky_threes(&self, out: &mut Vec<Action>) {
        let h = &self.state.hands[self.state.to_move as usize];
        let drawn = &h[h.len() - self.state.drawn_now as usize..];
        let k = drawn.len();
        for i in 0..k {
            for j in i + 1..k {
                for l in j + 1..k {
                    let a = Action::UnluckyOf {
                        tiles: [drawn[i], drawn[j], drawn[l]],
                    }
                    .canonical();
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
    }

    pub(super) fn own_free_unit(&self, an: &MoveInfo, c: u8) -> bool {
        self.state.pos.cells[c as usize].is_some_and(|u| u.ctrl == self.state.to_move)
            && an.netted >> c & 1 == 0
    }
}

/// A discard of each distinct tile in hand.
fn push_discards(distinct: &[TileId], out: &mut Vec<Action>) {
    out.extend(distinct.iter().map(|&tile| Action::Discard { tile }));
}
