//! Battle choices as seat decisions (docs/RULES.md "Player choices", D-4): a seat that answers
//! its own choices is asked about its Clowns (D-5), Quartermaster conversions and medics,
//! one question at a time, and the battle goes on with its answers.

use nshex_formats::save::{game_from_json, game_to_json, Record};
use nshex_formats::scenario::parse_scenario;
use nshex_rules::tiles;
use nshex_rules::BoardKind;
use nshex_rules::Position;
use nshex_rules::BASE_PAIRINGS;
use nshex_rules::{Action, Game, Player, Stage};
use nshex_rules::{
    Answer, BattleChoices, BattleLog, MedicTake, NoLog, QmChoice, Question, Resolver, Step,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

fn scenarios() -> Vec<(String, Position, BattleChoices)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let sc = parse_scenario(&std::fs::read_to_string(p).unwrap(), &name, true).unwrap();
            (name, sc.position, sc.choices)
        })
        .collect()
}

/// Every seat of the position.
fn all_seats(pos: &Position) -> u8 {
    (1u8 << pos.seats) - 1
}

/// Runs a battle in which every seat answers, each question by `answer`; returns the
/// position, the log, and the questions asked.
fn interactive(
    pos: &Position,
    mut answer: impl FnMut(&Question) -> Answer,
) -> (Position, BattleLog, Vec<Question>) {
    let mut r = Resolver::new();
    let mut answers = Vec::new();
    let mut asked = Vec::new();
    loop {
        let mut p = pos.clone();
        let mut log = BattleLog::default();
        match r
            .resolve_step(&mut p, all_seats(pos), &answers, &mut log)
            .unwrap()
        {
            Step::Done(_) => return (p, log, asked),
            Step::Ask(q) => {
                assert_eq!(
                    p, *pos,
                    "the position is unchanged while a question is open"
                );
                assert!(q.answers().contains(&q.automatic()));
                answers.push(answer(&q));
                asked.push(q);
            }
        }
    }
}

/// D-4: answering every question with its automatic answer is exactly the automatic battle,
/// event for event, on every conformance scenario.
/// A shared test fixture of the repository's `tests/fixtures/`.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn d4_answering_every_question_automatically_is_the_automatic_battle() {
    let (mut clowns, mut converts, mut medics) = (0, 0, 0);
    for (name, pos, _) in scenarios() {
        let mut auto = pos.clone();
        let mut auto_log = BattleLog::default();
        Resolver::new()
            .resolve(&mut auto, None, &mut auto_log)
            .unwrap();
        let (after, log, asked) = interactive(&pos, |q| q.automatic());
        assert_eq!(after, auto, "{name}: position");
        assert_eq!(log, auto_log, "{name}: log");
        for q in &asked {
            match q {
                Question::Clown { .. } => clowns += 1,
                Question::Convert { .. } => converts += 1,
                Question::Medic { options, .. } => {
                    assert!(options.len() > 1, "{name}: a medic question with one way");
                    medics += 1
                }
            }
        }
    }
    assert!(
        clowns >= 4 && converts >= 3 && medics >= 2,
        "questions asked: {clowns} clown, {converts} convert, {medics} medic"
    );
}

/// The answer the scenario's `[choices]` table gives to `q`, else the automatic one.
fn answer_like(pos: &Position, c: &BattleChoices, q: &Question) -> Answer {
    let cell = |h| pos.cell_of(h).unwrap();
    match *q {
        Question::Clown { cell: at, .. } => {
            if let Some(&(_, explode)) = c.clown.iter().find(|(h, _)| cell(*h) == at) {
                return Answer::Clown { cell: at, explode };
            }
        }
        Question::Convert {
            cell: at, phase, ..
        } => {
            if let Some(&(_, qc)) = c.quartermaster.iter().find(|(h, _)| cell(*h) == at) {
                let edge = match qc {
                    QmChoice::Convert { phase: p, edge } if p == phase => Some(edge),
                    _ => None,
                };
                return Answer::Convert { cell: at, edge };
            }
        }
        Question::Medic {
            phase, ref options, ..
        } => {
            for m in c.medic.iter().filter(|m| m.phase == phase) {
                let take = MedicTake {
                    medic: cell(m.medic),
                    target: cell(m.target),
                    from: cell(m.attacker.unwrap_or(m.target)),
                };
                if options.contains(&take) {
                    return Answer::Medic(take);
                }
            }
        }
    }
    q.automatic()
}

