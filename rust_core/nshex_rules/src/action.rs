//! Actions: every decision of a game as a value, with its compact number (`encode`).

use crate::tiles::TileId;

/// One decision. Cells are indices of the game's board; tiles are tile ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place the HQ (the HQ placement step, not a turn), with its facing (it matters for the
    /// Vegas HQ's takeover edge; other HQs are placed facing 0).
    PlaceHq {
        cell: u8,
        facing: u8,
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
    /// The Smart HQ's grant: the adjacent friendly unit on `from` moves to `to` (may equal
    /// `from`) and faces `facing`, once per unit per turn.
    Grant {
        from: u8,
        to: u8,
        facing: u8,
    },
    /// Play a Castling tile: the units on `a` and `b` swap hexes, keeping their facings.
    Castling {
        a: u8,
        b: u8,
    },
    /// Play a Rotation tile: the tile on `cell` turns to `facing`.
    Rotation {
        cell: u8,
        facing: u8,
    },
    /// Play a Terror tile: every other seat places no board tiles in its next turn (D-32).
    Terror,
    /// After a takeover (D-12): the taking seat turns the unit on `cell` to `facing`.
    TurnTaken {
        cell: u8,
        facing: u8,
    },
    /// After a takeover (D-12): the taking seat leaves the unit on `cell` as it faces.
    KeepTaken {
        cell: u8,
    },
    /// Duel board: discard a tile from hand for 1 energy (D-16).
    Exchange {
        tile: TileId,
    },
    /// Duel board: pay `n` HQ hit points for `n` energy; the turn ends (D-16).
    Buy {
        n: u8,
    },
    /// Duel procedures (D-17), paid in energy.
    Procedure(Procedure),
    /// The Doomsday Machine HQ turns the unit on `cell` to `facing`, once a turn (D-20).
    Rotate {
        cell: u8,
        facing: u8,
    },
    /// Play a Small Bomb on three mutually adjacent hexes, `a < b < c` (D-23).
    SmallBomb {
        a: u8,
        b: u8,
        c: u8,
    },
    /// Points game: `n` points of the seat's own wounds go to seat `to` (FAQ-374); `n == 0`
    /// when every opponent is at 20 and the rest is lost.
    Credit {
        to: u8,
        n: u8,
    },
    /// Before the HQs, picks in turn order: the seat to move hires this Mercenary (D-25).
    Hire {
        tile: TileId,
    },
    /// At a draw: take this unused Mercenary instead of one deck tile (D-25).
    Mercenary {
        tile: TileId,
    },
    /// At a draw, a seat holding unused Mercenaries: no (more) Mercenaries, the deck fills
    /// the hand.
    DeckDraw,
    /// The unlucky draw with Reinforcements: these three of the drawn instants go and three
    /// are drawn (FAQ-49), in tile order.
    UnluckyOf {
        tiles: [TileId; 3],
    },
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
    /// The unit moves from hex `from` to hex `to` (which may be `from`) facing `facing`, by
    /// `kind`: 0 a Move tile, 1 the unit's own Mobility, 2 a Transport's move, 3 the Smart
    /// HQ's grant (`None` for another kind).
    pub fn relocation(kind: u8, from: u8, to: u8, facing: u8) -> Option<Action> {
        Some(match kind {
            0 => Action::Move { from, to, facing },
            1 => Action::Mobility { from, to, facing },
            2 => Action::Transport { from, to, facing },
            3 => Action::Grant { from, to, facing },
            _ => return None,
        })
    }

    /// The same decision in the one form the legal actions list: the two hexes of a
    /// Castling, a Swap or a Laser in cell order (a Swap's facings follow their Links).
    pub fn canonical(self) -> Action {
        match self {
            Action::Castling { a, b } if a > b => Action::Castling { a: b, b: a },
            Action::Procedure(Procedure::Swap { a, b, fa, fb }) if a > b => {
                Action::Procedure(Procedure::Swap {
                    a: b,
                    b: a,
                    fa: fb,
                    fb: fa,
                })
            }
            Action::Procedure(Procedure::Laser { a, b }) if a > b => {
                Action::Procedure(Procedure::Laser { a: b, b: a })
            }
            Action::SmallBomb { a, b, c } => {
                let mut v = [a, b, c];
                v.sort_unstable();
                Action::SmallBomb {
                    a: v[0],
                    b: v[1],
                    c: v[2],
                }
            }
            Action::UnluckyOf { mut tiles } => {
                tiles.sort_unstable();
                Action::UnluckyOf { tiles }
            }
            other => other,
        }
    }
}

/// The Duel board's procedures (D-17), each paid in energy when started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Procedure {
    /// (1) A friendly Link, the HQ included, turns to `facing`.
    Rotation { cell: u8, facing: u8 },
    /// (2) Two friendly Links, neither an HQ, swap hexes and take the facings given.
    Swap { a: u8, b: u8, fa: u8, fb: u8 },
    /// (3) A friendly Link pushes back an adjacent enemy unit, as the Push Back tile.
    Push { from: u8, target: u8 },
    /// (3) Every enemy tile strictly between two friendly Links on a line is destroyed.
    Laser { a: u8, b: u8 },
    /// (3) An enemy unit adjacent to at least three friendly Links is destroyed.
    Elimination { target: u8 },
    /// (4) Every enemy Link is destroyed.
    Detonation,
}

impl Procedure {
    /// Its cost in energy.
    pub fn cost(self) -> u8 {
        match self {
            Procedure::Rotation { .. } => 1,
            Procedure::Swap { .. } => 2,
            Procedure::Push { .. } | Procedure::Laser { .. } | Procedure::Elimination { .. } => 3,
            Procedure::Detonation => 4,
        }
    }

    /// Its name in the notation (`procedure NAME ...`).
    pub fn name(self) -> &'static str {
        match self {
            Procedure::Rotation { .. } => "rotation",
            Procedure::Swap { .. } => "swap",
            Procedure::Push { .. } => "push",
            Procedure::Laser { .. } => "laser",
            Procedure::Elimination { .. } => "elimination",
            Procedure::Detonation => "detonation",
        }
    }
}
