//! Static assets compiled into the binary (no build step, no dependence on the working dir).

pub mod css;
