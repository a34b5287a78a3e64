//! Rebuild when translation catalogs or migrations change (rust-i18n and diesel embed them).
fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=migrations");
}
