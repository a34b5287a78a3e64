//! The hall network with the real binary: `arbiter serve --hall` listens on every interface,
//! prints the machine's LAN address with a QR code in the terminal, and the administrator's
//! page shows the same address with its QR code (SVG).

mod common;
#[expect(
    dead_code,
    reason = "the hall test uses the race's client, not its scenarios"
)]
mod race_support;

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use arbiter::db::models::Role;
use common::{TestContext, TestDb};
use race_support::Client;

/// The binary under test.
const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// How long the test waits for the server (nothing is asserted about the time).
const PATIENCE: Duration = Duration::from_secs(90);

#[test]
fn hall_mode_prints_the_lan_address_with_a_qr_code_and_the_administrators_page_shows_them() {
    let ctx = TestContext::on(TestDb::on(None), 1);
    ctx.create_user("admin", Role::Admin);
    let TestContext { db, .. } = ctx;
    let port = TcpListener::bind(("0.0.0.0", 0))
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port");
    let mut child = Command::new(ARBITER)
        .args(["serve", "--hall", "--bind", &format!("127.0.0.1:{port}")])
        .args(["--workers", "1", "--pool-size", "2"])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start arbiter serve --hall");
    let stdout = child.stdout.take().expect("its output");
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + PATIENCE;
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "arbiter serve --hall did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let expected =
        arbiter::hall::lan_address().map(|address| arbiter::hall::hall_url(address, port));
    let mut admin = Client::new(port);
    admin.login("admin");
    let page = admin.get("/admin/users");
    match &expected {
        Some(url) => {
            // Listening on every interface: the LAN address answers too.
            let host = url.trim_start_matches("http://").trim_end_matches('/');
            assert!(
                TcpStream::connect(host).is_ok(),
                "nothing listens on {host}"
            );
            let printed: Vec<String> = received
                .iter()
                .take_while(|line| !line.contains("▀") || !line.contains("█"))
                .collect();
            assert!(
                printed
                    .iter()
                    .any(|line| line.contains(&format!("Hall network: open {url}"))),
                "{printed:?}"
            );
            let code: Vec<String> = received
                .recv_timeout(PATIENCE)
                .into_iter()
                .chain(received.iter().take_while(|line| !line.trim().is_empty()))
                .collect();
            assert!(
                code.len() >= 10,
                "a QR code of {} lines: {code:?}",
                code.len()
            );
            assert_eq!(
                page.attrs("#hall-url", "href"),
                [url.as_str()],
                "{}",
                page.body
            );
            assert_eq!(page.attrs("#hall svg", "width"), ["160"], "{}", page.body);
        }
        None => {
            println!("no LAN address on this machine: the page says hall mode is off");
            assert!(page.attrs("#hall-url", "href").is_empty());
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
