//! File formats of the engine, above the rules: scenario files (TOML), saves and state
//! snapshots (JSON), the action notation, game scripts, and the JSON views of battles and
//! games that the command line and Python show. Errors name the file, the line or the field.

pub mod choices;
pub mod json;
pub mod notation;
pub mod place;
pub mod save;
pub mod scenario;
pub mod script;
pub mod views;

pub use scenario::{load_scenario, parse_scenario, Scenario, ScenarioError};
