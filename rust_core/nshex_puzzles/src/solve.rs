//! The solver: every way to play the required number of offered tiles (placements with
//! their facings, instants with their targets, in every order that matters), each followed
//! by the battle, which the engine resolves with the automatic choices (D-4).
//!
//! Pruning: placements that follow each other are tried in one order only (they commute);
//! facings that give a tile the same layout are tried once; a state reached twice (the same
//! board and hand after the same number of plays) is searched once and its answers reused.
//! A Push Back hands the choice of hex to the pushed unit's owner (P-8): a line with a push
//! is a solution only if it wins wherever the unit goes.

use crate::format::Puzzle;
use nshex_formats::notation::action_to_line;
use nshex_rules::{tiles, Action, Game, Player, Position, Resolver, TileId};
use std::collections::HashMap;

/// One way to win: the player's plays in order, as notation lines and as actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub actions: Vec<String>,
    pub plays: Vec<Action>,
}

/// What the solver found.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Every solution, shortest explanation first; lines with the same plays in another
    /// order count once.
    pub solutions: Vec<Solution>,
    /// Exactly one solution.
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

struct Search<'a> {
    puzzle: &'a Puzzle,
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

    /// Winning continuations from `g`, where `played` tiles have been played and `last` is
    /// the previous play (for the order of placements).
    fn lines(&mut self, g: &Game, played: u8, last: Option<Action>) -> Lines {
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
pub fn solve(puzzle: &Puzzle) -> SolveReport {
    let game = {
        let mut g = puzzle.game();
        g.set_keep_battle_logs(false);
        g
    };
    let mut search = Search {
        puzzle,
        resolver: Resolver::new(),
        memo: HashMap::new(),
        examined: 0,
        candidates: 0,
        near_misses: 0,
        battles_at_start: game.battles(),
    };
    let lines = search.lines(&game, 0, None);
    // The same plays in another order are the same solution.
    let mut solutions: Vec<Solution> = Vec::new();
    let mut seen: Vec<Vec<String>> = Vec::new();
    for line in lines {
        let text: Vec<String> = line.iter().map(|&a| action_to_line(&game, a)).collect();
        let mut key = text.clone();
        key.sort();
        if !seen.contains(&key) {
            seen.push(key);
            solutions.push(Solution {
                actions: text,
                plays: line,
            });
        }
    }
    solutions.sort_by_key(|s| (s.actions.len(), s.actions.join("\n")));
    let explanation = solutions.first().map(|s| explain(puzzle, &game, s));
    SolveReport {
        unique: solutions.len() == 1,
        solutions,
        examined: search.examined,
        candidates: search.candidates,
        near_misses: search.near_misses,
        explanation,
    }
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
