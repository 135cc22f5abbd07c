//! `Puzzle`: Hex Puzzles from Python: load, play (as a `Game`), judge, solve, generate.

use crate::convert::to_py;
use crate::errors::{guarded, EngineError, ScenarioError};
use crate::game::PyGame;
use nshex_formats::save::Record;
use nshex_puzzles::{generate, solve_within, Budget, Difficulty, Goal, Puzzle};
use nshex_rules::{tiles, Resolver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A Hex Puzzle: a position, the offered tiles, how many must be played, and the goal of the
/// battle that follows.
#[pyclass(name = "Puzzle", module = "nshex_pygame._core", frozen)]
pub(crate) struct PyPuzzle {
    inner: Puzzle,
}

fn goal_json(g: Goal) -> Value {
    match g {
        Goal::DestroyHq => json!({"kind": "destroy_hq", "text": g.describe()}),
        Goal::DamageHq { at_least } => {
            json!({"kind": "damage_hq", "at_least": at_least, "text": g.describe()})
        }
        Goal::Win { hq_above } => {
            json!({"kind": "win", "hq_above": hq_above, "text": g.describe()})
        }
        Goal::DestroyUnit { at } => {
            json!({"kind": "destroy_unit", "at": [at.q, at.r], "text": g.describe()})
        }
    }
}

#[pymethods]
impl PyPuzzle {
    /// Loads a puzzle file's text; a bad file raises ScenarioError naming the line.
    #[new]
    #[pyo3(signature = (text, name = "<puzzle>"))]
    fn new(text: &str, name: &str) -> PyResult<PyPuzzle> {
        guarded(|| {
            Puzzle::parse(text, name)
                .map(|inner| PyPuzzle { inner })
                .map_err(|e| ScenarioError::new_err(e.to_string()))
        })
    }

    #[getter]
    fn title(&self) -> String {
        self.inner.title.clone()
    }

    /// "easy", "medium", "hard" or "very_hard".
    #[getter]
    fn difficulty(&self) -> &'static str {
        self.inner.difficulty.name()
    }

    /// The seat the player plays.
    #[getter]
    fn seat(&self) -> u8 {
        self.inner.seat
    }

    /// How many of the offered tiles must be played.
    #[getter]
    fn play(&self) -> u8 {
        self.inner.play
    }

    /// The offered tiles (ids).
    #[getter]
    fn offer(&self) -> Vec<String> {
        self.inner
            .offer
            .iter()
            .map(|&t| tiles().tile(t).id.clone())
            .collect()
    }

    /// The goal: {"kind", its numbers, "text"}.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &goal_json(self.inner.goal))
    }

    /// A new game of the puzzle: the player to move, holding the offer.
    fn game(&self) -> PyGame {
        PyGame::wrap(Record::new(self.inner.game(), None))
    }

    /// Where `game` (played from `game()`) stands: {"plays" made, "needed", "done" (the
    /// plays are made, or a battle already came by filling the board), "won" (once done:
    /// the battle that follows reaches the goal), "shortfall" (once done: how far from it)}.
    fn outcome<'py>(&self, py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyAny>> {
        let p = &self.inner;
        let g = &game.rec.game;
        let start = &game.rec.start;
        let v = guarded(|| {
            let held = g.hands()[p.seat as usize].len();
            let plays = p.offer.len().saturating_sub(held);
            let fought = g.battles() > start.battles();
            let done = fought || plays >= p.play as usize;
            let mut v = json!({"plays": plays, "needed": p.play, "done": done,
                               "won": null, "shortfall": null});
            if done {
                let short = p.shortfall(g, &mut Resolver::new());
                v["won"] = json!(short == 0);
                v["shortfall"] = json!(short);
            }
            Ok(v)
        })?;
        to_py(py, &v)
    }

    /// Every solution: {"solutions" (lists of notation lines), "unique", "examined",
    /// "candidates", "near_misses", "explanation", "too_large": false}. Releases the GIL
    /// while it searches. With `max_positions` or `seconds` the search stops there and gives
    /// {"too_large": true, "examined", "seconds"} instead; `progress` (a callable) is called
    /// with the positions examined so far about every quarter of a second.
    #[pyo3(signature = (max_positions = None, seconds = None, progress = None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        max_positions: Option<u64>,
        seconds: Option<f64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.inner.clone();
        let budget = Budget {
            max_positions,
            seconds,
        };
        let mut last = std::time::Instant::now();
        let mut report = |n: u64| {
            if let Some(cb) = &progress {
                if last.elapsed().as_secs_f64() >= 0.25 {
                    last = std::time::Instant::now();
                    // A failing callback only loses its progress line.
                    Python::attach(|py| {
                        let _ = cb.call1(py, (n,));
                    });
                }
            }
        };
        let r = py
            .detach(|| catch_unwind(AssertUnwindSafe(|| solve_within(&p, budget, &mut report))))
            .map_err(|_| EngineError::new_err("internal engine error in the solver"))?;
        let v = match r {
            Ok(r) => json!({
                "solutions": r.solutions.iter().map(|s| s.actions.clone()).collect::<Vec<_>>(),
                "unique": r.unique, "examined": r.examined, "candidates": r.candidates,
                "near_misses": r.near_misses, "explanation": r.explanation, "too_large": false,
            }),
            Err(t) => json!({"too_large": true, "examined": t.examined, "seconds": t.seconds}),
        };
        to_py(py, &v)
    }

    /// The puzzle as a file.
    fn to_toml(&self) -> String {
        self.inner.to_toml()
    }
}

/// A new puzzle of `difficulty` ("easy", "medium", "hard", "very_hard") from `seed`, with
/// exactly one solution and that measured difficulty. Releases the GIL while it works.
#[pyfunction]
#[pyo3(signature = (difficulty, seed, max_attempts = 20000))]
pub(crate) fn puzzle_generate(
    py: Python<'_>,
    difficulty: &str,
    seed: u64,
    max_attempts: u32,
) -> PyResult<PyPuzzle> {
    let d = Difficulty::from_name(difficulty)
        .ok_or_else(|| PyValueError::new_err("difficulty: easy, medium, hard or very_hard"))?;
    let made = py
        .detach(|| catch_unwind(AssertUnwindSafe(|| generate(d, seed, max_attempts))))
        .map_err(|_| EngineError::new_err("internal engine error in the generator"))?;
    made.map(|g| PyPuzzle { inner: g.puzzle })
        .ok_or_else(|| EngineError::new_err("no puzzle qualified within the attempts"))
}
