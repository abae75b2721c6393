//! The documentation kept true to the program. `docs/cli.md` is written from the command line's
//! own clap definition (`posse::cli::command`), so `posse … --help` and the page are two
//! renderings of one definition (as ripgrep derives its man page from its flags); a change to a
//! command that is not written into the page fails here, saying how to write it again. The
//! links between the README and the pages of `docs/` must land on a file and a heading that
//! exist, and `docs/SUMMARY.md` (the mdBook's table of contents) must list every page.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The page of every command's help, from the crate's root.
const CLI_PAGE: &str = "docs/cli.md";

/// The environment variable that rewrites `docs/cli.md` instead of comparing with it.
const BLESS: &str = "POSSE_BLESS";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `docs/cli.md` as the command line defines it today.
fn cli_page() -> String {
    let mut top = posse::cli::command(posse::systems::ALL);
    top.build();
    let mut page = String::from(
        "# Every command's help\n\n\
         Each command's long help (`--help`). This page is written from the command \
         line's own definition by `tests/docs.rs`; do not edit it by hand: after changing a \
         command, `POSSE_BLESS=1 cargo test --test main docs` writes it again. What the command \
         line promises (the exit codes, `--json`) is in [the command line](command-line.md).\n",
    );
    let aliases = top_level_aliases(&mut top);
    section(&mut top, &aliases, &mut page);
    page
}

/// The top-level commands that are Dead Man's Hand's (`posse shoot` is `posse dmh shoot`): those
/// whose help, with `posse dmh` for `posse`, is exactly the help of the `dmh` group's command.
fn top_level_aliases(top: &mut clap::Command) -> BTreeSet<String> {
    let Some(dmh) = top.find_subcommand_mut("dmh") else {
        return BTreeSet::new();
    };
    let mut under_dmh = std::collections::BTreeMap::new();
    for sub in dmh.get_subcommands_mut() {
        under_dmh.insert(sub.get_name().to_owned(), tree_help(sub));
    }
    top.get_subcommands_mut()
        .filter_map(|sub| {
            let theirs = under_dmh.get(sub.get_name())?;
            let ours = tree_help(sub).replace("posse ", "posse dmh ");
            (ours == *theirs).then(|| sub.get_name().to_owned())
        })
        .collect()
}

/// The long help of `command` and of every command under it, one after the other.
fn tree_help(command: &mut clap::Command) -> String {
    let mut text = command.render_long_help().to_string();
    for sub in command.get_subcommands_mut().filter(|s| s.get_name() != "help") {
        text.push_str(&tree_help(sub));
    }
    text
}

/// `command`'s section (its path as the heading, its long help as plain text) and then those of
/// its subcommands, in the order the help lists them; clap's own `help` subcommand is left out.
/// The top-level aliases of Dead Man's Hand's commands are one list pointing to the `dmh` ones.
fn section(command: &mut clap::Command, aliases: &BTreeSet<String>, page: &mut String) {
    let path = command.get_bin_name().unwrap_or(command.get_name()).to_owned();
    let help = command.render_long_help().to_string();
    let _ = write!(page, "\n## `{path}`\n\n```text\n{}\n```\n", help.trim_end());
    let is_alias = |sub: &clap::Command| path == "posse" && aliases.contains(sub.get_name());
    let pointers: Vec<String> = command
        .get_subcommands()
        .filter(|sub| is_alias(sub))
        .map(|sub| {
            let name = sub.get_name();
            format!("- `posse {name}` is [`posse dmh {name}`](#posse-dmh-{name})\n")
        })
        .collect();
    if !pointers.is_empty() {
        let _ = write!(page, "\n## Dead Man's Hand's commands at the top level\n\n{}", pointers.concat());
    }
    for sub in command.get_subcommands_mut().filter(|s| s.get_name() != "help") {
        if !is_alias(sub) {
            section(sub, aliases, page);
        }
    }
}

#[test]
fn cli_page_is_written_from_the_command_line() {
    let expected = cli_page();
    assert!(!expected.contains('\u{1b}'), "the help is plain text, without ANSI styling");
    let path = root().join(CLI_PAGE);
    if std::env::var_os(BLESS).is_some_and(|v| v == "1") {
        std::fs::write(&path, &expected).expect("docs/cli.md is written");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
    if on_disk != expected {
        let first = on_disk
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| on_disk.lines().count().min(expected.lines().count()));
        panic!(
            "{CLI_PAGE} is out of date with the command line (first difference on line {}): run \
             `{BLESS}=1 cargo test --test main docs` to write it again, and commit it",
            first + 1
        );
    }
}

