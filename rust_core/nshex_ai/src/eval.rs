//! The evaluation interface: how the bots and the search value a position. Evaluators sit
//! behind one trait, so a new one (a tuned, learned or deeper evaluation) is added here
//! without touching the search.

use crate::weights::Weights;
use nshex_rules::{Action, Game, NoLog, Outcome, Position, Resolver};

/// What a win is worth to an evaluator (a loss is the negative).
pub const WIN: f64 = 1000.0;

/// Values positions for a seat: positive is good for it, a won game is [`WIN`].
pub trait Evaluator: Send {
    /// A short name, for reports.
    fn name(&self) -> &str;

    /// Worth of the board `pos` for `seat`, the game still going on.
    fn board(&mut self, pos: &Position, seat: u8) -> f64;

    /// Worth of `game`'s board for `seat`: by default [`Evaluator::board`]; an evaluator
    /// may also look at how far the game is.
    fn board_in(&mut self, game: &Game, seat: u8) -> f64 {
        self.board(game.pos(), seat)
    }

    /// Worth of a game state for `seat`: a finished game by its result, otherwise its
    /// board.
    fn game(&mut self, game: &Game, seat: u8) -> f64 {
        match game
            .outcome()
            .and_then(|o| o.share_for(seat, game.pos().relations()))
        {
            Some(share) => WIN * (2.0 * share - 1.0),
            None => {
                let w = self.weights();
                self.board_in(game, seat)
                    + energy_worth(game, seat, &w)
                    + hand_worth(game, seat, &w)
            }
        }
    }

    /// The weights of the terms outside the board (energy, hand).
    fn weights(&self) -> Weights {
        Weights::default()
    }

    /// Values from now on with these weights (a search sets those of its game's mode);
    /// an evaluator without weights ignores them.
    fn set_weights(&mut self, _w: Weights) {}
}

/// `seat`'s energy minus the average of the others', by the weight of a point of energy (0
/// off the Duel board; a point is bought for one hit point, and three pay for a procedure
/// that destroys a unit or two).
pub fn energy_worth(game: &Game, seat: u8, w: &Weights) -> f64 {
    let n = game.seats() as usize;
    let e = game.energy();
    if e[..n].iter().all(|&x| x == 0) {
        return 0.0;
    }
    let others = (n - 1) as f64;
    let diff: f64 = (0..n)
        .map(|s| {
            if s == seat as usize {
                e[s] as f64
            } else {
                -(e[s] as f64) / others
            }
        })
        .sum();
    w.energy * diff
}

/// The worth of `seat`'s hand against the average of its enemies' hands (hands are public),
/// by the `hand` weight (0 by default: the shipped set does not count hands).
pub fn hand_worth(game: &Game, seat: u8, w: &Weights) -> f64 {
    if w.hand == 0.0 {
        return 0.0;
    }
    let set = nshex_rules::tiles();
    let rel = game.pos().relations();
    let worth = |s: usize| -> f64 {
        game.hands()[s]
            .iter()
            .map(|&t| w.tile_value(set.tile(t)))
            .sum()
    };
    let (mut foe, mut n) = (0.0, 0.0);
    for s in 0..game.seats() {
        if !rel.allied(seat, s) && game.eliminated() >> s & 1 == 0 {
            foe += worth(s as usize);
            n += 1.0;
        }
    }
    w.hand * (worth(seat as usize) - if n > 0.0 { foe / n } else { 0.0 })
}

/// Around each Smart HQ (the grant): the friendly units next to it plus half the board hexes
/// next to it, counted for `seat` when the HQ is of its side and against it otherwise (the
/// search's `grant_worth` weighs it; 0 without a Smart HQ on the board).
pub fn grant_count(p: &Position, seat: u8) -> f64 {
    let geo = p.geometry();
    let rel = p.relations();
    let mut total = 0.0;
    for (i, cell) in p.cells[..geo.len()].iter().enumerate() {
        let Some(hq) = cell else { continue };
        if !hq.def().grant {
            continue;
        }
        let mut n = 0.0;
        for &c in &geo.neighbors[i] {
            if c == nshex_rules::NO_CELL {
                continue;
            }
            n += 0.5;
            if let Some(u) = &p.cells[c as usize] {
                if !u.def().is_hq() && u.ctrl == hq.ctrl {
                    n += 1.0;
                }
            }
        }
        total += if rel.allied(seat, hq.ctrl) { n } else { -n };
    }
    total
}

