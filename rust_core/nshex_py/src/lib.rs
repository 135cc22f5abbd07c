//! Python bindings of the rules engine: the native module `nshex_pygame._core`.
//!
//! Thin by design: each Python object wraps an engine value, every engine error becomes a
//! Python exception carrying the engine's message, and no Rust panic crosses into Python
//! (it becomes an `EngineError`). Battles run with the GIL released.

use nshex_ai::arena::arena as run_arena;
use nshex_ai::Progress;
use nshex_ai::{bot_by_name, Bot, BOT_NAMES};
use nshex_formats::json::{battle_json, outcome_json, phases_json};
use nshex_formats::notation::{action_to_line, line_to_action, line_to_legal_action};
use nshex_formats::save::{game_to_json, Record};
use nshex_formats::scenario::{choices_from_json, load_scenario, parse_scenario};
use nshex_formats::script::{draw_fixed, game_from_scenario, run_script, script_result_json};
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::Position;
use nshex_rules::{Action, Game, Player};
use nshex_rules::{BattleLog, BattleSummary, Resolver};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

/// `current_player()` of a chance node (a tile draw).
const CHANCE: i64 = -1;
/// `current_player()` of a finished game.
const TERMINAL: i64 = -4;

fn decode(action: u64) -> PyResult<Action> {
    Action::decode(action)
        .ok_or_else(|| IllegalActionError::new_err(format!("{action} is not an action number")))
}

/// A game in progress, with its history: the decision API.
#[pyclass(name = "Game", module = "nshex_pygame._core")]
struct PyGame {
    rec: Record,
    buf: Vec<Action>,
}

impl PyGame {
    fn wrap(rec: Record) -> PyGame {
        PyGame {
            rec,
            buf: Vec::with_capacity(256),
        }
    }
}

/// A seat list as a bit mask, every seat checked.
fn seat_mask(seats: &[u8], n: usize) -> PyResult<u8> {
    let mut mask = 0u8;
    for &s in seats {
        if s as usize >= n {
            return Err(PyValueError::new_err(format!(
                "seat {s} is not one of the game's {n} seats"
            )));
        }
        mask |= 1 << s;
    }
    Ok(mask)
}

fn armies_of(names: &[String]) -> PyResult<Vec<nshex_rules::ArmyId>> {
    let set = tiles();
    if !(2..=4).contains(&names.len()) {
        return Err(PyValueError::new_err("a game has 2 to 4 armies"));
    }
    names
        .iter()
        .map(|n| {
            set.find_army(n)
                .ok_or_else(|| PyValueError::new_err(format!("unknown army {n:?}")))
        })
        .collect()
}

#[pymethods]
impl PyGame {
    /// A new game: the armies (one per seat), the seed that shuffles the decks, and the
    /// seats that answer their own battle choices (the others get the automatic answers).
    #[new]
    #[pyo3(signature = (armies, seed = 0, board = "standard", manual_battle_choices = Vec::new()))]
    fn new(
        armies: Vec<String>,
        seed: u64,
        board: &str,
        manual_battle_choices: Vec<u8>,
    ) -> PyResult<PyGame> {
        let ids = armies_of(&armies)?;
        let board = BoardKind::from_name(board)
            .ok_or_else(|| PyValueError::new_err(format!("unknown board {board:?}")))?;
        let mask = seat_mask(&manual_battle_choices, ids.len())?;
        guarded(|| {
            let mut g = Game::new(&ids, board, seed);
            g.set_manual_choices(mask)
                .map_err(|e| IllegalActionError::new_err(e.to_string()))?;
            Ok(PyGame::wrap(Record::new(g, Some(seed))))
        })
    }

    /// The seats that answer their own battle choices (medics, Clowns, Quartermasters).
    /// It can be set only before the first action.
    #[getter]
    fn manual_battle_choices(&self) -> Vec<u32> {
        let g = &self.rec.game;
        (0..g.seats() as u32)
            .filter(|&s| g.manual_choices() >> s & 1 == 1)
            .collect()
    }

