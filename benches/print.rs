//! Benchmark `print`: placeholder in the project skeleton until its issue lands.
fn main() {}
