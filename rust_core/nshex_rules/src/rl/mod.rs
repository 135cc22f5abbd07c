//! The game for learning algorithms: a fixed action encoding (every action of every army and
//! mode as an integer in `0..num_distinct_actions`, with a legal-action mask) and an
//! observation tensor per seat. Both depend only on the game's parameters (armies, board,
//! mode, options), never on the position, so that a network's output `i` means the same
//! action in every game with those parameters. `docs/RL.md` documents both.
//!
//! - [`ActionEncoding`] (`actions.rs`): the blocks, `encode`, `decode`, the mask, the chance
//!   outcomes as tile slots.
//! - [`observation_into`] (`observation.rs`): the planes over the board's hexes and the
//!   vector of hands, decks, HQ counters, energy and the phase of the turn.

mod actions;
mod observation;
#[cfg(test)]
mod tests;

pub use actions::{ActionEncoding, EncodeError, BLOCK_NAMES};
pub use observation::{observation_into, ObservationShape, PLANE_NAMES, VECTOR_NAMES};
