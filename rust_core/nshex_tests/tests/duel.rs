//! Duel rules the scripts cannot express in their `[expect]` table: which actions are offered
//! (P-18, P-19, D-16), where a taken-over unit goes when it dies (D-35), a Bio-droid drawn
//! during the ending sequence (D-34), and control resolved again from scratch after a load.

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::{game_from_json, game_to_json, Record};
use nshex_rules::{tiles, Action, BoardKind, Ending, Game, Hex, Player};

mod common;
use common::{game, play};

/// Past the mandatory discard (the Ripper goes).
fn to_main(rec: &mut Record) {
    if rec.game.stage() == nshex_rules::Stage::Discard {
        play(rec, "discard ripper");
    }
}

fn refused(rec: &Record, line: &str) -> String {
    line_to_legal_action(&rec.game, line).expect_err(line)
}

/// Scenario text of Smart (seat 0) against Vegas (seat 1): `game` extra `[game]` keys, the
/// units as (seat, tile, q, r), seat `hand.0` holding `hand.1`, then `extra` TOML.
fn smart_vegas_text(
    game: &str,
    units: &[(u8, &str, i8, i8)],
    hand: (u8, &[&str]),
    extra: &str,
) -> String {
    let mut t = format!("[game]\narmies = [\"smart\", \"vegas\"]\n{game}\n");
    for (seat, tile, q, r) in units {
        t += &format!("\n[[unit]]\nseat = {seat}\ntile = \"{tile}\"\nat = [{q}, {r}]\n");
    }
    let tiles: Vec<String> = hand.1.iter().map(|x| format!("\"{x}\"")).collect();
    t += &format!(
        "\n[[hand]]\nseat = {}\ntiles = [{}]\n{extra}",
        hand.0,
        tiles.join(", ")
    );
    t
}

/// The Smart HQ on 0,0 with a Cyborg on 0,-1 next to it; the Vegas HQ on -2,2.
const SMART_HQ_AND_CYBORG: [(u8, &str, i8, i8); 3] = [
    (0, "smart.hq", 0, 0),
    (1, "vegas.hq", -2, 2),
    (0, "smart.cyborg", 0, -1),
];

fn smart_vegas(hand: &[&str]) -> Record {
    game(&smart_vegas_text(
        "to_move = 0",
        &SMART_HQ_AND_CYBORG,
        (0, hand),
        "",
    ))
}

/// P-18: a grant or a takeover turn that leaves everything as it is, is no action.
#[test]
fn p18_a_play_that_changes_nothing_is_refused() {
    let mut rec = smart_vegas(&["smart.ripper", "smart.twister"]);
    to_main(&mut rec);
    // The Cyborg on 0,-1 faces 0: staying there facing 0 changes nothing.
    let why = refused(&rec, "grant 0,-1 -> 0,-1 0");
    assert!(why.contains("nothing changes"), "{why}");
    // Staying and turning is a grant.
    assert!(line_to_legal_action(&rec.game, "grant 0,-1 -> 0,-1 2").is_ok());
}

/// P-19: only an HQ whose edges differ (Vegas) is offered every facing.
#[test]
fn p19_only_the_vegas_hq_offers_six_facings() {
    let set = tiles();
    let g = Game::new(
        &[
            set.find_army("borgo").unwrap(),
            set.find_army("vegas").unwrap(),
        ],
        BoardKind::Standard,
        1,
    );
    // Borgo places first: one facing per hex.
    assert_eq!(g.current_player(), Player::Seat(0));
    assert_eq!(g.legal_actions().len(), 19);
    let mut g = g;
    g.apply(Action::PlaceHq { cell: 0, facing: 0 }).unwrap();
    // Vegas: six facings on each of the 18 free hexes.
    assert_eq!(g.current_player(), Player::Seat(1));
    assert_eq!(g.legal_actions().len(), 18 * 6);
}

/// D-16: a purchase may not bring the HQ below 1 hit point, nor energy above 5.
#[test]
fn d16_purchases_offered_keep_the_hq_alive_and_energy_at_most_five() {
    let text = smart_vegas_text(
        "to_move = 0\nboard = \"duel\"\nhq_hp = [3, 20]\nenergy = [1, 0]",
        &SMART_HQ_AND_CYBORG,
        (0, &["smart.ripper", "smart.twister"]),
        "",
    );
    let mut rec = game(&text);
    to_main(&mut rec);
    let buys: Vec<u8> = rec
        .game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Buy { n } => Some(n),
            _ => None,
        })
        .collect();
    assert_eq!(buys, vec![1, 2], "3 hit points: at most 2 bought");
    let why = refused(&rec, "buy 3");
    assert!(why.contains("below 1 hit point"), "{why}");
}

