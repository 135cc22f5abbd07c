//! Seats by number: how many a game can have, the slot of the neutral Mad Bomber, the
//! value that means no seat, and the hit points every HQ starts with.

/// Most seats a game can have.
pub const MAX_SEATS: usize = 4;

/// HQ hit points at the start of a game; they never go above this (FAQ-87).
pub const HQ_START_HP: u8 = 20;

/// No seat (a cell without a tile).
pub const NO_SEAT: u8 = u8::MAX;

/// The owner and controller of a neutral Mad Bomber (D-24, D-35): no seat's, an enemy of
/// every seat. Tables a battle indexes by any unit's controller have `SEAT_SLOTS` entries.
pub const NEUTRAL: u8 = MAX_SEATS as u8;

/// Seats and the neutral slot.
pub const SEAT_SLOTS: usize = MAX_SEATS + 1;
