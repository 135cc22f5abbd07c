//! Random games (OpenSpiel's RandomSimTest): complete games with uniformly random legal
//! actions, checking the invariants at every state.
//!
//! `NSHEX_RANDOM_GAMES` sets how many games (default 2000); the long run of 100,000 games
//! is `cargo test --release -p nshex_tests --test random_games -- --ignored`.

use nshex_formats::save::{game_from_json, game_to_json, Record};
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::HQ_START_HP;
use nshex_rules::{Action, Game, LegalActions, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The army pairings with a Duel army: Smart and Vegas against every army, each other and
/// themselves.
const DUEL_PAIRINGS: [(&str, &str); 11] = [
    ("smart", "vegas"),
    ("smart", "borgo"),
    ("smart", "moloch"),
    ("smart", "hegemony"),
    ("smart", "outpost"),
    ("vegas", "borgo"),
    ("vegas", "moloch"),
    ("vegas", "hegemony"),
    ("vegas", "outpost"),
    ("vegas", "vegas"),
    ("smart", "smart"),
];

/// A game with a Duel army, on the Duel board every other game.
fn new_duel_game(i: u64) -> Game {
    let set = tiles();
    let (a, b) = DUEL_PAIRINGS[(i as usize) % DUEL_PAIRINGS.len()];
    let (a, b) = if (i / 11).is_multiple_of(2) {
        (a, b)
    } else {
        (b, a)
    };
    let board = if (i / 2).is_multiple_of(2) {
        BoardKind::Duel
    } else {
        BoardKind::Standard
    };
    let mut g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        board,
        i,
    );
    g.set_manual_choices((i / 3 % 4) as u8).unwrap();
    g
}

fn new_game(i: u64) -> Game {
    let set = tiles();
    let (a, b) = BASE_PAIRINGS[(i as usize) % BASE_PAIRINGS.len()];
    let (a, b) = if i.is_multiple_of(2) { (a, b) } else { (b, a) };
    let mut g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        BoardKind::Standard,
        i,
    );
    // Some games with seats answering their own battle choices (docs/RULES.md "Player choices").
    g.set_manual_choices((i / 3 % 4) as u8).unwrap();
    g
}

/// Every army's 35 tiles are on the board, in hand, in the deck or discarded, exactly once
/// (an HQ may be unplaced or destroyed); HQ hit points stay in 0..20; a finished game has
/// an outcome.
fn check_invariants(g: &Game) {
    let set = tiles();
    for s in 0..g.seats() as usize {
        let army = set.army(g.pos().armies[s]);
        let mut count = vec![0u32; set.tiles.len()];
        for (_, u) in g.pos().units().filter(|(_, u)| u.seat == s as u8) {
            count[u.tile.0 as usize] += 1;
        }
        for (_, f) in g.pos().foundations().filter(|(_, f)| f.seat == s as u8) {
            count[f.tile.0 as usize] += 1;
        }
        for &t in g.hands()[s]
            .iter()
            .chain(&g.decks()[s])
            .chain(&g.discards()[s])
        {
            count[t.0 as usize] += 1;
        }
        for &t in &army.tiles {
            let def = set.tile(t);
            let n = count[t.0 as usize];
            if def.is_hq() {
                assert!(n <= 1, "seat {s}: {n} HQs");
            } else {
                assert_eq!(n, def.count as u32, "seat {s}: {}", def.id);
            }
        }
        assert!(g.pos().hq_hp[s] <= HQ_START_HP);
        assert!(
            g.hands()[s].len() <= g.options().hand_limit() as usize,
            "seat {s} holds {} tiles",
            g.hands()[s].len()
        );
    }
    assert_eq!(g.is_over(), g.outcome().is_some());
    // Control is never history: resolving it from the owners' state gives what the game
    // holds (D-13).
    let mut fresh = g.pos().clone();
    fresh.settle();
    assert_eq!(&fresh, g.pos(), "control differs from a fresh resolution");
    assert!(g.energy().iter().all(|&e| e <= nshex_rules::MAX_ENERGY));
    for (h, _) in g.pos().foundations() {
        assert!(
            g.pos().unit_at(h).is_none(),
            "a unit on a foundation at {h}"
        );
    }
}