/// docs/RULES.md "Player choices": the seat's answers decide the battle exactly as the caller's
/// `[choices]` of the hand-checked conformance scenarios do (clown_explodes,
/// clown_not_exploding, quartermaster_melee_to_ranged, medic_choice_which_attack, ...).
#[test]
fn a_seats_answers_give_the_scenarios_chosen_outcomes() {
    let mut asked_somewhere = 0;
    for (name, pos, choices) in scenarios() {
        if choices.is_empty() {
            continue;
        }
        let mut want = pos.clone();
        Resolver::new()
            .resolve(&mut want, Some(&choices), &mut NoLog)
            .unwrap();
        let (after, _, asked) = interactive(&pos, |q| answer_like(&pos, &choices, q));
        // A medic with one attack to take is not asked (example_of_play): saving is not
        // optional.
        asked_somewhere += !asked.is_empty() as u32;
        assert_eq!(after, want, "{name}");
    }
    assert!(
        asked_somewhere >= 6,
        "{asked_somewhere} scenarios asked anything"
    );
}

fn scenario(name: &str) -> Position {
    scenarios()
        .into_iter()
        .find(|s| s.0 == name)
        .unwrap_or_else(|| panic!("no scenario {name}"))
        .1
}

/// D-5: the Clown's owner decides; the two answers give different battles (explosion:
/// the Clown and its neighbours hurt; attack: the Clown stays).
#[test]
fn d5_the_clowns_owner_chooses_explosion_or_attack() {
    let pos = scenario("clown_explodes.toml");
    let clown = pos.cell_of(nshex_rules::Hex::new(0, 0)).unwrap();
    let run = |explode| {
        interactive(&pos, |q| match q {
            Question::Clown { cell, .. } => Answer::Clown {
                cell: *cell,
                explode,
            },
            _ => q.automatic(),
        })
    };
    let (boom, _, asked) = run(true);
    assert!(matches!(asked[0], Question::Clown { cell, seat: 0, phase: 2, .. } if cell == clown));
    let (no_boom, _, _) = run(false);
    assert!(boom.cells[clown as usize].is_none(), "the Clown exploded");
    assert_eq!(boom.hq_hp[1], 19, "the explosion hurt the Outpost HQ");
    assert!(no_boom.cells[clown as usize].is_some() || no_boom.hq_hp[1] == 20);
    assert_ne!(boom, no_boom);
}

/// A Quartermaster conversion is asked of the unit's owner with the edges that can be
/// converted; not converting leaves the Hybrid alive, converting edge 0 kills it.
#[test]
fn quartermaster_conversion_is_the_units_owners_choice() {
    let pos = scenario("quartermaster_melee_to_ranged.toml");
    let hybrid = pos.cell_of(nshex_rules::Hex::new(0, -2)).unwrap();
    let run = |edge: Option<u8>| {
        interactive(&pos, |q| match q {
            Question::Convert { cell, .. } => Answer::Convert { cell: *cell, edge },
            _ => q.automatic(),
        })
    };
    let (kept, _, asked) = run(None);
    let Question::Convert { edges, seat, .. } = asked[0] else {
        panic!("{asked:?}")
    };
    assert_eq!(seat, 0);
    assert_eq!(edges, 0b1, "the Ganger's one attack edge");
    assert!(kept.cells[hybrid as usize].is_some());
    let (converted, _, _) = run(Some(0));
    assert!(converted.cells[hybrid as usize].is_none());
}

/// Rulebook "Using medics": with two attacks on its unit the medic's owner picks which one
/// the medic takes; each pick gives its own wounds.
#[test]
fn the_medics_owner_picks_the_attack_it_takes() {
    let pos = scenario("medic_choice_which_attack.toml");
    let blocker = pos.cell_of(nshex_rules::Hex::new(0, -1)).unwrap();
    let (_, _, asked) = interactive(&pos, |q| q.automatic());
    let Question::Medic { ref options, .. } = asked[0] else {
        panic!("{asked:?}")
    };
    assert_eq!(options.len(), 2);
    let mut wounds = Vec::new();
    for &o in options {
        let (after, _, _) = interactive(&pos, |q| match q {
            Question::Medic { .. } => Answer::Medic(o),
            _ => q.automatic(),
        });
        wounds.push(after.cells[blocker as usize].unwrap().wounds);
    }
    wounds.sort();
    assert_eq!(
        wounds,
        vec![1, 2],
        "absorbing the 2 leaves 1 wound, the 1 leaves 2"
    );
}

