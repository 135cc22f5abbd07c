//! The puzzle file: a scenario (the position and the HQs' hit points) with a `[puzzle]` table:
//!
//! ```toml
//! [puzzle]
//! title = "Through the net"
//! difficulty = "medium"            # easy, medium, hard, very_hard
//! seat = 0                         # the seat the player plays (default 0)
//! offer = ["borgo.mutant", "borgo.grenade", "borgo.move"]   # at most three tiles
//! play = 2                         # how many of them must be played (1 to 3)
//! goal = { kind = "destroy_hq" }   # or damage_hq (at_least), win (hq_above), destroy_unit (at)
//! ```

use nshex_formats::scenario::{line_of, parse_puzzle_scenario, Scenario, ScenarioError};
use nshex_rules::{tiles, Game, Hex, NoLog, Position, Resolver, Setup, TileId};
use serde::Deserialize;
use std::fmt::Write as _;
use toml::Spanned;

/// What the battle after the plays must achieve, for the puzzle's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The enemy HQ is destroyed.
    DestroyHq,
    /// The enemy HQ loses at least this many hit points in the battle.
    DamageHq { at_least: u8 },
    /// The battle is won: the enemy HQ loses more than the player's, which stays above this.
    Win { hq_above: u8 },
    /// The unit on this hex is gone after the battle.
    DestroyUnit { at: Hex },
}

impl Goal {
    /// The goal in words.
    pub fn describe(&self) -> String {
        match *self {
            Goal::DestroyHq => "Destroy the enemy HQ".into(),
            Goal::DamageHq { at_least } => {
                format!("Deal at least {at_least} damage to the enemy HQ")
            }
            Goal::Win { hq_above } => {
                format!("Win the battle with your HQ above {hq_above} hit points")
            }
            Goal::DestroyUnit { at } => format!("Destroy the unit on {},{}", at.q, at.r),
        }
    }

    /// How far the battle that turned `before` into `after` falls short of the goal for
    /// `seat` (0: the goal is met; 1: a near miss).
    pub fn shortfall(&self, seat: u8, before: &Position, after: &Position) -> u32 {
        let enemy = 1 - seat as usize;
        let lost = |s: usize| before.hq_hp[s].saturating_sub(after.hq_hp[s]) as u32;
        match *self {
            Goal::DestroyHq => after.hq_hp[enemy] as u32,
            Goal::DamageHq { at_least } => (at_least as u32).saturating_sub(lost(enemy)),
            Goal::Win { hq_above } => {
                let short_hp =
                    (hq_above as u32 + 1).saturating_sub(after.hq_hp[seat as usize] as u32);
                let short_race = (lost(seat as usize) + 1).saturating_sub(lost(enemy));
                short_hp + short_race
            }
            Goal::DestroyUnit { at } => {
                let c = before.cell_of(at).map(|c| c as usize);
                match c.and_then(|c| after.cells[c]) {
                    None => 0,
                    Some(u) => u.def().hit_points().saturating_sub(u.wounds) as u32,
                }
            }
        }
    }

    fn to_toml(self) -> String {
        match self {
            Goal::DestroyHq => "{ kind = \"destroy_hq\" }".into(),
            Goal::DamageHq { at_least } => {
                format!("{{ kind = \"damage_hq\", at_least = {at_least} }}")
            }
            Goal::Win { hq_above } => format!("{{ kind = \"win\", hq_above = {hq_above} }}"),
            Goal::DestroyUnit { at } => {
                format!("{{ kind = \"destroy_unit\", at = [{}, {}] }}", at.q, at.r)
            }
        }
    }
}

/// How hard a puzzle is, as the generator measured it (see `generate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    VeryHard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::VeryHard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::VeryHard => "very_hard",
        }
    }

    pub fn from_name(s: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// A loaded puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub title: String,
    pub difficulty: Difficulty,
    /// The seat the player plays; the other seat is the enemy.
    pub seat: u8,
    /// The offered tiles (at most three: they are the player's hand).
    pub offer: Vec<TileId>,
    /// How many of them must be played.
    pub play: u8,
    pub goal: Goal,
    /// The position and the HQs' hit points.
    pub scenario: Scenario,
}

#[derive(Deserialize)]
struct RawFile {
    puzzle: Option<Spanned<RawPuzzle>>,
    // Scenario tables a puzzle has no use for: refused rather than ignored.
    script: Option<Spanned<toml::Value>>,
    #[serde(default)]
    hand: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    deck: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    mercenary: Vec<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    title: Spanned<String>,
    difficulty: Spanned<String>,
    seat: Option<Spanned<i64>>,
    offer: Spanned<Vec<Spanned<String>>>,
    play: Spanned<i64>,
    goal: Spanned<RawGoal>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGoal {
    kind: String,
    at_least: Option<i64>,
    hq_above: Option<i64>,
    at: Option<[i64; 2]>,
}

/// The text being read and its name, for errors that name the line.
struct Cx<'a> {
    text: &'a str,
    name: &'a str,
}

