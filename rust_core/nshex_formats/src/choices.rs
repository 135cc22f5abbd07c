//! Battle choices given by a caller: a scenario's `[choices]` table, or the same shape as JSON
//! (the Python API's `choices`): Clown explosions, Quartermaster conversions, Medic choices,
//! by hex.

use crate::place::hex_of;
use nshex_rules::{BattleChoices, MedicChoice, QmChoice};
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawChoices {
    #[serde(default)]
    clown: Vec<RawClown>,
    #[serde(default)]
    quartermaster: Vec<RawQm>,
    #[serde(default)]
    medic: Vec<RawMedic>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClown {
    at: [i64; 2],
    explode: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQm {
    at: [i64; 2],
    phase: Option<i64>,
    edge: Option<i64>,
    never: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMedic {
    phase: i64,
    medic: [i64; 2],
    target: [i64; 2],
    attacker: Option<[i64; 2]>,
}

pub(crate) fn convert_choices(raw: RawChoices) -> Result<BattleChoices, String> {
    let mut c = BattleChoices::default();
    for cl in raw.clown {
        c.clown.push((hex_of(cl.at)?, cl.explode));
    }
    for q in raw.quartermaster {
        let at = hex_of(q.at)?;
        let choice = match (q.never, q.phase, q.edge) {
            (Some(true), None, None) => QmChoice::Never,
            (None | Some(false), Some(p), Some(e)) if (0..=15).contains(&p) && (0..=5).contains(&e) => {
                QmChoice::Convert {
                    phase: p as u8,
                    edge: e as u8,
                }
            }
            _ => {
                return Err(format!(
                    "quartermaster choice on {at}: give either phase (0..15) and edge (0..5), or never = true"
                ))
            }
        };
        c.quartermaster.push((at, choice));
    }
    for m in raw.medic {
        if !(0..=15).contains(&m.phase) {
            return Err(format!("medic choice: phase {} is not in 0..15", m.phase));
        }
        c.medic.push(MedicChoice {
            phase: m.phase as u8,
            medic: hex_of(m.medic)?,
            target: hex_of(m.target)?,
            attacker: m.attacker.map(hex_of).transpose()?,
        });
    }
    Ok(c)
}

/// Battle choices from JSON of the `[choices]` shape (the Python API's `choices`).
pub fn choices_from_json(text: &str) -> Result<BattleChoices, String> {
    let raw: RawChoices = serde_json::from_str(text).map_err(|e| format!("choices: {e}"))?;
    convert_choices(raw).map_err(|e| format!("choices: {e}"))
}
