//! A client that sends a request's head and then stalls, or trickles its body a byte at a
//! time, is cut off by the real server (the app behind `actix_web::HttpServer`, as `arbiter
//! serve` runs it) instead of holding a connection and a worker's attention for ever. The
//! answer is 408 and the connection is closed. No timing is asserted beyond a generous upper
//! bound; the tests print how long the server waited.

mod common;
#[expect(dead_code, reason = "these tests use the server only")]
mod race_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::TestContext;
use race_support::Server;

/// The most a test waits for the server to give up on the client.
const UPPER_BOUND: Duration = Duration::from_secs(60);

/// A request head announcing a form body of `length` bytes.
fn head(port: u16, length: usize) -> String {
    format!(
        "POST /login HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// Reads what the server sends until it closes the connection (or the bound passes); the
/// status line, if any.
fn answer(stream: &mut TcpStream) -> Option<String> {
    let mut raw = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buffer[..n]),
            Err(error) => {
                assert!(
                    !matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ),
                    "the server still holds the connection after {UPPER_BOUND:?}"
                );
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&raw);
    text.lines().next().map(str::to_owned)
}

fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(UPPER_BOUND))
        .expect("read timeout");
    stream
}

#[test]
fn a_body_that_stalls_is_cut_off() {
    let ctx = TestContext::new();
    let server = Server::start(&ctx, 2);
    let mut stream = connect(server.port);
    let start = Instant::now();
    stream
        .write_all(head(server.port, 1000).as_bytes())
        .expect("send the head");
    stream.write_all(b"csrf_token=").expect("send a little");
    let status = answer(&mut stream);
    let waited = start.elapsed();
    println!("stalled body: {status:?} after {waited:?}");
    assert!(waited < UPPER_BOUND);
    assert_eq!(status.as_deref(), Some("HTTP/1.1 408 Request Timeout"));
}

#[test]
fn a_body_trickled_a_byte_at_a_time_is_cut_off() {
    let ctx = TestContext::new();
    let server = Server::start(&ctx, 2);
    let mut stream = connect(server.port);
    let start = Instant::now();
    stream
        .write_all(head(server.port, 100_000).as_bytes())
        .expect("send the head");
    // A byte every half second, never idle long, never done: until the server hangs up.
    let mut writer = stream.try_clone().expect("a second handle");
    let trickler = std::thread::spawn(move || {
        while start.elapsed() < UPPER_BOUND {
            if writer.write_all(b"a").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    });
    let status = answer(&mut stream);
    let waited = start.elapsed();
    println!("trickled body: {status:?} after {waited:?}");
    assert!(waited < UPPER_BOUND);
    // The server hangs up with the trickled bytes unread, so the kernel may reset the
    // connection before the answer is read: no answer, or 408.
    assert!(
        matches!(
            status.as_deref(),
            None | Some("HTTP/1.1 408 Request Timeout")
        ),
        "{status:?}"
    );
    drop(stream);
    trickler.join().expect("the trickler stops");
}
