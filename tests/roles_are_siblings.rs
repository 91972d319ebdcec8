//! The four roles (command, query, projector, renderer) use the shared crates side by side
//! and never each other: what two roles share lives in the read model (`nls-readmodel`),
//! `nls-web` or a crate below them. Only the `nls` binary, which wires the roles into one
//! process, depends on them. This reads every member's `Cargo.toml` and fails on a role
//! depending on a role, or a shared crate depending on a role.

use std::path::Path;

const ROLES: [&str; 5] = [
    "nls-command",
    "nls-query",
    "nls-projector",
    "nls-renderer",
    "nls-webhooks",
];

/// The workspace members listed in the root manifest.
fn members(root: &str) -> Vec<String> {
    let mut members = Vec::new();
    let mut inside = false;
    for line in root.lines() {
        let line = line.trim();
        if line.starts_with("members") {
            inside = true;
        }
        if inside {
            members.extend(
                line.split('"')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_owned)
                    .filter(|m| !m.is_empty()),
            );
            if line.ends_with(']') {
                break;
            }
        }
    }
    members
}

/// The package name and every crate named in a dependency section (`[dependencies]`,
/// `[dev-dependencies]`, `[build-dependencies]`, target-specific ones, and the
/// `[dependencies.name]` table form).
fn package_and_dependencies(manifest: &str) -> (String, Vec<String>) {
    let mut name = String::new();
    let mut section = String::new();
    let mut dependencies = Vec::new();
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if let Some(header) = line.strip_prefix('[') {
            section = header.trim_end_matches(']').trim().to_owned();
            // `[dependencies.nls-query]`
            if let Some((table, dependency)) = section.rsplit_once('.') {
                if table.ends_with("dependencies") {
                    dependencies.push(dependency.trim_matches('"').to_owned());
                }
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches('"');
        if section == "package" && key == "name" {
            name = value.trim().trim_matches('"').to_owned();
        }
        if section.ends_with("dependencies") {
            dependencies.push(key.to_owned());
        }
    }
    (name, dependencies)
}

#[test]
fn no_member_but_the_binary_depends_on_a_role() {
    let root_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = std::fs::read_to_string(root_dir.join("Cargo.toml")).expect("root manifest");
    let members = members(&root);
    for role in ["command", "query", "projector", "renderer", "readmodel"] {
        assert!(
            members.iter().any(|m| m == role),
            "{role} is not a member: {members:?}"
        );
    }
    let mut offences = Vec::new();
    for member in &members {
        let path = root_dir.join(member).join("Cargo.toml");
        let manifest = std::fs::read_to_string(&path).expect("member manifest");
        let (name, dependencies) = package_and_dependencies(&manifest);
        assert!(!name.is_empty(), "{} has no package name", path.display());
        for dependency in dependencies {
            if ROLES.contains(&dependency.as_str()) {
                offences.push(format!("{name} depends on {dependency}"));
            }
        }
    }
    assert!(offences.is_empty(), "roles must be siblings: {offences:?}");
}

#[test]
fn the_manifest_reader_sees_every_form_of_dependency() {
    let manifest = r#"
[package]
name = "nls-example" # a comment
[dependencies]
nls-web = { workspace = true }
[dev-dependencies]
"nls-query" = { path = "../query" }
[target.'cfg(unix)'.build-dependencies]
nls-command = "0.1"
[dependencies.nls-renderer]
path = "../renderer"
"#;
    let (name, dependencies) = package_and_dependencies(manifest);
    assert_eq!(name, "nls-example");
    assert_eq!(
        dependencies,
        ["nls-web", "nls-query", "nls-command", "nls-renderer"]
    );
}
