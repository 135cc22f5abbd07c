//! The encoding against the engine: every legal action of many random states, every army,
//! board, mode and option, encodes to a distinct number that decodes to the same action,
//! and the mask marks exactly those numbers.

use super::{observation_into, ActionEncoding, ObservationShape, BLOCK_NAMES};
use crate::game::{
    Game, MadBomber, Options, Player, ALTERNATIVE_START, NO_UNLUCKY_DRAW, REINFORCEMENTS,
};
use crate::hex::BoardKind;
use crate::sides::Mode;
use crate::tiles::tiles;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games of every kind: (armies, board, mode, options, manual battle choices).
fn configs() -> Vec<(Vec<&'static str>, BoardKind, Mode, Options, u8)> {
    let plain = Options::default();
    let with = |variants, mercenaries, mad_bomber| Options {
        variants,
        mercenaries,
        random_mercenaries: false,
        mad_bomber,
    };
    let mut v = Vec::new();
    let all = [
        "borgo", "moloch", "hegemony", "outpost", "smart", "vegas", "doomsday",
    ];
    for (i, &a) in all.iter().enumerate() {
        let b = all[(i + 1) % all.len()];
        v.push((vec![a, b], BoardKind::Standard, Mode::Standard, plain, 0));
        v.push((vec![b, a], BoardKind::Duel, Mode::Standard, plain, 3));
    }
    let base = vec!["borgo", "moloch"];
    v.push((
        base.clone(),
        BoardKind::Standard,
        Mode::Standard,
        with(REINFORCEMENTS, 2, MadBomber::Off),
        0,
    ));
    v.push((
        vec!["hegemony", "outpost"],
        BoardKind::Standard,
        Mode::Standard,
        with(ALTERNATIVE_START | NO_UNLUCKY_DRAW, 1, MadBomber::Neutral),
        3,
    ));
    v.push((
        vec!["outpost", "borgo"],
        BoardKind::Standard,
        Mode::Standard,
        with(REINFORCEMENTS, 0, MadBomber::Mercenary),
        0,
    ));
    let four = vec!["borgo", "moloch", "hegemony", "outpost"];
    v.push((
        four[..3].to_vec(),
        BoardKind::Expanded,
        Mode::Deathmatch,
        plain,
        0,
    ));
    v.push((
        four[..3].to_vec(),
        BoardKind::Expanded,
        Mode::OneVsTeam,
        plain,
        0,
    ));
    v.push((four.clone(), BoardKind::Expanded, Mode::Points, plain, 0));
    v.push((four.clone(), BoardKind::Expanded, Mode::Team, plain, 15));
    v.push((
        vec!["smart", "vegas", "doomsday"],
        BoardKind::Expanded,
        Mode::Points,
        plain,
        0,
    ));
    v
}

