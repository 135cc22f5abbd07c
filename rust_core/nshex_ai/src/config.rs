//! How a search plays ([`MctsConfig`]): its budgets, exploration, widening and horizon, and
//! the settings of each level. The search itself is in [`crate::mcts`].

use nshex_rules::Game;
use std::time::Duration;

/// How a search plays: budgets, exploration, widening, horizon.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision (the whole budget, over all threads).
    pub iterations: u32,
    /// Wall-clock limit per decision, if any.
    pub decision_time: Option<Duration>,
    /// Wall-clock limit for all decisions of one turn, if any.
    pub turn_time: Option<Duration>,
    /// UCB exploration constant (values are in 0..1).
    pub exploration: f32,
    /// Progressive widening: a node may hold `widen_base + widen_c * visits^widen_alpha`
    /// children.
    pub widen_base: f32,
    pub widen_c: f32,
    pub widen_alpha: f32,
    /// Order the root's actions by resolving a battle after each (else by the static prior).
    pub root_battle_order: bool,
    /// How many turns after the current one the tree looks into before it evaluates.
    pub horizon: u32,
    /// The horizon in games with Reinforcements (hands of six), if not `horizon`: the
    /// opponent's six known tiles make its reply wide and thinly searched (docs/AI.md).
    pub horizon_reinforcements: Option<u32>,
    /// The horizon with three or four seats, if not `horizon`.
    pub horizon_multi: Option<u32>,
    /// The tree's size bound in nodes (about 32 bytes each).
    pub max_nodes: u32,
    /// Root-parallel threads (each with its own tree, results summed).
    pub threads: usize,
    /// Scale of the evaluation's logistic squash (hit points of advantage for 73%).
    pub eval_scale: f32,
    /// Added to `eval_scale` per tile left in the shortest deck: early on, a lead of a few
    /// hit points says less about who wins than near the end.
    pub eval_scale_phase: f32,
    /// Value leaves with `evaluate_deep` (two battles) instead of `evaluate` (one).
    pub deep_eval: bool,
    /// With three or four seats: every seat maximises its own value (max^n, one valuation
    /// per seat at each leaf) instead of the paranoid search, in which the root's side plays
    /// against all the others.
    pub maxn: bool,
    /// For analysis only, never a level: the search sees the real order of every deck (both
    /// seats' coming draws) instead of dealing a fresh order each iteration, to measure what
    /// knowing the draws is worth (docs/AI.md, "What knowing the draws buys").
    pub peek: bool,
    /// In a deathmatch of three or four seats, the weight (0 to 1) of the strongest enemy in
    /// the valuation of the HQs, the rest on the enemies' average (`leader=1` for all of it,
    /// `leadp=PERCENT`; docs/AI.md).
    pub against_leader: f32,
    /// In the team modes, the weight (0 to 1) of each side's weakest HQ in the valuation of
    /// the HQs, the rest on the sides' averages (`weakest=PERCENT`; docs/AI.md).
    pub team_weakest: f32,
    /// Greedy's move at the root (issue 43): 0 off; 1 the action greedy would play (the best
    /// by one battle, greedy's own valuation) is the root's first child, so the search is
    /// never blind to it; 2 the whole root is ordered by greedy's valuation (the search's
    /// own breaks ties). Off in every level unless measured (docs/AI.md).
    pub greedy_root: u8,
    /// Worth, in HQ points, of each friendly unit next to a Smart HQ (the grant lets it move
    /// or turn every turn) and of half of each board hex around it (an HQ inside the board
    /// has six neighbours, one on the outer ring three or four); an enemy Smart HQ's count
    /// against. 0 in every level unless measured (docs/AI.md).
    pub grant_worth: f32,
    /// What a lost game's HQ margin is worth, 0 to 1: a game the tree sees lost is valued at
    /// this times the sides' HQ difference through the search's curve (a draw at half of
    /// it), so that among lost games the closer one is better and the search does not pay
    /// hit points for nothing at the end (energy bought before the Final Battle) but keeps a
    /// lost game close, where the next draws may still turn it. A win stays 1. [`WIN_MARGIN`]
    /// in every level, 0 (by the result alone) in `hard-v1`.
    pub win_margin: f32,
    /// Keep the subtree of the action played when the same seat decides again in the same
    /// turn with nothing drawn in between (a tile placed, then the next): the next search
    /// starts from what the last one learnt below that action instead of from nothing. Off
    /// (`keep=0`) in `hard-v1`.
    pub keep_tree: bool,
    /// The evaluation's weights, a set for the base game and one for Reinforcements (the
    /// shipped sets unless a bot name gives others); a search uses the set of its game.
    pub weights: crate::weights::WeightSets,
}

