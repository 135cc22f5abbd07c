//! Game options: the Mercenaries' picks and deals (D-25) and what the variants change in a
//! game made by `Game::with_options` (D-31). The scripts in tests/scripts cover the turns.

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::{game_from_json, game_to_json};
use nshex_rules::{
    tiles, Action, BoardKind, Game, Mode, Options, Player, Stage, ALTERNATIVE_START, REINFORCEMENTS,
};

fn armies(ids: &[&str]) -> Vec<nshex_rules::ArmyId> {
    ids.iter().map(|i| tiles().find_army(i).unwrap()).collect()
}

fn merc(name: &str) -> nshex_rules::TileId {
    tiles().find(&format!("mercenaries.{name}")).unwrap()
}

#[test]
fn d25_mercenaries_are_picked_openly_one_at_a_time_in_turn_order_before_the_hqs() {
    let a = armies(&["borgo", "moloch"]);
    let options = Options {
        mercenaries: 2,
        ..Options::default()
    };
    let mut g = Game::with_options(&a, BoardKind::Standard, Mode::Standard, options, 3).unwrap();
    assert_eq!(g.stage(), Stage::Hire);
    let mut order = Vec::new();
    for name in ["alabama_shield", "alabama_rifleman", "alabama_net_fighter"] {
        let Player::Seat(s) = g.current_player() else {
            panic!("a seat picks")
        };
        order.push(s);
        g.apply(Action::Hire { tile: merc(name) }).unwrap();
    }
    // A Mercenary hired by one seat is no longer offered.
    let e = line_to_legal_action(&g, "hire alabama_shield").unwrap_err();
    assert!(e.contains("already hired"), "{e}");
    order.push(g.to_move());
    g.apply(Action::Hire {
        tile: merc("alabama_machine_gunner"),
    })
    .unwrap();
    assert_eq!(order, [0, 1, 0, 1]);
    assert_eq!(g.stage(), Stage::PlaceHq);
    assert_eq!(
        g.mercenaries(0),
        [merc("alabama_net_fighter"), merc("alabama_shield")]
    );
    assert_eq!(g.mercenaries(1).len(), 2);
    let back = game_from_json(&game_to_json(&g)).unwrap();
    assert_eq!(back, g);
}

#[test]
fn d25_random_mercenaries_are_dealt_from_the_seed_one_each_with_three_seats() {
    let a = armies(&["borgo", "moloch", "outpost"]);
    let options = Options {
        mercenaries: 1,
        random_mercenaries: true,
        ..Options::default()
    };
    let g = Game::with_options(&a, BoardKind::Standard, Mode::Deathmatch, options, 11).unwrap();
    let again = Game::with_options(&a, BoardKind::Standard, Mode::Deathmatch, options, 11).unwrap();
    assert_eq!(g, again, "the same seed deals the same Mercenaries");
    assert_eq!(g.stage(), Stage::PlaceHq);
    let dealt: Vec<_> = (0..3).flat_map(|s| g.mercenaries(s)).collect();
    assert_eq!(dealt.len(), 3);
    let mut unique = dealt.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 3, "each Mercenary once");
    // Two each is for two seats only.
    let two = Options {
        mercenaries: 2,
        ..options
    };
    let e = Game::with_options(&a, BoardKind::Standard, Mode::Deathmatch, two, 11).unwrap_err();
    assert!(e.contains("at most with 3 seats"), "{e}");
}

#[test]
fn d31_the_variants_draw_as_the_rules_say_over_a_game_start() {
    // Reinforcements alone: 4 then 5 (FAQ-48); with the alternative start: 6 then 6.
    for (variants, want) in [
        (REINFORCEMENTS, [4, 5]),
        (REINFORCEMENTS | ALTERNATIVE_START, [6, 6]),
    ] {
        let a = armies(&["hegemony", "outpost"]);
        let options = Options {
            variants,
            ..Options::default()
        };
        let mut g =
            Game::with_options(&a, BoardKind::Standard, Mode::Standard, options, 5).unwrap();
        g.apply(Action::PlaceHq { cell: 0, facing: 0 }).unwrap();
        g.apply(Action::PlaceHq {
            cell: 18,
            facing: 0,
        })
        .unwrap();
        let mut drawn = Vec::new();
        for _ in 0..2 {
            while g.current_player() == Player::Chance {
                g.apply(g.natural_draw().unwrap()).unwrap();
            }
            drawn.push(g.hands()[g.to_move() as usize].len());
            if g.stage() == Stage::Discard {
                let t = g.hands()[g.to_move() as usize][0];
                g.apply(Action::Discard { tile: t }).unwrap();
            }
            g.apply(Action::EndTurn).unwrap();
        }
        assert_eq!(drawn, want, "variants {variants}");
    }
}

/// D-24 setup: with the Mad Bomber (either mode) it stands neutral on the centre hex before
/// the HQs, no HQ may go there, and a game without it has an empty board.
#[test]
fn d24_the_mad_bomber_starts_neutral_on_the_centre_before_the_hqs() {
    use nshex_rules::{Hex, MadBomber, NEUTRAL};
    let a = armies(&["borgo", "moloch"]);
    let bomber = tiles().find("mercenaries.mad_bomber").unwrap();
    for mode in [MadBomber::Neutral, MadBomber::Mercenary] {
        let options = Options {
            mad_bomber: mode,
            ..Options::default()
        };
        let g = Game::with_options(&a, BoardKind::Standard, Mode::Standard, options, 1).unwrap();
        assert_eq!(g.stage(), Stage::PlaceHq);
        let centre = g.pos().cell_of(Hex::new(0, 0)).unwrap();
        let u = g.pos().cells[centre as usize].expect("the Mad Bomber on the centre");
        assert_eq!((u.tile, u.seat, u.ctrl), (bomber, NEUTRAL, NEUTRAL));
        let e = line_to_legal_action(&g, "hq 0,0").unwrap_err();
        assert!(e.contains("occupied"), "{e}");
        assert!(line_to_legal_action(&g, "hq 1,0").is_ok());
        // Saves keep it and its mode.
        let back = game_from_json(&game_to_json(&g)).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.options().mad_bomber, mode);
        // Neither a deck nor a hand holds it.
        assert!(g.decks().iter().flatten().all(|&t| t != bomber));
    }
    let g = Game::with_options(
        &a,
        BoardKind::Standard,
        Mode::Standard,
        Options::default(),
        1,
    )
    .unwrap();
    assert!(g.pos().units().next().is_none(), "off: no Mad Bomber");
}

/// D-24 status: every seat hits and nets a neutral Mad Bomber; it is nobody's ally.
#[test]
fn d24_a_neutral_mad_bomber_is_every_seats_enemy() {
    use nshex_rules::{Relations, NEUTRAL};
    let r = Relations::new(
        Mode::Team,
        &armies(&["borgo", "moloch", "outpost", "vegas"]),
    );
    for s in 0..4u8 {
        assert!(r.enemies(s, NEUTRAL) && !r.allied(NEUTRAL, s));
        assert_eq!(r.hits[s as usize] >> NEUTRAL & 1, 1, "seat {s} hits it");
        assert_eq!(r.nets[s as usize] >> NEUTRAL & 1, 1, "seat {s} nets it");
    }
    assert_eq!(r.hits[NEUTRAL as usize], 0, "it attacks nobody");
}
