//! The one reader of the JSON files a player keeps, for every game: gangs, fighters,
//! combatants. One rule for all of them, so a file that one
//! system accepts is never refused by another for the same bytes:
//!
//! - one UTF-8 byte order mark before the JSON is allowed (editors on Windows write one); a
//!   second is not JSON, and is refused like any other stray character;
//! - the file is one JSON value, with nothing after it but white space;
//! - a problem is described with its JSON path (`models[0].name`) and its line and column.
//!
//! Pure text in, value or sentence fragment out: no file is touched here, so the pure rules
//! cores (a system's fighters or combatants) read their files' text with it too.

use serde::de::DeserializeOwned;

/// Reads `text` as one `T`, describing what is wrong in a sentence fragment; `what` names the
/// thing in the file ("gang"), for "there is more after the gang's closing brace".
///
/// # Errors
/// When the text is not one JSON value of `T`'s shape.
pub fn parse<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let what = inner.to_string();
        let what = what.rfind(" at line ").map_or(what.as_str(), |at| &what[..at]).to_owned();
        // `?` is serde_path_to_error's "somewhere unknown", `.` the whole file.
        if path.is_empty() || path == "." || path == "?" {
            format!("{what} (line {}, column {})", inner.line(), inner.column())
        } else {
            format!("{what} at {path} (line {}, column {})", inner.line(), inner.column())
        }
    })?;
    de.end().map_err(|e| {
        format!("there is more after the {what}'s closing brace (line {}, column {})", e.line(), e.column())
    })?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<u32, &str>) {
        let got = parse::<serde_json::Value>(text, "thing")
            .map(|v| u32::try_from(v["n"].as_u64().unwrap_or(u64::MAX)).unwrap_or(u32::MAX));
        assert_eq!(got, expected.map_err(str::to_owned), "{text:?}");
    }

    #[test]
    fn one_byte_order_mark_one_value_and_nothing_after() {
        check(r#"{"n": 1}"#, Ok(1));
        check("\u{feff}{\"n\": 1}\n\t \r\n", Ok(1));
        check("\u{feff}\u{feff}{\"n\": 1}", Err("expected value (line 1, column 1)"));
        check("{\"n\": 1} x", Err("there is more after the thing's closing brace (line 1, column 10)"));
        check(
            "{\"n\": 1}\n{\"n\": 1}",
            Err("there is more after the thing's closing brace (line 2, column 1)"),
        );
        check("", Err("EOF while parsing a value (line 1, column 0)"));
        assert_eq!(
            parse::<Vec<u32>>("[1, \"x\"]", "list"),
            Err("invalid type: string \"x\", expected u32 at [1] (line 1, column 7)".to_owned())
        );
    }
}
