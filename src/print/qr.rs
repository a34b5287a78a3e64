//! QR codes drawn as vector graphics (the `qrcode` crate's module matrix, one black rectangle
//! per horizontal run of dark modules), for the result self-report links on pairing lists.

use qrcode::{Color as QrColor, EcLevel, QrCode};

use crate::print::layout::Canvas;

/// Draws the QR code of `text` with its top-left corner at (`x`, `y`), `size` millimetres
/// square (quiet zone of two modules included). Returns false, drawing nothing, when the text
/// does not fit in a QR code.
pub fn draw_qr(canvas: &mut Canvas, text: &str, x: f32, y: f32, size: f32) -> bool {
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) else {
        return false;
    };
    let width = code.width();
    let quiet = 2;
    let module = size / (width + 2 * quiet) as f32;
    let colors = code.to_colors();
    canvas.fill_black(&dark_runs(&colors, width, x, y, module, quiet));
    true
}

/// The dark runs of each row of a `width`-wide module matrix as rectangles.
fn dark_runs(
    colors: &[QrColor],
    width: usize,
    x: f32,
    y: f32,
    module: f32,
    quiet: usize,
) -> Vec<(f32, f32, f32, f32)> {
    let mut rects = Vec::new();
    for (row_index, row) in colors.chunks(width).enumerate() {
        let top = y + (row_index + quiet) as f32 * module;
        let mut start: Option<usize> = None;
        for (column, color) in row
            .iter()
            .chain(std::iter::once(&QrColor::Light))
            .enumerate()
        {
            match (color, start) {
                (QrColor::Dark, None) => start = Some(column),
                (QrColor::Light, Some(first)) => {
                    let left = x + (first + quiet) as f32 * module;
                    rects.push((left, top, (column - first) as f32 * module, module));
                    start = None;
                }
                _ => {}
            }
        }
    }
    rects
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_exactly_the_dark_modules() {
        let code =
            QrCode::with_error_correction_level(b"https://example.org/report/abc", EcLevel::M)
                .expect("fits");
        let width = code.width();
        let colors = code.to_colors();
        let rects = dark_runs(&colors, width, 0.0, 0.0, 1.0, 0);
        let covered: f32 = rects.iter().map(|r| r.2).sum();
        let dark = colors.iter().filter(|c| **c == QrColor::Dark).count();
        assert_eq!(covered as usize, dark);
        assert!(rects.len() < dark, "runs merge neighbouring modules");
        // The top-left finder pattern: a 7-module dark run on row 0 at column 0.
        assert_eq!(rects[0], (0.0, 0.0, 7.0, 1.0));
    }
}
