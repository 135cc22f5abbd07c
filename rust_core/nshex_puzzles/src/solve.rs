//! The solver: every way to play the required number of offered tiles (placements with
//! their facings, instants with their targets, in every order that matters), each followed
//! by the battle, which the engine resolves with the automatic choices (D-4).
//!
//! Pruning: placements that follow each other are tried in one order only (they commute);
//! facings that give a tile the same layout are searched once; a state reached twice (the same
//! board and hand after the same number of plays) is searched once and its answers reused.
//! A Push Back hands the choice of hex to the pushed unit's owner (P-8): a line with a push
//! is a solution only if it wins wherever the unit goes.
//!
//! Counting (P-35): a solution is a distinct board the player can leave before the battle.
//! Two winning lines that end on the same board are one solution (the same plays in another
//! order, say); two that end on different boards are two, even when they differ only in the
//! facing of a tile whose every facing fights alike (an Officer linked on all six sides): the
//! search tries such a facing once, and each winning line is then counted once for every
//! facing with the same layout. A line with a push ends where the opponent puts the unit, so
//! it is told apart by its plays instead.

use crate::format::Puzzle;
use nshex_formats::notation::action_to_line;
use nshex_rules::{tiles, Action, Game, Player, Position, Resolver, TileId};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// One way to win: the player's plays in order, as notation lines and as actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub actions: Vec<String>,
    pub plays: Vec<Action>,
}

/// What the solver found.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Every solution, shortest explanation first: one per distinct board the winning plays
    /// leave (P-35; the same plays in another order count once).
    pub solutions: Vec<Solution>,
    /// Exactly one solution: one board wins, whatever the order of its plays.
    pub unique: bool,
    /// Positions examined (after each play).
    pub examined: u64,
    /// Complete lines of play that were followed by a battle.
    pub candidates: u64,
    /// Lines that fell short of the goal by one (one hit point, one wound).
    pub near_misses: u64,
    /// The first solution in words: its plays, then what the battle does.
    pub explanation: Option<String>,
}

/// What the search of one state found: the winning continuations (player actions).
type Lines = Vec<Vec<Action>>;

/// How much a search may do: at most `max_positions` positions examined, and no more than
/// `seconds` (either `None`: no such bound). A puzzle that needs more is too large.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    pub max_positions: Option<u64>,
    pub seconds: Option<f64>,
}

/// A search stopped by its [`Budget`]: how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct TooLarge {
    pub examined: u64,
    pub seconds: f64,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "too large to solve within the budget ({} positions examined in {:.1} s)",
            self.examined, self.seconds
        )
    }
}

/// How often (in positions examined) the search looks at the clock and reports progress.
const CHECK_EVERY: u64 = 4096;

struct Search<'a> {
    puzzle: &'a Puzzle,
    budget: Budget,
    started: Instant,
    /// The budget ran out: every search from now on returns at once.
    stopped: bool,
    progress: &'a mut dyn FnMut(u64),
    resolver: Resolver,
    memo: HashMap<(Position, Vec<TileId>, u8), Lines>,
    examined: u64,
    candidates: u64,
    near_misses: u64,
    battles_at_start: u32,
}

/// A placement of the same tile with a facing that gives it the same layout as a lower one
/// adds nothing.
fn redundant_facing(tile: TileId, facing: u8) -> bool {
    let o = &tiles().tile(tile).oriented;
    (0..facing).any(|f| o[f as usize] == o[facing as usize])
}

fn is_play(a: Action) -> bool {
    matches!(
        a,
        Action::Place { .. }
            | Action::Move { .. }
            | Action::PushBack { .. }
            | Action::Sniper { .. }
            | Action::Grenade { .. }
            | Action::AirStrike { .. }
    )
}

