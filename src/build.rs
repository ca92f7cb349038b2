//! Build script: records the commit the program is built from, so that every result a binary
//! writes (table rows, benchmark reports) names the code that computed it, even when the
//! checkout has moved on while a long solve ran.

use std::path::Path;
use std::process::Command;

fn main() {
    // Rebuilt when the sources or the checked-out commit change (existing paths only: a path
    // that does not exist would make cargo run this script on every build).
    for path in [
        "src",
        "crates",
        "Cargo.toml",
        ".git/HEAD",
        ".git/index",
        ".git/refs",
        ".git/packed-refs",
    ] {
        if Path::new(path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rustc-env=C6SOLVE_COMMIT={}", commit());
}

/// The short hash of HEAD, marked when tracked files outside `results/` differ from it;
/// "unknown" outside a git checkout.
fn commit() -> String {
    let Some(hash) = git(&["rev-parse", "--short", "HEAD"]) else {
        return "unknown".into();
    };
    let changes = git(&[
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        ".",
        ":(exclude)results",
    ]);
    if changes.is_some() {
        format!("{hash} + uncommitted changes")
    } else {
        hash
    }
}

/// Trimmed standard output of a git command that succeeded and printed something.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}