fn game(cfg: &(Vec<&'static str>, BoardKind, Mode, Options, u8), seed: u64) -> Game {
    let set = tiles();
    let ids: Vec<_> = cfg.0.iter().map(|a| set.find_army(a).unwrap()).collect();
    let mut g = Game::with_options(&ids, cfg.1, cfg.2, cfg.3, seed).unwrap();
    g.set_manual_choices(cfg.4).unwrap();
    g
}

#[test]
fn every_legal_action_encodes_to_a_number_that_decodes_back() {
    let mut buf = Vec::new();
    let mut nums = Vec::new();
    let mut checked = 0usize;
    let mut seen = std::collections::BTreeSet::new();
    for cfg in configs() {
        // The points game's own-wound credits are rare: more games of it.
        let games = if cfg.2 == Mode::Points { 30 } else { 4 };
        for seed in 0..games {
            let mut g = game(&cfg, seed);
            let e = ActionEncoding::of(&g);
            let shape = ObservationShape::of(&e);
            let mut obs = vec![0f32; shape.len()];
            let mut mask = vec![0u8; e.len()];
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut steps = 0;
            while !g.is_over() && steps < 3000 {
                steps += 1;
                if g.current_player() == Player::Chance {
                    let outs = e.chance_outcomes(&g).unwrap();
                    let total: f64 = outs.iter().map(|o| o.1).sum();
                    assert!((total - 1.0).abs() < 1e-9);
                    let (s, _) = outs[rng.random_range(0..outs.len())];
                    g.apply(e.chance_action(s).unwrap()).unwrap();
                    continue;
                }
                g.legal_actions_into(&mut buf);
                e.encode_all(&buf, &mut nums).unwrap();
                let distinct = {
                    let mut d = nums.clone();
                    d.dedup();
                    d.len()
                };
                assert_eq!(distinct, buf.len(), "two legal actions share a number");
                for &a in &buf {
                    let x = e.encode(a).unwrap();
                    seen.insert(
                        e.blocks()
                            .iter()
                            .rposition(|b| b.1 <= x && b.2 > 0)
                            .map(|b| BLOCK_NAMES[b]),
                    );
                    assert_eq!(e.decode(x), Some(a), "{a:?} -> {x}");
                }
                e.mask_into(&g, &mut buf, &mut mask).unwrap();
                assert_eq!(mask.iter().filter(|&&m| m == 1).count(), nums.len());
                assert!(nums.iter().all(|&x| mask[x] == 1));
                for s in 0..g.seats() {
                    observation_into(&e, &g, s, &mut obs);
                    assert!(obs.iter().all(|x| x.is_finite()));
                }
                checked += buf.len();
                let a = buf[rng.random_range(0..buf.len())];
                g.apply(a).unwrap();
            }
            assert!(g.is_over(), "{cfg:?} seed {seed}: no end in {steps} steps");
        }
    }
    assert!(checked > 100_000, "only {checked} actions checked");
    let missing: Vec<_> = BLOCK_NAMES
        .iter()
        .filter(|b| !seen.contains(&Some(**b)))
        .collect();
    assert!(missing.is_empty(), "blocks never seen: {missing:?}");
}

#[test]
fn every_number_decodes_to_nothing_or_to_an_action_that_encodes_back() {
    for cfg in configs() {
        let e = ActionEncoding::of(&game(&cfg, 0));
        let mut actions = 0;
        for x in 0..e.len() {
            if let Some(a) = e.decode(x) {
                assert_eq!(e.encode(a), Some(x));
                actions += 1;
            }
        }
        // Most numbers are actions (the Small Bomb's and the pairs' unused halves aside).
        assert!(actions * 2 > e.len(), "{cfg:?}: {actions} of {}", e.len());
        let sum: usize = e.blocks().iter().map(|b| b.2).sum();
        assert_eq!(sum, e.len());
    }
}

#[test]
fn the_encoding_depends_only_on_the_parameters() {
    let cfg = &configs()[0];
    let (a, b) = (game(cfg, 1), game(cfg, 99));
    let (ea, eb) = (ActionEncoding::of(&a), ActionEncoding::of(&b));
    assert!(std::sync::Arc::ptr_eq(&ea, &eb));
    // The Duel board's procedures have numbers on the Duel board only.
    let swap = |e: &ActionEncoding| {
        e.blocks()
            .iter()
            .find(|b| b.0 == "procedure_swap")
            .unwrap()
            .2
    };
    assert_eq!(swap(&ea), 0);
    let duel = ActionEncoding::of(&game(&configs()[1], 0));
    assert_eq!(swap(&duel), 19 * 19 * 36);
}

#[test]
fn the_observation_is_relative_to_the_observer() {
    let cfg = &configs()[0];
    let mut g = game(cfg, 3);
    let e = ActionEncoding::of(&g);
    let shape = ObservationShape::of(&e);
    // Play to the first turn: both HQs placed.
    let mut buf = Vec::new();
    while g.pos().units().count() < 2 {
        g.legal_actions_into(&mut buf);
        let a = if g.current_player() == Player::Chance {
            g.natural_draw().unwrap()
        } else {
            buf[0]
        };
        g.apply(a).unwrap();
    }
    let t = e.slots().len();
    let n = shape.cells;
    let mut o0 = vec![0f32; shape.len()];
    let mut o1 = vec![0f32; shape.len()];
    observation_into(&e, &g, 0, &mut o0);
    observation_into(&e, &g, 1, &mut o1);
    let hq0 = g.pos().cell_of(g.pos().hq_hex(0).unwrap()).unwrap() as usize;
    // Seat 0's HQ is "mine" (owner plane 0) for seat 0 and relative seat 1 for seat 1.
    assert_eq!(o0[t * n + hq0], 1.0);
    assert_eq!(o1[(t + 1) * n + hq0], 1.0);
    assert_eq!(o1[t * n + hq0], 0.0);
    // Its tile kind plane is its army's HQ slot.
    let slot = e.slot(g.pos().cells[hq0].unwrap().tile).unwrap();
    assert_eq!(o0[slot * n + hq0], 1.0);
    // HQ counters: 20 each, in the vector after the 12 * T tile counts.
    let v = shape.planes * n + 12 * t;
    assert_eq!(&o0[v..v + 2], &[20.0, 20.0]);
}
