//! Computer players, built on the rules' public API only (this crate cannot change a rule):
//! move ordering heuristics, position evaluation, bots from random to MCTS, and the arena
//! that plays them against each other.

pub mod arena;
pub mod bots;
pub mod heuristics;
pub mod mcts;
