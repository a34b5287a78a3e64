//! The administrator's upload of FIDE's rating list against hostile files, through the real
//! server: `arbiter serve` runs as a process of its own (its address space capped at
//! [`ADDRESS_SPACE_KB`], so a reader that holds a gigabyte aborts it instead of the machine),
//! and a logged-in administrator with a valid CSRF token uploads zips of 1–4 MB that unpack to a
//! gigabyte: one text, reference run, tag, comment, gap, player or nesting without end. Each
//! import must be refused naming the line and the element, the server must live on, and its
//! peak memory (`VmHWM`) stay under [`PEAK_LIMIT_KB`].
//!
//! Uploads wait in a folder of their own in the server's temporary folder: a crash leaves them
//! there until the next start removes them, and a full folder refuses the next upload.
//!
//! On PostgreSQL too when `ARBITER_TEST_DATABASE_URL` is set.

mod common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::db::models::Role;
use arbiter::formats::fide_list::layout::{COMBINED_HEADER, combined_line};
use arbiter::web::rating_import::{FOLDER_LIMIT, UPLOAD_FOLDER};
use common::TestContext;

/// The server's address space, in kB: far above what an import needs, far below what holding
/// an unpacked gigabyte takes.
const ADDRESS_SPACE_KB: u64 = 1536 * 1024;
/// The most resident memory the server may reach, in kB.
const PEAK_LIMIT_KB: u64 = 200 * 1024;
/// How much each hostile file unpacks to.
const UNPACKED: u64 = 1 << 30;

/// `arbiter serve` on a loopback port, on the test's database, killed when dropped.
struct Served {
    child: Child,
    port: u16,
}

