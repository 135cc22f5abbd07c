//! Battle resolution: initiative phases from the highest down to 0, everything within a phase
//! simultaneous (`../shared/RULES.md`, "Battle resolution").
//!
//! This is the hot path of the whole engine: the AI resolves a battle at every leaf it
//! evaluates. So the resolver works on cell indices and bit masks, keeps the derived state
//! (nets, bonuses, links) until a tile is removed, writes damage into a reused buffer, and
//! logs through a generic sink that compiles to nothing when no log is wanted.

use crate::hex::{dir_edge, opposite, ray_ascends, Hex, MAX_CELLS, NO_CELL};
use crate::position::{Position, MAX_SEATS};
use crate::tiles::{Kind, Oriented, TileDef, TileId};
use std::fmt;

/// `Dmg::dir` of a Clown's explosion.
pub const DIR_EXPLOSION: u8 = 6;
/// `Dmg::dir` of a medic dying in place of the tile it saved.
const DIR_MEDIC_DEATH: u8 = 7;
const NONE: u8 = NO_CELL;

/// Why a tile left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Killed,
    Exploded,
    /// A medic that took an attack in place of a linked tile.
    Medic,
    HqDestroyed,
}

impl Cause {
    pub fn name(self) -> &'static str {
        match self {
            Cause::Killed => "killed",
            Cause::Exploded => "exploded",
            Cause::Medic => "medic",
            Cause::HqDestroyed => "hq_destroyed",
        }
    }
}

/// One thing that happened in a battle. Cells are indices of the position's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// At the start of a phase: this tile is netted for the whole phase.
    Netted {
        cell: u8,
    },
    /// A netted unit's initiative came and went without an attack (FAQ-74).
    SlotLost {
        cell: u8,
    },
    /// A Quartermaster turned this edge's attack into the other kind for this phase.
    Converted {
        cell: u8,
        edge: u8,
        to_ranged: bool,
    },
    /// One edge attacks. `reach` is how many hexes a ranged or Gauss shot travels.
    Attack {
        cell: u8,
        tile: TileId,
        edge: u8,
        dir: u8,
        melee: u8,
        ranged: u8,
        gauss: bool,
        reach: u8,
    },
    /// A Clown explodes instead of attacking.
    Explode {
        cell: u8,
    },
    /// Wounds about to land on `target` (before medics).
    Hit {
        target: u8,
        from: u8,
        dir: u8,
        wounds: u8,
    },
    /// Armor facing the shot lowered a ranged attack by `blocked`.
    Armor {
        target: u8,
        from: u8,
        dir: u8,
        blocked: u8,
    },
    /// A medic took the attack `(from, dir)` on `target` and dies in its place. For a medic
    /// saving another medic from dying, `dir` is the sentinel of a medic death.
    Save {
        medic: u8,
        target: u8,
        from: u8,
        dir: u8,
        /// The wounds the save cancels (0 when it saves a medic from its own death).
        wounds: u8,
    },
    HqDamage {
        seat: u8,
        amount: u8,
        hp: u8,
    },
    Removed {
        cell: u8,
        tile: TileId,
        seat: u8,
        cause: Cause,
    },
}

impl Event {
    /// The sentinel `dir` of an explosion, for consumers of the log.
    pub const EXPLOSION: u8 = DIR_EXPLOSION;
    /// The sentinel `dir` of a medic's death absorbed by another medic.
    pub const MEDIC_DEATH: u8 = DIR_MEDIC_DEATH;
}

/// Where a battle's events go. `ON = false` removes every logging branch at compile time.
pub trait Log {
    const ON: bool;
    fn phase(&mut self, initiative: u8);
    fn event(&mut self, event: Event);
}

/// No log: the fast path.
pub struct NoLog;

impl Log for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn phase(&mut self, _: u8) {}
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// One phase of the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseLog {
    pub initiative: u8,
    pub events: Vec<Event>,
}

/// The full log, phase by phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleLog {
    pub phases: Vec<PhaseLog>,
}

impl Log for BattleLog {
    const ON: bool = true;
    fn phase(&mut self, initiative: u8) {
        self.phases.push(PhaseLog {
            initiative,
            events: Vec::new(),
        });
    }
    fn event(&mut self, event: Event) {
        if let Some(p) = self.phases.last_mut() {
            p.events.push(event);
        }
    }
}

/// What a Quartermaster-linked unit's owner decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QmChoice {
    /// Convert the attack of this printed edge in this phase.
    Convert { phase: u8, edge: u8 },
    /// Do not convert in this battle.
    Never,
}

/// A medic's choice: in `phase`, the medic on `medic` takes the attack from `attacker` on
/// `target` (`attacker = None`: the death of the medic on `target`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MedicChoice {
    pub phase: u8,
    pub medic: Hex,
    pub target: Hex,
    pub attacker: Option<Hex>,
}

/// Battle-time choices given by the players. Every question not answered here gets the
/// automatic answer (D-4, `docs/RULES-NOTES.md` P-1 to P-3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleChoices {
    pub clown: Vec<(Hex, bool)>,
    pub quartermaster: Vec<(Hex, QmChoice)>,
    pub medic: Vec<MedicChoice>,
}

impl BattleChoices {
    pub fn is_empty(&self) -> bool {
        self.clown.is_empty() && self.quartermaster.is_empty() && self.medic.is_empty()
    }
}

/// A choice that cannot be carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleError(pub String);

impl fmt::Display for BattleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BattleError {}

/// A medic taking one attack: the medic on `medic` takes the attack of `from` on `target`
/// (`from == target`: the death of the medic on `target`, which saved somebody).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MedicTake {
    pub medic: u8,
    pub target: u8,
    pub from: u8,
}

/// A battle-time question for a seat that answers its own battle choices (RULES.md "Player
/// choices"). Cells are indices of the position's board. `automatic` is the answer D-4
/// would give (`docs/RULES-NOTES.md` P-1 to P-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The Clown on `cell` explodes instead of attacking, or attacks (D-5).
    Clown {
        phase: u8,
        cell: u8,
        seat: u8,
        automatic: bool,
    },
    /// The unit on `cell`, linked to a working Quartermaster, may convert the attack of one
    /// printed edge (`edges`: a mask of the edges that can be converted) for this attack, or
    /// attack as printed (`None`).
    Convert {
        phase: u8,
        cell: u8,
        seat: u8,
        edges: u8,
        automatic: Option<u8>,
    },
    /// One of `seat`'s medics takes one of these attacks (saving is not optional; asked
    /// only when there is more than one way).
    Medic {
        phase: u8,
        seat: u8,
        options: Vec<MedicTake>,
        automatic: MedicTake,
    },
}

/// An answer to a [`Question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Answer {
    Clown { cell: u8, explode: bool },
    Convert { cell: u8, edge: Option<u8> },
    Medic(MedicTake),
}

impl Question {
    /// The seat that answers.
    pub fn seat(&self) -> u8 {
        match *self {
            Question::Clown { seat, .. }
            | Question::Convert { seat, .. }
            | Question::Medic { seat, .. } => seat,
        }
    }

    /// The initiative phase the question comes up in.
    pub fn phase(&self) -> u8 {
        match *self {
            Question::Clown { phase, .. }
            | Question::Convert { phase, .. }
            | Question::Medic { phase, .. } => phase,
        }
    }

    /// Every possible answer, in a fixed order.
    pub fn answers(&self) -> Vec<Answer> {
        match self {
            &Question::Clown { cell, .. } => vec![
                Answer::Clown {
                    cell,
                    explode: true,
                },
                Answer::Clown {
                    cell,
                    explode: false,
                },
            ],
            &Question::Convert { cell, edges, .. } => {
                let mut v = vec![Answer::Convert { cell, edge: None }];
                v.extend(bits(edges as u64).map(|e| Answer::Convert {
                    cell,
                    edge: Some(e),
                }));
                v
            }
            Question::Medic { options, .. } => options.iter().map(|&m| Answer::Medic(m)).collect(),
        }
    }

    /// The answer D-4 gives.
    pub fn automatic(&self) -> Answer {
        match *self {
            Question::Clown {
                cell, automatic, ..
            } => Answer::Clown {
                cell,
                explode: automatic,
            },
            Question::Convert {
                cell, automatic, ..
            } => Answer::Convert {
                cell,
                edge: automatic,
            },
            Question::Medic { automatic, .. } => Answer::Medic(automatic),
        }
    }

    /// Whether `a` is one of the possible answers.
    pub fn allows(&self, a: &Answer) -> bool {
        match (self, a) {
            (&Question::Clown { cell, .. }, &Answer::Clown { cell: c, .. }) => c == cell,
            (&Question::Convert { cell, edges, .. }, &Answer::Convert { cell: c, edge }) => {
                c == cell && edge.is_none_or(|e| e < 6 && edges >> e & 1 == 1)
            }
            (Question::Medic { options, .. }, Answer::Medic(m)) => options.contains(m),
            _ => false,
        }
    }
}

/// Where an interactive battle stands: finished, or waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Done(BattleSummary),
    Ask(Question),
}

/// Why the battle stopped early: a caller's choice that cannot be carried out, or a question
/// (kept in `Battle::question`) that has no answer yet.
enum Halt {
    Illegal(BattleError),
    Ask,
}

impl From<BattleError> for Halt {
    fn from(e: BattleError) -> Halt {
        Halt::Illegal(e)
    }
}

/// How a battle ended for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    None,
    Winner(u8),
    Draw,
}