/// The chance outcomes are the deck's distinct tiles, each with its count, in tile order; or,
/// when a returned Bio-droid is known to be on top (D-34), that tile alone.
fn check_chance_outcomes(g: &Game) {
    let deck = &g.decks()[g.to_move() as usize];
    let outcomes = g.chance_outcomes();
    let top_only = outcomes.len() == 1 && outcomes[0].1 == 1 && deck.len() > 1;
    if top_only {
        assert_eq!(Some(&outcomes[0].0), deck.last(), "the known top");
        return;
    }
    assert!(outcomes.windows(2).all(|w| w[0].0 < w[1].0), "tile order");
    assert_eq!(
        outcomes.iter().map(|o| o.1 as usize).sum::<usize>(),
        deck.len()
    );
    for &(t, n) in &outcomes {
        assert_eq!(
            deck.iter().filter(|&&x| x == t).count(),
            n as usize,
            "{t:?}"
        );
    }
}

/// A random action that may or may not be legal.
fn random_action(rng: &mut ChaCha8Rng, g: &Game) -> Action {
    let n = tiles().tiles.len() as u16;
    let cell = |rng: &mut ChaCha8Rng| rng.random_range(0..21u8);
    let tile = nshex_rules::TileId(rng.random_range(0..n));
    match rng.random_range(0..19) {
        0 => Action::PlaceHq {
            cell: cell(rng),
            facing: rng.random_range(0..7),
        },
        1 => Action::Draw { tile },
        2 => Action::Unlucky,
        3 => Action::Discard { tile },
        4 => Action::Place {
            tile,
            cell: cell(rng),
            facing: rng.random_range(0..7),
        },
        k @ 5..=7 => {
            // the three moves draw the same fields, in this order
            let (from, to, facing) = (cell(rng), cell(rng), rng.random_range(0..6));
            match k {
                5 => Action::Move { from, to, facing },
                6 => Action::Mobility { from, to, facing },
                _ => Action::Transport { from, to, facing },
            }
        }
        8 => Action::PushBack {
            from: cell(rng),
            target: cell(rng),
        },
        9 => Action::PushTo { cell: cell(rng) },
        10 => Action::Sniper { target: cell(rng) },
        11 => Action::Grenade { target: cell(rng) },
        12 => Action::AirStrike { center: cell(rng) },
        13 => Action::Battle,
        14 => Action::Clown {
            cell: cell(rng),
            explode: rng.random_bool(0.5),
        },
        15 => Action::Convert {
            cell: cell(rng),
            edge: Some(rng.random_range(0..7)).filter(|&e| e < 6),
        },
        16 => Action::MedicTakes {
            medic: cell(rng),
            target: cell(rng),
            from: cell(rng),
        },
        17 => match rng.random_range(0..4) {
            0 => Action::Hire { tile },
            1 => Action::Mercenary { tile },
            2 => Action::DeckDraw,
            _ => Action::UnluckyOf {
                tiles: [tile, tile, tile],
            },
        },
        _ => {
            let _ = g;
            Action::EndTurn
        }
    }
}

fn play(seed: u64, deep_checks: bool) -> usize {
    play_with(seed, deep_checks, new_game)
}

/// Plays `n` random games from `new_game` checking every invariant (the expensive checks on
/// every state of the first `deep_first` games, then of every 10th game), `then(seed)` after
/// each; the games must not be suspiciously short.
fn keep_every_invariant(
    n: u64,
    deep_first: u64,
    new_game: fn(u64) -> Game,
    mut then: impl FnMut(u64),
) {
    let mut steps = 0;
    for seed in 0..n {
        steps += play_with(seed, seed < deep_first || seed % 10 == 0, new_game);
        then(seed);
    }
    assert!(
        steps > n as usize * 20,
        "games are suspiciously short: {steps} steps"
    );
}

