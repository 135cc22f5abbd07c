//! `[game]`: the armies and the board, the mode and its scores (HQ hit points or points), whose
//! turn, Duel energy, eliminated seats, the ending, the options and Terror. One reader per key
//! group, in the order the file's errors are reported.

use super::raw::RawGame;
use super::{Ctx, ScenarioError};
use nshex_rules::text::quote;
use nshex_rules::{tiles, ArmyId, BoardKind, Mode, Options, Position, MAX_SEATS, WIN_POINTS};
use toml::Spanned;

/// What `[game]` says, checked.
pub(super) struct GameTable {
    pub armies: Vec<ArmyId>,
    pub board: BoardKind,
    pub position: Position,
    pub to_move: Option<u8>,
    pub turn: Option<u32>,
    pub energy: [u8; MAX_SEATS],
    pub eliminated: u8,
    pub ending_by: Option<u8>,
    pub options: Options,
    pub terror: u8,
}

/// Reads `[game]`, which starts at `gspan`.
pub(super) fn read_game(
    cx: &Ctx,
    game: &RawGame,
    gspan: usize,
) -> Result<GameTable, ScenarioError> {
    let armies = armies(cx, game)?;
    let seats = armies.len();
    let board = board(cx, game)?;
    let mut position = Position::new(board, &armies);
    if board == BoardKind::Duel && seats != 2 {
        return Err(cx.err(
            game.board.as_ref().map_or(gspan, |b| b.span().start),
            format!("[game] board: the Duel board is played by two seats, not {seats} (D-16)"),
        ));
    }
    mode(cx, game, seats, &mut position)?;
    scores(cx, game, seats, &mut position)?;
    let to_move = seat_to_move(cx, game, seats)?;
    let turn = turn(cx, game)?;
    let energy = energy(cx, game, board, seats)?;
    let eliminated = eliminated(cx, game, seats, &mut position)?;
    let ending_by = ending_by(cx, game, seats, eliminated)?;
    let options = options(cx, game)?;
    let terror = seat_mask(cx, game.terror.as_ref(), seats, "terror")?;
    Ok(GameTable {
        armies,
        board,
        position,
        to_move,
        turn,
        energy,
        eliminated,
        ending_by,
        options,
        terror,
    })
}

/// `armies`: two to four known armies.
fn armies(cx: &Ctx, game: &RawGame) -> Result<Vec<ArmyId>, ScenarioError> {
    let set = tiles();
    let names = game.armies.get_ref();
    if !(2..=MAX_SEATS).contains(&names.len()) {
        return Err(cx.err(
            game.armies.span().start,
            format!(
                "[game] armies: {} armies, a game has 2 to {MAX_SEATS}",
                names.len()
            ),
        ));
    }
    let mut armies = Vec::new();
    for a in names {
        let id = set.find_army(a.get_ref()).ok_or_else(|| {
            cx.err(
                a.span().start,
                format!("[game] armies: unknown army {}", quote(a.get_ref())),
            )
        })?;
        armies.push(id);
    }
    Ok(armies)
}

/// `board`: standard unless said.
fn board(cx: &Ctx, game: &RawGame) -> Result<BoardKind, ScenarioError> {
    match &game.board {
        None => Ok(BoardKind::Standard),
        Some(b) => BoardKind::from_name(b.get_ref()).ok_or_else(|| {
            cx.err(
                b.span().start,
                format!(
                    "[game] board: unknown board {} (standard, expanded or duel)",
                    quote(b.get_ref())
                ),
            )
        }),
    }
}

/// `mode`, for the number of seats; then each HQ starts as the mode says.
fn mode(
    cx: &Ctx,
    game: &RawGame,
    seats: usize,
    position: &mut Position,
) -> Result<(), ScenarioError> {
    if let Some(m) = &game.mode {
        let mode = Mode::from_name(m.get_ref()).ok_or_else(|| {
            cx.err(
                m.span().start,
                format!(
                    "[game] mode: unknown mode {} (standard, deathmatch, points, one_vs_team \
                     or team)",
                    quote(m.get_ref())
                ),
            )
        })?;
        mode.check_seats(seats as u8)
            .map_err(|e| cx.err(m.span().start, format!("[game] mode: {e}")))?;
        position.set_mode(mode);
    }
    let mode = position.mode();
    for s in 0..seats {
        position.hq_hp[s] = mode.hq_start(s as u8);
    }
    Ok(())
}

