//! QR codes for the result self-report links on pairing lists (ISO/IEC 18004): the `qrcode`
//! crate encodes the data, error correction and function patterns; the mask is chosen here by
//! the standard's penalty rules (§7.8.3: runs, 2×2 blocks, finder-like patterns, dark/light
//! balance) evaluated on a plain grid of booleans, which is most of the time a code takes — the
//! crate's own evaluation made the codes of a 500-board list cost about a second. The code is
//! drawn as a greyscale picture, one pixel per module, placed with [`Canvas::grey_image`]:
//! stored once in the document as an image and placed by the page (a 500-board list would
//! otherwise carry some 350,000 rectangles).

use qrcode::canvas::{Canvas as Modules, MaskPattern};
use qrcode::{Color as QrColor, EcLevel};

use crate::print::layout::Canvas;

/// The eight masks of a QR code (ISO/IEC 18004 Table 10).
const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// The symbol of `text` at error correction level M before masking (data, error correction
/// and function patterns), with its width; `None` when the text does not fit.
fn unmasked(text: &str) -> Option<(Modules, usize)> {
    let bits = qrcode::bits::encode_auto(text.as_bytes(), EcLevel::M).ok()?;
    let version = bits.version();
    let data = bits.into_bytes();
    let (encoded, ec) = qrcode::ec::construct_codewords(&data, version, EcLevel::M).ok()?;
    let mut modules = Modules::new(version, EcLevel::M);
    modules.draw_all_functional_patterns();
    modules.draw_data(&encoded, &ec);
    Some((modules, usize::try_from(version.width()).ok()?))
}

/// The colours of `modules` under `mask` (with the format information naming it), row by row.
fn masked(modules: &Modules, mask: MaskPattern) -> Vec<QrColor> {
    let mut masked = modules.clone();
    masked.apply_mask(mask);
    masked.into_colors()
}

/// The modules of the QR code of `text` with the mask of the lowest penalty: the width and the
/// colours, row by row. `None` when the text does not fit.
fn encode(text: &str) -> Option<(usize, Vec<QrColor>)> {
    let (modules, width) = unmasked(text)?;
    MASKS
        .iter()
        .map(|&mask| masked(&modules, mask))
        .min_by_key(|colors| penalty(colors, width))
        .map(|colors| (width, colors))
}

/// The penalty of a masked symbol (ISO/IEC 18004 §7.8.3.1): N1 = 3 for each run of five
/// modules of one colour in a row or column, plus 1 per further module; N2 = 3 per 2×2 block of
/// one colour; N3 = 40 per 1:1:3:1:1 finder-like pattern with four light modules on one side;
/// N4 = 10 per 5 % the dark share strays from 50 %.
fn penalty(colors: &[QrColor], width: usize) -> u32 {
    let dark = |row: usize, column: usize| colors[row * width + column] == QrColor::Dark;
    let mut score = 0;
    for line in 0..width {
        for by_row in [true, false] {
            let at = |i: usize| if by_row { dark(line, i) } else { dark(i, line) };
            let mut run = 1;
            for i in 1..=width {
                if i < width && at(i) == at(i - 1) {
                    run += 1;
                    continue;
                }
                if run >= 5 {
                    score += 3 + (run - 5);
                }
                run = 1;
            }
            // 1:1:3:1:1 dark-light-dark-dark-dark-light-dark with four light modules beside.
            const FINDER: [bool; 7] = [true, false, true, true, true, false, true];
            for start in 0..width.saturating_sub(6) {
                if (0..7).all(|k| at(start + k) == FINDER[k]) {
                    let light_before = start >= 4 && (start - 4..start).all(|i| !at(i));
                    let light_after =
                        start + 11 <= width && (start + 7..start + 11).all(|i| !at(i));
                    if light_before || light_after {
                        score += 40;
                    }
                }
            }
        }
    }
    for row in 0..width.saturating_sub(1) {
        for column in 0..width.saturating_sub(1) {
            let colour = dark(row, column);
            if dark(row, column + 1) == colour
                && dark(row + 1, column) == colour
                && dark(row + 1, column + 1) == colour
            {
                score += 3;
            }
        }
    }
    let total = (width * width).max(1);
    let dark_count = colors.iter().filter(|c| **c == QrColor::Dark).count();
    let percent = dark_count * 100 / total;
    score + 10 * (percent.abs_diff(50) / 5) as u32
}

/// The light margin around a code, in modules (ISO/IEC 18004 asks for four; the white of the
/// table cell around the code adds to these two).
const QUIET_ZONE: usize = 2;

