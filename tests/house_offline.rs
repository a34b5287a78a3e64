//! Every page works with no internet at all (the hall network, `arbiter serve --hall`): no
//! template, stylesheet, script, nor the HTML the web code writes itself, makes the browser
//! fetch anything from another server — no `src`/`href` of a stylesheet, script, font, image
//! or frame, no CSS `url()` or `@import`, no script that loads or calls an `http(s)://`
//! address. A link the user may follow (`<a href="https://…">`) and an SVG's `xmlns` are no
//! fetch and are fine.

use std::path::{Path, PathBuf};

/// Every file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// True when `value` (an attribute's or `url()`'s, quotes and spaces allowed before) names
/// another server: `http://`, `https://` or protocol-relative `//`.
fn remote(value: &str) -> bool {
    let value = value
        .trim_start_matches(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '\\')
        .to_ascii_lowercase();
    value.starts_with("http://") || value.starts_with("https://") || value.starts_with("//")
}

/// Attributes whose address the browser fetches on its own.
const FETCHED: [&str; 6] = ["src", "href", "srcset", "poster", "data", "background"];

/// Tags whose `href` is a link the user follows (not fetched with the page).
const LINKS: [&str; 2] = ["a", "area"];

/// What in HTML or CSS would be fetched from another server: one line per find.
fn remote_fetches(text: &str) -> Vec<String> {
    let mut found = remote_in_tags(text);
    found.extend(remote_in_styles(text));
    found
}

/// The line of the byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Tags whose attributes fetch from another server.
fn remote_in_tags(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    while let Some(open) = lower[at..].find('<').map(|i| i + at) {
        let close = lower[open..].find('>').map_or(lower.len(), |i| i + open);
        let tag = &lower[open + 1..close];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if !name.is_empty() && !LINKS.contains(&name.as_str()) {
            for attribute in FETCHED {
                let mut from = 0;
                while let Some(i) = tag[from..].find(&format!("{attribute}=")).map(|i| i + from) {
                    let before = tag[..i].chars().last();
                    let value = &tag[i + attribute.len() + 1..];
                    if before.is_some_and(|c| c.is_whitespace() || c == '"' || c == '\'')
                        && remote(value)
                    {
                        found.push(format!(
                            "line {}: <{name} {attribute}={}",
                            line_of(text, open),
                            value.chars().take(60).collect::<String>()
                        ));
                    }
                    from = i + 1;
                }
            }
        }
        at = open + 1;
    }
    found
}

/// Stylesheets' `url(…)` and `@import` of another server.
fn remote_in_styles(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lower = text.to_ascii_lowercase();
    for (pattern, skip) in [("url(", 4), ("@import", 7)] {
        let mut from = 0;
        while let Some(i) = lower[from..].find(pattern).map(|i| i + from) {
            let rest =
                lower[i + skip..].trim_start_matches(|c: char| c.is_whitespace() || c == '(');
            let rest = rest.strip_prefix("url(").unwrap_or(rest);
            if remote(rest) {
                found.push(format!(
                    "line {}: {pattern}{}",
                    line_of(text, i),
                    rest.chars().take(60).collect::<String>()
                ));
            }
            from = i + 1;
        }
    }
    found
}

/// What in a script would reach another server: any string that starts with an address of
/// one (a script has no reason to name one but to load or call it).
fn remote_in_script(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    let mut found = Vec::new();
    for quote in ['"', '\'', '`'] {
        for scheme in ["http://", "https://", "//"] {
            let needle = format!("{quote}{scheme}");
            let mut from = 0;
            while let Some(i) = lower[from..].find(&needle).map(|i| i + from) {
                found.push(format!(
                    "line {}: {}",
                    line_of(text, i),
                    text[i..].chars().take(60).collect::<String>()
                ));
                from = i + 1;
            }
        }
    }
    found
}

#[test]
fn no_template_stylesheet_script_or_web_code_fetches_anything_from_the_internet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut scanned = 0;
    for folder in ["templates", "static", "src/web"] {
        for path in files(&root.join(folder)) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            scanned += 1;
            // The web code's own HTML (its tags); everything in templates and static files.
            let finds = match path.extension().and_then(|e| e.to_str()) {
                Some("rs") => remote_in_tags(&text),
                Some("js") => [remote_fetches(&text), remote_in_script(&text)].concat(),
                _ => remote_fetches(&text),
            };
            for find in finds {
                found.push(format!("{}: {find}", path.display()));
            }
        }
    }
    assert!(scanned > 50, "only {scanned} files scanned");
    assert!(
        found.is_empty(),
        "pages that would fetch from another server (the hall may have no internet):\n{}",
        found.join("\n")
    );
    println!("{scanned} files scanned, nothing fetched from another server");
}

/// The scan finds what it must (so that the test above can fail) and lets links and SVG
/// namespaces be.
#[test]
fn the_offline_scan_finds_fonts_scripts_stylesheets_and_images_of_other_servers() {
    for fetch in [
        r#"<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">"#,
        r#"<script src="https://cdn.jsdelivr.net/npm/htmx.org"></script>"#,
        r#"<img class="logo" src='http://example.org/logo.png'>"#,
        r#"<IMG SRC="//cdn.example.org/x.png">"#,
        r#"<img srcset="https://example.org/a.png 2x">"#,
        "@font-face { src: url(https://fonts.gstatic.com/roboto.woff2); }",
        r#"body { background: url("//example.org/bg.png") }"#,
        r#"@import url("https://example.org/x.css");"#,
        r#"@import 'https://example.org/x.css';"#,
        r#"<iframe src="https://www.youtube.com/embed/x"></iframe>"#,
    ] {
        assert!(!remote_fetches(fetch).is_empty(), "{fetch}");
    }
    assert_eq!(
        remote_in_script(r#"fetch("https://api.example.org/x")"#).len(),
        1
    );
    for fine in [
        r#"<a href="https://handbook.fide.com/">FIDE Handbook</a>"#,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>"#,
        r#"<link rel="stylesheet" href="/static/app.css">"#,
        r#"<script src="/static/js/live.js"></script>"#,
        r#"<img src="data:image/png;base64,AAAA">"#,
        r#"<input type="url" placeholder="https://">"#,
        "body { background: url(/static/bg.png) }",
        "Vec<Option<String>> and a < b > c",
    ] {
        assert!(remote_fetches(fine).is_empty(), "{fine}");
    }
}
