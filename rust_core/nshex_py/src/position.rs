//! Positions and battles: `Position`, `BattleResult`, and the tile catalogue.

use crate::convert::{tile_name, to_py, units_py};
use crate::errors::{guarded, EngineError, ScenarioError};
use nshex_formats::json::{battle_json, outcome_json, phase_views};
use nshex_formats::scenario::{choices_from_json, load_scenario, parse_scenario};
use nshex_formats::views::{tile_view, ABILITY_TEXTS};
use nshex_rules::text::quote;
use nshex_rules::{
    tiles, BattleChoices, BattleLog, BattleSummary, NoLog, Position, Refusal, Resolver, MAX_SEATS,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;

/// A position: tiles on the board and HQ hit points. Immutable from Python.
#[pyclass(name = "Position", module = "nshex_pygame._core", frozen)]
pub(crate) struct PyPosition {
    pub(crate) inner: Position,
    /// Each seat's energy (the Duel board's, D-16), which a battle leaves as it was.
    pub(crate) energy: [u8; MAX_SEATS],
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
                .map(|s| PyPosition {
                    inner: s.position,
                    energy: s.energy,
                })
                .map_err(|e| ScenarioError::new_err(e.to_string()))
        })
    }

    /// Loads a scenario file.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<PyPosition> {
        guarded(|| {
            load_scenario(&path, false)
                .map(|s| PyPosition {
                    inner: s.position,
                    energy: s.energy,
                })
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
        hq_list(&self.inner)
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
    /// the automatic answers. With `log=False` no log is recorded (the engine's fast path:
    /// the result's `phases` is empty), for callers that want only the outcome.
    #[pyo3(signature = (choices = None, log = true))]
    fn resolve_battle(
        &self,
        py: Python<'_>,
        choices: Option<&Bound<'_, PyAny>>,
        log: bool,
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
        // The GIL is kept: releasing and taking it back would cost a fair part of a battle of
        // under a microsecond (`resolve_battles` releases it for a batch).
        let result = catch_unwind(AssertUnwindSafe(|| {
            // One resolver per thread, reused: making one costs more than a battle.
            RESOLVER.with(|r| {
                fight(&mut r.borrow_mut(), before, choices.as_ref(), log)
                    .map(|f| f.with_energy(self.energy))
            })
        }));
        match result {
            Err(_) => Err(EngineError::new_err(
                "internal engine error during a battle",
            )),
            Ok(r) => r.map_err(|e| EngineError::new_err(e.to_string())),
        }
    }

    /// Seconds one battle on this position takes in the engine itself, with (`log=True`) or
    /// without a log: `n` battles on copies, timed inside Rust with the GIL released. The
    /// yardstick for what reading a result from Python costs on top.
    #[pyo3(signature = (n = 10_000, log = true))]
    fn time_battle(&self, py: Python<'_>, n: u32, log: bool) -> PyResult<f64> {
        if n == 0 {
            return Err(PyValueError::new_err("n: at least one battle"));
        }
        let pos = self.inner.clone();
        let spent = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                let mut r = Resolver::new();
                let mut log_buf = BattleLog::default();
                let t = std::time::Instant::now();
                for _ in 0..n {
                    let mut p = pos.clone();
                    let done = if log {
                        log_buf.phases.clear();
                        log_buf.boards.clear();
                        r.resolve(&mut p, None, &mut log_buf)
                    } else {
                        r.resolve(&mut p, None, &mut NoLog)
                    };
                    std::hint::black_box((done.is_ok(), &p));
                }
                t.elapsed().as_secs_f64() / n as f64
            }))
        });
        spent.map_err(|_| EngineError::new_err("internal engine error during a battle"))
    }

    /// What the board does to each unit now (nets, links, bonuses, the phases it would fire
    /// in, the medics protecting it), for tile information. One dict per unit.
    fn analysis<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = guarded(|| Ok(nshex_formats::json::analysis_json(&self.inner)))?;
        to_py(py, &v)
    }

    /// The position as plain data: armies, board, hq_hp, units.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &nshex_formats::json::position_json(&self.inner))
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
pub(crate) struct PyBattleResult {
    after: Position,
    energy: [u8; MAX_SEATS],
    summary: BattleSummary,
    /// The log, shared with the lazy `phases` sequence (no copy).
    log: Arc<(Position, BattleLog)>,
}

