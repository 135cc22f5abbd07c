//! Game options: the variants of the more tactical game (D-31) and the Mercenaries from
//! Alabama (D-25). Each changes only the turn's draw, discard and play limits, or what a seat
//! may draw instead of a deck tile; the battle does not know them.

use super::Game;
use crate::hex::bits;
use crate::tiles::{tiles, TileId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `Options::variants` bits.
pub const ALTERNATIVE_START: u8 = 1;
pub const REINFORCEMENTS: u8 = 2;
pub const NO_UNLUCKY_DRAW: u8 = 4;

/// The variants by name, as scenarios, saves and the command line write them.
pub const VARIANT_NAMES: [(&str, u8); 3] = [
    ("alternative_start", ALTERNATIVE_START),
    ("reinforcements", REINFORCEMENTS),
    ("no_unlucky_draw", NO_UNLUCKY_DRAW),
];

/// The Mad Bomber's mode (D-24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MadBomber {
    #[default]
    Off,
    /// A non-player character: it starts in the centre and stays neutral wherever it goes.
    Neutral,
    /// It starts neutral in the centre; whoever places it from hand owns it.
    Mercenary,
}

impl MadBomber {
    pub const ALL: [MadBomber; 3] = [MadBomber::Off, MadBomber::Neutral, MadBomber::Mercenary];

    pub fn name(self) -> &'static str {
        match self {
            MadBomber::Off => "off",
            MadBomber::Neutral => "neutral",
            MadBomber::Mercenary => "mercenary",
        }
    }

    pub fn from_name(name: &str) -> Option<MadBomber> {
        MadBomber::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// What a game is played with besides its armies, board and mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Variant bits (`ALTERNATIVE_START`, `REINFORCEMENTS`, `NO_UNLUCKY_DRAW`).
    pub variants: u8,
    /// Mercenaries each seat hires: 0 (none), 1, or 2 (two seats only).
    pub mercenaries: u8,
    /// The Mercenaries are dealt at random at the start instead of picked in turn order.
    pub random_mercenaries: bool,
    /// The Mad Bomber: off, neutral or a roaming mercenary (D-24).
    pub mad_bomber: MadBomber,
}

impl Options {
    pub fn has(&self, variant: u8) -> bool {
        self.variants & variant != 0
    }

    /// Tiles in hand after a full draw: 3, or 6 with Reinforcements.
    pub fn hand_limit(&self) -> u8 {
        if self.has(REINFORCEMENTS) {
            6
        } else {
            3
        }
    }

    /// The variants' names, in a fixed order.
    pub fn variant_names(&self) -> Vec<&'static str> {
        VARIANT_NAMES
            .iter()
            .filter(|(_, b)| self.has(*b))
            .map(|(n, _)| *n)
            .collect()
    }

    /// A variant's bit by name.
    pub fn variant_named(name: &str) -> Option<u8> {
        VARIANT_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, b)| *b)
    }

    /// Why these options cannot be played by `seats` seats, if they cannot.
    pub fn check(&self, seats: u8) -> Result<(), String> {
        if self.variants & !(ALTERNATIVE_START | REINFORCEMENTS | NO_UNLUCKY_DRAW) != 0 {
            return Err("unknown variant".into());
        }
        let most = if seats == 2 { 2 } else { 1 };
        if self.mercenaries > most {
            return Err(format!(
                "each seat hires {most} Mercenar{} at most with {seats} seats, not {}",
                if most == 1 { "y" } else { "ies" },
                self.mercenaries
            ));
        }
        Ok(())
    }
}

impl Game {
    /// The options the game is played with.
    pub fn options(&self) -> Options {
        self.state.options
    }

    /// Per seat, its unused Mercenaries (tile ids, public: D-25).
    pub fn mercenaries(&self, seat: u8) -> Vec<TileId> {
        let set = tiles();
        bits(self.state.mercs[seat as usize] as u64)
            .map(|i| set.mercenaries[i as usize])
            .collect()
    }

    /// Tiles the seat to move has played this turn (placed or used from hand).
    pub fn tiles_played(&self) -> u8 {
        self.state.played
    }

    /// How many tiles the seat to move may still play this turn (`None`: no limit). With
    /// Reinforcements two a turn; with the alternative start one in the very first turn
    /// (D-31).
    pub fn play_limit(&self) -> Option<u8> {
        if self.state.options.has(ALTERNATIVE_START) && self.state.turn == 1 {
            Some(1)
        } else if self.state.options.has(REINFORCEMENTS) {
            Some(2)
        } else {
            None
        }
    }

    /// The seat to move may play another tile from its hand now.
    #[inline]
    pub(super) fn may_play_tile(&self) -> bool {
        self.state.options.variants == 0 || self.play_limit().is_none_or(|l| self.state.played < l)
    }

    /// How many tiles a seat's turn draws, before the deck's size limits it: the opening
    /// turns draw 1, 2 and 3 (4, 5 and 6 with Reinforcements, FAQ-48); with the alternative
    /// start the first turn fills the hand and every later one draws up to the limit.
    pub(super) fn draw_count(&self, s: usize) -> u8 {
        let limit = self.state.options.hand_limit();
        let first = self.state.turns_taken[s] == 1;
        if first && self.state.options.has(ALTERNATIVE_START) && self.state.turn == 1 {
            limit
        } else if first && !self.state.options.has(ALTERNATIVE_START) {
            if self.state.options.has(REINFORCEMENTS) {
                (s as u8 + 4).min(6)
            } else {
                (s as u8 + 1).min(3)
            }
        } else {
            limit.saturating_sub(self.state.hands[s].len() as u8)
        }
    }

    /// Deals each seat its Mercenaries at random, in turn order from seat 0, from the ones
    /// left (D-25).
    pub(super) fn deal_mercenaries(&mut self, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6d65_7263_656e_6172);
        let n = tiles().mercenaries.len() as u8;
        let mut left: Vec<u8> = (0..n).collect();
        for _ in 0..self.state.options.mercenaries {
            for s in 0..self.seats() as usize {
                let i = rng.random_range(0..left.len());
                self.state.mercs[s] |= 1 << left.remove(i);
            }
        }
    }

    /// The Mercenaries nobody has hired yet (a bit mask over the set's list). Hiring comes
    /// before anything else, so every hired one is still unused beside its deck.
    pub(super) fn mercenaries_free(&self) -> u8 {
        let all = ((1u16 << tiles().mercenaries.len()) - 1) as u8;
        self.state.mercs.iter().fold(all, |free, m| free & !m)
    }

    /// The seat picking a Mercenary now: picks go round the seats in turn order from seat
    /// 0, one at a time, until each holds its number.
    pub(super) fn next_picker(&self) -> Option<u8> {
        let held = |s: usize| self.state.mercs[s].count_ones() as u8;
        let round = (0..self.seats() as usize).map(held).min().unwrap_or(0);
        if round >= self.state.options.mercenaries {
            return None;
        }
        (0..self.seats()).find(|&s| held(s as usize) == round)
    }

    /// The index of a Mercenary tile in the set's list.
    pub(super) fn mercenary_index(t: TileId) -> Option<u8> {
        tiles()
            .mercenaries
            .iter()
            .position(|&m| m == t)
            .map(|i| i as u8)
    }
}