    #[setter]
    fn set_manual_battle_choices(&mut self, seats: Vec<u8>) -> PyResult<()> {
        let mask = seat_mask(&seats, self.rec.game.seats() as usize)?;
        if !self.rec.actions.is_empty() {
            return Err(IllegalActionError::new_err(
                "battle choices are chosen before the game's first action",
            ));
        }
        for g in [&mut self.rec.start, &mut self.rec.game] {
            g.set_manual_choices(mask)
                .map_err(|e| IllegalActionError::new_err(e.to_string()))?;
        }
        Ok(())
    }

    /// The battle choice the game waits for, or None: {"kind": "clown" | "convert" |
    /// "medic", "seat", "phase", "at" (the Clown or the converting unit), "edges" (convert:
    /// the printed edges that can be converted), "options" and "automatic" (action numbers;
    /// `describe_action` tells what each does), and the battle so far: "before",
    /// "hq_hp_before", "phases" (as `last_battle`).
    fn battle_question<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        use nshex_rules::Question;
        let g = &self.rec.game;
        let Some(p) = g.waiting_battle() else {
            return Ok(py.None().into_bound(py));
        };
        let q = &p.question;
        let geo = g.pos().geometry();
        let h = |c: u8| {
            let x = geo.hex(c);
            serde_json::json!([x.q, x.r])
        };
        let mut v = serde_json::json!({
            "seat": q.seat(),
            "phase": q.phase(),
            "options": q.answers().into_iter().map(|a| Action::from_answer(a).encode()).collect::<Vec<_>>(),
            "automatic": Action::from_answer(q.automatic()).encode(),
            "before": nshex_formats::json::units_json(g.pos()),
            "hq_hp_before": &g.pos().hq_hp[..g.seats() as usize],
            "phases": p.log.as_ref().map(|l| phases_json(g.pos(), l)),
        });
        match *q {
            Question::Clown { cell, .. } => {
                v["kind"] = "clown".into();
                v["at"] = h(cell);
            }
            Question::Convert { cell, edges, .. } => {
                v["kind"] = "convert".into();
                v["at"] = h(cell);
                v["edges"] = (0..6)
                    .filter(|e| edges >> e & 1 == 1)
                    .collect::<Vec<u8>>()
                    .into();
            }
            Question::Medic { .. } => v["kind"] = "medic".into(),
        }
        to_py(py, &v)
    }

    /// A game in progress from a scenario with hands and decks (docs/CONFORMANCE.md).
    #[staticmethod]
    #[pyo3(signature = (text, name = "<scenario>", seed = 0))]
    fn from_scenario(text: &str, name: &str, seed: u64) -> PyResult<PyGame> {
        guarded(|| {
            let sc = parse_scenario(text, name, false)
                .map_err(|e| ScenarioError::new_err(e.to_string()))?;
            let g = game_from_scenario(&sc, seed)
                .map_err(|e| ScenarioError::new_err(format!("{name}: {e}")))?;
            let mut rec = Record::new(g, None);
            draw_fixed(&mut rec);
            Ok(PyGame::wrap(rec))
        })
    }

    /// Loads a save file (JSON text written by `save()`).
    #[staticmethod]
    fn load(text: &str) -> PyResult<PyGame> {
        guarded(|| {
            let v: Value = serde_json::from_str(text).map_err(|e| {
                SaveError::new_err(format!("not a save file: {e} (line {})", e.line()))
            })?;
            Record::from_json(&v)
                .map(PyGame::wrap)
                .map_err(SaveError::new_err)
        })
    }

    /// The save file: seed, start, the actions in notation, and the state reached.
    fn save(&self) -> String {
        self.rec.to_json().to_string()
    }

    /// A seat number, CHANCE (-1) while a tile is drawn, or TERMINAL (-4) once it is over.
    fn current_player(&self) -> i64 {
        match self.rec.game.current_player() {
            Player::Seat(s) => s as i64,
            Player::Chance => CHANCE,
            Player::Terminal => TERMINAL,
        }
    }

    fn is_terminal(&self) -> bool {
        self.rec.game.is_over()
    }

    /// The legal actions now, as action numbers.
    fn legal_actions(&mut self) -> PyResult<Vec<u64>> {
        guarded(|| {
            self.rec.game.legal_actions_into(&mut self.buf);
            Ok(self.buf.iter().map(|a| a.encode()).collect())
        })
    }

    /// Applies an action; an illegal one raises IllegalActionError and changes nothing.
    fn apply_action(&mut self, action: u64) -> PyResult<()> {
        let a = decode(action)?;
        guarded(|| {
            self.rec
                .apply_with(a, &mut self.buf)
                .map_err(|e| IllegalActionError::new_err(e.to_string()))
        })
    }

    /// Applies an action written in the notation (`place mutant 0,1 3`).
    fn apply_line(&mut self, line: &str) -> PyResult<()> {
        let a = line_to_action(&self.rec.game, line).map_err(IllegalActionError::new_err)?;
        guarded(|| {
            self.rec
                .apply_with(a, &mut self.buf)
                .map_err(|e| IllegalActionError::new_err(e.to_string()))
        })
    }

    /// Whether the action, applied now, could be taken back within the turn: it reveals
    /// nothing hidden (no draw, no battle) and hands no decision to anybody else. A client's
    /// undo keeps copies of the game and offers them back only across such actions.
    fn can_take_back(&self, action: u64) -> PyResult<bool> {
        let a = decode(action)?;
        guarded(|| Ok(self.rec.game.can_take_back(a)))
    }

    /// The notation line of an action number.
    fn action_to_string(&self, action: u64) -> PyResult<String> {
        Ok(action_to_line(&self.rec.game, decode(action)?))
    }

    /// The action number of a notation line. With `check` (the default) the action must be
    /// legal now; IllegalActionError says what is wrong with the line or why it is refused.
    #[pyo3(signature = (line, check = true))]
    fn string_to_action(&self, line: &str, check: bool) -> PyResult<u64> {
        let parsed = if check {
            guarded(|| Ok(line_to_legal_action(&self.rec.game, line)))?
        } else {
            line_to_action(&self.rec.game, line)
        };
        parsed
            .map(|a| a.encode())
            .map_err(IllegalActionError::new_err)
    }

    /// An action as a dict: its kind and fields (hexes as (q, r), tiles by id).
    fn describe_action<'py>(&self, py: Python<'py>, action: u64) -> PyResult<Bound<'py, PyAny>> {
        let a = decode(action)?;
        to_py(py, &action_json(&self.rec.game, a))
    }

    /// Chance outcomes now: (action number, probability) for each distinct tile in the deck.
    fn chance_outcomes(&self) -> Vec<(u64, f64)> {
        let outs = self.rec.game.chance_outcomes();
        let total: u32 = outs.iter().map(|(_, n)| n).sum();
        outs.iter()
            .map(|&(tile, n)| (Action::Draw { tile }.encode(), n as f64 / total as f64))
            .collect()
    }

    /// The draw the hidden deck order gives, or None when nothing is drawn now.
    fn natural_draw(&self) -> Option<u64> {
        self.rec.game.natural_draw().map(|a| a.encode())
    }

    /// Shuffles the hidden deck orders again (for a player who must not know them).
    fn resample_hidden(&mut self, seed: u64) {
        self.rec.game.resample_hidden(seed);
    }

    fn clone(&self) -> PyGame {
        PyGame::wrap(self.rec.clone())
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.borrow().rec.game == self.rec.game)
    }

    /// The whole state for rendering: board, HQ hit points, hands, decks (sizes), discard
    /// piles, whose decision, stage, ending, outcome, and what each tile gets from the board.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = guarded(|| Ok(view_json(&self.rec.game, None)))?;
        to_py(py, &v)
    }

    /// What `seat` knows: everything but the order of the decks (hands and discard piles
    /// are public; deck contents are known, their order is not).
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        if seat >= self.rec.game.seats() {
            return Err(PyValueError::new_err(format!("seat {seat} does not exist")));
        }
        let v = guarded(|| Ok(view_json(&self.rec.game, Some(seat))))?;
        to_py(py, &v)
    }

    /// The full state as JSON (decks in order: not for players).
    fn state_json(&self) -> String {
        game_to_json(&self.rec.game).to_string()
    }

    /// The actions so far, in notation (draws included).
    fn history(&self) -> Vec<String> {
        let mut g = self.rec.start.clone();
        let mut out = Vec::with_capacity(self.rec.actions.len());
        for &a in &self.rec.actions {
            out.push(action_to_line(&g, a));
            g.apply_unchecked(a);
        }
        out
    }

    /// The last battle fought: {"before": units, "phases": [...]} or None.
    fn last_battle<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.rec.game.last_battle() {
            None => Ok(py.None().into_bound(py)),
            Some((before, log)) => {
                let v = serde_json::json!({
                    "before": nshex_formats::json::units_json(before),
                    "hq_hp_before": &before.hq_hp[..before.seats as usize],
                    "phases": phases_json(before, log),
                });
                to_py(py, &v)
            }
        }
    }

    /// A seat number, "draw", or None while the game goes on.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(
            py,
            &outcome_json(
                self.rec
                    .game
                    .outcome()
                    .unwrap_or(nshex_rules::Outcome::None),
            ),
        )
    }

    #[getter]
    fn battles(&self) -> u32 {
        self.rec.game.battles()
    }

    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.rec.game.pos().clone(),
        }
    }

    fn __repr__(&self) -> String {
        let g = &self.rec.game;
        format!(
            "<Game turn {}, {:?}, hq_hp {:?}>",
            g.turn(),
            g.current_player(),
            &g.pos().hq_hp[..g.seats() as usize]
        )
    }
}

