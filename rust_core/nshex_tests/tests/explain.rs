//! The Hint's reason in the expansions' terms (issue 43 item 6): for each army, and for the
//! Mercenaries, the Mad Bomber and Reinforcements, a position where its characteristic move
//! is open; the reason names the tile and the effect in a player's words (names, places,
//! effects), read off the engine, and never a coordinate, a notation line or a rule number.

use nshex_formats::notation::line_to_legal_action;
use nshex_formats::save::Record;

mod common;
use common::{game, play, units_toml};

/// A scenario: `armies`, extra `[game]` keys, the units (`parse_units`), seat
/// 0's hand (a deck filler is drawn and discarded), then `extra` TOML.
fn scenario(armies: [&str; 2], keys: &str, units: &str, hand: &[&str], extra: &str) -> Record {
    let hand: Vec<String> = hand
        .iter()
        .map(|t| format!("\"{}.{t}\"", armies[0]))
        .collect();
    let text = format!(
        "[game]\narmies = [\"{}\", \"{}\"]\nto_move = 0\nturn = 10\n{keys}\n\n{}\
         [[hand]]\nseat = 0\ntiles = [{}]\n\n\
         [[deck]]\nseat = 0\ntiles = [\"{0}.battle\", \"{0}.battle\", \"{0}.battle\", \"{0}.battle\"]\n\n\
         [[deck]]\nseat = 1\ntiles = [\"{1}.battle\", \"{1}.battle\", \"{1}.battle\", \"{1}.battle\"]\n{extra}",
        armies[0],
        armies[1],
        units_toml(&parse_units(units)),
        hand.join(", ")
    );
    let mut rec = game(&text);
    if rec.game.stage() == nshex_rules::Stage::Discard {
        play(&mut rec, "discard battle");
    }
    rec
}

/// Units written `SEAT TILE Q,R [FACING]`, `;` between them.
fn parse_units(spec: &str) -> Vec<(u8, &str, i8, i8, u8)> {
    spec.split(';')
        .map(|u| {
            let w: Vec<&str> = u.split_whitespace().collect();
            let (q, r) = w[2].split_once(',').unwrap();
            let facing = w.get(3).map_or(0, |f| f.parse().unwrap());
            (
                w[0].parse().unwrap(),
                w[1],
                q.parse().unwrap(),
                r.parse().unwrap(),
                facing,
            )
        })
        .collect()
}

