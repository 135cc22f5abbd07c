//! The learning interface of `Game` (docs/RL.md): the fixed action encoding, the legal-action
//! mask and the observation tensor, as bytes that `numpy.frombuffer` wraps without a copy
//! per element. `game.rs` holds the thin `#[pymethods]`; the work is here.

use crate::errors::{guarded, EngineError, IllegalActionError};
use nshex_formats::save::Record;
use nshex_rules::rl::{observation_into, ActionEncoding, EncodeError, ObservationShape};
use nshex_rules::{Action, Game, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;

/// A game's encoding and the scratch buffers of its calls.
pub(crate) struct Rl {
    pub(crate) enc: Arc<ActionEncoding>,
    shape: ObservationShape,
    obs: Vec<f32>,
    mask: Vec<u8>,
    nums: Vec<usize>,
}

impl Rl {
    pub(crate) fn of(g: &Game) -> Box<Rl> {
        let enc = ActionEncoding::of(g);
        let shape = ObservationShape::of(&enc);
        Box::new(Rl {
            obs: vec![0.0; shape.len()],
            mask: vec![0; enc.len()],
            nums: Vec::new(),
            enc,
            shape,
        })
    }

    pub(crate) fn shape(&self) -> (usize, usize, usize) {
        (self.shape.planes, self.shape.cells, self.shape.vector)
    }
}

fn engine(e: EncodeError) -> PyErr {
    EngineError::new_err(e.to_string())
}

/// The legal actions' numbers, ascending.
pub(crate) fn legal(rl: &mut Rl, g: &Game, buf: &mut Vec<Action>) -> PyResult<Vec<usize>> {
    guarded(|| {
        g.legal_actions_into(buf);
        rl.enc.encode_all(buf, &mut rl.nums).map_err(engine)?;
        Ok(rl.nums.clone())
    })
}

/// The legal-action mask: one byte per action number, 1 for a legal one.
pub(crate) fn mask<'py>(
    py: Python<'py>,
    rl: &mut Rl,
    g: &Game,
    buf: &mut Vec<Action>,
) -> PyResult<Bound<'py, PyBytes>> {
    guarded(|| rl.enc.mask_into(g, buf, &mut rl.mask).map_err(engine))?;
    Ok(PyBytes::new(py, &rl.mask))
}

/// `seat`'s observation tensor as the bytes of `f32`s (native byte order).
pub(crate) fn observation<'py>(
    py: Python<'py>,
    rl: &mut Rl,
    g: &Game,
    seat: u8,
) -> PyResult<Bound<'py, PyBytes>> {
    if seat >= g.seats() {
        return Err(PyValueError::new_err(format!("seat {seat} does not exist")));
    }
    guarded(|| {
        observation_into(&rl.enc, g, seat, &mut rl.obs);
        Ok(())
    })?;
    let obs = &rl.obs;
    PyBytes::new_with(py, obs.len() * 4, |b| {
        for (c, x) in b.chunks_exact_mut(4).zip(obs) {
            c.copy_from_slice(&x.to_ne_bytes());
        }
        Ok(())
    })
}

/// The engine action of number `x` at a decision, or the draw of slot `x` at a chance node.
pub(crate) fn action_of(rl: &Rl, g: &Game, x: i64) -> PyResult<Action> {
    let bad = || IllegalActionError::new_err(format!("{x} is not an action number here"));
    let x = usize::try_from(x).map_err(|_| bad())?;
    let a = if g.current_player() == Player::Chance {
        rl.enc.chance_action(x)
    } else {
        rl.enc.decode(x)
    };
    a.ok_or_else(bad)
}

/// Applies the action of number `x` (a tile slot at a chance node) through the record.
pub(crate) fn apply(rl: &Rl, rec: &mut Record, buf: &mut Vec<Action>, x: i64) -> PyResult<()> {
    let a = action_of(rl, &rec.game, x)?;
    guarded(|| {
        rec.apply_with(a, buf)
            .map_err(|e| IllegalActionError::new_err(e.to_string()))
    })
}

/// Each seat's return: +1 a win (of its side), -1 a loss, 0 a draw or a win shared with
/// rivals; all 0 while the game goes on.
pub(crate) fn returns(g: &Game) -> Vec<f64> {
    let rel = g.pos().relations();
    (0..g.seats())
        .map(|s| {
            g.outcome()
                .and_then(|o| o.share_for(s, rel))
                .map_or(0.0, |v| 2.0 * v - 1.0)
        })
        .collect()
}

/// The chance outcomes as (tile slot, probability).
pub(crate) fn chance_outcomes(rl: &Rl, g: &Game) -> PyResult<Vec<(usize, f64)>> {
    guarded(|| rl.enc.chance_outcomes(g).map_err(engine))
}
