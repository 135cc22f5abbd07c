//! Battles in a game: fought on the board, repeated while the board stays full (FAQ-39), and
//! paused at a seat's battle question (P-16).

use super::{with_resolver, AfterBattle, CreditWait, Game, PendingBattle, Stage};
use crate::battle::{Answer, BattleLog, BattleSummary, NoLog, Question, Step};
use crate::position::Position;
use crate::sides::{Mode, Outcome};

impl Game {
    /// Resolves one battle on the board with `answers` given so far: its summary, or `None`
    /// when it stopped at a question (then the game waits in `Stage::BattleChoice`).
    pub(super) fn battle(
        &mut self,
        then: AfterBattle,
        answers: Vec<Answer>,
    ) -> Option<BattleSummary> {
        let before = self.state.pos.clone();
        let manual = self.state.manual_choices;
        // Who started the battle matters only to questions (FAQ-368): automatic answers never
        // ask, so only a battle with seats answering their own choices looks it up.
        let starter = (manual != 0).then(|| self.battle_starter(then));
        let mut log = self.keep_battle_logs.then(BattleLog::default);
        let step = with_resolver(|r| match (&mut log, manual) {
            (None, 0) => r
                .resolve(&mut self.state.pos, None, &mut NoLog)
                .map(Step::Done),
            (Some(l), 0) => r.resolve(&mut self.state.pos, None, l).map(Step::Done),
            (l, m) => {
                r.set_starter(starter);
                let step = match l {
                    None => r.resolve_step(&mut self.state.pos, m, &answers, &mut NoLog),
                    Some(l) => r.resolve_step(&mut self.state.pos, m, &answers, l),
                };
                r.set_starter(None);
                step
            }
        })
        .expect("answers checked against their questions");
        // A battle may take any tiles off.
        self.index = super::index::BoardIndex::of(&self.state.pos);
        let summary = match step {
            Step::Ask(question) => {
                self.wait_for_answer(then, answers, question, log);
                return None;
            }
            Step::Done(s) => s,
        };
        self.state.battles += 1;
        let credits = self.after_resolution(&before, &summary, then);
        // The battle is over: a battle choice that led to its credits is answered.
        if credits && matches!(self.state.stage, Stage::BattleChoice { .. }) {
            self.state.stage = Stage::Main;
        }
        if let Some(l) = log {
            self.last_battle = Some((before, l));
        }
        Some(summary)
    }

    /// What follows a resolution, a battle's or an action's hits outside one (D-22), on the
    /// board that was `before` it: removed tiles go to their owners' discard piles (a
    /// Bio-droid to the top of its owner's deck, D-34); in the points game own wounds are
    /// given before anything follows, the result included (FAQ-374: `then` says what comes
    /// after); otherwise the game ends, or the seats whose HQ fell leave it (D-26). Returns
    /// whether own wounds wait to be given.
    pub(super) fn after_resolution(
        &mut self,
        before: &Position,
        summary: &BattleSummary,
        then: AfterBattle,
    ) -> bool {
        let mut bomber = false;
        for (i, u) in before.cells.iter().enumerate() {
            if let Some(u) = u {
                if self.state.pos.cells[i].is_none() && !u.def().is_hq() {
                    if self.is_bomber(u.tile) {
                        bomber = true;
                    } else {
                        self.send_away(u.tile, u.seat);
                    }
                }
            }
        }
        if bomber {
            // Last, so that it lies above a Bio-droid returned to the same pile (D-24).
            self.bomber_left_board(summary.bomber_left.unwrap_or(0));
        }
        if self.mode() == Mode::Points && summary.own_wounds.iter().any(|&n| n > 0) {
            self.state.credit_wait = Some(CreditWait {
                then,
                changed: summary.changed,
                left: summary.own_wounds,
            });
            return true;
        }
        match summary.outcome {
            Outcome::None if summary.hqs_destroyed != 0 => self.eliminate(summary.hqs_destroyed),
            Outcome::None => {}
            o => self.finish(o),
        }
        false
    }

    /// Fights a battle (with `answers` so far) and what follows it: another battle while
    /// the board stays full (FAQ-39), the end of the turn, or the end of the game.
    pub(super) fn battles_then(&mut self, then: AfterBattle, mut answers: Vec<Answer>) {
        loop {
            let Some(s) = self.battle(then, answers) else {
                return;
            };
            answers = Vec::new();
            if self.state.stage == Stage::Over || self.state.credit_wait.is_some() {
                return;
            }
            if then != AfterBattle::FullBoard || !self.board_full() || !s.changed {
                return self.after_battle(then, s.changed);
            }
        }
    }

    /// What follows a battle (`changed`: it changed something): the end of the turn, the
    /// game's end on hit points, or another battle while the board stays full (FAQ-39).
    pub(super) fn after_battle(&mut self, then: AfterBattle, changed: bool) {
        match then {
            AfterBattle::EndTurn => self.end_turn(),
            AfterBattle::Final => self.finish_on_hit_points(true),
            AfterBattle::Overtime => self.finish_on_hit_points(false),
            AfterBattle::FullBoard if !self.board_full() => self.end_turn(),
            // Nothing can break the deadlock: the game ends on HQ hit points.
            AfterBattle::FullBoard if !changed => self.finish_on_hit_points(false),
            AfterBattle::FullBoard => self.battles_then(AfterBattle::FullBoard, Vec::new()),
            AfterBattle::Action => {}
        }
    }

    /// The game waits for `question`'s seat to answer, in the battle the answers so far
    /// lead to.
    pub(super) fn wait_for_answer(
        &mut self,
        then: AfterBattle,
        answers: Vec<Answer>,
        question: Question,
        log: Option<BattleLog>,
    ) {
        self.state.stage = Stage::BattleChoice {
            seat: question.seat(),
        };
        self.state.waiting = Some((then, answers));
        self.pending = Some(Box::new(PendingBattle { question, log }));
    }

    /// The seat that starts a battle (it decides between allies' mutually exclusive choices,
    /// FAQ-368): the seat to move, whose tile or placement started it, or who had the last turn
    /// before an Overtime Battle (FAQ-37: the tie-break turns end with it); the Final Battle
    /// is started by the seat that drew its deck's last tile first, or the next seat still in
    /// the game after it (FAQ-36, D-26).
    pub(super) fn battle_starter(&self, then: AfterBattle) -> u8 {
        if then != AfterBattle::Final || self.state.ending_by >= self.seats() {
            return self.state.to_move;
        }
        let n = self.seats();
        (0..n)
            .map(|k| (self.state.ending_by + k) % n)
            .find(|&s| self.state.eliminated >> s & 1 == 0)
            .unwrap_or(self.state.to_move)
    }

    /// Rebuilds a battle waiting for an answer (a snapshot being loaded): the answers must
    /// lead to a question of `seat`.
    pub(super) fn resume_battle(
        &mut self,
        then: AfterBattle,
        answers: Vec<Answer>,
        seat: u8,
    ) -> Result<(), String> {
        let mut pos = self.state.pos.clone();
        let starter = self.battle_starter(then);
        let step = with_resolver(|r| {
            r.set_starter(Some(starter));
            let step = r.resolve_step(&mut pos, self.state.manual_choices, &answers, &mut NoLog);
            r.set_starter(None);
            step
        })
        .map_err(|e| e.to_string())?;
        match step {
            Step::Ask(q) if q.seat() == seat => {
                self.wait_for_answer(then, answers, q, None);
                Ok(())
            }
            _ => Err("the battle's answers do not lead to a question for that seat".into()),
        }
    }
}
