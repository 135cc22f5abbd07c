//! Python bindings of the rules engine: the native module `nshex_pygame._core`.
//!
//! Thin by design: each Python object wraps an engine value, the views it returns are shaped
//! by `nshex_formats::views` (the command line gets the same objects), every engine error
//! becomes a Python exception carrying the engine's message, and no Rust panic crosses into
//! Python (it becomes an `EngineError`). Batches of battles and searches run with
//! the GIL released; a single battle (under a microsecond) keeps it.
//!
//! One file per concept: `errors`, `convert` (values to Python), `position` (positions,
//! battles, tiles), `game`, `bot` (bots and the arena), `tools` (self test, bench, scripts),
//! `self_test` (the game the self test plays). The benchmarks come with the `bench` feature.

mod bot;
mod convert;
mod errors;
mod game;
mod position;
mod puzzle;
mod rl;
mod self_test;
mod tools;

use bot::{arena, arena_multi, default_weights, PyBot};
use errors::{EngineError, IllegalActionError, Refusal, SaveError, ScenarioError};
use game::PyGame;
use nshex_ai::{level_iterations, BOT_NAMES};
use nshex_formats::views::{CHANCE, TERMINAL};
use position::{
    ability_texts, resolve_battles, tile_ids, tile_info, PyBattleResult, PyPhases, PyPosition,
};
use puzzle::{puzzle_generate, PyPuzzle};
use pyo3::prelude::*;
use tools::{bench_core, bench_ops, script_json, selftest};

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "build_profile",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
    )?;
    m.add("ScenarioError", py.get_type::<ScenarioError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("Refusal", py.get_type::<Refusal>())?;
    m.add("SaveError", py.get_type::<SaveError>())?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("BOT_NAMES", BOT_NAMES.to_vec())?;
    let levels = pyo3::types::PyDict::new(py);
    for (name, iterations) in level_iterations() {
        levels.set_item(name, iterations)?;
    }
    m.add("LEVEL_ITERATIONS", levels)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_function(wrap_pyfunction!(default_weights, m)?)?;
    m.add_function(wrap_pyfunction!(arena_multi, m)?)?;
    m.add_function(wrap_pyfunction!(selftest, m)?)?;
    m.add_function(wrap_pyfunction!(bench_core, m)?)?;
    m.add_function(wrap_pyfunction!(bench_ops, m)?)?;
    m.add_function(wrap_pyfunction!(script_json, m)?)?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyBattleResult>()?;
    m.add_class::<PyPhases>()?;
    m.add_function(wrap_pyfunction!(tile_ids, m)?)?;
    m.add_function(wrap_pyfunction!(tile_info, m)?)?;
    m.add_function(wrap_pyfunction!(ability_texts, m)?)?;
    m.add_class::<PyPuzzle>()?;
    m.add_function(wrap_pyfunction!(resolve_battles, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle_generate, m)?)?;
    Ok(())
}
