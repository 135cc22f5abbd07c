//! `[[unit]]` and `[[foundation]]`: the tiles on the board, each checked against its seat, the
//! board and the tiles placed before it.

use super::game::GameTable;
use super::raw::{RawFoundation, RawSeat, RawUnit};
use super::{Owners, ScenarioError};
use crate::place::hex_of;
use nshex_rules::{tiles, Hex, Kind, MadBomber, TileDef, TileId, MAX_FOUNDATIONS, MAX_SEATS};
use nshex_rules::{MERCENARY_ARMY, NEUTRAL};
use toml::Spanned;

/// What placing the units has seen so far.
#[derive(Default)]
struct Seen {
    hq: [bool; MAX_SEATS],
    /// The Mercenaries met so far (board, hands, [[mercenary]]): each at most once (D-25).
    mercs: u8,
}

/// Places every `[[unit]]`; returns the Mercenaries placed (a bit mask over the set's list).
pub(super) fn place_units(
    o: &Owners,
    units: &[Spanned<RawUnit>],
    g: &mut GameTable,
) -> Result<u8, ScenarioError> {
    let mut seen = Seen::default();
    for (n, entry) in units.iter().enumerate() {
        place_unit(o, n, entry, g, &mut seen)?;
    }
    Ok(seen.mercs)
}

/// One `[[unit]]` (`n` from 0).
fn place_unit(
    o: &Owners,
    n: usize,
    entry: &Spanned<RawUnit>,
    g: &mut GameTable,
    seen: &mut Seen,
) -> Result<(), ScenarioError> {
    let set = tiles();
    let at_entry = entry.span().start;
    let u = entry.get_ref();
    let what = format!("[[unit]] #{}", n + 1);
    let seat = unit_seat(o, u, &what, g)?;
    let tid = if seat == NEUTRAL {
        set.mad_bomber.expect("checked above")
    } else {
        o.tile_of(seat, &u.tile, &what)?
    };
    let def = set.tile(tid);
    let what = format!("[[unit]] #{} ({})", n + 1, def.id);
    if !def.is_board_tile() {
        return Err(o.cx.err(
            u.tile.span().start,
            format!("{what}: an instant action is not placed on the board"),
        ));
    }
    if def.kind == Kind::Foundation {
        return Err(o.cx.err(
            u.tile.span().start,
            format!("{what}: a foundation is not a unit: list it under [[foundation]]"),
        ));
    }
    let hex = unit_hex(o, u, at_entry, &what, g)?;
    let facing = facing(o, u.facing.as_ref(), &what)?;
    let wounds = wounds(o, u.wounds.as_ref(), def, &what)?;
    who_may_stand(o, u, at_entry, &what, def, seat, g)?;
    once_each(o, at_entry, &what, def, tid, seat, seen)?;
    g.position.place(hex, tid, seat, facing, wounds);
    Ok(())
}

/// A unit's seat: a seat of the game, or "neutral" for a neutral Mad Bomber.
fn unit_seat(o: &Owners, u: &RawUnit, what: &str, g: &GameTable) -> Result<u8, ScenarioError> {
    let set = tiles();
    match u.seat.get_ref() {
        RawSeat::Number(x) => o.seat_of(&Spanned::new(u.seat.span(), *x), what),
        RawSeat::Name(name) if name == "neutral" => {
            let bomber = set.mad_bomber.filter(|_| {
                g.options.mad_bomber != MadBomber::Off
                    && set.find(u.tile.get_ref()) == set.mad_bomber
            });
            if bomber.is_none() {
                return Err(o.cx.err(
                    u.seat.span().start,
                    format!(
                        "{what}: only the Mad Bomber (tile = \"mercenaries.mad_bomber\") is \
                         neutral, with [game] mad_bomber = \"neutral\" or \"mercenary\""
                    ),
                ));
            }
            Ok(NEUTRAL)
        }
        RawSeat::Name(name) => Err(o.cx.err(
            u.seat.span().start,
            format!(
                "{what}: seat {} is not a seat number or \"neutral\"",
                nshex_rules::text::quote(name)
            ),
        )),
    }
}

/// A unit's hex: on the board and free.
fn unit_hex(
    o: &Owners,
    u: &RawUnit,
    at_entry: usize,
    what: &str,
    g: &GameTable,
) -> Result<Hex, ScenarioError> {
    let at = u.at.get_ref();
    if at.len() != 2 {
        return Err(o
            .cx
            .err(u.at.span().start, format!("{what}: at must be [q, r]")));
    }
    let hex = hex_of([at[0], at[1]]).ok();
    let cell = hex.and_then(|h| g.position.cell_of(h)).ok_or_else(|| {
        o.cx.err(
            u.at.span().start,
            format!(
                "{what}: hex [{}, {}] is off the board (the {} board)",
                at[0],
                at[1],
                g.board.name()
            ),
        )
    })?;
    let hex = hex.expect("a hex on the board");
    if g.position.cells[cell as usize].is_some() {
        return Err(o
            .cx
            .err(at_entry, format!("{what}: hex {hex} is already occupied")));
    }
    Ok(hex)
}

