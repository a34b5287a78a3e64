//! The hall network (`arbiter serve --hall`): the server listens on every interface, and the
//! address the helpers' phones reach it at on the hall's Wi-Fi or a phone's hotspot is found,
//! printed with a QR code in the terminal and shown on the administrator's page.
//!
//! The LAN address is the one the system would send from to the outside: a UDP socket
//! "connected" to a documentation address (192.0.2.1, RFC 5737) — `connect` on UDP only
//! chooses the route and the source address, nothing is sent. A hall without internet may
//! have no default route at all; then, on Linux, the first local address of a private range
//! in the kernel's routing table (`/proc/net/fib_trie`) is taken.
//!
//! The QR code is drawn from the `qrcode` crate's modules: with Unicode half blocks in the
//! terminal (two modules per character cell, dark on an explicit white background so that it
//! scans on a dark terminal too) and as an SVG for the page.

use std::io::IsTerminal;
use std::net::{IpAddr, Ipv4Addr, UdpSocket};

use qrcode::{Color as QrColor, EcLevel, QrCode};

/// The address of this machine on the local network, if one can be found.
pub fn lan_address() -> Option<IpAddr> {
    routed_address().or_else(local_private_address)
}

/// The source address of the route to the outside (nothing is sent).
fn routed_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let address = socket.local_addr().ok()?.ip();
    (!address.is_loopback() && !address.is_unspecified()).then_some(address)
}

/// The first private IPv4 address of this machine in Linux's routing table (a hall without a
/// default route); `None` elsewhere.
fn local_private_address() -> Option<IpAddr> {
    let table = std::fs::read_to_string("/proc/net/fib_trie").ok()?;
    private_local_in_fib_trie(&table).map(IpAddr::V4)
}

/// In the text of `/proc/net/fib_trie`, the first address marked `/32 host LOCAL` that is
/// private (10/8, 172.16/12, 192.168/16).
fn private_local_in_fib_trie(table: &str) -> Option<Ipv4Addr> {
    let lines: Vec<&str> = table.lines().collect();
    lines.windows(2).find_map(|pair| {
        let address = pair[0]
            .trim()
            .strip_prefix("|-- ")?
            .parse::<Ipv4Addr>()
            .ok()?;
        (pair[1].contains("/32 host LOCAL") && address.is_private()).then_some(address)
    })
}

/// The address to open from the hall: `http://ADDR:PORT/`.
pub fn hall_url(address: IpAddr, port: u16) -> String {
    match address {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
    }
}

/// The QR code's modules: width and dark or not, row by row; `None` if `text` is too long.
fn modules(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|color| color == QrColor::Dark)
        .collect();
    Some((width, dark))
}

/// The QR code of `text` for a terminal: Unicode half blocks, two rows of modules per line,
/// with a quiet zone of two modules. `colours`: wrap each line in ANSI codes for black on
/// white (for a terminal; without them the blocks are the dark modules, for paper).
pub fn qr_terminal(text: &str, colours: bool) -> Option<String> {
    const QUIET: usize = 2;
    let (width, dark) = modules(text)?;
    let size = width + 2 * QUIET;
    let at = |x: usize, y: usize| {
        x >= QUIET
            && y >= QUIET
            && x < width + QUIET
            && y < width + QUIET
            && dark[(y - QUIET) * width + (x - QUIET)]
    };
    let mut out = String::new();
    for y in (0..size).step_by(2) {
        if colours {
            out.push_str("\x1b[30;107m");
        }
        for x in 0..size {
            out.push(match (at(x, y), at(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        if colours {
            out.push_str("\x1b[0m");
        }
        out.push('\n');
    }
    Some(out)
}

/// The QR code of `text` as an inline SVG `size` pixels wide (a quiet zone of four modules).
pub fn qr_svg(text: &str, size: u32) -> Option<String> {
    const QUIET: usize = 4;
    let (width, dark) = modules(text)?;
    let total = width + 2 * QUIET;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {total} {total}\" width=\"{size}\" height=\"{size}\" shape-rendering=\"crispEdges\" role=\"img\"><rect width=\"{total}\" height=\"{total}\" fill=\"#fff\"/><path fill=\"#000\" d=\""
    );
    for (index, _) in dark.iter().enumerate().filter(|(_, dark)| **dark) {
        let (x, y) = (index % width + QUIET, index / width + QUIET);
        svg.push_str(&format!("M{x} {y}h1v1h-1z"));
    }
    svg.push_str("\"/></svg>");
    Some(svg)
}

/// Prints the hall's address and its QR code on standard output (colours on a terminal).
pub fn announce(url: &str) {
    println!("\nHall network: open {url} on the phones and laptops of the hall\n");
    if let Some(code) = qr_terminal(url, std::io::stdout().is_terminal()) {
        println!("{code}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hall_address_is_found_in_linux_routing_table_without_a_default_route() {
        let table = "Main:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 127.0.0.1\n        /32 host LOCAL\n     \
                     |-- 192.168.43.17\n        /32 host LOCAL\n     |-- 192.168.43.255\n        \
                     /32 link BROADCAST\n";
        assert_eq!(
            private_local_in_fib_trie(table),
            Some(Ipv4Addr::new(192, 168, 43, 17))
        );
        assert_eq!(
            private_local_in_fib_trie("|-- 8.8.8.8\n /32 host LOCAL\n"),
            None
        );
    }

    #[test]
    fn the_terminal_code_has_two_module_rows_per_line_and_a_quiet_zone() {
        let url = hall_url(IpAddr::V4(Ipv4Addr::new(192, 168, 1, 23)), 8080);
        assert_eq!(url, "http://192.168.1.23:8080/");
        let code = qr_terminal(&url, false).expect("fits");
        let lines: Vec<&str> = code.lines().collect();
        let (width, _) = modules(&url).expect("fits");
        assert_eq!(lines.len(), (width + 4).div_ceil(2));
        assert!(lines.iter().all(|line| line.chars().count() == width + 4));
        assert!(lines[0].chars().all(|c| c == ' '), "quiet zone on top");
        // The finder pattern's top row: seven dark modules after the quiet zone.
        assert!(
            lines[1]
                .chars()
                .skip(2)
                .take(7)
                .all(|c| c == '█' || c == '▀')
        );
        let svg = qr_svg(&url, 160).expect("fits");
        assert!(svg.contains(&format!("viewBox=\"0 0 {0} {0}\"", width + 8)));
    }
}