/// What a battle changed besides the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattleSummary {
    pub outcome: Outcome,
    /// Anything happened at all: a wound, HQ damage or a removal (FAQ-39 needs to know).
    pub changed: bool,
    /// Seats whose HQ was destroyed in this battle (bit mask).
    pub hqs_destroyed: u8,
}

/// One damage record of a phase: an attack (attacker cell and direction) on one target.
#[derive(Clone, Copy, Debug)]
struct Dmg {
    from: u8,
    dir: u8,
    target: u8,
    wounds: u8,
    absorbed: bool,
}

/// Medic bookkeeping within one phase.
struct Tally {
    /// Unabsorbed wounds from attacks and explosions per target.
    direct: [u32; MAX_CELLS],
    /// Medics that took an attack this phase.
    used: u64,
    /// Medics whose death (in place of a saved tile) is still pending.
    dying: u64,
}

/// A tile on the board during a battle.
#[derive(Clone, Copy)]
struct BUnit {
    tile: TileId,
    def: &'static TileDef,
    o: &'static Oriented,
    seat: u8,
    facing: u8,
    is_hq: bool,
    /// Hit points of a non-HQ unit (toughness + 1).
    hp: u8,
    /// The printed initiative values (`n_init` of them), copied from `def`.
    init: [u8; 2],
    n_init: u8,
    /// A Clown (copied from `def`).
    explodes: bool,
    /// Wounds taken (non-HQ) — HQ hit points live in `hq_hp`.
    wounds: u8,
    placed: u16,
    /// Printed initiative slots already fired (bit k = slot k).
    fired: u8,
    /// Extra-attack sources already spent (cell mask).
    extra_spent: u64,
    qm_used: bool,
}

/// State derived from the board, valid until a tile leaves it.
struct Derived {
    netted: u64,
    init_bonus: [i8; MAX_CELLS],
    melee_bonus: [u8; MAX_CELLS],
    ranged_bonus: [u8; MAX_CELLS],
    /// Active extra-attack sources of each unit (cell mask).
    extra_sources: [u64; MAX_CELLS],
    /// Tiles each active medic protects (cell mask); 0 for non-medics.
    medic_prot: [u64; MAX_CELLS],
    /// Medics with anything to protect.
    medics: u64,
    /// Units linked to an active Quartermaster working for them.
    qm_linked: u64,
    /// Units linked to an active Transport working for them.
    transport_linked: u64,
    /// Seats with an active Recon Center working for them.
    recon: u8,
    /// `fires_at[p]`: units with an unspent initiative slot of value `p` (cell mask).
    fires_at: [u64; 16],
    /// Active modules and HQs whose link reaches each unit (cell mask). Filled only by
    /// `derive_with::<true>` (for `Resolver::explain`); battles never read it.
    linked_from: [u64; MAX_CELLS],
    /// Per source: the units it gives a bonus or an extra attack, and the enemies its
    /// negative initiative reaches (for taking them back when it leaves, `underive`).
    gave: [u64; MAX_CELLS],
    gave_enemy: [u64; MAX_CELLS],
    /// The seat each source works for (its owner, or the Scoper's owner).
    benef: [u8; MAX_CELLS],
}

impl Derived {
    fn new() -> Derived {
        Derived {
            netted: 0,
            init_bonus: [0; MAX_CELLS],
            melee_bonus: [0; MAX_CELLS],
            ranged_bonus: [0; MAX_CELLS],
            extra_sources: [0; MAX_CELLS],
            medic_prot: [0; MAX_CELLS],
            medics: 0,
            qm_linked: 0,
            transport_linked: 0,
            recon: 0,
            fires_at: [0; 16],
            linked_from: [0; MAX_CELLS],
            gave: [0; MAX_CELLS],
            gave_enemy: [0; MAX_CELLS],
            benef: [0; MAX_CELLS],
        }
    }
}

/// Choices resolved to cells.
#[derive(Default)]
struct CellChoices {
    clown: Vec<(u8, bool)>,
    qm: Vec<(u8, QmChoice)>,
    medic: Vec<(u8, u8, u8, u8)>, // phase, medic, target, attacker (NONE = medic death)
}

/// Reusable battle resolver: owns the battle state and scratch buffers, so repeated
/// battles neither allocate nor initialise more than the tiles on the board.
pub struct Resolver {
    b: Box<Battle>,
}

impl Default for Resolver {
    fn default() -> Self {
        Self::new()
    }
}

/// Resolves one battle on `pos` with automatic choices and no log. The position is updated.
pub fn resolve(pos: &mut Position) -> BattleSummary {
    Resolver::new()
        .resolve(pos, None, &mut NoLog)
        .expect("automatic choices are always valid")
}

/// Iterates the set bits of a mask, lowest first.
#[inline]
fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}

impl Resolver {
    pub fn new() -> Resolver {
        let set = crate::tiles::tiles();
        let filler_def = &set.tiles[0];
        let filler = BUnit {
            tile: TileId(0),
            def: filler_def,
            o: &filler_def.oriented[0],
            seat: 0,
            facing: 0,
            is_hq: false,
            hp: 1,
            init: [0; 2],
            n_init: 0,
            explodes: false,
            wounds: 0,
            placed: 0,
            fired: 0,
            extra_spent: 0,
            qm_used: false,
        };
        Resolver {
            b: Box::new(Battle {
                nbr: &crate::hex::BoardKind::Standard.geometry().neighbors,
                rays: &crate::hex::BoardKind::Standard.geometry().rays,
                dir_cells: &crate::hex::BoardKind::Standard.geometry().dir_cells,
                u: [filler; MAX_CELLS],
                occ: 0,
                seat_cells: [0; MAX_SEATS],
                recons: 0,
                sources: 0,
                scopers: 0,
                netters: 0,
                hq_hp: [0; MAX_SEATS],
                hq_present: 0,
                hqs_destroyed: 0,
                changed: false,
                d: Derived::new(),
                dirty: true,
                records: Vec::with_capacity(256),
                choices: CellChoices::default(),
                actors: 0,
                exploded: 0,
                hqs: 0,
                special: 0,
                removed_sources: 0,
                nets_dirty: false,
                start_occ: 0,
                wounded: 0,
                manual: 0,
                answers: Vec::new(),
                next_answer: 0,
                question: None,
            }),
        }
    }

    /// Resolves one battle on `pos` (which is updated: wounds, removals, HQ hit points).
    ///
    /// On an error (a given choice that cannot be carried out) the position is unchanged.
    pub fn resolve<L: Log>(
        &mut self,
        pos: &mut Position,
        choices: Option<&BattleChoices>,
        log: &mut L,
    ) -> Result<BattleSummary, BattleError> {
        let b = &mut *self.b;
        b.set_choices(pos, choices)?;
        b.manual = 0;
        b.answers.clear();
        b.setup(pos);
        // The position is only written once the whole battle has succeeded.
        match b.run(log) {
            Ok(()) => Ok(b.finish(pos)),
            Err(Halt::Illegal(e)) => Err(e),
            Err(Halt::Ask) => Err(BattleError("a battle choice has no answer".into())),
        }
    }

    /// Resolves one battle in which the seats in `manual` (a bit mask) answer their own
    /// battle choices. `answers` are the answers given so far, in the order the questions
    /// came up. The battle runs from the start with them; at the first question without an
    /// answer it stops and returns it (the position is unchanged, `log` holds the battle up
    /// to that point). Seats not in `manual` get the automatic answers (D-4). An answer
    /// that does not fit its question is an error, and so is an answer left over.
    pub fn resolve_step<L: Log>(
        &mut self,
        pos: &mut Position,
        manual: u8,
        answers: &[Answer],
        log: &mut L,
    ) -> Result<Step, BattleError> {
        let b = &mut *self.b;
        b.set_choices(pos, None)?;
        b.manual = manual;
        b.answers.clear();
        b.answers.extend_from_slice(answers);
        b.next_answer = 0;
        b.question = None;
        b.setup(pos);
        let r = b.run(log);
        b.manual = 0;
        match r {
            Err(Halt::Illegal(e)) => Err(e),
            Err(Halt::Ask) => Ok(Step::Ask(b.question.take().expect("a question"))),
            Ok(()) if b.next_answer < b.answers.len() => Err(BattleError(format!(
                "{} answers given, but the battle asked only {} questions",
                b.answers.len(),
                b.next_answer
            ))),
            Ok(()) => Ok(Step::Done(b.finish(pos))),
        }
    }
}

/// What the board gives each tile outside a battle: nets, links and bonuses. The game asks
/// this for moves (a netted unit cannot move, Transport, Recon Center), instant actions
/// (Medics) and the client for its tile information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub netted: u64,
    pub init_bonus: [i8; MAX_CELLS],
    pub melee_bonus: [u8; MAX_CELLS],
    pub ranged_bonus: [u8; MAX_CELLS],
    /// Per active medic cell: the cells it protects.
    pub medic_prot: [u64; MAX_CELLS],
    pub medics: u64,
    pub transport_linked: u64,
    pub qm_linked: u64,
    /// Seats whose moves may go two hexes (an active Recon Center).
    pub recon: u8,
}

impl Resolver {
    /// Nets, links and bonuses of `pos` as they stand now.
    pub fn analyze(&mut self, pos: &Position) -> Analysis {
        let b = &mut *self.b;
        b.setup_without_choices(pos);
        b.derive();
        b.analysis()
    }

