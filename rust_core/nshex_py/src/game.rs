//! `Game`: a game in progress with its history, the decision API.

use crate::convert::{options_of, to_py};
use crate::errors::{guarded, refusal, EngineError, IllegalActionError, SaveError, ScenarioError};
use crate::position::PyPosition;
use crate::rl::{self as rlx, Rl};
use nshex_formats::json::outcome_json;
use nshex_formats::json::phases_json;
use nshex_formats::notation::{action_to_line, line_to_action, line_to_legal_action};
use nshex_formats::save::{game_to_json, Record};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{draw_fixed, game_from_scenario};
use nshex_formats::views::{action_view, battle_question_view, game_view, player_code};
use nshex_rules::{tiles, Action, BoardKind, Game, Mode};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;

pub(crate) fn decode(action: u64) -> PyResult<Action> {
    Action::decode(action)
        .ok_or_else(|| IllegalActionError::new_err(format!("{action} is not an action number")))
}

/// A game in progress, with its history: the decision API.
#[pyclass(name = "Game", module = "nshex_pygame._core")]
pub(crate) struct PyGame {
    pub(crate) rec: Record,
    buf: Vec<Action>,
    /// The action encoding and observation buffers, made at the first call that needs them.
    rl: Option<Box<Rl>>,
}

impl PyGame {
    pub(crate) fn wrap(rec: Record) -> PyGame {
        PyGame {
            rec,
            buf: Vec::with_capacity(256),
            rl: None,
        }
    }

    /// The encoding state, the record and the action buffer, borrowed apart.
    fn rl_parts(&mut self) -> (&mut Rl, &mut Record, &mut Vec<Action>) {
        let rl = self.rl.get_or_insert_with(|| Rl::of(&self.rec.game));
        (rl, &mut self.rec, &mut self.buf)
    }

    /// Applies `a`, or raises `Refusal` with the engine's parts (the game is unchanged, so
    /// asking it why gives the refusal's own reason).
    fn apply_checked(&mut self, py: Python<'_>, a: Action) -> PyResult<()> {
        match self.rec.apply_with(a, &mut self.buf) {
            Ok(()) => Ok(()),
            Err(nshex_rules::Refusal::Action { action, .. }) => {
                Err(refusal(py, action.encode(), &self.rec.game.why(action)))
            }
            Err(other) => Err(IllegalActionError::new_err(other.to_string())),
        }
    }
}