/// How a side's HQ counters are set against its enemies' with three or four seats (docs/AI.md,
/// "Three and four seats"): by default each side's average.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HqMeasure {
    /// In a deathmatch of three or four seats: the weight, 0 to 1, of the strongest enemy
    /// still in the game ([`hp_diff_leader`]), the rest on the enemies' average (`leader=1`
    /// for all of it, `leadp=PERCENT`).
    pub leader: f64,
    /// In the team modes (a team loses with its first HQ destroyed): the weight, 0 to 1, of
    /// each side's weakest HQ ([`hp_diff_weakest`]); the rest stays on the averages, which
    /// decide the Final Battle (`weakest=PERCENT`).
    pub weakest: f64,
}

impl HqMeasure {
    /// `seat`'s side's HQs against its enemies' on `p`, in `p`'s mode.
    pub fn diff(self, p: &Position, seat: u8) -> f64 {
        // A share `w` on another measure, the rest on the averages.
        let share = |w: f64, other: fn(&Position, u8) -> f64| {
            let w = w.min(1.0);
            (1.0 - w) * hp_diff(p, seat) + w * other(p, seat)
        };
        let mode = p.mode();
        if self.weakest > 0.0 && mode.has_teams() {
            return share(self.weakest, hp_diff_weakest);
        }
        if self.leader > 0.0 && mode == nshex_rules::Mode::Deathmatch && p.seats > 2 {
            return share(self.leader, hp_diff_leader);
        }
        hp_diff(p, seat)
    }
}

/// Values a board by resolving battles on a copy: the battle that would follow it (HQ hit
/// points first, then the tiles left standing), or with `deep` also half of what a second
/// battle of the survivors would add (two battles per valuation).
pub struct BattleEval {
    resolver: Resolver,
    deep: bool,
    w: Weights,
    /// How the HQs are compared with three or four seats (the sides' averages unless set).
    pub hq: HqMeasure,
}

impl BattleEval {
    /// One battle per valuation.
    pub fn new() -> BattleEval {
        BattleEval::with_weights(false, Weights::default())
    }

    /// Two battles per valuation.
    pub fn deep() -> BattleEval {
        BattleEval::with_weights(true, Weights::default())
    }

    /// One (`deep` false) or two battles per valuation, with these weights.
    pub fn with_weights(deep: bool, w: Weights) -> BattleEval {
        BattleEval {
            resolver: Resolver::new(),
            deep,
            w,
            hq: HqMeasure::default(),
        }
    }
}

impl Default for BattleEval {
    fn default() -> Self {
        Self::new()
    }
}

impl Evaluator for BattleEval {
    fn name(&self) -> &str {
        if self.deep {
            "deep-battle"
        } else {
            "battle"
        }
    }

    fn board(&mut self, pos: &Position, seat: u8) -> f64 {
        evaluate_with(&mut self.resolver, pos, seat, &self.w, self.deep, self.hq)
    }

    fn board_in(&mut self, game: &Game, seat: u8) -> f64 {
        let w = if self.w.material_phase == 0.0 && self.w.material_deep_phase == 0.0 {
            self.w
        } else {
            self.w.at_phase(tiles_left(game))
        };
        evaluate_with(&mut self.resolver, game.pos(), seat, &w, self.deep, self.hq)
    }

    fn weights(&self) -> Weights {
        self.w
    }

    fn set_weights(&mut self, w: Weights) {
        self.w = w;
    }
}

/// The fewest tiles left in the deck of a seat still playing: how near the end is.
pub fn tiles_left(game: &Game) -> u32 {
    let out = game.eliminated();
    (0..game.seats())
        .filter(|&s| out >> s & 1 == 0)
        .map(|s| game.decks()[s as usize].len() as u32)
        .min()
        .unwrap_or(0)
}

/// Score of a battle's outcome for `seat` when it ends the game.
fn outcome_score(p: &Position, outcome: Outcome, seat: u8, win: f64) -> Option<f64> {
    outcome
        .share_for(seat, p.relations())
        .map(|share| win * (2.0 * share - 1.0))
}

/// The average HQ counter of `seat`'s side minus the average of its enemies' (hit points;
/// points in the points game, where more is better too).
pub fn hp_diff(p: &Position, seat: u8) -> f64 {
    let rel = p.relations();
    let (mut own, mut n_own, mut foe, mut n_foe) = (0.0, 0.0, 0.0, 0.0);
    for s in 0..p.seats {
        let hp = p.hq_hp[s as usize] as f64;
        if rel.allied(seat, s) {
            own += hp;
            n_own += 1.0;
        } else {
            foe += hp;
            n_foe += 1.0;
        }
    }
    own / n_own - if n_foe > 0.0 { foe / n_foe } else { 0.0 }
}

