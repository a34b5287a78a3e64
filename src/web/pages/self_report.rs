//! What the self-report pages share: the QR code of a board's report link, as inline SVG (the
//! `qrcode` crate without its renderers): one `<rect>` per dark module, a 4-module quiet zone,
//! crisp at any print size.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_svg_draws_modules_with_quiet_zone() {
        let svg = qr_svg("https://example.org/report/0123456789abcdef", 120).expect("fits");
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("width=\"120\""));
        // Version 3 (29 modules) + 8 quiet modules.
        assert!(svg.contains("viewBox=\"0 0 37 37\""), "{}", &svg[..120]);
        assert!(svg.matches("h1v1h-1z").count() > 100);
        assert!(qr_svg(&"x".repeat(5000), 100).is_none());
    }
}
