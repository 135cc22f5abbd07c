//! `[[hand]]`, `[[deck]]` and `[[mercenary]]`: the tiles off the board, per seat; and the
//! Mercenaries as a whole (each in the game once, D-25, and as many as the option hires).

use super::raw::RawPile;
use super::{Owners, ScenarioError};
use nshex_rules::text::quote;
use nshex_rules::{tiles, Options, Position, TileId, MAX_SEATS, MERCENARY_ARMY};
use toml::Spanned;

/// Per seat, a pile of tiles (`None`: not given).
pub(super) type Piles = Vec<Option<Vec<TileId>>>;

/// `[[hand]]` or `[[deck]]` (`kind`): at most one per seat, no HQ, a hand within its limit,
/// no Mercenary in a deck.
pub(super) fn piles(
    o: &Owners,
    entries: &[Spanned<RawPile>],
    kind: &str,
    options: &Options,
) -> Result<Piles, ScenarioError> {
    let set = tiles();
    let mut out: Piles = vec![None; o.armies.len()];
    for (n, entry) in entries.iter().enumerate() {
        let what = format!("[[{kind}]] #{}", n + 1);
        let p = entry.get_ref();
        let seat = o.seat_of(&p.seat, &what)?;
        if out[seat as usize].is_some() {
            return Err(o.cx.err(
                entry.span().start,
                format!("{what}: a second {kind} for seat {seat}"),
            ));
        }
        let mut list = Vec::new();
        for t in p.tiles.get_ref() {
            let tid = o.tile_of(seat, t, &what)?;
            if set.tile(tid).is_hq() {
                return Err(o.cx.err(
                    t.span().start,
                    format!("{what}: the HQ is never in a {kind}"),
                ));
            }
            list.push(tid);
        }
        let limit = options.hand_limit() as usize;
        if kind == "hand" && list.len() > limit {
            return Err(o.cx.err(
                p.tiles.span().start,
                format!("{what}: {} tiles, a hand holds at most {limit}", list.len()),
            ));
        }
        let merc = |t: &TileId| set.tile(*t).army == MERCENARY_ARMY;
        if kind == "deck" && list.iter().any(merc) {
            return Err(o.cx.err(
                p.tiles.span().start,
                format!("{what}: a Mercenary is never in a deck (D-25)"),
            ));
        }
        out[seat as usize] = Some(list);
    }
    Ok(out)
}

/// `[[mercenary]]`: each seat's unused Mercenaries, a bit mask over the set's list.
pub(super) fn unused_mercenaries(
    o: &Owners,
    entries: &[Spanned<RawPile>],
) -> Result<[u8; MAX_SEATS], ScenarioError> {
    let set = tiles();
    let mut mercs = [0u8; MAX_SEATS];
    for (n, entry) in entries.iter().enumerate() {
        let what = format!("[[mercenary]] #{}", n + 1);
        let p = entry.get_ref();
        let seat = o.seat_of(&p.seat, &what)?;
        for t in p.tiles.get_ref() {
            let id = t.get_ref();
            let i = set
                .find(id)
                .and_then(|tid| set.mercenaries.iter().position(|&m| m == tid))
                .ok_or_else(|| {
                    o.cx.err(
                        t.span().start,
                        format!("{what}: {} is not a Mercenary", quote(id)),
                    )
                })?;
            mercs[seat as usize] |= 1 << i;
        }
    }
    Ok(mercs)
}

/// Each Mercenary is in the game once (D-25): on the board (`on_board`, checked when placed),
/// in a hand or unused beside a seat's deck, never in two of these places nor listed twice.
pub(super) fn each_mercenary_once(
    o: &Owners,
    hand: &[Spanned<RawPile>],
    mercenary: &[Spanned<RawPile>],
    on_board: u8,
) -> Result<(), ScenarioError> {
    let set = tiles();
    let mut seen = on_board;
    for (kind, entries) in [("hand", hand), ("mercenary", mercenary)] {
        for (n, entry) in entries.iter().enumerate() {
            for t in entry.get_ref().tiles.get_ref() {
                let tid = set.find(t.get_ref());
                let Some(i) = tid.and_then(|tid| set.mercenaries.iter().position(|&m| m == tid))
                else {
                    continue;
                };
                if seen >> i & 1 == 1 {
                    return Err(o.cx.err(
                        t.span().start,
                        format!(
                            "[[{kind}]] #{}: {} is listed twice: each Mercenary is in the game \
                             once (D-25)",
                            n + 1,
                            quote(t.get_ref())
                        ),
                    ));
                }
                seen |= 1 << i;
            }
        }
    }
    Ok(())
}

/// How many Mercenaries each seat hires: Mercenaries anywhere mean a game with them, as many
/// per seat as the seats allow unless `[game] mercenaries` (`said`) says; no seat holds more
/// unused ones than that, and the option fits the seats.
pub(super) fn hired(
    o: &Owners,
    said: Option<&Spanned<i64>>,
    mercenary: &[Spanned<RawPile>],
    found: (&[u8; MAX_SEATS], &Piles, &Position),
    options: &mut Options,
) -> Result<(), ScenarioError> {
    let set = tiles();
    let (mercs, hands, position) = found;
    let seats = o.armies.len();
    let merc_tile = |t: TileId| set.mercenaries.contains(&t);
    let any_merc = mercs.iter().any(|&m| m != 0)
        || hands.iter().flatten().flatten().any(|&t| merc_tile(t))
        || position.units().any(|(_, u)| merc_tile(u.tile));
    if options.mercenaries == 0 && any_merc {
        if let Some(m) = said {
            return Err(o.cx.err(
                m.span().start,
                "[game] mercenaries = 0, but Mercenaries are listed ([[mercenary]], a hand or \
                 the board)"
                    .into(),
            ));
        }
        options.mercenaries = if seats == 2 { 2 } else { 1 };
    }
    for (s, &m) in mercs.iter().enumerate() {
        if m.count_ones() > options.mercenaries as u32 {
            let at = mercenary
                .iter()
                .find(|e| *e.get_ref().seat.get_ref() == s as i64);
            return Err(o.cx.err(
                at.map_or(0, |e| e.span().start),
                format!(
                    "[[mercenary]]: seat {s} holds {} unused Mercenaries, more than the {} each \
                     seat hires",
                    m.count_ones(),
                    options.mercenaries
                ),
            ));
        }
    }
    if let Err(m) = options.check(seats as u8) {
        let at = said.map_or(0, |m| m.span().start);
        return Err(o.cx.err(at, format!("[game] mercenaries: {m}")));
    }
    Ok(())
}