impl Served {
    /// Starts the server with `temp` as its temporary folder; waits until it listens.
    fn start(ctx: &TestContext, temp: &Path) -> Served {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" serve --bind 127.0.0.1:{port} \
                 --workers 1 --pool-size 2"
            ))
            .arg(env!("CARGO_BIN_EXE_arbiter"))
            .env("DATABASE_URL", &ctx.db.url)
            .env("TMPDIR", temp)
            .env("MALLOC_ARENA_MAX", "2")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .expect("start arbiter serve");
        let mut served = Served { child, port };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(served.alive(), "the server stopped while starting");
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the server does not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        served
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().expect("the server's state").is_none()
    }

    /// The server's peak resident memory so far, in kB.
    fn peak_kb(&self) -> u64 {
        common::peak_resident_kb(&self.child.id().to_string())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer of the server.
struct Answer {
    status: u16,
    body: String,
}

/// A browser over HTTP/1.1, one connection per request, keeping the session cookie.
struct Browser {
    port: u16,
    cookie: Option<String>,
}

impl Browser {
    fn send(&mut self, head: &str, body: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout");
        let cookie = self
            .cookie
            .as_ref()
            .map(|cookie| format!("Cookie: {cookie}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "{head}\r\nHost: 127.0.0.1\r\n{cookie}Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        // The server may answer (a refusal) before it has read the whole body.
        let _ = stream
            .write_all(request.as_bytes())
            .and_then(|()| stream.write_all(body));
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        for line in head.lines() {
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("set-cookie")
                && let Some(pair) = value.trim().split(';').next()
                && pair.starts_with("arbiter_session=")
            {
                self.cookie = Some(pair.to_owned());
            }
        }
        Answer {
            status,
            body: body.to_owned(),
        }
    }

    fn get(&mut self, path: &str) -> Answer {
        self.send(&format!("GET {path} HTTP/1.1"), b"")
    }

    fn csrf_token(&mut self) -> String {
        let page = self.get("/login");
        let at = page
            .body
            .find("name=\"csrf_token\" value=\"")
            .expect("the login page carries a CSRF token")
            + "name=\"csrf_token\" value=\"".len();
        page.body[at..].split('"').next().expect("token").to_owned()
    }

    fn login(&mut self, username: &str) {
        let token = self.csrf_token();
        let body = format!(
            "csrf_token={}&username={username}&password={}&next=%2F",
            common::encode(&token),
            common::encode(common::PASSWORD)
        );
        let answer = self.send(
            "POST /login HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded",
            body.as_bytes(),
        );
        assert_eq!(answer.status, 303, "login: {}", answer.body);
    }

    /// Uploads `content` as the list file `name`, with the session's CSRF token.
    fn upload(&mut self, name: &str, content: &[u8]) -> Answer {
        let token = self.csrf_token();
        let boundary = "----arbiterRatingListBoundary";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n\
             --{boundary}\r\nContent-Disposition: form-data; name=\"list\"; filename=\"{name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(content);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        self.send(
            &format!(
                "POST /admin/rating-list HTTP/1.1\r\nContent-Type: multipart/form-data; boundary={boundary}"
            ),
            &body,
        )
    }

    /// Waits until the import has ended; its status as JSON.
    fn import_ended(&mut self, served: &mut Served) -> serde_json::Value {
        let started = Instant::now();
        loop {
            assert!(
                served.alive(),
                "the server died during the import (peak {} kB)",
                served.peak_kb()
            );
            let answer = self.get("/admin/rating-list/status.json");
            let Ok(status) = serde_json::from_str::<serde_json::Value>(&answer.body) else {
                std::thread::sleep(Duration::from_millis(200));
                assert!(served.alive(), "the server died during the import");
                panic!("the status is not JSON: {}", answer.body);
            };
            if status["state"] != "running" {
                return status;
            }
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "the import does not end: {status}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// A reader of `head`, then `unit` repeated to `UNPACKED` bytes, then `tail`: the content of a
/// hostile file, made as it is packed.
struct Repeated {
    parts: Vec<(Vec<u8>, u64)>,
    part: usize,
    at: u64,
}

impl Repeated {
    fn new(head: &str, unit: &str, tail: &str) -> Repeated {
        let body = (UNPACKED / unit.len() as u64) * unit.len() as u64;
        let chunk = unit.repeat(65536 / unit.len()).into_bytes();
        Repeated {
            parts: vec![
                (head.as_bytes().to_vec(), head.len() as u64),
                (chunk, body),
                (tail.as_bytes().to_vec(), tail.len() as u64),
            ],
            part: 0,
            at: 0,
        }
    }
}

impl Read for Repeated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some((bytes, length)) = self.parts.get(self.part) {
            if self.at == *length {
                self.part += 1;
                self.at = 0;
                continue;
            }
            let offset = (self.at % bytes.len() as u64) as usize;
            let n = (bytes.len() - offset)
                .min(buf.len())
                .min((length - self.at) as usize);
            buf[..n].copy_from_slice(&bytes[offset..offset + n]);
            self.at += n as u64;
            return Ok(n);
        }
        Ok(0)
    }
}

/// A zip of one entry `entry` whose content `content` reads.
fn zipped(entry: &str, mut content: impl Read) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(9));
    writer.start_file(entry, options).expect("zip entry");
    std::io::copy(&mut content, &mut writer).expect("zip content");
    writer.finish().expect("zip").into_inner()
}

const PLAYER: &str =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n<player><fideid>1</fideid>";

#[test]
fn hostile_zipped_lists_are_refused_naming_line_and_element_in_bounded_memory() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let temp = tempfile::tempdir().expect("temporary folder");
    let mut served = Served::start(&ctx, temp.path());
    let mut admin = Browser {
        port: served.port,
        cookie: None,
    };
    admin.login("admin");
    // (what, entry, head, repeated unit, tail, what the refusal names)
    let cases = [
        (
            "one text",
            "list.xml",
            format!("{PLAYER}<name>"),
            "A",
            "</name>",
            "name",
        ),
        (
            "references",
            "list.xml",
            format!("{PLAYER}<name>"),
            "&#65;",
            "</name>",
            "name",
        ),
        (
            "a tag name",
            "list.xml",
            format!("{PLAYER}<"),
            "a",
            ">",
            "aaaa",
        ),
        (
            "attributes",
            "list.xml",
            format!("{PLAYER}<games"),
            " a='1'",
            ">",
            "games",
        ),
        (
            "a comment",
            "list.xml",
            format!("{PLAYER}<!--"),
            "-",
            "",
            "comment",
        ),
        ("a gap", "list.xml", PLAYER.to_owned(), " ", "", "player"),
        (
            "a player",
            "list.xml",
            PLAYER.to_owned(),
            "<name>A</name>",
            "",
            "player",
        ),
        ("nesting", "list.xml", PLAYER.to_owned(), "<k>", "", "k"),
        (
            "a TXT line",
            "list.txt",
            format!("{COMBINED_HEADER}\n"),
            "9",
            "\n",
            "",
        ),
    ];
    for (what, entry, head, unit, tail, element) in cases {
        let zip = zipped(entry, Repeated::new(&head, unit, tail));
        assert!(zip.len() < 8 << 20, "{what}: {} bytes zipped", zip.len());
        let answer = admin.upload("hostile.zip", &zip);
        assert_eq!(answer.status, 303, "{what}: {}", answer.body);
        let status = admin.import_ended(&mut served);
        assert_eq!(status["state"], "failed", "{what}: {status}");
        let problem = status["problems"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            problem.starts_with("line ") && problem.contains(element),
            "{what}: the refusal names the line and {element:?}: {problem}"
        );
        println!(
            "{what}: {} kB zipped refused ({problem}); server peak {} kB",
            zip.len() / 1024,
            served.peak_kb()
        );
    }
    // An archive of many entries (its directory is read whole before any list) is refused
    // before it is read.
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for entry in 0..40 {
        writer
            .start_file(
                format!("part{entry}.xml"),
                zip::write::SimpleFileOptions::default(),
            )
            .expect("zip entry");
    }
    let many = writer.finish().expect("zip").into_inner();
    assert_eq!(admin.upload("many.zip", &many).status, 303);
    let status = admin.import_ended(&mut served);
    let problem = status["problems"][0].as_str().unwrap_or_default();
    assert!(problem.contains("lists 40 files"), "many entries: {status}");
    // A good list still imports after them.
    let list = format!(
        "{COMBINED_HEADER}\n{}\n",
        combined_line(
            1_503_014,
            "Berger, Johann",
            "AUT",
            "M",
            "GM",
            [Some(2750), None, None],
            Some(1990),
            ""
        )
    );
    let answer = admin.upload("players_list_foa.txt", list.as_bytes());
    assert_eq!(answer.status, 303, "{}", answer.body);
    let status = admin.import_ended(&mut served);
    assert_eq!(status["state"], "done", "{status}");
    let peak = served.peak_kb();
    println!("peak resident memory of the server: {peak} kB");
    assert!(
        peak < PEAK_LIMIT_KB,
        "the server reached {peak} kB (limit {PEAK_LIMIT_KB} kB)"
    );
}