/// `facing`: 0 to 5, 0 unless said.
fn facing(o: &Owners, f: Option<&Spanned<i64>>, what: &str) -> Result<u8, ScenarioError> {
    let Some(f) = f else {
        return Ok(0);
    };
    let x = *f.get_ref();
    if !(0..=5).contains(&x) {
        return Err(o
            .cx
            .err(f.span().start, format!("{what}: facing {x} is not in 0..5")));
    }
    Ok(x as u8)
}

/// `wounds`: fewer than the unit's hit points; never on an HQ.
fn wounds(
    o: &Owners,
    w: Option<&Spanned<i64>>,
    def: &TileDef,
    what: &str,
) -> Result<u8, ScenarioError> {
    let Some(w) = w else {
        return Ok(0);
    };
    let x = *w.get_ref();
    if def.is_hq() && x != 0 {
        return Err(o.cx.err(
            w.span().start,
            format!("{what}: an HQ has no wounds; its damage goes in [game] hq_hp"),
        ));
    }
    if x < 0 || x >= def.hit_points() as i64 {
        return Err(o.cx.err(
            w.span().start,
            format!(
                "{what}: wounds = {x}: the unit would be already dead (it has {} hit point{})",
                def.hit_points(),
                if def.hit_points() == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(x as u8)
}

/// The Mad Bomber only with its option (and without an owner when it is neutral); nothing of
/// an eliminated seat.
fn who_may_stand(
    o: &Owners,
    u: &RawUnit,
    at_entry: usize,
    what: &str,
    def: &TileDef,
    seat: u8,
    g: &GameTable,
) -> Result<(), ScenarioError> {
    if def.mad_bomber && g.options.mad_bomber == MadBomber::Off {
        return Err(o.cx.err(
            u.tile.span().start,
            format!(
                "{what}: the Mad Bomber needs [game] mad_bomber = \"neutral\" or \"mercenary\""
            ),
        ));
    }
    if def.mad_bomber && seat != NEUTRAL && g.options.mad_bomber == MadBomber::Neutral {
        return Err(o.cx.err(
            u.seat.span().start,
            format!("{what}: with mad_bomber = \"neutral\" the Mad Bomber has no owner: seat = \"neutral\""),
        ));
    }
    if seat != NEUTRAL && g.eliminated >> seat & 1 == 1 {
        return Err(o.cx.err(
            at_entry,
            format!(
                "{what}: seat {seat} is eliminated ([game] eliminated): nothing of it stays \
                 on the board (D-26)"
            ),
        ));
    }
    Ok(())
}

/// Each Mercenary once (D-25), one HQ per seat.
fn once_each(
    o: &Owners,
    at_entry: usize,
    what: &str,
    def: &TileDef,
    tid: TileId,
    seat: u8,
    seen: &mut Seen,
) -> Result<(), ScenarioError> {
    let set = tiles();
    if def.army == MERCENARY_ARMY {
        if let Some(i) = set.mercenaries.iter().position(|&m| m == tid) {
            if seen.mercs >> i & 1 == 1 {
                return Err(o.cx.err(
                    at_entry,
                    format!("{what}: each Mercenary is in the game once (D-25)"),
                ));
            }
            seen.mercs |= 1 << i;
        }
    }
    if def.is_hq() {
        if seen.hq[seat as usize] {
            return Err(o
                .cx
                .err(at_entry, format!("{what}: a second HQ for seat {seat}")));
        }
        seen.hq[seat as usize] = true;
    }
    Ok(())
}

/// Places every `[[foundation]]`: a foundation tile of its seat, alone on its hex.
pub(super) fn place_foundations(
    o: &Owners,
    foundations: &[Spanned<RawFoundation>],
    g: &mut GameTable,
) -> Result<(), ScenarioError> {
    let set = tiles();
    for (n, entry) in foundations.iter().enumerate() {
        let f = entry.get_ref();
        let what = format!("[[foundation]] #{}", n + 1);
        let seat = o.seat_of(&f.seat, &what)?;
        let tid = o.tile_of(seat, &f.tile, &what)?;
        if set.tile(tid).kind != Kind::Foundation {
            return Err(o.cx.err(
                f.tile.span().start,
                format!("{what}: {} is not a foundation tile", set.tile(tid).id),
            ));
        }
        let at = f.at.get_ref();
        let hex = (at.len() == 2)
            .then(|| hex_of([at[0], at[1]]).ok())
            .flatten();
        let cell = hex.and_then(|h| g.position.cell_of(h)).ok_or_else(|| {
            o.cx.err(
                f.at.span().start,
                format!(
                    "{what}: at must be [q, r], a hex of the {} board",
                    g.board.name()
                ),
            )
        })?;
        let hex = hex.expect("a hex");
        if g.position.cells[cell as usize].is_some() || g.position.foundations.is_at(cell) {
            return Err(o.cx.err(
                entry.span().start,
                format!(
                    "{what}: hex {hex} already holds a tile (a foundation shares its hex with nothing)"
                ),
            ));
        }
        if !g.position.place_foundation(hex, tid, seat) {
            return Err(o.cx.err(
                entry.span().start,
                format!("{what}: a board holds at most {MAX_FOUNDATIONS} foundations"),
            ));
        }
    }
    Ok(())
}
