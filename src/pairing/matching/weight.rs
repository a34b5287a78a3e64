//! The weights of the matcher: the [`MatchWeight`] arithmetic it needs, the primitive integers,
//! and [`Wide`], a fixed-width unsigned integer of `L` 64-bit limbs whose bit fields carry a
//! pairing system's criteria in priority order.

use std::cmp::Ordering;
use std::fmt::Debug;

/// A weight the matcher can add, subtract, halve and compare. Values stay non-negative in
/// use; the arithmetic wraps like two's complement.
pub trait MatchWeight: Copy + Ord + Debug {
    /// Zero.
    fn zero() -> Self;
    /// `self + other`.
    fn plus(self, other: Self) -> Self;
    /// `self - other`.
    fn minus(self, other: Self) -> Self;
    /// `self / 2` (exact for the even values the matcher halves).
    fn half(self) -> Self;
    /// One, the smallest positive step.
    fn one() -> Self;
}

/// The primitive signed integers are weights as they are.
macro_rules! primitive_weight {
    ($($t:ty),*) => {$(
        impl MatchWeight for $t {
            fn zero() -> Self {
                0
            }
            fn plus(self, other: Self) -> Self {
                self + other
            }
            fn minus(self, other: Self) -> Self {
                self - other
            }
            fn half(self) -> Self {
                self / 2
            }
            fn one() -> Self {
                1
            }
        }
    )*};
}

primitive_weight!(i64, i128);

/// A signed integer of `64 * L` bits (two's complement, little-endian limbs), wide enough for
/// criteria packed as bit fields.
#[derive(Clone, Copy, Eq)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> std::hash::Hash for Wide<L> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Limb by limb from the top (a derived comparison calls `memcmp` for odd widths, and the
/// matcher compares weights in its innermost loop).
impl<const L: usize> PartialEq for Wide<L> {
    fn eq(&self, other: &Self) -> bool {
        self.0
            .iter()
            .rev()
            .zip(other.0.iter().rev())
            .all(|(a, b)| a == b)
    }
}

impl<const L: usize> Debug for Wide<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const ZERO: Wide<L> = Wide([0; L]);

    /// A small value.
    pub fn from_u64(value: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = value;
        Wide(limbs)
    }

    /// Shifts left by `bits` (bits pushed out at the top are lost).
    pub fn shifted_left(self, bits: u32) -> Self {
        let mut out = [0u64; L];
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        for i in (limb_shift..L).rev() {
            let source = i - limb_shift;
            let mut value = self.0[source] << bit_shift;
            if bit_shift > 0 && source > 0 {
                value |= self.0[source - 1] >> (64 - bit_shift);
            }
            out[i] = value;
        }
        Wide(out)
    }

    /// Bitwise or.
    pub fn or(self, other: Self) -> Self {
        let mut out = self.0;
        for (a, b) in out.iter_mut().zip(other.0) {
            *a |= b;
        }
        Wide(out)
    }

    /// True when the value is zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |w: &Self| (w.0[L - 1] >> 63) == 1;
        match (sign(self), sign(other)) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> MatchWeight for Wide<L> {
    fn zero() -> Self {
        Wide([0; L])
    }
    fn plus(self, other: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }
    fn minus(self, other: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }
    fn one() -> Self {
        Wide::from_u64(1)
    }
    fn half(self) -> Self {
        let mut out = [0u64; L];
        let top_sign = self.0[L - 1] & (1 << 63);
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < L {
                self.0[i + 1] << 63
            } else {
                top_sign
            };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
}