/// An action as JSON.
fn action_json(g: &Game, a: Action) -> Value {
    use serde_json::json;
    let h = |c: u8| {
        let x = g.pos().geometry().hex(c);
        json!([x.q, x.r])
    };
    let t = |id: nshex_rules::TileId| json!(tiles().tile(id).id);
    let mut v = match a {
        Action::PlaceHq { cell } => json!({"kind": "place_hq", "at": h(cell)}),
        Action::Draw { tile } => json!({"kind": "draw", "tile": t(tile)}),
        Action::Unlucky => json!({"kind": "unlucky"}),
        Action::Discard { tile } => json!({"kind": "discard", "tile": t(tile)}),
        Action::Place { tile, cell, facing } => {
            json!({"kind": "place", "tile": t(tile), "at": h(cell), "facing": facing})
        }
        Action::Move { from, to, facing } => {
            json!({"kind": "move", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::Mobility { from, to, facing } => {
            json!({"kind": "mobility", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::Transport { from, to, facing } => {
            json!({"kind": "transport", "from": h(from), "to": h(to), "facing": facing})
        }
        Action::PushBack { from, target } => {
            json!({"kind": "push_back", "from": h(from), "target": h(target)})
        }
        Action::PushTo { cell } => json!({"kind": "push_to", "at": h(cell)}),
        Action::Sniper { target } => json!({"kind": "sniper", "target": h(target)}),
        Action::Grenade { target } => json!({"kind": "grenade", "target": h(target)}),
        Action::AirStrike { center } => json!({"kind": "air_strike", "target": h(center)}),
        Action::Battle => json!({"kind": "battle"}),
        Action::EndTurn => json!({"kind": "end"}),
        Action::Clown { cell, explode } => {
            json!({"kind": "clown", "at": h(cell), "explode": explode})
        }
        Action::Convert { cell, edge } => json!({"kind": "convert", "at": h(cell), "edge": edge}),
        Action::MedicTakes {
            medic,
            target,
            from,
        } => json!({"kind": "medic", "medic": h(medic), "target": h(target), "from": h(from),
                    "death": from == target}),
    };
    if let Some(tile) = g.instant_tile(a) {
        v["tile"] = t(tile);
    }
    v["text"] = json!(action_to_line(g, a));
    v
}

/// The game for rendering. With `seat`, only what that seat knows (deck order hidden).
fn view_json(g: &Game, seat: Option<u8>) -> Value {
    use serde_json::json;
    let mut v = game_to_json(g);
    let seats = g.seats() as usize;
    let o = v.as_object_mut().expect("object");
    let sizes: Vec<usize> = g.decks().iter().map(|d| d.len()).collect();
    if seat.is_some() {
        // Deck contents are public knowledge (35 minus what has been seen); order is not.
        let contents: Vec<Value> = g
            .decks()
            .iter()
            .map(|d| {
                let mut ids: Vec<&str> = d.iter().map(|&t| tiles().tile(t).id.as_str()).collect();
                ids.sort_unstable();
                json!(ids)
            })
            .collect();
        o.insert("decks".into(), json!(contents));
    }
    o.insert("deck_sizes".into(), json!(sizes));
    o.insert(
        "current_player".into(),
        json!(match g.current_player() {
            Player::Seat(s) => s as i64,
            Player::Chance => CHANCE,
            Player::Terminal => TERMINAL,
        }),
    );
    let an = Resolver::new().analyze(g.pos());
    let geo = g.pos().geometry();
    let tiles_info: Vec<Value> = g
        .pos()
        .units()
        .map(|(h, _)| {
            let c = geo.cell(h).unwrap() as usize;
            json!({"at": [h.q, h.r], "netted": an.netted >> c & 1 == 1,
                   "initiative_bonus": an.init_bonus[c], "melee_bonus": an.melee_bonus[c],
                   "ranged_bonus": an.ranged_bonus[c],
                   "protected_by_medic": (0..geo.len()).any(|m| an.medic_prot[m] >> c & 1 == 1)})
        })
        .collect();
    o.insert("board_effects".into(), json!(tiles_info));
    o.insert("seats".into(), json!(seats));
    v
}

/// A bot by name (`random`, `greedy`, `flatmc`, `easy`, `medium`, `hard`, optionally with
/// settings such as `hard:iters=20000`). `choose` releases the GIL while it thinks; another
/// thread may meanwhile call `progress` and `cancel`.
#[pyclass(name = "Bot", module = "nshex_pygame._core", frozen)]
struct PyBot {
    bot: std::sync::Mutex<Box<dyn Bot + Send>>,
    progress: Option<Arc<Progress>>,
    thinking: AtomicBool,
    name: String,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name, seed = 0))]
    fn new(name: &str, seed: u64) -> PyResult<PyBot> {
        let bot = bot_by_name(name, seed).map_err(PyValueError::new_err)?;
        Ok(PyBot {
            progress: bot.progress(),
            bot: std::sync::Mutex::new(bot),
            thinking: AtomicBool::new(false),
            name: name.to_string(),
        })
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The bot's action for the game's current seat decision.
    fn choose(&self, py: Python<'_>, game: &PyGame) -> PyResult<u64> {
        let g = game.rec.game.clone();
        if !matches!(g.current_player(), Player::Seat(_)) {
            return Err(EngineError::new_err("a bot decides only for a seat"));
        }
        let bot = &self.bot;
        self.thinking.store(true, Ordering::Relaxed);
        let r = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                let mut b = bot.lock().unwrap_or_else(|p| p.into_inner());
                b.choose(&g)
            }))
        });
        self.thinking.store(false, Ordering::Relaxed);
        if let Some(p) = &self.progress {
            p.cancel.store(false, Ordering::Relaxed);
        }
        r.map(|a| a.encode())
            .map_err(|_| EngineError::new_err("internal engine error in a bot"))
    }

    /// Asks a running `choose` to stop and answer with its best action so far (a search
    /// bot; the others answer too fast to need it). Without a running search, the next
    /// `choose` stops at once.
    fn cancel(&self) {
        if let Some(p) = &self.progress {
            p.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// What the bot is doing: `{"thinking": bool, "iterations": int, "best": action or
    /// None}` (iterations and best action of the current or last search).
    fn progress<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("thinking", self.thinking.load(Ordering::Relaxed))?;
        let (iterations, best) = match &self.progress {
            Some(p) => (
                p.iterations.load(Ordering::Relaxed),
                Some(p.best.load(Ordering::Relaxed)).filter(|&b| b != u64::MAX),
            ),
            None => (0, None),
        };
        d.set_item("iterations", iterations)?;
        d.set_item("best", best)?;
        Ok(d)
    }
}

