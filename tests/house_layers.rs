//! The house's layers, read from the source: the cores (`src/rules`, `src/pairing`,
//! `src/tournament`, `src/formats`) import nothing above them (no planner, database, web,
//! print or command line; no actix, diesel, askama or printpdf), and outside the engines only
//! the planners' door (`src/day/engines.rs`) calls the engines' `pair` functions; handlers
//! write only through the store, and no handler imports another handler's module.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The lines of `path` that are code (not comments).
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .expect("read")
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(index, line)| (index + 1, line.to_owned()))
        .collect()
}

#[test]
fn the_cores_import_nothing_above_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let above = [
        "crate::day",
        "crate::db",
        "crate::web",
        "crate::print",
        "crate::cli",
        "actix",
        "diesel",
        "askama",
        "printpdf",
    ];
    let mut found = Vec::new();
    for core in ["rules", "pairing", "tournament", "formats"] {
        for path in sources(&root.join(core)) {
            for (number, line) in code_lines(&path) {
                if let Some(name) = above.iter().find(|name| line.contains(*name)) {
                    found.push(format!("{}:{number}: {name}", path.display()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports from above:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_planners_door_calls_the_engines_pair_functions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let calls = ["dutch::pair(", "team_swiss::pair("];
    let mut found = Vec::new();
    for path in sources(&root) {
        if path.starts_with(root.join("pairing")) || path.ends_with("day/engines.rs") {
            continue;
        }
        for (number, line) in code_lines(&path) {
            if calls.iter().any(|call| line.contains(call)) {
                found.push(format!("{}:{number}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "engines paired outside src/day/engines.rs:\n{}",
        found.join("\n")
    );
}

#[test]
fn handlers_write_only_through_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/handlers");
    let writes = [
        "diesel::insert_into",
        "diesel::update",
        "diesel::delete",
        ".insert(conn",
        ".update(conn",
        ".execute(conn",
        "set_password_hash(",
        "User::set_active(",
        "SavedMapping::save(",
        "SavedMapping::delete(",
    ];
    let mut found = Vec::new();
    for path in sources(&root) {
        for (number, line) in code_lines(&path) {
            if let Some(write) = writes.iter().find(|write| line.contains(*write)) {
                found.push(format!("{}:{number}: {write}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "writes outside the store:\n{}",
        found.join("\n")
    );
}

/// True when `line` names another handler module: `crate::web::handlers::…`, or `super::…`
/// (a sibling or the parent module of a handler).
fn names_a_handler_module(line: &str) -> bool {
    line.contains("crate::web::handlers::")
        || line.match_indices("super::").any(|(at, _)| {
            !line[..at]
                .chars()
                .next_back()
                .is_some_and(|before| before.is_ascii_lowercase() || before == '_')
        })
}

#[test]
fn no_handler_imports_another_handler() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/handlers");
    let mut found = Vec::new();
    for path in sources(&root) {
        // A handler's own unit tests may reach into it with `super::*`.
        let code = code_lines(&path);
        let tests = code
            .iter()
            .position(|(_, line)| line.contains("#[cfg(test)]"))
            .unwrap_or(code.len());
        for (number, line) in &code[..tests] {
            if names_a_handler_module(line) {
                found.push(format!("{}:{number}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "handlers importing another handler module (page structs belong in src/web/pages, \
         shared reads in src/db/read, access in src/web/access.rs):\n{}",
        found.join("\n")
    );
}