/// A battle's phases as a read-only sequence: each phase becomes its dict
/// (`{"initiative", "events", "after"}`) only when it is read, and is kept once made. Reading
/// the result of a battle thus costs nothing for the phases nobody looks at.
#[pyclass(name = "BattlePhases", module = "nshex_pygame._core", frozen, sequence)]
pub(crate) struct PyPhases {
    log: Arc<(Position, BattleLog)>,
    /// The phases' views, made at the first read (all at once: a phase's events refer to
    /// each other).
    views: std::sync::OnceLock<Vec<nshex_formats::json::PhaseView>>,
    made: Vec<std::sync::OnceLock<Py<PyAny>>>,
}

impl PyPhases {
    fn new(log: Arc<(Position, BattleLog)>) -> PyPhases {
        let n = log.1.phases.len();
        PyPhases {
            log,
            views: std::sync::OnceLock::new(),
            made: (0..n).map(|_| std::sync::OnceLock::new()).collect(),
        }
    }

    fn item(&self, py: Python<'_>, i: usize) -> PyResult<Py<PyAny>> {
        if let Some(v) = self.made[i].get() {
            return Ok(v.clone_ref(py));
        }
        let views = self
            .views
            .get_or_init(|| phase_views(&self.log.0, &self.log.1));
        let v = pythonize::pythonize(py, &views[i])
            .map_err(|e| EngineError::new_err(format!("the battle's phases: {e}")))?
            .unbind();
        Ok(self.made[i].get_or_init(|| v).clone_ref(py))
    }
}

#[pymethods]
impl PyPhases {
    fn __len__(&self) -> usize {
        self.made.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(s) = index.cast::<pyo3::types::PySlice>() {
            let ix = s.indices(self.made.len() as isize)?;
            let items = (0..ix.slicelength)
                .map(|k| self.item(py, (ix.start + k as isize * ix.step) as usize))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(PyList::new(py, items)?.into_any().unbind());
        }
        let index: isize = index.extract()?;
        let n = self.made.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if !(0..n).contains(&i) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "phase index out of range",
            ));
        }
        self.item(py, i as usize)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let items = (0..slf.made.len())
            .map(|i| slf.item(py, i))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, items)?.call_method0("__iter__")?.unbind())
    }

    fn __repr__(&self) -> String {
        format!("<BattlePhases: {} phases>", self.made.len())
    }

    /// Equal to any sequence holding the same phases, a list included.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(theirs) = other.try_iter() else {
            return Ok(false);
        };
        let theirs = PyList::new(py, theirs.collect::<PyResult<Vec<_>>>()?)?;
        let mine = PyList::new(
            py,
            (0..self.made.len())
                .map(|i| self.item(py, i))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        mine.eq(theirs)
    }
}

#[pymethods]
impl PyBattleResult {
    #[getter]
    fn hq_hp(&self) -> Vec<u32> {
        hq_list(&self.after)
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

    /// `[{"initiative": p, "events": [...], "after": {...}}, ...]`, highest phase first, as
    /// a read-only sequence whose phases are made when read (`list(result.phases)` for a
    /// list). Each phase is made straight from the engine's views (no JSON in between).
    #[getter]
    fn phases(&self) -> PyPhases {
        PyPhases::new(self.log.clone())
    }

    /// Every event of the log in a compact form, for programs that read everything: a tuple
    /// of tuples `(initiative, kind, ...)`, highest phase first, whose fields are small ints
    /// (cells are indices into `cells`, `-1` for none) and interned strings; the layout per
    /// kind is in docs/PYTHON.md ("Compact events"). Made at each read; `phases` gives the
    /// same events as dicts.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        compact_events(py, &self.log.1)
    }