/// Bots against bots: `games` games, seats alternating. Returns wins, draws, the win rate
/// of `a` (draws count half) and its 95% Wilson interval.
#[pyfunction]
#[pyo3(signature = (a, b, games, armies = None, seed = 0, threads = 1))]
fn arena<'py>(
    py: Python<'py>,
    a: &str,
    b: &str,
    games: u32,
    armies: Option<(String, String)>,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let armies_ref = armies.as_ref().map(|(x, y)| (x.as_str(), y.as_str()));
    let r = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                run_arena(a, b, games, armies_ref, seed, threads)
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error in the arena"))?
        .map_err(PyValueError::new_err)?;
    let (lo, hi) = r.wilson95();
    to_py(
        py,
        &serde_json::json!({"a": a, "b": b, "games": r.games, "wins_a": r.wins_a,
            "wins_b": r.wins_b, "draws": r.draws, "win_rate_a": r.win_rate_a(),
            "wilson95": [lo, hi]}),
    )
}

/// Plays one game `a` against `b` headless, checking the rules' bookkeeping as it goes.
/// Returns a summary dict.
#[pyfunction]
#[pyo3(signature = (seed = 1, a = "greedy", b = "random"))]
fn selftest<'py>(py: Python<'py>, seed: u64, a: &str, b: &str) -> PyResult<Bound<'py, PyAny>> {
    let (a, b) = (a.to_string(), b.to_string());
    let r = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                nshex_bench::selftest::selftest(&a, &b, seed)
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error in the self-test"))?
        .map_err(EngineError::new_err)?;
    to_py(py, &r)
}