#[test]
fn cli_page_has_every_command() {
    let page = cli_page();
    for heading in [
        "## `posse`",
        "## `posse systems`",
        "## `posse dmh shoot`",
        "## `posse dmh gang check`",
        "## `posse dmh game simulate`",
        "## `posse fragmaster attack`",
        "## `posse frag record-sheet`",
        "## `posse savage combatant print`",
    ] {
        assert!(page.lines().any(|l| l == heading), "{heading} is missing");
    }
    assert!(!page.contains("## `posse shoot`"), "the top-level alias points to posse dmh shoot");
    assert!(page.lines().any(|l| l == "- `posse shoot` is [`posse dmh shoot`](#posse-dmh-shoot)"));
    assert!(page.contains("Usage: posse dmh shoot [OPTIONS] --weapon <WEAPON> --distance <DISTANCE>"));
    assert!(!page.contains("## `posse dmh help`"), "clap's help subcommand is left out");
}

/// The words of `text`, one space between each: the long help lays short descriptions out on
/// their own lines where `--help` keeps them beside the flag.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn cli_page_says_what_help_prints() {
    let page = cli_page();
    for args in [
        &["posse", "--help"][..],
        &["posse", "dmh", "shoot", "--help"],
        &["posse", "savage", "trait", "--help"],
    ] {
        let (code, stdout, stderr) =
            posse::cli::execute(posse::systems::ALL, args.iter().map(Into::into).collect());
        assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
        let path = args[..args.len() - 1].join(" ");
        let heading = format!("## `{path}`\n\n```text\n");
        let start = page.find(&heading).map(|at| at + heading.len()).expect("the command's section");
        let end = page[start..].find("\n```\n").map(|at| start + at).expect("the section's end");
        assert_eq!(
            words(&page[start..end]),
            words(&stdout),
            "{path}'s section says what `{path} --help` prints"
        );
    }
}

/// The Markdown files whose links are checked: the README and every page of `docs/`.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// The lines of `text` outside fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// The anchors of a page's headings, as GitHub and mdBook make them: lowercase, letters, digits,
/// `-` and `_` kept, spaces turned into `-`, the rest dropped; a repeated one gets `-1`, `-2`…
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose(text) {
        let Some(title) = line.strip_prefix('#').map(|t| t.trim_start_matches('#')) else {
            continue;
        };
        let slug: String = title
            .trim()
            .chars()
            .filter_map(|c| match c {
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().collect()),
                ' ' => Some("-".to_owned()),
                _ => None,
            })
            .collect::<Vec<String>>()
            .concat();
        let mut unique = slug.clone();
        let mut n = 0;
        while seen.contains(&unique) {
            n += 1;
            unique = format!("{slug}-{n}");
        }
        seen.insert(unique);
    }
    seen
}

/// Every `[text](target)` link of the file's prose, with its target.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                found.push(rest[..end].to_owned());
                rest = &rest[end..];
            }
        }
    }
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{} is readable: {e}", path.display()))
}

#[test]
fn links_land_on_a_file_and_a_heading() {
    let mut broken = Vec::new();
    for file in markdown_files() {
        let text = read(&file);
        for target in links(&text) {
            if target.starts_with("https://") || target.starts_with("http://") {
                continue;
            }
            let (name, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked =
                if name.is_empty() { file.clone() } else { file.parent().expect("a folder").join(name) };
            let name = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            if !linked.is_file() {
                broken.push(format!("{name}: {target} (no such file)"));
            } else if !anchor.is_empty() && !anchors(&read(&linked)).contains(anchor) {
                broken.push(format!("{name}: {target} (no such heading)"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_book_lists_every_page() {
    let summary = read(&root().join("docs/SUMMARY.md"));
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    let pages: BTreeSet<String> = markdown_files()
        .iter()
        .skip(1)
        .filter_map(|p| p.file_name()?.to_str().map(str::to_owned))
        .filter(|name| name != "SUMMARY.md")
        .collect();
    assert_eq!(listed, pages, "docs/SUMMARY.md lists every page of docs/, and only those");
}

#[test]
fn anchors_follow_github_and_mdbook() {
    let page = "# Dead Man's Hand\n## The command line\n```\n# not a heading\n```\n\
                ## `posse dmh shoot`\n### The command line\n## Frag Zombies!!! (Savage Worlds)\n";
    let expected = [
        "dead-mans-hand",
        "the-command-line",
        "posse-dmh-shoot",
        "the-command-line-1",
        "frag-zombies-savage-worlds",
    ];
    assert_eq!(anchors(page), expected.iter().map(|s| (*s).to_owned()).collect());
}