    /// Everything `analyze` finds plus, per cell, the initiative values at which the unit
    /// would fire (a bit mask over 0..16) and the sources whose links reach it. For
    /// rendering and tooltips; slower than `analyze`.
    pub fn explain(&mut self, pos: &Position) -> Explanation {
        let b = &mut *self.b;
        b.setup_without_choices(pos);
        b.d.linked_from = [0; MAX_CELLS];
        b.derive_with::<true>();
        let mut slots = [0u16; MAX_CELLS];
        for (v, &m) in b.d.fires_at.iter().enumerate() {
            for c in bits(m) {
                slots[c as usize] |= 1 << v;
            }
        }
        Explanation {
            analysis: b.analysis(),
            slots,
            linked_from: b.d.linked_from,
        }
    }
}

/// `Analysis` with the details a player wants to see on a tile.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub analysis: Analysis,
    /// Initiative values at which each unit would fire, as a bit mask (bit `v` = phase `v`).
    pub slots: [u16; MAX_CELLS],
    /// Active modules and HQs whose links reach each unit (cell mask).
    pub linked_from: [u64; MAX_CELLS],
}

impl Battle {
    fn set_choices(
        &mut self,
        pos: &Position,
        choices: Option<&BattleChoices>,
    ) -> Result<(), BattleError> {
        let c = &mut self.choices;
        c.clown.clear();
        c.qm.clear();
        c.medic.clear();
        let Some(choices) = choices else {
            return Ok(());
        };
        let cell = |h: Hex, what: &str| -> Result<u8, BattleError> {
            let cell = pos
                .cell_of(h)
                .ok_or_else(|| BattleError(format!("{what} choice: hex {h} is off the board")))?;
            if pos.cells[cell as usize].is_none() {
                return Err(BattleError(format!("{what} choice: no tile on {h}")));
            }
            Ok(cell)
        };
        for &(h, explode) in &choices.clown {
            let cl = cell(h, "clown")?;
            if !pos.cells[cl as usize].unwrap().def().explodes {
                return Err(BattleError(format!(
                    "clown choice: the tile on {h} cannot explode"
                )));
            }
            c.clown.push((cl, explode));
        }
        for &(h, q) in &choices.quartermaster {
            let u = cell(h, "quartermaster")?;
            if let QmChoice::Convert { edge, .. } = q {
                if edge > 5 {
                    return Err(BattleError(format!(
                        "quartermaster choice on {h}: edge {edge} is not 0..5"
                    )));
                }
            }
            c.qm.push((u, q));
        }
        for m in &choices.medic {
            let mc = cell(m.medic, "medic")?;
            let tc = cell(m.target, "medic")?;
            let ac = match m.attacker {
                Some(a) => cell(a, "medic")?,
                None => NONE,
            };
            c.medic.push((m.phase, mc, tc, ac));
        }
        Ok(())
    }
}

/// One battle in progress.
struct Battle {
    nbr: &'static [[u8; 6]],
    /// The board's lines (`Geometry::rays`) and neighbours by direction mask.
    rays: &'static [[u64; 6]],
    dir_cells: &'static [[u64; 64]],
    /// Tiles by cell; only cells in `occ` hold a tile.
    u: [BUnit; MAX_CELLS],
    occ: u64,
    /// Each seat's tiles (cell masks; `& occ` for those still on the board).
    seat_cells: [u64; MAX_SEATS],
    /// Recon Centers.
    recons: u64,
    /// Modules and HQs with an effect, Scopers, net throwers (cell masks).
    sources: u64,
    scopers: u64,
    netters: u64,
    hq_hp: [u8; MAX_SEATS],
    hq_present: u8,
    hqs_destroyed: u8,
    changed: bool,
    d: Derived,
    dirty: bool,
    records: Vec<Dmg>,
    choices: CellChoices,
    /// Units with any initiative (the only ones that can act).
    actors: u64,
    /// Clowns that exploded this phase.
    exploded: u64,
    /// HQs (cell mask).
    hqs: u64,
    /// Sources whose effect `underive` cannot take back (Quartermaster, Transport).
    special: u64,
    /// Sources removed since the last `derive`, their effects still to be taken back.
    removed_sources: u64,
    /// A net thrower left since the last `derive`: the nets are to be worked out again.
    nets_dirty: bool,
    /// The tiles on the board when the battle began, and those wounded since.
    start_occ: u64,
    wounded: u64,
    /// Seats that answer their own battle choices (bit mask), their answers so far, how
    /// many of them were used, and the question the battle stopped at.
    manual: u8,
    answers: Vec<Answer>,
    next_answer: usize,
    question: Option<Question>,
}

impl Battle {
    /// Lays out the tiles of `pos` for a new battle. Cells without a tile are never read, so
    /// they are left as they are.
    /// `setup` for looking at a board outside a battle: no caller's choices apply.
    fn setup_without_choices(&mut self, pos: &Position) {
        self.choices.clown.clear();
        self.choices.qm.clear();
        self.choices.medic.clear();
        self.setup(pos);
    }

    /// The derived state as the public `Analysis` (after `derive`).
    fn analysis(&self) -> Analysis {
        let d = &self.d;
        Analysis {
            netted: d.netted & self.occ,
            init_bonus: d.init_bonus,
            melee_bonus: d.melee_bonus,
            ranged_bonus: d.ranged_bonus,
            medic_prot: d.medic_prot,
            medics: d.medics,
            transport_linked: d.transport_linked,
            qm_linked: d.qm_linked,
            recon: d.recon,
        }
    }

