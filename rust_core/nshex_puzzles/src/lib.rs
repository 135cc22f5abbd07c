//! Hex Puzzles: a position, a few offered tiles of which a given number must be played, then
//! a battle that must reach a goal. The solo mode of the game.
//!
//! - [`Puzzle`]: the file format (a scenario with a `[puzzle]` table), loading and writing.
//! - [`solve`]: every way to play the required tiles, each followed by the battle; all the
//!   solutions, whether there is exactly one, and what the search examined.
//! - [`generate`]: new puzzles with a unique solution and a measured difficulty.
//!
//! The rules are the engine's: the solver plays the offered tiles through the game's legal
//! actions and resolves the battle with the engine's resolver (automatic choices, D-4).

mod format;
mod generate;
mod solve;

pub use format::{Difficulty, Goal, Puzzle};
pub use generate::{generate, grade, score, unique_score, Generated};
pub use solve::{solve, solve_within, Budget, Solution, SolveReport, TooLarge};
