//! A move's own words, in the terms of the army or option it uses (the client's phrasing of
//! actions, `nshex_pygame/client/words.py`, with the units and places named): ``the grant lets
//! the Bio-droid move next to your HQ``, ``lays a Mine next to the Smart HQ``, ``hires the
//! Mercenary Alabama Shield (armor, toughness 2, Mobility)``.

use super::names::{and_list, army_name, cell_name, place_words, tile_name, tile_summary};
use nshex_rules::{tiles, Action, Game, Kind, Procedure, REINFORCEMENTS};

/// The move's words and what [`super::effects::Diff`] needs to know of it.
#[derive(Default)]
pub struct Lead {
    pub words: String,
    /// The placement number a tile placed now gets.
    pub placed: Option<u16>,
    /// A Transporter the placement replaces (its leaving is no loss).
    pub replaced: Option<u16>,
    /// The unit brought onto a hex, by placement number, and its name.
    pub mover: Option<(u16, String)>,
    /// Whether the effects read off the board say nothing the words do not (energy bought).
    pub quiet: bool,
    /// Shorter words for when the effects follow (``Sniper``: ``kills the Moloch Hybrid``).
    pub short: Option<String>,
}

fn words(w: String) -> Lead {
    Lead {
        words: w,
        ..Lead::default()
    }
}

/// How a unit went from `from` to `to` in `after`: (its name, ``move`` or ``turn``, where
/// it went: `` next to your HQ`` or nothing).
fn moved(
    before: &Game,
    after: &Game,
    from: u8,
    to: u8,
    seat: u8,
) -> (String, &'static str, String) {
    let name = cell_name(before.pos(), from, seat);
    if from == to {
        return (name, "turn", String::new());
    }
    (
        name,
        "move",
        format!(" {}", place_words(after.pos(), to, seat)),
    )
}

fn placed_at(before: &Game, cell: u8) -> Option<(u16, String)> {
    let seat = before.to_move();
    before.pos().cells[cell as usize].map(|u| (u.placed, cell_name(before.pos(), cell, seat)))
}

/// The words of `action`, played by `seat` in `before`, which gave `after`.
pub fn lead(before: &Game, after: &Game, action: Action, seat: u8) -> Lead {
    let b = before.pos();
    let name = |cell: u8| cell_name(b, cell, seat);
    let instant = || before.instant_tile(action).map_or("", tile_name);
    match action {
        Action::Place { tile, cell, .. } => place(before, after, tile, cell, seat),
        Action::PlaceHq { cell, .. } => words(format!(
            "places your HQ {}",
            place_words(after.pos(), cell, seat)
        )),
        Action::Move { from, to, .. }
        | Action::Mobility { from, to, .. }
        | Action::Transport { from, to, .. }
        | Action::Grant { from, to, .. } => {
            let (unit, verb, place) = moved(before, after, from, to, seat);
            let w = match action {
                Action::Move { .. } => format!("{}: {verb}s {unit}{place}", instant()),
                Action::Mobility { .. } => format!("{unit} uses its Mobility to {verb}{place}"),
                Action::Transport { .. } => format!("the Transport lets {unit} {verb}{place}"),
                _ => format!("the grant lets {unit} {verb}{place}"),
            };
            Lead {
                mover: placed_at(before, from),
                ..words(w)
            }
        }
        Action::PushBack { from, target } => Lead {
            mover: placed_at(before, target),
            ..words(format!(
                "{}: {} pushes {}",
                instant(),
                name(from),
                name(target)
            ))
        },
        Action::PushTo { cell } => {
            let nshex_rules::Stage::PushTo { target, .. } = before.stage() else {
                return Lead::default();
            };
            Lead {
                mover: placed_at(before, target),
                ..words(format!(
                    "puts {} down {}",
                    name(target),
                    place_words(after.pos(), cell, seat)
                ))
            }
        }
        Action::Sniper { target } | Action::Grenade { target } => Lead {
            short: Some(instant().into()),
            ..words(format!(
                "{} on {}",
                instant(),
                target_name(before, target, seat)
            ))
        },
        Action::AirStrike { center } => Lead {
            short: Some(instant().into()),
            ..words(format!("{} around {}", instant(), name(center)))
        },
        Action::SmallBomb { .. } => words(instant().to_string()),
        Action::Castling { a, b: c } => words(format!(
            "{}: {} and {} change places",
            instant(),
            name(a),
            name(c)
        )),
        Action::Rotation { cell, .. } => words(format!("{}: turns {}", instant(), name(cell))),
        Action::Rotate { cell, .. } => words(format!("your HQ turns {}", name(cell))),
        Action::Terror => words(format!(
            "{}: no board tiles for the enemy next turn",
            instant()
        )),
        Action::TurnTaken { cell, .. } => words(format!("turns {}, just taken over", name(cell))),
        Action::KeepTaken { cell } => words(format!(
            "keeps {}, just taken over, as it stands",
            name(cell)
        )),
        Action::Procedure(p) => procedure(before, p, seat),
        // Battle choices (the client's words; units do not move in a battle, so the board
        // names them).
        Action::Clown { cell, explode } => words(format!(
            "{} {}",
            name(cell),
            if explode { "explodes" } else { "attacks" }
        )),
        Action::Convert { cell, edge: None } => {
            words(format!("Quartermaster: {} attacks as printed", name(cell)))
        }
        Action::Convert { cell, .. } => words(format!(
            "Quartermaster: {} turns a melee attack ranged",
            name(cell)
        )),
        Action::MedicTakes {
            medic,
            target,
            from,
        } if from == target => words(format!("{} saves {} from death", name(medic), name(target))),
        Action::MedicTakes {
            medic,
            target,
            from,
        } => words(format!(
            "{} takes the attack of {} on {}",
            name(medic),
            name(from),
            name(target)
        )),
        _ => supply(before, after, action, seat),
    }
}

