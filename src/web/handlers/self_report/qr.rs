//! QR codes as inline SVG (the `qrcode` crate without its renderers): one `<rect>` per dark
//! module, a 4-module quiet zone, crisp at any print size.

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
