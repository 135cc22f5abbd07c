//! Actions: every decision of a game as a value, with its compact number (`encode`).

use super::*;

/// One decision. Cells are indices of the game's board; tiles are tile ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place the HQ (the HQ placement step, not a turn).
    PlaceHq {
        cell: u8,
    },
    /// Chance: the next tile drawn.
    Draw {
        tile: TileId,
    },
    /// Three instants after drawing: discard all three and draw three new ones (D-1).
    Unlucky,
    /// Discard a tile from hand (the mandatory discard, or any later one).
    Discard {
        tile: TileId,
    },
    /// Place a board tile from hand.
    Place {
        tile: TileId,
        cell: u8,
        facing: u8,
    },
    /// Play a Move tile: the unit on `from` goes to `to` (may equal `from`) facing `facing`.
    Move {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// A unit's own Mobility.
    Mobility {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// A move given by a linked Transport.
    Transport {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// Play a Push Back tile: the unit on `from` pushes the enemy on `target`.
    PushBack {
        from: u8,
        target: u8,
    },
    /// The pushed unit's owner chooses where it goes.
    PushTo {
        cell: u8,
    },
    Sniper {
        target: u8,
    },
    Grenade {
        target: u8,
    },
    AirStrike {
        center: u8,
    },
    /// Play a Battle tile.
    Battle,
    /// End the turn (tiles still in hand are kept).
    EndTurn,
    /// A battle choice: the Clown on `cell` explodes, or attacks.
    Clown {
        cell: u8,
        explode: bool,
    },
    /// A battle choice: the unit on `cell` converts the attack of printed edge `edge` with
    /// its Quartermaster for this attack (`None`: it attacks as printed).
    Convert {
        cell: u8,
        edge: Option<u8>,
    },
    /// A battle choice: the medic on `medic` takes the attack of `from` on `target`
    /// (`from == target`: the death of the medic on `target`).
    MedicTakes {
        medic: u8,
        target: u8,
        from: u8,
    },
}

impl Action {
    /// The battle answer this action gives (`None` for other actions).
    pub fn answer(self) -> Option<Answer> {
        Some(match self {
            Action::Clown { cell, explode } => Answer::Clown { cell, explode },
            Action::Convert { cell, edge } => Answer::Convert { cell, edge },
            Action::MedicTakes {
                medic,
                target,
                from,
            } => Answer::Medic(MedicTake {
                medic,
                target,
                from,
            }),
            _ => return None,
        })
    }

    /// The action that gives battle answer `a`.
    pub fn from_answer(a: Answer) -> Action {
        match a {
            Answer::Clown { cell, explode } => Action::Clown { cell, explode },
            Answer::Convert { cell, edge } => Action::Convert { cell, edge },
            Answer::Medic(m) => Action::MedicTakes {
                medic: m.medic,
                target: m.target,
                from: m.from,
            },
        }
    }
}
