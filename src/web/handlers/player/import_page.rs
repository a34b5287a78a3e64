//! The import page (`player/import.html`), shared by the form ([`super::import_form`]) and the
//! preview ([`super::import`]): the column mapping of a list of another layout (the visitor's
//! saved mappings to choose from), the problems of a file, or its players with what the import
//! does with each; and reading the mapping the page's form sends.