impl Cx<'_> {
    fn err(&self, offset: usize, message: String) -> ScenarioError {
        ScenarioError {
            name: self.name.to_string(),
            line: line_of(self.text, offset),
            message,
        }
    }

    /// The `[puzzle]` table, once the scenario tables a puzzle has no use for are refused.
    fn puzzle_table(&self) -> Result<RawPuzzle, ScenarioError> {
        let raw: RawFile = toml::from_str(self.text).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            self.err(
                offset,
                format!("[puzzle]: {}", e.message().trim().replace('\n', " ")),
            )
        })?;
        let unused = [
            ("[script]", raw.script.as_ref()),
            ("[[hand]]", raw.hand.first()),
            ("[[deck]]", raw.deck.first()),
            ("[[mercenary]]", raw.mercenary.first()),
        ];
        if let Some((table, at)) = unused.iter().find_map(|(t, v)| v.map(|v| (t, v))) {
            return Err(self.err(
                at.span().start,
                format!(
                    "{table}: a puzzle has no such table (the offer is the hand, and nothing \
                     is drawn)"
                ),
            ));
        }
        Ok(raw
            .puzzle
            .ok_or_else(|| self.err(0, "the [puzzle] table is missing".into()))?
            .into_inner())
    }

    /// `offer`: one to three tiles of the player's army (no HQ), no more of a tile than the
    /// army has with those on the board.
    fn offer(
        &self,
        offer_r: &Spanned<Vec<Spanned<String>>>,
        position: &Position,
        seat: u8,
    ) -> Result<Vec<TileId>, ScenarioError> {
        let set = tiles();
        let army = position.armies[seat as usize];
        let mut offer = Vec::new();
        for t in offer_r.get_ref() {
            let id = set.find(t.get_ref()).ok_or_else(|| {
                self.err(
                    t.span().start,
                    format!(
                        "[puzzle] offer: unknown tile {}",
                        nshex_rules::text::quote(t.get_ref())
                    ),
                )
            })?;
            let def = set.tile(id);
            if def.army != army || def.is_hq() {
                return Err(self.err(
                    t.span().start,
                    format!(
                        "[puzzle] offer: {} is not a tile of the player's army",
                        def.id
                    ),
                ));
            }
            offer.push(id);
        }
        if offer.is_empty() || offer.len() > 3 {
            return Err(self.err(
                offer_r.span().start,
                "[puzzle] offer: one to three tiles".into(),
            ));
        }
        // The offer and the board together hold no more of a tile than the army has.
        for &t in &offer {
            let on_board = position
                .units()
                .filter(|(_, u)| u.seat == seat && u.tile == t)
                .count();
            let offered = offer.iter().filter(|&&x| x == t).count();
            if on_board + offered > set.tile(t).count as usize {
                return Err(self.err(
                    offer_r.span().start,
                    format!("[puzzle] offer: more {} than the army has", set.tile(t).id),
                ));
            }
        }
        Ok(offer)
    }

    /// `goal`, at `gspan`, for the player's `seat`.
    fn goal(
        &self,
        g: &RawGoal,
        gspan: usize,
        position: &Position,
        seat: u8,
    ) -> Result<Goal, ScenarioError> {
        let need = |v: Option<i64>, what: &str, lo: i64, hi: i64| -> Result<i64, ScenarioError> {
            match v {
                Some(x) if (lo..=hi).contains(&x) => Ok(x),
                _ => Err(self.err(gspan, format!("[puzzle] goal: {what} must be {lo}..{hi}"))),
            }
        };
        Ok(match g.kind.as_str() {
            "destroy_hq" => Goal::DestroyHq,
            "damage_hq" => Goal::DamageHq {
                at_least: need(g.at_least, "at_least", 1, 20)? as u8,
            },
            "win" => Goal::Win {
                hq_above: need(g.hq_above, "hq_above", 0, 19)? as u8,
            },
            "destroy_unit" => {
                let at = g.at.ok_or_else(|| {
                    self.err(gspan, "[puzzle] goal: destroy_unit needs at".into())
                })?;
                let hex = nshex_formats::scenario::hex_on_board(at)
                    .map_err(|m| self.err(gspan, format!("[puzzle] goal: at: {m}")))?;
                let enemy_unit = position
                    .cell_of(hex)
                    .and_then(|c| position.cells[c as usize])
                    .is_some_and(|u| u.seat != seat && !u.def().is_hq());
                if !enemy_unit {
                    return Err(self.err(gspan, "[puzzle] goal: no enemy unit on that hex".into()));
                }
                Goal::DestroyUnit { at: hex }
            }
            other => {
                return Err(self.err(
                    gspan,
                    format!(
                        "[puzzle] goal: unknown kind {} (destroy_hq, damage_hq, win, destroy_unit)",
                        nshex_rules::text::quote(other)
                    ),
                ))
            }
        })
    }
}

