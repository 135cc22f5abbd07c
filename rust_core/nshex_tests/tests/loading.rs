//! Rules corrections of the game flow that the scenario scripts cannot reach: positions that
//! must be refused when loaded (P-17), and a two-hex move whose own net cancels the net on
//! its way (P-10, FAQ-138), which no base army can set up by the rules (no Outpost unit
//! throws nets), so the test puts a Recon Center beside a Hegemony unit by hand.

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::{game_from_json, game_to_json, Record};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{draw_fixed, game_from_scenario};
use nshex_rules::tiles;
use nshex_rules::Hex;
use nshex_rules::{Game, Setup, Stage};
use std::path::PathBuf;

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn script_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts")
}

/// The 18-tile board of `full_board_fill_starts_battle.toml` (0,2 empty), without its decks
/// and script, plus `extra` TOML.
fn eighteen_tiles_plus(extra: &str) -> String {
    let text = std::fs::read_to_string(script_dir().join("full_board_fill_starts_battle.toml"))
        .expect("script file");
    let board = &text[..text.find("[[deck]]").expect("decks after the units")];
    format!("{board}\n{extra}")
}

/// P-17: a scenario whose board is full is refused with a clear error (a battle would have
/// started when the last hex was filled).
#[test]
fn p17_a_scenario_with_a_full_board_is_refused() {
    let text =
        eighteen_tiles_plus("[[unit]]\nseat = 0\ntile = \"outpost.commando\"\nat = [0, 2]\n");
    let sc = parse_scenario(&text, "full.toml", false).expect("a valid battle position");
    let e = game_from_scenario(&sc, 1).expect_err("a full board is no game position");
    assert!(e.contains("board is full"), "{e}");
    assert!(e.contains("19 of 19"), "{e}");
    // The same position is a valid battle vector: only a game refuses it.
    assert!(sc.position.is_full());
}

/// P-17: the same board with one hex free loads as a game.
#[test]
fn p17_one_free_hex_loads() {
    let sc = parse_scenario(&eighteen_tiles_plus(""), "open.toml", false).unwrap();
    assert!(game_from_scenario(&sc, 1).is_ok());
}

/// P-17: a saved state whose board is full outside a battle is refused, naming the board,
/// both as plain state and as a save's JSON.
#[test]
fn p17_a_save_with_a_full_board_is_refused() {
    let sc = parse_scenario(&eighteen_tiles_plus(""), "open.toml", false).unwrap();
    let game = game_from_scenario(&sc, 1).unwrap();
    let mut st = game.state();
    // A unit from the deck goes on the last free hex: the tile counts stay right.
    let i = st.decks[0]
        .iter()
        .position(|&t| tiles().tile(t).instant.is_none())
        .unwrap();
    let tile = st.decks[0].remove(i);
    st.pos.place(Hex::new(0, 2), tile, 0, 0, 0);
    let e = Game::from_state(st).expect_err("a full board outside a battle");
    assert_eq!(e.field, "board");
    assert!(e.message.contains("battle would have started"), "{e}");

    let mut json = game_to_json(&game);
    let id = tiles().tile(tile).id.clone();
    let deck = json["decks"][0].as_array_mut().unwrap();
    let k = deck
        .iter()
        .position(|t| t.as_str() == Some(id.as_str()))
        .unwrap();
    deck.remove(k);
    json["units"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!(
        {"seat": 0, "tile": id, "at": [0, 2], "facing": 0, "wounds": 0, "placed": 99}));
    let e = game_from_json(&json).expect_err("a full board outside a battle");
    assert!(e.starts_with("state.board: "), "{e}");
}

