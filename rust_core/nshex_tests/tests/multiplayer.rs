//! Three and four seats: what the scripts' `[expect]` tables cannot say (the turn order over
//! many turns, who draws how many, the last round of one against a team, the expanded board's
//! full-board battle, results and rankings).

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::{game_from_json, game_to_json, Record};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{draw_fixed, game_from_scenario};
use nshex_rules::{tiles, BoardKind, Ending, Game, Mode, Outcome, Player, Stage};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::{game, play, units_toml};

fn armies(ids: &[&str]) -> Vec<nshex_rules::ArmyId> {
    ids.iter().map(|i| tiles().find_army(i).unwrap()).collect()
}

/// Plays random actions, calling `at_turn(game)` at every turn's start (its draw).
fn random_turns(g: &mut Game, seed: u64, turns: u32, mut at_turn: impl FnMut(&Game)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut last = 0;
    let mut legal = Vec::new();
    while !g.is_over() && g.turn() <= turns {
        if g.turn() != last {
            last = g.turn();
            at_turn(g);
        }
        g.legal_actions_into(&mut legal);
        g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}

#[test]
fn one_against_a_team_plays_0_1_0_2_with_13_point_hqs_faq377() {
    let a = armies(&["borgo", "moloch", "outpost"]);
    let mut g = Game::with_mode(&a, BoardKind::Standard, Mode::OneVsTeam, 5).unwrap();
    assert_eq!(
        g.pos().hq_hp[..3],
        [20, 13, 13],
        "the team's HQs have 13 (FAQ-377)"
    );
    let mut order = Vec::new();
    let mut opening = Vec::new();
    random_turns(&mut g, 5, 12, |g| {
        order.push(g.to_move());
        if let Stage::Draw { left } = g.stage() {
            if g.turn() <= 4 {
                opening.push((g.to_move(), left, g.hands()[g.to_move() as usize].len()));
            }
        }
    });
    assert!(order.len() >= 8, "{order:?}");
    for (k, &s) in order.iter().enumerate() {
        assert_eq!(s, [0, 1, 0, 2][k % 4], "turn {}: {order:?}", k + 1);
    }
    // Opening: seat 0 draws 1, seat 1 draws 2, seat 0 up to 3, seat 2 draws 3.
    assert_eq!(opening[0], (0, 1, 0));
    assert_eq!(opening[1], (1, 2, 0));
    assert_eq!(opening[2].1 as usize + opening[2].2, 3);
    assert_eq!(opening[3], (2, 3, 0));
}

#[test]
fn deathmatch_turns_go_round_every_seat_with_opening_draws_1_2_3() {
    let a = armies(&["borgo", "moloch", "outpost", "hegemony"]);
    let mut g = Game::new(&a, BoardKind::Standard, 9);
    assert_eq!(
        g.mode(),
        Mode::Deathmatch,
        "four seats default to deathmatch"
    );
    let mut order = Vec::new();
    let mut draws = Vec::new();
    random_turns(&mut g, 9, 8, |g| {
        order.push(g.to_move());
        if let Stage::Draw { left } = g.stage() {
            draws.push(left);
        }
    });
    assert_eq!(order[..8], [0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(
        draws[..4],
        [1, 2, 3, 3],
        "opening draws 1, 2, 3 (3.0 Multiplayer)"
    );
}

/// Scenario text: one against a team, seat 0 (Borgo) to move with `deck0` as its whole deck.
fn one_vs_team_ending(to_move: u8, turn: u32, deck: &str) -> String {
    let units = units_toml(&[
        (0, "borgo.hq", -2, 0, 0),
        (1, "moloch.hq", 2, -2, 0),
        (2, "outpost.hq", 0, 2, 0),
    ]);
    format!(
        "[game]\narmies = [\"borgo\", \"moloch\", \"outpost\"]\nmode = \"one_vs_team\"\n\
         to_move = {to_move}\nturn = {turn}\n\n{units}{deck}\n"
    )
}

#[test]
fn one_against_a_team_only_the_next_seat_plays_after_seat_0_drew_last_faq378() {
    let deck = r#"
[[deck]]
seat = 0
tiles = ["borgo.mutant", "borgo.claws"]

[[deck]]
seat = 1
tiles = ["moloch.hybrid", "moloch.hybrid", "moloch.blocker", "moloch.blocker", "moloch.guard"]

[[deck]]
seat = 2
tiles = ["outpost.runner", "outpost.runner", "outpost.commando", "outpost.commando"]
"#;
    // Turn 5 is seat 0's (0, 1, 0, 2, 0, ...): it draws its last two tiles.
    let mut rec = game(&one_vs_team_ending(0, 5, deck));
    assert_eq!(rec.game.ending(), Ending::LastTileDrawn);
    play(&mut rec, "end");
    assert_eq!(rec.game.ending(), Ending::LastRound { turns_left: 1 });
    assert_eq!(rec.game.to_move(), 1);
    play(&mut rec, "discard blocker");
    play(&mut rec, "end");
    // Seat 0 does not play again and seat 2 has no last turn: the Final Battle.
    assert_eq!(rec.game.stage(), Stage::Over, "{:?}", rec.game.ending());
    assert_eq!(rec.game.battles(), 1);
    // 20 against the team's 13 + 13: the team wins on its total.
    assert_eq!(rec.game.outcome(), Some(Outcome::Shared(0b110)));
}

#[test]
fn one_against_a_team_other_seats_drawing_last_give_both_others_a_turn() {
    let deck = r#"
[[deck]]
seat = 0
tiles = ["borgo.mutant", "borgo.claws", "borgo.claws", "borgo.claws", "borgo.mutant"]

[[deck]]
seat = 1
tiles = ["moloch.hybrid", "moloch.guard"]

[[deck]]
seat = 2
tiles = ["outpost.runner", "outpost.runner", "outpost.commando", "outpost.commando"]
"#;
    // Turn 6 is seat 1's: it draws its last tiles; seats 0 and 2 each play once more.
    let mut rec = game(&one_vs_team_ending(1, 6, deck));
    assert_eq!(rec.game.ending(), Ending::LastTileDrawn);
    play(&mut rec, "end");
    assert_eq!(rec.game.to_move(), 0);
    play(&mut rec, "discard claws");
    play(&mut rec, "end");
    assert_eq!(rec.game.to_move(), 2);
    play(&mut rec, "discard runner");
    play(&mut rec, "end");
    assert_eq!(rec.game.stage(), Stage::Over);
}

#[test]
fn expanded_board_battle_starts_when_the_inner_19_hexes_are_full_d30() {
    // 18 of the inner 19 hold units; ring 3 has room.
    let mut units = String::new();
    let mut fill = [
        (0, "borgo.mutant"),
        (1, "moloch.blocker"),
        (0, "borgo.mutant"),
        (1, "moloch.blocker"),
        (0, "borgo.mutant"),
        (1, "moloch.hybrid"),
        (0, "borgo.mutant"),
        (1, "moloch.hybrid"),
        (0, "borgo.mutant"),
        (1, "moloch.hunter_killer"),
        (0, "borgo.mutant"),
        (1, "moloch.hunter_killer"),
        (0, "borgo.claws"),
        (0, "borgo.claws"),
        (0, "borgo.claws"),
        (0, "borgo.claws"),
        (2, "outpost.runner"),
    ]
    .into_iter();
    for q in -2i32..=2 {
        for r in -2i32..=2 {
            let s = -q - r;
            if s.abs() > 2 || (q, r) == (1, 1) {
                continue;
            }
            let (seat, tile) = match (q, r) {
                (-2, 0) => (0, "borgo.hq"),
                (2, 0) => (1, "moloch.hq"),
                (0, -2) => (2, "outpost.hq"),
                _ => fill.next().expect("16 units"),
            };
            units += &format!("[[unit]]\nseat = {seat}\ntile = \"{tile}\"\nat = [{q}, {r}]\n\n");
        }
    }
    let text = format!(
        r#"
[game]
armies = ["borgo", "moloch", "outpost"]
board = "expanded"
to_move = 2
turn = 9

{units}
[[hand]]
seat = 2
tiles = ["outpost.commando", "outpost.runner"]

[[deck]]
seat = 2
tiles = ["outpost.commando", "outpost.commando", "outpost.commando"]
"#
    );
    let sc = parse_scenario(&text, "expanded", false);
    let Ok(sc) = sc else {
        // Too many Blockers or Mutants for the armies: the scenario says which.
        panic!("{}", sc.unwrap_err());
    };
    let mut rec = Record::new(game_from_scenario(&sc, 0).unwrap(), None);
    draw_fixed(&mut rec);
    play(&mut rec, "discard commando");
    // Ring 3 takes a tile without a battle: one inner hex is still free.
    play(&mut rec, "place commando 3,0 0");
    assert_eq!(rec.game.battles(), 0);
    play(&mut rec, "place runner 1,1 0");
    assert_eq!(
        rec.game.battles(),
        1,
        "the inner 19 are full: a battle (D-30)"
    );
}

#[test]
fn results_rank_survivors_then_later_eliminations_d26() {
    // Deathmatch of four: seat 3 is out already (eliminated in battle 2, say), the Final
    // Battle ends it: the highest HQ wins, then the others by HQ, then seat 3.
    let units = units_toml(&[
        (0, "borgo.hq", -2, 0, 0),
        (1, "moloch.hq", 2, -2, 0),
        (2, "outpost.hq", 0, 2, 0),
    ]);
    let text = format!(
        r#"
[game]
armies = ["borgo", "moloch", "outpost", "hegemony"]
hq_hp = [12, 15, 9, 0]
eliminated = [3]
to_move = 2
turn = 30

{units}
[[deck]]
seat = 0
tiles = []

[[deck]]
seat = 1
tiles = []

[[deck]]
seat = 2
tiles = []

[[deck]]
seat = 3
tiles = []
"#
    );
    let mut rec = game(&text);
    // Every deck is empty: seat 2's turn ends the last round (2 turns after... none left).
    while !rec.game.is_over() {
        play(&mut rec, "end");
    }
    assert_eq!(rec.game.outcome(), Some(Outcome::Winner(1)));
    assert_eq!(rec.game.ranking(), vec![2, 1, 3, 4]);
    let back = game_from_json(&game_to_json(&rec.game)).unwrap();
    assert_eq!(back, rec.game);
    assert_eq!(back.eliminated(), 0b1000);
}

#[test]
fn an_eliminated_seat_is_never_asked_to_play_d26() {
    let a = armies(&["borgo", "moloch", "outpost"]);
    let g = Game::new(&a, BoardKind::Standard, 1);
    let mut st = g.state();
    st.eliminated = 0b010;
    // Seat 1 still holds its deck: refused, with the reason.
    let e = Game::from_state(st).unwrap_err();
    assert_eq!(e.field, "eliminated");
    assert!(e.message.contains("seat 1"), "{e}");
}

#[test]
fn modes_refuse_the_wrong_number_of_seats() {
    let a = armies(&["borgo", "moloch", "outpost"]);
    let e = Game::with_mode(&a, BoardKind::Standard, Mode::Team, 0).unwrap_err();
    assert!(e.contains("four seats"), "{e}");
    let e = Game::with_mode(&a, BoardKind::Duel, Mode::Deathmatch, 0).unwrap_err();
    assert!(e.contains("Duel board"), "{e}");
    let e = parse_scenario(
        "[game]\narmies = [\"borgo\", \"moloch\"]\nmode = \"one_vs_team\"\n",
        "m",
        false,
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("three seats"), "{e}");
    let e = parse_scenario(
        "[game]\narmies = [\"borgo\", \"moloch\", \"outpost\"]\npoints = [1, 2, 3]\n",
        "m",
        false,
    )
    .unwrap_err();
    assert!(e.message.contains("only the points game"), "{e}");
    assert_eq!(e.line, 3);
}

#[test]
fn the_team_search_plays_every_mode_legally() {
    // The AI side is tested in its own crate; here: a seat's allies are its side.
    let a = armies(&["borgo", "moloch", "outpost", "hegemony"]);
    let g = Game::with_mode(&a, BoardKind::Standard, Mode::Team, 0).unwrap();
    let rel = g.pos().relations();
    assert!(rel.allied(0, 2) && rel.allied(1, 3) && !rel.allied(0, 3));
    assert_eq!(g.current_player(), Player::Seat(0));
}

/// Team match text: Smart (seat 0) and Outpost (seat 2) against Borgo (1) and Moloch (3),
/// `to_move`'s turn 10 with `hand`; the Smart HQ on (0,0), an Outpost runner next to it on
/// (1,-1), a Smart scout on (-1,0), the other HQs apart.
fn smart_team_text(to_move: u8, hand: &str) -> String {
    let units = units_toml(&[
        (0, "smart.hq", 0, 0, 0),
        (1, "borgo.hq", -2, 2, 0),
        (2, "outpost.hq", 2, -2, 0),
        (3, "moloch.hq", 0, 2, 0),
        (2, "outpost.runner", 1, -1, 0),
        (0, "smart.scout", -1, 0, 0),
    ]);
    format!(
        r#"
[game]
armies = ["smart", "borgo", "outpost", "moloch"]
mode = "team"
to_move = {to_move}
turn = 10

{units}
[[hand]]
seat = {to_move}
tiles = [{hand}]
"#
    )
}

fn grants_from(g: &Game, q: i8, r: i8) -> usize {
    let c = g.pos().cell_of(nshex_rules::Hex::new(q, r)).unwrap();
    g.legal_actions()
        .iter()
        .filter(|a| matches!(a, nshex_rules::Action::Grant { from, .. } if *from == c))
        .count()
}

#[test]
fn d14_an_allied_smart_hq_grants_a_move_used_by_the_units_own_seat() {
    // Seat 2's turn: its runner next to its ally's Smart HQ may use the grant.
    let mut rec = game(&smart_team_text(2, r#""outpost.battle""#));
    if rec.game.stage() == Stage::Discard {
        play(&mut rec, "discard battle");
    }
    assert_eq!(rec.game.to_move(), 2);
    assert!(
        grants_from(&rec.game, 1, -1) > 0,
        "the ally's runner gets the grant (D-14)"
    );
    // Seat 0's turn: the Smart player never moves its ally's unit (FAQ-389, FAQ-391), but
    // moves its own.
    let mut rec = game(&smart_team_text(0, r#""smart.battle""#));
    if rec.game.stage() == Stage::Discard {
        play(&mut rec, "discard battle");
    }
    assert_eq!(rec.game.to_move(), 0);
    assert_eq!(
        grants_from(&rec.game, 1, -1),
        0,
        "no grant on an ally's unit"
    );
    assert!(
        grants_from(&rec.game, -1, 0) > 0,
        "its own scout gets the grant"
    );
}

#[test]
fn faq387_an_agitator_never_takes_over_an_allied_moloch_unit() {
    // Vegas (seat 0) and Moloch (seat 2) against Borgo (1) and Outpost (3): a Vegas Agitator
    // facing a Moloch hybrid takes nothing; facing a Borgo mutant it takes it.
    let units = units_toml(&[
        (0, "vegas.hq", -2, 2, 0),
        (1, "borgo.hq", 2, -2, 0),
        (2, "moloch.hq", -2, 0, 0),
        (3, "outpost.hq", 2, 0, 0),
        (0, "vegas.agitator", 0, 0, 0),
        (2, "moloch.hybrid", 0, -1, 0),
        (0, "vegas.agitator", 1, 0, 3),
        (1, "borgo.mutant", 1, 1, 0),
    ]);
    let text = format!(
        r#"
[game]
armies = ["vegas", "borgo", "moloch", "outpost"]
mode = "team"

{units}"#
    );
    let sc = parse_scenario(&text, "faq387", false).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = sc.position.clone();
    pos.settle();
    let at = |q, r| pos.unit_at(nshex_rules::Hex::new(q, r)).copied().unwrap();
    assert_eq!(
        at(0, -1).ctrl,
        2,
        "the allied Moloch hybrid stays Moloch's (FAQ-387)"
    );
    assert_eq!(at(1, 1).ctrl, 0, "the enemy mutant is taken over");
}

/// Team text: `armies` in team mode, `to_move`'s turn 10 holding `hand`, the units given as
/// (seat, tile, q, r), HQs included.
fn team_text(armies: &str, to_move: u8, hand: &str, units: &[(u8, &str, i8, i8)]) -> String {
    let mut t =
        format!("[game]\narmies = {armies}\nmode = \"team\"\nto_move = {to_move}\nturn = 10\n\n");
    let units: Vec<_> = units
        .iter()
        .map(|&(s, tile, q, r)| (s, tile, q, r, 0))
        .collect();
    t += &units_toml(&units);
    t += &format!("[[hand]]\nseat = {to_move}\ntiles = [{hand}]\n\n");
    // Its deck: three of a tile the tests discard.
    let army = armies
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .nth(to_move as usize)
        .expect("an army")
        .trim()
        .trim_matches('"')
        .to_string();
    let filler = if army == "borgo" { "claws" } else { "battle" };
    t += &format!(
        "[[deck]]\nseat = {to_move}\ntiles = [\"{army}.{filler}\", \"{army}.{filler}\", \"{army}.{filler}\"]\n"
    );
    t
}

fn to_main(rec: &mut Record, discard: &str) {
    if rec.game.stage() == Stage::Discard {
        play(rec, &format!("discard {discard}"));
    }
}

#[test]
fn faq392_an_allied_recon_center_gives_two_hex_moves() {
    // Outpost (seat 0) with its Recon Center; Borgo (seat 2) is its ally and moves its mutant.
    let units = [
        (0, "outpost.hq", -2, 2),
        (1, "moloch.hq", 2, -2),
        (2, "borgo.hq", -2, 0),
        (3, "hegemony.hq", 2, 0),
        (0, "outpost.recon_center", 0, 2),
        (2, "borgo.mutant", 0, 0),
    ];
    let armies = r#"["outpost", "moloch", "borgo", "hegemony"]"#;
    let mut rec = game(&team_text(armies, 2, r#""borgo.move""#, &units));
    to_main(&mut rec, "claws");
    let from = rec.game.pos().cell_of(nshex_rules::Hex::new(0, 0)).unwrap();
    let geo = rec.game.pos().geometry();
    let far = |g: &Game| {
        g.legal_actions().iter().any(|a| match *a {
            nshex_rules::Action::Move { from: f, to, .. } if f == from => {
                !geo.neighbors[from as usize].contains(&to) && to != from
            }
            _ => false,
        })
    };
    assert!(
        far(&rec.game),
        "the ally's Recon Center gives two-hex moves (FAQ-392)"
    );
    // Without the alliance (a deathmatch of the same seats) it does not.
    let text = team_text(armies, 2, r#""borgo.move""#, &units)
        .replace("mode = \"team\"", "mode = \"deathmatch\"");
    let mut rec = game(&text);
    to_main(&mut rec, "claws");
    assert!(!far(&rec.game), "an enemy's Recon Center gives nothing");
}

#[test]
fn faq390_push_back_on_allies_only_between_moloch_and_its_ally_d28() {
    let armies = r#"["moloch", "outpost", "borgo", "hegemony"]"#;
    let units = [
        (0, "moloch.hq", -2, 2),
        (1, "outpost.hq", 2, -2),
        (2, "borgo.hq", -2, 0),
        (3, "hegemony.hq", 2, 0),
        (0, "moloch.blocker", 0, 0),
        (2, "borgo.mutant", 0, -1),
        (1, "outpost.runner", 1, 1),
        (3, "hegemony.ganger", 1, 0),
    ];
    let pushes = |g: &Game, from: (i8, i8), target: (i8, i8)| {
        let c = |h: (i8, i8)| g.pos().cell_of(nshex_rules::Hex::new(h.0, h.1)).unwrap();
        g.legal_actions().contains(&nshex_rules::Action::PushBack {
            from: c(from),
            target: c(target),
        })
    };
    // Moloch (seat 0) may push back its Borgo ally's mutant (3.0 "Moloch in a Team Match").
    let mut rec = game(&team_text(armies, 0, r#""moloch.push_back""#, &units));
    to_main(&mut rec, "battle");
    assert!(pushes(&rec.game, (0, 0), (0, -1)), "Moloch pushes its ally");
    // Hegemony (seat 3) may not push back its Outpost ally's runner (FAQ-390).
    let mut rec = game(&team_text(armies, 3, r#""hegemony.push_back""#, &units));
    to_main(&mut rec, "battle");
    assert!(
        !pushes(&rec.game, (1, 0), (1, 1)),
        "no Push Back on an ally"
    );
    let line = "play push_back 1,0 -> 1,1";
    let e = line_to_legal_action(&rec.game, line).unwrap_err();
    assert!(e.contains("allies are never pushed back"), "{e}");
}

#[test]
fn faq374_own_wounds_to_ones_own_hq_score_for_opponents_the_seat_chooses() {
    // Points game: a Moloch Clown explodes next to three Borgo mutants and its own HQ; the
    // wound to its own HQ is a point Moloch gives to an opponent of its choice (FAQ-374).
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/points_own_wound.toml");
    let text = std::fs::read_to_string(path).expect("tests/fixtures/points_own_wound.toml");
    let mut rec = game(&text);
    play(&mut rec, "discard blocker");
    play(&mut rec, "play battle");
    let g = &rec.game;
    let w = g
        .credits_due()
        .expect("Moloch's own wound waits to be given");
    assert_eq!(w.left[..3], [1, 0, 0]);
    assert_eq!(g.current_player(), Player::Seat(0));
    let legal = g.legal_actions();
    assert!(legal.contains(&nshex_rules::Action::Credit { to: 1, n: 1 }));
    assert!(legal.contains(&nshex_rules::Action::Credit { to: 2, n: 1 }));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, nshex_rules::Action::Credit { to: 0, .. })));
    let e = line_to_legal_action(g, "credit 0 1").unwrap_err();
    assert!(e.contains("opponent"), "{e}");
    let e = line_to_legal_action(g, "end").unwrap_err();
    assert!(e.contains("FAQ-374"), "{e}");
    // The wait survives a save.
    let back = game_from_json(&game_to_json(g)).unwrap();
    assert_eq!(&back, g);
    let before = g.pos().hq_hp;
    play(&mut rec, "credit 2 1");
    assert_eq!(rec.game.pos().hq_hp[2], before[2] + 1);
    assert!(rec.game.credits_due().is_none());
    // The Battle tile's turn is over: the next seat plays.
    assert_eq!(rec.game.to_move(), 1);
}

#[test]
fn faq393_a_scoped_module_works_for_the_scopers_allies() {
    // Team match: Outpost (seat 0) and Borgo (seat 2) against Moloch (1) and Hegemony (3). The
    // Outpost Scoper takes over the Moloch Officer (+1 ranged, links NE, S, NW from (0,0)); the
    // Borgo mutant it links to on (0,1) is the Scoper's ally: it gets the bonus (FAQ-393).
    let armies = armies(&["outpost", "moloch", "borgo", "hegemony"]);
    let set = tiles();
    let place = |pos: &mut nshex_rules::Position, id: &str, seat: u8, q: i8, r: i8| {
        pos.place(
            nshex_rules::Hex::new(q, r),
            set.find(id).unwrap(),
            seat,
            0,
            0,
        );
    };
    let bonus_with = |mode: Mode| {
        let mut pos = nshex_rules::Position::new(BoardKind::Standard, &armies);
        pos.set_mode(mode);
        place(&mut pos, "moloch.officer", 1, 0, 0);
        place(&mut pos, "outpost.scoper", 0, 1, -1);
        place(&mut pos, "borgo.mutant", 2, 0, 1);
        place(&mut pos, "moloch.hybrid", 1, -1, 0);
        pos.settle();
        let an = nshex_rules::Resolver::new().analyze(&pos);
        let c = |q, r| pos.cell_of(nshex_rules::Hex::new(q, r)).unwrap() as usize;
        (an.ranged_bonus[c(0, 1)], an.ranged_bonus[c(-1, 0)])
    };
    assert_eq!(
        bonus_with(Mode::Team),
        (1, 0),
        "the scoped Officer serves the Scoper's ally"
    );
    assert_eq!(
        bonus_with(Mode::Deathmatch),
        (0, 0),
        "without teams the mutant is an enemy"
    );
}

#[test]
fn faq368_the_battle_starter_chooses_between_allied_medics_d26() {
    // Team match: Outpost (seat 0) and Borgo (seat 2) against Moloch (1) and Hegemony (3). A
    // Moloch hunter-killer strikes the Borgo mutant on (0,0); an Outpost Medic and a Borgo
    // Medic are both linked to it: mutually exclusive options of allies.
    let armies = armies(&["outpost", "moloch", "borgo", "hegemony"]);
    let set = tiles();
    let mut pos = nshex_rules::Position::new(BoardKind::Standard, &armies);
    pos.set_mode(Mode::Team);
    for (id, seat, q, r, f) in [
        ("borgo.mutant", 2, 0, 0, 0),
        ("moloch.hunter_killer", 1, 0, 1, 0),
        ("outpost.medic", 0, 1, -1, 4),
        ("borgo.medic", 2, -1, 0, 2),
    ] {
        pos.place(
            nshex_rules::Hex::new(q, r),
            set.find(id).unwrap(),
            seat,
            f,
            0,
        );
    }
    pos.settle();
    let ask = |starter: Option<u8>, manual: u8| {
        let mut r = nshex_rules::Resolver::new();
        r.set_starter(starter);
        let mut p = pos.clone();
        r.resolve_step(&mut p, manual, &[], &mut nshex_rules::NoLog)
            .unwrap()
    };
    // Seat 0 started the battle and answers its own choices: it is asked, and may have
    // either Medic take the blow.
    match ask(Some(0), 0b0001) {
        nshex_rules::Step::Ask(nshex_rules::Question::Medic { seat, options, .. }) => {
            assert_eq!(
                seat, 0,
                "the seat that started the battle decides (FAQ-368)"
            );
            let medics: std::collections::BTreeSet<u8> = options.iter().map(|o| o.medic).collect();
            assert_eq!(
                medics.len(),
                2,
                "both allied Medics are options: {options:?}"
            );
        }
        other => panic!("expected a question to seat 0, got {other:?}"),
    }
    // Seat 2 answering its own choices is not asked when seat 0 started the battle.
    assert!(matches!(ask(Some(0), 0b0100), nshex_rules::Step::Done(_)));
}

#[test]
fn a_scenario_names_who_began_the_ending_faq36() {
    // Seats 1 and 2 have empty decks; seat 0 to move. With `ending_by = 2` seat 2 began the
    // ending: seats 0 and 1 still play, then seat 2 starts the Final Battle (FAQ-36); with
    // `ending_by = 1` only seat 0 still plays.
    let text = |extra: &str| {
        format!(
            "[game]\narmies = [\"borgo\", \"moloch\", \"outpost\"]\nto_move = 0\nturn = 20\n{extra}\n\n{}\
             [[deck]]\nseat = 1\ntiles = []\n\n[[deck]]\nseat = 2\ntiles = []\n",
            units_toml(&[
                (0, "borgo.hq", -2, 0, 0),
                (1, "moloch.hq", 2, -2, 0),
                (2, "outpost.hq", 0, 2, 0),
            ])
        )
    };
    let rec = game(&text("ending_by = 2"));
    assert_eq!(rec.game.ending_by(), Some(2));
    assert_eq!(rec.game.ending(), Ending::LastRound { turns_left: 2 });
    let back = game_from_json(&game_to_json(&rec.game)).unwrap();
    assert_eq!(back.ending_by(), Some(2));
    let rec = game(&text("ending_by = 1"));
    assert_eq!(rec.game.ending(), Ending::LastRound { turns_left: 1 });
    let e = parse_scenario(&text("ending_by = 5"), "e", false).unwrap_err();
    assert!(e.message.contains("ending_by"), "{e}");
    assert_eq!(e.line, 5);
}

/// Three seats around a Doomsday Trap on (0,0) (marked edge N): the Borgo HQ (seat 0) stands
/// beyond the marked edge on (0,-1) holding a Grenade; `extra` adds keys to `[game]`.
fn grenade_at_trap_text(extra: &str, ddm_hq: (i8, i8)) -> String {
    let units = units_toml(&[
        (0, "borgo.hq", 0, -1, 0),
        (1, "doomsday.hq", ddm_hq.0, ddm_hq.1, 0),
        (2, "moloch.hq", 2, -2, 0),
        (1, "doomsday.trap", 0, 0, 0),
    ]);
    format!(
        "[game]\narmies = [\"borgo\", \"doomsday\", \"moloch\"]\nto_move = 0\nturn = 10\n{extra}\n\
         {units}[[deck]]\nseat = 0\ntiles = [\"borgo.grenade\", \"borgo.battle\", \
         \"borgo.battle\", \"borgo.battle\"]\n"
    )
}

#[test]
fn d22_shrapnel_outside_a_battle_eliminates_the_thrower_and_ends_its_turn() {
    // Deathmatch: the Borgo HQ has 1 hit point; its Grenade sets the Trap off (D-21) and the
    // shrapnel destroys it at once (D-22): seat 0 leaves the game (D-26) in its own turn,
    // which ends; the Doomsday seat plays next.
    let mut rec = game(&grenade_at_trap_text("hq_hp = [1, 20, 20]", (-2, 2)));
    play(&mut rec, "discard battle");
    play(&mut rec, "play grenade 0,0");
    let g = &rec.game;
    assert_eq!(g.eliminated(), 0b001);
    assert!(!g.is_over());
    assert_eq!(g.to_move(), 1);
    assert!(
        g.hands()[0].is_empty(),
        "an eliminated seat's hand leaves the game"
    );
    assert!(g.pos().cells.iter().flatten().all(|u| u.seat != 0));
}

#[test]
fn d22_faq374_own_shrapnel_outside_a_battle_waits_for_credit_then_the_turn_goes_on() {
    // Points game: the Doomsday HQ on (-1,0) is next to its own Trap; the Borgo Grenade sets
    // the Trap off: its shrapnel wounds the Borgo HQ (a point for Doomsday, D-29) and the
    // Doomsday HQ (Doomsday's own wound, given away by Doomsday, FAQ-374). Then the Borgo
    // turn goes on.
    let mut rec = game(&grenade_at_trap_text("mode = \"points\"", (-1, 0)));
    play(&mut rec, "discard battle");
    play(&mut rec, "play grenade 0,0");
    let g = &rec.game;
    assert_eq!(g.pos().hq_hp[..3], [0, 1, 0]);
    let w = g.credits_due().expect("Doomsday's own wound waits");
    assert_eq!(w.left[..3], [0, 1, 0]);
    assert_eq!(g.current_player(), Player::Seat(1));
    let back = game_from_json(&game_to_json(g)).unwrap();
    assert_eq!(&back, g);
    play(&mut rec, "credit 2 1");
    let g = &rec.game;
    assert_eq!(g.pos().hq_hp[..3], [0, 1, 1]);
    assert_eq!(g.current_player(), Player::Seat(0));
    assert_eq!(g.stage(), Stage::Main);
}
