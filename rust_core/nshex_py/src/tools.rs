//! Tools: the self test, the benchmark, game scripts.

use crate::convert::to_py;
use crate::errors::{guarded, EngineError, ScenarioError};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{run_script, script_result_json};
use pyo3::prelude::*;
#[cfg(feature = "bench")]
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Plays one game `a` against `b` headless, checking the rules' bookkeeping as it goes.
/// Returns a summary dict.
#[pyfunction]
#[pyo3(signature = (seed = 1, a = "greedy", b = "random"))]
pub(crate) fn selftest<'py>(
    py: Python<'py>,
    seed: u64,
    a: &str,
    b: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (a, b) = (a.to_string(), b.to_string());
    let r = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                crate::self_test::selftest(&a, &b, seed)
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error in the self-test"))?
        .map_err(EngineError::new_err)?;
    to_py(py, &r)
}

/// The core's benchmarks on one core: rows {"name", "what", "ops", "per_second",
/// "target_per_second"}. Each checks its answer; a wrong one raises EngineError.
#[cfg(feature = "bench")]
#[pyfunction]
#[pyo3(signature = (quick = false))]
pub(crate) fn bench_core<'py>(py: Python<'py>, quick: bool) -> PyResult<Bound<'py, PyAny>> {
    let rows = py
        .detach(|| catch_unwind(AssertUnwindSafe(|| nshex_bench::bench::run(quick))))
        .map_err(|_| EngineError::new_err("internal engine error in a benchmark"))?
        .map_err(EngineError::new_err)?;
    let v: Vec<Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({"name": r.name, "what": r.what, "ops": r.ops,
                "per_second": r.per_second, "target_per_second": r.target_per_second,
                "rates": r.rates})
        })
        .collect();
    to_py(py, &Value::Array(v))
}

/// Runs `n` operations of one benchmark row, untimed (for an instruction counter): see
/// `nshex bench --instructions`. Returns a value that depends on every operation.
#[cfg(feature = "bench")]
#[pyfunction]
pub(crate) fn bench_ops(py: Python<'_>, name: &str, n: u64) -> PyResult<u64> {
    let name = name.to_string();
    py.detach(|| catch_unwind(AssertUnwindSafe(|| nshex_bench::bench::run_ops(&name, n))))
        .map_err(|_| EngineError::new_err("internal engine error in a benchmark"))?
        .map_err(EngineError::new_err)
}

/// Why a build has no benchmarks: the packaged game is built without the binding's `bench`
/// feature, so it does not carry the bench crate.
#[cfg(not(feature = "bench"))]
const NO_BENCH: &str = "this build of the game has no benchmarks (they are in the development \
                        build: python3 dev.py build, then nshex bench)";

/// Without the `bench` feature (the packaged game): refuses with [`NO_BENCH`].
#[cfg(not(feature = "bench"))]
#[pyfunction]
#[pyo3(signature = (quick = false))]
pub(crate) fn bench_core<'py>(_py: Python<'py>, quick: bool) -> PyResult<Bound<'py, PyAny>> {
    let _ = quick;
    Err(EngineError::new_err(NO_BENCH))
}

/// Without the `bench` feature (the packaged game): refuses with [`NO_BENCH`].
#[cfg(not(feature = "bench"))]
#[pyfunction]
pub(crate) fn bench_ops(_py: Python<'_>, name: &str, n: u64) -> PyResult<u64> {
    let _ = (name, n);
    Err(EngineError::new_err(NO_BENCH))
}

/// Where a script stopped: (index, action, reason, the action's line in the file).
pub(crate) type ScriptStop = (usize, String, String, usize);

/// Runs a game script (`docs/CONFORMANCE.md` "Game-flow scripts"). Returns (the position reached as a dict,
/// None) or (the position where it stopped, (index, action, reason, line)). A bad file raises
/// ScenarioError.
#[pyfunction]
#[pyo3(signature = (text, name = "<script>"))]
pub(crate) fn script_json<'py>(
    py: Python<'py>,
    text: &str,
    name: &str,
) -> PyResult<(Bound<'py, PyAny>, Option<ScriptStop>)> {
    let run = guarded(|| {
        let sc =
            parse_scenario(text, name, true).map_err(|e| ScenarioError::new_err(e.to_string()))?;
        if sc.script.is_none() {
            return Err(ScenarioError::new_err(format!(
                "{name}:1: a game script needs [script] actions"
            )));
        }
        // An error of the game as a whole points at `[game]`.
        let run = run_script(&sc)
            .map_err(|e| ScenarioError::new_err(format!("{name}:{}: {e}", sc.game_line)))?;
        let lines: Vec<usize> = sc.script.iter().flatten().map(|(_, l)| *l).collect();
        Ok((run, lines))
    })?;
    let (run, lines) = run;
    let stop = run
        .error
        .map(|(i, action, reason)| (i, action, reason, lines.get(i).copied().unwrap_or(0)));
    Ok((to_py(py, &script_result_json(&run.record.game))?, stop))
}
