//! Fuzzing the loaders and the decision API with proptest: arbitrary bytes to the scenario
//! and save loaders, arbitrary action numbers to games. Never a panic, always a clean error.

use nshex_formats::save::Record;
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::game_from_scenario;
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::{Action, Game, Player};
use proptest::prelude::*;

/// A position the fuzz targets start from, from tests/fixtures (pytest reads them too):
/// `fuzz_position.toml`; the Duel's (Smart against Vegas on the Duel board); the three-seat
/// one (a deathmatch on the 37-hex board, one seat out); the one with options.
fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("tests/fixtures/{name}: {e}"))
}

/// Edits of a text (a position, a printable byte put there): from 1 to `most - 1`.
fn text_edits(most: usize) -> impl Strategy<Value = Vec<(usize, u8)>> {
    proptest::collection::vec((any::<usize>(), 32u8..127), 1..most)
}

/// A save of a game with both variants, two Mercenaries each, picked, and the Mad Bomber as
/// a mercenary, 74 random decisions in (a hand of more than three by then).
fn an_options_save() -> String {
    let set = tiles();
    let armies: Vec<_> = ["hegemony", "doomsday"]
        .iter()
        .map(|a| set.find_army(a).unwrap())
        .collect();
    let options = nshex_rules::Options {
        variants: nshex_rules::REINFORCEMENTS | nshex_rules::ALTERNATIVE_START,
        mercenaries: 2,
        random_mercenaries: false,
        mad_bomber: nshex_rules::MadBomber::Mercenary,
    };
    let g = Game::with_options(
        &armies,
        BoardKind::Standard,
        nshex_rules::Mode::Standard,
        options,
        5,
    )
    .unwrap();
    saved_after(g, 74)
}

/// A save of a four-seat team match on the 37-hex board, 120 random decisions in.
fn a_team_save() -> String {
    let set = tiles();
    let armies: Vec<_> = ["moloch", "outpost", "borgo", "vegas"]
        .iter()
        .map(|a| set.find_army(a).unwrap())
        .collect();
    let g = Game::with_mode(&armies, BoardKind::Expanded, nshex_rules::Mode::Team, 5).unwrap();
    saved_after(g, 120)
}

fn a_save() -> String {
    save_of("outpost", "hegemony", BoardKind::Standard)
}

/// A save of Smart against Vegas on the Duel board, 60 random decisions in.
fn a_duel_save() -> String {
    save_of("smart", "vegas", BoardKind::Duel)
}

fn save_of(a: &str, b: &str, board: BoardKind) -> String {
    let set = tiles();
    let g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        board,
        5,
    );
    saved_after(g, 60)
}

/// The save of `g` after `n` random decisions (draws by the deck order).
fn saved_after(g: Game, n: usize) -> String {
    let mut rec = Record::new(g, Some(5));
    let mut bot = nshex_ai::bots::RandomBot::new(1);
    for _ in 0..n {
        let a = match rec.game.current_player() {
            Player::Terminal => break,
            Player::Chance => rec.game.natural_draw().unwrap(),
            Player::Seat(_) => nshex_ai::Bot::choose(&mut bot, &rec.game),
        };
        rec.apply(a).unwrap();
    }
    rec.to_json().to_string()
}

/// An edited save is loaded or refused, never a panic.
fn edited_save_loads_or_not(text: &str, edits: &[(usize, u8)]) {
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(&mutate(text, edits)) {
        let _ = Record::from_json(&v);
    }
}

/// An edited scenario either fails to load, or loads into a game, or is refused with a reason.
fn edited_scenario_loads_or_says_why(text: &str, edits: &[(usize, u8)]) -> bool {
    let text = mutate(text, edits);
    match parse_scenario(&text, "fuzz", true) {
        Ok(sc) => game_from_scenario(&sc, 0).map_or_else(|e| !e.is_empty(), |_| true),
        Err(_) => true,
    }
}

