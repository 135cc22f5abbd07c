//! The search's unit tests: each level's settings and valuation terms, the kept subtree,
//! greedy's move at the root, a lost game kept close.

use super::*;

#[test]
fn a_search_values_with_the_weight_set_of_its_games_mode() {
    use crate::weights::WeightSets;
    let set = tiles();
    let armies = [
        set.find_army("borgo").unwrap(),
        set.find_army("moloch").unwrap(),
    ];
    let reinforcements = nshex_rules::Options {
        variants: nshex_rules::REINFORCEMENTS,
        ..Default::default()
    };
    let game = |options| {
        Game::with_options(
            &armies,
            nshex_rules::BoardKind::Standard,
            nshex_rules::Mode::default_for(2),
            options,
            1,
        )
        .unwrap()
    };
    let shipped = WeightSets::shipped();
    assert_ne!(
        shipped.base.hand, shipped.reinforcements.hand,
        "the Reinforcements set values the hand"
    );
    let mut s = Search::new(MctsConfig::easy(), 1);
    s.run(&game(reinforcements), 8, None, &Progress::new());
    assert_eq!(s.eval.weights(), shipped.reinforcements);
    s.run(&game(Default::default()), 8, None, &Progress::new());
    assert_eq!(s.eval.weights(), shipped.base);
    // hard-v1's sets are the hand-set weights in every mode; `w.` settings reach both.
    let mut v1 = Search::new(
        MctsConfig {
            weights: WeightSets::V1,
            ..MctsConfig::easy()
        },
        1,
    );
    v1.run(&game(reinforcements), 8, None, &Progress::new());
    assert_eq!(v1.eval.weights(), crate::weights::V1);
    let mut both = shipped;
    both.set("hand", 0.7).unwrap();
    assert_eq!((both.base.hand, both.reinforcements.hand), (0.7, 0.7));
    assert!(both.set("nope", 1.0).is_err());
}

#[test]
fn hard_searches_its_own_turn_only_with_reinforcements_and_hard_v1_as_before() {
    let set = tiles();
    let game = |armies: &[&str], variants| {
        let armies: Vec<_> = armies.iter().map(|a| set.find_army(a).unwrap()).collect();
        let options = nshex_rules::Options {
            variants,
            ..Default::default()
        };
        let mode = nshex_rules::Mode::default_for(armies.len() as u8);
        let board = nshex_rules::BoardKind::Standard;
        Game::with_options(&armies, board, mode, options, 1).unwrap()
    };
    let plain = game(&["borgo", "moloch"], 0);
    let reinforced = game(&["borgo", "moloch"], nshex_rules::REINFORCEMENTS);
    let four = game(&["borgo", "moloch", "outpost", "hegemony"], 0);
    let hard = MctsConfig::hard();
    assert_eq!(hard.horizon_for(&plain), 1);
    assert_eq!(hard.horizon_for(&reinforced), 0);
    assert_eq!(hard.horizon_for(&four), 1);
    let v1 = MctsConfig {
        horizon_reinforcements: None,
        ..MctsConfig::hard()
    };
    assert_eq!(v1.horizon_for(&reinforced), 1);
    let multi = MctsConfig {
        horizon_multi: Some(2),
        ..MctsConfig::hard()
    };
    assert_eq!(
        (multi.horizon_for(&four), multi.horizon_for(&plain)),
        (2, 1)
    );
}

/// Hard counts a point of energy at `HARD_ENERGY` in every set (the Duel board; docs/AI.md,
/// "Energy on the Duel board"); Medium, and greedy's shipped set, keep 0.6, `hard-v1` the
/// hand-set 0.6.
#[test]
fn hard_counts_energy_at_its_own_weight_and_the_others_keep_theirs() {
    use crate::config::HARD_ENERGY;
    let hard = MctsConfig::hard().weights;
    assert_eq!(
        (hard.base.energy, hard.reinforcements.energy),
        (HARD_ENERGY, HARD_ENERGY)
    );
    assert!(HARD_ENERGY < crate::weights::Weights::default().energy);
    assert_eq!(
        MctsConfig::medium().weights.base.energy,
        crate::weights::Weights::default().energy
    );
    assert_eq!(
        MctsConfig::hard_v1().weights.base.energy,
        crate::weights::V1.energy
    );
    assert_eq!(crate::weights::V1.energy, 0.6);
}

/// Hard values a team match by each side's weakest HQ (a team loses with its first HQ
/// destroyed); Medium and `hard-v1` keep the averages, which prefer the other board.
#[test]
fn hard_values_a_team_match_by_the_weakest_hq_and_hard_v1_by_the_averages() {
    let (split, even) = crate::eval::split_and_even_team();
    let prefers_even = |cfg: MctsConfig| {
        let mut s = Search::new(cfg, 1);
        s.eval.board(&even, 0) > s.eval.board(&split, 0)
    };
    assert!(prefers_even(MctsConfig::hard()));
    assert!(!prefers_even(MctsConfig::hard_v1()));
    assert!(!prefers_even(MctsConfig::medium()));
}