/// An answer that does not fit its question, or one too many, is refused with the reason
/// and the position is unchanged.
#[test]
fn a_wrong_or_extra_answer_is_refused() {
    let pos = scenario("clown_explodes.toml");
    let mut r = Resolver::new();
    let mut p = pos.clone();
    let wrong = [Answer::Convert {
        cell: 0,
        edge: None,
    }];
    let e = r
        .resolve_step(&mut p, 0b11, &wrong, &mut NoLog)
        .unwrap_err();
    assert!(e.reason().contains("is not one of the options"), "{e}");
    assert!(
        !e.reason().contains("Convert {"),
        "errors speak the notation, not type names: {e}"
    );
    assert_eq!(p, pos);
    let clown = pos.cell_of(nshex_rules::Hex::new(0, 0)).unwrap();
    let extra = [Answer::Clown {
        cell: clown,
        explode: true,
    }; 2];
    let e = r
        .resolve_step(&mut p, 0b11, &extra, &mut NoLog)
        .unwrap_err();
    assert!(e.reason().contains("asked only 1"), "{e}");
    assert_eq!(p, pos);
}

fn new_game(i: u64, manual: u8) -> Game {
    let set = tiles();
    let (a, b) = BASE_PAIRINGS[(i as usize) % BASE_PAIRINGS.len()];
    let mut g = Game::new(
        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
        BoardKind::Standard,
        i,
    );
    g.set_manual_choices(manual).unwrap();
    g
}

