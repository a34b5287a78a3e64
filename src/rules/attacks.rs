//! How pieces attack (Laws Art. 3.2–3.8): leaper tables built at compile time, slider
//! attacks by "magic" multiplication with embedded factors into tables filled on first use
//! (about a millisecond: no search at start-up).
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

/// Magic factors for the rook, one per square: printed by our own sparse random search
/// (`tests::find_magic_factors`, fixed seed) and checked by [`build_slider_tables`] and the tests:
/// no two occupancies with different attacks share an index.
const ROOK_MAGICS: [u64; 64] = [
    0x0880004000108028,
    0x0240004420001005,
    0xa300200100409088,
    0x0d00100100080420,
    0x0200200200090410,
    0x0580020080310c00,
    0x0480088002000500,
    0x0100008042102d00,
    0xa008800080400021,
    0x4840401000200040,
    0x0801001040200100,
    0x4221002010000900,
    0x0002000410220008,
    0xc806002802000410,
    0x0102000401020008,
    0x0006001084010042,
    0x018000c000412000,
    0x5240008080200040,
    0x400a450011002000,
    0x0009818028001000,
    0x2240110008010004,
    0x0402008004000280,
    0x0c00440010c10208,
    0xa8a0020020408104,
    0x0080400080008021,
    0x0000200080400080,
    0x0020022500104100,
    0x0020102200420008,
    0x1800440280080080,
    0x8c04008080040200,
    0x0082000200040108,
    0x108b000100008042,
    0x00004000a2800180,
    0x0880600041401001,
    0x0809200088801004,
    0x4008201202004008,
    0x0004008004800800,
    0x1402001002000804,
    0x2050010204001008,
    0x1101040882002041,
    0x0000400080008020,
    0x0100500020024001,
    0x0060410020010010,
    0x00364200100a0020,
    0x0014004080080800,
    0x0104000402008080,
    0x4886004481020008,
    0x0200108420460009,
    0x8000208000510100,
    0x0840200240048980,
    0x0020200440150100,
    0x002a000840201200,
    0x0548040008008080,
    0x8002000400028080,
    0x0802000401080200,
    0x0000800100004080,
    0x3400800040102901,
    0x0808400020810219,
    0x100a090040200111,
    0x0009003002144821,
    0x0002001428201006,
    0x4101000400020801,
    0x4410021810468904,
    0x820a041100204082,
];

/// Magic factors for the bishop, one per square, found and checked the same way.
const BISHOP_MAGICS: [u64; 64] = [
    0x00a0040146022200,
    0x2010010208820414,
    0x9090240242c80110,
    0x80220a0200000000,
    0x0004042080081242,
    0x0004220840100801,
    0x000100a821080011,
    0x0002050402010400,
    0x000016090200c480,
    0x0420048842204600,
    0x0014044124010180,
    0x2250040420890208,
    0x4010242420010000,
    0x81601a0844440300,
    0x824000908820d000,
    0x084001005504a000,
    0x1040061124410401,
    0x0010100210010120,
    0x0004100800202600,
    0x0008284404001004,
    0x1054000880e01400,
    0x082020421010080c,
    0x0421008094012001,
    0x0001020624020a80,
    0x8008091a04204882,
    0x0002021008500400,
    0x1008080004002024,
    0x0804010000200880,
    0xc201001241004000,
    0x0404810044806000,
    0x0204410004010140,
    0xb0004040120a0200,
    0x2010042041040820,
    0x400802024d906400,
    0xc489004048080080,
    0x1040200500180090,
    0x0040004100031100,
    0x00008102044d0080,
    0x0010020210004140,
    0x0108820600004901,
    0x000c02024202100a,
    0x0041010110c12000,
    0x0801201402101004,
    0x2001004200800806,
    0xc10204100c010880,
    0x800420a082002100,
    0x4031015903010402,
    0x0004010202040030,
    0x000068021010a010,
    0x6a02020084040820,
    0x0081802402480809,
    0x0080000042022018,
    0x0012002002048000,
    0xa0c08408d0010480,
    0x0140100240810000,
    0x2020042440802800,
    0xc025002801041100,
    0x0302009200822000,
    0x0005c00080480804,
    0x2040000610208800,
    0x0020001011020200,
    0x2002014042281242,
    0x00800688020c0c04,
    0x0004040800740080,
];

