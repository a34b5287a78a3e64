//! The stylesheet and scripts served under fingerprinted names.

use std::sync::LazyLock;

use sha2::{Digest, Sha256};

/// `Content-Type` of the scripts.
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// The files: name under `/static/`, `Content-Type`, bytes.
const FILES: [(&str, &str, &[u8]); 10] = [
    (
        "app.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/css/app.css"),
    ),
    (
        "js/live.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/live.js"),
    ),
    (
        "js/screen.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/screen.js"),
    ),
    (
        "js/working.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/working.js"),
    ),
    (
        "js/results.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/results.js"),
    ),
    (
        "js/filter.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/filter.js"),
    ),
    (
        "js/busy.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/busy.js"),
    ),
    (
        "js/rating-list.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/rating-list.js"),
    ),
    (
        "js/fide-lookup.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/fide-lookup.js"),
    ),
    (
        "js/console.js",
        JAVASCRIPT,
        include_bytes!("../../static/js/console.js"),
    ),
];

/// One static file.
#[derive(Debug)]
pub struct Asset {
    /// The plain name under `/static/`, e.g. `js/live.js`.
    pub name: &'static str,
    /// The fingerprinted name, e.g. `js/live.1a2b3c4d5e6f.js`.
    pub fingerprinted: String,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The bytes.
    pub body: &'static [u8],
    /// The entity tag (the fingerprint, quoted).
    pub etag: String,
}

/// Every file with its fingerprint, made on first use ([`fingerprint_all`] at start-up).
static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, content_type, body)| {
            let digest = hex::encode(Sha256::digest(body));
            let fingerprint = &digest[..12];
            let fingerprinted = match name.rsplit_once('.') {
                Some((stem, extension)) => format!("{stem}.{fingerprint}.{extension}"),
                None => format!("{name}.{fingerprint}"),
            };
            Asset {
                name,
                fingerprinted,
                content_type,
                body,
                etag: format!("\"{fingerprint}\""),
            }
        })
        .collect()
});

/// Hashes every file now (the app calls it when it is built, so no request waits for it).
pub fn fingerprint_all() {
    LazyLock::force(&ASSETS);
}

/// The URL of the static file `name` (e.g. `app.css`, `js/live.js`) under its fingerprinted
/// name; the plain URL for a name that is not one of the files.
pub fn url(name: &str) -> String {
    match ASSETS.iter().find(|asset| asset.name == name) {
        Some(asset) => format!("/static/{}", asset.fingerprinted),
        None => format!("/static/{name}"),
    }
}

/// The file at `path` under `/static/`, and whether it was asked for by its fingerprinted name.
pub fn find(path: &str) -> Option<(&'static Asset, bool)> {
    ASSETS.iter().find_map(|asset| {
        if asset.fingerprinted == path {
            Some((asset, true))
        } else if asset.name == path {
            Some((asset, false))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprinted_names_keep_the_extension_and_lead_back_to_the_file() {
        let css = url("app.css");
        let name = css.strip_prefix("/static/").expect("under /static/");
        assert!(name.starts_with("app.") && name.ends_with(".css"), "{css}");
        assert_eq!(name.len(), "app..css".len() + 12, "{css}");
        let (asset, fingerprinted) = find(name).expect("the fingerprinted name is served");
        assert!(fingerprinted);
        assert_eq!(asset.name, "app.css");
        let (_, fingerprinted) = find("app.css").expect("the plain name is served too");
        assert!(!fingerprinted);
        assert!(find("app.000000000000.css").is_none());
    }

    /// Every `ctx.asset("…")` of a template names one of the files (a name that is not one
    /// is linked but never served: the live console's script once was).
    #[test]
    fn every_asset_a_template_links_is_served() {
        let mut missing = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/templates"
        ))];
        let mut linked = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("templates") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for part in text.split("ctx.asset(\"").skip(1) {
                    let name = part.split('"').next().unwrap_or_default();
                    linked += 1;
                    if !FILES.iter().any(|(file, _, _)| *file == name) {
                        missing.push(format!("{}: {name}", path.display()));
                    }
                }
            }
        }
        assert!(linked >= 10, "{linked} links found");
        assert!(missing.is_empty(), "linked, not served: {missing:?}");
    }
}
