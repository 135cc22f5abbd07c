//! Units, places and tiles in a player's words, as the client says them: ``the Moloch
//! Hybrid``, ``next to your HQ``; never coordinates.

use nshex_rules::{tiles, Hex, Position, TileDef, TileId, Unit, NEUTRAL};

/// A tile by its printed name (``Gauss Cannon``; ``Boss`` for ``The Boss``, which the
/// sentences give its article).
pub fn tile_name(tile: TileId) -> &'static str {
    bare(&tiles().tile(tile).name)
}

/// A name without a printed leading article.
pub fn bare(name: &str) -> &str {
    name.strip_prefix("The ").unwrap_or(name)
}

/// An army's name for a seat (``Moloch``), or ``nobody`` for the neutral seat.
pub fn army_name(pos: &Position, seat: u8) -> &'static str {
    if seat >= pos.seats || seat == NEUTRAL {
        return "nobody";
    }
    &tiles().army(pos.armies[seat as usize]).name
}

/// A unit by name, from `seat`'s point of view: ``your HQ``, ``the Mutant`` for one of its
/// own, ``the Moloch Hybrid`` for anybody else's, ``the Mad Bomber`` whoever holds it (it is
/// nobody's army's).
pub fn unit_name(pos: &Position, u: &Unit, seat: u8) -> String {
    let def = u.def();
    if def.mad_bomber {
        return format!("the {}", bare(&def.name));
    }
    if u.seat == seat {
        return if def.is_hq() {
            "your HQ".into()
        } else {
            format!("the {}", bare(&def.name))
        };
    }
    format!("the {} {}", army_name(pos, u.seat), bare(&def.name))
}

/// The unit on `cell` by name, or ``an empty hex``.
pub fn cell_name(pos: &Position, cell: u8, seat: u8) -> String {
    match &pos.cells[cell as usize] {
        Some(u) => unit_name(pos, u, seat),
        None => "an empty hex".into(),
    }
}

/// Where `cell` is, in words a player reads (the client's `place_words`): ``next to your
/// HQ``, ``next to the Moloch HQ``, ``in the centre``, ``next to your Guard``, ``next to the
/// Moloch Hybrid``, ``on an open hex``.
pub fn place_words(pos: &Position, cell: u8, seat: u8) -> String {
    let geo = pos.geometry();
    let around: Vec<&Unit> = geo.neighbors[cell as usize]
        .iter()
        .filter_map(|&c| pos.cells.get(c as usize).and_then(|u| u.as_ref()))
        .collect();
    if around.iter().any(|u| u.def().is_hq() && u.seat == seat) {
        return "next to your HQ".into();
    }
    if let Some(u) = around.iter().find(|u| u.def().is_hq()) {
        return format!("next to the {} HQ", army_name(pos, u.seat));
    }
    if geo.hexes[cell as usize] == Hex::new(0, 0) {
        return "in the centre".into();
    }
    if let Some(u) = around.iter().find(|u| u.seat == seat) {
        return format!("next to your {}", bare(&u.def().name));
    }
    match around.first() {
        Some(u) => format!("next to {}", unit_name(pos, u, seat)),
        None => "on an open hex".into(),
    }
}

/// Whether `cell` touches `seat`'s HQ.
pub fn next_to_own_hq(pos: &Position, cell: u8, seat: u8) -> bool {
    pos.geometry().neighbors[cell as usize].iter().any(|&c| {
        pos.cells
            .get(c as usize)
            .and_then(|u| u.as_ref())
            .is_some_and(|u| u.def().is_hq() && u.seat == seat)
    })
}

/// ``a``, ``a and b``, ``a, b and c``.
pub fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a tile is, from its printed symbols, in a few words: ``ranged 2, initiative 2``,
/// ``a net, armor, toughness 2, Mobility`` (for a Mercenary hired or taken).
pub fn tile_summary(def: &TileDef) -> String {
    let mut parts = Vec::new();
    if def.net != 0 {
        parts.push("a net".to_string());
    }
    let melee = def.melee.iter().copied().max().unwrap_or(0);
    let ranged = def.ranged.iter().copied().max().unwrap_or(0);
    if melee > 0 {
        parts.push(format!("melee {melee}"));
    }
    if ranged > 0 {
        parts.push(format!("ranged {ranged}"));
    }
    if def.gauss != 0 {
        parts.push("a Gauss shot".into());
    }
    if let Some(i) = def.initiative.first() {
        parts.push(format!("initiative {i}"));
    }
    if def.armor != 0 {
        parts.push("armor".into());
    }
    if def.toughness > 0 {
        parts.push(format!("toughness {}", def.toughness));
    }
    if def.mobility {
        parts.push("Mobility".into());
    }
    parts.join(", ")
}
