//! Reading a notation line into an action, by family: the turn's steps (HQ, draws, hiring,
//! discards, energy, credits, the end), moves on the board, instant tiles (`play`), Duel
//! procedures and battle answers. Every line's first word names its family.

use super::quote;
use nshex_rules::{tiles, Action, Game, Hex, Kind, Procedure, TileId};

/// The action a line says, as written (not yet in canonical form).
pub(super) fn line_to_action_as_written(game: &Game, line: &str) -> Result<Action, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let seat = match game.current_player() {
        nshex_rules::Player::Seat(s) => s,
        _ => game.to_move(),
    };
    let r = Reader { game, seat };
    match words.first().copied() {
        Some("play") => r.play(&words),
        Some("procedure") => r.procedure(&words),
        Some("clown" | "convert" | "medic") => r.answer(&words),
        Some("place" | "grant" | "mobility" | "transport" | "rotate" | "turn" | "keep") => {
            r.on_board(&words)
        }
        _ => r.step(&words),
    }
}

fn bad() -> String {
    "cannot read the line: see the action notation".to_string()
}

/// Reads the words of a line for `game`, tiles by the name `seat` would use.
struct Reader<'g> {
    game: &'g Game,
    seat: u8,
}

impl Reader<'_> {
    fn cell(&self, s: &str) -> Result<u8, String> {
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
        self.game
            .pos()
            .cell_of(Hex::new(q, r))
            .ok_or_else(|| format!("hex {q},{r} is off the board"))
    }

    fn facing(&self, s: &str) -> Result<u8, String> {
        match s.parse::<u8>() {
            Ok(f) if f < 6 => Ok(f),
            _ => Err(format!("{} is not a facing (0..5)", quote(s))),
        }
    }

    fn tile(&self, s: &str) -> Result<TileId, String> {
        find_tile(self.game, self.seat, s)
    }

    /// `FROM -> TO`.
    fn arrow(&self, a: &[&str]) -> Result<(u8, u8), String> {
        match a {
            [from, "->", to] => Ok((self.cell(from)?, self.cell(to)?)),
            _ => Err(bad()),
        }
    }

    /// The turn's steps: the HQ, draws, hiring, discards, energy, credits, the end.
    fn step(&self, words: &[&str]) -> Result<Action, String> {
        Ok(match words {
            ["hq", c] => Action::PlaceHq {
                cell: self.cell(c)?,
                facing: 0,
            },
            ["hq", c, f] => Action::PlaceHq {
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["draw", t] => Action::Draw {
                tile: self.tile(t)?,
            },
            ["unlucky"] => Action::Unlucky,
            ["unlucky", a, b, c] => Action::UnluckyOf {
                tiles: [self.tile(a)?, self.tile(b)?, self.tile(c)?],
            },
            ["hire", t] => Action::Hire {
                tile: self.tile(t)?,
            },
            ["mercenary", t] => Action::Mercenary {
                tile: self.tile(t)?,
            },
            ["draw"] => Action::DeckDraw,
            ["discard", t] => Action::Discard {
                tile: self.tile(t)?,
            },
            ["credit", to, n] => Action::Credit {
                to: to
                    .parse()
                    .map_err(|_| format!("{} is not a seat", quote(to)))?,
                n: n.parse()
                    .map_err(|_| format!("{} is not a number of points", quote(n)))?,
            },
            ["exchange", t] => Action::Exchange {
                tile: self.tile(t)?,
            },
            ["buy", n] => Action::Buy {
                n: match n.parse::<u8>() {
                    Ok(n) if (1..=5).contains(&n) => n,
                    _ => return Err(format!("{}: buy 1 to 5 energy", quote(n))),
                },
            },
            ["push_to", c] => Action::PushTo {
                cell: self.cell(c)?,
            },
            ["end"] => Action::EndTurn,
            _ => return Err(bad()),
        })
    }

    /// Tiles placed, moved or turned on the board.
    fn on_board(&self, words: &[&str]) -> Result<Action, String> {
        Ok(match words {
            ["place", t, c, f] => Action::Place {
                tile: self.tile(t)?,
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["place", t, c] => {
                let tile = self.tile(t)?;
                if tiles().tile(tile).kind != Kind::Foundation {
                    return Err(format!(
                        "cannot read the line: {} needs a facing (place TILE Q,R F; only a \
                         foundation has none)",
                        quote(t)
                    ));
                }
                Action::Place {
                    tile,
                    cell: self.cell(c)?,
                    facing: 0,
                }
            }
            ["grant" | "mobility" | "transport", rest @ ..] if rest.len() == 4 => {
                let (from, to) = self.arrow(&rest[..3])?;
                let facing = self.facing(rest[3])?;
                match words[0] {
                    "grant" => Action::Grant { from, to, facing },
                    "mobility" => Action::Mobility { from, to, facing },
                    _ => Action::Transport { from, to, facing },
                }
            }
            ["rotate", c, f] => Action::Rotate {
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["turn", c, f] => Action::TurnTaken {
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["keep", c] => Action::KeepTaken {
                cell: self.cell(c)?,
            },
            _ => return Err(bad()),
        })
    }

    /// `play ...`: instant tiles and the HQs' own plays.
    fn play(&self, words: &[&str]) -> Result<Action, String> {
        Ok(match words {
            ["play", "castling", a, b] => Action::Castling {
                a: self.cell(a)?,
                b: self.cell(b)?,
            },
            ["play", "rotation", c, f] => Action::Rotation {
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["play", "terror"] => Action::Terror,
            ["play", "small_bomb", a, b, c] => Action::SmallBomb {
                a: self.cell(a)?,
                b: self.cell(b)?,
                c: self.cell(c)?,
            }
            .canonical(),
            ["play", "move", rest @ ..] if rest.len() == 4 => {
                let (from, to) = self.arrow(&rest[..3])?;
                Action::Move {
                    from,
                    to,
                    facing: self.facing(rest[3])?,
                }
            }
            ["play", "push_back", rest @ ..] if rest.len() == 3 => {
                let (from, target) = self.arrow(rest)?;
                Action::PushBack { from, target }
            }
            ["play", "sniper", c] => Action::Sniper {
                target: self.cell(c)?,
            },
            ["play", "grenade", c] => Action::Grenade {
                target: self.cell(c)?,
            },
            ["play", "air_strike", c] => Action::AirStrike {
                center: self.cell(c)?,
            },
            ["play", "battle"] => Action::Battle,
            _ => return Err(bad()),
        })
    }

    /// `procedure ...`: the Duel board's procedures (D-16).
    fn procedure(&self, words: &[&str]) -> Result<Action, String> {
        Ok(Action::Procedure(match words {
            ["procedure", "rotation", c, f] => Procedure::Rotation {
                cell: self.cell(c)?,
                facing: self.facing(f)?,
            },
            ["procedure", "swap", a, b, fa, fb] => Procedure::Swap {
                a: self.cell(a)?,
                b: self.cell(b)?,
                fa: self.facing(fa)?,
                fb: self.facing(fb)?,
            },
            ["procedure", "push", rest @ ..] if rest.len() == 3 => {
                let (from, target) = self.arrow(rest)?;
                Procedure::Push { from, target }
            }
            ["procedure", "laser", a, b] => Procedure::Laser {
                a: self.cell(a)?,
                b: self.cell(b)?,
            },
            ["procedure", "elimination", c] => Procedure::Elimination {
                target: self.cell(c)?,
            },
            ["procedure", "detonation"] => Procedure::Detonation,
            _ => return Err(bad()),
        }))
    }

    /// A battle's answers: a Clown, a Quartermaster's conversion, a Medic.
    fn answer(&self, words: &[&str]) -> Result<Action, String> {
        Ok(match words {
            ["clown", c, what] => Action::Clown {
                cell: self.cell(c)?,
                explode: match *what {
                    "explode" => true,
                    "attack" => false,
                    _ => return Err(format!("{}: a Clown may explode or attack", quote(what))),
                },
            },
            ["convert", c, e] => Action::Convert {
                cell: self.cell(c)?,
                edge: match *e {
                    "none" => None,
                    _ => Some(
                        self.facing(e)
                            .map_err(|_| format!("{} is not an edge (0..5) or none", quote(e)))?,
                    ),
                },
            },
            ["medic", m, "takes", rest @ ..] if rest.len() == 3 => {
                let (from, target) = self.arrow(rest)?;
                Action::MedicTakes {
                    medic: self.cell(m)?,
                    target,
                    from,
                }
            }
            _ => return Err(bad()),
        })
    }
}

/// A tile by full id, or by the part after the army for the seat's own army.
pub(super) fn find_tile(game: &Game, seat: u8, s: &str) -> Result<TileId, String> {
    let set = tiles();
    if let Some(t) = set.find(s) {
        return Ok(t);
    }
    let army = &set.army(game.pos().armies[seat as usize]).id;
    set.find(&format!("{army}.{s}"))
        .or_else(|| set.find(&format!("mercenaries.{s}")))
        .ok_or_else(|| format!("unknown tile {} (for seat {seat}, army {army})", quote(s)))
}