impl Search<'_> {
    /// The battle after the plays (or the one the plays started by filling the board): how
    /// far it falls short of the goal.
    fn judge(&mut self, g: &Game) -> u32 {
        self.candidates += 1;
        let short = self.puzzle.shortfall(g, &mut self.resolver);
        if short == 1 {
            self.near_misses += 1;
        }
        short
    }

    /// Whether the budget has run out (the clock is read every [`CHECK_EVERY`] positions,
    /// when the progress is reported too).
    fn out_of_budget(&mut self) -> bool {
        if self
            .budget
            .max_positions
            .is_some_and(|m| self.examined >= m)
        {
            self.stopped = true;
        } else if self.examined.is_multiple_of(CHECK_EVERY) && self.examined > 0 {
            (self.progress)(self.examined);
            let late = self
                .budget
                .seconds
                .is_some_and(|s| self.started.elapsed().as_secs_f64() >= s);
            self.stopped = late;
        }
        self.stopped
    }

    /// Winning continuations from `g`, where `played` tiles have been played and `last` is
    /// the previous play (for the order of placements).
    fn lines(&mut self, g: &Game, played: u8, last: Option<Action>) -> Lines {
        if self.stopped || self.out_of_budget() {
            return Vec::new();
        }
        self.examined += 1;
        let over = g.battles() != self.battles_at_start || g.is_over();
        if played == self.puzzle.play || over {
            return if self.judge(g) == 0 {
                vec![Vec::new()]
            } else {
                Vec::new()
            };
        }
        // The opponent chooses where a pushed unit goes: every choice must still win.
        if let Player::Seat(s) = g.current_player() {
            if s != self.puzzle.seat {
                let mut common: Option<Lines> = None;
                for a in g.legal_actions() {
                    let mut next = g.clone();
                    next.apply_unchecked(a);
                    let found = self.lines(&next, played, last);
                    common = Some(match common {
                        None => found,
                        Some(c) => c.into_iter().filter(|l| found.contains(l)).collect(),
                    });
                }
                return common.unwrap_or_default();
            }
        }
        let key = {
            let mut hand = g.hands()[self.puzzle.seat as usize].clone();
            hand.sort_unstable();
            (g.pos().clone(), hand, played)
        };
        let place_order = |a: Action| match (last, a) {
            (
                Some(Action::Place {
                    tile: t0,
                    cell: c0,
                    facing: f0,
                }),
                Action::Place { tile, cell, facing },
            ) => (tile.0, cell, facing) >= (t0.0, c0, f0),
            _ => true,
        };
        if let Some(found) = self.memo.get(&key) {
            // A memoised state was searched without the placement-order rule.
            return found
                .iter()
                .filter(|l| l.first().is_none_or(|&a| place_order(a)))
                .cloned()
                .collect();
        }
        let mut out: Lines = Vec::new();
        for a in g.legal_actions() {
            if !is_play(a) {
                continue;
            }
            if let Action::Place { tile, facing, .. } = a {
                if redundant_facing(tile, facing) {
                    continue;
                }
            }
            let mut next = g.clone();
            next.apply_unchecked(a);
            for mut line in self.lines(&next, played + 1, Some(a)) {
                line.insert(0, a);
                out.push(line);
            }
        }
        self.memo.insert(key, out.clone());
        out.into_iter()
            .filter(|l| l.first().is_none_or(|&a| place_order(a)))
            .collect()
    }
}

/// Solves `puzzle`: all its solutions, whether it has exactly one, and what was examined.
/// The search has no bound: for a puzzle from outside, use [`solve_within`].
pub fn solve(puzzle: &Puzzle) -> SolveReport {
    solve_within(puzzle, Budget::default(), &mut |_| {}).expect("no budget to run out")
}