/// The reason the Hint gives for `line`, checked for a player's words.
fn reason(rec: &Record, line: &str) -> String {
    let a = line_to_legal_action(&rec.game, line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let r = nshex_ai::explain::reason(&rec.game, a);
    eprintln!("{line}: {r}");
    assert_plain(&r);
    r
}

/// No coordinates (`1,-2`), no notation arrows, no rule numbers (FAQ-12, D-13).
fn assert_plain(r: &str) {
    let b = r.as_bytes();
    for i in 1..b.len().saturating_sub(1) {
        let coord = b[i] == b','
            && b[i - 1].is_ascii_digit()
            && (b[i + 1].is_ascii_digit() || b[i + 1] == b'-');
        assert!(!coord, "a coordinate in {r:?}");
    }
    for bad in ["->", "FAQ", "D-", "q,r", "facing", "cell"] {
        assert!(!r.contains(bad), "{bad:?} in {r:?}");
    }
}

fn has(r: &str, words: &[&str]) {
    for w in words {
        assert!(r.contains(w), "{w:?} not in {r:?}");
    }
}

#[test]
fn borgo_a_net_fighter_nets_and_a_grenade_kills() {
    let units = "0 borgo.hq 0,2; 1 moloch.hq 0,-2; 1 moloch.gauss_cannon 1,-1";
    let rec = scenario(
        ["borgo", "moloch"],
        "",
        units,
        &["net_fighter", "mutant"],
        "",
    );
    let r = reason(&rec, "place net_fighter 0,0 1");
    has(
        &r,
        &[
            "places the Net Fighter in the centre",
            "nets the Moloch Gauss Cannon",
        ],
    );

    let units = "0 borgo.hq 0,0; 1 moloch.hq 0,2; 1 moloch.hybrid 0,-1";
    let rec = scenario(["borgo", "moloch"], "", units, &["grenade", "mutant"], "");
    has(
        &reason(&rec, "play grenade 0,-1"),
        &["Grenade: kills the Moloch Hybrid"],
    );
}

#[test]
fn moloch_a_scout_gives_initiative_and_a_push_back_pushes_away_from_the_hq() {
    let units = "0 moloch.hq 0,2; 1 borgo.hq 0,-2; 0 moloch.gauss_cannon 1,0";
    let rec = scenario(["moloch", "borgo"], "", units, &["scout", "hybrid"], "");
    has(
        &reason(&rec, "place scout 0,0 2"),
        &["places the Scout", "gives the Gauss Cannon +1 initiative"],
    );

    let units = "0 moloch.hq 0,0; 1 borgo.hq 0,2; 1 borgo.mutant 0,-1; 0 moloch.guard -1,0; 0 moloch.blocker 1,-1";
    let rec = scenario(["moloch", "borgo"], "", units, &["push_back", "hybrid"], "");
    let r = reason(&rec, "play push_back -1,0 -> 0,-1");
    has(
        &r,
        &["Push Back: the Guard pushes the Borgo Mutant away from your HQ"],
    );
}

#[test]
fn hegemony_a_boss_gives_melee_and_initiative() {
    let units = "0 hegemony.hq 0,2; 1 borgo.hq 0,-2; 0 hegemony.runner 1,0";
    let rec = scenario(["hegemony", "borgo"], "", units, &["boss", "thug"], "");
    has(
        &reason(&rec, "place boss 0,0 2"),
        &[
            "places the Boss",
            "gives the Runner +1 initiative and +1 melee",
        ],
    );
}

#[test]
fn outpost_a_saboteur_takes_initiative_and_a_sniper_kills() {
    let units = "0 outpost.hq 0,2; 1 borgo.hq 0,-2; 1 borgo.mutant 1,-1";
    let rec = scenario(["outpost", "borgo"], "", units, &["saboteur", "sniper"], "");
    has(
        &reason(&rec, "place saboteur 0,0 0"),
        &[
            "places the Saboteur",
            "takes 1 initiative from the Borgo Mutant",
        ],
    );
    has(
        &reason(&rec, "play sniper 1,-1"),
        &["Sniper: kills the Borgo Mutant"],
    );
}

#[test]
fn smart_the_grant_moves_the_bio_droid_and_a_tile_takes_the_transporters_place() {
    let units = "0 smart.hq 0,0; 1 moloch.hq 0,2; 0 smart.bio_droid 0,-1; 0 smart.transporter -1,0";
    let rec = scenario(["smart", "moloch"], "", units, &["cyborg", "ripper"], "");
    has(
        &reason(&rec, "grant 0,-1 -> 1,-2 0"),
        &["the grant lets the Bio-droid move"],
    );
    has(
        &reason(&rec, "grant 0,-1 -> 0,-1 3"),
        &["the grant lets the Bio-droid turn"],
    );
    let r = reason(&rec, "place cyborg -1,0 1");
    has(
        &r,
        &[
            "puts the Cyborg in the Transporter's place, next to your HQ",
            "the Transporter goes to the discard pile",
        ],
    );
}

#[test]
fn vegas_a_rotation_takes_over_and_a_mine_is_laid() {
    let units = "0 vegas.hq 0,0 3; 1 hegemony.hq 0,2; 1 hegemony.runner 1,-1";
    let rec = scenario(
        ["vegas", "hegemony"],
        "board = \"duel\"",
        units,
        &["rotation", "mine"],
        "",
    );
    has(
        &reason(&rec, "play rotation 0,0 0"),
        &[
            "Rotation: turns your HQ",
            "takes over the Hegemony Runner while your HQ faces it",
        ],
    );
    has(
        &reason(&rec, "place mine 0,-1"),
        &["lays a Mine next to your HQ"],
    );
    let rec = scenario(["vegas", "hegemony"], "", units, &["agitator", "mine"], "");
    let r = reason(&rec, "place agitator 1,0 0");
    has(
        &r,
        &["places the Agitator next to your HQ: takes over the Hegemony Runner while the Agitator faces it"],
    );
}

#[test]
fn vegas_energy_on_the_duel_board() {
    let units = "0 vegas.hq 0,0; 1 smart.hq 0,2";
    let mut rec = scenario(
        ["vegas", "smart"],
        "board = \"duel\"\nenergy = [2, 0]",
        units,
        &["guard", "marksman"],
        "",
    );
    // The exchange is open right after the draw's discard.
    let r = reason(&rec, "exchange guard");
    has(&r, &["exchanges the Guard for 1 energy (3 energy now)"]);
    play(&mut rec, "place guard 0,-1 0");
    has(
        &reason(&rec, "buy 1"),
        &["buys 1 energy for 1 HQ hit point (3 energy now); the turn ends"],
    );
}

#[test]
fn doomsday_the_hq_turns_an_officer_whose_long_link_reaches_a_shooter() {
    let units = "0 doomsday.hq 0,2; 1 moloch.hq 2,-2; 0 doomsday.officer 0,0 3; 0 doomsday.alpha_shooter 0,-2; 1 moloch.hybrid -1,0; 1 moloch.blocker -1,1";
    let rec = scenario(
        ["doomsday", "moloch"],
        "",
        units,
        &["small_bomb", "scout"],
        "",
    );
    has(
        &reason(&rec, "rotate 0,0 0"),
        &[
            "your HQ turns the Officer",
            "gives the Alpha Shooter +1 ranged",
        ],
    );
    let r = reason(&rec, "play small_bomb -1,0 -1,1 0,0");
    has(
        &r,
        &[
            "Small Bomb",
            "kills the Moloch Hybrid",
            "wounds the Moloch Blocker",
        ],
    );
    let rec = scenario(["doomsday", "moloch"], "", units, &["tripler", "trap"], "");
    let r = reason(&rec, "place tripler 1,0 0");
    has(
        &r,
        &[
            "places the Tripler",
            "where it passes your ranged shots on three ways",
        ],
    );
    let r = reason(&rec, "place trap 1,0 0");
    has(
        &r,
        &["where it explodes when an enemy hits its marked edge"],
    );
}

#[test]
fn mercenaries_taken_instead_of_a_deck_tile_are_said_with_their_symbols() {
    let units = "0 borgo.hq 0,2; 1 moloch.hq 0,-2";
    let text = "\n[[mercenary]]\nseat = 0\ntiles = [\"mercenaries.alabama_shield\"]\n";
    let rec = scenario(["borgo", "moloch"], "", units, &["mutant"], text);
    let r = reason(&rec, "mercenary alabama_shield");
    has(&r, &["takes the Mercenary Alabama Shield (armor, toughness 2, Mobility) instead of a deck tile"]);
}

#[test]
fn the_mad_bomber_set_off_by_a_sniper_wounds_its_neighbours_and_passes_on() {
    let units = "0 hegemony.hq 0,2; 1 borgo.hq 0,-2; 1 borgo.mutant 0,-1";
    let bomber = "\n[[unit]]\nseat = \"neutral\"\ntile = \"mercenaries.mad_bomber\"\nat = [0, 0]\n";
    let rec = scenario(
        ["hegemony", "borgo"],
        "mad_bomber = \"neutral\"",
        units,
        &["sniper", "thug"],
        bomber,
    );
    let r = reason(&rec, "play sniper 0,0");
    has(
        &r,
        &[
            "Sniper: sets off the Mad Bomber",
            "kills the Borgo Mutant",
            "the Mad Bomber goes on top of the Borgo deck",
        ],
    );
}

#[test]
fn reinforcements_keep_tiles_for_later_in_hands_of_six() {
    let units = "0 borgo.hq 0,2; 1 moloch.hq 0,-2";
    let keys = "variants = [\"reinforcements\"]";
    let rec = scenario(
        ["borgo", "moloch"],
        keys,
        units,
        &["mutant", "claws", "scout"],
        "",
    );
    has(
        &reason(&rec, "place mutant 0,0 0"),
        &["places the Mutant in the centre (one more tile may follow this turn)"],
    );
    let r = reason(&rec, "end");
    has(
        &r,
        &[
            "ends the turn keeping the Mutant",
            "the hand fills up to six at the next draw",
        ],
    );
}

/// Every legal action of random games (each army, the Duel board, four seats, the options)
/// has a reason in a player's words, and explaining never panics.
#[test]
fn every_move_of_random_games_is_explained_in_words() {
    use nshex_rules::{tiles, BoardKind, Game, MadBomber, Mode, Options, Player, REINFORCEMENTS};
    use rand::{Rng, SeedableRng};
    let set = tiles();
    let army = |id: &str| set.find_army(id).unwrap();
    let options = |variants, mercenaries, mad_bomber| Options {
        variants,
        mercenaries,
        mad_bomber,
        ..Options::default()
    };
    let games = [
        (
            vec!["smart", "vegas"],
            BoardKind::Duel,
            options(0, 2, MadBomber::Off),
        ),
        (
            vec!["doomsday", "outpost"],
            BoardKind::Standard,
            options(REINFORCEMENTS, 0, MadBomber::Neutral),
        ),
        (
            vec!["borgo", "hegemony"],
            BoardKind::Standard,
            options(0, 1, MadBomber::Mercenary),
        ),
        (
            vec!["moloch", "vegas", "smart", "borgo"],
            BoardKind::Expanded,
            options(0, 1, MadBomber::Off),
        ),
    ];
    for (seed, (armies, board, opts)) in games.into_iter().enumerate() {
        let ids: Vec<_> = armies.iter().map(|a| army(a)).collect();
        let mode = Mode::default_for(ids.len() as u8);
        let mut g = Game::with_options(&ids, board, mode, opts, seed as u64).unwrap();
        // The four-seat game asks every battle choice (Clowns, Medics, Quartermasters).
        let manual = ids.len() == 4;
        if manual {
            g.set_manual_choices(0b1111).unwrap();
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed as u64);
        for step in 0..400 {
            if g.is_over() {
                break;
            }
            let Player::Seat(_) = g.current_player() else {
                let draw = g.natural_draw().expect("a draw");
                g.apply_unchecked(draw);
                continue;
            };
            let legal = g.legal_actions();
            if step % 3 == 0 {
                for &a in legal.iter().take(60) {
                    let r = nshex_ai::explain::reason(&g, a);
                    assert_plain(&r);
                    if std::env::var("EXPLAIN_SHOW").is_ok() {
                        eprintln!("{r}");
                    }
                }
            }
            g.apply_unchecked(legal[rng.random_range(0..legal.len())]);
            if !manual {
                g.answer_automatically();
            }
        }
    }
}

/// A battle choice (manual choices on): the Clown's answers are said in the client's words.
#[test]
fn moloch_a_clowns_battle_choice_is_said_in_words() {
    let units = "0 moloch.hq 0,2; 1 borgo.hq 0,-2; 0 moloch.clown 0,0; 1 borgo.mutant 0,-1; 1 borgo.claws 1,-1 1";
    // The two battles drawn: one is the discard, one is played.
    let mut rec = scenario(["moloch", "borgo"], "", units, &["hybrid"], "");
    rec.game.set_manual_choices(0b11).unwrap();
    play(&mut rec, "play battle");
    let legal = rec.game.legal_actions();
    let clown: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, nshex_rules::Action::Clown { .. }))
        .collect();
    assert!(!clown.is_empty(), "the Clown is asked: {legal:?}");
    for &&a in &clown {
        let r = nshex_ai::explain::reason(&rec.game, a);
        assert_plain(&r);
        eprintln!("{a:?}: {r}");
        let explode = matches!(a, nshex_rules::Action::Clown { explode: true, .. });
        let want = if explode {
            "the Clown explodes"
        } else {
            "the Clown attacks"
        };
        has(&r, &[want, "; in this battle: "]);
    }
}