/// A game's actions with random legal decisions (the natural draws for chance).
fn random_game(seed: u64, manual: u8) -> Record {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rec = Record::new(new_game(seed, manual), Some(seed));
    let mut legal = Vec::new();
    while !rec.game.is_over() {
        let a = match rec.game.current_player() {
            Player::Chance => rec.game.natural_draw().unwrap(),
            _ => {
                rec.game.legal_actions_into(&mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        rec.apply(a).unwrap();
    }
    rec
}

/// D-4 in whole games: replaying an automatic game with both seats answering, each
/// question by its automatic answer, reaches the same end.
#[test]
fn d4_a_manual_game_answered_automatically_is_the_automatic_game() {
    let mut questions = 0;
    for seed in 0..60 {
        let auto = random_game(seed, 0);
        let mut g = new_game(seed, 0b11);
        for &a in &auto.actions {
            while let Some(q) = g.battle_question() {
                assert_eq!(g.current_player(), Player::Seat(q.seat()));
                g.apply(Action::from_answer(q.automatic())).unwrap();
                questions += 1;
            }
            g.apply(a).unwrap();
        }
        g.answer_automatically();
        assert_eq!(g.pos(), auto.game.pos(), "game {seed}");
        assert_eq!(g.discards(), auto.game.discards(), "game {seed}");
        assert_eq!(g.outcome(), auto.game.outcome(), "game {seed}");
        assert_eq!(g.battles(), auto.game.battles(), "game {seed}");
    }
    assert!(questions > 20, "only {questions} questions in 60 games");
}

/// Whole games with random answers: every question is a seat's decision with legal
/// actions only for it; a game waiting for an answer survives JSON and the save file;
/// other actions are refused while it waits; replaying gives the same game, with or
/// without battle logs.
#[test]
fn random_answers_in_whole_games_keep_the_game_consistent() {
    let mut waiting_states = 0;
    for seed in 100..250 {
        let manual = 1 + (seed % 3) as u8;
        let rec = random_game(seed, manual);
        let mut replay = Record::new(new_game(seed, manual), Some(seed));
        // The same game without battle logs: the lean battle path asks the same questions.
        let mut quiet = new_game(seed, manual);
        quiet.set_keep_battle_logs(false);
        for &a in &rec.actions {
            let g = &replay.game;
            assert_eq!(&quiet, g, "game {seed} without battle logs");
            quiet.apply(a).unwrap();
            if let Stage::BattleChoice { seat } = g.stage() {
                waiting_states += 1;
                assert!(manual >> seat & 1 == 1, "only a manual seat is asked");
                let legal = g.legal_actions();
                assert!(legal.iter().all(|a| a.answer().is_some()));
                assert!(legal.contains(&Action::from_answer(
                    g.battle_question().unwrap().automatic()
                )));
                let mut c = g.clone();
                let err = c.apply(Action::EndTurn).unwrap_err();
                assert!(err.reason().contains("the battle waits"), "{err}");
                assert_eq!(&c, g);
                let back = game_from_json(&game_to_json(g)).expect("round trip");
                assert_eq!(&back, g, "JSON round trip of game {seed}");
                let loaded = Record::from_json(&replay.to_json()).expect("save file loads");
                assert_eq!(&loaded.game, g);
            } else {
                let mut c = g.clone();
                let stray = Action::Clown {
                    cell: 0,
                    explode: true,
                };
                assert!(c.apply(stray).is_err());
            }
            replay.apply(a).unwrap();
        }
        assert_eq!(replay.game, rec.game);
    }
    assert!(waiting_states > 20, "only {waiting_states} questions");
}

/// The bots answer battle questions legally: greedy and a search level, in games where
/// both seats answer their own choices.
#[test]
fn bots_answer_battle_questions_legally() {
    let mut answered = 0;
    for seed in 0..6u64 {
        let mut g = new_game(seed, 0b11);
        g.set_keep_battle_logs(false);
        let mut bots = [
            nshex_ai::bot_by_name("easy:iters=30", seed).unwrap(),
            nshex_ai::bot_by_name("greedy", seed).unwrap(),
        ];
        while !g.is_over() {
            let a = match g.current_player() {
                Player::Chance => g.natural_draw().unwrap(),
                Player::Seat(s) => {
                    let a = bots[((s as u64 + seed) % 2) as usize].choose(&g);
                    if a.answer().is_some() {
                        answered += 1;
                    }
                    a
                }
                Player::Terminal => unreachable!(),
            };
            g.apply(a).unwrap();
        }
    }
    assert!(answered > 0, "no battle question came up");
}

/// The notation of battle answers reads back to the same action.
#[test]
fn battle_answers_have_a_notation() {
    let g = new_game(1, 0b11);
    for a in [
        Action::Clown {
            cell: 3,
            explode: true,
        },
        Action::Clown {
            cell: 3,
            explode: false,
        },
        Action::Convert {
            cell: 5,
            edge: Some(4),
        },
        Action::Convert {
            cell: 5,
            edge: None,
        },
        Action::MedicTakes {
            medic: 1,
            target: 2,
            from: 9,
        },
        Action::MedicTakes {
            medic: 1,
            target: 2,
            from: 2,
        },
    ] {
        let line = nshex_formats::notation::action_to_line(&g, a);
        assert_eq!(
            nshex_formats::notation::line_to_action(&g, &line),
            Ok(a),
            "{line}"
        );
        assert_eq!(Action::decode(a.encode()), Some(a));
    }
}

/// A medic question lists the same options, in the same order, whether the battle is
/// logged or not. The lean attack path writes a unit's melee record before its ranged one;
/// this Mobile Armor (facing 1) shoots north (direction 0) before it strikes north-east
/// (direction 1) on the logged path, at two Brains each protected by its own Medic.
#[test]
fn a_medic_question_is_the_same_with_and_without_a_log() {
    let text = fixture("mobile_armor_two_medics.toml");
    let pos = parse_scenario(&text, "mobile_armor_medics", true)
        .unwrap()
        .position;
    let mut r = Resolver::new();
    let ask = |step: Step| match step {
        Step::Ask(q) => q,
        Step::Done(_) => panic!("no question"),
    };
    let mut p = pos.clone();
    let logged = ask(r
        .resolve_step(&mut p, 0b10, &[], &mut BattleLog::default())
        .unwrap());
    let quiet = ask(r.resolve_step(&mut p, 0b10, &[], &mut NoLog).unwrap());
    assert!(matches!(&logged, Question::Medic { options, .. } if options.len() == 2));
    assert_eq!(logged, quiet);
}
