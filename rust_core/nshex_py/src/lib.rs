//! Python bindings of the rules engine: the native module `nshex_pygame._core`.
//!
//! Thin by design: each Python object wraps an engine value, every engine error becomes a
//! Python exception carrying the engine's message, and no Rust panic crosses into Python
//! (it becomes an `EngineError`). Battles run with the GIL released.

use nshex_core::battle::{BattleLog, BattleSummary, Resolver};
use nshex_core::json::{battle_json, outcome_json, phases_json};
use nshex_core::scenario::{choices_from_json, load_scenario, parse_scenario};
use nshex_core::tiles::tiles;
use nshex_core::Position;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

create_exception!(
    _core,
    ScenarioError,
    PyValueError,
    "A scenario file that cannot be loaded; the message is one line: `<name>:<line>: <what>`."
);
create_exception!(
    _core,
    EngineError,
    PyRuntimeError,
    "The engine refused a request (for example a battle choice that cannot be carried out)."
);

/// Runs engine code, turning a panic into an `EngineError` instead of letting it unwind into
/// Python.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
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

/// JSON value to Python object (lists, dicts, ints, strings, None).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(0.0).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

fn units_py<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::new();
    for (h, u) in pos.units() {
        let d = PyDict::new(py);
        d.set_item("seat", u.seat)?;
        d.set_item("tile", &u.def().id)?;
        d.set_item("at", PyTuple::new(py, [h.q, h.r])?)?;
        d.set_item("facing", u.facing)?;
        d.set_item("wounds", u.wounds)?;
        out.push(d);
    }
    PyList::new(py, out)
}

/// A position: tiles on the board and HQ hit points. Immutable from Python.
#[pyclass(name = "Position", module = "nshex_pygame._core", frozen)]
struct PyPosition {
    inner: Position,
}

#[pymethods]
impl PyPosition {
    /// Loads a scenario from TOML text. `name` names the file in error messages;
    /// `test_tables` also accepts the conformance tables `[expect]` and `[choices]`.
    #[staticmethod]
    #[pyo3(signature = (text, name = "<scenario>", test_tables = false))]
    fn from_toml(text: &str, name: &str, test_tables: bool) -> PyResult<PyPosition> {
        guarded(|| {
            parse_scenario(text, name, test_tables)
                .map(|s| PyPosition { inner: s.position })
                .map_err(|e| ScenarioError::new_err(e.to_string()))
        })
    }

    /// Loads a scenario file.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<PyPosition> {
        guarded(|| {
            load_scenario(&path, false)
                .map(|s| PyPosition { inner: s.position })
                .map_err(|e| ScenarioError::new_err(e.to_string()))
        })
    }

    #[getter]
    fn armies(&self) -> Vec<&'static str> {
        (0..self.inner.seats)
            .map(|s| self.inner.army_id(s))
            .collect()
    }

    #[getter]
    fn hq_hp(&self) -> Vec<u32> {
        self.inner.hq_hp[..self.inner.seats as usize]
            .iter()
            .map(|&h| h as u32)
            .collect()
    }

    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        units_py(py, &self.inner)
    }

    #[getter]
    fn board(&self) -> &'static str {
        self.inner.board.name()
    }

    /// Resolves one battle on a copy of this position (this one is not changed).
    /// `choices` has the shape of a scenario's `[choices]` table; unanswered questions get
    /// the automatic answers.
    #[pyo3(signature = (choices = None))]
    fn resolve_battle(
        &self,
        py: Python<'_>,
        choices: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBattleResult> {
        let choices = match choices {
            None => None,
            Some(c) if c.is_none() => None,
            Some(c) => {
                let text: String = py
                    .import("json")?
                    .call_method1("dumps", (c,))
                    .map_err(|_| EngineError::new_err("choices: not JSON-like data"))?
                    .extract()?;
                Some(choices_from_json(&text).map_err(EngineError::new_err)?)
            }
        };
        let before = self.inner.clone();
        let result = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                let mut after = before.clone();
                let mut log = BattleLog::default();
                Resolver::new()
                    .resolve(&mut after, choices.as_ref(), &mut log)
                    .map(|summary| (after, summary, log))
            }))
        });
        match result {
            Err(_) => Err(EngineError::new_err(
                "internal engine error during a battle",
            )),
            Ok(Err(e)) => Err(EngineError::new_err(e.to_string())),
            Ok(Ok((after, summary, log))) => Ok(PyBattleResult {
                before,
                after,
                summary,
                log,
            }),
        }
    }

    /// The position as plain data: armies, board, hq_hp, units.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &nshex_core::json::position_json(&self.inner))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Position {} board, armies {:?}, {} tiles, hq_hp {:?}>",
            self.inner.board.name(),
            self.armies(),
            self.inner.units().count(),
            self.hq_hp()
        )
    }
}