impl Puzzle {
    /// Loads a puzzle from TOML text; `name` (usually the path) is used in messages, which
    /// name the line as a scenario's do.
    pub fn parse(text: &str, name: &str) -> Result<Puzzle, ScenarioError> {
        let scenario = parse_puzzle_scenario(text, name)?;
        let cx = Cx { text, name };
        let p = cx.puzzle_table()?;
        if p.title.get_ref().chars().any(char::is_control) {
            return Err(cx.err(
                p.title.span().start,
                "[puzzle] title: control characters (line breaks, terminal escape codes) are \
                 not allowed"
                    .into(),
            ));
        }
        let seats = scenario.position.seats;
        if seats != 2 {
            return Err(cx.err(0, "[game] armies: a puzzle has two seats".into()));
        }
        let seat = match &p.seat {
            None => 0,
            Some(s) if (0..2).contains(s.get_ref()) => *s.get_ref() as u8,
            Some(s) => return Err(cx.err(s.span().start, "[puzzle] seat: 0 or 1".into())),
        };
        let difficulty = Difficulty::from_name(p.difficulty.get_ref()).ok_or_else(|| {
            cx.err(
                p.difficulty.span().start,
                "[puzzle] difficulty: easy, medium, hard or very_hard".into(),
            )
        })?;
        let offer = cx.offer(&p.offer, &scenario.position, seat)?;
        let play = *p.play.get_ref();
        if !(1..=offer.len() as i64).contains(&play) {
            return Err(cx.err(
                p.play.span().start,
                format!("[puzzle] play: 1 to {} (the tiles offered)", offer.len()),
            ));
        }
        let goal = cx.goal(
            p.goal.get_ref(),
            p.goal.span().start,
            &scenario.position,
            seat,
        )?;
        if scenario.position.hq_hex(0).is_none() || scenario.position.hq_hex(1).is_none() {
            return Err(cx.err(0, "a puzzle needs both HQs on the board".into()));
        }
        if scenario.position.is_full() {
            return Err(cx.err(0, "the board is full: nothing can be played".into()));
        }
        Ok(Puzzle {
            title: p.title.into_inner(),
            difficulty,
            seat,
            offer,
            play: play as u8,
            goal,
            scenario,
        })
    }

    /// The game the player plays: the position, the offer as the player's hand, the player
    /// to move after the turn's draw (no draw, no discard), empty decks.
    pub fn game(&self) -> Game {
        let seats = 2;
        let mut hands = vec![Vec::new(); seats];
        hands[self.seat as usize] = self.offer.clone();
        Game::from_setup(Setup {
            pos: self.scenario.position.clone(),
            hands,
            decks: vec![Vec::new(); seats],
            discards: vec![Vec::new(); seats],
            to_move: self.seat,
            turn: 3,
            drawn: true,
            terror: self.scenario.terror,
            energy: self.scenario.energy,
            eliminated: 0,
            ending_by: None,
            options: Default::default(),
            mercs: [0; nshex_rules::MAX_SEATS],
        })
        .expect("a checked puzzle makes a game")
    }

    /// The board after the puzzle's battle, for `game` played from [`Puzzle::game`]: the
    /// battle that follows the plays (resolved on a copy), or the one the plays already
    /// started by filling the board.
    pub fn board_after_battle(&self, game: &Game, resolver: &mut Resolver) -> Position {
        let mut after = game.pos().clone();
        if game.battles() == 0 {
            resolver
                .resolve(&mut after, None, &mut NoLog)
                .expect("automatic choices");
        }
        after
    }

    /// How far `game`'s battle falls short of the goal (0: solved), as
    /// [`Goal::shortfall`] counts it from the puzzle's position.
    pub fn shortfall(&self, game: &Game, resolver: &mut Resolver) -> u32 {
        let after = self.board_after_battle(game, resolver);
        self.goal
            .shortfall(self.seat, &self.scenario.position, &after)
    }

    /// The puzzle as a file.
    pub fn to_toml(&self) -> String {
        let set = tiles();
        let pos = &self.scenario.position;
        let mut s = String::new();
        let _ = writeln!(s, "[game]");
        let _ = writeln!(
            s,
            "armies = [\"{}\", \"{}\"]",
            pos.army_id(0),
            pos.army_id(1)
        );
        let _ = writeln!(s, "hq_hp = [{}, {}]", pos.hq_hp[0], pos.hq_hp[1]);
        for (h, u) in pos.units() {
            let _ = writeln!(
                s,
                "\n[[unit]]\nseat = {}\ntile = \"{}\"\nat = [{}, {}]",
                u.seat,
                u.def().id,
                h.q,
                h.r
            );
            if u.facing != 0 {
                let _ = writeln!(s, "facing = {}", u.facing);
            }
            if u.wounds != 0 {
                let _ = writeln!(s, "wounds = {}", u.wounds);
            }
        }
        let offer: Vec<String> = self
            .offer
            .iter()
            .map(|&t| format!("\"{}\"", set.tile(t).id))
            .collect();
        let _ = writeln!(s, "\n[puzzle]");
        let _ = writeln!(s, "title = {:?}", self.title);
        let _ = writeln!(s, "difficulty = \"{}\"", self.difficulty.name());
        let _ = writeln!(s, "seat = {}", self.seat);
        let _ = writeln!(s, "offer = [{}]", offer.join(", "));
        let _ = writeln!(s, "play = {}", self.play);
        let _ = writeln!(s, "goal = {}", self.goal.to_toml());
        s
    }
}
