//! Computer players, built on the rules' public API only (this crate cannot change a rule):
//! the bot interface, the evaluation interface and its evaluators, move ordering heuristics,
//! bots from random to MCTS, bots by name, and the arena that plays them against each other.
//!
//! The modules depend on each other in one direction: `bot` and `eval` are interfaces;
//! `config` sets a search's budgets; `bots` and `mcts` implement them; `registry` names them;
//! `arena` plays them.

mod action_index;
pub mod arena;
pub mod bot;
pub mod bots;
pub mod config;
pub mod eval;
pub mod explain;
pub mod heuristics;
pub mod mcts;
pub mod registry;
pub mod weights;

pub use bot::{play_out, Bot, Progress};
pub use eval::{BattleEval, Evaluator};
pub use registry::{bot_by_name, level_iterations, BOT_NAMES};
pub use weights::{WeightSets, Weights, WEIGHT_NAMES};