/// A Sniper's or Grenade's target: a unit, or a foundation (a Mine).
fn target_name(before: &Game, target: u8, seat: u8) -> String {
    let b = before.pos();
    match b.foundations.get(target) {
        Some(f) if f.seat == seat => format!("your {}", tile_name(f.tile)),
        Some(f) => format!("the {} {}", army_name(b, f.seat), tile_name(f.tile)),
        None => cell_name(b, target, seat),
    }
}

/// A board tile placed: a unit, a foundation (the Mine), or a tile put on a Transporter's
/// hex (D-33).
fn place(before: &Game, after: &Game, tile: nshex_rules::TileId, cell: u8, seat: u8) -> Lead {
    let def = tiles().tile(tile);
    let place = place_words(after.pos(), cell, seat);
    let next = before.pos().next_placed;
    let own = format!("the {}", tile_name(tile));
    if def.kind == Kind::Foundation {
        return words(format!("lays a {} {place}", tile_name(tile)));
    }
    let mut lead = Lead {
        placed: Some(next),
        mover: Some((next, own.clone())),
        ..Lead::default()
    };
    let under = before.pos().cells[cell as usize];
    if let Some(t) = under.filter(|u| u.def().transporter) {
        lead.replaced = Some(t.placed);
        lead.words = format!(
            "puts {own} in the Transporter's place, {place} (the Transporter goes to the \
             discard pile)"
        );
    } else {
        lead.words = format!("places {own} {place}{}", what_it_is(def));
    }
    if let Some(w) = plays_left(after) {
        lead.words += &w;
    }
    lead
}

/// What a placed tile does by its printed edges, when no board change shows it before a
/// battle: a redirector (D-18) or a Trap (D-21).
fn what_it_is(def: &nshex_rules::TileDef) -> String {
    if def.redirect_out != 0 {
        let ways = match def.redirect_out.count_ones() {
            1 => "",
            2 => " two ways",
            _ => " three ways",
        };
        return format!(", where it passes your ranged shots on{ways}");
    }
    if def.trigger != 0 && !def.mad_bomber {
        return ", where it explodes when an enemy hits its marked edge".into();
    }
    String::new()
}

/// With Reinforcements (hands of six, two tiles a turn): how many plays the turn has left.
fn plays_left(after: &Game) -> Option<String> {
    if !after.options().has(REINFORCEMENTS) {
        return None;
    }
    let left = after.play_limit()?.saturating_sub(after.tiles_played());
    Some(match left {
        0 => " (the last of two tiles this turn)".into(),
        _ => " (one more tile may follow this turn)".into(),
    })
}

