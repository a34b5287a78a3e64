//! How pieces attack (Laws Art. 3.2–3.8): leaper tables built at compile time, slider
//! attacks by "magic" multiplication into tables built once on first use.
//!
//! A bishop, rook or queen attacks along its lines up to and including the first occupied
//! square (Art. 3.5: it may not move over intervening pieces).

use std::sync::LazyLock;

use super::bitboard::Bitboard;
use super::types::{Color, Square};

const fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i32;
        let rank = (sq / 8) as i32;
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = bits;
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static WHITE_PAWN: [u64; 64] = step_table(&[(-1, 1), (1, 1)]);
static BLACK_PAWN: [u64; 64] = step_table(&[(-1, -1), (1, -1)]);

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ALL_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Squares strictly between two aligned squares (`BETWEEN`) and the whole line through them
/// (`LINE`), empty when the squares share no file, rank or diagonal.
const fn ray_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = ALL_DIRS[d];
            // Whole line through `a` in this direction (both ways).
            let mut full = 1u64 << a;
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                full |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            f = (a % 8) as i32 - df;
            r = (a / 8) as i32 - dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                full |= 1 << (r * 8 + f);
                f -= df;
                r -= dr;
            }
            // Walk away from `a`; every square reached is aligned with it.
            let mut path = 0u64;
            f = (a % 8) as i32 + df;
            r = (a / 8) as i32 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = path;
                line[a][b] = full;
                path |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static RAYS: ([[u64; 64]; 64], [[u64; 64]; 64]) = ray_tables();

/// Squares a knight on `square` attacks (Art. 3.6).
#[inline]
#[must_use]
pub fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(KNIGHT[square.index()])
}

/// Squares a king on `square` attacks (Art. 3.8.1).
#[inline]
#[must_use]
pub fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING[square.index()])
}

/// Squares a pawn of `color` on `square` attacks (diagonally forward, Art. 3.7.3).
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    match color {
        Color::White => Bitboard(WHITE_PAWN[square.index()]),
        Color::Black => Bitboard(BLACK_PAWN[square.index()]),
    }
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(RAYS.0[a.index()][b.index()])
}

/// The whole file, rank or diagonal through `a` and `b` if they share one, else empty.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(RAYS.1[a.index()][b.index()])
}

/// Whether `c` lies on the line through `a` and `b`.
#[inline]
#[must_use]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

struct SliderTables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<u64>,
}

static SLIDERS: LazyLock<SliderTables> = LazyLock::new(build_slider_tables);

fn slide(square: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut bits = 0;
    for &(df, dr) in dirs {
        let mut f = (square % 8) as i32 + df;
        let mut r = (square / 8) as i32 + dr;
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            bits |= b;
            if occupied & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bits
}

/// The relevant occupancy mask: the empty-board rays without their last square.
fn relevant_mask(square: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut bits = 0;
    for &(df, dr) in dirs {
        let mut f = (square % 8) as i32 + df;
        let mut r = (square / 8) as i32 + dr;
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            bits |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    bits
}

/// A small deterministic generator (xorshift64*) for the magic search.
struct SearchRng(u64);

impl SearchRng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i32, i32); 4], attacks: &mut Vec<u64>, rng: &mut SearchRng) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occupancies = Vec::with_capacity(4096);
    let mut reference = Vec::with_capacity(4096);
    let mut epoch = vec![0u32; 4096];
    let mut current = 0u32;
    for (square, magic) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(square, dirs);
        let bits = mask.count_ones();
        occupancies.clear();
        reference.clear();
        // Carry-rippler: enumerate every subset of the mask.
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            reference.push(slide(square, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let offset = attacks.len();
        attacks.resize(offset + size, 0);
        let shift = 64 - bits;
        'search: loop {
            let factor = rng.sparse();
            if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
                continue;
            }
            current += 1;
            for (occ, att) in occupancies.iter().zip(&reference) {
                let index = (occ.wrapping_mul(factor) >> shift) as usize;
                if epoch[index] < current {
                    epoch[index] = current;
                    attacks[offset + index] = *att;
                } else if attacks[offset + index] != *att {
                    continue 'search;
                }
            }
            *magic = Magic {
                mask,
                factor,
                shift,
                offset,
            };
            break;
        }
    }
    magics
}

fn build_slider_tables() -> SliderTables {
    let mut attacks = Vec::with_capacity(110_000);
    let mut rng = SearchRng(0x9e37_79b9_7f4a_7c15);
    let rook = find_magics(&ROOK_DIRS, &mut attacks, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut attacks, &mut rng);
    SliderTables {
        rook,
        bishop,
        attacks,
    }
}

#[inline]
fn magic_lookup(tables: &SliderTables, magic: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize;
    Bitboard(tables.attacks[magic.offset + index])
}

/// Squares a rook on `square` attacks given the occupied squares (Art. 3.3).
#[inline]
#[must_use]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let tables = &*SLIDERS;
    magic_lookup(tables, &tables.rook[square.index()], occupied)
}

/// Squares a bishop on `square` attacks given the occupied squares (Art. 3.2).
#[inline]
#[must_use]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let tables = &*SLIDERS;
    magic_lookup(tables, &tables.bishop[square.index()], occupied)
}

/// Squares a queen on `square` attacks given the occupied squares (Art. 3.4).
#[inline]
#[must_use]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let tables = &*SLIDERS;
    magic_lookup(tables, &tables.rook[square.index()], occupied)
        | magic_lookup(tables, &tables.bishop[square.index()], occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_slow_slides() {
        let mut rng = SearchRng(12345);
        for _ in 0..2000 {
            let occupied = rng.next() & rng.next();
            for square in Square::all() {
                let occ = Bitboard(occupied);
                assert_eq!(
                    rook_attacks(square, occ).0,
                    slide(square.index(), occupied, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(square, occ).0,
                    slide(square.index(), occupied, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn art_3_6_knight_in_corner_attacks_two_squares() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
    }

    #[test]
    fn rays_between_and_line() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::E1).contains(Square::C1));
        assert!(between(Square::E1, Square::G1).contains(Square::F1));
        assert!(line(a1, Square::new(17).expect("b3")).is_empty());
    }
}
