//! The search: legal answers to every kind of decision, reproducibility, cancellation, the
//! node bound, root parallelism, and a smoke match against the random bot.

use nshex_ai::arena::arena;
use nshex_ai::mcts::{MctsBot, MctsConfig, Search};
use nshex_ai::Progress;
use nshex_ai::{bot_by_name, Bot, BOT_NAMES};
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{tiles, BoardKind};
use nshex_rules::{Action, Game, Player};
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;

fn new_game(i: usize, seed: u64) -> Game {
    let set = tiles();
    let (a, b) = BASE_PAIRINGS[i % BASE_PAIRINGS.len()];
    let mut g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        BoardKind::Standard,
        seed,
    );
    g.set_keep_battle_logs(false);
    g
}

fn kind(a: Action) -> &'static str {
    match a {
        Action::PlaceHq { .. } => "place_hq",
        Action::Draw { .. } => "draw",
        Action::Unlucky => "unlucky",
        Action::Discard { .. } => "discard",
        Action::Place { .. } => "place",
        Action::Move { .. } => "move",
        Action::Mobility { .. } => "mobility",
        Action::Transport { .. } => "transport",
        Action::PushBack { .. } => "push_back",
        Action::PushTo { .. } => "push_to",
        Action::Sniper { .. } => "sniper",
        Action::Grenade { .. } => "grenade",
        Action::AirStrike { .. } => "air_strike",
        Action::Battle => "battle",
        Action::EndTurn => "end_turn",
        Action::Clown { .. } => "clown",
        Action::Convert { .. } => "convert",
        Action::MedicTakes { .. } => "medic",
        Action::Grant { .. } => "grant",
        Action::Castling { .. } => "castling",
        Action::Rotation { .. } => "rotation",
        Action::Terror => "terror",
        Action::TurnTaken { .. } => "turn_taken",
        Action::KeepTaken { .. } => "keep_taken",
        Action::Exchange { .. } => "exchange",
        Action::Buy { .. } => "buy",
        Action::Procedure(_) => "procedure",
        Action::Rotate { .. } => "rotate",
        Action::SmallBomb { .. } => "small_bomb",
        Action::Credit { .. } => "credit",
        Action::Hire { .. } => "hire",
        Action::Mercenary { .. } => "mercenary",
        Action::DeckDraw => "deck_draw",
        Action::UnluckyOf { .. } => "unlucky",
    }
}

/// Plays `g` to the end with an Easy and a Medium search (seeds from `game_no`), every answer
/// through the checked `apply`; counts the decisions and notes their kinds.
fn play_checked(
    mut g: Game,
    game_no: usize,
    what: &str,
    decisions: &mut usize,
    kinds: &mut BTreeSet<&'static str>,
) {
    let mut bots = [
        bot_by_name("easy:iters=30", game_no as u64).unwrap(),
        bot_by_name("medium:iters=30", game_no as u64 + 1).unwrap(),
    ];
    while !g.is_over() {
        let a = match g.current_player() {
            Player::Chance => g.natural_draw().unwrap(),
            Player::Seat(s) => {
                let a = bots[s as usize].choose(&g);
                *decisions += 1;
                kinds.insert(kind(a));
                a
            }
            Player::Terminal => unreachable!(),
        };
        if let Err(e) = g.apply(a) {
            panic!("game {game_no} ({what}): the search chose {a:?}: {e}");
        }
    }
}

/// Issue: "It never returns an illegal action (checked over thousands of decisions)". Every
/// search answer goes through the checked `apply`; a game of the search against itself
/// covers HQ placement, discards, placements, instants, moves, push-back destinations.
#[test]
fn every_search_answer_is_legal_over_thousands_of_decisions() {
    let mut decisions = 0;
    let mut kinds = BTreeSet::new();
    let mut game_no = 0;
    while decisions < 3_000 {
        let mut g = new_game(game_no, 500 + game_no as u64);
        // Every other game, both seats answer their own battle choices.
        g.set_manual_choices(if game_no % 2 == 1 { 0b11 } else { 0 })
            .unwrap();
        play_checked(g, game_no, "base", &mut decisions, &mut kinds);
        game_no += 1;
    }
    for k in ["place_hq", "discard", "place", "end_turn", "battle"] {
        assert!(kinds.contains(k), "no {k} decision in {kinds:?}");
    }
    assert!(kinds.len() >= 8, "too few kinds of decision: {kinds:?}");
}

