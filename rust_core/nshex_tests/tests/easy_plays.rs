//! Easy is easy but active: in every army and on both boards it places about as many tiles
//! a turn as Medium does. (Issue 40: Easy playing Vegas on the Duel board placed two units in
//! seven turns; its move ordering never reached a placement among the procedures and the
//! energy exchanges, and it ended its turns with units in hand.)

use nshex_ai::bot_by_name;
use nshex_rules::{tiles, BoardKind};
use nshex_rules::{Action, Game, Player};

/// The six armies and the Doomsday Machine, each against an opponent that plays its turns.
const ARMIES: [(&str, &str); 7] = [
    ("borgo", "moloch"),
    ("moloch", "borgo"),
    ("hegemony", "outpost"),
    ("outpost", "hegemony"),
    ("smart", "vegas"),
    ("vegas", "smart"),
    ("doomsday", "moloch"),
];

/// How many turns of the tested seat a game is played for.
const TURNS: u32 = 7;
/// The fewest tiles the tested seat may place in those turns in any one game (Medium placed
/// at least 5 in every game measured; the Easy of the issue placed 0 to 2 in some).
const AT_LEAST_PLACED: u32 = 3;

/// The tested level; `EASY_LEVEL=easy:order=0` runs the test on the Easy of before the fix.
fn easy_level() -> String {
    std::env::var("EASY_LEVEL").unwrap_or_else(|_| "easy".into())
}

/// Tiles the tested seat (the second, `level`; the first is the human's in a game against
/// the computer) placed on the board (units, modules, foundations) and its turns, in a game
/// against the bot `opponent` from `seed`.
fn placements_against(
    opponent: &str,
    army: &str,
    other: &str,
    board: BoardKind,
    level: &str,
    seed: u64,
) -> (u32, u32) {
    let set = tiles();
    let armies = [set.find_army(other).unwrap(), set.find_army(army).unwrap()];
    let mut g = Game::new(&armies, board, seed);
    g.set_keep_battle_logs(false);
    let mut bots = [
        bot_by_name(opponent, seed + 1).unwrap(),
        bot_by_name(level, seed).unwrap(),
    ];
    let mut placed = 0;
    while !g.is_over() && g.turns_taken(1) < TURNS {
        let a = match g.current_player() {
            Player::Chance => g.natural_draw().unwrap(),
            Player::Seat(s) => {
                let a = bots[s as usize].choose(&g);
                if s == 1 && matches!(a, Action::Place { .. }) {
                    placed += 1;
                }
                a
            }
            Player::Terminal => unreachable!("the game is not over"),
        };
        g.apply(a).expect("a bot's answer is legal");
    }
    (placed, g.turns_taken(1).max(1))
}

/// Tiles placed per turn by `level` over `seeds` games of `army` on `board`, and the fewest
/// placed in one game that lasted all `TURNS`.
fn rate(
    opponent: &str,
    (army, other): (&str, &str),
    board: BoardKind,
    level: &str,
    seeds: u64,
) -> (f64, u32) {
    let (mut placed, mut turns, mut fewest) = (0, 0, u32::MAX);
    for seed in 0..seeds {
        let (p, t) = placements_against(opponent, army, other, board, level, 40 + seed);
        placed += p;
        turns += t;
        if t >= TURNS {
            fewest = fewest.min(p);
        }
    }
    (placed as f64 / turns as f64, fewest)
}

fn easy_against_medium(opponent: &str, seeds: u64, at_least: f64) {
    let level = easy_level();
    let mut failures = Vec::new();
    for board in [BoardKind::Standard, BoardKind::Duel] {
        for (army, other) in ARMIES {
            let (easy, fewest) = rate(opponent, (army, other), board, &level, seeds);
            let (medium, _) = rate(opponent, (army, other), board, "medium", seeds);
            eprintln!(
                "{army:9} {board:?}: {level} {easy:.2}, medium {medium:.2} tiles a turn; \
                 {level} placed at least {fewest} in a game"
            );
            if easy < at_least * medium {
                failures.push(format!(
                    "{army} on {board:?}: {easy:.2} against {medium:.2}"
                ));
            }
            if fewest < AT_LEAST_PLACED {
                failures.push(format!("{army} on {board:?}: a game with {fewest} placed"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{level} places under {:.0}% of Medium's tiles a turn, or under {AT_LEAST_PLACED} in \
         {TURNS} turns: {}",
        at_least * 100.0,
        failures.join("; ")
    );
}

/// Every army, both boards, a few seeded games each against the greedy bot: Easy places at
/// least 70% of what Medium places a turn, and at least three tiles in seven turns of every
/// game.
#[test]
fn easy_places_about_as_many_tiles_as_medium_in_every_army() {
    easy_against_medium("greedy", 3, 0.7);
}

/// The game of the issue: Easy's Vegas on the Duel board against a Smart that plays well
/// (Medium here, a player in the issue). The Easy of before placed one tile in seven turns
/// of this game, ending its turns with units in hand; Medium placed five.
#[test]
fn easy_vegas_plays_its_units_on_the_duel_board() {
    let level = easy_level();
    let (placed, turns) =
        placements_against("medium", "vegas", "smart", BoardKind::Duel, &level, 42);
    assert_eq!(turns, TURNS);
    assert!(
        placed >= AT_LEAST_PLACED,
        "{level} placed {placed} tiles in {TURNS} turns"
    );
}

/// The same over more games against Medium, the opponent of the game (slow, about
/// half an hour: `cargo test -p nshex_tests --test easy_plays -- --ignored`).
#[test]
#[ignore]
fn easy_places_about_as_many_tiles_as_medium_over_many_games() {
    easy_against_medium("medium", 20, 0.8);
}
