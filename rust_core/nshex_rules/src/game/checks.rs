//! The rule checks a position must pass wherever a game comes from: a scenario's set-up
//! ([`Game::from_setup`]) and a save's state ([`Game::from_state`]) both call
//! [`check_position`]; a state also passes [`check_in_progress`], the checks only a game in
//! progress needs (its ending sequence). An error names the state's field it is about.

use super::{Ending, GameState, Hand, Options, Stage, StateError};
use crate::position::Position;
use crate::seats::NO_SEAT;
use crate::sides::Mode;
use crate::tiles::{tiles, InstantKind, TileId};

/// What a position is checked with: where it is and what the game around it holds.
pub(super) struct PositionFacts<'a> {
    pub pos: &'a Position,
    pub hands: &'a [Hand],
    pub decks: &'a [Vec<TileId>],
    pub options: &'a Options,
    pub eliminated: u8,
    pub terror: u8,
    /// No turn has begun: the HQs are still being placed (or the Mercenaries hired).
    pub hq_placement: bool,
    /// The game is over (a destroyed HQ has left the board).
    pub over: bool,
}

/// The checks a scenario and a save share: hand sizes (3 tiles, 6 with Reinforcements,
/// D-31), the eliminated seats (D-26), Terror (D-32) and the HQs on the board with their hit
/// points.
pub(super) fn check_position(f: &PositionFacts<'_>) -> Result<(), StateError> {
    let seats = f.pos.seats as usize;
    let limit = f.options.hand_limit() as usize;
    if let Some((i, h)) = f.hands.iter().enumerate().find(|(_, h)| h.len() > limit) {
        let why = if limit == 3 {
            " (6 only with the Reinforcements variant)"
        } else {
            ""
        };
        return Err(StateError::new(
            "hands",
            format!(
                "seat {i} holds {} tiles, a hand holds at most {limit}{why}",
                h.len()
            ),
        ));
    }
    check_eliminated(f.pos, f.eliminated, f.hands, f.decks)
        .map_err(|m| StateError::new("eliminated", m))?;
    check_terror(f.pos, f.terror, f.eliminated).map_err(|m| StateError::new("terror", m))?;
    let points = f.pos.mode() == Mode::Points;
    for s in 0..seats as u8 {
        if f.eliminated >> s & 1 == 1 {
            continue;
        }
        let hp = f.pos.hq_hp[s as usize];
        let on_board = f.pos.hq_hex(s).is_some();
        if on_board && hp == 0 && !points {
            return Err(StateError::new(
                "hq_hp",
                format!("seat {s}'s HQ is on the board at 0 hit points: it would be destroyed"),
            ));
        }
        if on_board || f.hq_placement {
            continue;
        }
        if f.over && hp == 0 && !points {
            // Destroyed in the battle that ended the game.
            continue;
        }
        return Err(StateError::new(
            "hq_hp",
            format!(
                "seat {s} has no HQ on the board: a game needs every HQ (or an empty board, \
                 to start with the HQ placement){}",
                if hp == 0 || points {
                    String::new()
                } else {
                    format!(", yet its HQ has {hp} hit points")
                }
            ),
        ));
    }
    if !points && !f.over {
        if let Some(s) =
            (0..seats as u8).find(|&s| f.eliminated >> s & 1 == 0 && f.pos.hq_hp[s as usize] == 0)
        {
            return Err(StateError::new(
                "hq_hp",
                format!(
                    "seat {s}'s HQ is at 0 hit points, yet the game is not over and the seat \
                     is not eliminated"
                ),
            ));
        }
    }
    Ok(())
}

/// Terror (D-32) binds the seats other than the one that played it, until the end of their
/// next turn: only a game with an army holding Terror has it.
fn check_terror(pos: &Position, terror: u8, eliminated: u8) -> Result<(), String> {
    let seats = pos.seats;
    if terror >> seats != 0 {
        return Err("no such seat".into());
    }
    if terror == 0 {
        return Ok(());
    }
    if terror & eliminated != 0 {
        return Err("an eliminated seat takes no more turns".into());
    }
    let set = tiles();
    let players = (0..seats)
        .filter(|&s| {
            set.army(pos.armies[s as usize])
                .tiles
                .iter()
                .any(|&t| set.tile(t).instant == Some(InstantKind::Terror))
        })
        .fold(0u8, |m, s| m | 1 << s);
    // (Which seat played it is not checked: a Smart seat may be under another's Terror, as
    // FAQ-224 has it, and a test position may put one there.)
    if players == 0 {
        return Err("no army in this game holds Terror".into());
    }
    Ok(())
}

/// An eliminated seat has nothing on the board, in hand or in its deck (D-26).
pub(super) fn check_eliminated(
    pos: &Position,
    eliminated: u8,
    hands: &[Hand],
    decks: &[Vec<TileId>],
) -> Result<(), String> {
    for s in 0..pos.seats {
        if eliminated >> s & 1 == 0 {
            continue;
        }
        if pos.units().any(|(_, u)| u.seat == s) || pos.foundations().any(|(_, f)| f.seat == s) {
            return Err(format!("seat {s} is eliminated but has tiles on the board"));
        }
        if !hands[s as usize].is_empty() || !decks[s as usize].is_empty() {
            return Err(format!(
                "seat {s} is eliminated but still has a hand or a deck"
            ));
        }
    }
    Ok(())
}

/// The checks only a game in progress needs: the ending sequence has begun only when a
/// seat has drawn its last tile (its deck holds nothing but tiles known to have come back on
/// top), and a stage placing HQs only before the first turn.
pub(super) fn check_in_progress(g: &GameState) -> Result<(), StateError> {
    let seats = g.pos.seats;
    if g.ending != Ending::None {
        let drawn_out = |s: u8| g.decks[s as usize].len() <= g.known_top[s as usize] as usize;
        let ok = if g.ending_by == NO_SEAT {
            (0..seats).any(|s| g.eliminated >> s & 1 == 0 && drawn_out(s))
        } else {
            g.ending_by < seats && drawn_out(g.ending_by)
        };
        if !ok {
            return Err(StateError::new(
                "ending",
                "the ending sequence begins when a seat draws its last tile, and no seat has",
            ));
        }
    } else if g.ending_by != NO_SEAT {
        return Err(StateError::new(
            "ending_by",
            "a seat began the ending sequence, yet it has not begun",
        ));
    }
    if g.turn == 0 && !matches!(g.stage, Stage::PlaceHq | Stage::Hire) {
        return Err(StateError::new(
            "stage",
            "before the first turn the HQs are placed (or the Mercenaries hired)",
        ));
    }
    if g.turn > 0 && matches!(g.stage, Stage::PlaceHq | Stage::Hire) {
        return Err(StateError::new(
            "stage",
            format!(
                "the HQs are placed before the first turn, not in turn {}",
                g.turn
            ),
        ));
    }
    Ok(())
}