/// The result of one battle: the position after it, the winner and the log.
#[pyclass(name = "BattleResult", module = "nshex_pygame._core", frozen)]
struct PyBattleResult {
    before: Position,
    after: Position,
    summary: BattleSummary,
    log: BattleLog,
}

#[pymethods]
impl PyBattleResult {
    #[getter]
    fn hq_hp(&self) -> Vec<u32> {
        self.after.hq_hp[..self.after.seats as usize]
            .iter()
            .map(|&h| h as u32)
            .collect()
    }

    /// A seat number, "draw", or None while the game goes on.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &outcome_json(self.summary.outcome))
    }

    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        units_py(py, &self.after)
    }

    /// `[{"initiative": p, "events": [...]}, ...]`, highest phase first.
    #[getter]
    fn phases<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &phases_json(&self.before, &self.log))
    }

    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.after.clone(),
        }
    }

    /// Whether the battle changed anything (a wound, HQ damage or a removal).
    #[getter]
    fn changed(&self) -> bool {
        self.summary.changed
    }

    /// The `nshex battle --json` object.
    fn to_json(&self) -> String {
        battle_json(&self.before, &self.after, &self.summary, &self.log).to_string()
    }
}

/// Tile ids, of one army or of all.
#[pyfunction]
#[pyo3(signature = (army = None))]
fn tile_ids(army: Option<&str>) -> PyResult<Vec<String>> {
    let set = tiles();
    match army {
        None => Ok(set.tiles.iter().map(|t| t.id.clone()).collect()),
        Some(a) => {
            let id = set
                .find_army(a)
                .ok_or_else(|| PyValueError::new_err(format!("unknown army {a:?}")))?;
            Ok(set
                .army(id)
                .tiles
                .iter()
                .map(|&t| set.tile(t).id.clone())
                .collect())
        }
    }
}

/// What a tile is, as printed: kind, initiative, edges, toughness, abilities.
#[pyfunction]
fn tile_info<'py>(py: Python<'py>, tile_id: &str) -> PyResult<Bound<'py, PyAny>> {
    let set = tiles();
    let tid = set
        .find(tile_id)
        .ok_or_else(|| PyValueError::new_err(format!("unknown tile {tile_id:?}")))?;
    let t = set.tile(tid);
    let edges: Vec<Value> = (0..6)
        .map(|e| {
            let bit = |m: u8| m >> e & 1 == 1;
            serde_json::json!({
                "melee": t.melee[e], "ranged": t.ranged[e], "armor": bit(t.armor),
                "net": bit(t.net), "link": bit(t.link), "gauss": bit(t.gauss),
            })
        })
        .collect();
    let v = serde_json::json!({
        "id": t.id, "army": set.army(t.army).id, "name": t.name, "kind": t.kind.name(),
        "count": t.count, "initiative": t.initiative,
        "edges": if t.is_board_tile() { edges } else { Vec::new() },
        "toughness": t.toughness, "mobility": t.mobility, "abilities": t.abilities,
        "text": t.text,
    });
    to_py(py, &v)
}

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
    m.add_class::<PyPosition>()?;
    m.add_class::<PyBattleResult>()?;
    m.add_function(wrap_pyfunction!(tile_ids, m)?)?;
    m.add_function(wrap_pyfunction!(tile_info, m)?)?;
    Ok(())
}