/// `seat`'s side's average HQ counter minus the highest of its enemies still in the game.
pub fn hp_diff_leader(p: &Position, seat: u8) -> f64 {
    let rel = p.relations();
    let (mut own, mut n_own, mut top) = (0.0, 0.0, f64::NEG_INFINITY);
    for s in 0..p.seats {
        let hp = p.hq_hp[s as usize] as f64;
        if rel.allied(seat, s) {
            own += hp;
            n_own += 1.0;
        } else if hp > top {
            top = hp;
        }
    }
    own / n_own - if top.is_finite() { top } else { 0.0 }
}

/// The weakest HQ counter of `seat`'s side minus the weakest of its enemies': in the team
/// modes the first HQ destroyed loses the game for its whole side.
pub fn hp_diff_weakest(p: &Position, seat: u8) -> f64 {
    let rel = p.relations();
    let (mut own, mut foe) = (f64::INFINITY, f64::INFINITY);
    for s in 0..p.seats {
        let hp = p.hq_hp[s as usize] as f64;
        if rel.allied(seat, s) {
            own = own.min(hp);
        } else {
            foe = foe.min(hp);
        }
    }
    own - if foe.is_finite() { foe } else { 0.0 }
}

/// [`evaluate`] (or with `deep`, [`evaluate_deep`]) measuring the HQs by `hq`.
fn evaluate_with(
    resolver: &mut Resolver,
    pos: &Position,
    seat: u8,
    w: &Weights,
    deep: bool,
    hq: HqMeasure,
) -> f64 {
    let diff = |p: &Position| hq.diff(p, seat);
    let mut board = pos.clone();
    let outcome = battle_in_place(resolver, &mut board);
    if let Some(v) = outcome_score(&board, outcome, seat, 1000.0) {
        return v;
    }
    let now = diff(&board);
    if !deep {
        return now + material(&board, seat, |_| w.material);
    }
    let material = material(&board, seat, |def| w.material_deep * w.tile_value(def));
    let outcome = battle_in_place(resolver, &mut board);
    let future =
        outcome_score(&board, outcome, seat, w.future_win).unwrap_or_else(|| diff(&board) - now);
    now + w.future * future + material
}

/// Resolves a battle on `pos` in place with the automatic choices.
fn battle_in_place(resolver: &mut Resolver, pos: &mut Position) -> Outcome {
    resolver
        .resolve(pos, None, &mut NoLog)
        .expect("automatic choices")
        .outcome
}