    /// The units after the battle as compact tuples `(cell, tile, seat, facing, wounds)`
    /// (cells as in `cells`, seat -1 for a neutral Mad Bomber), for programs that read
    /// everything; `units` gives the same as dicts.
    #[getter]
    fn unit_tuples<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let geo = self.after.geometry();
        let n = geo.len();
        let mut out: Vec<Bound<'py, PyTuple>> = Vec::with_capacity(n);
        for (c, u) in self.after.cells[..n].iter().enumerate() {
            if let Some(u) = u {
                let seat = if u.seat == nshex_rules::NEUTRAL {
                    -1
                } else {
                    u.seat as i32
                };
                out.push((c, tile_name(py, u.tile), seat, u.facing, u.wounds).into_pyobject(py)?);
            }
        }
        PyTuple::new(py, out)
    }

    /// The hex `(q, r)` of each cell index the compact `events` use.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let geo = self.after.geometry();
        PyTuple::new(
            py,
            (0..geo.len()).map(|c| {
                let h = geo.hex(c as u8);
                (h.q, h.r)
            }),
        )
    }

    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.after.clone(),
            energy: self.energy,
        }
    }

    /// Whether the battle changed anything (a wound, HQ damage or a removal).
    #[getter]
    fn changed(&self) -> bool {
        self.summary.changed
    }

    /// The `nshex battle --json` object.
    fn to_json(&self) -> String {
        battle_json(
            &self.log.0,
            &self.after,
            &self.summary,
            &self.log.1,
            &self.energy,
        )
        .to_string()
    }
}

/// Tile ids, of one army or of all.
#[pyfunction]
#[pyo3(signature = (army = None))]
pub(crate) fn tile_ids(army: Option<&str>) -> PyResult<Vec<String>> {
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

/// What a tile is, as printed: kind, initiative, edges, toughness, abilities and what each
/// ability does.
#[pyfunction]
pub(crate) fn tile_info<'py>(py: Python<'py>, tile_id: &str) -> PyResult<Bound<'py, PyAny>> {
    let v = tile_view(tile_id)
        .ok_or_else(|| PyValueError::new_err(format!("unknown tile {}", quote(tile_id))))?;
    to_py(py, &v)
}

/// Every ability keyword with its badge and text: [{"keyword", "badge", "text"}].
#[pyfunction]
pub(crate) fn ability_texts<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    let v: Vec<Value> = ABILITY_TEXTS
        .iter()
        .map(|a| serde_json::json!({"keyword": a.keyword, "badge": a.badge, "text": a.text}))
        .collect();
    to_py(py, &Value::Array(v))
}

thread_local! {
    /// One resolver per thread, reused by single battles.
    static RESOLVER: std::cell::RefCell<Resolver> = std::cell::RefCell::new(Resolver::new());
}

/// A battle on a copy of `before`, with or without a log.
fn fight(
    r: &mut Resolver,
    before: Position,
    choices: Option<&BattleChoices>,
    log: bool,
) -> Result<PyBattleResult, Refusal> {
    let mut after = before.clone();
    let mut battle_log = BattleLog::default();
    let summary = if log {
        r.resolve(&mut after, choices, &mut battle_log)?
    } else {
        r.resolve(&mut after, choices, &mut NoLog)?
    };
    Ok(PyBattleResult {
        log: Arc::new((before, battle_log)),
        after,
        energy: [0; MAX_SEATS],
        summary,
    })
}

impl PyBattleResult {
    fn with_energy(mut self, energy: [u8; MAX_SEATS]) -> PyBattleResult {
        self.energy = energy;
        self
    }
}

/// Resolves a battle on a copy of each position, in one call with the GIL released (a Python
/// AI pays the crossing once): the results in order. `log` as for `Position.resolve_battle`
/// (off by default here: a batch wants outcomes).
#[pyfunction]
#[pyo3(signature = (positions, log = false))]
pub(crate) fn resolve_battles(
    py: Python<'_>,
    positions: Vec<PyRef<'_, PyPosition>>,
    log: bool,
) -> PyResult<Vec<PyBattleResult>> {
    let before: Vec<Position> = positions.iter().map(|p| p.inner.clone()).collect();
    let energy: Vec<[u8; MAX_SEATS]> = positions.iter().map(|p| p.energy).collect();
    let results = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                let mut r = Resolver::new();
                before
                    .into_iter()
                    .zip(energy)
                    .map(|(before, e)| {
                        fight(&mut r, before, None, log)
                            .expect("automatic choices")
                            .with_energy(e)
                    })
                    .collect::<Vec<_>>()
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error during a battle"))?;
    Ok(results)
}