/// `points` (the points game) or `hq_hp` (every other mode), one value per seat.
fn scores(
    cx: &Ctx,
    game: &RawGame,
    seats: usize,
    position: &mut Position,
) -> Result<(), ScenarioError> {
    let mode = position.mode();
    if mode == Mode::Points {
        if let Some(hp) = &game.hq_hp {
            return Err(cx.err(
                hp.span().start,
                "[game] hq_hp: the points game counts points instead (key points)".into(),
            ));
        }
    } else if let Some(p) = &game.points {
        return Err(cx.err(
            p.span().start,
            format!(
                "[game] points: only the points game has points, not mode {}",
                mode.name()
            ),
        ));
    }
    if let Some(p) = &game.points {
        let values = per_seat(cx, p, seats, "points")?;
        for (s, v) in values.iter().enumerate() {
            let x = *v.get_ref();
            if !(0..WIN_POINTS as i64).contains(&x) {
                return Err(cx.err(
                    v.span().start,
                    format!(
                        "[game] points: {x} for seat {s} is not in 0..{} (at {WIN_POINTS} the \
                         game is over)",
                        WIN_POINTS - 1
                    ),
                ));
            }
            position.hq_hp[s] = x as u8;
        }
    }
    if let Some(hp) = &game.hq_hp {
        hq_hp(cx, game, hp, seats, position)?;
    }
    Ok(())
}

/// The values of a per-seat key, one per seat.
fn per_seat<'a>(
    cx: &Ctx,
    list: &'a Spanned<Vec<Spanned<i64>>>,
    seats: usize,
    key: &str,
) -> Result<&'a [Spanned<i64>], ScenarioError> {
    let values = list.get_ref();
    if values.len() != seats {
        return Err(cx.err(
            list.span().start,
            format!("[game] {key}: {} values for {seats} seats", values.len()),
        ));
    }
    Ok(values)
}

/// `hq_hp`: each HQ's hit points, 0 exactly for an eliminated seat.
fn hq_hp(
    cx: &Ctx,
    game: &RawGame,
    hp: &Spanned<Vec<Spanned<i64>>>,
    seats: usize,
    position: &mut Position,
) -> Result<(), ScenarioError> {
    let mode = position.mode();
    let values = per_seat(cx, hp, seats, "hq_hp")?;
    for (s, v) in values.iter().enumerate() {
        let x = *v.get_ref();
        let top = mode.hq_start(s as u8).max(1) as i64;
        let out = game
            .eliminated
            .as_ref()
            .is_some_and(|e| e.get_ref().iter().any(|v| *v.get_ref() == s as i64));
        if out && x != 0 {
            return Err(cx.err(
                v.span().start,
                format!("[game] hq_hp: seat {s} is eliminated, so its HQ is at 0, not {x}"),
            ));
        }
        if !out && !(1..=top).contains(&x) {
            return Err(cx.err(
                v.span().start,
                format!("[game] hq_hp: {x} for seat {s} is not in 1..{top}"),
            ));
        }
        position.hq_hp[s] = x as u8;
    }
    Ok(())
}

/// `to_move`: a seat of the game.
fn seat_to_move(cx: &Ctx, game: &RawGame, seats: usize) -> Result<Option<u8>, ScenarioError> {
    let Some(t) = &game.to_move else {
        return Ok(None);
    };
    let x = *t.get_ref();
    if !(0..seats as i64).contains(&x) {
        return Err(cx.err(
            t.span().start,
            format!("[game] to_move: seat {x} does not exist"),
        ));
    }
    Ok(Some(x as u8))
}

/// `turn`: 1 to 1000.
fn turn(cx: &Ctx, game: &RawGame) -> Result<Option<u32>, ScenarioError> {
    let Some(t) = &game.turn else {
        return Ok(None);
    };
    let x = *t.get_ref();
    if !(1..=1000).contains(&x) {
        return Err(cx.err(
            t.span().start,
            format!("[game] turn: {x} is not in 1..1000"),
        ));
    }
    Ok(Some(x as u32))
}

/// `energy`: the Duel board's, per seat.
fn energy(
    cx: &Ctx,
    game: &RawGame,
    board: BoardKind,
    seats: usize,
) -> Result<[u8; MAX_SEATS], ScenarioError> {
    let mut energy = [0u8; MAX_SEATS];
    let Some(e) = &game.energy else {
        return Ok(energy);
    };
    if board != BoardKind::Duel || seats != 2 {
        return Err(cx.err(
            e.span().start,
            "[game] energy: only the Duel board with two seats has energy".into(),
        ));
    }
    let values = per_seat(cx, e, seats, "energy")?;
    for (s, v) in values.iter().enumerate() {
        let x = *v.get_ref();
        if !(0..=nshex_rules::MAX_ENERGY as i64).contains(&x) {
            return Err(cx.err(
                v.span().start,
                format!("[game] energy: {x} for seat {s} is not in 0..5"),
            ));
        }
        energy[s] = x as u8;
    }
    Ok(energy)
}