fn play_with(seed: u64, deep_checks: bool, new_game: fn(u64) -> Game) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    let start = new_game(seed);
    let mut rec = Record::new(start, Some(seed));
    let mut legal = Vec::new();
    let mut compact = LegalActions::new();
    let mut steps = 0;
    while !rec.game.is_over() {
        steps += 1;
        assert!(steps < 5000, "game {seed} does not end");
        let g = &rec.game;
        check_invariants(g);
        g.legal_actions_into(&mut legal);
        assert!(
            !legal.is_empty(),
            "no legal action in game {seed}: {:?}",
            g.stage()
        );
        // The compact list holds the same actions in the same order, and picks by index
        // as the full list does.
        g.legal_actions_compact(&mut compact);
        assert_eq!(compact.len(), legal.len(), "game {seed}: compact length");
        assert!(
            compact.iter().eq(legal.iter().copied()),
            "game {seed}: compact list"
        );
        for (k, &a) in legal.iter().enumerate() {
            assert_eq!(compact.get(k), Some(a), "game {seed}: compact pick {k}");
        }
        assert_eq!(compact.get(legal.len()), None);
        let mut listed = Vec::new();
        compact.list_into(&mut listed);
        assert_eq!(listed, legal, "game {seed}: compact list listed");
        if let (Player::Chance, nshex_rules::Stage::Draw { .. }) = (g.current_player(), g.stage()) {
            check_chance_outcomes(g);
        }
        if deep_checks {
            // Every legal action applies; clone and JSON round trip give equal states.
            for &a in &legal {
                let mut c = g.clone();
                c.apply(a)
                    .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
                check_invariants(&c);
            }
            assert_eq!(&g.clone(), g);
            // A search's copy of the state is the state.
            let mut copy = rec.start.clone();
            copy.copy_from(g);
            assert_eq!(&copy, g, "copy_from of game {seed}");
            let back = game_from_json(&game_to_json(g)).expect("round trip");
            assert_eq!(&back, g, "JSON round trip of game {seed}");
            // The search works out its root's legal actions once per search: they do not
            // depend on the order of the hidden decks (its own generator, so the game
            // played stays the same).
            if let (Player::Seat(s), None) = (g.current_player(), g.battle_question()) {
                let mut view = g.for_search(s);
                view.shuffle_hidden(&mut ChaCha8Rng::seed_from_u64(seed ^ steps as u64));
                assert_eq!(
                    view.legal_actions(),
                    legal,
                    "game {seed}, a deal of the decks"
                );
            }
        }
        // Every other action is refused, and refusing changes nothing.
        for _ in 0..4 {
            let a = random_action(&mut rng, g);
            if !legal.contains(&a) {
                let mut c = g.clone();
                assert!(c.apply(a).is_err(), "illegal {a:?} accepted");
                assert_eq!(&c, g);
            }
        }
        let a = match g.current_player() {
            Player::Chance => {
                if rng.random_bool(0.5) {
                    g.natural_draw().unwrap()
                } else {
                    legal[rng.random_range(0..legal.len())]
                }
            }
            Player::Seat(_) => legal[rng.random_range(0..legal.len())],
            Player::Terminal => unreachable!(),
        };
        rec.apply(a).unwrap();
    }
    check_invariants(&rec.game);
    // Replaying the seed and the actions gives the identical game, also from the save file.
    let mut replay = new_game(seed);
    for &a in &rec.actions {
        replay.apply(a).unwrap();
    }
    assert_eq!(replay, rec.game);
    if deep_checks {
        let loaded = Record::from_json(&rec.to_json()).expect("save file loads");
        assert_eq!(loaded.game, rec.game);
    }
    steps
}

