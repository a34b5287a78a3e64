//! A small WebDriver client (W3C protocol over HTTP/1.1, std only) for the browser tests:
//! starts `chromedriver`, opens a headless Chromium session with a fresh profile, and offers
//! the few commands the tests need, and serves the app for it ([`serve`]). No crate: compile
//! time matters on a shared 2-core machine.
#![allow(dead_code)] // each test binary uses a different part

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use actix_web::HttpServer;
use arbiter::web::{self, AppState};
use serde_json::{Value, json};

/// Serves the app on a free port in a thread of its own, for the browser; returns the port once
/// it answers.
pub fn serve(state: AppState) -> u16 {
    let port = free_port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || web::app(state.clone()))
                .workers(1)
                .bind(("127.0.0.1", port))
                .expect("bind")
                .run()
                .await
        })
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the app did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    port
}

/// The base URL of the app [`serve`] serves on `port`.
pub fn base_url(port: u16) -> String {
    format!("http://127.0.0.1:{port}")
}

/// Where the browser tests put their screenshots (`target/e2e-screenshots`).
pub fn shots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/e2e-screenshots")
}

/// The key under which WebDriver returns an element reference.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Why the browser tests cannot run here (no browser or no driver), or `None` when they can.
pub fn browser_missing() -> Option<String> {
    for (program, package) in [
        ("chromium", "chromium"),
        ("chromedriver", "chromium-driver"),
    ] {
        if find_program(program).is_none() {
            return Some(format!(
                "`{program}` is not installed (Debian: apt-get install {package}); skipping the browser test"
            ));
        }
    }
    None
}