/// The core's benchmarks on one core: rows {"name", "what", "ops", "per_second",
/// "target_per_second"}. Each checks its answer; a wrong one raises EngineError.
#[pyfunction]
#[pyo3(signature = (quick = false))]
fn bench_core<'py>(py: Python<'py>, quick: bool) -> PyResult<Bound<'py, PyAny>> {
    let rows = py
        .detach(|| catch_unwind(AssertUnwindSafe(|| nshex_bench::bench::run(quick))))
        .map_err(|_| EngineError::new_err("internal engine error in a benchmark"))?
        .map_err(EngineError::new_err)?;
    let v: Vec<Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({"name": r.name, "what": r.what, "ops": r.ops,
                "per_second": r.per_second, "target_per_second": r.target_per_second})
        })
        .collect();
    to_py(py, &Value::Array(v))
}

/// Where a script stopped: (index, action, reason).
type ScriptStop = (usize, String, String);

/// Runs a game script (`docs/CONFORMANCE.md` "Game-flow scripts"). Returns (the position reached as a dict,
/// None) or (the position where it stopped, (index, action, reason)). A bad file raises
/// ScenarioError.
#[pyfunction]
#[pyo3(signature = (text, name = "<script>"))]
fn script_json<'py>(
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
        run_script(&sc).map_err(|e| ScenarioError::new_err(format!("{name}: {e}")))
    })?;
    Ok((to_py(py, &script_result_json(&run.record.game))?, run.error))
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
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("SaveError", py.get_type::<SaveError>())?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("BOT_NAMES", BOT_NAMES.to_vec())?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_function(wrap_pyfunction!(selftest, m)?)?;
    m.add_function(wrap_pyfunction!(bench_core, m)?)?;
    m.add_function(wrap_pyfunction!(script_json, m)?)?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyBattleResult>()?;
    m.add_function(wrap_pyfunction!(tile_ids, m)?)?;
    m.add_function(wrap_pyfunction!(tile_info, m)?)?;
    Ok(())
}