/// The pid of a process that ran and ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().expect("run true");
    let pid = child.id();
    child.wait().expect("true ends");
    pid
}

/// The upload files in the server's upload folder under `temp`.
fn uploads(temp: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(temp.join(UPLOAD_FOLDER))
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn uploads_left_by_a_killed_server_are_removed_at_start_and_a_full_folder_refuses_more() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let temp = tempfile::tempdir().expect("temporary folder");
    let folder = temp.path().join(UPLOAD_FOLDER);
    std::fs::create_dir_all(&folder).expect("upload folder");
    // A server killed during an import left its upload; another server on this machine (this
    // test's process stands for it) has one in progress.
    let left = folder.join(format!("{}-0.upload", dead_pid()));
    std::fs::write(&left, b"ID Number      Name\n").expect("leftover");
    let running = folder.join(format!("{}-7.upload", std::process::id()));
    std::fs::File::create(&running)
        .and_then(|file| file.set_len(FOLDER_LIMIT - 1024))
        .expect("an upload in progress (sparse)");
    let mut served = Served::start(&ctx, temp.path());
    assert_eq!(
        uploads(temp.path()),
        vec![running.clone()],
        "the leftover is removed at start, the running one kept"
    );
    // The folder is all but full: an upload that would pass the bound is refused, and leaves
    // nothing behind.
    let mut admin = Browser {
        port: served.port,
        cookie: None,
    };
    admin.login("admin");
    let list: String = (1..=20)
        .map(|fide_id| {
            combined_line(
                fide_id,
                "Kovács, Anna",
                "HUN",
                "F",
                "",
                [Some(2000), None, None],
                None,
                "",
            ) + "\n"
        })
        .collect();
    let list = format!("{COMBINED_HEADER}\n{list}");
    let answer = admin.upload("players_list_foa.txt", list.as_bytes());
    assert_eq!(answer.status, 409, "{}", answer.body);
    assert!(
        answer.body.contains("folder for uploaded lists is full"),
        "{}",
        answer.body
    );
    assert_eq!(uploads(temp.path()), vec![running.clone()]);
    // Once the other upload is gone, the list is accepted and imported, and its file removed.
    std::fs::remove_file(&running).expect("the other upload ends");
    let answer = admin.upload("players_list_foa.txt", list.as_bytes());
    assert_eq!(answer.status, 303, "{}", answer.body);
    let status = admin.import_ended(&mut served);
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(uploads(temp.path()), Vec::<PathBuf>::new());
}