/// A Duel procedure (D-17): its name and cost in energy, and on what.
fn procedure(before: &Game, p: Procedure, seat: u8) -> Lead {
    let name = |cell: u8| cell_name(before.pos(), cell, seat);
    let (title, what) = match p {
        Procedure::Rotation { cell, .. } => ("Rotation", format!("turns {}", name(cell))),
        Procedure::Swap { a, b, .. } => {
            ("Swap", format!("{} and {} change places", name(a), name(b)))
        }
        Procedure::Push { from, target } => (
            "Push Back",
            format!("{} pushes {}", name(from), name(target)),
        ),
        Procedure::Laser { a, b } => ("Laser", format!("between {} and {}", name(a), name(b))),
        Procedure::Elimination { target } => ("Elimination", format!("on {}", name(target))),
        Procedure::Detonation => ("Detonation", "every enemy Link".into()),
    };
    let title = format!("{title} procedure ({} energy)", p.cost());
    let destroys = matches!(
        p,
        Procedure::Laser { .. } | Procedure::Elimination { .. } | Procedure::Detonation
    );
    Lead {
        short: destroys.then(|| title.clone()),
        mover: match p {
            Procedure::Push { target, .. } => placed_at(before, target),
            _ => None,
        },
        ..words(format!("{title}: {what}"))
    }
}

/// The tiles' way to the hand and the turn's bookkeeping: draws, discards, Mercenaries,
/// energy, the end of the turn.
fn supply(before: &Game, after: &Game, action: Action, seat: u8) -> Lead {
    let energy = after.energy()[seat as usize];
    let named = |ts: &[nshex_rules::TileId]| {
        let v: Vec<String> = ts
            .iter()
            .map(|&t| format!("the {}", tile_name(t)))
            .collect();
        and_list(&v)
    };
    let w = match action {
        Action::Discard { tile } => format!("discards the {}", tile_name(tile)),
        Action::Hire { tile } => format!(
            "hires the Mercenary {} ({})",
            tile_name(tile),
            tile_summary(tiles().tile(tile))
        ),
        Action::Mercenary { tile } => format!(
            "takes the Mercenary {} ({}) instead of a deck tile",
            tile_name(tile),
            tile_summary(tiles().tile(tile))
        ),
        Action::DeckDraw => "draws from the deck".into(),
        Action::Draw { .. } => "draws a tile".into(),
        Action::Unlucky => "uses the unlucky draw (three instants out, three new tiles)".into(),
        Action::UnluckyOf { tiles: t } => {
            format!("uses the unlucky draw ({} out, three new tiles)", named(&t))
        }
        Action::Exchange { tile } => format!(
            "exchanges the {} for 1 energy ({energy} energy now)",
            tile_name(tile)
        ),
        Action::Buy { n } => {
            return Lead {
                quiet: true,
                ..words(format!(
                    "buys {n} energy for {n} HQ hit point{} ({energy} energy now); the turn ends",
                    if n == 1 { "" } else { "s" }
                ))
            }
        }
        Action::EndTurn => end_turn(before, seat, &named),
        Action::Credit { to, n } if n > 0 && to != seat => {
            format!(
                "gives {n} point{} to {}",
                if n == 1 { "" } else { "s" },
                army_name(before.pos(), to)
            )
        }
        Action::Credit { .. } => {
            "gives no points: every opponent is at 20, the rest is lost".into()
        }
        _ => String::new(),
    };
    words(w)
}

/// The end of the turn, with the tiles kept for later (hands of six with Reinforcements).
fn end_turn(before: &Game, seat: u8, named: &dyn Fn(&[nshex_rules::TileId]) -> String) -> String {
    let hand = &before.hands()[seat as usize];
    if hand.is_empty() {
        return "ends the turn".into();
    }
    let refill = if before.options().has(REINFORCEMENTS) {
        let limit = before.options().hand_limit();
        let n = ["three", "six"].get(usize::from(limit / 3).saturating_sub(1));
        format!(
            "; the hand fills up to {} at the next draw",
            n.copied().unwrap_or("six")
        )
    } else {
        String::new()
    };
    format!("ends the turn keeping {} for later{refill}", named(hand))
}
