//! The share link (docs/contract.md, section 11.5): the replay command's options as a query on the
//! site's origin, then the file the run expects, for every host (the outputs module carries it to the
//! npm CLI, the SDK and the site), held to the vectors of tests/golden/share-links.json.
//!
//! The link is made from the replay command's arguments, read with the option table of
//! engine-data/cli.toml (`link = true`): an option that joins the replay command joins the link with
//! no other change. The query is written as the WHATWG URL standard's
//! application/x-www-form-urlencoded serializer writes it (what the browser's URLSearchParams does),
//! by the `form_urlencoded` crate (rust-url's).

use crate::link_options::{LinkOption, LINK_OPTIONS, LINK_VERSION};

/// The option of the link table named `name`.
pub fn link_option(name: &str) -> Option<&'static LinkOption> {
    LINK_OPTIONS.iter().find(|o| o.name == name)
}

/// The replay command's options (`host_fields::replay_args`) as the link's (name, value) pairs, in
/// their order: `--only 0:10` and `--only=-512:` alike give ("only", the range); a flag has the
/// empty value. An option missing from the table takes the next argument as its value unless it
/// was written `--name=value` or the next argument is an option (the golden vectors keep every
/// option of a replay command in the table).
pub fn link_settings(args: &[String]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let word = args[i].strip_prefix("--").unwrap_or(&args[i]);
        i += 1;
        if let Some((name, value)) = word.split_once('=') {
            out.push((name.to_string(), value.to_string()));
            continue;
        }
        let takes = link_option(word).map_or_else(|| args.get(i).is_some_and(|a| !a.starts_with("--")), |o| o.value);
        let value = if takes && i < args.len() {
            i += 1;
            args[i - 1].clone()
        } else {
            String::new()
        };
        out.push((word.to_string(), value));
    }
    out
}

/// `{origin}/?v=VERSION&NAME=VALUE…&file=FILE&size=SIZE`: the settings of `args` (the replay
/// command's options), then the name and the size of the file the run read.
pub fn share_link(origin: &str, args: &[String], file: &str, size: u64) -> String {
    link(origin, args, Some((file, size)))
}

/// `{origin}/?v=VERSION&NAME=VALUE…`: the settings alone (the site's "Copy share link" before a
/// file is added).
pub fn settings_link(origin: &str, args: &[String]) -> String {
    link(origin, args, None)
}

fn link(origin: &str, args: &[String], file: Option<(&str, u64)>) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("v", &LINK_VERSION.to_string());
    for (name, value) in link_settings(args) {
        query.append_pair(&name, &value);
    }
    if let Some((file, size)) = file {
        query.append_pair("file", file);
        query.append_pair("size", &size.to_string());
    }
    format!("{origin}/?{}", query.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn settings_from_replay_arguments() {
        let args =
            words("--mode bit_rot --intensity 5 --seed 7 --only 16:-32 --protect=-0: --fix-checksums --member a*b");
        let pairs = link_settings(&args);
        let got: Vec<(&str, &str)> = pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        assert_eq!(
            got,
            [
                ("mode", "bit_rot"),
                ("intensity", "5"),
                ("seed", "7"),
                ("only", "16:-32"),
                ("protect", "-0:"),
                ("fix-checksums", ""),
                ("member", "a*b")
            ]
        );
    }

    #[test]
    fn the_query_as_url_search_params_writes_it() {
        let link = share_link("http://x", &words("--mode byte_flip --member word/*.xml"), "a b&c=é.docx", 9);
        assert_eq!(link, "http://x/?v=2&mode=byte_flip&member=word%2F*.xml&file=a+b%26c%3D%C3%A9.docx&size=9");
    }
}
