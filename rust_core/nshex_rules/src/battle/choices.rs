//! Battle choices (D-4, D-5, P-1 to P-3, P-16): the caller's answers, the questions a battle asks
//! and how a battle takes them.

use super::{Battle, BattleSummary, NONE};
use crate::error::Refusal;
use crate::hex::{bits, Hex};
use crate::position::Position;

/// What a Quartermaster-linked unit's owner decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QmChoice {
    /// Convert the attack of this printed edge in this phase.
    Convert { phase: u8, edge: u8 },
    /// Do not convert in this battle.
    Never,
}

/// A medic's choice: in `phase`, the medic on `medic` takes the attack from `attacker` on
/// `target` (`attacker = None`: the death of the medic on `target`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MedicChoice {
    pub phase: u8,
    pub medic: Hex,
    pub target: Hex,
    pub attacker: Option<Hex>,
}

/// Battle-time choices given by the players. Every question not answered here gets the
/// automatic answer (D-4, `docs/RULES-NOTES.md` P-1 to P-3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleChoices {
    pub clown: Vec<(Hex, bool)>,
    pub quartermaster: Vec<(Hex, QmChoice)>,
    pub medic: Vec<MedicChoice>,
}

impl BattleChoices {
    pub fn is_empty(&self) -> bool {
        self.clown.is_empty() && self.quartermaster.is_empty() && self.medic.is_empty()
    }
}

/// A medic taking one attack: the medic on `medic` takes the attack of `from` on `target`
/// (`from == target`: the death of the medic on `target`, which saved somebody).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MedicTake {
    pub medic: u8,
    pub target: u8,
    pub from: u8,
}

/// A battle-time question for a seat that answers its own battle choices (docs/RULES.md "Player
/// choices"). Cells are indices of the position's board. `automatic` is the answer D-4
/// would give (`docs/RULES-NOTES.md` P-1 to P-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The Clown on `cell` explodes instead of attacking, or attacks (D-5).
    Clown {
        phase: u8,
        cell: u8,
        seat: u8,
        automatic: bool,
    },
    /// The unit on `cell`, linked to a working Quartermaster, may convert the attack of one
    /// printed edge (`edges`: a mask of the edges that can be converted) for this attack, or
    /// attack as printed (`None`).
    Convert {
        phase: u8,
        cell: u8,
        seat: u8,
        edges: u8,
        automatic: Option<u8>,
    },
    /// One of `seat`'s medics takes one of these attacks (saving is not optional; asked
    /// only when there is more than one way).
    Medic {
        phase: u8,
        seat: u8,
        options: Vec<MedicTake>,
        automatic: MedicTake,
    },
}

/// An answer to a [`Question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Answer {
    Clown { cell: u8, explode: bool },
    Convert { cell: u8, edge: Option<u8> },
    Medic(MedicTake),
}

impl Question {
    /// The seat that answers.
    pub fn seat(&self) -> u8 {
        match *self {
            Question::Clown { seat, .. }
            | Question::Convert { seat, .. }
            | Question::Medic { seat, .. } => seat,
        }
    }

    /// The initiative phase the question comes up in.
    pub fn phase(&self) -> u8 {
        match *self {
            Question::Clown { phase, .. }
            | Question::Convert { phase, .. }
            | Question::Medic { phase, .. } => phase,
        }
    }

    /// Every possible answer, in a fixed order.
    pub fn answers(&self) -> Vec<Answer> {
        match self {
            &Question::Clown { cell, .. } => vec![
                Answer::Clown {
                    cell,
                    explode: true,
                },
                Answer::Clown {
                    cell,
                    explode: false,
                },
            ],
            &Question::Convert { cell, edges, .. } => {
                let mut v = vec![Answer::Convert { cell, edge: None }];
                v.extend(bits(edges as u64).map(|e| Answer::Convert {
                    cell,
                    edge: Some(e),
                }));
                v
            }
            Question::Medic { options, .. } => options.iter().map(|&m| Answer::Medic(m)).collect(),
        }
    }

    /// The answer D-4 gives.
    pub fn automatic(&self) -> Answer {
        match *self {
            Question::Clown {
                cell, automatic, ..
            } => Answer::Clown {
                cell,
                explode: automatic,
            },
            Question::Convert {
                cell, automatic, ..
            } => Answer::Convert {
                cell,
                edge: automatic,
            },
            Question::Medic { automatic, .. } => Answer::Medic(automatic),
        }
    }

    /// Whether `a` is one of the possible answers.
    pub fn allows(&self, a: &Answer) -> bool {
        match (self, a) {
            (&Question::Clown { cell, .. }, &Answer::Clown { cell: c, .. }) => c == cell,
            (&Question::Convert { cell, edges, .. }, &Answer::Convert { cell: c, edge }) => {
                c == cell && edge.is_none_or(|e| e < 6 && edges >> e & 1 == 1)
            }
            (Question::Medic { options, .. }, Answer::Medic(m)) => options.contains(m),
            _ => false,
        }
    }
}

/// Where an interactive battle stands: finished, or waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Done(BattleSummary),
    Ask(Question),
}

/// Why the battle stopped early: a caller's choice that cannot be carried out, or a question
/// (kept in `Battle::question`) that has no answer yet.
pub(super) enum Halt {
    Illegal(Refusal),
    Ask,
}

impl From<Refusal> for Halt {
    fn from(e: Refusal) -> Halt {
        Halt::Illegal(e)
    }
}

impl Battle {
    pub(super) fn set_choices(
        &mut self,
        pos: &Position,
        choices: Option<&BattleChoices>,
    ) -> Result<(), Refusal> {
        let c = &mut self.choices;
        c.clown.clear();
        c.qm.clear();
        c.medic.clear();
        let Some(choices) = choices else {
            return Ok(());
        };
        let cell = |h: Hex, what: &str| -> Result<u8, Refusal> {
            let cell = pos.cell_of(h).ok_or_else(|| {
                Refusal::choice(format!("{what} choice: hex {h} is off the board"))
            })?;
            if pos.cells[cell as usize].is_none() {
                return Err(Refusal::choice(format!("{what} choice: no tile on {h}")));
            }
            Ok(cell)
        };
        for &(h, explode) in &choices.clown {
            let cl = cell(h, "clown")?;
            if !pos.cells[cl as usize].unwrap().def().explodes {
                return Err(Refusal::choice(format!(
                    "clown choice: the tile on {h} cannot explode"
                )));
            }
            c.clown.push((cl, explode));
        }
        for &(h, q) in &choices.quartermaster {
            let u = cell(h, "quartermaster")?;
            if let QmChoice::Convert { edge, .. } = q {
                if edge > 5 {
                    return Err(Refusal::choice(format!(
                        "quartermaster choice on {h}: edge {edge} is not 0..5"
                    )));
                }
            }
            c.qm.push((u, q));
        }
        for m in &choices.medic {
            let mc = cell(m.medic, "medic")?;
            let tc = cell(m.target, "medic")?;
            let ac = match m.attacker {
                Some(a) => cell(a, "medic")?,
                None => NONE,
            };
            c.medic.push((m.phase, mc, tc, ac));
        }
        Ok(())
    }
}
