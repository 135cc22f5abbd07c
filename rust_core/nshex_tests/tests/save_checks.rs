//! A save loads only if its state passes the rule checks a scenario passes (the same
//! function, `check_position`, runs for both) and the checks only a game in progress needs:
//! the stage, the hands, the ending sequence. Each refusal names the state's field.
//!
//! The inputs are the ones a hostile or unlucky user tried (issue 39): a save edited by hand
//! so that its start state is the tampered one and no actions follow.

use nshex_formats::save::{game_to_json, Record};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::game_from_scenario;
use nshex_rules::{tiles, BoardKind, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// A game of `armies` on the standard board, `steps` random decisions (and draws) in.
fn midgame(armies: &[&str], seed: u64, steps: usize) -> Game {
    let set = tiles();
    let ids: Vec<_> = armies.iter().map(|a| set.find_army(a).unwrap()).collect();
    let mut g = Game::new(&ids, BoardKind::Standard, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        if g.current_player() == Player::Terminal {
            break;
        }
        let legal = g.legal_actions();
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(a).unwrap();
    }
    assert!(!g.is_over(), "the game goes on");
    g
}

/// The save of `g`'s state changed by `edit`: the edited state is the start, no actions.
fn edited_save(g: &Game, edit: impl FnOnce(&mut Value)) -> Value {
    let mut state = game_to_json(g);
    edit(&mut state);
    json!({"format": "nshex-save", "version": 1, "seed": null, "start": state,
           "actions": []})
}

fn refusal(save: &Value) -> String {
    match Record::from_json(save) {
        Ok(_) => panic!("the save loaded: {save}"),
        Err(e) => e,
    }
}

fn borgo_moloch() -> Game {
    midgame(&["borgo", "moloch"], 3, 40)
}

#[test]
fn the_unedited_save_loads() {
    let g = borgo_moloch();
    let back = Record::from_json(&edited_save(&g, |_| {})).unwrap();
    assert_eq!(back.game, g);
}

/// A seat's HQ taken off the board with its hit points kept: that seat would win (its
/// rival's HQ then counts as destroyed by nobody).
#[test]
fn a_seat_without_its_hq_but_with_hit_points_is_refused() {
    let e = refusal(&edited_save(&borgo_moloch(), |s| {
        let units = s["units"].as_array_mut().unwrap();
        units.retain(|u| !(u["seat"] == 1 && u["tile"] == "moloch.hq"));
    }));
    assert!(e.starts_with("save.start: state.hq_hp: "), "{e}");
    assert!(e.contains("seat 1 has no HQ on the board"), "{e}");
    assert!(e.contains("yet its HQ has 17 hit points"), "{e}");
}

/// The same position as a scenario (the HQ missing) is refused by the same check.
#[test]
fn a_scenario_without_an_hq_is_refused_by_the_same_check() {
    let text = "[game]\narmies = [\"borgo\", \"moloch\"]\n\n[[unit]]\nseat = 0\n\
                tile = \"borgo.hq\"\nat = [0, 0]\n";
    let sc = parse_scenario(text, "t.toml", false).unwrap();
    let e = game_from_scenario(&sc, 0).unwrap_err();
    assert!(e.starts_with("hq_hp: seat 1 has no HQ on the board"), "{e}");
}

/// D-31: three tiles in hand, six only with Reinforcements; eight never.
#[test]
fn hands_over_the_limit_are_refused() {
    let g = borgo_moloch();
    for size in [4usize, 8] {
        let e = refusal(&edited_save(&g, |s| {
            let extra = size - s["hands"][0].as_array().unwrap().len();
            let deck: Vec<Value> = s["decks"][0].as_array().unwrap()[..extra].to_vec();
            s["decks"][0].as_array_mut().unwrap().drain(..extra);
            let hand = s["hands"][0].as_array_mut().unwrap();
            hand.extend(deck);
        }));
        assert!(e.starts_with("save.start: state.hands"), "{e}");
        assert!(e.contains(&format!("{size} tiles")), "{e}");
    }
}

/// P-14: the tie-break follows the Final Battle, which follows the last tile drawn; with
/// full decks no ending sequence has begun, so no tie-break can end the game.
#[test]
fn a_tie_break_with_full_decks_is_refused() {
    let g = borgo_moloch();
    for ending in [
        json!({"kind": "tie_break", "turns_left": 1}),
        json!({"kind": "last_round", "turns_left": 1}),
        json!({"kind": "last_tile_drawn"}),
    ] {
        let e = refusal(&edited_save(&g, |s| s["ending"] = ending));
        assert!(e.starts_with("save.start: state.ending: "), "{e}");
        assert!(e.contains("last tile"), "{e}");
    }
}

/// An HQ at 0 hit points is destroyed: the game is over (or, in a deathmatch, its seat is
/// eliminated and its HQ gone).
#[test]
fn an_hq_at_zero_in_a_game_that_goes_on_is_refused() {
    let e = refusal(&edited_save(&borgo_moloch(), |s| s["hq_hp"][1] = json!(0)));
    assert!(e.starts_with("save.start: state.hq_hp: "), "{e}");
    assert!(
        e.contains("seat 1's HQ is on the board at 0 hit points"),
        "{e}"
    );
    // Its HQ taken off too, with the game not over.
    let e = refusal(&edited_save(&borgo_moloch(), |s| {
        s["hq_hp"][1] = json!(0);
        let units = s["units"].as_array_mut().unwrap();
        units.retain(|u| !(u["seat"] == 1 && u["tile"] == "moloch.hq"));
    }));
    assert!(e.starts_with("save.start: state.hq_hp: "), "{e}");
}

/// D-32: Terror is a Smart instant; a game without Smart has no seat under it, and the
/// Smart seat is never bound by its own Terror.
#[test]
fn terror_without_an_army_that_holds_it_is_refused() {
    let e = refusal(&edited_save(&borgo_moloch(), |s| s["terror"] = json!([1])));
    assert!(e.starts_with("save.start: state.terror: "), "{e}");
    assert!(e.contains("no army in this game holds Terror"), "{e}");
    // With Smart (seat 0) playing, Terror on seat 1 loads; on a seat that does not exist
    // it does not.
    let g = midgame(&["smart", "moloch"], 5, 30);
    assert!(Record::from_json(&edited_save(&g, |s| s["terror"] = json!([1]))).is_ok());
    let e = refusal(&edited_save(&g, |s| s["terror"] = json!([2])));
    assert!(e.starts_with("save.start: state.terror"), "{e}");
}

/// The scenario loader refuses Terror on a board of armies without it, by the same check.
#[test]
fn a_scenario_with_terror_and_no_smart_is_refused_by_the_same_check() {
    let text = "[game]\narmies = [\"borgo\", \"moloch\"]\nterror = [1]\n\n[[unit]]\nseat = 0\n\
                tile = \"borgo.hq\"\nat = [0, 0]\n\n[[unit]]\nseat = 1\ntile = \"moloch.hq\"\n\
                at = [1, 0]\n";
    let sc = parse_scenario(text, "t.toml", false).unwrap();
    let e = game_from_scenario(&sc, 0).unwrap_err();
    assert!(
        e.starts_with("terror: no army in this game holds Terror"),
        "{e}"
    );
}

/// The stage: HQs are placed before the first turn only.
#[test]
fn an_hq_placement_in_the_middle_of_a_game_is_refused() {
    let e = refusal(&edited_save(&borgo_moloch(), |s| {
        s["stage"] = json!({"kind": "place_hq"});
    }));
    assert!(e.starts_with("save.start: state.stage: "), "{e}");
}
