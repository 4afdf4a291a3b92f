//! A run's plan as `--dry-run` prints it (docs/usage.md, "Dry run"): lines of text, or with `--json`
//! one JSON object on one line. Written once for both command lines: fracture_host::plan makes the
//! [`DryRun`] of a plan (`Plan::dry_run`), its paths in their display form.

use crate::display;
use crate::json::J;

/// Variant j of file i: its seed, its outputs (display form) and its checksum route.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variant {
    /// seed + i * count + j; None past u64 (the engine refuses it in its turn).
    pub seed: Option<u64>,
    /// Its corrupted file; None: standard output.
    pub output: Option<String>,
    pub checksums: String,
    pub report: Option<String>,
    pub pdf: Option<String>,
}

/// One FILE as planned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// As given, in its display form.
    pub file: String,
    pub stdin: bool,
    /// Size, device and inode of a regular file; None when it is not one now.
    pub identity: Option<(u64, u64, u64)>,
    pub route: String,
    pub variants: Vec<Variant>,
}

/// A run as planned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DryRun {
    pub mode: String,
    pub intensity: u32,
    pub seed: u64,
    pub count: u64,
    pub only: Vec<String>,
    pub protect: Vec<String>,
    pub fix_checksums: bool,
    /// `--member`'s glob, as typed.
    pub member: Option<String>,
    pub inputs: Vec<Input>,
    /// The batch ZIP, in its display form.
    pub zip: Option<String>,
}

fn seed_text(seed: Option<u64>) -> String {
    seed.map_or_else(|| "past 18446744073709551615".into(), |s| s.to_string())
}

fn list_text(list: &[String]) -> String {
    if list.is_empty() {
        "none".into()
    } else {
        list.join(" ")
    }
}

impl DryRun {
    /// The lines `--dry-run` prints.
    pub fn text(&self) -> String {
        let mut t = crate::messages::plan_header() + "\n";
        let per = if self.count == 1 { "1 variant".to_string() } else { format!("{} variants", self.count) };
        t += &format!("engine: mode {}, intensity {}, seed {}, {per} per file\n", self.mode, self.intensity, self.seed);
        t += &format!(
            "options: only {}, protect {}, fix checksums {}, member {}\n",
            list_text(&self.only),
            list_text(&self.protect),
            if self.fix_checksums { "yes" } else { "no" },
            // In quotes: a glob may be the word "none".
            self.member.as_deref().map_or_else(|| "none".into(), |m| format!("\"{}\"", display::text(m)))
        );
        for (i, input) in self.inputs.iter().enumerate() {
            let what = match (input.identity, input.stdin) {
                (Some((size, device, inode)), _) => format!("{size} bytes, device {device}, inode {inode}"),
                (None, true) => "standard input, size known once read".into(),
                (None, false) => "not readable now, it fails in its turn".into(),
            };
            t += &format!("input {}: {} ({what}), read {}\n", i + 1, input.file, input.route);
            for v in &input.variants {
                let to = v.output.as_deref().unwrap_or("standard output");
                t += &format!("  seed {}: {to}, checksums {}\n", seed_text(v.seed), v.checksums);
                if let Some(p) = &v.report {
                    t += &format!("    report {p}\n");
                }
                if let Some(p) = &v.pdf {
                    t += &format!("    pdf {p}\n");
                }
            }
        }
        if let Some(zip) = &self.zip {
            t += &format!("zip {zip}\n");
        }
        t
    }

    /// One JSON object on one line (`--dry-run --json`); device, inode, size and seed as exact integers.
    pub fn json(&self) -> String {
        let text = |s: &Option<String>| J::opt(s.clone(), J::Str);
        let inputs = self.inputs.iter().map(|input| {
            let variants = input.variants.iter().map(|v| {
                J::Obj(vec![
                    ("seed", J::opt(v.seed, J::Int)),
                    ("output", text(&v.output)),
                    ("checksums", J::Str(v.checksums.clone())),
                    ("report", text(&v.report)),
                    ("pdf", text(&v.pdf)),
                ])
            });
            let id = input.identity;
            J::Obj(vec![
                ("file", J::Str(input.file.clone())),
                ("stdin", J::Bool(input.stdin)),
                ("size", J::opt(id.map(|i| i.0), J::Int)),
                ("device", J::opt(id.map(|i| i.1), J::Int)),
                ("inode", J::opt(id.map(|i| i.2), J::Int)),
                ("route", J::Str(input.route.clone())),
                ("variants", J::List(variants.collect())),
            ])
        });
        let plan = J::Obj(vec![
            ("mode", J::Str(self.mode.clone())),
            ("intensity", J::Int(u64::from(self.intensity))),
            ("seed", J::Int(self.seed)),
            ("count", J::Int(self.count)),
            ("only", J::strs(&self.only)),
            ("protect", J::strs(&self.protect)),
            ("fix_checksums", J::Bool(self.fix_checksums)),
            ("member", text(&self.member)),
            ("inputs", J::List(inputs.collect())),
            ("zip", text(&self.zip)),
        ]);
        plan.compact() + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> DryRun {
        DryRun {
            mode: "byte_flip".into(),
            intensity: 80,
            seed: 7,
            count: 2,
            only: vec!["0:4".into()],
            member: Some("none".into()),
            inputs: vec![
                Input {
                    file: "a.png".into(),
                    identity: Some((10, u64::MAX, 3)),
                    route: "whole".into(),
                    variants: vec![Variant {
                        seed: None,
                        output: Some("out/a_corrupted_7.png".into()),
                        checksums: "kept".into(),
                        report: Some("out/r.json".into()),
                        pdf: None,
                    }],
                    ..Input::default()
                },
                Input { file: "-".into(), stdin: true, route: "streamed".into(), ..Input::default() },
            ],
            zip: Some("z.zip".into()),
            ..DryRun::default()
        }
    }

    #[test]
    fn text_and_json_say_the_same_plan() {
        let p = plan();
        let text = p.text();
        assert!(text.contains("engine: mode byte_flip, intensity 80, seed 7, 2 variants per file\n"), "{text}");
        assert!(text.contains("options: only 0:4, protect none, fix checksums no, member \"none\"\n"));
        assert!(text.contains("input 1: a.png (10 bytes, device 18446744073709551615, inode 3), read whole\n"));
        assert!(text.contains(
            "  seed past 18446744073709551615: out/a_corrupted_7.png, checksums kept\n    report out/r.json\n"
        ));
        assert!(text.contains("input 2: - (standard input, size known once read), read streamed\nzip z.zip\n"));
        let json = p.json();
        assert!(json.starts_with("{\"mode\":\"byte_flip\",\"intensity\":80,\"seed\":7,\"count\":2,"), "{json}");
        assert!(json.contains("\"device\":18446744073709551615,"));
    }
}
