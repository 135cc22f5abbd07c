//! Initiative slots (D-2, D-9, P-5): printed and extra slots, their values and spending.

use super::Battle;

impl Battle {
    /// Current value of printed slot `k` (D-2: printed + bonuses, floored at 0).
    #[inline]
    pub(super) fn slot_value(&self, c: u8, k: usize) -> u8 {
        let v = self.u[c as usize].init[k] as i8 + self.d.init_bonus[c as usize];
        v.clamp(0, 15) as u8
    }

    /// The unspent slots of unit `c` as value masks: (printed, extra). Extra slots (D-9,
    /// P-5): the spent ones keep their places first, then one per source in force, each at
    /// the next free value below the unit's highest current initiative.
    #[inline]
    pub(super) fn slot_layout(&self, c: u8) -> (u16, u16) {
        let u = &self.u[c as usize];
        let unspent = self.d.extra_sources[c as usize] & !u.extra_spent;
        if unspent == 0 && u.n_init == 1 {
            // The common case: one printed slot, no extra attack.
            let v = self.slot_value(c, 0);
            return (((self.fired[0] >> c) as u16 & 1 ^ 1) << v, 0);
        }
        let mut have = 0u16;
        let mut printed = 0u16;
        for k in 0..u.n_init as usize {
            let v = self.slot_value(c, k);
            have |= 1 << v;
            if self.fired[k] >> c & 1 == 0 {
                printed |= 1 << v;
            }
        }
        let mut extra = 0u16;
        if unspent != 0 {
            // The values below the highest that no printed slot holds, highest first: the
            // spent extra slots take the first ones, the unspent the next.
            let highest = 15 - have.leading_zeros();
            let mut free = ((1u16 << highest) - 1) & !have;
            for _ in 0..u.extra_spent.count_ones() {
                free &= !top_bit(free);
            }
            for _ in 0..unspent.count_ones() {
                extra |= top_bit(free);
                free &= !top_bit(free);
            }
        }
        (printed, extra)
    }

    /// Spends unit `c`'s slots of value `phase` (D-2: a slot is spent in its phase even if
    /// the unit cannot act; two slots on one value make one attack).
    #[inline(always)]
    pub(super) fn spend_slot(&mut self, c: u8, phase: u8) {
        let ci = c as usize;
        if self.u[ci].n_init == 1 && self.d.extra_sources[ci] & !self.u[ci].extra_spent == 0 {
            // The common case: the one printed slot is the one firing now.
            self.fired[0] |= 1 << c;
            return;
        }
        for k in 0..self.u[ci].n_init as usize {
            if self.slot_value(c, k) == phase {
                self.fired[k] |= 1 << c;
            }
        }
        // Only a unit with an unspent extra attack needs the extra slots' places.
        let unspent = self.d.extra_sources[ci] & !self.u[ci].extra_spent;
        if unspent != 0 && self.slot_layout(c).1 >> phase & 1 == 1 {
            // The source that acts first is spent: the lowest cell among the unspent.
            self.u[ci].extra_spent |= 1 << unspent.trailing_zeros();
        }
    }
}

/// The highest set bit of `x` alone (0 for 0).
#[inline(always)]
fn top_bit(x: u16) -> u16 {
    0x8000u16.checked_shr(x.leading_zeros()).unwrap_or(0)
}