/// The issue's Duel part: "the AI answers every new decision (never an illegal one, tested
/// over thousands of decisions with Smart, Vegas and the Duel board)".
#[test]
fn every_search_answer_is_legal_in_duel_games() {
    let set = tiles();
    let pairs = [
        ("smart", "vegas", BoardKind::Duel),
        ("vegas", "borgo", BoardKind::Standard),
        ("smart", "outpost", BoardKind::Duel),
        ("vegas", "smart", BoardKind::Standard),
        ("moloch", "vegas", BoardKind::Duel),
        ("hegemony", "smart", BoardKind::Standard),
    ];
    let mut decisions = 0;
    let mut kinds = BTreeSet::new();
    let mut game_no = 0usize;
    while decisions < 2_000 {
        let (first, second, board) = pairs[game_no % pairs.len()];
        let mut g = Game::new(
            &[
                set.find_army(first).unwrap(),
                set.find_army(second).unwrap(),
            ],
            board,
            900 + game_no as u64,
        );
        g.set_keep_battle_logs(false);
        let what = format!("{first} against {second}");
        play_checked(g, game_no, &what, &mut decisions, &mut kinds);
        game_no += 1;
    }
    for k in ["place_hq", "place", "end_turn"] {
        assert!(kinds.contains(k), "no {k} decision in {kinds:?}");
    }
    assert!(
        kinds.iter().any(|k| [
            "grant",
            "castling",
            "rotation",
            "terror",
            "turn_taken",
            "keep_taken",
            "exchange",
            "buy",
            "procedure"
        ]
        .contains(k)),
        "no Duel decision in {kinds:?}"
    );
}

fn a_main_decision() -> Game {
    nshex_bench::bench::mcts_positions(1).remove(0)
}

#[test]
fn a_search_is_reproducible_for_a_seed_and_budget() {
    let g = a_main_decision();
    let run = |seed| {
        let mut s = Search::new(MctsConfig::medium(), seed);
        let r = s.run(&g, 1_500, None, &Progress::new());
        (r.action, r.root, r.nodes)
    };
    let first = run(7);
    assert_eq!(run(7), first);
    assert_eq!(first.1.iter().map(|x| x.1).sum::<u32>(), 1_500);
}

#[test]
fn root_parallel_threads_are_reproducible_and_sum_their_iterations() {
    let g = a_main_decision();
    let cfg = MctsConfig {
        iterations: 2_000,
        threads: 2,
        ..MctsConfig::medium()
    };
    let mut a = MctsBot::new("medium", cfg.clone(), 3);
    let mut b = MctsBot::new("medium", cfg, 3);
    let x = a.choose(&g);
    assert_eq!(b.choose(&g), x);
    assert_eq!(a.last.as_ref().unwrap().iterations, 2_000);
    assert!(g.legal_actions().contains(&x));
}

#[test]
fn a_cancelled_search_answers_at_once_with_a_legal_action() {
    let g = a_main_decision();
    let progress = Progress::new();
    progress.cancel.store(true, Ordering::Relaxed);
    let mut s = Search::new(MctsConfig::hard(), 1);
    let r = s.run(&g, 1_000_000, None, &progress);
    assert!(
        r.iterations <= 64,
        "{} iterations after cancel",
        r.iterations
    );
    assert!(g.legal_actions().contains(&r.action));
    assert_eq!(progress.best.load(Ordering::Relaxed), r.action.encode());
}

#[test]
fn the_tree_stays_within_its_node_bound() {
    let g = a_main_decision();
    let cfg = MctsConfig {
        max_nodes: 500,
        ..MctsConfig::hard()
    };
    let mut s = Search::new(cfg, 1);
    let r = s.run(&g, 5_000, None, &Progress::new());
    assert_eq!(r.iterations, 5_000);
    assert!(r.nodes <= 500, "{} nodes", r.nodes);
}

#[test]
fn progressive_widening_limits_the_root_children() {
    // Many placements are legal, but after 100 visits the root holds at most
    // base + c * 100^alpha children (4 + 2 * 100^0.45 = 19.9 at Hard).
    let g = a_main_decision();
    assert!(g.legal_actions().len() > 50);
    let mut s = Search::new(MctsConfig::hard(), 1);
    let r = s.run(&g, 100, None, &Progress::new());
    assert!(r.root.len() <= 20, "{} root children", r.root.len());
    assert!(r.root.len() >= 15, "{} root children", r.root.len());
}