/// [`solve`] within `budget`, calling `progress` with the positions examined so far every
/// few thousand positions; a puzzle that needs more than the budget is [`TooLarge`] (what
/// was found until then is dropped: a partial answer could call a puzzle unique wrongly).
pub fn solve_within(
    puzzle: &Puzzle,
    budget: Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<SolveReport, TooLarge> {
    let game = {
        let mut g = puzzle.game();
        g.set_keep_battle_logs(false);
        g
    };
    let mut search = Search {
        puzzle,
        budget,
        started: Instant::now(),
        stopped: false,
        progress,
        resolver: Resolver::new(),
        memo: HashMap::new(),
        examined: 0,
        candidates: 0,
        near_misses: 0,
        battles_at_start: game.battles(),
    };
    let lines = search.lines(&game, 0, None);
    if search.stopped {
        return Err(TooLarge {
            examined: search.examined,
            seconds: search.started.elapsed().as_secs_f64(),
        });
    }
    let mut solutions: Vec<Solution> = Vec::new();
    let mut seen: HashSet<EndKey> = HashSet::new();
    for line in lines.iter().flat_map(|l| facing_variants(l)) {
        let text: Vec<String> = line.iter().map(|&a| action_to_line(&game, a)).collect();
        if seen.insert(end_key(puzzle, &game, &line, &text)) {
            solutions.push(Solution {
                actions: text,
                plays: line,
            });
        }
    }
    solutions.sort_by_key(|s| (s.actions.len(), s.actions.join("\n")));
    let explanation = solutions.first().map(|s| explain(puzzle, &game, s));
    Ok(SolveReport {
        unique: solutions.len() == 1,
        solutions,
        examined: search.examined,
        candidates: search.candidates,
        near_misses: search.near_misses,
        explanation,
    })
}

/// What tells two solutions apart (P-35): the board the plays leave, or, for a line in which
/// the opponent chooses (a push), the plays themselves in any order.
#[derive(PartialEq, Eq, Hash)]
enum EndKey {
    Board(Box<Position>),
    Plays(Vec<String>),
}

fn end_key(puzzle: &Puzzle, game: &Game, line: &[Action], text: &[String]) -> EndKey {
    let mut g = game.clone();
    for &a in line {
        g.apply_unchecked(a);
        if matches!(g.current_player(), Player::Seat(s) if s != puzzle.seat) {
            let mut plays = text.to_vec();
            plays.sort();
            return EndKey::Plays(plays);
        }
    }
    EndKey::Board(Box::new(g.pos().clone()))
}

/// `line` with each placement also in every other facing that gives its tile the same layout
/// (the search tried one of them; all fight alike, and each leaves a board of its own).
fn facing_variants(line: &[Action]) -> Vec<Vec<Action>> {
    let mut out = vec![Vec::with_capacity(line.len())];
    for &a in line {
        let alike: Vec<Action> = match a {
            Action::Place { tile, cell, facing } => {
                let o = &tiles().tile(tile).oriented;
                (0..6u8)
                    .filter(|&f| o[f as usize] == o[facing as usize])
                    .map(|f| Action::Place {
                        tile,
                        cell,
                        facing: f,
                    })
                    .collect()
            }
            _ => vec![a],
        };
        out = out
            .into_iter()
            .flat_map(|prefix| {
                alike.iter().map(move |&b| {
                    let mut l = prefix.clone();
                    l.push(b);
                    l
                })
            })
            .collect();
    }
    out
}

/// A solution in words: the plays, then the battle's effect on the HQs.
fn explain(puzzle: &Puzzle, game: &Game, s: &Solution) -> String {
    let mut g = game.clone();
    let mut out = Vec::new();
    for (line, &a) in s.actions.iter().zip(&s.plays) {
        out.push(format!("play: {line}"));
        g.apply_unchecked(a);
        // A push: let its owner choose, as in the game.
        while let Player::Seat(seat) = g.current_player() {
            if seat == puzzle.seat {
                break;
            }
            let a = g.legal_actions()[0];
            out.push(format!("then the opponent: {}", action_to_line(&g, a)));
            g.apply_unchecked(a);
        }
    }
    let before = game.pos();
    let after = puzzle.board_after_battle(&g, &mut Resolver::new());
    let enemy = 1 - puzzle.seat as usize;
    out.push(format!(
        "battle: the enemy HQ goes from {} to {}, yours from {} to {}",
        before.hq_hp[enemy],
        after.hq_hp[enemy],
        before.hq_hp[puzzle.seat as usize],
        after.hq_hp[puzzle.seat as usize]
    ));
    out.join("\n")
}