fn games() -> u64 {
    std::env::var("NSHEX_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

#[test]
fn random_games_keep_every_invariant() {
    keep_every_invariant(games(), 100, new_game, |_| {});
}

/// Smart and Vegas against every army, on the standard and the Duel board: every
/// invariant, control recomputed from scratch and compared at every state (D-13).
#[test]
fn random_duel_games_keep_every_invariant() {
    keep_every_invariant((games() / 2).max(50), 60, new_duel_game, |_| {});
}

#[test]
#[ignore = "long: 100,000 games; run with --ignored in release mode"]
fn random_games_long_run() {
    for seed in 1_000_000..1_100_000 {
        play(seed, seed % 100 == 0);
    }
}

/// The random Duel games reach every new decision: grants, takeover rotations, Castling,
/// Rotation, Terror, Mines, Transporter placements, exchanges, purchases and every procedure.
#[test]
fn random_duel_games_reach_every_duel_decision() {
    use std::collections::BTreeSet;
    let set = tiles();
    let mut seen = BTreeSet::new();
    let mut legal = Vec::new();
    for seed in 0..300u64 {
        let mut g = new_duel_game(seed);
        g.set_keep_battle_logs(false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            // Prefer the rarer decisions so that a few hundred games see them all.
            let rare: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::Place { .. } | Action::EndTurn | Action::Discard { .. }
                    )
                })
                .collect();
            let pick = if !rare.is_empty() && rng.random_bool(0.6) {
                rare[rng.random_range(0..rare.len())]
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            let kind = match pick {
                Action::Grant { .. } => "grant",
                Action::TurnTaken { .. } | Action::KeepTaken { .. } => "takeover rotation",
                Action::Castling { .. } => "castling",
                Action::Rotation { .. } => "rotation",
                Action::Terror => "terror",
                Action::Place { tile, cell, .. } => {
                    if set.tile(tile).mine {
                        "mine"
                    } else if g.pos().cells[cell as usize].is_some() {
                        "transporter"
                    } else {
                        "place"
                    }
                }
                Action::Exchange { .. } => "exchange",
                Action::Buy { .. } => "buy",
                Action::Procedure(p) => &format!("procedure {}", p.name()),
                _ => "other",
            };
            seen.insert(kind.to_string());
            g.apply(pick).unwrap();
        }
    }
    for kind in [
        "grant",
        "takeover rotation",
        "castling",
        "rotation",
        "terror",
        "mine",
        "transporter",
        "exchange",
        "buy",
        "procedure rotation",
        "procedure swap",
        "procedure push",
        "procedure laser",
        "procedure elimination",
        "procedure detonation",
    ] {
        assert!(
            seen.contains(kind),
            "no {kind} in 300 random Duel games: {seen:?}"
        );
    }
}

/// Three and four seats in every mode, on the standard and the expanded board, with every army
/// (the Duel armies too): the mode, the board and the armies cycle with the seed.
fn new_multi_game(i: u64) -> Game {
    use nshex_rules::Mode;
    const ARMIES: [&str; 7] = [
        "borgo", "moloch", "outpost", "hegemony", "smart", "vegas", "doomsday",
    ];
    let set = tiles();
    let (mode, n) = [
        (Mode::Deathmatch, 3),
        (Mode::Deathmatch, 4),
        (Mode::Points, 3),
        (Mode::Points, 4),
        (Mode::OneVsTeam, 3),
        (Mode::Team, 4),
    ][(i % 6) as usize];
    let armies: Vec<_> = (0..n)
        .map(|k| {
            set.find_army(ARMIES[((i / 6) as usize + k * 5) % 6])
                .unwrap()
        })
        .collect();
    let board = if (i / 12).is_multiple_of(2) {
        BoardKind::Standard
    } else {
        BoardKind::Expanded
    };
    let mut g = Game::with_mode(&armies, board, mode, i).unwrap();
    g.set_manual_choices((i / 7 % 16) as u8 & ((1 << n) - 1))
        .unwrap();
    if mode == Mode::Deathmatch && (i / 6).is_multiple_of(3) {
        // HQs low enough for random play to destroy some: eliminations.
        let mut st = g.state();
        st.pos.hq_hp[..n].fill(4);
        g = Game::from_state(st).unwrap();
    }
    g
}

/// What three and four seats add to the invariants: an eliminated seat has nothing on the
/// board, in hand or in its deck and is never to move; the HQs stay in their mode's range.
fn check_multi_invariants(g: &Game) {
    use nshex_rules::{Mode, Player};
    for s in 0..g.seats() {
        if g.eliminated() >> s & 1 == 1 {
            assert!(g.pos().units().all(|(_, u)| u.seat != s), "seat {s} is out");
            assert!(g.hands()[s as usize].is_empty() && g.decks()[s as usize].is_empty());
            assert!(
                g.mercenaries(s).is_empty(),
                "seat {s} is out with Mercenaries"
            );
            if !g.is_over() {
                assert_ne!(g.current_player(), Player::Seat(s), "seat {s} is out");
            }
        }
        let top = match g.mode() {
            Mode::Points => nshex_rules::WIN_POINTS,
            m => m.hq_start(s),
        };
        assert!(g.pos().hq_hp[s as usize] <= top);
    }
    assert!(g.eliminated().count_ones() < g.seats() as u32);
}