/// A game of Hegemony (seat 0) against Moloch with a hand of `hand`, the Hegemony unit
/// `mover` on 0,1, a Moloch Net Fighter on 1,0 facing 0 (its nets point at 1,-1 and 0,0), and
/// an Outpost Recon Center for seat 0 on -1,-1, set by hand.
fn net_on_the_way(mover: &str) -> Game {
    let text = std::fs::read_to_string(fixture_dir().join("net_on_the_way.toml"))
        .expect("tests/fixtures/net_on_the_way.toml")
        .replace("MOVER", mover);
    let sc = parse_scenario(&text, "net.toml", false).unwrap();
    let st = game_from_scenario(&sc, 1).unwrap().state();
    let mut pos = st.pos;
    let recon = tiles().find("outpost.recon_center").unwrap();
    pos.place(Hex::new(-1, -1), recon, 0, 0, 0);
    let game = Game::from_setup(Setup {
        pos,
        hands: st.hands,
        decks: st.decks,
        discards: st.discards,
        to_move: 0,
        turn: 3,
        drawn: false,
        terror: 0,
        energy: [0; 4],
        eliminated: 0,
        ending_by: None,
        options: Default::default(),
        mercs: [0; 4],
    })
    .unwrap();
    let mut rec = Record::new(game, None);
    draw_fixed(&mut rec);
    let discard = line_to_legal_action(&rec.game, "discard battle").unwrap();
    rec.apply(discard).unwrap();
    assert_eq!(rec.game.stage(), Stage::Main);
    rec.game
}

/// P-10, FAQ-138, D-3: on its way, a net thrower standing on 0,0 facing 2 nets the Moloch Net
/// Fighter back; the two nets cancel, so the unit could stand there and the two-hex move
/// 0,1 -> 0,0 -> 0,-1 is legal.
#[test]
fn p10_the_movers_own_net_cancels_the_net_on_its_way() {
    let game = net_on_the_way("hegemony.net_fighter");
    let a = line_to_legal_action(&game, "play move 0,1 -> 0,-1 0");
    assert!(a.is_ok(), "{a:?}");
}

/// P-10, FAQ-138: the same move for a unit without nets is refused, the reason naming the net.
#[test]
fn p10_without_a_net_of_its_own_the_unit_cannot_pass() {
    let game = net_on_the_way("hegemony.thug");
    let e = line_to_legal_action(&game, "play move 0,1 -> 0,-1 0").unwrap_err();
    assert!(e.contains("netted on every hex between"), "{e}");
}

/// Errors speak the notation: an instant named as the notation writes it, and a long
/// garbage line quoted once and cut.
#[test]
fn errors_name_instants_as_the_notation_does_and_cut_long_input() {
    let game = net_on_the_way("hegemony.thug");
    let e = line_to_legal_action(&game, "play push_back 0,1 -> 1,0").unwrap_err();
    assert!(e.contains("no push_back tile in hand"), "{e}");
    assert!(!e.contains("PushBack"), "{e}");
    let long = format!("place {} 0,0 0", "x".repeat(100_000));
    let e = line_to_legal_action(&game, &long).unwrap_err();
    assert!(e.len() < 200, "{} characters", e.len());
    assert!(e.contains("..."), "{e}");
    let garbage = "z".repeat(100_000);
    let e = line_to_legal_action(&game, &garbage).unwrap_err();
    assert!(e.len() < 200, "{} characters", e.len());
}

/// An undo may take back what reveals nothing and hands no decision over (a placement, a
/// move), never the end of the turn or an action the rules refuse.
#[test]
fn what_a_turn_can_take_back() {
    let game = net_on_the_way("hegemony.thug");
    let line = |l: &str| line_to_legal_action(&game, l).unwrap();
    assert!(game.can_take_back(line("play move 0,1 -> 1,1 0")));
    assert!(game.can_take_back(line("place guard 0,-2 3")));
    assert!(!game.can_take_back(line("end")));
    // Not legal now: a tile that is not in hand.
    let sniper = nshex_rules::Action::Sniper { target: 0 };
    assert!(!game.can_take_back(sniper));
}

/// A refused action comes back as a typed error carrying the action and the reason, and the
/// game is unchanged.
#[test]
fn a_refusal_carries_the_refused_action() {
    let mut game = net_on_the_way("hegemony.thug");
    let before = game.clone();
    let bad = nshex_rules::Action::Sniper { target: 0 };
    match game.apply(bad) {
        Err(nshex_rules::Refusal::Action { action, reason }) => {
            assert_eq!(action, bad);
            assert!(reason.contains("no sniper tile in hand"), "{reason}");
        }
        other => panic!("expected a refused action, got {other:?}"),
    }
    assert_eq!(game, before);
}
