//! Monte Carlo Tree Search over the game's decisions, and the flat Monte Carlo baseline.
//!
//! The search is information-set MCTS with one tree ("single observer", open loop): each
//! iteration deals a fresh determinization (every deck shuffled again; hands and discard
//! piles are public, deck order is not, so the search never peeks at the real order; only the
//! analysis setting `peek` does), then
//! walks the tree by the decisions alone. Draws are not tree nodes: they happen as the deal
//! says, and a node's children are the actions that were legal on some deal. Selection uses
//! UCB with availability counts (a child only competes on deals where it is legal).
//!
//! Placements have a large branching factor (three tiles, a dozen hexes, six facings), so a
//! node widens progressively: it may hold `base + c * visits^alpha` children, added best
//! first by [`crate::heuristics::prior`] (at the root, optionally by resolving a battle after
//! each action). Leaves are valued by resolving a battle on the board ([`evaluate`]), not by
//! random playouts. The tree is an index arena with a node cap; a search is reproducible for
//! a seed at a fixed iteration budget, and can run root-parallel on several threads.

use crate::action_index::ActionIndex;
use crate::bot::{Bot, Progress, SearchResult};
use crate::bots::play_randomly;
use crate::eval::{answer_by_battle, BattleEval, Evaluator};
use crate::heuristics::Priors;
use nshex_rules::tiles;
use nshex_rules::{Action, Game, LegalActions, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::config::MctsConfig;

const NIL: u32 = u32::MAX;

/// `(n as f32).ln()`, from a table for the counts a search meets most (the UCB term takes
/// one per child per step).
#[inline]
fn ln(n: u32) -> f32 {
    const N: usize = 1 << 16;
    static T: std::sync::OnceLock<Vec<f32>> = std::sync::OnceLock::new();
    match T
        .get_or_init(|| (0..N).map(|i| (i as f32).ln()).collect())
        .get(n as usize)
    {
        Some(&x) => x,
        None => (n as f32).ln(),
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// How often this node's action was legal when its parent was visited.
    avail: u32,
    /// Sum of values from the point of view of the seat that chose `action`.
    value: f32,
    mover: u8,
}

impl Node {
    fn new(action: Action, mover: u8) -> Node {
        Node {
            action,
            first_child: NIL,
            next_sibling: NIL,
            visits: 0,
            avail: 0,
            value: 0.0,
            mover,
        }
    }
}

/// One search tree with its scratch space; reused from decision to decision.
pub struct Search {
    cfg: MctsConfig,
    rng: ChaCha8Rng,
    nodes: Vec<Node>,
    eval: Box<dyn Evaluator>,
    work: Option<Game>,
    legal: Vec<Action>,
    /// The root's legal actions: the same on every deal (the order of the decks does not
    /// change what the seat may do now), so worked out once per search.
    root_legal: Vec<Action>,
    /// The prior of the actions of the current step (see `next_to_expand`).
    priors: Priors,
    path: Vec<u32>,
    index: ActionIndex,
    /// `legal_stamp[i] == stamp`: action `i` is legal in the current visit.
    legal_stamp: Vec<u32>,
    /// `child_stamp[i] == stamp`: action `i` already has a child at the current node.
    child_stamp: Vec<u32>,
    stamp: u32,
    /// The root's actions, best first (when `root_battle_order`).
    root_order: Vec<Action>,
    /// The evaluator is the configuration's own (`new`): each search gives it the weight set
    /// of its game's mode. One passed in (`with_evaluator`) keeps its weights.
    mode_weights: bool,
    /// The current search's horizon ([`MctsConfig::horizon_for`] its game).
    horizon: u32,
    /// The last search's root (its seat's view), for [`Search::played`].
    last_root: Option<Game>,
    /// The root the next search is expected to start from and its node in this tree (set by
    /// [`Search::played`] when the tree is kept: `keep_tree`).
    next_root: Option<(Game, u32)>,
    /// The node arena the kept subtree is copied into (swapped with `nodes`).
    spare: Vec<Node>,
}

impl Search {
    pub fn new(cfg: MctsConfig, seed: u64) -> Search {
        let mut battle = BattleEval::with_weights(cfg.deep_eval, cfg.weights.base);
        battle.hq = crate::eval::HqMeasure {
            leader: cfg.against_leader as f64,
            weakest: cfg.team_weakest as f64,
        };
        let evaluator: Box<dyn Evaluator> = Box::new(battle);
        Search {
            mode_weights: true,
            ..Search::with_evaluator(cfg, seed, evaluator)
        }
    }

    /// A search that values its leaves with `evaluator` (`cfg.deep_eval` is then unused).
    pub fn with_evaluator(cfg: MctsConfig, seed: u64, evaluator: Box<dyn Evaluator>) -> Search {
        let index = ActionIndex::new(tiles().tiles.len());
        let n = index.len();
        Search {
            cfg,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: Vec::new(),
            eval: evaluator,
            work: None,
            legal: Vec::with_capacity(256),
            root_legal: Vec::with_capacity(256),
            priors: Priors::default(),
            path: Vec::with_capacity(64),
            index,
            legal_stamp: vec![0; n],
            child_stamp: vec![0; n],
            stamp: 0,
            root_order: Vec::new(),
            mode_weights: false,
            horizon: 0,
            last_root: None,
            next_root: None,
            spare: Vec::new(),
        }
    }

    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.legal_stamp.fill(0);
            self.child_stamp.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Leaf value for `seat`, in 0..1.
    fn value(&mut self, g: &Game, seat: u8) -> f32 {
        if let Some(share) = g
            .outcome()
            .and_then(|o| o.share_for(seat, g.pos().relations()))
        {
            // A loss is worth `win_margin` of the HQ margin through the curve; a win stays 1.
            let margin = crate::eval::hp_diff(g.pos(), seat) as f32 / self.cfg.eval_scale;
            let share = share as f32;
            return share + self.cfg.win_margin * (1.0 - share) / (1.0 + (-margin).exp());
        }
        // The board, and on the Duel board each seat's energy.
        let w = self.eval.weights();
        let score = (self.eval.board_in(g, seat)
            + crate::eval::energy_worth(g, seat, &w)
            + crate::eval::hand_worth(g, seat, &w)) as f32
            + self.cfg.grant_worth * crate::eval::grant_count(g.pos(), seat) as f32;
        let scale = if self.cfg.eval_scale_phase == 0.0 {
            self.cfg.eval_scale
        } else {
            self.cfg.eval_scale + self.cfg.eval_scale_phase * crate::eval::tiles_left(g) as f32
        };
        1.0 / (1.0 + (-score / scale).exp())
    }

    fn widen_limit(&self, visits: u32) -> usize {
        let c = &self.cfg;
        (c.widen_base + c.widen_c * (visits as f32).powf(c.widen_alpha)) as usize
    }

    /// Searches `game` for the seat to move, for at most `budget` iterations and until
    /// `deadline`, reporting to `progress`. Panics if no seat is to move, or if a
    /// battle waits for an answer (`bots::answer_by_battle` answers those; `MctsBot` does).
    pub fn run(
        &mut self,
        game: &Game,
        budget: u32,
        deadline: Option<Instant>,
        progress: &Progress,
    ) -> SearchResult {
        let Player::Seat(seat) = game.current_player() else {
            panic!("a search runs only where a seat decides");
        };
        if self.mode_weights {
            self.eval
                .set_weights(self.cfg.weights.for_options(&game.options()));
        }
        self.horizon = self.cfg.horizon_for(game);
        // The seat's view (deck order hidden), no logs, automatic battle choices inside.
        let root = if self.cfg.peek {
            game.for_peeking_search()
        } else {
            game.for_search(seat)
        };
        match self.next_root.take() {
            Some((expected, node)) if expected == root => self.keep_subtree(node),
            _ => {
                self.nodes.clear();
                self.nodes.push(Node::new(Action::EndTurn, seat));
            }
        }
        self.root_order.clear();
        root.legal_actions_into(&mut self.legal);
        self.root_legal.clear();
        self.root_legal.extend_from_slice(&self.legal);
        let n_legal = self.legal.len();
        let first_legal = self.legal[0];
        if self.cfg.root_battle_order && self.legal.len() > 1 {
            let mut scored: Vec<(f32, usize, Action)> = Vec::with_capacity(self.legal.len());
            let mut g = root.clone();
            let legal = std::mem::take(&mut self.legal);
            self.priors.clear();
            for (i, &a) in legal.iter().enumerate() {
                g.copy_from(&root);
                g.apply_unchecked(a);
                let v = self.value(&g, seat) + 1e-3 * self.priors.prior(&root, a).tanh();
                scored.push((v, i, a));
            }
            self.legal = legal;
            if self.cfg.greedy_root > 0 {
                self.greedy_order(&root, seat, &mut scored);
            }
            scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
            self.root_order.extend(scored.iter().map(|x| x.2));
        }
        let mut work = self.work.take().unwrap_or_else(|| root.clone());
        let mut done = 0u32;
        if n_legal > 1 {
            while done < budget {
                self.iterate(&root, &mut work, seat);
                done += 1;
                if done & 63 == 0 {
                    progress.iterations.fetch_add(64, Ordering::Relaxed);
                    if let Some(b) = self.best_child() {
                        progress.best.store(b.encode(), Ordering::Relaxed);
                    }
                    if progress.cancel.load(Ordering::Relaxed)
                        || deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        break;
                    }
                }
            }
            progress
                .iterations
                .fetch_add((done & 63) as u64, Ordering::Relaxed);
        }
        self.work = Some(work);
        self.last_root = Some(root);
        let action = self.best_child().unwrap_or_else(|| {
            // No iteration ran (one legal action, or cancelled at once).
            self.root_order.first().copied().unwrap_or(first_legal)
        });
        progress.best.store(action.encode(), Ordering::Relaxed);
        SearchResult {
            action,
            iterations: done,
            root: self.root_stats(),
            nodes: self.nodes.len(),
            line: self.principal_line(action),
        }
    }

    /// Says that `action` was played from the last search's root: with `keep_tree`, when the
    /// same seat decides next in the same turn and nothing is drawn in between, the next
    /// search from that state starts with this tree's subtree below `action`.
    pub fn played(&mut self, action: Action) {
        self.next_root = None;
        let Some(root) = self.last_root.as_ref() else {
            return;
        };
        if !self.cfg.keep_tree || self.nodes.is_empty() {
            return;
        }
        let mut c = self.nodes[0].first_child;
        while c != NIL && self.nodes[c as usize].action != action {
            c = self.nodes[c as usize].next_sibling;
        }
        if c == NIL || self.nodes[c as usize].first_child == NIL {
            return;
        }
        let mut next = root.clone();
        next.apply_unchecked(action);
        if next.current_player() == root.current_player() && next.turn() == root.turn() {
            self.next_root = Some((next, c));
        }
    }

    /// Makes the subtree below `node` the whole tree, `node` its root (index 0), the
    /// children of every node in their order.
    fn keep_subtree(&mut self, node: u32) {
        let old = std::mem::take(&mut self.nodes);
        let mut new = std::mem::take(&mut self.spare);
        new.clear();
        let mut root = old[node as usize];
        root.first_child = NIL;
        root.next_sibling = NIL;
        new.push(root);
        // (node in `old`, its copy in `new`), copied before their children.
        let mut stack = vec![(node, 0u32)];
        while let Some((o, n)) = stack.pop() {
            let mut prev = NIL;
            let mut c = old[o as usize].first_child;
            while c != NIL {
                let k = new.len() as u32;
                let mut copy = old[c as usize];
                copy.first_child = NIL;
                copy.next_sibling = NIL;
                new.push(copy);
                if prev == NIL {
                    new[n as usize].first_child = k;
                } else {
                    new[prev as usize].next_sibling = k;
                }
                prev = k;
                stack.push((c, k));
                c = old[c as usize].next_sibling;
            }
        }
        self.nodes = new;
        self.spare = old;
    }

    /// Greedy's valuation in the root order (`greedy_root`): each action valued as greedy
    /// values it (one battle, the base weights, battle choices answered automatically); with
    /// 1 the best of them (the first in `scored`'s order among equals) goes first, with 2
    /// every action is ordered by it, the search's own value breaking ties.
    fn greedy_order(&mut self, root: &Game, seat: u8, scored: &mut [(f32, usize, Action)]) {
        let mut greedy = BattleEval::new();
        let mut g = root.clone();
        let mut best: Option<(f64, f32, usize)> = None;
        for (k, x) in scored.iter_mut().enumerate() {
            g.copy_from(root);
            g.apply_unchecked(x.2);
            g.answer_automatically();
            let v = greedy.game(&g, seat);
            if self.cfg.greedy_root >= 2 {
                // Greedy's value first (a win is 1000), the search's own in 0..1 after it.
                x.0 += v as f32;
            } else if best.is_none_or(|(bv, bs, _)| v > bv + 1e-9 || (v >= bv - 1e-9 && x.0 > bs)) {
                best = Some((v, x.0, k));
            }
        }
        if let Some((_, _, k)) = best {
            scored[k].0 = f32::INFINITY;
        }
    }

    /// `first`, then the most visited child at each step below it (ties: the better mean).
    fn principal_line(&self, first: Action) -> Vec<Action> {
        let mut line = vec![first];
        let mut c = self.nodes[0].first_child;
        let mut node = NIL;
        while c != NIL {
            if self.nodes[c as usize].action == first {
                node = c;
                break;
            }
            c = self.nodes[c as usize].next_sibling;
        }
        while node != NIL && line.len() < 8 {
            let mut best: Option<(u32, f32, u32)> = None;
            let mut c = self.nodes[node as usize].first_child;
            while c != NIL {
                let n = &self.nodes[c as usize];
                let q = n.value / n.visits.max(1) as f32;
                if n.visits > 0
                    && best.is_none_or(|(v, bq, _)| n.visits > v || (n.visits == v && q > bq))
                {
                    best = Some((n.visits, q, c));
                }
                c = n.next_sibling;
            }
            let Some((_, _, next)) = best else { break };
            line.push(self.nodes[next as usize].action);
            node = next;
        }
        line
    }

    fn root_stats(&self) -> Vec<(Action, u32, f32)> {
        let mut out = Vec::new();
        let mut c = self.nodes[0].first_child;
        while c != NIL {
            let n = &self.nodes[c as usize];
            let q = if n.visits > 0 {
                n.value / n.visits as f32
            } else {
                0.0
            };
            out.push((n.action, n.visits, q));
            c = n.next_sibling;
        }
        out
    }

    /// The most visited root child (ties: the better mean value, then the first added).
    fn best_child(&self) -> Option<Action> {
        let mut best: Option<(u32, f32, Action)> = None;
        let mut c = self.nodes[0].first_child;
        while c != NIL {
            let n = &self.nodes[c as usize];
            let q = n.value / n.visits.max(1) as f32;
            if best.is_none_or(|(v, bq, _)| n.visits > v || (n.visits == v && q > bq)) {
                best = Some((n.visits, q, n.action));
            }
            c = n.next_sibling;
        }
        best.map(|b| b.2)
    }

    /// One iteration: deal, descend, expand one child, evaluate, back up.
    fn iterate(&mut self, root: &Game, g: &mut Game, root_seat: u8) {
        g.copy_from(root);
        if !self.cfg.peek {
            g.shuffle_hidden(&mut self.rng);
        }
        self.path.clear();
        self.path.push(0);
        let last_turn = root.turn() + self.horizon;
        let mut node = 0u32;
        loop {
            let seat = match g.current_player() {
                Player::Terminal => break,
                Player::Chance => {
                    let a = g.natural_draw().expect("a draw at a chance node");
                    g.apply_unchecked(a);
                    continue;
                }
                Player::Seat(s) => s,
            };
            if g.turn() > last_turn {
                break;
            }
            match self.step(g, node, seat) {
                Step::Descend(child) => {
                    g.apply_unchecked(self.nodes[child as usize].action);
                    self.path.push(child);
                    node = child;
                }
                Step::Expanded(child) => {
                    g.apply_unchecked(self.nodes[child as usize].action);
                    self.path.push(child);
                    break;
                }
                Step::Leaf => break,
            }
        }
        if self.cfg.maxn && g.seats() > 2 {
            // max^n: each seat's own value, each node scored for the seat that chose it.
            let mut values = [0.5f32; nshex_rules::MAX_SEATS];
            for s in 0..g.seats() {
                values[s as usize] = self.value(g, s);
            }
            for &n in &self.path {
                let nd = &mut self.nodes[n as usize];
                nd.visits += 1;
                nd.value += values[nd.mover as usize];
            }
            return;
        }
        let value = self.value(g, root_seat);
        let rel = *root.pos().relations();
        for &n in &self.path {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            // The root's allies play for its side, every other seat against it (a paranoid
            // search; with two seats, plain two-player search).
            nd.value += if rel.allied(nd.mover, root_seat) {
                value
            } else {
                1.0 - value
            };
        }
    }

    /// At `node` with `seat` to decide in `g`: pick a child to descend into, or add one.
    fn step(&mut self, g: &Game, node: u32, seat: u8) -> Step {
        if node == 0 {
            self.legal.clear();
            self.legal.extend_from_slice(&self.root_legal);
        } else {
            g.legal_actions_into(&mut self.legal);
        }
        let stamp = self.next_stamp();
        for &a in &self.legal {
            self.legal_stamp[self.index.index(a)] = stamp;
        }
        // Children legal on this deal: mark them, count their availability, pick by UCB.
        let parent_visits = self.nodes[node as usize].visits;
        let mut available = 0usize;
        let mut best = NIL;
        let mut best_score = f32::NEG_INFINITY;
        let c = self.cfg.exploration;
        let mut ch = self.nodes[node as usize].first_child;
        while ch != NIL {
            let i = self.index.index(self.nodes[ch as usize].action);
            self.child_stamp[i] = stamp;
            let n = &mut self.nodes[ch as usize];
            if self.legal_stamp[i] == stamp {
                n.avail += 1;
                available += 1;
                let v = n.visits.max(1) as f32;
                let score = n.value / v + c * (ln(n.avail) / v).sqrt();
                if score > best_score {
                    best_score = score;
                    best = ch;
                }
            }
            ch = n.next_sibling;
        }
        let can_grow = (self.nodes.len() as u32) < self.cfg.max_nodes;
        if can_grow && available < self.legal.len() && available < self.widen_limit(parent_visits) {
            if let Some(a) = self.next_to_expand(g, node, stamp) {
                let child = self.nodes.len() as u32;
                let mut n = Node::new(a, seat);
                n.avail = 1;
                n.next_sibling = self.nodes[node as usize].first_child;
                self.nodes.push(n);
                self.nodes[node as usize].first_child = child;
                return Step::Expanded(child);
            }
        }
        if best == NIL {
            Step::Leaf
        } else {
            Step::Descend(best)
        }
    }

    /// The best legal action without a child yet: root order at the root, else the prior
    /// (the first in legal order among equals). A scan of the prior over every legal action
    /// costs more than the rest of a step: `priors` works out what each hex's neighbours
    /// offer once per scan, not once per placement.
    fn next_to_expand(&mut self, g: &Game, node: u32, stamp: u32) -> Option<Action> {
        if node == 0 && !self.root_order.is_empty() {
            return self
                .root_order
                .iter()
                .copied()
                .find(|&a| self.child_stamp[self.index.index(a)] != stamp);
        }
        let mut best: Option<(f32, Action)> = None;
        self.priors.clear();
        for &a in &self.legal {
            if self.child_stamp[self.index.index(a)] == stamp {
                continue;
            }
            let p = self.priors.prior(g, a);
            if best.is_none_or(|(bp, _)| p > bp) {
                best = Some((p, a));
            }
        }
        best.map(|b| b.1)
    }
}

enum Step {
    Descend(u32),
    Expanded(u32),
    Leaf,
}

/// The MCTS player: one search per thread, a per-turn clock, progress for a UI.
pub struct MctsBot {
    name: String,
    searches: Vec<Search>,
    progress: Arc<Progress>,
    /// (turn, time used in it) for the per-turn limit.
    turn_clock: (u32, Duration),
    pub last: Option<SearchResult>,
}

impl MctsBot {
    pub fn new(name: &str, cfg: MctsConfig, seed: u64) -> MctsBot {
        let threads = cfg.threads.clamp(1, 64);
        let searches = (0..threads)
            .map(|t| {
                Search::new(
                    cfg.clone(),
                    seed ^ (t as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                )
            })
            .collect();
        MctsBot {
            name: name.to_string(),
            searches,
            progress: Progress::new(),
            turn_clock: (u32::MAX, Duration::ZERO),
            last: None,
        }
    }

    pub fn config(&self) -> &MctsConfig {
        self.searches[0].config()
    }

    fn deadline(&mut self, game: &Game, start: Instant) -> Option<Instant> {
        let cfg = self.searches[0].config();
        if self.turn_clock.0 != game.turn() {
            self.turn_clock = (game.turn(), Duration::ZERO);
        }
        let mut limit = cfg.decision_time;
        if let Some(t) = cfg.turn_time {
            // Leave time for the turn's later decisions: at most 60% of what is left.
            let left = t.saturating_sub(self.turn_clock.1).mul_f32(0.6);
            limit = Some(limit.map_or(left, |l| l.min(left)));
        }
        limit.map(|l| start + l)
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Action {
        if game.battle_question().is_some() {
            return answer_by_battle(self.searches[0].eval.as_mut(), game);
        }
        let start = Instant::now();
        let deadline = self.deadline(game, start);
        self.progress.iterations.store(0, Ordering::Relaxed);
        self.progress.best.store(u64::MAX, Ordering::Relaxed);
        let budget = self.searches[0].config().iterations;
        let threads = self.searches.len() as u32;
        let progress = &*self.progress;
        let result = if threads == 1 {
            self.searches[0].run(game, budget, deadline, progress)
        } else {
            let per = budget.div_ceil(threads);
            let results: Vec<SearchResult> = std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .searches
                    .iter_mut()
                    .map(|search| s.spawn(move || search.run(game, per, deadline, progress)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread"))
                    .collect()
            });
            merge(results)
        };
        self.turn_clock.1 += start.elapsed();
        let action = result.action;
        for search in &mut self.searches {
            search.played(action);
        }
        self.last = Some(result);
        action
    }

    fn progress(&self) -> Option<Arc<Progress>> {
        Some(self.progress.clone())
    }

    fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

/// Root-parallel results summed: the action most visited over all trees.
fn merge(results: Vec<SearchResult>) -> SearchResult {
    let mut root: Vec<(Action, u32, f32)> = Vec::new();
    for r in &results {
        for &(a, v, q) in &r.root {
            match root.iter_mut().find(|x| x.0 == a) {
                Some(x) => {
                    let total = x.1 + v;
                    if total > 0 {
                        x.2 = (x.2 * x.1 as f32 + q * v as f32) / total as f32;
                    }
                    x.1 = total;
                }
                None => root.push((a, v, q)),
            }
        }
    }
    let action = root
        .iter()
        .max_by(|x, y| x.1.cmp(&y.1).then(x.2.total_cmp(&y.2)))
        .map_or(results[0].action, |x| x.0);
    // The line of the tree whose first move was chosen, the most visited one of them.
    let line = results
        .iter()
        .filter(|r| r.line.first() == Some(&action))
        .max_by_key(|r| r.line.len())
        .map_or_else(|| vec![action], |r| r.line.clone());
    SearchResult {
        action,
        iterations: results.iter().map(|r| r.iterations).sum(),
        nodes: results.iter().map(|r| r.nodes).sum(),
        root,
        line,
    }
}

/// Flat Monte Carlo: every legal action gets the same number of random playouts to the end
/// of the game; the best mean result wins. The classic baseline for a tree search.
pub struct FlatMcBot {
    rng: ChaCha8Rng,
    iterations: u32,
    decision_time: Option<Duration>,
    legal: Vec<Action>,
    buf: LegalActions,
    work: Option<Game>,
    progress: Arc<Progress>,
}

impl FlatMcBot {
    pub fn new(iterations: u32, decision_time: Option<Duration>, seed: u64) -> FlatMcBot {
        FlatMcBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            iterations,
            decision_time,
            legal: Vec::with_capacity(256),
            buf: LegalActions::new(),
            work: None,
            progress: Progress::new(),
        }
    }
}

impl Bot for FlatMcBot {
    fn name(&self) -> &str {
        "flatmc"
    }

    fn choose(&mut self, game: &Game) -> Action {
        let Player::Seat(seat) = game.current_player() else {
            panic!("a bot is asked only for a seat's decision");
        };
        let start = Instant::now();
        self.progress.iterations.store(0, Ordering::Relaxed);
        if game.battle_question().is_some() {
            return answer_by_battle(&mut BattleEval::new(), game);
        }
        game.legal_actions_into(&mut self.legal);
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        let root = game.for_search(seat);
        let mut g = self.work.take().unwrap_or_else(|| root.clone());
        let mut sum = vec![0.0f32; self.legal.len()];
        let mut n = vec![0u32; self.legal.len()];
        for i in 0..self.iterations as usize {
            let k = i % self.legal.len();
            g.copy_from(&root);
            g.shuffle_hidden(&mut self.rng);
            g.apply_unchecked(self.legal[k]);
            play_randomly(&mut g, &mut self.buf, &mut self.rng, 5_000);
            sum[k] += g
                .outcome()
                .and_then(|o| o.share_for(seat, g.pos().relations()))
                .unwrap_or(0.5) as f32;
            n[k] += 1;
            if i & 63 == 63 {
                self.progress
                    .iterations
                    .store(i as u64 + 1, Ordering::Relaxed);
                if self.progress.cancel.load(Ordering::Relaxed)
                    || self.decision_time.is_some_and(|t| start.elapsed() >= t)
                {
                    break;
                }
            }
        }
        self.work = Some(g);
        let best = (0..self.legal.len())
            .max_by(|&x, &y| {
                let qx = sum[x] / n[x].max(1) as f32;
                let qy = sum[y] / n[y].max(1) as f32;
                qx.total_cmp(&qy).then(y.cmp(&x))
            })
            .unwrap_or(0);
        self.legal[best]
    }

    fn progress(&self) -> Option<Arc<Progress>> {
        Some(self.progress.clone())
    }
}

#[cfg(test)]
mod tests;