#[test]
fn random_multiplayer_games_keep_every_invariant() {
    keep_every_invariant((games() / 4).max(96), 48, new_multi_game, |seed| {
        // The same game again, checking what three and four seats add at every state.
        let mut g = new_multi_game(seed);
        check_multi_invariants(&g);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !g.is_over() {
            check_multi_invariants(&g);
            g.legal_actions_into(&mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(a).unwrap();
        }
        check_multi_invariants(&g);
        let ranks = g.ranking();
        assert!(ranks.contains(&1), "somebody ranks first: {ranks:?}");
    });
}

/// The random multiplayer games reach what the modes add: eliminations, shared and team wins,
/// points wins and Final Battles.
#[test]
fn random_multiplayer_games_reach_every_ending() {
    use nshex_rules::{Mode, Outcome};
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    let mut legal = Vec::new();
    for seed in 0..240u64 {
        let mut g = new_multi_game(seed);
        g.set_keep_battle_logs(false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if g.eliminated() != 0 {
            *seen.entry("elimination").or_default() += 1;
        }
        let kind = match (g.mode(), g.outcome().unwrap()) {
            (Mode::Points, Outcome::Winner(_)) => "points win",
            (Mode::Team | Mode::OneVsTeam, Outcome::Shared(_)) => "team win",
            (Mode::OneVsTeam, Outcome::Winner(0)) => "single seat beats the team",
            (_, Outcome::Winner(_)) => "win",
            (_, Outcome::Shared(_)) => "shared",
            (_, Outcome::Draw) => "draw",
            (_, Outcome::None) => unreachable!(),
        };
        *seen.entry(kind).or_default() += 1;
    }
    eprintln!("{seen:?}");
    for kind in [
        "elimination",
        "points win",
        "team win",
        "single seat beats the team",
        "win",
    ] {
        assert!(seen.contains_key(kind), "no {kind} in 240 games: {seen:?}");
    }
}

/// The Doomsday Machine against every army and itself, on the standard board: every
/// invariant at every state (redirected shots, Traps, the Small Bomb, the HQ's rotation).
fn new_doomsday_game(i: u64) -> Game {
    const OTHERS: [&str; 7] = [
        "borgo", "moloch", "outpost", "hegemony", "smart", "vegas", "doomsday",
    ];
    let set = tiles();
    let other = set.find_army(OTHERS[(i % 7) as usize]).unwrap();
    let ddm = set.find_army("doomsday").unwrap();
    let armies = if (i / 7).is_multiple_of(2) {
        [ddm, other]
    } else {
        [other, ddm]
    };
    let mut g = Game::new(&armies, BoardKind::Standard, i);
    g.set_manual_choices((i / 3 % 4) as u8).unwrap();
    g
}

#[test]
fn random_doomsday_games_keep_every_invariant() {
    keep_every_invariant((games() / 4).max(70), 28, new_doomsday_game, |_| {});
}

/// Plays `games` random games from `new_game`, choosing an action `rare` accepts half the
/// time it is offered, and counts the actions picked by `count` (its index; `None`: not
/// counted).
fn count_rare_picks<const N: usize>(
    games: u64,
    new_game: fn(u64) -> Game,
    rare: fn(&Action) -> bool,
    count: fn(&Action) -> Option<usize>,
) -> [usize; N] {
    let mut seen = [0usize; N];
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut g = new_game(seed);
        g.set_keep_battle_logs(false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            let rares: Vec<Action> = legal.iter().copied().filter(rare).collect();
            let pick = if !rares.is_empty() && rng.random_bool(0.5) {
                rares[rng.random_range(0..rares.len())]
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            if let Some(k) = count(&pick) {
                seen[k] += 1;
            }
            g.apply(pick).unwrap();
        }
    }
    seen
}

/// The random Doomsday games reach the army's decisions: the HQ's rotation and the Small Bomb.
#[test]
fn random_doomsday_games_reach_rotations_and_small_bombs() {
    let seen: [usize; 2] = count_rare_picks(
        60,
        new_doomsday_game,
        |a| matches!(a, Action::Rotate { .. } | Action::SmallBomb { .. }),
        |a| match a {
            Action::Rotate { .. } => Some(0),
            Action::SmallBomb { .. } => Some(1),
            _ => None,
        },
    );
    assert!(seen[0] > 20 && seen[1] > 5, "rotations and bombs: {seen:?}");
}

/// A game with options: every combination of the variants, with Mercenaries picked openly,
/// dealt at random or not at all, the Mad Bomber off, neutral or a mercenary, two to four
/// seats.
fn new_options_game(i: u64) -> Game {
    use nshex_rules::{Mode, Options};
    const ARMIES: [&str; 7] = [
        "borgo", "moloch", "outpost", "hegemony", "smart", "vegas", "doomsday",
    ];
    let set = tiles();
    let n = [2usize, 2, 3, 4][(i % 4) as usize];
    let armies: Vec<_> = (0..n)
        .map(|k| {
            set.find_army(ARMIES[((i / 4) as usize + k * 3) % 7])
                .unwrap()
        })
        .collect();
    let mercenaries = match (i / 8) % 3 {
        0 => 0,
        1 => 1,
        _ if n == 2 => 2,
        _ => 1,
    };
    let options = Options {
        variants: ((i / 24) % 8) as u8,
        mercenaries,
        random_mercenaries: (i / 3).is_multiple_of(2),
        mad_bomber: nshex_rules::MadBomber::ALL[((i / 2) % 3) as usize],
    };
    let mut g = Game::with_options(
        &armies,
        BoardKind::Standard,
        Mode::default_for(n as u8),
        options,
        i,
    )
    .unwrap();
    g.set_manual_choices((i / 5 % 4) as u8).unwrap();
    g
}

#[test]
fn random_games_with_options_keep_every_invariant() {
    keep_every_invariant((games() / 8).max(192), 48, new_options_game, |seed| {
        // The limits hold at every state.
        let mut g = new_options_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !g.is_over() {
            if let Some(l) = g.play_limit() {
                assert!(g.tiles_played() <= l, "game {seed}: played past the limit");
            }
            check_multi_invariants(&g);
            g.legal_actions_into(&mut legal);
            g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    });
}

/// The Mad Bomber's journey in random games (D-24): on the board neutral and owned, in a hand,
/// passed on to the top of a deck, and out of the game; never in two places or a discard pile
/// (the JSON round trip of the deep checks validates that).
#[test]
fn random_games_with_the_mad_bomber_take_it_everywhere() {
    use nshex_rules::{MadBomber, NEUTRAL};
    let bomber = tiles().find("mercenaries.mad_bomber").unwrap();
    // neutral on the board, owned on the board, in a hand, on a deck, gone
    let mut seen = [0usize; 5];
    let mut games = 0;
    for seed in (0..600u64).filter(|i| (i / 2) % 3 != 0).take(120) {
        let mut g = new_options_game(seed);
        assert_ne!(g.options().mad_bomber, MadBomber::Off);
        games += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !g.is_over() {
            let on_board = g.pos().units().find(|(_, u)| u.tile == bomber);
            let place = match on_board {
                Some((_, u)) if u.seat == NEUTRAL => 0,
                Some(_) => 1,
                None if g.hands().iter().flatten().any(|&t| t == bomber) => 2,
                None if g.decks().iter().flatten().any(|&t| t == bomber) => 3,
                None => 4,
            };
            seen[place] += 1;
            assert!(g.discards().iter().flatten().all(|&t| t != bomber));
            g.legal_actions_into(&mut legal);
            g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    assert!(games >= 100);
    assert!(seen.iter().all(|&n| n > 0), "not everywhere: {seen:?}");
}

/// The random games with options reach every new decision: hiring, taking a Mercenary, the
/// deck draw that declines one, and the unlucky draw of three with Reinforcements.
#[test]
fn random_games_with_options_reach_every_new_decision() {
    let seen: [usize; 4] = count_rare_picks(
        192,
        new_options_game,
        |a| matches!(a, Action::UnluckyOf { .. } | Action::Mercenary { .. }),
        |a| match a {
            Action::Hire { .. } => Some(0),
            Action::Mercenary { .. } => Some(1),
            Action::DeckDraw => Some(2),
            Action::UnluckyOf { .. } => Some(3),
            _ => None,
        },
    );
    assert!(
        seen.iter().all(|&n| n > 0),
        "not every decision occurred: {seen:?}"
    );
}