/// Draws the QR code of `text` with its top-left corner at (`x`, `y`), `size` millimetres
/// square (quiet zone of two modules included). Returns false, drawing nothing, when the text
/// does not fit in a QR code.
pub fn draw_qr(canvas: &mut Canvas, text: &str, x: f32, y: f32, size: f32) -> bool {
    let Some((width, colors)) = encode(text) else {
        return false;
    };
    let (columns, pixels) = module_pixels(&colors, width, QUIET_ZONE);
    canvas.grey_image(x, y, size, columns, pixels);
    true
}

/// The pixels of a `width`-wide module matrix inside a light margin of `quiet` modules: one
/// byte per module, `0` dark and `255` light, rows top to bottom. Returns the pixels per row
/// and the pixels.
fn module_pixels(colors: &[QrColor], width: usize, quiet: usize) -> (usize, Vec<u8>) {
    let columns = width + 2 * quiet;
    let mut pixels = vec![255u8; columns * columns];
    for (index, color) in colors.iter().enumerate() {
        if *color == QrColor::Dark {
            let (row, column) = (index / width + quiet, index % width + quiet);
            pixels[row * columns + column] = 0;
        }
    }
    (columns, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    use qrcode::QrCode;

    #[test]
    fn iso_18004_7_8_3_the_mask_of_least_penalty_is_chosen() {
        let text = "https://arbiter.example.org/report/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
        let (modules, width) = unmasked(text).expect("fits");
        let candidates: Vec<Vec<QrColor>> =
            MASKS.iter().map(|&mask| masked(&modules, mask)).collect();
        let (encoded_width, ours) = encode(text).expect("fits");
        assert_eq!(encoded_width, width);
        assert!(
            candidates.contains(&ours),
            "the data under one of the eight masks"
        );
        let best = penalty(&ours, width);
        assert!(candidates.iter().all(|c| penalty(c, width) >= best));
        // The crate's own symbol of the same text has the same size.
        let theirs =
            QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).expect("fits");
        assert_eq!(theirs.width(), width);
    }

    #[test]
    fn iso_18004_7_8_3_1_penalty_rules_count_runs_blocks_finders_and_balance() {
        use qrcode::Color::{Dark, Light};
        // All dark, 21 × 21: N1 = (3 + 16) per row and per column, N2 = 3 per 2×2 block
        // (20 × 20), no finder-like pattern, N4 = 10 × 10 (100 % dark).
        let all_dark = vec![Dark; 21 * 21];
        assert_eq!(penalty(&all_dark, 21), 42 * 19 + 400 * 3 + 100);
        // One row of an 11-wide light symbol holds 1:1:3:1:1 followed by four light modules;
        // the other holds the same darks as 1:1:2:1:2, which has the same runs, blocks and
        // balance but is no finder: exactly N3 = 40 apart.
        let with_row = |row: [u8; 7]| {
            let mut grid = vec![Light; 11 * 11];
            for (column, dark) in row.iter().enumerate() {
                if *dark == 1 {
                    grid[5 * 11 + column] = Dark;
                }
            }
            grid
        };
        let finder = with_row([1, 0, 1, 1, 1, 0, 1]);
        let other = with_row([1, 0, 1, 1, 0, 1, 1]);
        assert_eq!(penalty(&finder, 11), penalty(&other, 11) + 40);
    }

    #[test]
    fn one_dark_pixel_per_dark_module_inside_a_light_margin() {
        let code =
            QrCode::with_error_correction_level(b"https://example.org/report/abc", EcLevel::M)
                .expect("fits");
        let width = code.width();
        let colors = code.to_colors();
        let (columns, pixels) = module_pixels(&colors, width, 2);
        assert_eq!(columns, width + 4);
        assert_eq!(pixels.len(), columns * columns);
        let dark = colors.iter().filter(|c| **c == QrColor::Dark).count();
        assert_eq!(pixels.iter().filter(|p| **p == 0).count(), dark);
        // The margin is light all round.
        assert!(pixels[..2 * columns].iter().all(|p| *p == 255));
        assert!(pixels.chunks(columns).all(|row| row[..2] == [255, 255]));
        // The top-left finder pattern: seven dark modules on its first row.
        let first_row = &pixels[2 * columns + 2..2 * columns + 9];
        assert_eq!(first_row, [0; 7]);
        assert_eq!(pixels[2 * columns + 9], 255);
    }
}
