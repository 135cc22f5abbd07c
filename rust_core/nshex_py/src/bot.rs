//! `Bot` and the arena.

use crate::convert::{options_of, to_py};
use crate::errors::EngineError;
use crate::game::PyGame;
use nshex_ai::{bot_by_name, Bot, Progress};
use nshex_rules::Player;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A bot by name (`random`, `greedy`, `flatmc`, `easy`, `medium`, `hard`, optionally with
/// settings such as `hard:iters=20000`). `choose` releases the GIL while it thinks; another
/// thread may meanwhile call `progress` and `cancel`.
#[pyclass(name = "Bot", module = "nshex_pygame._core", frozen)]
pub(crate) struct PyBot {
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

    /// Chooses as `choose` does, and says why: `{"action", "iterations", "moves": [{"action",
    /// "line", "visits", "share", "value"}, ...] (the most visited first, at most five;
    /// value is the mean result for the deciding seat, 0..1), "line": [notation, ...] (the
    /// principal line: the move and the replies the search expects), "reason": words}`. A
    /// bot that does not search gives its move alone.
    fn analyze<'py>(&self, py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyDict>> {
        let code = self.choose(py, game)?;
        let g = &game.rec.game;
        let action = nshex_rules::Action::decode(code).expect("a bot's action");
        let bot = self.bot.lock().unwrap_or_else(|p| p.into_inner());
        let search = bot.last_search().filter(|s| s.action == action);
        let line_of = |a| nshex_formats::notation::action_to_line(g, a);
        let d = PyDict::new(py);
        d.set_item("action", code)?;
        d.set_item("iterations", search.map_or(0, |s| s.iterations))?;
        let moves = PyList::empty(py);
        match search {
            Some(s) => {
                let total: u32 = s.root.iter().map(|r| r.1).sum::<u32>().max(1);
                let mut root = s.root.clone();
                root.sort_by(|x, y| y.1.cmp(&x.1).then(y.2.total_cmp(&x.2)));
                for &(a, visits, value) in root.iter().take(5) {
                    let m = PyDict::new(py);
                    m.set_item("action", a.encode())?;
                    m.set_item("line", line_of(a))?;
                    m.set_item("visits", visits)?;
                    m.set_item("share", visits as f64 / total as f64)?;
                    m.set_item("value", value)?;
                    moves.append(m)?;
                }
            }
            None => {
                let m = PyDict::new(py);
                m.set_item("action", code)?;
                m.set_item("line", line_of(action))?;
                m.set_item("visits", 0)?;
                m.set_item("share", 1.0)?;
                m.set_item("value", py.None())?;
                moves.append(m)?;
            }
        }
        d.set_item("moves", moves)?;
        // The principal line in notation, played out on a copy while it stays legal (draws
        // by the hidden order; a later move the deal makes impossible ends it).
        let mut copy = g.clone();
        copy.set_keep_battle_logs(false);
        let mut line = Vec::new();
        let planned = search.map_or_else(|| vec![action], |s| s.line.clone());
        for a in planned {
            while copy.current_player() == Player::Chance {
                let Some(draw) = copy.natural_draw() else {
                    break;
                };
                copy.apply_unchecked(draw);
            }
            if !copy.legal_actions().contains(&a) {
                break;
            }
            line.push(nshex_formats::notation::action_to_line(&copy, a));
            copy.apply_unchecked(a);
            copy.answer_automatically();
        }
        d.set_item("line", line)?;
        // The reason is an aid: an engine failure in it leaves it empty, never the Hint lost.
        let reason = catch_unwind(AssertUnwindSafe(|| nshex_ai::explain::reason(g, action)));
        d.set_item("reason", reason.unwrap_or_default())?;
        Ok(d)
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
/// of `a` (draws count half) and its 95% Wilson interval. `pairings` (instead of `armies`)
/// plays several army pairings in turn, two games each (`a` gets the first army of each);
/// `board` is `standard` or `duel`.
#[pyfunction]
#[pyo3(signature = (a, b, games, armies = None, seed = 0, threads = 1, variants = Vec::new(), mercenaries = 0, random_mercenaries = false, mad_bomber = "off", first_game = 0, board = "standard", pairings = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn arena<'py>(
    py: Python<'py>,
    a: &str,
    b: &str,
    games: u32,
    armies: Option<(String, String)>,
    seed: u64,
    threads: usize,
    variants: Vec<String>,
    mercenaries: u8,
    random_mercenaries: bool,
    mad_bomber: &str,
    first_game: u32,
    board: &str,
    pairings: Option<Vec<(String, String)>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options_of(&variants, mercenaries, random_mercenaries, mad_bomber)?;
    let board = nshex_rules::BoardKind::from_name(board)
        .ok_or_else(|| PyValueError::new_err(format!("unknown board {board:?}")))?;
    if armies.is_some() && pairings.is_some() {
        return Err(PyValueError::new_err(
            "give armies (one pairing) or pairings (several), not both",
        ));
    }
    let armies_ref = armies.as_ref().map(|(x, y)| (x.as_str(), y.as_str()));
    let pairings = match &pairings {
        Some(p) => p.iter().map(|(x, y)| (x.as_str(), y.as_str())).collect(),
        None => nshex_ai::arena::pairings_or_base(armies_ref),
    };
    let r = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                nshex_ai::arena::arena_range(
                    a, b, first_game, games, &pairings, board, options, seed, threads,
                )
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

/// Three or four bots, one a seat, over `games` games of `mode`: seats rotated from game to
/// game, armies cycled (one per seat, default the four base armies), on `board`. Per bot: its
/// games, wins, shared results, win rate (shared count half) with its 95% Wilson interval, and
/// mean rank.
#[pyfunction]
#[pyo3(signature = (bots, mode, games, armies = None, board = "standard", seed = 0, threads = 1, first_game = 0))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn arena_multi<'py>(
    py: Python<'py>,
    bots: Vec<String>,
    mode: &str,
    games: u32,
    armies: Option<Vec<String>>,
    board: &str,
    seed: u64,
    threads: usize,
    first_game: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let mode = nshex_rules::Mode::from_name(mode)
        .ok_or_else(|| PyValueError::new_err(format!("unknown mode {mode:?}")))?;
    let board = nshex_rules::BoardKind::from_name(board)
        .ok_or_else(|| PyValueError::new_err(format!("unknown board {board:?}")))?;
    let armies = armies.unwrap_or_else(|| {
        nshex_rules::BASE_ARMIES
            .iter()
            .map(|a| a.to_string())
            .collect()
    });
    let bot_refs: Vec<&str> = bots.iter().map(String::as_str).collect();
    let army_refs: Vec<&str> = armies.iter().map(String::as_str).collect();
    let r = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                nshex_ai::arena::arena_multi_range(
                    &bot_refs, mode, first_game, games, &army_refs, board, seed, threads,
                )
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error in the arena"))?
        .map_err(PyValueError::new_err)?;
    let rows: Vec<serde_json::Value> = r
        .iter()
        .map(|x| {
            let (lo, hi) = x.wilson95();
            serde_json::json!({"bot": x.bot, "games": x.games, "wins": x.wins,
                "shared": x.shared, "win_rate": x.win_rate(), "wilson95": [lo, hi],
                "mean_rank": x.mean_rank(), "rank_sum": x.rank_sum})
        })
        .collect();
    to_py(
        py,
        &serde_json::json!({"mode": mode.name(), "board": board.name(), "games": games,
            "bots": rows}),
    )
}

/// The evaluation's shipped weights as JSON text (`{"material": 0.3, ...}`, every weight
/// named) for a game with these variants (the Reinforcements set or the base set); a bot takes
/// other values in its name (`hard:w.material=0.35`).
#[pyfunction]
#[pyo3(signature = (variants = Vec::new()))]
pub(crate) fn default_weights(variants: Vec<String>) -> PyResult<String> {
    let options = options_of(&variants, 0, false, "off")?;
    Ok(nshex_ai::WeightSets::shipped()
        .for_options(&options)
        .to_json())
}
