//! Games in progress from scenario files, and game scripts (`docs/CONFORMANCE.md`,
//! "Game-flow scripts"; notation in `docs/NOTATION.md`): a scenario with hands, decks and
//! `to_move`, plus actions in notation.

use crate::json::{outcome_json, units_json};
use crate::notation::line_to_action;
use crate::save::Record;
use crate::scenario::Scenario;
use nshex_rules::Outcome;
use nshex_rules::{tiles, TileId};
use nshex_rules::{Action, Game, Player, Setup, Stage};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// A game in progress from a scenario: the board, the HQ hit points, the hands and decks
/// (top first) as given. A seat without a `[[deck]]` has every tile of its army that is not
/// on the board or in hand in its deck, shuffled by `seed`; with a `[[deck]]`, the tiles
/// named nowhere are its discard pile. Play starts at the beginning of `to_move`'s turn
/// (default seat 0), before its draw: one tile on `[game] turn = 1`, two on turn 2,
/// otherwise up to three. A seat whose deck is empty has drawn its last tile.
pub fn game_from_scenario(sc: &Scenario, seed: u64) -> Result<Game, String> {
    let set = tiles();
    let pos = &sc.position;
    let seats = pos.seats as usize;
    let armies: Vec<_> = pos.armies[..seats].to_vec();
    let (mut hands, mut decks, mut discards) = (Vec::new(), Vec::new(), Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // An empty board starts the game at the HQ placement.
    let hq_placement = pos.units().next().is_none();
    for (s, &army_id) in armies.iter().enumerate() {
        // A seat without its HQ otherwise is refused by the rules' checks (`from_setup`).
        if hq_placement
            && sc
                .hands
                .get(s)
                .cloned()
                .flatten()
                .is_some_and(|h| !h.is_empty())
        {
            return Err(format!(
                "seat {s} holds tiles before the HQs are placed: hands start empty"
            ));
        }
        let army = set.army(army_id);
        // What is left of the army once the board and the hand are counted.
        let mut left: Vec<(TileId, i32)> = army
            .tiles
            .iter()
            .filter(|&&t| !set.tile(t).is_hq())
            .map(|&t| (t, set.tile(t).count as i32))
            .collect();
        let take = |left: &mut Vec<(TileId, i32)>, t: TileId, where_: &str| -> Result<(), String> {
            let e = left
                .iter_mut()
                .find(|(x, _)| *x == t)
                .expect("own army's tile");
            e.1 -= 1;
            if e.1 < 0 {
                return Err(format!(
                    "seat {s}: more {} tiles ({where_} included) than the army has ({})",
                    set.tile(t).id,
                    set.tile(t).count
                ));
            }
            Ok(())
        };
        for (_, u) in pos.units().filter(|(_, u)| u.seat == s as u8) {
            if !u.def().is_hq() && u.def().army != nshex_rules::MERCENARY_ARMY {
                take(&mut left, u.tile, "on the board")?;
            }
        }
        for (_, f) in pos.foundations().filter(|(_, f)| f.seat == s as u8) {
            take(&mut left, f.tile, "on the board")?;
        }
        let hand = sc.hands.get(s).cloned().flatten().unwrap_or_default();
        for &t in &hand {
            if set.tile(t).army != nshex_rules::MERCENARY_ARMY {
                take(&mut left, t, "in hand")?;
            }
        }
        // An eliminated seat's tiles are all on its discard pile (D-26, P-27).
        let out = sc.eliminated >> s & 1 == 1;
        let deck_given = sc.decks.get(s).cloned().flatten();
        let deck_given = if out && deck_given.is_none() {
            Some(Vec::new())
        } else {
            deck_given
        };
        let (deck_top_first, discard) = match deck_given {
            Some(deck) => {
                for &t in &deck {
                    take(&mut left, t, "in the deck")?;
                }
                let mut discard = Vec::new();
                for &(t, n) in &left {
                    discard.extend(std::iter::repeat_n(t, n.max(0) as usize));
                }
                (deck, discard)
            }
            None => {
                let mut rest: Vec<TileId> = Vec::new();
                for &(t, n) in &left {
                    rest.extend(std::iter::repeat_n(t, n.max(0) as usize));
                }
                rest.shuffle(&mut rng);
                (rest, Vec::new())
            }
        };
        let mut deck = deck_top_first;
        deck.reverse();
        hands.push(hand);
        decks.push(deck);
        discards.push(discard);
    }
    Game::from_setup(Setup {
        pos: pos.clone(),
        hands,
        decks,
        discards,
        to_move: sc.to_move.unwrap_or(0),
        turn: sc.turn.unwrap_or(3),
        drawn: false,
        terror: sc.terror,
        energy: sc.energy,
        eliminated: sc.eliminated,
        ending_by: sc.ending_by,
        options: sc.options,
        mercs: sc.mercs,
    })
}

/// What a script reached, or where it stopped.
pub struct ScriptRun {
    pub record: Record,
    /// The action that stopped the script: (index, line, reason).
    pub error: Option<(usize, String, String)>,
}

/// Applies chance draws by the deck order until a seat decides or the game is over.
pub fn draw_fixed(rec: &mut Record) {
    while rec.game.current_player() == Player::Chance {
        let a = rec.game.natural_draw().expect("a draw");
        rec.apply(a).expect("the natural draw is legal");
    }
}

/// Runs a game script: the scenario as a game, then each action (draws come from the decks
/// in order), stopping at the first that is malformed or illegal.
pub fn run_script(sc: &Scenario) -> Result<ScriptRun, String> {
    let game = game_from_scenario(sc, 0)?;
    let mut rec = Record::new(game, None);
    draw_fixed(&mut rec);
    let mut error = None;
    for (i, (line, _)) in sc.script.iter().flatten().enumerate() {
        // A seat holding unused Mercenaries is asked at its draw: a line other than
        // `mercenary ...` (or a bare `draw`) lets the deck fill the hand (D-25).
        let word = line.split_whitespace().next().unwrap_or("");
        if matches!(rec.game.stage(), Stage::Mercenary { .. })
            && word != "mercenary"
            && line.trim() != "draw"
        {
            rec.apply(Action::DeckDraw).expect("the deck draw is legal");
            draw_fixed(&mut rec);
        }
        let res = line_to_action(&rec.game, line).and_then(|a| match rec.game.current_player() {
            Player::Terminal => Err("the game is over".to_string()),
            _ => rec.apply(a).map_err(|e| e.to_string()),
        });
        if let Err(reason) = res {
            // The line as an error message quotes it: cut when it is long.
            error = Some((i, crate::notation::cut(line), reason));
            break;
        }
        draw_fixed(&mut rec);
    }
    Ok(ScriptRun { record: rec, error })
}

/// The position a script reached, as `nshex script --json` prints it.
pub fn script_result_json(g: &Game) -> Value {
    let seats = g.seats() as usize;
    let names = |v: &Vec<TileId>| -> Vec<String> {
        v.iter().map(|&t| tiles().tile(t).id.clone()).collect()
    };
    let winner = match g.outcome() {
        Some(o) => outcome_json(o),
        None => outcome_json(Outcome::None),
    };
    let stage = match g.stage() {
        Stage::Hire => "hire",
        Stage::Mercenary { .. } => "mercenary",
        Stage::PlaceHq => "place_hq",
        Stage::Draw { .. } => "draw",
        Stage::Discard => "discard",
        Stage::Main => "main",
        Stage::PushTo { .. } => "push_to",
        Stage::BattleChoice { .. } => "battle_choice",
        Stage::Over => "over",
    };
    let mut v = json!({
        "hq_hp": &g.pos().hq_hp[..seats],
        "units": units_json(g.pos()),
        "winner": winner,
        "to_move": g.to_move(),
        "hands": g.hands().iter().map(names).collect::<Vec<_>>(),
        "discards": g.discards().iter().map(names).collect::<Vec<_>>(),
        "deck_sizes": g.decks().iter().map(|d| d.len()).collect::<Vec<_>>(),
        "battles": g.battles(),
        "stage": stage,
    });
    crate::json::add_position_extras(&mut v, g.pos());
    if g.pos().board == nshex_rules::BoardKind::Duel && seats == 2 {
        v["energy"] = json!(&g.energy()[..seats]);
    }
    add_mode_extras(&mut v, g);
    if g.options().mercenaries > 0 {
        // Each seat's unused Mercenaries (D-25).
        v["mercenaries"] = json!((0..seats as u8)
            .map(|s| g
                .mercenaries(s)
                .iter()
                .map(|&t| tiles().tile(t).id.clone())
                .collect())
            .collect::<Vec<Vec<String>>>());
    }
    if g.options().mad_bomber != nshex_rules::MadBomber::Off {
        // Per seat, the tiles known on top of its deck, the next drawn first: a passed-on
        // Mad Bomber, returned Bio-droids (D-24, D-34).
        let known = g.known_top();
        v["deck_tops"] = json!(g
            .decks()
            .iter()
            .enumerate()
            .map(|(s, d)| d
                .iter()
                .rev()
                .take(known[s] as usize)
                .map(|&t| tiles().tile(t).id.clone())
                .collect())
            .collect::<Vec<Vec<String>>>());
    }
    v
}

/// The multiplayer fields of a result: `points` in the points game (and no `hq_hp`), and
/// with three or four seats `eliminated` and, once the game is over, each seat's `ranking`.
pub fn add_mode_extras(v: &mut Value, g: &Game) {
    let seats = g.seats() as usize;
    if g.mode() != nshex_rules::Mode::Standard {
        v["mode"] = json!(g.mode().name());
    }
    if g.mode() == nshex_rules::Mode::Points {
        v["points"] = json!(&g.pos().hq_hp[..seats]);
    }
    if seats > 2 {
        v["eliminated"] = json!(crate::json::seat_list(g.eliminated()));
        if g.is_over() {
            v["ranking"] = json!(g.ranking());
        }
    }
}