/// A seat list as a bit mask, every seat checked.
pub(crate) fn seat_mask(seats: &[u8], n: usize) -> PyResult<u8> {
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

pub(crate) fn armies_of(names: &[String]) -> PyResult<Vec<nshex_rules::ArmyId>> {
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
    #[pyo3(signature = (armies, seed = 0, board = "standard", manual_battle_choices = Vec::new(), mode = None, variants = Vec::new(), mercenaries = 0, random_mercenaries = false, mad_bomber = "off"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        armies: Vec<String>,
        seed: u64,
        board: &str,
        manual_battle_choices: Vec<u8>,
        mode: Option<&str>,
        variants: Vec<String>,
        mercenaries: u8,
        random_mercenaries: bool,
        mad_bomber: &str,
    ) -> PyResult<PyGame> {
        let options = options_of(&variants, mercenaries, random_mercenaries, mad_bomber)?;
        let ids = armies_of(&armies)?;
        let board = BoardKind::from_name(board)
            .ok_or_else(|| PyValueError::new_err(format!("unknown board {board:?}")))?;
        let mode = match mode {
            None => Mode::default_for(ids.len() as u8),
            Some(m) => Mode::from_name(m).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown mode {m:?} (standard, deathmatch, points, one_vs_team or team)"
                ))
            })?,
        };
        let mask = seat_mask(&manual_battle_choices, ids.len())?;
        guarded(|| {
            let mut g = Game::with_options(&ids, board, mode, options, seed)
                .map_err(PyValueError::new_err)?;
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
        // The encoding has the battle choices' blocks only with manual choices.
        self.rl = None;
        Ok(())
    }

    /// The battle choice the game waits for, or None: {"kind": "clown" | "convert" |
    /// "medic", "seat", "phase", "at" (the Clown or the converting unit), "edges" (convert:
    /// the printed edges that can be converted), "options" and "automatic" (action numbers;
    /// `describe_action` tells what each does), and the battle so far: "before",
    /// "hq_hp_before", "phases" (as `last_battle`).
    fn battle_question<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match guarded(|| Ok(battle_question_view(&self.rec.game)))? {
            Some(v) => to_py(py, &v),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// A game in progress from a scenario with hands and decks (docs/CONFORMANCE.md).
    #[staticmethod]
    #[pyo3(signature = (text, name = "<scenario>", seed = 0))]
    fn from_scenario(text: &str, name: &str, seed: u64) -> PyResult<PyGame> {
        guarded(|| {
            let sc = parse_scenario(text, name, false)
                .map_err(|e| ScenarioError::new_err(e.to_string()))?;
            // An error of the game as a whole points at `[game]`.
            let g = game_from_scenario(&sc, seed)
                .map_err(|e| ScenarioError::new_err(format!("{name}:{}: {e}", sc.game_line)))?;
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
        player_code(self.rec.game.current_player())
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

    /// Every legal action valued by a battle, in one call with the GIL released: a list of
    /// (action number, HQ hit points per seat after it), where the hit points are those after
    /// the battle a Battle tile would start now (for a finished game, as it ended). What a
    /// Python AI needs to pick a move by the battle that follows, without a call per action.
    fn battle_after_each_action(&mut self, py: Python<'_>) -> PyResult<Vec<(u64, Vec<u32>)>> {
        let game = self.rec.game.clone();
        py.detach(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut r = nshex_rules::Resolver::new();
                let mut g = game.clone();
                let mut out = Vec::new();
                for a in game.legal_actions() {
                    g.copy_from(&game);
                    g.set_keep_battle_logs(false);
                    g.apply_unchecked(a);
                    g.answer_automatically();
                    let mut pos = g.pos().clone();
                    if !g.is_over() {
                        r.resolve(&mut pos, None, &mut nshex_rules::NoLog)
                            .expect("automatic choices");
                    }
                    let hp = pos.hq_hp[..pos.seats as usize].iter().map(|&h| h as u32);
                    out.push((a.encode(), hp.collect()));
                }
                out
            }))
        })
        .map_err(|_| EngineError::new_err("internal engine error while valuing actions"))
    }

    /// Plays `count` games on from this state to their end with uniformly random decisions,
    /// in one call with the GIL released, and gives each playout's result: per seat, 1.0 for
    /// a win (of its side), 0.5 for a draw or a shared win, 0.0 for a loss. With `resample`
    /// (the default) each playout shuffles the hidden deck orders first, as a player who
    /// does not know the coming draws must. The same state, count, seed and `resample` give
    /// the same results; this game is not changed.
    #[pyo3(signature = (count, seed, resample = true))]
    fn random_playouts(
        &self,
        py: Python<'_>,
        count: u32,
        seed: u64,
        resample: bool,
    ) -> PyResult<Vec<Vec<f64>>> {
        let game = self.rec.game.clone();
        let outcomes = py
            .detach(|| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    nshex_ai::bots::random_playouts(&game, count, seed, resample)
                }))
            })
            .map_err(|_| EngineError::new_err("internal engine error during the playouts"))?;
        let rel = game.pos().relations();
        outcomes
            .into_iter()
            .map(|o| {
                (0..game.seats())
                    .map(|s| {
                        o.share_for(s, rel).ok_or_else(|| {
                            EngineError::new_err(format!(
                                "a playout did not end within {} actions",
                                nshex_ai::bots::PLAYOUT_LIMIT
                            ))
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// Applies an action; an illegal one raises Refusal (an IllegalActionError) and changes
    /// nothing.
    fn apply_action(&mut self, py: Python<'_>, action: u64) -> PyResult<()> {
        let a = decode(action)?;
        guarded(|| self.apply_checked(py, a))
    }

    /// Applies an action written in the notation (`place mutant 0,1 3`): a line that is not
    /// an action raises IllegalActionError, an action the rules refuse Refusal.
    fn apply_line(&mut self, py: Python<'_>, line: &str) -> PyResult<()> {
        let a = line_to_action(&self.rec.game, line).map_err(IllegalActionError::new_err)?;
        guarded(|| self.apply_checked(py, a))
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
    /// legal now; IllegalActionError says what is wrong with the line, Refusal (one) why the
    /// rules refuse the action.
    #[pyo3(signature = (line, check = true))]
    fn string_to_action(&self, py: Python<'_>, line: &str, check: bool) -> PyResult<u64> {
        let game = &self.rec.game;
        let parsed = line_to_action(game, line).map_err(IllegalActionError::new_err)?;
        if check && guarded(|| Ok(line_to_legal_action(game, line).is_err()))? {
            return Err(refusal(py, parsed.encode(), &game.why(parsed)));
        }
        Ok(parsed.encode())
    }

    /// An action as a dict: its kind and fields (hexes as (q, r), tiles by id).
    fn describe_action<'py>(&self, py: Python<'py>, action: u64) -> PyResult<Bound<'py, PyAny>> {
        let a = decode(action)?;
        to_py(py, &action_view(&self.rec.game, a))
    }

    /// The legal actions now, each with its description: (action number, the dict
    /// `describe_action` gives), in the order of `legal_actions`; one call instead of one
    /// per action.
    fn legal_actions_described<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Vec<(u64, Bound<'py, PyAny>)>> {
        guarded(|| {
            self.rec.game.legal_actions_into(&mut self.buf);
            let game = &self.rec.game;
            self.buf
                .iter()
                .map(|&a| Ok((a.encode(), to_py(py, &action_view(game, a))?)))
                .collect()
        })
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

    /// At a draw: the seat whose deck it is and how many tiles on its top are known (a
    /// returned Bio-droid, a passed-on Mad Bomber: drawn first, whatever the hidden order);
    /// None when nothing is drawn now.
    fn drawing(&self) -> Option<(u8, u8)> {
        let g = &self.rec.game;
        (g.current_player() == nshex_rules::Player::Chance).then(|| {
            let s = g.to_move();
            (s, g.known_top()[s as usize])
        })
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
        let v = guarded(|| Ok(game_view(&self.rec.game, None)))?;
        to_py(py, &v)
    }

    /// What `seat` knows: everything but the order of the decks (hands and discard piles
    /// are public; deck contents are known, their order is not).
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        if seat >= self.rec.game.seats() {
            return Err(PyValueError::new_err(format!("seat {seat} does not exist")));
        }
        let v = guarded(|| Ok(game_view(&self.rec.game, Some(seat))))?;
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

    /// A seat number, a list of seats (a team, or seats sharing the win), "draw", or None
    /// while the game goes on.
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

    /// The game mode: "standard", "deathmatch", "points", "one_vs_team" or "team".
    #[getter]
    fn mode(&self) -> &'static str {
        self.rec.game.mode().name()
    }

    /// The variants the game is played with (their names).
    #[getter]
    fn variants(&self) -> Vec<&'static str> {
        self.rec.game.options().variant_names()
    }

    /// The Mad Bomber's mode: "off", "neutral" or "mercenary" (D-24).
    #[getter]
    fn mad_bomber(&self) -> &'static str {
        self.rec.game.options().mad_bomber.name()
    }

    /// How many Mercenaries each seat hires (0: none).
    #[getter]
    fn mercenaries_per_seat(&self) -> u8 {
        self.rec.game.options().mercenaries
    }

    /// A seat's unused Mercenaries (tile ids; public, D-25).
    fn mercenaries(&self, seat: u8) -> PyResult<Vec<String>> {
        if seat >= self.rec.game.seats() {
            return Err(PyValueError::new_err(format!("seat {seat} does not exist")));
        }
        Ok(self
            .rec
            .game
            .mercenaries(seat)
            .iter()
            .map(|&t| nshex_rules::tiles().tile(t).id.clone())
            .collect())
    }

    /// Per seat, the tiles known on top of its deck, the next drawn first: a passed-on Mad
    /// Bomber (D-24), returned Bio-droids (D-34). Public: everyone saw them go there.
    fn deck_tops(&self) -> Vec<Vec<String>> {
        let g = &self.rec.game;
        let known = g.known_top();
        g.decks()
            .iter()
            .enumerate()
            .map(|(s, d)| {
                d.iter()
                    .rev()
                    .take(known[s] as usize)
                    .map(|&t| nshex_rules::tiles().tile(t).id.clone())
                    .collect()
            })
            .collect()
    }

    /// The seats out of the game (deathmatch).
    #[getter]
    fn eliminated(&self) -> Vec<u32> {
        nshex_formats::json::seat_list(self.rec.game.eliminated())
            .into_iter()
            .map(u32::from)
            .collect()
    }

    /// Each seat's place, 1 = first (while the game goes on every seat still in it is first).
    #[getter]
    fn ranking(&self) -> Vec<u32> {
        self.rec.game.ranking().into_iter().map(u32::from).collect()
    }

    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.rec.game.pos().clone(),
            energy: self.rec.game.energy(),
        }
    }

    /// How many action numbers the fixed encoding has (docs/RL.md): the same for every game
    /// with this game's armies, board, mode and options.
    fn num_distinct_actions(&mut self) -> usize {
        self.rl_parts().0.enc.len()
    }

    /// The legal actions as encoded action numbers, ascending (at a chance node: the tile
    /// slots that can be drawn).
    fn encoded_legal_actions(&mut self) -> PyResult<Vec<usize>> {
        let (rl, rec, buf) = self.rl_parts();
        if rec.game.current_player() == nshex_rules::Player::Chance {
            return Ok(rlx::chance_outcomes(rl, &rec.game)?
                .into_iter()
                .map(|o| o.0)
                .collect());
        }
        rlx::legal(rl, &rec.game, buf)
    }

    /// The legal-action mask: `num_distinct_actions()` bytes, 1 for a legal action number
    /// (`numpy.frombuffer(game.action_mask(), dtype=numpy.uint8)`).
    fn action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let (rl, rec, buf) = self.rl_parts();
        rlx::mask(py, rl, &rec.game, buf)
    }

    /// Applies encoded action number `a` (at a chance node: the draw of tile slot `a`); an
    /// illegal one raises IllegalActionError and changes nothing.
    fn apply_encoded(&mut self, a: i64) -> PyResult<()> {
        let (rl, rec, buf) = self.rl_parts();
        rlx::apply(rl, rec, buf, a)
    }

    /// The engine action number (as `legal_actions` gives) of encoded number `a` (at a
    /// chance node: of tile slot `a`'s draw).
    fn decode_action(&mut self, a: i64) -> PyResult<u64> {
        let (rl, rec, _) = self.rl_parts();
        Ok(rlx::action_of(rl, &rec.game, a)?.encode())
    }

    /// The encoded number of engine action number `action` (a draw: its tile slot).
    fn encode_action(&mut self, action: u64) -> PyResult<usize> {
        let a = decode(action)?;
        let enc = &self.rl_parts().0.enc;
        let x = match a {
            Action::Draw { tile } => enc.slot(tile),
            _ => enc.encode(a),
        };
        x.ok_or_else(|| IllegalActionError::new_err(format!("{a:?} has no encoded number")))
    }

    /// The chance outcomes as (tile slot, probability), slots ascending; empty unless a
    /// tile is drawn now.
    fn encoded_chance_outcomes(&mut self) -> PyResult<Vec<(usize, f64)>> {
        let (rl, rec, _) = self.rl_parts();
        rlx::chance_outcomes(rl, &rec.game)
    }

    /// `seat`'s observation tensor (docs/RL.md) as the bytes of float32s:
    /// `numpy.frombuffer(game.observation_tensor(seat), dtype=numpy.float32)`.
    fn observation_tensor<'py>(
        &mut self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let (rl, rec, _) = self.rl_parts();
        rlx::observation(py, rl, &rec.game, seat)
    }

    /// The observation tensor's (planes, cells, vector): `planes * cells + vector` floats.
    fn observation_shape(&mut self) -> (usize, usize, usize) {
        self.rl_parts().0.shape()
    }

    /// The encoding's blocks as (name, first number, size), in order (docs/RL.md).
    fn action_blocks(&mut self) -> Vec<(&'static str, usize, usize)> {
        self.rl_parts().0.enc.blocks()
    }

    /// The tile slots of the encoding and the observation: tile ids, slot order.
    fn tile_slots(&mut self) -> Vec<String> {
        let enc = &self.rl_parts().0.enc;
        enc.slots()
            .iter()
            .map(|&t| tiles().tile(t).id.clone())
            .collect()
    }

    /// Each seat's return: +1 a win (its side's), -1 a loss, 0 a draw or a win shared with
    /// a rival; all 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        rlx::returns(&self.rec.game)
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