    fn setup(&mut self, pos: &Position) {
        let geo = pos.geometry();
        let templates = templates();
        self.nbr = &geo.neighbors;
        self.rays = &geo.rays;
        self.dir_cells = &geo.dir_cells;
        let mut seat_cells = [0u64; MAX_SEATS];
        // Each tile's flags, one byte per cell, gathered into masks eight cells at a time.
        let mut flag_bytes = [0u8; 64];
        for (i, slot) in pos.cells[..geo.len()].iter().enumerate() {
            if let Some(unit) = slot {
                let (t, flags) = &templates[unit.tile.0 as usize][unit.facing as usize & 7];
                let u = &mut self.u[i];
                *u = *t;
                u.seat = unit.seat;
                u.wounds = unit.wounds;
                u.placed = unit.placed;
                seat_cells[unit.seat as usize] |= 1 << i;
                flag_bytes[i] = *flags | 1 << F_OCCUPIED;
            }
        }
        let mut masks = [0u64; 8];
        for (k, chunk) in flag_bytes[..geo.len().div_ceil(8) * 8]
            .chunks_exact(8)
            .enumerate()
        {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            for (f, m) in masks.iter_mut().enumerate() {
                let lows = w >> f & 0x0101_0101_0101_0101;
                // Moves the low bit of byte j to bit 56 + j (no two products overlap).
                *m |= (lows.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
            }
        }
        let mut hq_present = 0u8;
        self.hqs = masks[F_HQ as usize];
        for c in bits(masks[F_HQ as usize]) {
            hq_present |= 1 << self.u[c as usize].seat;
        }
        self.records.clear();
        self.occ = masks[F_OCCUPIED as usize];
        self.start_occ = self.occ;
        self.wounded = 0;
        self.actors = masks[F_ACTOR as usize];
        self.sources = masks[F_SOURCE as usize];
        self.seat_cells = seat_cells;
        self.recons = masks[F_RECON as usize];
        self.scopers = masks[F_SCOPER as usize];
        self.netters = masks[F_NETTER as usize];
        self.special = masks[F_SPECIAL as usize];
        self.removed_sources = 0;
        self.nets_dirty = false;
        self.hq_hp = pos.hq_hp;
        self.hq_present = hq_present;
        self.hqs_destroyed = 0;
        self.changed = false;
        self.dirty = true;
        self.exploded = 0;
    }

    #[inline]
    fn unit(&self, c: u8) -> &BUnit {
        &self.u[c as usize]
    }

    #[inline]
    fn nb(&self, c: u8, dir: u8) -> u8 {
        self.nbr[c as usize][dir as usize]
    }

    #[inline]
    fn occupied(&self, c: u8) -> bool {
        c != NONE && self.occ >> c & 1 == 1
    }

    /// Hit points a tile has left before it is removed.
    #[inline]
    fn hp_left(&self, c: u8) -> u8 {
        let u = self.unit(c);
        if u.is_hq {
            self.hq_hp[u.seat as usize]
        } else {
            u.hp.saturating_sub(u.wounds)
        }
    }

    /// Whether battle choices of `seat` are asked rather than answered automatically.
    #[inline]
    fn asks(&self, seat: u8) -> bool {
        self.manual >> seat & 1 == 1
    }

    /// The next given answer to `q`, or a stop with `q` as the open question.
    fn take_answer(&mut self, q: Question) -> Result<Answer, Halt> {
        let Some(&a) = self.answers.get(self.next_answer) else {
            self.question = Some(q);
            return Err(Halt::Ask);
        };
        if !q.allows(&a) {
            let asked = match q {
                Question::Clown { .. } => "clown",
                Question::Convert { .. } => "convert",
                Question::Medic { .. } => "medic",
            };
            let given = match a {
                Answer::Clown { .. } => "clown",
                Answer::Convert { .. } => "convert",
                Answer::Medic(_) => "medic",
            };
            return Err(Halt::Illegal(BattleError(format!(
                "battle answer {}: this {given} answer is not one of the options of the open \
                 {asked} question (phase {})",
                self.next_answer,
                q.phase()
            ))));
        }
        self.next_answer += 1;
        Ok(a)
    }

    // ----- derived state -------------------------------------------------------------

    /// Recomputes nets, links, bonuses and initiative slots from the tiles now on the board.
    #[inline]
    fn derive(&mut self) {
        self.derive_with::<false>();
    }

    /// Recomputes nets, links, bonuses and initiative slots. `EXPLAIN` also records which
    /// sources reach which unit (`linked_from`), which only the rendering side asks for.
    fn derive_with<const EXPLAIN: bool>(&mut self) {
        let occ = self.occ;
        let d = &mut self.d;
        d.init_bonus = [0; MAX_CELLS];
        d.melee_bonus = [0; MAX_CELLS];
        d.ranged_bonus = [0; MAX_CELLS];
        d.extra_sources = [0; MAX_CELLS];
        d.medic_prot = [0; MAX_CELLS];
        d.medics = 0;
        d.qm_linked = 0;
        d.transport_linked = 0;
        d.recon = 0;
        d.fires_at = [0; 16];
        let netted = if self.netters & occ != 0 {
            compute_nets(&self.u, self.nbr, self.netters & occ, occ)
        } else {
            0
        };
        self.d.netted = netted;
        // Scopers (D-7): an active Scoper takes over the adjacent enemy modules; the first
        // placed Scoper wins a module two hostile Scopers reach.
        let mut scoped_by = [NONE; MAX_CELLS];
        let active_scopers = self.scopers & occ & !netted;
        if active_scopers != 0 {
            let mut order = [(0u16, 0u8); MAX_CELLS];
            let mut n = 0;
            for c in bits(active_scopers) {
                order[n] = (self.u[c as usize].placed, c);
                n += 1;
            }
            order[..n].sort_unstable();
            for &(_, sc) in &order[..n] {
                let su = self.u[sc as usize];
                for dir in bits(su.o.link as u64) {
                    let j = self.nb(sc, dir);
                    if !self.occupied(j) {
                        continue;
                    }
                    let t = &self.u[j as usize];
                    if t.def.kind == Kind::Module
                        && !t.def.scoper
                        && t.seat != su.seat
                        && scoped_by[j as usize] == NONE
                    {
                        scoped_by[j as usize] = sc;
                    }
                }
            }
        }
        // Modules and HQ army bonuses.
        for s in bits(self.sources & occ) {
            let si = s as usize;
            self.d.benef[si] = match scoped_by[si] {
                NONE => self.u[si].seat,
                sc => self.u[sc as usize].seat,
            };
            self.d.gave[si] = 0;
            self.d.gave_enemy[si] = 0;
        }
        for s in bits(self.sources & occ & !netted) {
            if EXPLAIN {
                let src = &self.u[s as usize];
                let e = &src.def.effect;
                let linked = self.dir_cells[s as usize][src.o.link as usize & 63] & occ;
                let friends = linked & self.seat_cells[self.d.benef[s as usize] as usize];
                let reached = if e.enemy_initiative != 0 && !src.is_hq {
                    linked
                } else {
                    friends
                };
                for j in bits(reached) {
                    self.d.linked_from[j as usize] |= 1 << s;
                }
            }
            self.give(s);
        }
        for c in bits(self.recons & occ & !netted) {
            self.d.recon |= 1 << self.u[c as usize].seat;
        }
        // Initiative slots: which units may fire in which phase.
        for c in bits(self.actors & occ) {
            self.place_slots(c);
        }
        self.dirty = false;
        self.removed_sources = 0;
        self.nets_dirty = false;
    }

    /// Adds the effects of source `s`, which works (it is not netted), to the units it
    /// links to; records what it gave for `take`.
    #[inline]
    fn give(&mut self, s: u8) {
        let si = s as usize;
        let src = &self.u[si];
        let e = &src.def.effect;
        // The cells its link edges face (only sources need them, so setup does not).
        let linked = self.dir_cells[si][src.o.link as usize & 63] & self.occ;
        let friends = linked & self.seat_cells[self.d.benef[si] as usize];
        let d = &mut self.d;
        let gives = e.initiative != 0 || e.melee != 0 || e.ranged != 0;
        d.gave[si] = if gives || e.extra_attack { friends } else { 0 };
        d.gave_enemy[si] = 0;
        if gives {
            for j in bits(friends) {
                let ji = j as usize;
                d.init_bonus[ji] += e.initiative;
                d.melee_bonus[ji] += e.melee.max(0) as u8;
                d.ranged_bonus[ji] += e.ranged.max(0) as u8;
            }
        }
        if e.extra_attack {
            for j in bits(friends) {
                d.extra_sources[j as usize] |= 1 << s;
            }
        }
        if e.medic && friends != 0 {
            d.medic_prot[si] = friends;
            d.medics |= 1 << s;
        }
        if e.quartermaster {
            d.qm_linked |= friends;
        }
        if e.transport {
            d.transport_linked |= friends;
        }
        // D-8: an HQ's bonus never reaches other seats; a module's negative effects
        // reach the beneficiary's enemies.
        if e.enemy_initiative != 0 && !src.is_hq {
            d.gave_enemy[si] = linked & !friends;
            for j in bits(linked & !friends) {
                d.init_bonus[j as usize] += e.enemy_initiative;
            }
        }
    }

    /// Takes back what source `s` gave (it left the board, or it is netted now); returns
    /// the units whose slots may have moved. Not for Quartermasters and Transports, whose
    /// links are a union over all of them.
    fn take(&mut self, s: u8) -> u64 {
        let si = s as usize;
        let e = &self.u[si].def.effect;
        let d = &mut self.d;
        for j in bits(d.gave[si]) {
            let ji = j as usize;
            d.init_bonus[ji] -= e.initiative;
            d.melee_bonus[ji] -= e.melee.max(0) as u8;
            d.ranged_bonus[ji] -= e.ranged.max(0) as u8;
            d.extra_sources[ji] &= !(1 << s);
        }
        for j in bits(d.gave_enemy[si]) {
            d.init_bonus[j as usize] -= e.enemy_initiative;
        }
        d.medic_prot[si] = 0;
        d.medics &= !(1 << s);
        let affected = d.gave[si] | d.gave_enemy[si];
        d.gave[si] = 0;
        d.gave_enemy[si] = 0;
        affected
    }

    /// Adds unit `c`'s unspent initiative slots to `fires_at`.
    #[inline]
    fn place_slots(&mut self, c: u8) {
        let u = &self.u[c as usize];
        if u.n_init == 1 && self.d.extra_sources[c as usize] == 0 {
            // The common case: one printed slot, no extra attack.
            // Without a branch on whether it has fired (that changes as the battle goes).
            let v = (u.init[0] as i8 + self.d.init_bonus[c as usize]).clamp(0, 15);
            self.d.fires_at[v as usize] |= ((u.fired == 0) as u64) << c;
            return;
        }
        let (printed, extra) = self.slot_layout(c);
        let mut m = printed | extra;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            self.d.fires_at[v] |= 1 << c;
        }
    }

    /// Takes back the effects of the sources removed since the last `derive` (none of
    /// them nets, scopes, or gives Quartermaster or Transport links: those call for a full
    /// `derive`). Nothing else changes when such a tile leaves, so only the units it gave
    /// something get their slots placed again.
    fn underive(&mut self) {
        let mut affected = 0u64;
        for s in bits(self.removed_sources) {
            affected |= self.take(s);
        }
        self.removed_sources = 0;
        if self.nets_dirty {
            // A net thrower left: the nets are worked out again, and each source whose net
            // came or went gives or takes back its effects. A Scoper, Quartermaster or
            // Transport among them calls for a full derive.
            self.nets_dirty = false;
            let occ = self.occ;
            let netted = if self.netters & occ != 0 {
                compute_nets(&self.u, self.nbr, self.netters & occ, occ)
            } else {
                0
            };
            let changed = (netted ^ self.d.netted) & occ;
            self.d.netted = netted;
            if changed & (self.scopers | self.special) != 0 {
                self.derive();
                return;
            }
            for s in bits(changed & self.sources) {
                if netted >> s & 1 == 1 {
                    affected |= self.take(s);
                } else {
                    self.give(s);
                    affected |= self.d.gave[s as usize] | self.d.gave_enemy[s as usize];
                }
            }
        }
        for c in bits(affected & self.actors & self.occ) {
            for f in self.d.fires_at.iter_mut() {
                *f &= !(1 << c);
            }
            self.place_slots(c);
        }
    }

    /// Test builds: the state `underive` left is the one a full `derive` gives, for every
    /// tile on the board and every phase still to come.
    #[cfg(debug_assertions)]
    fn check_underive(&mut self, phase: u8) {
        let occ = self.occ;
        let d = &self.d;
        let before = (
            d.init_bonus,
            d.melee_bonus,
            d.ranged_bonus,
            d.extra_sources,
            d.medic_prot,
            d.medics & occ,
            d.fires_at,
        );
        self.derive();
        let d = &self.d;
        for c in bits(occ) {
            let ci = c as usize;
            assert_eq!(
                before.0[ci], d.init_bonus[ci],
                "initiative bonus of cell {c}"
            );
            assert_eq!(before.1[ci], d.melee_bonus[ci], "melee bonus of cell {c}");
            assert_eq!(before.2[ci], d.ranged_bonus[ci], "ranged bonus of cell {c}");
            assert_eq!(
                before.3[ci], d.extra_sources[ci],
                "extra attacks of cell {c}"
            );
        }
        // A medic whose protected tiles all left still counts as one until the next full
        // `derive` (as before `underive` existed): it has nobody to save, which is the same.
        for m in bits((before.5 | d.medics) & occ) {
            let mi = m as usize;
            assert_eq!(before.4[mi] & occ, d.medic_prot[mi] & occ, "medic {m}");
        }
        for v in 0..=phase as usize {
            assert_eq!(before.6[v] & occ, d.fires_at[v] & occ, "slots at {v}");
        }
    }