/// In a deathmatch of three or four seats Hard puts a quarter of the HQ valuation on the
/// strongest enemy: of two boards with the same enemy average it prefers the one where
/// the leader is lower; Medium and `hard-v1` see no difference.
#[test]
fn hard_looks_at_the_leading_enemy_in_a_deathmatch_and_hard_v1_at_the_average() {
    let mut high = crate::eval::four_seats(nshex_rules::Mode::Deathmatch);
    high.hq_hp[..4].copy_from_slice(&[15, 20, 10, 10]);
    let mut low = high.clone();
    low.hq_hp[..4].copy_from_slice(&[15, 16, 16, 8]);
    let prefers = |cfg: MctsConfig| {
        let mut s = Search::new(cfg, 1);
        s.eval.board(&low, 0) - s.eval.board(&high, 0)
    };
    assert!(prefers(MctsConfig::hard()) > 0.5, "a quarter of 4 points");
    assert_eq!(prefers(MctsConfig::hard_v1()), 0.0);
    assert_eq!(prefers(MctsConfig::medium()), 0.0);
}

/// `keep_tree`: when the action played leaves the same seat to decide in the same turn
/// (nothing drawn in between), the next search starts from the subtree below that action,
/// so its root's children hold more visits than it ran iterations; with `keep=0` a search
/// starts from nothing, its root's children holding exactly its iterations. With the tree
/// kept, the same seed still plays the same game.
#[test]
fn the_subtree_of_the_action_played_is_kept_for_the_next_decision_of_the_turn() {
    let play = |keep: bool| {
        let cfg = MctsConfig {
            iterations: 300,
            keep_tree: keep,
            ..MctsConfig::medium()
        };
        let mut bot = MctsBot::new("medium", cfg, 7);
        let mut g = crate::eval::random_game(["borgo", "moloch"], 5, 4);
        let (mut kept, mut fresh, mut actions) = (0, 0, Vec::new());
        while g.turn() < 8 && g.current_player() != Player::Terminal {
            let a = match g.current_player() {
                Player::Chance => g.natural_draw().unwrap(),
                _ if g.battle_question().is_some() => bot.choose(&g),
                _ => {
                    let a = bot.choose(&g);
                    let r = bot.last.as_ref().unwrap();
                    let visits: u32 = r.root.iter().map(|x| x.1).sum();
                    if r.iterations > 0 && visits > r.iterations {
                        kept += 1;
                    } else if r.iterations > 0 {
                        assert_eq!(visits, r.iterations);
                        fresh += 1;
                    }
                    a
                }
            };
            actions.push(a);
            g.apply_unchecked(a);
        }
        (kept, fresh, actions)
    };
    let (kept, fresh, with) = play(true);
    assert!(kept > 3 && fresh > 3, "kept {kept}, fresh {fresh}");
    let (kept, fresh, _) = play(false);
    assert_eq!(kept, 0);
    assert!(fresh > 6);
    assert_eq!(play(true).2, with, "the same seed plays the same game");
}

/// Hard searches four times the 20,000 iterations of before (docs/AI.md, "Four times the
/// iterations"), each level more than the one below; `hard-v1` keeps Hard's budget, so
/// the league compares the two at equal time, and searches every decision from nothing.
#[test]
fn hard_searches_eighty_thousand_iterations_and_hard_v1_as_many() {
    let (hard, v1) = (MctsConfig::hard(), MctsConfig::hard_v1());
    assert_eq!(hard.iterations, 80_000);
    assert_eq!(v1.iterations, hard.iterations);
    assert!(MctsConfig::medium().iterations < hard.iterations);
    assert!(MctsConfig::easy().iterations < MctsConfig::medium().iterations);
    assert!(hard.keep_tree && MctsConfig::medium().keep_tree && !v1.keep_tree);
}

/// `groot=1` (issue 43): the root's first child is the move greedy would play, the best
/// by greedy's own valuation; `groot=2` orders the whole root by that valuation.
#[test]
fn greedys_move_comes_first_at_the_root_with_greedy_root() {
    let g = crate::eval::random_game(["smart", "outpost"], 5, 6);
    let Player::Seat(seat) = g.current_player() else {
        panic!("a seat decides")
    };
    let greedy_value = |a: Action| {
        let mut h = g.for_search(seat);
        h.apply_unchecked(a);
        h.answer_automatically();
        BattleEval::new().game(&h, seat)
    };
    let mut legal = Vec::new();
    g.legal_actions_into(&mut legal);
    let best = legal
        .iter()
        .map(|&a| greedy_value(a))
        .fold(f64::NEG_INFINITY, f64::max);
    for groot in [1, 2] {
        let cfg = MctsConfig {
            greedy_root: groot,
            ..MctsConfig::hard()
        };
        let mut s = Search::new(cfg, 1);
        s.run(&g, 4, None, &Progress::new());
        assert_eq!(greedy_value(s.root_order[0]), best, "groot={groot}");
        if groot == 2 {
            let values: Vec<f64> = s.root_order.iter().map(|&a| greedy_value(a)).collect();
            assert!(values.windows(2).all(|w| w[0] >= w[1] - 1e-3), "{values:?}");
        }
    }
}

