//! The evaluation's named weights: what a tile, an HQ hit point's future or a point of
//! energy is worth. The shipped set is `data/weights.json`; `nshex tune` proposes others, and
//! a bot takes them in its name (`hard:w.material=0.35`), so a weight set travels as text to
//! any thread, process or machine that plays a game.

use serde::{Deserialize, Serialize};

/// The weights of [`crate::eval::BattleEval`]. HQ hit points are the unit: every weight says
/// what its term is worth in HQ hit points.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// One-battle valuation: each non-HQ tile left standing (own minus enemy).
    pub material: f64,
    /// Two-battle valuation: each tile left standing, per point of its worth
    /// (`module`, `instant`, `toughness`, `initiative` below).
    pub material_deep: f64,
    /// Two-battle valuation: the share of the second battle's HQ damage that counts.
    pub future: f64,
    /// Two-battle valuation: a game the second battle would end.
    pub future_win: f64,
    /// One point of energy on the Duel board (a point is bought for one hit point).
    pub energy: f64,
    /// Each point of worth of the tiles in the seat's hand, against its enemies' average.
    pub hand: f64,
    /// A tile's worth: a module, an instant; a unit's strength plus `toughness` per point of
    /// toughness and `initiative` per initiative value.
    pub module: f64,
    pub instant: f64,
    pub toughness: f64,
    pub initiative: f64,
    /// Added to `material` and to `material_deep` per tile left in the shortest deck: what
    /// stands on the board counts for more the more turns it has to act (0: the same all
    /// game).
    pub material_phase: f64,
    pub material_deep_phase: f64,
}

/// The weights' names, in the file's order (`nshex tune` searches over them).
pub const WEIGHT_NAMES: [&str; 12] = [
    "material",
    "material_deep",
    "future",
    "future_win",
    "energy",
    "hand",
    "module",
    "instant",
    "toughness",
    "initiative",
    "material_phase",
    "material_deep_phase",
];

const SHIPPED: &str = include_str!("../data/weights.json");
const SHIPPED_REINFORCEMENTS: &str = include_str!("../data/weights_reinforcements.json");

/// The weights before any tuning (the hand-set evaluation), which `hard-v1` keeps.
pub const V1: Weights = Weights {
    material: 0.3,
    material_deep: 0.15,
    future: 0.5,
    future_win: 15.0,
    energy: 0.6,
    hand: 0.0,
    module: 3.0,
    instant: 2.5,
    toughness: 1.0,
    initiative: 0.5,
    material_phase: 0.0,
    material_deep_phase: 0.0,
};

impl Default for Weights {
    /// The shipped set.
    fn default() -> Weights {
        static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
        *W.get_or_init(|| Weights::from_json(SHIPPED).expect("the shipped weights are valid"))
    }
}

/// The weight sets a bot chooses from by the game it plays: the base set, and the set for
/// games with Reinforcements (six tiles drawn a turn, two played: what is kept in hand
/// matters there, while in the base game a hand of three is mostly spent or discarded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeightSets {
    pub base: Weights,
    pub reinforcements: Weights,
}

impl WeightSets {
    /// The shipped sets (`data/weights.json`, `data/weights_reinforcements.json`).
    pub fn shipped() -> WeightSets {
        static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
        let reinforcements = *W.get_or_init(|| {
            Weights::from_json(SHIPPED_REINFORCEMENTS)
                .expect("the shipped Reinforcements weights are valid")
        });
        WeightSets {
            base: Weights::default(),
            reinforcements,
        }
    }

    /// [`V1`] for every game: the evaluation before any tuning (`hard-v1`).
    pub const V1: WeightSets = WeightSets {
        base: V1,
        reinforcements: V1,
    };

    /// Sets a weight by name in every set (a bot name's `w.NAME=X`).
    pub fn set(&mut self, name: &str, v: f64) -> Result<(), String> {
        self.base.set(name, v)?;
        self.reinforcements.set(name, v)
    }

    /// The set for a game with these options.
    pub fn for_options(&self, options: &nshex_rules::Options) -> Weights {
        if options.has(nshex_rules::REINFORCEMENTS) {
            self.reinforcements
        } else {
            self.base
        }
    }
}

impl Weights {
    /// These weights at a point of the game: `tiles_left` in the shortest deck.
    pub fn at_phase(&self, tiles_left: u32) -> Weights {
        let d = tiles_left as f64;
        Weights {
            material: self.material + self.material_phase * d,
            material_deep: self.material_deep + self.material_deep_phase * d,
            ..*self
        }
    }

