//! QR codes for the result self-report links on pairing lists: the `qrcode` crate's module
//! matrix as a greyscale picture, one pixel per module, placed with
//! [`Canvas::grey_image`] — each code is stored once in the document as an image and the page
//! only places it (a 500-board list would otherwise carry some 350,000 rectangles).

use qrcode::{Color as QrColor, EcLevel, QrCode};

use crate::print::layout::Canvas;

/// The light margin around a code, in modules (ISO/IEC 18004 asks for four; the white of the
/// table cell around the code adds to these two).
const QUIET_ZONE: usize = 2;

/// Draws the QR code of `text` with its top-left corner at (`x`, `y`), `size` millimetres
/// square (quiet zone of two modules included). Returns false, drawing nothing, when the text
/// does not fit in a QR code.
pub fn draw_qr(canvas: &mut Canvas, text: &str, x: f32, y: f32, size: f32) -> bool {
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) else {
        return false;
    };
    let (columns, pixels) = module_pixels(&code.to_colors(), code.width(), QUIET_ZONE);
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
