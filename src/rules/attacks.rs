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

/// Magic factors for the rook, one per square (found once by a sparse random search and
/// checked by [`build_slider_tables`] and the tests: no two occupancies with different attacks share an index).
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// Magic factors for the bishop, one per square (found once by a sparse random search and
/// checked by [`build_slider_tables`] and the tests: no two occupancies with different attacks share an index).
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
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

    #[test]
    fn magic_lookups_match_slow_slides() {
        let mut state = 12345u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
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
}
