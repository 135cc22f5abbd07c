//! The Python exceptions of the engine, and the guard that keeps a Rust panic from reaching
//! Python.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::panic::{catch_unwind, AssertUnwindSafe};

create_exception!(
    nshex_pygame._core,
    ScenarioError,
    PyValueError,
    "A scenario file that cannot be loaded; the message is one line: `<name>:<line>: <what>`."
);
create_exception!(
    nshex_pygame._core,
    IllegalActionError,
    PyValueError,
    "An action the rules do not allow now; the message says why. The game is unchanged."
);
create_exception!(
    nshex_pygame._core,
    Refusal,
    IllegalActionError,
    "An action the rules refuse now, in parts: `seat` (who was to decide; None at a draw or \
     after the end), `stage` (what the game waited for: \"the turn\", \"the HQ placement\", \
     ...), `reason` (in words, without rule references), `rules` (the references: \
     \"FAQ-374\", \"D-12\"), `action` (the refused action number). The message is the one \
     line `seat 0, during the turn: ...`. The game is unchanged."
);
create_exception!(
    nshex_pygame._core,
    SaveError,
    PyValueError,
    "A save file that cannot be loaded; the message names the field or action."
);
create_exception!(
    nshex_pygame._core,
    EngineError,
    PyRuntimeError,
    "The engine refused a request (for example a battle choice that cannot be carried out)."
);

/// Runs engine code, turning a panic into an `EngineError` instead of letting it unwind into
/// Python.
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown failure".into());
            Err(EngineError::new_err(format!(
                "internal engine error: {msg}"
            )))
        }
    }
}

/// The `Refusal` exception of a refused action, its fields set from the engine's parts.
pub(crate) fn refusal(py: Python<'_>, action: u64, why: &nshex_rules::Why) -> PyErr {
    let err = Refusal::new_err(why.to_string());
    let (reason, rules) = why.split_references();
    let seat = match why.player {
        nshex_rules::Player::Seat(s) => Some(s),
        _ => None,
    };
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("seat", seat)?;
        value.setattr("stage", why.stage)?;
        value.setattr("reason", reason)?;
        value.setattr("rules", PyTuple::new(py, rules)?)?;
        value.setattr("action", action)
    };
    match set() {
        Ok(()) => err,
        Err(failed) => failed,
    }
}