    /// Current value of printed slot `k` (D-2: printed + bonuses, floored at 0).
    #[inline]
    fn slot_value(&self, c: u8, k: usize) -> u8 {
        let v = self.u[c as usize].init[k] as i8 + self.d.init_bonus[c as usize];
        v.clamp(0, 15) as u8
    }

    /// The unspent slots of unit `c` as value masks: (printed, extra). Extra slots (D-9,
    /// P-5): the spent ones keep their places first, then one per source in force, each at
    /// the next free value below the unit's highest current initiative.
    #[inline]
    fn slot_layout(&self, c: u8) -> (u16, u16) {
        let u = &self.u[c as usize];
        let unspent = self.d.extra_sources[c as usize] & !u.extra_spent;
        if unspent == 0 && u.n_init == 1 {
            // The common case: one printed slot, no extra attack.
            let v = self.slot_value(c, 0);
            return ((u.fired as u16 & 1 ^ 1) << v, 0);
        }
        let mut have = 0u16;
        let mut printed = 0u16;
        for k in 0..u.n_init as usize {
            let v = self.slot_value(c, k);
            have |= 1 << v;
            if u.fired >> k & 1 == 0 {
                printed |= 1 << v;
            }
        }
        let mut extra = 0u16;
        if unspent != 0 {
            let highest = 15 - have.leading_zeros() as u8;
            let skip = u.extra_spent.count_ones();
            let slots = skip + unspent.count_ones();
            let mut idx = 0;
            let mut v = highest;
            while v > 0 && idx < slots {
                v -= 1;
                if have >> v & 1 == 1 {
                    continue;
                }
                if idx >= skip {
                    extra |= 1 << v;
                }
                idx += 1;
            }
        }
        (printed, extra)
    }

    /// Spends unit `c`'s slots of value `phase` (D-2: a slot is spent in its phase even if
    /// the unit cannot act; two slots on one value make one attack).
    fn spend_slot(&mut self, c: u8, phase: u8) {
        let ci = c as usize;
        if self.u[ci].n_init == 1 && self.d.extra_sources[ci] & !self.u[ci].extra_spent == 0 {
            // The common case: the one printed slot is the one firing now.
            self.u[ci].fired |= 1;
            return;
        }
        let (_, extra) = self.slot_layout(c);
        for k in 0..self.u[ci].n_init as usize {
            if self.slot_value(c, k) == phase {
                self.u[ci].fired |= 1 << k;
            }
        }
        if extra >> phase & 1 == 1 {
            // The source that acts first is spent: the lowest cell among the unspent.
            let unspent = self.d.extra_sources[ci] & !self.u[ci].extra_spent;
            self.u[ci].extra_spent |= 1 << unspent.trailing_zeros();
        }
    }

    // ----- the battle ------------------------------------------------------------------

    fn run<L: Log>(&mut self, log: &mut L) -> Result<(), Halt> {
        self.derive();
        // The battle starts at the highest initiative on the board.
        let any = self.d.fires_at.iter().rposition(|&m| m != 0);
        let Some(top) = any else { return Ok(()) };
        for phase in (0..=top as u8).rev() {
            if self.dirty {
                self.derive();
            } else if self.removed_sources != 0 || self.nets_dirty {
                self.underive();
                #[cfg(debug_assertions)]
                self.check_underive(phase);
            }
            if L::ON {
                log.phase(phase);
                for c in bits(self.d.netted) {
                    log.event(Event::Netted { cell: c });
                }
            }
            let firing = self.d.fires_at[phase as usize] & self.occ;
            if firing == 0 {
                continue;
            }
            self.records.clear();
            self.exploded = 0;
            let mut clowns = 0u64;
            for c in bits(firing) {
                self.spend_slot(c, phase);
                if self.d.netted >> c & 1 == 1 {
                    if L::ON {
                        log.event(Event::SlotLost { cell: c });
                    }
                    continue;
                }
                if self.unit(c).explodes {
                    // Decided once every other attack of the phase is known (P-2).
                    clowns |= 1 << c;
                    continue;
                }
                self.attack(c, phase, log)?;
            }
            for c in bits(clowns) {
                if self.clown_decision(c, phase)? {
                    self.explode(c, log);
                } else {
                    self.attack(c, phase, log)?;
                }
            }
            if !self.records.is_empty() {
                if self.d.medics != 0 {
                    self.medics(phase, log)?;
                }
                self.end_of_phase(log);
            } else if self.exploded != 0 {
                self.end_of_phase(log);
            }
        }
        Ok(())
    }

    #[inline]
    fn add_dmg(&mut self, from: u8, dir: u8, target: u8, wounds: u8) {
        if let Some(last) = self.records.last_mut() {
            if last.from == from && last.dir == dir && last.target == target {
                last.wounds += wounds;
                return;
            }
        }
        self.records.push(Dmg {
            from,
            dir,
            target,
            wounds,
            absorbed: false,
        });
    }

    /// The first enemy of `seat` on the line from `c` in `dir`, and how far the shot went.
    #[inline]
    fn first_enemy(&self, c: u8, dir: u8, seat: u8) -> (u8, u8) {
        let ray = self.rays[c as usize][dir as usize];
        let enemies = ray & self.occ & !self.seat_cells[seat as usize];
        if enemies == 0 {
            return (NONE, ray.count_ones() as u8);
        }
        let t = if ray_ascends(dir) {
            enemies.trailing_zeros()
        } else {
            63 - enemies.leading_zeros()
        } as u8;
        (
            t,
            (ray & !self.rays[t as usize][dir as usize]).count_ones() as u8,
        )
    }

    /// The attack components of one edge, after an optional Quartermaster conversion.
    /// Returns (melee components, ranged components) as strengths before bonuses.
    #[inline]
    fn components(&self, c: u8, dir: u8, convert: bool) -> ([u8; 2], [u8; 2]) {
        let o = self.unit(c).o;
        let (m, r) = (o.melee[dir as usize], o.ranged[dir as usize]);
        if !convert {
            ([m, 0], [r, 0])
        } else if m > 0 {
            ([0, 0], [r, m])
        } else {
            ([m, r], [0, 0])
        }
    }

    /// Wounds the edge would deal to enemies (for automatic choices; nothing is recorded).
    fn edge_worth(&self, c: u8, dir: u8, convert: bool) -> u8 {
        let u = self.unit(c);
        let (melee, ranged) = self.components(c, dir, convert);
        let mut total = 0;
        let mb = self.d.melee_bonus[c as usize];
        let rb = self.d.ranged_bonus[c as usize];
        let adj = self.nb(c, dir);
        if self.occupied(adj) {
            let t = self.unit(adj);
            if t.seat != u.seat && !(u.is_hq && t.is_hq) {
                for m in melee {
                    if m > 0 {
                        total += m + mb;
                    }
                }
            }
        }
        let (t, _) = self.first_enemy(c, dir, u.seat);
        if t != NONE && !(u.is_hq && self.unit(t).is_hq) {
            let armor = self.unit(t).o.armor >> opposite(dir) & 1;
            for r in ranged {
                if r > 0 {
                    total += (r + rb).saturating_sub(armor);
                }
            }
        }
        total
    }

