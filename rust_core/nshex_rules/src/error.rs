//! What the rules refuse, and why: one error type for the whole rules API.

use crate::action::Action;
use std::fmt;

/// A request the rules refuse, with the reason in words a player understands. Refusing
/// leaves the game or the battle as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// An action that is not legal now (the action is kept for the caller).
    Action { action: Action, reason: String },
    /// A battle choice or answer that does not fit the battle.
    Choice { reason: String },
    /// A setting that cannot change now.
    Setting { reason: String },
}

impl Refusal {
    /// The reason, in words.
    pub fn reason(&self) -> &str {
        match self {
            Refusal::Action { reason, .. }
            | Refusal::Choice { reason }
            | Refusal::Setting { reason } => reason,
        }
    }

    pub(crate) fn choice(reason: impl Into<String>) -> Refusal {
        Refusal::Choice {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

impl std::error::Error for Refusal {}