fn mutate(text: &str, edits: &[(usize, u8)]) -> String {
    let mut b = text.as_bytes().to_vec();
    for &(pos, byte) in edits {
        if !b.is_empty() {
            let i = pos % b.len();
            b[i] = byte;
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn scenario_loader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_scenario(&text, "fuzz", false);
    }

    #[test]
    fn scenario_loader_never_panics_on_edited_files(edits in text_edits(6)) {
        prop_assert!(edited_scenario_loads_or_says_why(&fixture("fuzz_position.toml"), &edits));
    }

    #[test]
    fn duel_scenario_loader_never_panics_on_edited_files(edits in text_edits(6)) {
        prop_assert!(edited_scenario_loads_or_says_why(&fixture("fuzz_duel_position.toml"), &edits));
    }

    #[test]
    fn duel_save_loader_never_panics(edits in text_edits(4)) {
        edited_save_loads_or_not(&a_duel_save(), &edits);
    }

    #[test]
    fn multi_scenario_loader_never_panics_on_edited_files(edits in text_edits(6)) {
        prop_assert!(edited_scenario_loads_or_says_why(&fixture("fuzz_multi_position.toml"), &edits));
    }

    #[test]
    fn options_scenario_loader_never_panics_on_edited_files(edits in text_edits(6)) {
        prop_assert!(edited_scenario_loads_or_says_why(&fixture("fuzz_options_position.toml"), &edits));
    }

    #[test]
    fn options_save_loader_never_panics(edits in text_edits(4)) {
        edited_save_loads_or_not(&an_options_save(), &edits);
    }

    #[test]
    fn team_save_loader_never_panics(edits in text_edits(4)) {
        edited_save_loads_or_not(&a_team_save(), &edits);
    }

    /// D-19: on any board full of redirectors (loops, chains, Triplers, Gauss shots, Traps),
    /// both seats the Doomsday Machine, a battle ends, with and without a log alike, and the
    /// HQs stay in range.
    #[test]
    fn battles_end_on_boards_full_of_redirectors(cells in proptest::collection::vec((0u8..12, 0u8..2, 0u8..6), 19)) {
        let set = tiles();
        let ddm = set.find_army("doomsday").unwrap();
        const POOL: [&str; 12] = [
            "doom_net_fighter", "fireblast", "tripler", "tripler", "fireblast", "doom_net_fighter",
            "gauss_cannon", "delta_shooter", "omega_shooter", "trap", "medic", "officer",
        ];
        let mut pos = nshex_rules::Position::new(BoardKind::Standard, &[ddm, ddm]);
        let geo = pos.geometry();
        for (i, &(k, seat, facing)) in cells.iter().enumerate() {
            let h = geo.hexes[i];
            let id = if i == 0 || i == 18 { "hq" } else { POOL[k as usize] };
            let seat = if i == 0 { 0 } else if i == 18 { 1 } else { seat };
            let tile = set.find(&format!("doomsday.{id}")).unwrap();
            pos.place(h, tile, seat, facing, 0);
        }
        let mut a = pos.clone();
        let mut b = pos.clone();
        let mut r = nshex_rules::Resolver::new();
        let sa = r.resolve(&mut a, None, &mut nshex_rules::NoLog).unwrap();
        let mut log = nshex_rules::BattleLog::default();
        let sb = r.resolve(&mut b, None, &mut log).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(sa, sb);
        prop_assert!(a.hq_hp[..2].iter().all(|&h| h <= 20));
    }

    #[test]
    fn save_loader_never_panics(edits in text_edits(4)) {
        edited_save_loads_or_not(&a_save(), &edits);
    }

    #[test]
    fn arbitrary_actions_are_applied_or_refused(seed in 0u64..1000, numbers in proptest::collection::vec(any::<u64>(), 1..60)) {
        let set = tiles();
        // Base armies, and Smart against Vegas on the standard and the Duel board.
        // Three and four seats in every mode on both boards as well.
        use nshex_rules::Mode;
        let (armies, board, mode): (&[&str], _, _) = match seed % 7 {
            0 => (&["borgo", "moloch"], BoardKind::Standard, Mode::Standard),
            1 => (&["smart", "vegas"], BoardKind::Duel, Mode::Standard),
            2 => (&["vegas", "smart"], BoardKind::Standard, Mode::Standard),
            3 => (&["borgo", "moloch", "outpost"], BoardKind::Expanded, Mode::Deathmatch),
            4 => (&["moloch", "hegemony", "borgo", "vegas"], BoardKind::Standard, Mode::Team),
            5 => (&["outpost", "smart", "moloch"], BoardKind::Standard, Mode::OneVsTeam),
            _ => (&["hegemony", "borgo", "moloch", "outpost"], BoardKind::Expanded, Mode::Points),
        };
        let ids: Vec<_> = armies.iter().map(|a| set.find_army(a).unwrap()).collect();
        let mut g = Game::with_mode(&ids, board, mode, seed).unwrap();
        for x in numbers {
            // Half of the numbers are near real actions (small fields), half anything.
            let x = if x % 2 == 0 { x & 0x0f_00ff_ffff } else { x };
            if let Some(a) = Action::decode(x) {
                let before = g.clone();
                match g.apply(a) {
                    Ok(()) => {}
                    Err(e) => {
                        prop_assert!(!e.reason().is_empty());
                        prop_assert_eq!(&g, &before);
                    }
                }
            }
            if g.current_player() == Player::Chance {
                let d = g.natural_draw().unwrap();
                g.apply(d).unwrap();
            }
        }
    }
}

#[test]
fn the_fuzz_inputs_are_valid_to_begin_with() {
    let sc = parse_scenario(&fixture("fuzz_position.toml"), "fuzz", false).unwrap();
    game_from_scenario(&sc, 0).unwrap();
    let v: serde_json::Value = serde_json::from_str(&a_save()).unwrap();
    Record::from_json(&v).unwrap();
    let sc = parse_scenario(&fixture("fuzz_duel_position.toml"), "fuzz", false).unwrap();
    let g = game_from_scenario(&sc, 0).unwrap();
    // The Agitator on 0,1 (facing 3: south) holds the Bio-droid on 0,2.
    let bio = g.pos().unit_at(nshex_rules::Hex::new(0, 2)).unwrap();
    assert_eq!((bio.seat, bio.ctrl), (0, 1));
    let v: serde_json::Value = serde_json::from_str(&a_duel_save()).unwrap();
    Record::from_json(&v).unwrap();
    let sc = parse_scenario(&fixture("fuzz_multi_position.toml"), "fuzz", false).unwrap();
    let g = game_from_scenario(&sc, 0).unwrap();
    assert_eq!(g.eliminated(), 0b100);
    assert_eq!(g.pos().geometry().len(), 37);
    let v: serde_json::Value = serde_json::from_str(&a_team_save()).unwrap();
    let rec = Record::from_json(&v).unwrap();
    assert_eq!(rec.game.mode(), nshex_rules::Mode::Team);
    let sc = parse_scenario(&fixture("fuzz_options_position.toml"), "fuzz", false).unwrap();
    let g = game_from_scenario(&sc, 0).unwrap();
    assert_eq!(g.options().hand_limit(), 6);
    assert_eq!(g.mercenaries(1).len(), 1);
    let v: serde_json::Value = serde_json::from_str(&an_options_save()).unwrap();
    let rec = Record::from_json(&v).unwrap();
    assert_eq!(rec.game.options().mercenaries, 2);
    assert!(
        rec.game.hands().iter().any(|h| h.len() > 3),
        "hands of Reinforcements"
    );
}