/// Fills the attack table for one piece kind from its magic factors. Every subset of each
/// square's relevant mask is enumerated (carry-rippler) and its attacks stored at the magic
/// index; an index reached by two subsets with different attacks would be a bad factor.
fn fill_magics(dirs: &[(i32, i32); 4], factors: &[u64; 64], attacks: &mut Vec<u64>) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for (square, magic) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(square, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let factor = factors[square];
        let offset = attacks.len();
        attacks.resize(offset + (1usize << bits), 0);
        let mut subset = 0u64;
        loop {
            let index = offset + (subset.wrapping_mul(factor) >> shift) as usize;
            let attack = slide(square, subset, dirs);
            debug_assert!(
                attacks[index] == 0 || attacks[index] == attack,
                "bad magic factor for square {square}"
            );
            attacks[index] = attack;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        *magic = Magic {
            mask,
            factor,
            shift,
            offset,
        };
    }
    magics
}

fn build_slider_tables() -> SliderTables {
    let mut attacks = Vec::with_capacity(107_648);
    let rook = fill_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut attacks);
    let bishop = fill_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut attacks);
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

    /// A xorshift64 generator started at `seed` (not zero): reproducible numbers for the tests.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn magic_lookups_match_slow_slides() {
        let mut next = xorshift(12345);
        for _ in 0..2000 {
            let occupied = next() & next();
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
    fn embedded_magics_are_exact_for_every_occupancy() {
        for (dirs, rook) in [(&ROOK_DIRS, true), (&BISHOP_DIRS, false)] {
            for square in Square::all() {
                let mask = relevant_mask(square.index(), dirs);
                let mut subset = 0u64;
                loop {
                    let got = if rook {
                        rook_attacks(square, Bitboard(subset))
                    } else {
                        bishop_attacks(square, Bitboard(subset))
                    };
                    assert_eq!(got.0, slide(square.index(), subset, dirs));
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
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

    /// Finds the embedded magic factors again: a sparse random search (the AND of three
    /// xorshift numbers, fixed seed) per square until a factor maps every occupancy of the
    /// relevant mask to an index with no clash of different attacks. Prints both tables as Rust.
    /// `cargo test --lib rules::attacks::tests::find_magic_factors -- --ignored --nocapture`
    #[test]
    #[ignore = "prints the ROOK_MAGICS and BISHOP_MAGICS tables to paste above"]
    fn find_magic_factors() {
        let mut next = xorshift(0x5eed_a4b1_7e42_0024);
        for (name, dirs) in [("ROOK_MAGICS", &ROOK_DIRS), ("BISHOP_MAGICS", &BISHOP_DIRS)] {
            println!("const {name}: [u64; 64] = [");
            for square in 0..64 {
                let mask = relevant_mask(square, dirs);
                let shift = 64 - mask.count_ones();
                let mut occupancies = Vec::new();
                let mut subset = 0u64;
                loop {
                    occupancies.push((subset, slide(square, subset, dirs)));
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
                let mut table = vec![(0u32, 0u64); 1 << mask.count_ones()];
                let mut tries = 0u32;
                let factor = loop {
                    tries += 1;
                    let candidate = next() & next() & next();
                    if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                        continue;
                    }
                    let clash = occupancies.iter().any(|&(occupied, attack)| {
                        let slot = &mut table[(occupied.wrapping_mul(candidate) >> shift) as usize];
                        if slot.0 != tries {
                            *slot = (tries, attack);
                            false
                        } else {
                            slot.1 != attack
                        }
                    });
                    if !clash {
                        break candidate;
                    }
                };
                println!("    {factor:#018x},");
            }
            println!("];");
        }
    }
}