/// Sum over the non-HQ tiles on `p` of `worth(tile)`, counted against `seat` for enemies. A
/// neutral Mad Bomber is nobody's material (D-24): what its explosion does shows in the
/// battle that is resolved.
fn material(p: &Position, seat: u8, worth: impl Fn(&nshex_rules::TileDef) -> f64) -> f64 {
    p.units()
        .filter(|(_, u)| !u.def().is_hq() && u.ctrl != nshex_rules::NEUTRAL)
        .map(|(_, u)| {
            let v = worth(u.def());
            if p.relations().allied(seat, u.ctrl) {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// Worth of a board for `seat`: the battle that would follow, HQ hit points first, then
/// the tiles left standing.
pub fn evaluate(resolver: &mut Resolver, pos: &Position, seat: u8, w: &Weights) -> f64 {
    evaluate_with(resolver, pos, seat, w, false, HqMeasure::default())
}

/// A deeper worth of a board for `seat`: the battle that would follow, then half of what a
/// second battle of the survivors would add (the board stays, so units that keep hitting
/// the enemy HQ are worth more than one battle shows), plus the tiles left by their
/// worth. Costs two battles.
pub fn evaluate_deep(resolver: &mut Resolver, pos: &Position, seat: u8, w: &Weights) -> f64 {
    evaluate_with(resolver, pos, seat, w, true, HqMeasure::default())
}

/// The answer to a battle question that leads to the best state for the seat answering:
/// each answer is tried, the battle finished with automatic answers, and the result valued
/// by `eval`. Ties go to the automatic answer, then the first.
pub fn answer_by_battle(eval: &mut dyn Evaluator, game: &Game) -> Action {
    let q = game
        .battle_question()
        .expect("a battle waiting for an answer");
    let seat = q.seat();
    let automatic = Action::from_answer(q.automatic());
    let mut best: Option<(f64, Action)> = None;
    let mut g = game.clone();
    for a in q.answers().into_iter().map(Action::from_answer) {
        g.copy_from(game);
        g.set_keep_battle_logs(false);
        g.apply_unchecked(a);
        g.answer_automatically();
        let v = eval.game(&g, seat);
        let better = best.is_none_or(|(b, _)| v > b + 1e-9 || (v >= b - 1e-9 && a == automatic));
        if better {
            best = Some((v, a));
        }
    }
    best.map_or(automatic, |(_, a)| a)
}

/// The armies named, from the embedded set (tests).
#[cfg(test)]
pub(crate) fn armies(names: [&str; 2]) -> [nshex_rules::ArmyId; 2] {
    names.map(|a| nshex_rules::tiles().find_army(a).expect("an army"))
}

/// A two-seat game on the standard board played by random moves up to turn `turn`, at a
/// seat's decision (tests).
#[cfg(test)]
pub(crate) fn random_game(names: [&str; 2], seed: u64, turn: u32) -> Game {
    use crate::bot::Bot;
    use nshex_rules::Player;
    let mut g = Game::new(&armies(names), nshex_rules::BoardKind::Standard, seed);
    let mut bot = crate::bots::RandomBot::new(seed);
    while g.turn() < turn || g.current_player() == Player::Chance {
        let a = match g.current_player() {
            Player::Chance => g.natural_draw().unwrap(),
            _ => bot.choose(&g),
        };
        g.apply_unchecked(a);
    }
    g
}

/// A four-seat game of `mode` at its start (no unit on the board, HQs not yet placed, so a
/// battle changes nothing and the HQ counters alone decide the valuation; tests).
#[cfg(test)]
pub(crate) fn four_seats(mode: nshex_rules::Mode) -> Position {
    let set = nshex_rules::tiles();
    let armies: Vec<_> = ["borgo", "moloch", "outpost", "hegemony"]
        .iter()
        .map(|a| set.find_army(a).unwrap())
        .collect();
    let g = Game::with_mode(&armies, nshex_rules::BoardKind::Standard, mode, 1).unwrap();
    g.pos().clone()
}

/// Two team-match boards with the same HQ averages (tests): seat 0's team at 10 and 20, or
/// at 14 and 14, against 15 and 15. By the weakest HQ the even one is better for seat 0.
#[cfg(test)]
pub(crate) fn split_and_even_team() -> (Position, Position) {
    let mut split = four_seats(nshex_rules::Mode::Team);
    split.hq_hp[..4].copy_from_slice(&[10, 15, 20, 15]);
    let mut even = split.clone();
    even.hq_hp[..4].copy_from_slice(&[14, 15, 14, 15]);
    (split, even)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nshex_rules::{tiles, BoardKind};

    /// A mid-game position of a random game (units on the board, tiles left in the decks).
    fn mid_game() -> Game {
        random_game(["borgo", "hegemony"], 3, 8)
    }

    /// Four seats: the average of the enemies' HQs, or (`against_leader`) the strongest.
    #[test]
    fn the_hq_difference_against_the_average_or_the_leader() {
        let mut p = four_seats(nshex_rules::Mode::Deathmatch);
        p.hq_hp[..4].copy_from_slice(&[20, 15, 10, 5]);
        assert_eq!(hp_diff(&p, 0), 10.0);
        assert_eq!(hp_diff_leader(&p, 0), 5.0);
        assert_eq!(hp_diff_leader(&p, 1), -5.0);
        assert_eq!(hp_diff_leader(&p, 3), -15.0);
        // `leadp`: a share on the leader, the rest on the average.
        let share = |w: f64, seat: u8| {
            HqMeasure {
                leader: w,
                ..HqMeasure::default()
            }
            .diff(&p, seat)
        };
        assert_eq!(share(1.0, 0), 5.0);
        assert_eq!(share(0.5, 0), 7.5);
        assert_eq!(share(0.25, 3), 0.75 * -10.0 + 0.25 * -15.0);
        assert_eq!(share(0.0, 0), 10.0);
    }

    /// In a team match the first HQ destroyed loses the game for its team (D-27), so the
    /// evaluation with `weakest` prefers two HQs at 14 to one at 10 beside one at 20 (the
    /// same average), against enemies at 15 and 15; by the averages the order is the other
    /// way. The Final Battle's totals keep a share with a weight below 1.
    #[test]
    fn in_a_team_match_the_weakest_hq_of_each_team_decides() {
        let (split, even) = split_and_even_team();
        let by = |hq: HqMeasure, p: &Position, seat: u8| {
            let mut e = BattleEval::new();
            e.hq = hq;
            e.board(p, seat)
        };
        let avg = HqMeasure::default();
        let weakest = HqMeasure {
            weakest: 1.0,
            ..avg
        };
        assert!(
            by(avg, &split, 0) > by(avg, &even, 0),
            "averages: 0 against -1"
        );
        assert!(by(weakest, &even, 0) > by(weakest, &split, 0));
        assert_eq!(hp_diff_weakest(&split, 2), -5.0);
        assert_eq!(hp_diff_weakest(&even, 2), -1.0);
        // The other team sees it from its side: a weak enemy HQ is the one to aim at.
        assert_eq!(hp_diff_weakest(&split, 1), 5.0);
        assert!(by(weakest, &split, 3) > by(weakest, &even, 3));
        // Half and half: -2.5 and -1.
        let half = HqMeasure {
            weakest: 0.5,
            ..avg
        };
        assert_eq!(half.diff(&split, 0), -2.5);
        assert_eq!(half.diff(&even, 0), -1.0);
        // `leader` is for the deathmatch: in a team match it changes nothing.
        let leader = HqMeasure { leader: 1.0, ..avg };
        assert_eq!(leader.diff(&split, 0), hp_diff(&split, 0));
    }

    /// `weakest` is for the team modes and `leader` for the deathmatch: each leaves the
    /// other mode's valuation alone. One against a team: seat 0 at 20 against 13 and 5 aims
    /// at the 5 (a lead of 15), the team guards it (-15).
    #[test]
    fn the_weakest_hq_counts_in_the_team_modes_only_and_the_leader_in_the_deathmatch() {
        let mut dm = four_seats(nshex_rules::Mode::Deathmatch);
        dm.hq_hp[..4].copy_from_slice(&[20, 15, 10, 5]);
        let weakest = HqMeasure {
            weakest: 1.0,
            leader: 0.0,
        };
        assert_eq!(weakest.diff(&dm, 0), hp_diff(&dm, 0));
        let both = HqMeasure {
            weakest: 1.0,
            leader: 1.0,
        };
        assert_eq!(both.diff(&dm, 0), hp_diff_leader(&dm, 0));
        let set = tiles();
        let armies: Vec<_> = ["borgo", "moloch", "outpost"]
            .iter()
            .map(|a| set.find_army(a).unwrap())
            .collect();
        let g = Game::with_mode(
            &armies,
            BoardKind::Standard,
            nshex_rules::Mode::OneVsTeam,
            1,
        )
        .unwrap();
        let mut p = g.pos().clone();
        p.hq_hp[..3].copy_from_slice(&[20, 13, 5]);
        assert_eq!(weakest.diff(&p, 0), 15.0);
        assert_eq!(weakest.diff(&p, 1), -15.0);
        assert_eq!(hp_diff(&p, 0), 11.0);
    }

    /// `material_phase`: a tile on the board is worth `material` plus `material_phase` per
    /// tile left in the shortest deck, so the same board's material counts for more early.
    #[test]
    fn material_counts_by_the_tiles_left_with_material_phase() {
        let g = mid_game();
        let left = tiles_left(&g);
        assert!(left > 5 && left < 30, "{left}");
        assert_eq!(
            left as usize,
            g.decks()[..2].iter().map(|d| d.len()).min().unwrap()
        );
        let flat = Weights {
            material: 0.1 * left as f64,
            material_phase: 0.0,
            ..crate::weights::V1
        };
        let phased = Weights {
            material: 0.0,
            material_phase: 0.1,
            ..crate::weights::V1
        };
        let mut by_flat = BattleEval::with_weights(false, flat);
        let mut by_phase = BattleEval::with_weights(false, phased);
        let mut hp_only = BattleEval::with_weights(
            false,
            Weights {
                material: 0.0,
                ..crate::weights::V1
            },
        );
        let v = by_phase.board_in(&g, 0);
        assert!((v - by_flat.board_in(&g, 0)).abs() < 1e-9);
        assert_ne!(
            v,
            hp_only.board_in(&g, 0),
            "the board has material to count"
        );
        // The board alone, without the game, cannot tell the phase: no material then.
        assert_eq!(by_phase.board(g.pos(), 0), hp_only.board(g.pos(), 0));
        // The deep evaluation's `material_deep_phase` the same way.
        let deep_flat = Weights {
            material_deep: 0.01 * left as f64,
            ..crate::weights::V1
        };
        let deep_phased = Weights {
            material_deep: 0.0,
            material_deep_phase: 0.01,
            ..crate::weights::V1
        };
        let a = BattleEval::with_weights(true, deep_flat).board_in(&g, 1);
        let b = BattleEval::with_weights(true, deep_phased).board_in(&g, 1);
        assert!((a - b).abs() < 1e-9);
    }
}
