//! What the self-report pages share: the QR code of a board's report link, as SVG.

use qrcode::{Color as QrColor, EcLevel, QrCode};

/// The SVG of a QR code for `text`, `size` pixels wide; `None` if the text is too long.
pub fn qr_svg(text: &str, size: u32) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let quiet = 4;
    let total = width + 2 * quiet;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {total} {total}\" width=\"{size}\" height=\"{size}\" shape-rendering=\"crispEdges\" role=\"img\"><rect width=\"{total}\" height=\"{total}\" fill=\"#fff\"/><path fill=\"#000\" d=\""
    );
    for (index, color) in colors.iter().enumerate() {
        if *color == QrColor::Dark {
            let x = index % width + quiet;
            let y = index / width + quiet;
            svg.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    svg.push_str("\"/></svg>");
    Some(svg)
}
