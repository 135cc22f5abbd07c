//! The Python exceptions of the engine, and the guard that keeps a Rust panic from reaching
//! Python.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
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