#[test]
fn the_search_does_not_see_the_real_deck_order() {
    // Two games that differ only in the hidden order of the decks get the same answer.
    let g = a_main_decision();
    let mut h = g.clone();
    h.resample_hidden(99);
    assert_ne!(g.decks(), h.decks());
    let pick = |game: &Game| {
        let mut s = Search::new(MctsConfig::medium(), 5);
        s.run(game, 800, None, &Progress::new()).root
    };
    assert_eq!(pick(&g), pick(&h));
}

#[test]
fn only_the_peek_analysis_setting_sees_the_real_deck_order() {
    // `peek` (analysis only) searches the real deal: two games that differ only in the
    // hidden order of the decks get different searches, as they do not without it (above).
    let g = a_main_decision();
    let mut h = g.clone();
    h.resample_hidden(99);
    let pick = |game: &Game, peek: bool| {
        let cfg = MctsConfig {
            peek,
            ..MctsConfig::medium()
        };
        let mut s = Search::new(cfg, 5);
        s.run(game, 800, None, &Progress::new()).root
    };
    assert_ne!(pick(&g, true), pick(&h, true));
    assert_eq!(pick(&g, false), pick(&h, false));
    assert!(bot_by_name("hard:peek=1", 0).is_ok());
    assert!(bot_by_name("hard:peek=2", 0).is_err());
}

#[test]
fn every_level_and_baseline_is_known_by_name() {
    for name in BOT_NAMES {
        assert!(bot_by_name(name, 0).is_ok(), "{name}");
    }
    assert!(bot_by_name("hard:iters=100,threads=2,ms=50", 0).is_ok());
    for bad in [
        "hardest",
        "hard:iters",
        "hard:iters=x",
        "hard:color=3",
        "greedy:iters=3",
    ] {
        let e = bot_by_name(bad, 0).err().expect(bad);
        assert!(!e.is_empty());
    }
}

/// CI's smoke match: a small-budget search beats the random bot in most of 20 games.
#[test]
fn a_small_search_beats_random() {
    let r = arena("easy:iters=100", "random", 20, None, 11, 2).unwrap();
    assert!(r.wins_a >= 17, "{r:?}");
}

#[test]
fn flat_monte_carlo_answers_legally() {
    let g = a_main_decision();
    let mut bot = bot_by_name("flatmc:iters=200", 1).unwrap();
    let a = bot.choose(&g);
    assert!(g.legal_actions().contains(&a));
}

/// Three and four seats: "the same legality guarantee over thousands of decisions in each
/// mode" (deathmatch, points, one against a team, team match; the 37-hex board too).
#[test]
fn every_search_answer_is_legal_in_every_multiplayer_mode() {
    use nshex_rules::Mode;
    let set = tiles();
    let setups: [(Mode, &[&str], BoardKind); 5] = [
        (
            Mode::Deathmatch,
            &["borgo", "moloch", "outpost"],
            BoardKind::Standard,
        ),
        (
            Mode::Points,
            &["hegemony", "vegas", "borgo", "smart"],
            BoardKind::Standard,
        ),
        (
            Mode::OneVsTeam,
            &["moloch", "borgo", "hegemony"],
            BoardKind::Standard,
        ),
        (
            Mode::Team,
            &["moloch", "outpost", "borgo", "vegas"],
            BoardKind::Standard,
        ),
        (
            Mode::Deathmatch,
            &["outpost", "hegemony", "moloch", "borgo"],
            BoardKind::Expanded,
        ),
    ];
    for (k, &(mode, armies, board)) in setups.iter().enumerate() {
        let mut decisions = 0;
        let mut kinds = BTreeSet::new();
        let mut game_no = 0usize;
        while decisions < 600 {
            let ids: Vec<_> = armies.iter().map(|a| set.find_army(a).unwrap()).collect();
            let mut g = Game::with_mode(&ids, board, mode, 77 + game_no as u64).unwrap();
            g.set_keep_battle_logs(false);
            let n = ids.len();
            let mut bots: Vec<Box<dyn Bot + Send>> = (0..n)
                .map(|s| {
                    let name = if s % 2 == 0 {
                        "easy:iters=20"
                    } else {
                        "medium:iters=20"
                    };
                    bot_by_name(name, (k * 100 + game_no * 7 + s) as u64).unwrap()
                })
                .collect();
            while !g.is_over() {
                let a = match g.current_player() {
                    Player::Chance => g.natural_draw().unwrap(),
                    Player::Seat(s) => {
                        let a = bots[s as usize].choose(&g);
                        decisions += 1;
                        kinds.insert(kind(a));
                        a
                    }
                    Player::Terminal => unreachable!(),
                };
                if let Err(e) = g.apply(a) {
                    panic!(
                        "{} game {game_no}: the search chose {a:?}: {e}",
                        mode.name()
                    );
                }
            }
            game_no += 1;
        }
        for want in ["place_hq", "place", "end_turn"] {
            assert!(
                kinds.contains(want),
                "{}: no {want} in {kinds:?}",
                mode.name()
            );
        }
    }
}