/// What Hard counts a point of energy worth, in HQ hit points (the shipped weights, which
/// greedy, Easy and Medium use, say 0.6): against greedy with Smart on the Duel board, on
/// the same 120 games, 0.6 won 76.2%, 0.3 80.4%, 0.1 82.1%, 0 81.2% and 1.2 49.2%; head to
/// head against Hard with 0.6 on the Duel board 0.1 lost (41.7% of 96) and 0.3 held (53.6%).
pub const HARD_ENERGY: f64 = 0.3;

/// The share of Hard's HQ valuation on the strongest enemy in a deathmatch of three or four
/// seats, the rest on the enemies' average: against three greedy 54.5% -> 65.3% (288 games,
/// seeds 3106, 3107, 3109), against two greedy 65.1% -> 83.3% (seed 3108); with two
/// seats of four against two Hards valuing the average, 29.9% of the seat-games against 20.1%.
/// All of it on the leader (`leader=1`) lost to Hard (docs/AI.md, "Valuing against the leader").
pub const HARD_LEADER: f32 = 0.25;

/// Hard's iterations a decision (on one thread; the client's root-parallel Hard runs them on
/// each core). Its 2 s a turn bounds them where a decision is slow.
pub const HARD_ITERATIONS: u32 = 80_000;

/// What a lost game's HQ margin is worth to the levels ([`MctsConfig::win_margin`]): by the
/// result alone Hard, in a game lost in every deal it saw, bought five energy with five hit
/// points before the Final Battle (a game that ended 13 to 6 instead of 13 to 11). Against
/// greedy on the Duel board with the base armies 88 / 2 / 10 of 100 games with it and
/// without; Medium with it against Medium 48.7% of 400: a tie-break among losses, which
/// changes how a lost game ends, not how often (docs/AI.md).
pub const WIN_MARGIN: f32 = 0.1;

impl MctsConfig {
    /// A small search that plays its own turn well and ignores the reply. Its root actions
    /// are ordered by the battle after each, as Medium's are: with the static order alone a
    /// turn's first few children could all be procedures, rotations or energy exchanges
    /// (the Duel board), and the search ended its turns with units in hand (issue 40). Ten
    /// iterations a decision: it looks at the few best moves by the battle after each and
    /// picks among them on a handful of samples. With 200 it was nearly Medium (Medium won
    /// 61.0% of 300 games with Smart, Moloch and the Doomsday Machine; 77.8% against ten
    /// iterations, and ten still beat random in 1,599 of 1,600 games: docs/AI.md, "Easy made
    /// easy").
    pub fn easy() -> MctsConfig {
        MctsConfig {
            iterations: 10,
            decision_time: None,
            turn_time: None,
            exploration: 0.5,
            widen_base: 2.0,
            widen_c: 1.0,
            widen_alpha: 0.35,
            root_battle_order: true,
            horizon: 0,
            horizon_reinforcements: None,
            horizon_multi: None,
            max_nodes: 1 << 16,
            threads: 1,
            eval_scale: 4.0,
            eval_scale_phase: 0.0,
            deep_eval: false,
            maxn: false,
            peek: false,
            against_leader: 0.0,
            team_weakest: 0.0,
            greedy_root: 0,
            grant_worth: 0.0,
            win_margin: WIN_MARGIN,
            keep_tree: true,
            weights: crate::weights::WeightSets::shipped(),
        }
    }

