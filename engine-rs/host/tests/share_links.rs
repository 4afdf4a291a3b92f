//! The golden share links (tests/golden/share-links.json, docs/contract.md section 11.5): each
//! report gives its replay command and its link, as lib/report/share-link.test.ts checks for the
//! TypeScript hosts; the options of every link are the link table's (engine-data/cli.toml).

use fracture_engine::{Report, Value};
use fracture_host::host_fields;
use fracture_host::link_options::{LINK_OPTIONS, LINK_VERSION};
use fracture_host::share_link::link_settings;
use fracture_host::ui_modes::SITE_ORIGIN;
use serde_json::Value as Json;

/// A key as the report's field table wants it (the vectors' keys live as long as the test).
fn key(k: &str) -> &'static str {
    Box::leak(k.to_string().into_boxed_str())
}

fn value(v: &Json) -> Value {
    match v {
        Json::String(s) => Value::Str(s.clone()),
        Json::Number(n) => Value::Int(n.as_u64().expect("the vectors' numbers are counts")),
        Json::Bool(b) => Value::Bool(*b),
        Json::Object(o) => Value::Object(o.iter().map(|(k, v)| (key(k), value(v))).collect()),
        Json::Array(a) => Value::List(a.iter().map(value).collect()),
        Json::Null => panic!("no null in a report"),
    }
}

fn vectors() -> Json {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/share-links.json"))
        .expect("tests/golden/share-links.json");
    serde_json::from_str(&text).expect("share-links.json is JSON")
}

#[test]
fn every_report_gives_its_replay_command_and_link() {
    let v = vectors();
    assert_eq!(v["version"], LINK_VERSION);
    assert_eq!(v["origin"], SITE_ORIGIN);
    let links = v["links"].as_array().unwrap();
    assert!(links.len() >= 10);
    for case in links {
        let mut report = Report::default();
        for (k, v) in case["report"].as_object().unwrap() {
            report.set(key(k), value(v));
        }
        host_fields::add(&mut report, None);
        let why = case["why"].as_str().unwrap();
        assert_eq!(report.get("replay"), Some(&Value::Str(case["replay"].as_str().unwrap().into())), "{why}");
        assert_eq!(report.get("share_link"), Some(&Value::Str(case["share_link"].as_str().unwrap().into())), "{why}");
        // Every option the link carries is one of the table's, named as the command line names it.
        let args = host_fields::replay_args(&report);
        for (name, _) in link_settings(&args) {
            assert!(LINK_OPTIONS.iter().any(|o| o.name == name), "{why}: {name} is not a link option");
        }
    }
}