/// The Doomsday Machine: the search answers its decisions (the HQ's rotation, the Small Bomb)
/// and plays against it, never illegally (over a thousand decisions).
#[test]
fn every_search_answer_is_legal_with_the_doomsday_machine() {
    let set = tiles();
    let pairs = [
        ("doomsday", "borgo"),
        ("moloch", "doomsday"),
        ("doomsday", "vegas"),
        ("outpost", "doomsday"),
        ("doomsday", "doomsday"),
    ];
    let mut decisions = 0;
    let mut kinds = BTreeSet::new();
    let mut game_no = 0usize;
    while decisions < 1_500 {
        let (first, second) = pairs[game_no % pairs.len()];
        let mut g = Game::new(
            &[
                set.find_army(first).unwrap(),
                set.find_army(second).unwrap(),
            ],
            BoardKind::Standard,
            1300 + game_no as u64,
        );
        g.set_keep_battle_logs(false);
        let what = format!("{first} against {second}");
        play_checked(g, game_no, &what, &mut decisions, &mut kinds);
        game_no += 1;
    }
    for k in ["place_hq", "place", "end_turn", "rotate"] {
        assert!(kinds.contains(k), "no {k} decision in {kinds:?}");
    }
}

/// Issue (the Mercenaries and the variants): "never an illegal action over thousands of
/// decisions with each option".
#[test]
fn every_search_answer_is_legal_with_every_option() {
    use nshex_rules::{
        MadBomber, Mode, Options, ALTERNATIVE_START, NO_UNLUCKY_DRAW, REINFORCEMENTS,
    };
    let set = tiles();
    let off = MadBomber::Off;
    let all = [
        ("alternative start", ALTERNATIVE_START, 0, false, off),
        ("reinforcements", REINFORCEMENTS, 0, false, off),
        (
            "both variants",
            ALTERNATIVE_START | REINFORCEMENTS,
            0,
            false,
            off,
        ),
        ("no unlucky draw", NO_UNLUCKY_DRAW, 0, false, off),
        ("two Mercenaries picked", 0, 2, false, off),
        (
            "one Mercenary dealt, reinforcements",
            REINFORCEMENTS,
            1,
            true,
            off,
        ),
        ("neutral Mad Bomber", 0, 0, false, MadBomber::Neutral),
        (
            "Mad Bomber as a mercenary, one Mercenary dealt",
            0,
            1,
            true,
            MadBomber::Mercenary,
        ),
    ];
    let pairs = [
        ("borgo", "moloch"),
        ("hegemony", "outpost"),
        ("vegas", "doomsday"),
    ];
    let mut kinds = BTreeSet::new();
    for (k, &(what, variants, mercenaries, random_mercenaries, mad_bomber)) in
        all.iter().enumerate()
    {
        let mut decisions = 0;
        let mut game_no = 0usize;
        while decisions < 500 {
            let (a, b) = pairs[(k + game_no) % pairs.len()];
            let options = Options {
                variants,
                mercenaries,
                random_mercenaries,
                mad_bomber,
            };
            let ids = [set.find_army(a).unwrap(), set.find_army(b).unwrap()];
            let seed = 300 + game_no as u64;
            let mut g =
                Game::with_options(&ids, BoardKind::Standard, Mode::Standard, options, seed)
                    .unwrap();
            g.set_keep_battle_logs(false);
            play_checked(g, game_no, what, &mut decisions, &mut kinds);
            game_no += 1;
        }
    }
    for k in ["hire", "mercenary", "deck_draw", "place"] {
        assert!(kinds.contains(k), "no {k} decision in {kinds:?}");
    }
}