/// A list of seats as a bit mask (`terror`, `eliminated`): each seat must exist.
fn seat_mask(
    cx: &Ctx,
    list: Option<&Spanned<Vec<Spanned<i64>>>>,
    seats: usize,
    key: &str,
) -> Result<u8, ScenarioError> {
    let mut mask = 0u8;
    for v in list.map_or(&[][..], |l| l.get_ref()) {
        let x = *v.get_ref();
        if !(0..seats as i64).contains(&x) {
            return Err(cx.err(
                v.span().start,
                format!("[game] {key}: seat {x} does not exist"),
            ));
        }
        mask |= 1 << x;
    }
    Ok(mask)
}

/// `eliminated`: seats out of a deathmatch, their HQs destroyed; two must stay.
fn eliminated(
    cx: &Ctx,
    game: &RawGame,
    seats: usize,
    position: &mut Position,
) -> Result<u8, ScenarioError> {
    let Some(t) = &game.eliminated else {
        return Ok(0);
    };
    let mode = position.mode();
    if mode != Mode::Deathmatch {
        return Err(cx.err(
            t.span().start,
            format!(
                "[game] eliminated: only a deathmatch eliminates seats, not mode {}",
                mode.name()
            ),
        ));
    }
    let eliminated = seat_mask(cx, Some(t), seats, "eliminated")?;
    // An eliminated seat's HQ was destroyed.
    for s in 0..seats {
        if eliminated >> s & 1 == 1 {
            position.hq_hp[s] = 0;
        }
    }
    if eliminated.count_ones() as usize + 2 > seats {
        return Err(cx.err(
            t.span().start,
            "[game] eliminated: at least two seats must still be in the game".into(),
        ));
    }
    Ok(eliminated)
}

/// `ending_by`: a seat still in the game.
fn ending_by(
    cx: &Ctx,
    game: &RawGame,
    seats: usize,
    eliminated: u8,
) -> Result<Option<u8>, ScenarioError> {
    let Some(e) = &game.ending_by else {
        return Ok(None);
    };
    let x = *e.get_ref();
    if !(0..seats as i64).contains(&x) || eliminated >> x & 1 == 1 {
        return Err(cx.err(
            e.span().start,
            format!("[game] ending_by: seat {x} is not a seat in the game"),
        ));
    }
    Ok(Some(x as u8))
}

/// `variants`, `mercenaries` and `mad_bomber`: the options.
fn options(cx: &Ctx, game: &RawGame) -> Result<Options, ScenarioError> {
    let mut options = Options::default();
    if let Some(v) = &game.variants {
        for name in v.get_ref() {
            options.variants |= Options::variant_named(name.get_ref()).ok_or_else(|| {
                cx.err(
                    name.span().start,
                    format!(
                        "[game] variants: unknown variant {} (alternative_start, \
                         reinforcements, no_unlucky_draw)",
                        quote(name.get_ref())
                    ),
                )
            })?;
        }
    }
    if let Some(m) = &game.mercenaries {
        let x = *m.get_ref();
        if !(0..=2).contains(&x) {
            return Err(cx.err(
                m.span().start,
                format!("[game] mercenaries: {x} is not 0, 1 or 2"),
            ));
        }
        options.mercenaries = x as u8;
    }
    if let Some(m) = &game.mad_bomber {
        options.mad_bomber = nshex_rules::MadBomber::from_name(m.get_ref()).ok_or_else(|| {
            cx.err(
                m.span().start,
                format!(
                    "[game] mad_bomber: {} is not off, neutral or mercenary",
                    quote(m.get_ref())
                ),
            )
        })?;
    }
    Ok(options)
}

/// An empty board starts a game at the HQ placement: seat 0 places first, and no turn has
/// begun. A `to_move` or `turn` that says otherwise is a mistake, not a detail.
pub(super) fn empty_board_start(
    cx: &Ctx,
    game: &RawGame,
    position: &Position,
) -> Result<(), ScenarioError> {
    if position.units().next().is_some() {
        return Ok(());
    }
    if let Some(t) = game.to_move.as_ref().filter(|t| *t.get_ref() != 0) {
        return Err(cx.err(
            t.span().start,
            format!(
                "[game] to_move: the board is empty, so the game starts with the HQ \
                 placement, which seat 0 begins (not seat {})",
                t.get_ref()
            ),
        ));
    }
    if let Some(t) = &game.turn {
        return Err(cx.err(
            t.span().start,
            "[game] turn: the board is empty, so the game starts with the HQ placement, \
             before turn 1 (leave turn out)"
                .into(),
        ));
    }
    Ok(())
}
