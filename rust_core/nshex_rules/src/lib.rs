//! Neuroshima Hex! 3.0 rules: tile data, board geometry, positions, battle resolution and
//! game flow, as a decision API. Pure Rust, no Python, no file formats: the crates above it
//! (`nshex_formats`, `nshex_ai`, the binding) use only what this root exports.
//!
//! - Board: [`Hex`], [`BoardKind`], [`Geometry`], cells as indices (`NO_CELL` for none).
//! - Tiles: [`tiles()`] (every army's tiles, from the data files), [`TileId`], [`TileDef`].
//! - Positions: [`Position`], [`Unit`].
//! - Battles: [`Resolver`] (reusable, no allocation per attack), [`BattleLog`] and its
//!   [`Event`]s, [`BattleChoices`], the questions a battle asks ([`Question`], [`Answer`]).
//! - Games: [`Game`] (legal actions, apply, chance outcomes, the ending), [`Action`],
//!   [`GameState`] and [`Setup`] for making a game from data.
//!
//! The modules depend in one direction, each only on those before it: `hex`, `tiles`,
//! `seats`, `sides`, `action`, `error`, `nets`, `control`, `position`, `battle`, `game`,
//! `rl` (`text` stands alone). `tests/test_rust_module_order.py` fails on a circle.

mod action;
mod battle;
mod control;
mod error;
mod game;
mod hex;
mod nets;
mod position;
pub mod rl;
mod seats;
mod sides;
pub mod text;
mod tiles;

pub use battle::{
    resolve, Analysis, Answer, BattleChoices, BattleLog, BattleSummary, Cause, Event, Explanation,
    Log, MedicChoice, MedicTake, NoLog, OutsideHit, PhaseLog, QmChoice, Question, Resolver, Step,
    DIR_EXPLOSION,
};
pub use error::Refusal;
pub use game::{
    Action, AfterBattle, CreditWait, Ending, Game, GameState, Hand, LegalActions, MadBomber,
    Options, PendingBattle, Player, Procedure, Setup, Stage, StateError, Why, ALTERNATIVE_START,
    MAX_ENERGY, NO_UNLUCKY_DRAW, REINFORCEMENTS, VARIANT_NAMES,
};
pub use hex::{
    bits, dir_edge, opposite, BoardKind, Geometry, Hex, DIR_NAMES, DIR_STEPS, DUEL_TERMINALS,
    MAX_CELLS, NO_CELL,
};
pub use position::{Foundation, Foundations, Position, Unit, MAX_FOUNDATIONS};
pub use seats::{HQ_START_HP, MAX_SEATS, NEUTRAL, NO_SEAT, SEAT_SLOTS};
pub use sides::{Mode, Outcome, Relations, WIN_POINTS};
pub use tiles::{
    load_mercenaries, tiles, ArmyDef, ArmyId, InstantKind, Kind, TileDef, TileId, TileSet,
    BASE_ARMIES, BASE_PAIRINGS, DUEL_ARMIES, MERCENARY_ARMY,
};