    /// Looks at the opponent's reply, with battle-ordered root moves.
    pub fn medium() -> MctsConfig {
        MctsConfig {
            iterations: 1_000,
            horizon: 1,
            root_battle_order: true,
            exploration: 0.4,
            widen_base: 3.0,
            widen_c: 1.5,
            widen_alpha: 0.4,
            max_nodes: 1 << 20,
            ..MctsConfig::easy()
        }
    }

    /// The strongest level: a large budget, capped at two seconds a turn (80,000 iterations
    /// since issue 43: on the Duel board four times the 20,000 of before won 82.0% against
    /// greedy with Smart instead of 72.0%, 83.0% instead of 77.0% with Vegas; docs/AI.md,
    /// "Four times the iterations"). With
    /// Reinforcements it searches its own turn only (docs/AI.md, "Variants and Mercenaries":
    /// against greedy 85% instead of 74%, level with the longer horizon head to head). In the
    /// team modes it values each side by its weakest HQ (docs/AI.md, "Three and four seats":
    /// the team match against Medium + Medium from 65% to 75% on the same 240 games); in a
    /// deathmatch of three or four seats a quarter of its HQ valuation is on the leading
    /// enemy ([`HARD_LEADER`]).
    pub fn hard() -> MctsConfig {
        MctsConfig {
            iterations: HARD_ITERATIONS,
            turn_time: Some(Duration::from_secs(2)),
            horizon: 1,
            horizon_reinforcements: Some(0),
            root_battle_order: true,
            deep_eval: true,
            maxn: false,
            peek: false,
            exploration: 0.25,
            widen_base: 4.0,
            widen_c: 2.0,
            widen_alpha: 0.45,
            max_nodes: 1 << 22,
            team_weakest: 1.0,
            against_leader: HARD_LEADER,
            weights: MctsConfig::hard_weights(),
            ..MctsConfig::easy()
        }
    }

    /// Hard's weights: the shipped sets with a point of energy worth [`HARD_ENERGY`] (the
    /// Duel board; with the shipped 0.6 Hard bought energy with HQ hit points and spent it
    /// on rotations: docs/AI.md, "Energy on the Duel board").
    pub fn hard_weights() -> crate::weights::WeightSets {
        let mut w = crate::weights::WeightSets::shipped();
        w.set("energy", HARD_ENERGY)
            .expect("energy is a named weight");
        w
    }

    /// `hard` as it was before tuning, kept for side-by-side comparisons (`hard-v1`): the
    /// hand-set weights whatever the shipped set becomes, the opponent's reply in the tree in
    /// every mode, the HQs valued by the sides' averages in every mode, a finished game valued
    /// by its result alone, every decision searched from nothing. Its budget is Hard's, so
    /// that the two compare at equal time.
    pub fn hard_v1() -> MctsConfig {
        MctsConfig {
            weights: crate::weights::WeightSets::V1,
            horizon_reinforcements: None,
            horizon_multi: None,
            against_leader: 0.0,
            team_weakest: 0.0,
            win_margin: 0.0,
            keep_tree: false,
            ..MctsConfig::hard()
        }
    }

    /// The horizon for a search of `game`: `horizon_multi` with three or four seats, else
    /// `horizon_reinforcements` with Reinforcements, else `horizon`.
    pub fn horizon_for(&self, game: &Game) -> u32 {
        if game.seats() > 2 {
            if let Some(h) = self.horizon_multi {
                return h;
            }
        }
        match self.horizon_reinforcements {
            Some(h) if game.options().has(nshex_rules::REINFORCEMENTS) => h,
            _ => self.horizon,
        }
    }
}