    /// A weight set from JSON text (every weight named, no other key), or why not.
    pub fn from_json(text: &str) -> Result<Weights, String> {
        let w: Weights =
            serde_json::from_str(text).map_err(|e| format!("weights: {e} (line {})", e.line()))?;
        for name in WEIGHT_NAMES {
            let v = w.get(name).expect("a named weight");
            if !v.is_finite() {
                return Err(format!("weights: {name} is not a finite number"));
            }
        }
        Ok(w)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain numbers")
    }

    /// A weight by name.
    pub fn get(&self, name: &str) -> Option<f64> {
        let mut copy = *self;
        copy.slot(name).map(|v| *v)
    }

    /// The field of a weight, by name: the one table of the names.
    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "material" => &mut self.material,
            "material_deep" => &mut self.material_deep,
            "future" => &mut self.future,
            "future_win" => &mut self.future_win,
            "energy" => &mut self.energy,
            "hand" => &mut self.hand,
            "module" => &mut self.module,
            "instant" => &mut self.instant,
            "toughness" => &mut self.toughness,
            "initiative" => &mut self.initiative,
            "material_phase" => &mut self.material_phase,
            "material_deep_phase" => &mut self.material_deep_phase,
            _ => return None,
        })
    }

    /// Sets a weight by name; an unknown name or a value that is not finite is refused.
    pub fn set(&mut self, name: &str, v: f64) -> Result<(), String> {
        if !v.is_finite() {
            return Err(format!("weight {name}: {v} is not a finite number"));
        }
        let slot = self.slot(name).ok_or_else(|| {
            format!(
                "unknown weight {name:?}; the weights are {}",
                WEIGHT_NAMES.join(", ")
            )
        })?;
        *slot = v;
        Ok(())
    }

    /// A tile's worth by these weights (the HQ's is fixed: it is never material).
    pub fn tile_value(&self, def: &nshex_rules::TileDef) -> f64 {
        use nshex_rules::Kind;
        match def.kind {
            Kind::Hq => 100.0,
            Kind::Instant => self.instant,
            Kind::Module => self.module,
            _ => {
                strength(def) as f64
                    + self.toughness * def.toughness as f64
                    + self.initiative * def.n_init as f64
            }
        }
    }
}

/// A tile's printed strength: the sum of its melee and ranged attacks over every edge.
pub fn strength(def: &nshex_rules::TileDef) -> u32 {
    def.melee
        .iter()
        .chain(def.ranged.iter())
        .map(|&x| x as u32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_load_and_every_name_round_trips() {
        let w = Weights::default();
        let back = Weights::from_json(&w.to_json()).unwrap();
        assert_eq!(back, w);
        let mut x = w;
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            x.set(name, i as f64 + 0.5).unwrap();
            assert_eq!(x.get(name), Some(i as f64 + 0.5));
        }
        assert!(x.set("nope", 1.0).unwrap_err().contains("unknown weight"));
        assert!(x.set("hand", f64::NAN).is_err());
        assert!(
            Weights::from_json("{\"material\": 1}").is_err(),
            "every weight named"
        );
    }

    #[test]
    fn bots_take_weights_in_their_names() {
        use crate::registry::bot_by_name;
        assert!(bot_by_name("hard:w.material=0.4,w.hand=0.05", 1).is_ok());
        assert!(bot_by_name("hard-v1", 1).is_ok());
        let e = bot_by_name("medium:w.nope=1", 1).err().unwrap();
        assert!(e.contains("unknown weight"), "{e}");
        let e = bot_by_name("easy:w.material=lots", 1).err().unwrap();
        assert!(e.contains("not a number"), "{e}");
        assert!(bot_by_name("flatmc:w.material=1", 1).is_err());
        assert!(bot_by_name("medium:w.material_phase=0.025,scale=12,scalep=30", 1).is_ok());
        assert!(
            bot_by_name("medium:scale=0", 1).is_err(),
            "a scale of 0 divides by 0"
        );
        assert_eq!(V1, Weights::default(), "no tuned set shipped yet");
    }

    #[test]
    fn a_tile_is_worth_its_strength_toughness_and_initiative() {
        let set = nshex_rules::tiles();
        let w = V1;
        let mutant = set.tile(set.find("borgo.mutant").unwrap());
        // Melee 1 on three edges, initiative 2 (one value): 3 + 0 + 0.5.
        assert_eq!(w.tile_value(mutant), 3.5);
        let stronger = Weights {
            initiative: 2.0,
            ..w
        };
        assert_eq!(stronger.tile_value(mutant), 5.0);
        assert_eq!(
            w.tile_value(set.tile(set.find("borgo.officer").unwrap())),
            3.0
        );
    }
}
