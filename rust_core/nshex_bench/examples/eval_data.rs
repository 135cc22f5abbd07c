//! Positions from self-play with the terms of the evaluation and how each game ended, for
//! fitting the evaluation's weights to outcomes (`tools/fit_eval.py`):
//! `cargo run --release -p nshex_bench --example eval_data -- BOT GAMES SEED > data.csv`.
//!
//! One row per seat at the start of every turn (after the draw), the terms as the two-battle
//! evaluation sees them: the battle that would follow (HQ difference, and what survives of
//! each side by strength, toughness, initiative values and modules), a second battle of the
//! survivors (its HQ difference, or a game it would end), and the hands' worth. Positions whose
//! first battle would end the game are left out (the evaluation knows those exactly).

use nshex_ai::eval::{hand_worth, hp_diff};
use nshex_ai::{bot_by_name, Bot, Weights};
use nshex_rules::{tiles, Game, Kind, NoLog, Player, Position, Resolver, BASE_PAIRINGS, NEUTRAL};
use std::io::Write;

/// Own minus enemy over the non-HQ tiles: count, strength, toughness, initiative values,
/// modules.
fn material(p: &Position, seat: u8) -> [f64; 5] {
    let mut m = [0.0; 5];
    for (_, u) in p.units() {
        let d = u.def();
        if d.is_hq() || u.ctrl == NEUTRAL {
            continue;
        }
        let sign = if u.ctrl == seat { 1.0 } else { -1.0 };
        let strength = nshex_ai::weights::strength(d);
        let module = (d.kind == Kind::Module) as u8 as f64;
        let unit = 1.0 - module;
        m[0] += sign;
        m[1] += sign * unit * strength as f64;
        m[2] += sign * unit * d.toughness as f64;
        m[3] += sign * unit * d.n_init as f64;
        m[4] += sign * module;
    }
    m
}

fn row(g: &Game, seat: u8, r: &mut Resolver) -> Option<Vec<f64>> {
    let mut board = g.pos().clone();
    let out = r.resolve(&mut board, None, &mut NoLog).ok()?.outcome;
    if out.share_for(seat, board.relations()).is_some() {
        return None;
    }
    let now = hp_diff(&board, seat);
    let mat = material(&board, seat);
    let after_first = board.clone();
    let out2 = r.resolve(&mut board, None, &mut NoLog).ok()?.outcome;
    let (fut_hp, fut_win) = match out2.share_for(seat, board.relations()) {
        Some(share) => (0.0, 2.0 * share - 1.0),
        None => (hp_diff(&board, seat) - now, 0.0),
    };
    // The hands' worth by the hand-set tile worths, one point per point.
    let unit_hand = Weights {
        hand: 1.0,
        ..nshex_ai::weights::V1
    };
    let hand = hand_worth(g, seat, &unit_hand);
    let mut v = vec![now];
    v.extend_from_slice(&mat);
    v.extend_from_slice(&[fut_hp, fut_win, hand]);
    v.push(g.turn() as f64);
    v.push(g.decks()[seat as usize].len() as f64);
    v.extend(board_features(g.pos(), &after_first, seat));
    Some(v)
}

/// The base armies' non-HQ board tiles, in a fixed order: one column each.
fn board_tiles() -> Vec<nshex_rules::TileId> {
    let set = tiles();
    nshex_rules::BASE_ARMIES
        .iter()
        .flat_map(|a| set.army(set.find_army(a).unwrap()).tiles.iter().copied())
        .filter(|&t| {
            let d = set.tile(t);
            !d.is_hq() && d.kind != Kind::Instant
        })
        .collect()
}

/// Per tile id, its column among `board_tiles`, and how many columns (worked out once).
fn tile_columns() -> &'static (Vec<Option<usize>>, usize) {
    static C: std::sync::OnceLock<(Vec<Option<usize>>, usize)> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let kinds = board_tiles();
        let mut c = vec![None; tiles().tiles.len()];
        for (k, t) in kinds.iter().enumerate() {
            c[t.0 as usize] = Some(k);
        }
        (c, kinds.len())
    })
}