/// Each seat's HQ hit points (its points in the points game), as Python reads them.
fn hq_list(pos: &Position) -> Vec<u32> {
    pos.hq_hp[..pos.seats as usize]
        .iter()
        .map(|&h| h as u32)
        .collect()
}

/// A cell index for the compact events: the index, or -1 for none.
#[inline]
fn cell_i(c: u8) -> i32 {
    if c == nshex_rules::NO_CELL {
        -1
    } else {
        c as i32
    }
}

/// The log as compact event tuples (see `BattleResult.events`).
// long: one arm per battle event kind, each its tuple's shape (a table; split, it would only
// scatter the shapes that `BattleResult.events` documents together)
fn compact_events<'py>(py: Python<'py>, log: &BattleLog) -> PyResult<Bound<'py, PyTuple>> {
    use nshex_rules::Event as E;
    let n: usize = log.phases.iter().map(|p| p.events.len()).sum();
    let mut out: Vec<Bound<'py, PyTuple>> = Vec::with_capacity(n);
    for p in &log.phases {
        let i = p.initiative as i32;
        for e in &p.events {
            let kind = PyString::intern(py, e.kind());
            let t = match *e {
                E::Netted { cell } | E::SlotLost { cell } | E::Explode { cell } => {
                    (i, &kind, cell_i(cell)).into_pyobject(py)?
                }
                E::Controlled { cell, seat } => (i, &kind, cell_i(cell), seat).into_pyobject(py)?,
                E::Converted {
                    cell,
                    edge,
                    to_ranged,
                } => (i, &kind, cell_i(cell), edge, to_ranged).into_pyobject(py)?,
                E::Attack {
                    cell,
                    tile: _,
                    edge,
                    dir,
                    melee,
                    ranged,
                    gauss,
                    reach,
                } => (
                    i,
                    &kind,
                    cell_i(cell),
                    edge,
                    dir,
                    melee,
                    ranged,
                    gauss,
                    reach,
                )
                    .into_pyobject(py)?,
                // a hit's wounds, armor's blocked points: the same tuple
                E::Hit {
                    target,
                    from,
                    dir,
                    wounds: n,
                }
                | E::Armor {
                    target,
                    from,
                    dir,
                    blocked: n,
                } => (i, &kind, cell_i(target), cell_i(from), dir, n).into_pyobject(py)?,
                E::Save {
                    medic,
                    target,
                    from,
                    dir,
                    wounds,
                } => (
                    i,
                    &kind,
                    cell_i(medic),
                    cell_i(target),
                    cell_i(from),
                    dir,
                    wounds,
                )
                    .into_pyobject(py)?,
                E::HqDamage { seat, amount, hp } => {
                    (i, &kind, seat, amount, hp).into_pyobject(py)?
                }
                E::Redirected {
                    cell,
                    dir,
                    copies,
                    to,
                } => (
                    i,
                    &kind,
                    cell_i(cell),
                    dir,
                    if copies == u32::MAX {
                        -1
                    } else {
                        copies as i64
                    },
                    cell_i(to),
                )
                    .into_pyobject(py)?,
                E::Scored {
                    seat,
                    points,
                    total,
                } => (i, &kind, seat, points, total).into_pyobject(py)?,
                E::Removed {
                    cell,
                    tile,
                    seat,
                    cause,
                } => (
                    i,
                    &kind,
                    cell_i(cell),
                    tile_name(py, tile),
                    if seat == nshex_rules::NEUTRAL {
                        -1
                    } else {
                        seat as i32
                    },
                    pyo3::types::PyString::intern(py, cause.name()),
                )
                    .into_pyobject(py)?,
            };
            out.push(t);
        }
    }
    PyTuple::new(py, out)
}