/// D-35: a taken-over unit that dies goes to its owner's discard pile. Smart snipes its own
/// Cyborg, which the Vegas HQ holds (an enemy unit now: FAQ-347).
#[test]
fn d35_a_taken_over_unit_goes_to_its_owners_pile() {
    let text = smart_vegas_text(
        "to_move = 0",
        &[
            (0, "smart.hq", -2, 2),
            (1, "vegas.hq", 0, 0),
            (0, "smart.cyborg", 1, -1),
        ],
        (0, &["smart.sniper", "smart.ripper"]),
        "",
    );
    let mut rec = game(&text);
    let cyborg = rec.game.pos().unit_at(Hex::new(1, -1)).copied().unwrap();
    assert_eq!(
        (cyborg.seat, cyborg.ctrl),
        (0, 1),
        "taken over by the Vegas HQ"
    );
    to_main(&mut rec);
    play(&mut rec, "play sniper 1,-1");
    assert!(rec.game.pos().unit_at(Hex::new(1, -1)).is_none());
    let set = tiles();
    let id = set.find("smart.cyborg").unwrap();
    assert!(rec.game.discards()[0].contains(&id), "to Smart's pile");
    assert!(!rec.game.discards()[1].contains(&id));
}

/// D-34: a Bio-droid returning after the ending sequence has begun goes on top of the empty
/// deck and is drawn at its owner's next draw; drawing it does not restart the ending.
#[test]
fn d34_a_bio_droid_returning_in_the_ending_is_drawn_and_changes_no_ending() {
    let text = smart_vegas_text(
        "to_move = 1",
        &[
            (0, "smart.hq", -2, 2),
            (1, "vegas.hq", 2, -2),
            (0, "smart.bio_droid", 0, 0),
        ],
        (1, &["vegas.sniper"]),
        "\n[[deck]]\nseat = 0\ntiles = []\n",
    );
    let mut rec = game(&text);
    // Smart's deck is empty: the ending sequence is under way (Vegas's last turn).
    assert!(matches!(rec.game.ending(), Ending::LastRound { .. }));
    if rec.game.stage() == nshex_rules::Stage::Discard {
        let set = tiles();
        let other = rec.game.hands()[1]
            .iter()
            .copied()
            .find(|&t| t != set.find("vegas.sniper").unwrap())
            .unwrap();
        play(&mut rec, &format!("discard {}", set.tile(other).id));
    }
    play(&mut rec, "play sniper 0,0");
    let bio = tiles().find("smart.bio_droid").unwrap();
    assert_eq!(
        rec.game.decks()[0],
        vec![bio],
        "back on top of the empty deck"
    );
    assert_eq!(rec.game.known_top()[0], 1);
    // Vegas's turn was the last before the Final Battle; nobody is hit, so it is tied and
    // the tie-break turns follow, Smart's first: it draws the Bio-droid, and the ending
    // sequence goes on where it was.
    play(&mut rec, "end");
    assert!(
        matches!(rec.game.ending(), Ending::TieBreak { .. }),
        "{:?}",
        rec.game.ending()
    );
    assert_eq!(rec.game.to_move(), 0);
    assert!(rec.game.hands()[0].contains(&bio));
    assert!(rec.game.decks()[0].is_empty());
    assert_eq!(rec.game.known_top()[0], 0);
}

/// D-13: control is never stored. A save holds owners only; loading it resolves control
/// again, and a takeover rotation due survives the round trip.
#[test]
fn d13_control_and_rotations_survive_a_save() {
    let text = smart_vegas_text(
        "to_move = 0",
        &[
            (0, "smart.hq", -2, 2),
            (1, "vegas.hq", 0, 0),
            (0, "smart.cyborg", 1, -2),
        ],
        (0, &["smart.move", "smart.ripper"]),
        "",
    );
    let mut rec = game(&text);
    to_main(&mut rec);
    play(&mut rec, "play move 1,-2 -> 1,-1 0");
    // Vegas is asked to turn the Cyborg it just took over, in Smart's turn.
    assert_eq!(rec.game.current_player(), Player::Seat(1));
    assert_eq!(rec.game.rotations_due().len(), 1);
    let json = game_to_json(&rec.game);
    assert!(
        !json.to_string().contains("controller"),
        "control is not stored"
    );
    let back = game_from_json(&json).unwrap();
    assert_eq!(back, rec.game);
    assert_eq!(back.pos().unit_at(Hex::new(1, -1)).unwrap().ctrl, 1);
    assert_eq!(back.current_player(), Player::Seat(1));
}
