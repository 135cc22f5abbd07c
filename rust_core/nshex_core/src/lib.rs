//! Neuroshima Hex! 3.0 rules engine.
//!
//! The pure-Rust core of the project: tile data, board geometry, scenario files and battle
//! resolution. It has no Python in it; the binding crate `nshex_py` wraps it.

pub mod battle;
pub mod bench;
pub mod bots;
pub mod game;
pub mod heuristics;
pub mod hex;
pub mod json;
pub mod mcts;
pub mod notation;
pub mod position;
pub mod samples;
pub mod save;
pub mod scenario;
pub mod script;
pub mod tiles;

pub use battle::{
    resolve, BattleChoices, BattleError, BattleLog, BattleSummary, Event, Log, NoLog, Outcome,
    Resolver,
};
pub use hex::{BoardKind, Hex};
pub use position::{Position, Unit};
pub use scenario::{load_scenario, parse_scenario, Scenario, ScenarioError};
pub use tiles::{tiles, TileDef, TileId};