/// `grant`: friendly units next to a Smart HQ count for its side, plus half of each board
/// hex around it (six inside the board, three or four on the outer ring).
#[test]
fn the_grant_counts_units_next_to_a_smart_hq_and_the_room_around_it() {
    use nshex_rules::Hex;
    let set = tiles();
    let armies = crate::eval::armies(["smart", "borgo"]);
    let g = Game::new(&armies, nshex_rules::BoardKind::Standard, 1);
    let mut p = g.pos().clone();
    let (hq, borgo_hq) = (set.find("smart.hq").unwrap(), set.find("borgo.hq").unwrap());
    let ripper = set.find("smart.ripper").unwrap();
    p.place(Hex::new(0, 0), hq, 0, 0, 0);
    assert_eq!(crate::eval::grant_count(&p, 0), 3.0);
    p.place(Hex::new(1, 0), ripper, 0, 0, 0);
    p.place(Hex::new(0, 1), ripper, 0, 0, 0);
    p.place(Hex::new(-1, 0), borgo_hq, 1, 0, 0);
    assert_eq!(crate::eval::grant_count(&p, 0), 5.0);
    assert_eq!(crate::eval::grant_count(&p, 1), -5.0);
    let mut edge = g.pos().clone();
    edge.place(Hex::new(2, 0), hq, 0, 0, 0);
    assert_eq!(
        crate::eval::grant_count(&edge, 0),
        1.5,
        "a corner: three neighbours"
    );
}

/// The last turn of a Duel-board game that seat 1 has lost whatever it does (HQs at 10
/// and 15, no unit on the board, the decks empty): by the result alone every action is
/// worth the same loss, so the search may as well buy energy with hit points (D-16) before
/// the Final Battle; with `margin` a closer loss is worth more, and ending the turn beats
/// every purchase.
#[test]
fn with_margin_a_lost_game_is_kept_close_and_no_hit_point_is_sold_for_nothing() {
    use nshex_rules::{Hex, Setup};
    let set = tiles();
    let armies = crate::eval::armies(["moloch", "borgo"]);
    let mut p = Game::new(&armies, nshex_rules::BoardKind::Duel, 1)
        .pos()
        .clone();
    p.place(Hex::new(-2, 0), set.find("moloch.hq").unwrap(), 0, 0, 0);
    p.place(Hex::new(2, 0), set.find("borgo.hq").unwrap(), 1, 0, 0);
    p.hq_hp[..2].copy_from_slice(&[15, 10]);
    let mut setup = Setup::new(p);
    setup.to_move = 1;
    setup.turn = 30;
    setup.drawn = true;
    setup.ending_by = Some(0);
    let g = Game::from_setup(setup).unwrap();
    let mut legal = Vec::new();
    g.legal_actions_into(&mut legal);
    assert!(legal.contains(&Action::Buy { n: 5 }) && legal.contains(&Action::EndTurn));
    let root = |margin: f32| {
        let cfg = MctsConfig {
            iterations: 600,
            win_margin: margin,
            ..MctsConfig::medium()
        };
        let mut s = Search::new(cfg, 3);
        let r = s.run(&g, 600, None, &Progress::new());
        (r.action, r.root)
    };
    let (_, plain) = root(0.0);
    assert!(plain.iter().all(|&(_, _, q)| q == 0.0), "{plain:?}");
    let (best, stats) = root(0.1);
    assert_eq!(best, Action::EndTurn);
    let q = |a: Action| stats.iter().find(|x| x.0 == a).map(|x| x.2).unwrap();
    // 5 hit points behind after the Final Battle: 0.1 / (1 + e^(5/4)).
    assert!((q(Action::EndTurn) - 0.1 / (1.0 + 1.25f32.exp())).abs() < 1e-5);
    for n in 1..=5 {
        assert!(q(Action::Buy { n }) < q(Action::EndTurn), "buy {n}");
    }
    assert!(q(Action::Buy { n: 5 }) < q(Action::Buy { n: 1 }));
    // Every level values losses so; `hard-v1` by the result alone; `margin=N` sets it.
    for cfg in [MctsConfig::easy(), MctsConfig::medium(), MctsConfig::hard()] {
        assert_eq!(cfg.win_margin, crate::config::WIN_MARGIN);
    }
    assert_eq!(MctsConfig::hard_v1().win_margin, 0.0);
    assert!(crate::registry::bot_by_name("hard:margin=0", 0).is_ok());
    assert!(crate::registry::bot_by_name("hard:margin=101", 0).is_err());
}

#[test]
fn a_node_is_small() {
    assert!(std::mem::size_of::<Node>() <= 32);
}