/// The path of `program` on `PATH`.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// A free TCP port on 127.0.0.1.
pub fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One HTTP exchange with a server on 127.0.0.1: returns (status, body).
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nAccept: application/json\r\n"
    );
    if body.is_some() || method == "POST" {
        request.push_str(&format!(
            "Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n",
            payload.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(&payload);
    stream.write_all(request.as_bytes())?;
    // Read the header, then exactly the body (the server may keep the connection open).
    let mut raw = Vec::new();
    let mut buffer = [0u8; 8192];
    let header_end = loop {
        if let Some(at) = find(&raw, b"\r\n\r\n") {
            break at + 4;
        }
        let n = stream.read(&mut buffer)?;
        if n == 0 {
            return Err(std::io::Error::other(
                "connection closed before the header ended",
            ));
        }
        raw.extend_from_slice(&buffer[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..header_end]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no HTTP status"))?;
    let header = |name: &str| {
        head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    };
    let mut body = raw[header_end..].to_vec();
    if let Some(length) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        while body.len() < length {
            let n = stream.read(&mut buffer)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&buffer[..n]);
        }
        body.truncate(length);
    } else if header("transfer-encoding")
        .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"))
    {
        while find(&body, b"\r\n0\r\n").is_none() && !body.starts_with(b"0\r\n") {
            let n = stream.read(&mut buffer)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&buffer[..n]);
        }
        body = dechunk(&String::from_utf8_lossy(&body)).into_bytes();
    } else {
        stream.read_to_end(&mut body)?;
    }
    let body = String::from_utf8_lossy(&body).into_owned();
    Ok((status, body))
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Decodes a chunked HTTP body.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

/// A running chromedriver with one browser session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile.
    pub fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let deadline = Instant::now() + Duration::from_secs(30);
        while http(port, "GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().expect("profile folder");
        let chromium =
            find_program("chromium").unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
        let args = vec![
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--disable-quic".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            format!("--user-data-dir={}", profile.path().display()),
            "--window-size=1280,900".to_owned(),
        ];
        let capabilities = json!({
            "capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {"binary": chromium.to_string_lossy(), "args": args}
            }}
        });
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            _profile: profile,
        };
        let value = browser.command("POST", "/session", Some(capabilities));
        browser.session = value["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        browser
    }

    /// Sends a raw WebDriver command and returns its `value`; panics with the driver's message
    /// on an error.
    pub fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, text) = http(self.port, method, path, body.as_ref())
            .unwrap_or_else(|e| panic!("webdriver {method} {path}: {e}"));
        let parsed: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("webdriver {method} {path}: not JSON ({e}): {text}"));
        if status != 200 {
            panic!("webdriver {method} {path}: {status} {}", parsed["value"]);
        }
        parsed["value"].clone()
    }

    fn session_command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.command(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Opens a URL.
    pub fn goto(&self, url: &str) {
        self.session_command("POST", "/url", Some(json!({ "url": url })));
    }

    /// The current URL.
    pub fn url(&self) -> String {
        self.session_command("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Sets the window size (a phone is about 390 × 844).
    pub fn resize(&self, width: u32, height: u32) {
        self.session_command(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// The first element matching a CSS selector, if any.
    pub fn try_find(&self, css: &str) -> Option<String> {
        let (status, text) = http(
            self.port,
            "POST",
            &format!("/session/{}/element", self.session),
            Some(&json!({ "using": "css selector", "value": css })),
        )
        .ok()?;
        if status != 200 {
            return None;
        }
        let parsed: Value = serde_json::from_str(&text).ok()?;
        parsed["value"][ELEMENT_KEY].as_str().map(str::to_owned)
    }

    /// The first element matching a CSS selector, waiting up to 10 s for it.
    pub fn find(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(id) = self.try_find(css) {
                return id;
            }
            if Instant::now() > deadline {
                panic!("no element matches `{css}` on {}", self.url());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// All elements matching a CSS selector.
    pub fn find_all(&self, css: &str) -> Vec<String> {
        let value = self.session_command(
            "POST",
            "/elements",
            Some(json!({ "using": "css selector", "value": css })),
        );
        value
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .filter_map(|v| v[ELEMENT_KEY].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Clicks an element.
    pub fn click(&self, element: &str) {
        self.session_command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// Clears a field and types text into it.
    pub fn type_into(&self, element: &str, text: &str) {
        self.session_command(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.session_command(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Sends keys to the focused element, as a user typing would (WebDriver key codes such as
    /// `\u{E007}` for Enter).
    pub fn session_keys(&self, keys: &str) {
        let active = self.session_command("GET", "/element/active", None);
        let element = active[ELEMENT_KEY].as_str().unwrap_or_default().to_owned();
        self.session_command(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": keys })),
        );
    }

    /// An element's visible text.
    pub fn text(&self, element: &str) -> String {
        self.session_command("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Runs JavaScript in the page and returns its result.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.session_command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits up to `seconds` for `script` (a JS expression body returning a boolean) to be
    /// true; returns whether it became true.
    pub fn wait_until(&self, script: &str, seconds: u64) -> bool {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            if self.script(script, json!([])).as_bool() == Some(true) {
                return true;
            }
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Forgets every cookie of the current site (a logged-out visitor).
    pub fn delete_cookies(&self) {
        self.session_command("DELETE", "/cookie", None);
    }

    /// Sets a `<select>` (or any field) matching `css` to `value` and fires `change`.
    pub fn set_value(&self, css: &str, value: &str) {
        let done = self.script(
            "const e = document.querySelector(arguments[0]); if (!e) return false; \
             e.value = arguments[1]; e.dispatchEvent(new Event('change', {bubbles: true})); \
             return e.value === arguments[1];",
            json!([css, value]),
        );
        assert_eq!(done, json!(true), "cannot set `{css}` to `{value}`");
    }

    /// Clicks the first element matching `css` (waiting for it).
    pub fn click_on(&self, css: &str) {
        let element = self.find(css);
        self.click(&element);
    }

    /// Clicks the first element matching `css` and waits (up to 15 s) for the next page to be
    /// loaded: for a form's submit button, until its response is shown.
    pub fn click_and_wait(&self, css: &str) {
        self.script("window.__arbiterOldPage = true; return true;", json!([]));
        self.click_on(css);
        assert!(
            self.wait_until(
                "return window.__arbiterOldPage === undefined && document.readyState === 'complete';",
                15
            ),
            "no new page after clicking `{css}` on {}",
            self.url()
        );
    }

    /// Saves a PNG screenshot of the viewport.
    pub fn screenshot(&self, path: &Path) {
        use base64::Engine;
        let value = self.session_command("GET", "/screenshot", None);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(value.as_str().unwrap_or_default())
            .expect("screenshot is base64");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("artifact folder");
        }
        std::fs::write(path, bytes).expect("write screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
