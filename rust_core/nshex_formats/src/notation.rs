//! The action notation (`docs/NOTATION.md`): one plain-text line per
//! decision, both ways. Hexes are `q,r`; tiles by id, or by the part after the army where
//! that is unambiguous for the seat that plays them.

pub use nshex_rules::text::{cut, quote, QUOTE_MAX};
use nshex_rules::Hex;
use nshex_rules::{tiles, TileId};
use nshex_rules::{Action, Game, Kind, Procedure};

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

fn line_to_action_as_written(game: &Game, line: &str) -> Result<Action, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let bad = || "cannot read the line: see the action notation".to_string();
    let cell = |s: &str| -> Result<u8, String> {
        let (q, r) = s
            .split_once(',')
            .ok_or_else(|| format!("{} is not a hex (write q,r)", quote(s)))?;
        let q: i8 = q
            .trim()
            .parse()
            .map_err(|_| format!("{} is not a hex", quote(s)))?;
        let r: i8 = r
            .trim()
            .parse()
            .map_err(|_| format!("{} is not a hex", quote(s)))?;
        game.pos()
            .cell_of(Hex::new(q, r))
            .ok_or_else(|| format!("hex {q},{r} is off the board"))
    };
    let facing = |s: &str| -> Result<u8, String> {
        match s.parse::<u8>() {
            Ok(f) if f < 6 => Ok(f),
            _ => Err(format!("{} is not a facing (0..5)", quote(s))),
        }
    };
    let seat = match game.current_player() {
        nshex_rules::Player::Seat(s) => s,
        _ => game.to_move(),
    };
    let tile = |s: &str| -> Result<TileId, String> { find_tile(game, seat, s) };
    let arrow = |a: &[&str]| -> Result<(u8, u8), String> {
        match a {
            [from, "->", to] => Ok((cell(from)?, cell(to)?)),
            _ => Err(bad()),
        }
    };
    Ok(match words.as_slice() {
        ["hq", c] => Action::PlaceHq {
            cell: cell(c)?,
            facing: 0,
        },
        ["hq", c, f] => Action::PlaceHq {
            cell: cell(c)?,
            facing: facing(f)?,
        },
        ["draw", t] => Action::Draw { tile: tile(t)? },
        ["unlucky"] => Action::Unlucky,
        ["unlucky", a, b, c] => Action::UnluckyOf {
            tiles: [tile(a)?, tile(b)?, tile(c)?],
        },
        ["hire", t] => Action::Hire { tile: tile(t)? },
        ["mercenary", t] => Action::Mercenary { tile: tile(t)? },
        ["draw"] => Action::DeckDraw,
        ["discard", t] => Action::Discard { tile: tile(t)? },
        ["place", t, c, f] => Action::Place {
            tile: tile(t)?,
            cell: cell(c)?,
            facing: facing(f)?,
        },
        ["place", t, c] => {
            let tile = tile(t)?;
            if tiles().tile(tile).kind != Kind::Foundation {
                return Err(format!(
                    "cannot read the line: {} needs a facing (place TILE Q,R F; only a \
                     foundation has none)",
                    quote(t)
                ));
            }
            Action::Place {
                tile,
                cell: cell(c)?,
                facing: 0,
            }
        }
        ["grant", rest @ ..] if rest.len() == 4 => {
            let (from, to) = arrow(&rest[..3])?;
            Action::Grant {
                from,
                to,
                facing: facing(rest[3])?,
            }
        }
        ["play", "castling", a, b] => Action::Castling {
            a: cell(a)?,
            b: cell(b)?,
        },
        ["play", "rotation", c, f] => Action::Rotation {
            cell: cell(c)?,
            facing: facing(f)?,
        },
        ["play", "terror"] => Action::Terror,
        ["credit", to, n] => Action::Credit {
            to: to
                .parse()
                .map_err(|_| format!("{} is not a seat", quote(to)))?,
            n: n.parse()
                .map_err(|_| format!("{} is not a number of points", quote(n)))?,
        },
        ["rotate", c, f] => Action::Rotate {
            cell: cell(c)?,
            facing: facing(f)?,
        },
        ["play", "small_bomb", a, b, c] => Action::SmallBomb {
            a: cell(a)?,
            b: cell(b)?,
            c: cell(c)?,
        }
        .canonical(),
        ["turn", c, f] => Action::TurnTaken {
            cell: cell(c)?,
            facing: facing(f)?,
        },
        ["keep", c] => Action::KeepTaken { cell: cell(c)? },
        ["exchange", t] => Action::Exchange { tile: tile(t)? },
        ["buy", n] => Action::Buy {
            n: match n.parse::<u8>() {
                Ok(n) if (1..=5).contains(&n) => n,
                _ => return Err(format!("{}: buy 1 to 5 energy", quote(n))),
            },
        },
        ["procedure", "rotation", c, f] => Action::Procedure(Procedure::Rotation {
            cell: cell(c)?,
            facing: facing(f)?,
        }),
        ["procedure", "swap", a, b, fa, fb] => Action::Procedure(Procedure::Swap {
            a: cell(a)?,
            b: cell(b)?,
            fa: facing(fa)?,
            fb: facing(fb)?,
        }),
        ["procedure", "push", rest @ ..] if rest.len() == 3 => {
            let (from, target) = arrow(rest)?;
            Action::Procedure(Procedure::Push { from, target })
        }
        ["procedure", "laser", a, b] => Action::Procedure(Procedure::Laser {
            a: cell(a)?,
            b: cell(b)?,
        }),
        ["procedure", "elimination", c] => {
            Action::Procedure(Procedure::Elimination { target: cell(c)? })
        }
        ["procedure", "detonation"] => Action::Procedure(Procedure::Detonation),
        ["play", "move", rest @ ..] if rest.len() == 4 => {
            let (from, to) = arrow(&rest[..3])?;
            Action::Move {
                from,
                to,
                facing: facing(rest[3])?,
            }
        }
        ["mobility", rest @ ..] if rest.len() == 4 => {
            let (from, to) = arrow(&rest[..3])?;
            Action::Mobility {
                from,
                to,
                facing: facing(rest[3])?,
            }
        }
        ["transport", rest @ ..] if rest.len() == 4 => {
            let (from, to) = arrow(&rest[..3])?;
            Action::Transport {
                from,
                to,
                facing: facing(rest[3])?,
            }
        }
        ["play", "push_back", rest @ ..] if rest.len() == 3 => {
            let (from, target) = arrow(rest)?;
            Action::PushBack { from, target }
        }
        ["push_to", c] => Action::PushTo { cell: cell(c)? },
        ["play", "sniper", c] => Action::Sniper { target: cell(c)? },
        ["play", "grenade", c] => Action::Grenade { target: cell(c)? },
        ["play", "air_strike", c] => Action::AirStrike { center: cell(c)? },
        ["play", "battle"] => Action::Battle,
        ["end"] => Action::EndTurn,
        ["clown", c, what] => Action::Clown {
            cell: cell(c)?,
            explode: match *what {
                "explode" => true,
                "attack" => false,
                _ => return Err(format!("{}: a Clown may explode or attack", quote(what))),
            },
        },
        ["convert", c, e] => Action::Convert {
            cell: cell(c)?,
            edge: match *e {
                "none" => None,
                _ => Some(
                    facing(e).map_err(|_| format!("{} is not an edge (0..5) or none", quote(e)))?,
                ),
            },
        },
        ["medic", m, "takes", rest @ ..] if rest.len() == 3 => {
            let (from, target) = arrow(rest)?;
            Action::MedicTakes {
                medic: cell(m)?,
                target,
                from,
            }
        }
        _ => return Err(bad()),
    })
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

/// A tile by full id, or by the part after the army for the seat's own army.
fn find_tile(game: &Game, seat: u8, s: &str) -> Result<TileId, String> {
    let set = tiles();
    if let Some(t) = set.find(s) {
        return Ok(t);
    }
    let army = &set.army(game.pos().armies[seat as usize]).id;
    set.find(&format!("{army}.{s}"))
        .or_else(|| set.find(&format!("mercenaries.{s}")))
        .ok_or_else(|| format!("unknown tile {} (for seat {seat}, army {army})", quote(s)))
}
