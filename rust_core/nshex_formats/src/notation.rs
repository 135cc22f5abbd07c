//! The action notation (`docs/NOTATION.md`): one plain-text line per
//! decision, both ways. Hexes are `q,r`; tiles by id, or by the part after the army where
//! that is unambiguous for the seat that plays them.

mod read;

pub use nshex_rules::text::{cut, quote, QUOTE_MAX};
use nshex_rules::{tiles, TileId};
use nshex_rules::{Action, Game, Kind, Procedure};
use read::line_to_action_as_written;

fn hex_str(g: &Game, cell: u8) -> String {
    let h = g.pos().geometry().hex(cell);
    format!("{},{}", h.q, h.r)
}

/// The notation line of `action` in `game` (as it stands before the action).
pub fn action_to_line(game: &Game, action: Action) -> String {
    let t = |id: TileId| tiles().tile(id).id.clone();
    let h = |c: u8| hex_str(game, c);
    match action {
        Action::PlaceHq { cell, facing: 0 } => format!("hq {}", h(cell)),
        Action::PlaceHq { cell, facing } => format!("hq {} {facing}", h(cell)),
        Action::Draw { tile } => format!("draw {}", t(tile)),
        Action::Unlucky => "unlucky".into(),
        Action::UnluckyOf { tiles: [a, b, c] } => format!("unlucky {} {} {}", t(a), t(b), t(c)),
        Action::Hire { tile } => format!("hire {}", t(tile)),
        Action::Mercenary { tile } => format!("mercenary {}", t(tile)),
        Action::DeckDraw => "draw".into(),
        Action::Discard { tile } => format!("discard {}", t(tile)),
        Action::Place { tile, cell, .. } if tiles().tile(tile).kind == Kind::Foundation => {
            format!("place {} {}", t(tile), h(cell))
        }
        Action::Place { tile, cell, facing } => format!("place {} {} {facing}", t(tile), h(cell)),
        Action::Move { from, to, facing } => format!("play move {} -> {} {facing}", h(from), h(to)),
        Action::Mobility { from, to, facing } => {
            format!("mobility {} -> {} {facing}", h(from), h(to))
        }
        Action::Transport { from, to, facing } => {
            format!("transport {} -> {} {facing}", h(from), h(to))
        }
        Action::PushBack { from, target } => format!("play push_back {} -> {}", h(from), h(target)),
        Action::PushTo { cell } => format!("push_to {}", h(cell)),
        Action::Sniper { target } => format!("play sniper {}", h(target)),
        Action::Grenade { target } => format!("play grenade {}", h(target)),
        Action::AirStrike { center } => format!("play air_strike {}", h(center)),
        Action::Battle => "play battle".into(),
        Action::EndTurn => "end".into(),
        Action::Clown { cell, explode } => {
            format!(
                "clown {} {}",
                h(cell),
                if explode { "explode" } else { "attack" }
            )
        }
        Action::Convert { cell, edge } => match edge {
            Some(e) => format!("convert {} {e}", h(cell)),
            None => format!("convert {} none", h(cell)),
        },
        Action::MedicTakes {
            medic,
            target,
            from,
        } => format!("medic {} takes {} -> {}", h(medic), h(from), h(target)),
        Action::Grant { from, to, facing } => format!("grant {} -> {} {facing}", h(from), h(to)),
        Action::Castling { a, b } => format!("play castling {} {}", h(a), h(b)),
        Action::Rotation { cell, facing } => format!("play rotation {} {facing}", h(cell)),
        Action::Terror => "play terror".into(),
        Action::Rotate { cell, facing } => format!("rotate {} {facing}", h(cell)),
        Action::Credit { to, n } => format!("credit {to} {n}"),
        Action::SmallBomb { a, b, c } => format!("play small_bomb {} {} {}", h(a), h(b), h(c)),
        Action::TurnTaken { cell, facing } => format!("turn {} {facing}", h(cell)),
        Action::KeepTaken { cell } => format!("keep {}", h(cell)),
        Action::Exchange { tile } => format!("exchange {}", t(tile)),
        Action::Buy { n } => format!("buy {n}"),
        Action::Procedure(p) => match p {
            Procedure::Rotation { cell, facing } => {
                format!("procedure rotation {} {facing}", h(cell))
            }
            Procedure::Swap { a, b, fa, fb } => {
                format!("procedure swap {} {} {fa} {fb}", h(a), h(b))
            }
            Procedure::Push { from, target } => {
                format!("procedure push {} -> {}", h(from), h(target))
            }
            Procedure::Laser { a, b } => format!("procedure laser {} {}", h(a), h(b)),
            Procedure::Elimination { target } => format!("procedure elimination {}", h(target)),
            Procedure::Detonation => "procedure detonation".into(),
        },
    }
}

/// Parses a notation line into an action for `game` (it is not checked for legality here;
/// `Game::apply` does that).
pub fn line_to_action(game: &Game, line: &str) -> Result<Action, String> {
    line_to_action_as_written(game, line).map(Action::canonical)
}

/// Parses a notation line and checks that the action is legal now: the error says what is
/// wrong with the line, or why the rules refuse the action.
pub fn line_to_legal_action(game: &Game, line: &str) -> Result<Action, String> {
    let a = line_to_action(game, line)?;
    if game.legal_actions().contains(&a) {
        Ok(a)
    } else {
        Err(game.why_illegal(a))
    }
}