/// Board features beyond the evaluation's terms (for trying a richer evaluation): HQ hit
/// points apart, how full the board is, what stands and what is free around each HQ after
/// the battle, and each tile kind standing after it (own minus enemy).
fn board_features(before: &Position, after: &Position, seat: u8) -> Vec<f64> {
    let geo = after.geometry();
    let foe = 1 - seat;
    let mut v = vec![
        after.hq_hp[seat as usize] as f64,
        after.hq_hp[foe as usize] as f64,
        (geo.len() as u32 - before.occupied().count_ones()) as f64,
    ];
    // Around seat's HQ, then the enemy's: enemy units, own units, empty hexes.
    for s in [seat, foe] {
        let (mut enemies, mut friends, mut empty) = (0.0, 0.0, 0.0);
        if let Some(hq) = after.hq_hex(s).and_then(|h| after.cell_of(h)) {
            for &n in &geo.neighbors[hq as usize] {
                if n == nshex_rules::NO_CELL {
                    continue;
                }
                match after.cells[n as usize] {
                    None => empty += 1.0,
                    Some(u) if u.ctrl == s => friends += 1.0,
                    Some(_) => enemies += 1.0,
                }
            }
        }
        v.extend_from_slice(&[enemies, friends, empty]);
    }
    let (columns, n) = tile_columns();
    let mut per = vec![0.0; *n];
    for (_, u) in after.units() {
        if let Some(k) = columns[u.tile.0 as usize] {
            per[k] += if u.ctrl == seat { 1.0 } else { -1.0 };
        }
    }
    v.extend(per);
    v
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bot = args.first().map_or("medium", |s| s.as_str()).to_string();
    let games: u64 = args.get(1).map_or(100, |g| g.parse().expect("GAMES"));
    let seed: u64 = args.get(2).map_or(1, |g| g.parse().expect("SEED"));
    let threads = 2u64;
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let bot = bot.clone();
            std::thread::spawn(move || {
                let set = tiles();
                let mut r = Resolver::new();
                let mut lines = Vec::new();
                for i in (t..games).step_by(threads as usize) {
                    let gseed = seed.wrapping_mul(1_000_003).wrapping_add(i);
                    let (a, b) = BASE_PAIRINGS[(i / 2) as usize % BASE_PAIRINGS.len()];
                    let (a, b) = if i % 2 == 0 { (a, b) } else { (b, a) };
                    let mut g = Game::new(
                        &[set.find_army(a).unwrap(), set.find_army(b).unwrap()],
                        nshex_rules::BoardKind::Standard,
                        gseed,
                    );
                    g.set_keep_battle_logs(false);
                    let mut bots: Vec<Box<dyn Bot + Send>> = (0..2)
                        .map(|s| bot_by_name(&bot, gseed * 2 + s).expect("a bot"))
                        .collect();
                    let mut rows: Vec<(u8, Vec<f64>)> = Vec::new();
                    let mut last_turn = u32::MAX;
                    while !g.is_over() {
                        let a = match g.current_player() {
                            Player::Chance => g.natural_draw().expect("a draw"),
                            Player::Seat(s) => {
                                if g.turn() != last_turn && g.battle_question().is_none() {
                                    last_turn = g.turn();
                                    for seat in 0..2u8 {
                                        if let Some(v) = row(&g, seat, &mut r) {
                                            rows.push((seat, v));
                                        }
                                    }
                                }
                                bots[s as usize].choose(&g)
                            }
                            Player::Terminal => break,
                        };
                        g.apply_unchecked(a);
                    }
                    let o = g.outcome().expect("over");
                    for (seat, v) in rows {
                        let share = o.share_for(seat, g.pos().relations()).unwrap_or(0.5);
                        let cols: Vec<String> = v.iter().map(|x| format!("{x}")).collect();
                        lines.push(format!("{i},{},{share}", cols.join(",")));
                    }
                }
                lines
            })
        })
        .collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let set = tiles();
    let kinds: Vec<String> = board_tiles()
        .iter()
        .map(|&t| format!("t_{}", set.tile(t).id))
        .collect();
    writeln!(
        out,
        "game,now,count,strength,toughness,initiative,modules,future_hp,future_win,hand,turn,deck,\
         own_hp,foe_hp,empty,own_hq_enemies,own_hq_friends,own_hq_empty,foe_hq_enemies,\
         foe_hq_friends,foe_hq_empty,{},result",
        kinds.join(",")
    )
    .unwrap();
    for h in handles {
        for l in h.join().expect("a thread") {
            writeln!(out, "{l}").unwrap();
        }
    }
}