    /// Which edge (by direction) the unit converts with its Quartermaster this phase.
    fn qm_conversion(&mut self, c: u8, phase: u8) -> Result<Option<u8>, Halt> {
        let linked = self.d.qm_linked >> c & 1 == 1;
        let u = *self.unit(c);
        let explicit = self
            .choices
            .qm
            .iter()
            .find(|(cell, _)| *cell == c)
            .map(|x| x.1);
        match explicit {
            Some(QmChoice::Never) => return Ok(None),
            Some(QmChoice::Convert { phase: p, edge }) => {
                if p != phase {
                    return Ok(None);
                }
                if u.qm_used {
                    return Err(BattleError(format!(
                        "quartermaster choice: unit on cell {c} already converted in this battle"
                    ))
                    .into());
                }
                if !linked {
                    return Err(BattleError(format!(
                        "quartermaster choice: the {} is not linked to a working Quartermaster in phase {phase}",
                        u.def.id
                    ))
                    .into());
                }
                let dir = crate::hex::edge_dir(edge, u.facing);
                let g = u.o.gauss >> dir & 1 == 1;
                if g || (u.o.melee[dir as usize] == 0 && u.o.ranged[dir as usize] == 0) {
                    return Err(BattleError(format!(
                        "quartermaster choice: edge {edge} of the {} has no attack to convert",
                        u.def.id
                    ))
                    .into());
                }
                return Ok(Some(dir));
            }
            None => {}
        }
        if !linked || u.qm_used {
            return Ok(None);
        }
        // P-3: the first conversion that adds wounds on enemies.
        let mut best: Option<(u8, u8)> = None;
        for e in 0..6u8 {
            let dir = crate::hex::edge_dir(e, u.facing);
            let di = dir as usize;
            if (u.o.melee[di] == 0 && u.o.ranged[di] == 0) || u.o.gauss >> dir & 1 == 1 {
                continue;
            }
            let gain = self
                .edge_worth(c, dir, true)
                .saturating_sub(self.edge_worth(c, dir, false));
            if gain > 0 && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, dir));
            }
        }
        let automatic = best.map(|(_, d)| d);
        if !self.asks(u.seat) {
            return Ok(automatic);
        }
        let mut edges = 0u8;
        for e in 0..6u8 {
            let dir = crate::hex::edge_dir(e, u.facing);
            let di = dir as usize;
            if (u.o.melee[di] > 0 || u.o.ranged[di] > 0) && u.o.gauss >> dir & 1 == 0 {
                edges |= 1 << e;
            }
        }
        let q = Question::Convert {
            phase,
            cell: c,
            seat: u.seat,
            edges,
            automatic: automatic.map(|d| dir_edge(d, u.facing)),
        };
        match self.take_answer(q)? {
            Answer::Convert { edge, .. } => Ok(edge.map(|e| crate::hex::edge_dir(e, u.facing))),
            _ => unreachable!("checked by take_answer"),
        }
    }

    /// Unit `c` attacks in `phase`: without a log or a Quartermaster (the search's common
    /// case) on the lean path, inlined where it is called, else on the general one.
    #[inline(always)]
    fn attack<L: Log>(&mut self, c: u8, phase: u8, log: &mut L) -> Result<(), Halt> {
        if !L::ON && self.d.qm_linked >> c & 1 == 0 && self.choices.qm.is_empty() {
            self.attack_as_printed(c);
            Ok(())
        } else {
            self.attack_general(c, phase, log)
        }
    }

    /// `attack` with a log, a Quartermaster conversion, or a caller's choices.
    #[inline(never)]
    fn attack_general<L: Log>(&mut self, c: u8, phase: u8, log: &mut L) -> Result<(), Halt> {
        let u = *self.unit(c);
        let convert_dir = if self.d.qm_linked >> c & 1 == 1 || !self.choices.qm.is_empty() {
            self.qm_conversion(c, phase)?
        } else {
            None
        };
        if let Some(dir) = convert_dir {
            self.u[c as usize].qm_used = true;
            if L::ON {
                log.event(Event::Converted {
                    cell: c,
                    edge: dir_edge(dir, u.facing),
                    to_ranged: u.o.melee[dir as usize] > 0,
                });
            }
        }
        let mb = self.d.melee_bonus[c as usize];
        let rb = self.d.ranged_bonus[c as usize];
        for dir in bits(u.o.attacks as u64) {
            if u.o.gauss >> dir & 1 == 1 {
                self.gauss(c, &u, dir, log);
                continue;
            }
            let (melee, ranged) = if convert_dir == Some(dir) {
                self.components(c, dir, true)
            } else {
                ([u.o.melee[dir as usize], 0], [u.o.ranged[dir as usize], 0])
            };
            let has_ranged = ranged[0] + ranged[1] > 0;
            let (rt, reach) = if has_ranged {
                self.first_enemy(c, dir, u.seat)
            } else {
                (NONE, 0)
            };
            if L::ON {
                log.event(Event::Attack {
                    cell: c,
                    tile: u.tile,
                    edge: dir_edge(dir, u.facing),
                    dir,
                    melee: melee.iter().filter(|&&m| m > 0).map(|m| m + mb).sum(),
                    ranged: ranged.iter().filter(|&&r| r > 0).map(|r| r + rb).sum(),
                    gauss: false,
                    reach,
                });
            }
            let adj = self.nb(c, dir);
            if melee[0] + melee[1] > 0 && self.occupied(adj) {
                let t = self.unit(adj);
                if t.seat != u.seat && !(u.is_hq && t.is_hq) {
                    let w: u8 = melee.iter().filter(|&&m| m > 0).map(|m| m + mb).sum();
                    self.add_dmg(c, dir, adj, w);
                    if L::ON {
                        log.event(Event::Hit {
                            target: adj,
                            from: c,
                            dir,
                            wounds: w,
                        });
                    }
                }
            }
            if rt != NONE && !(u.is_hq && self.unit(rt).is_hq) {
                let armor = self.unit(rt).o.armor >> opposite(dir) & 1;
                for r in ranged {
                    if r == 0 {
                        continue;
                    }
                    let s = r + rb;
                    let w = s.saturating_sub(armor);
                    if L::ON && armor == 1 {
                        log.event(Event::Armor {
                            target: rt,
                            from: c,
                            dir,
                            blocked: 1,
                        });
                    }
                    if w > 0 {
                        self.add_dmg(c, dir, rt, w);
                        if L::ON {
                            log.event(Event::Hit {
                                target: rt,
                                from: c,
                                dir,
                                wounds: w,
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `attack` without a log or a Quartermaster: the path of every search leaf. The same
    /// damage records as `attack_general`, a unit's melee records before its ranged ones
    /// (no rule depends on their order; medic questions list their options sorted).
    #[inline(always)]
    fn attack_as_printed(&mut self, c: u8) {
        let u = &self.u[c as usize];
        let (o, seat, is_hq) = (u.o, u.seat, u.is_hq);
        let ci = c as usize;
        let (mb, rb) = (self.d.melee_bonus[ci], self.d.ranged_bonus[ci]);
        let enemies = self.occ & !self.seat_cells[seat as usize];
        if o.gauss != 0 {
            let u = *self.unit(c);
            for dir in bits(o.gauss as u64) {
                self.gauss(c, &u, dir, &mut NoLog);
            }
        }
        let (melee_dirs, ranged_dirs) = (o.melee_dirs & !o.gauss, o.ranged_dirs & !o.gauss);
        // Melee edges first, then ranged ones: one loop each, no test per edge of what it
        // has. A ranged shot at the tile its own edge also strikes in melee (the Universal
        // Soldier) joins that melee record: it is one attack.
        // Whether a melee edge finds an enemy follows no pattern a predictor could learn:
        // its record is written either way and kept only on a hit. (No melee record of this
        // unit can join an earlier one: each is its own edge.)
        let targets = if is_hq { enemies & !self.hqs } else { enemies };
        for dir in bits(melee_dirs as u64) {
            let adj = self.nbr[ci][dir as usize];
            // Past the edge of the board `adj` is NONE: bit 63 of no mask is set.
            let hit = targets >> (adj & 63) & 1;
            self.records.push(Dmg {
                from: c,
                dir,
                target: adj,
                wounds: o.melee[dir as usize] + mb,
                absorbed: false,
            });
            let keep = self.records.len() - (hit ^ 1) as usize;
            self.records.truncate(keep);
        }
        for dir in bits(ranged_dirs as u64) {
            let (rt, _) = self.first_enemy(c, dir, seat);
            if rt != NONE && !(is_hq && self.unit(rt).is_hq) {
                let armor = self.unit(rt).o.armor >> opposite(dir) & 1;
                let w = (o.ranged[dir as usize] + rb).saturating_sub(armor);
                if w > 0 {
                    if o.melee_dirs >> dir & 1 == 1 {
                        if let Some(r) = self
                            .records
                            .iter_mut()
                            .rev()
                            .find(|r| r.from == c && r.dir == dir && r.target == rt)
                        {
                            r.wounds += w;
                            continue;
                        }
                    }
                    self.add_dmg(c, dir, rt, w);
                }
            }
        }
    }

    /// Gauss Cannon: 1 wound to every enemy on the line, no bonus; armor facing the shot
    /// stops it for that unit only.
    fn gauss<L: Log>(&mut self, c: u8, u: &BUnit, dir: u8, log: &mut L) {
        let mut reach = 0;
        let mut cur = c;
        loop {
            cur = self.nb(cur, dir);
            if cur == NONE {
                break;
            }
            reach += 1;
        }
        if L::ON {
            log.event(Event::Attack {
                cell: c,
                tile: u.tile,
                edge: dir_edge(dir, u.facing),
                dir,
                melee: 0,
                ranged: 1,
                gauss: true,
                reach,
            });
        }
        let mut cur = c;
        loop {
            cur = self.nb(cur, dir);
            if cur == NONE {
                break;
            }
            if !self.occupied(cur) || self.unit(cur).seat == u.seat {
                continue;
            }
            if self.unit(cur).o.armor >> opposite(dir) & 1 == 1 {
                if L::ON {
                    log.event(Event::Armor {
                        target: cur,
                        from: c,
                        dir,
                        blocked: 1,
                    });
                }
                continue;
            }
            self.add_dmg(c, dir, cur, 1);
            if L::ON {
                log.event(Event::Hit {
                    target: cur,
                    from: c,
                    dir,
                    wounds: 1,
                });
            }
        }
    }

    // ----- the Clown -----------------------------------------------------------------

    /// Worth of wounds on a tile from the Clown owner's view (P-2).
    fn worth(&self, seat: u8, target: u8, wounds: u8) -> i32 {
        if wounds == 0 {
            return 0;
        }
        let t = self.unit(target);
        let w = if t.is_hq {
            wounds.min(self.hp_left(target)) as i32
        } else if wounds >= self.hp_left(target) {
            2
        } else {
            1
        };
        if t.seat == seat {
            -w
        } else {
            w
        }
    }

    /// Whether the Clown on `c` explodes: the caller's choice, the seat's answer, or P-2.
    fn clown_decision(&mut self, c: u8, phase: u8) -> Result<bool, Halt> {
        if let Some(&(_, e)) = self.choices.clown.iter().find(|(cell, _)| *cell == c) {
            return Ok(e);
        }
        let automatic = self.clown_explodes(c);
        let seat = self.unit(c).seat;
        if !self.asks(seat) {
            return Ok(automatic);
        }
        let q = Question::Clown {
            phase,
            cell: c,
            seat,
            automatic,
        };
        match self.take_answer(q)? {
            Answer::Clown { explode, .. } => Ok(explode),
            _ => unreachable!("checked by take_answer"),
        }
    }

    /// P-2: the automatic answer for the Clown on `c`.
    fn clown_explodes(&self, c: u8) -> bool {
        let u = self.unit(c);
        let mut boom = 0i32;
        for dir in 0..6u8 {
            let j = self.nb(c, dir);
            if self.occupied(j) {
                boom += self.worth(u.seat, j, 1);
            }
        }
        let incoming: u32 = self
            .records
            .iter()
            .filter(|r| r.target == c)
            .map(|r| r.wounds as u32)
            .sum();
        if incoming < self.hp_left(c) as u32 {
            boom -= 2;
        }
        let mut attack = 0i32;
        for dir in 0..6u8 {
            let adj = self.nb(c, dir);
            if u.o.melee[dir as usize] > 0 && self.occupied(adj) && self.unit(adj).seat != u.seat {
                let w = u.o.melee[dir as usize] + self.d.melee_bonus[c as usize];
                attack += self.worth(u.seat, adj, w);
            }
        }
        boom > attack
    }

    fn explode<L: Log>(&mut self, c: u8, log: &mut L) {
        self.exploded |= 1 << c;
        if L::ON {
            log.event(Event::Explode { cell: c });
        }
        for dir in 0..6u8 {
            let j = self.nb(c, dir);
            if self.occupied(j) {
                self.add_dmg(c, DIR_EXPLOSION, j, 1);
                if L::ON {
                    log.event(Event::Hit {
                        target: j,
                        from: c,
                        dir: DIR_EXPLOSION,
                        wounds: 1,
                    });
                }
            }
        }
    }

    // ----- medics ----------------------------------------------------------------------

    /// Whether medic `m` can take record `ri` now.
    fn can_absorb(&self, t: &Tally, m: u8, ri: usize) -> bool {
        let r = self.records[ri];
        if r.absorbed || self.d.medic_prot[m as usize] >> r.target & 1 == 0 {
            return false;
        }
        // A medic about to die saves no one; an exploding Clown cannot be saved (D-6).
        if t.dying >> m & 1 == 1 || self.exploded >> r.target & 1 == 1 {
            return false;
        }
        // A medic saving a medic from dying must not have saved anyone yet (no loops).
        if r.dir == DIR_MEDIC_DEATH && t.used >> m & 1 == 1 {
            return false;
        }
        // D-6: a medic whose own unabsorbed hits would kill it saves no one.
        t.direct[m as usize] < self.hp_left(m) as u32
    }

    /// P-1 ranking of a save (larger is better).
    fn save_rank(&self, t: &Tally, m: u8, ri: usize) -> [u8; 8] {
        let r = self.records[ri];
        let tg = r.target;
        let total = t.direct[tg as usize] + if t.dying >> tg & 1 == 1 { 255 } else { 0 };
        let hp = self.hp_left(tg) as u32;
        let w = if r.dir == DIR_MEDIC_DEATH {
            255
        } else {
            r.wounds as u32
        };
        let dies_without = total >= hp;
        let dies_with = total - w >= hp;
        let rank = if dies_without && !dies_with {
            2
        } else if !dies_without {
            1
        } else {
            0
        };
        let tu = self.unit(tg);
        let class = if tu.is_hq {
            3
        } else if tu.def.kind == Kind::Warrior {
            2
        } else {
            1
        };
        [
            rank,
            class,
            hp.min(255) as u8,
            w.min(255) as u8,
            255 - tg,
            255 - r.from,
            255 - r.dir,
            255 - m,
        ]
    }

    fn absorb<L: Log>(&mut self, t: &mut Tally, m: u8, ri: usize, log: &mut L) {
        let r = self.records[ri];
        self.records[ri].absorbed = true;
        if r.dir == DIR_MEDIC_DEATH {
            t.dying &= !(1 << r.target);
        } else {
            t.direct[r.target as usize] -= r.wounds as u32;
        }
        t.used |= 1 << m;
        t.dying |= 1 << m;
        self.records.push(Dmg {
            from: m,
            dir: DIR_MEDIC_DEATH,
            target: m,
            wounds: 0,
            absorbed: false,
        });
        if L::ON {
            log.event(Event::Save {
                medic: m,
                target: r.target,
                from: r.from,
                dir: r.dir,
                wounds: if r.dir == DIR_MEDIC_DEATH {
                    0
                } else {
                    r.wounds
                },
            });
        }
    }

    /// Medics take attacks (D-6, FAQ-20, FAQ-133 to FAQ-135), explicit choices first, then
    /// the automatic rule P-1. Saving is not optional: a working medic with something to
    /// take takes it.
    fn medics<L: Log>(&mut self, phase: u8, log: &mut L) -> Result<(), Halt> {
        let medics = self.d.medics & !self.d.netted;
        let mut protected = 0u64;
        for m in bits(medics) {
            protected |= self.d.medic_prot[m as usize];
        }
        let mut t = Tally {
            direct: [0; MAX_CELLS],
            used: 0,
            dying: 0,
        };
        let mut hit = 0u64;
        for r in self.records.iter() {
            t.direct[r.target as usize] += r.wounds as u32;
            hit |= 1 << r.target;
        }
        if hit & protected == 0 && self.choices.medic.is_empty() {
            return Ok(());
        }
        for i in 0..self.choices.medic.len() {
            let (p, m, tg, a) = self.choices.medic[i];
            if p != phase {
                continue;
            }
            let found = (0..self.records.len()).find(|&ri| {
                let r = self.records[ri];
                r.target == tg
                    && if a == NONE {
                        r.dir == DIR_MEDIC_DEATH
                    } else {
                        r.from == a && r.dir != DIR_MEDIC_DEATH
                    }
                    && !r.absorbed
            });
            let ok = medics >> m & 1 == 1 && found.is_some_and(|ri| self.can_absorb(&t, m, ri));
            if !ok {
                return Err(BattleError(format!(
                    "medic choice in phase {phase}: the medic on cell {m} cannot take that attack on cell {tg}"
                ))
                .into());
            }
            self.absorb(&mut t, m, found.unwrap(), log);
        }
        loop {
            let mut best: Option<([u8; 8], u8, usize)> = None;
            for ri in 0..self.records.len() {
                let r = self.records[ri];
                if r.absorbed || protected >> r.target & 1 == 0 {
                    continue;
                }
                for m in bits(medics) {
                    if !self.can_absorb(&t, m, ri) {
                        continue;
                    }
                    let key = self.save_rank(&t, m, ri);
                    if best.is_none_or(|(k, _, _)| key > k) {
                        best = Some((key, m, ri));
                    }
                }
            }
            let Some((_, m, ri)) = best else { break };
            let seat = self.medic_seat(m);
            if self.asks(seat) {
                let options = self.medic_options(&t, medics, seat);
                if options.len() > 1 {
                    let q = Question::Medic {
                        phase,
                        seat,
                        options,
                        automatic: self.take_of(m, ri),
                    };
                    let Answer::Medic(mt) = self.take_answer(q)? else {
                        unreachable!("checked by take_answer")
                    };
                    let ri = (0..self.records.len())
                        .find(|&ri| self.take_of(mt.medic, ri) == mt && !self.records[ri].absorbed)
                        .expect("an offered take");
                    self.absorb(&mut t, mt.medic, ri, log);
                    continue;
                }
            }
            self.absorb(&mut t, m, ri, log);
        }
        Ok(())
    }

    /// The seat a working medic saves for (its owner, or the Scoper's seat).
    fn medic_seat(&self, m: u8) -> u8 {
        self.unit(self.d.medic_prot[m as usize].trailing_zeros() as u8)
            .seat
    }

    /// Record `ri` taken by medic `m`, as an answer names it.
    fn take_of(&self, m: u8, ri: usize) -> MedicTake {
        let r = self.records[ri];
        MedicTake {
            medic: m,
            target: r.target,
            from: r.from,
        }
    }

    /// Every take open to `seat`'s working medics now.
    fn medic_options(&self, t: &Tally, medics: u64, seat: u8) -> Vec<MedicTake> {
        let mut out = Vec::new();
        for ri in 0..self.records.len() {
            for m in bits(medics) {
                if self.medic_seat(m) == seat && self.can_absorb(t, m, ri) {
                    out.push(self.take_of(m, ri));
                }
            }
        }
        // Sorted: the records' order differs between the logged and the lean attack path.
        out.sort_unstable();
        out
    }

    // ----- end of phase ----------------------------------------------------------------

    fn end_of_phase<L: Log>(&mut self, log: &mut L) {
        let mut hq_dmg = [0u32; MAX_SEATS];
        let mut dying_medics = 0u64;
        // Only tiles something happened to can leave the board.
        let mut touched = self.exploded;
        for i in 0..self.records.len() {
            let r = self.records[i];
            if r.absorbed {
                continue;
            }
            touched |= 1 << r.target;
            if r.dir == DIR_MEDIC_DEATH {
                dying_medics |= 1 << r.target;
                continue;
            }
            let t = &mut self.u[r.target as usize];
            if t.is_hq {
                hq_dmg[t.seat as usize] += r.wounds as u32;
            } else {
                t.wounds = t.wounds.saturating_add(r.wounds);
                self.wounded |= 1 << r.target;
            }
            if r.wounds > 0 {
                self.changed = true;
            }
        }
        for (seat, &dmg) in hq_dmg.iter().enumerate() {
            if dmg > 0 {
                let hp = self.hq_hp[seat] as u32;
                let new = hp.saturating_sub(dmg) as u8;
                self.hq_hp[seat] = new;
                if L::ON {
                    log.event(Event::HqDamage {
                        seat: seat as u8,
                        amount: (hp - new as u32) as u8,
                        hp: new,
                    });
                }
            }
        }
        for c in bits(self.occ & touched) {
            let u = *self.unit(c);
            let cause = if u.is_hq {
                if self.hq_hp[u.seat as usize] == 0 {
                    Some(Cause::HqDestroyed)
                } else {
                    None
                }
            } else if self.exploded >> c & 1 == 1 {
                Some(Cause::Exploded)
            } else if u.wounds >= u.hp {
                Some(Cause::Killed)
            } else if dying_medics >> c & 1 == 1 {
                Some(Cause::Medic)
            } else {
                None
            };
            if let Some(cause) = cause {
                if u.is_hq {
                    self.hqs_destroyed |= 1 << u.seat;
                }
                if L::ON {
                    log.event(Event::Removed {
                        cell: c,
                        tile: u.tile,
                        seat: u.seat,
                        cause,
                    });
                }
                self.occ &= !(1 << c);
                // Only a tile that gives something (links, nets, a Scoper's takeover)
                // changes the derived state of the others; most sources' effects can be
                // taken back one by one (`underive`).
                if (self.scopers | self.special) >> c & 1 == 1 {
                    self.dirty = true;
                } else {
                    if self.sources >> c & 1 == 1 {
                        self.removed_sources |= 1 << c;
                    }
                    if self.netters >> c & 1 == 1 {
                        self.nets_dirty = true;
                    }
                }
                self.changed = true;
            }
        }
    }

    /// Writes the result back into the position.
    fn finish(&self, pos: &mut Position) -> BattleSummary {
        for c in bits(self.start_occ & !self.occ) {
            pos.cells[c as usize] = None;
        }
        for c in bits(self.wounded & self.occ) {
            if let Some(unit) = pos.cells[c as usize].as_mut() {
                unit.wounds = self.u[c as usize].wounds;
            }
        }
        pos.hq_hp = self.hq_hp;
        let alive = self.hq_present & !self.hqs_destroyed;
        let outcome = if self.hqs_destroyed == 0 {
            Outcome::None
        } else if alive == 0 {
            Outcome::Draw
        } else if alive.count_ones() == 1 {
            Outcome::Winner(alive.trailing_zeros() as u8)
        } else {
            Outcome::None
        };
        BattleSummary {
            outcome,
            changed: self.changed,
            hqs_destroyed: self.hqs_destroyed,
        }
    }
}

const F_ACTOR: u8 = 0;
const F_HQ: u8 = 1;
const F_SOURCE: u8 = 2;
const F_SCOPER: u8 = 3;
const F_NETTER: u8 = 4;
const F_RECON: u8 = 5;
const F_SPECIAL: u8 = 6;
const F_OCCUPIED: u8 = 7;

/// Per tile and facing, the battle unit as it enters a battle (seat, wounds and placement
/// filled in by `setup`) and its flags (`F_*` bits): one copy per tile instead of reading
/// the tile's definition field by field.
fn templates() -> &'static [[(BUnit, u8); 8]] {
    static T: std::sync::OnceLock<Vec<[(BUnit, u8); 8]>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        crate::tiles::tiles()
            .tiles
            .iter()
            .enumerate()
            .map(|(id, def)| {
                // Eight entries (6 and 7 repeat 0 and 1) so that `facing & 7` needs no check.
                std::array::from_fn(|f| {
                    let f = f % 6;
                    let o = &def.oriented[f];
                    let unit = BUnit {
                        tile: TileId(id as u16),
                        def,
                        o,
                        seat: 0,
                        facing: f as u8,
                        is_hq: def.is_hq(),
                        hp: def.hit_points(),
                        init: def.init,
                        n_init: def.n_init,
                        explodes: def.explodes,
                        wounds: 0,
                        placed: 0,
                        fired: 0,
                        extra_spent: 0,
                        qm_used: false,
                    };
                    let flags = ((def.n_init > 0) as u8) << F_ACTOR
                        | (def.is_hq() as u8) << F_HQ
                        | (def.is_source as u8) << F_SOURCE
                        | (def.scoper as u8) << F_SCOPER
                        | ((o.net != 0) as u8) << F_NETTER
                        | (def.recon_center as u8) << F_RECON
                        | ((def.effect.quartermaster || def.effect.transport) as u8) << F_SPECIAL;
                    (unit, flags)
                })
            })
            .collect()
    })
}

/// Nets (D-3): which tiles are netted, resolving mutual and ring nets.
fn compute_nets(u: &[BUnit; MAX_CELLS], nbr: &[[u8; 6]], throwers: u64, occ: u64) -> u64 {
    nets_among(nbr, throwers, occ, |c| {
        (u[c as usize].seat, u[c as usize].o.net)
    })
}

/// D-3 for the tiles in `occ`; `throwers` are those with net edges; `tile(c)` gives a
/// tile's seat and net directions.
pub(crate) fn nets_among(
    nbr: &[[u8; 6]],
    throwers: u64,
    occ: u64,
    tile: impl Fn(u8) -> (u8, u8),
) -> u64 {
    let mut nets = [0u64; MAX_CELLS];
    let mut netters = 0u64;
    for c in bits(throwers) {
        let (seat, net) = tile(c);
        for dir in bits(net as u64) {
            let j = nbr[c as usize][dir as usize];
            if j != NONE && occ >> j & 1 == 1 && tile(j).0 != seat {
                nets[c as usize] |= 1 << j;
            }
        }
        if nets[c as usize] != 0 {
            netters |= 1 << c;
        }
    }
    if netters == 0 {
        return 0;
    }
    let mut free = 0u64;
    let mut netted = 0u64;
    resolve_net_set(&nets, netters, &mut free, &mut netted);
    let mut out = netted;
    for f in bits(free) {
        out |= nets[f as usize] & !netters;
    }
    out
}

/// D-3 on a set of net throwers: strongly connected components in topological order; a
/// component member is netted by a free thrower outside the component; if none is, the nets
/// inside cancel and all are free; otherwise the netted members are taken out and the rest
/// resolved again the same way.
fn resolve_net_set(nets: &[u64; MAX_CELLS], set: u64, free: &mut u64, netted: &mut u64) {
    let mut remaining = set;
    while remaining != 0 {
        // Pick a source component of the graph restricted to `remaining`.
        let comp = source_component(nets, remaining);
        let mut from_free = 0u64;
        for f in bits(*free) {
            from_free |= nets[f as usize];
        }
        let hit = comp & from_free;
        if hit == 0 {
            *free |= comp;
        } else {
            *netted |= hit;
            resolve_net_set(nets, comp & !hit, free, netted);
        }
        remaining &= !comp;
    }
}

/// A strongly connected component of the subgraph on `set` with no edge into it from the
/// rest of `set`.
fn source_component(nets: &[u64; MAX_CELLS], set: u64) -> u64 {
    let reach = |start: u64| -> u64 {
        let mut seen = start;
        let mut frontier = start;
        while frontier != 0 {
            let mut next = 0;
            for v in bits(frontier) {
                next |= nets[v as usize] & set;
            }
            frontier = next & !seen;
            seen |= next;
        }
        seen
    };
    // Walk backwards from any node until the component can no longer be entered.
    let mut v = set.trailing_zeros() as u8;
    loop {
        let fwd = reach(1 << v);
        // Nodes that reach v: check each node of `set`.
        let mut comp = 0u64;
        let mut entering = 0u64;
        for w in bits(set) {
            let rw = reach(1 << w);
            if rw >> v & 1 == 1 {
                if fwd >> w & 1 == 1 {
                    comp |= 1 << w;
                } else {
                    entering |= 1 << w;
                }
            }
        }
        if entering == 0 {
            return comp;
        }
        v = entering.trailing_zeros() as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs D-3 on a graph given as (thrower, target) pairs over cells 0..8.
    fn nets(edges: &[(u8, u8)]) -> u64 {
        let mut n = [0u64; MAX_CELLS];
        let mut throwers = 0u64;
        for &(a, b) in edges {
            n[a as usize] |= 1 << b;
            throwers |= 1 << a;
        }
        let (mut free, mut netted) = (0u64, 0u64);
        resolve_net_set(&n, throwers, &mut free, &mut netted);
        let mut out = netted;
        for f in bits(free) {
            out |= n[f as usize] & !throwers;
        }
        out
    }

    #[test]
    fn d3_one_way_net() {
        assert_eq!(nets(&[(0, 1)]), 0b10);
    }

    #[test]
    fn d3_mutual_nets_cancel() {
        // Rulebook "Using nets": two net fighters facing each other do not disable each other.
        assert_eq!(nets(&[(0, 1), (1, 0)]), 0);
    }

    #[test]
    fn d3_three_way_ring_cancels_and_other_nets_work() {
        // A ring of three: all free, and their nets in other directions work normally.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 0), (2, 5)]), 1 << 5);
    }

    #[test]
    fn d3_netted_thrower_nets_nothing() {
        // 0 nets 1; 1 would net 2: 1 is netted, so 2 is free.
        assert_eq!(nets(&[(0, 1), (1, 2)]), 0b10);
    }

    #[test]
    fn d3_outside_net_breaks_a_mutual_pair() {
        // 0 nets 1; 1 and 2 net each other: 1 is netted from outside, so 2 is free and its
        // net on 1 holds (1 was netted anyway); 2 stays free.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 1)]), 0b10);
    }

    #[test]
    fn d3_chain_after_a_ring() {
        // Ring 0-1-2 is free; 2 nets 3; 3 would net 4: 3 is netted, so 4 is free.
        assert_eq!(nets(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]), 1 << 3);
    }

    #[test]
    fn d3_netted_member_then_the_rest_resolve_again() {
        // 5 nets 0 from outside a ring 0-1-2: 0 is netted; the rest, 1 and 2, are resolved
        // again: 1 nets 2 with nothing netting 1 (0 is netted), so 2 is netted.
        assert_eq!(nets(&[(5, 0), (0, 1), (1, 2), (2, 0)]), 0b101);
    }
}
