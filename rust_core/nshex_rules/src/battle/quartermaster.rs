//! The Quartermaster: converting a linked unit's attack (P-3, P-4).

use super::{Answer, Battle, Halt, QmChoice, Question};
use crate::error::Refusal;
use crate::hex::dir_edge;

impl Battle {
    /// Which edge (by direction) the unit converts with its Quartermaster this phase.
    pub(super) fn qm_conversion(&mut self, c: u8, phase: u8) -> Result<Option<u8>, Halt> {
        let linked = self.d.qm_linked >> c & 1 == 1;
        let u = *self.unit(c);
        let explicit = self
            .choices
            .qm
            .iter()
            .find(|(cell, _)| *cell == c)
            .map(|x| x.1);
        match explicit {
            Some(QmChoice::Never) => return Ok(None),
            Some(QmChoice::Convert { phase: p, edge }) => {
                if p != phase {
                    return Ok(None);
                }
                if u.qm_used {
                    return Err(Refusal::choice(format!(
                        "quartermaster choice: unit on cell {c} already converted in this battle"
                    ))
                    .into());
                }
                if !linked {
                    return Err(Refusal::choice(format!(
                        "quartermaster choice: the {} is not linked to a working Quartermaster in phase {phase}",
                        u.def.id
                    ))
                    .into());
                }
                let dir = crate::hex::edge_dir(edge, u.facing);
                let g = u.o.gauss >> dir & 1 == 1;
                if g || (u.o.melee[dir as usize] == 0 && u.o.ranged[dir as usize] == 0) {
                    return Err(Refusal::choice(format!(
                        "quartermaster choice: edge {edge} of the {} has no attack to convert",
                        u.def.id
                    ))
                    .into());
                }
                return Ok(Some(dir));
            }
            None => {}
        }
        if !linked || u.qm_used {
            return Ok(None);
        }
        // P-3: the first conversion that adds wounds on enemies.
        let mut best: Option<(u8, u8)> = None;
        for e in 0..6u8 {
            let dir = crate::hex::edge_dir(e, u.facing);
            let di = dir as usize;
            if (u.o.melee[di] == 0 && u.o.ranged[di] == 0) || u.o.gauss >> dir & 1 == 1 {
                continue;
            }
            let gain = self
                .edge_worth(c, dir, true)
                .saturating_sub(self.edge_worth(c, dir, false));
            if gain > 0 && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, dir));
            }
        }
        let automatic = best.map(|(_, d)| d);
        if !self.asks(u.seat) {
            return Ok(automatic);
        }
        let mut edges = 0u8;
        for e in 0..6u8 {
            let dir = crate::hex::edge_dir(e, u.facing);
            let di = dir as usize;
            if (u.o.melee[di] > 0 || u.o.ranged[di] > 0) && u.o.gauss >> dir & 1 == 0 {
                edges |= 1 << e;
            }
        }
        let q = Question::Convert {
            phase,
            cell: c,
            seat: u.seat,
            edges,
            automatic: automatic.map(|d| dir_edge(d, u.facing)),
        };
        match self.take_answer(q)? {
            Answer::Convert { edge, .. } => Ok(edge.map(|e| crate::hex::edge_dir(e, u.facing))),
            _ => unreachable!("checked by take_answer"),
        }
    }
}
