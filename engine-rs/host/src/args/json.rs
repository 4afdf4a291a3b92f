//! The decisions as JSON, for the npm CLI (through the outputs module and the host module) and
//! back: each command's, and a campaign's read back to describe it (campaign::Campaign::described).

use fracture_engine::Options;
use serde_json::{json, Value};

use super::*;

impl Corruption {
    /// As the npm CLI takes it: the mode's name, the intensity, the ranges, --fix-checksums,
    /// --member and the mode's own options as given.
    pub fn to_json(&self) -> Value {
        let o = &self.options;
        json!({
            "mode": self.mode.name(),
            "intensity": self.intensity,
            "only": o.ranges.only,
            "protect": o.ranges.protect,
            "fixChecksums": o.fix_checksums,
            "member": o.member,
            "direction": o.direction,
            "charset": o.charset,
            "bom": o.bom,
            "blockSize": o.block_size,
        })
    }

    /// Read back from [`Corruption::to_json`].
    pub fn from_json(v: &Value) -> Option<Corruption> {
        let text = |k: &str| v[k].as_str().map(str::to_string);
        let list = |k: &str| v[k].as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect());
        let mut options = Options { fix_checksums: v["fixChecksums"].as_bool()?, ..Options::default() };
        (options.ranges.only, options.ranges.protect) = (list("only")?, list("protect")?);
        (options.member, options.direction, options.charset) = (text("member"), text("direction"), text("charset"));
        (options.bom, options.block_size) = (text("bom"), text("blockSize"));
        let mode = crate::mode_from_name(v["mode"].as_str()?).ok()?;
        Some(Corruption { mode, intensity: u32::try_from(v["intensity"].as_u64()?).ok()?, options })
    }
}

impl Corrupting {
    /// As the npm CLI takes it (`decide_json("fracture")`).
    pub fn to_json(&self) -> Value {
        json!({
            "corruption": self.corruption.to_json(), "seed": self.seed, "count": self.count, "name": self.name,
            "report": self.report, "pdf": self.pdf, "json": self.json, "quiet": self.quiet, "dryRun": self.dry_run,
        })
    }
}

impl Campaign {
    /// As the npm CLI takes it (`decide_json("run")`).
    pub fn to_json(&self) -> Value {
        json!({
            "corruption": self.corruption.to_json(), "seed": self.seed, "count": self.count, "jobs": self.jobs,
            "timeoutMs": self.timeout_ms, "shard": self.shard.map(|(k, n)| [k, n]), "crashExit": self.crash_exit,
            "crashPattern": self.crash_pattern, "resume": self.resume, "minimize": self.minimize,
            "baseline": self.baseline, "quiet": self.quiet,
        })
    }

    /// Read back from [`Campaign::to_json`].
    pub fn from_json(v: &Value) -> Option<Campaign> {
        let shard = match &v["shard"] {
            Value::Array(a) => Some((a.first()?.as_u64()?, a.get(1)?.as_u64()?)),
            _ => None,
        };
        let codes = v["crashExit"].as_array()?.iter().map(|c| c.as_i64().and_then(|c| i32::try_from(c).ok()));
        Some(Campaign {
            corruption: Corruption::from_json(&v["corruption"])?,
            seed: v["seed"].as_u64(),
            count: v["count"].as_u64()?,
            jobs: usize::try_from(v["jobs"].as_u64()?).ok()?,
            timeout_ms: v["timeoutMs"].as_u64()?,
            shard,
            crash_exit: codes.collect::<Option<Vec<_>>>()?,
            crash_pattern: v["crashPattern"].as_str().map(str::to_string),
            resume: v["resume"].as_bool()?,
            minimize: v["minimize"].as_bool()?,
            baseline: v["baseline"].as_bool()?,
            quiet: v["quiet"].as_bool()?,
        })
    }
}

/// A command's decisions as JSON for the npm CLI (`command`: `fracture`, `run`, `merge`, `minimize`,
/// `diagnose`, `bench`, or `corruption` for the corruption options alone), or the message that refuses them.
pub fn decide_json(command: &str, g: &Given, cores: usize, random_seed: u64) -> Result<Value, String> {
    Ok(match command {
        "fracture" => corrupting(g, random_seed)?.to_json(),
        "run" => campaign(g, cores)?.to_json(),
        "merge" => json!({ "quiet": merge(g)? }),
        "minimize" => {
            let m = minimize(g, cores)?;
            json!({ "test": m.test, "timeoutMs": m.timeout_ms, "jobs": m.jobs, "quiet": m.quiet })
        }
        "diagnose" => json!({ "json": diagnose(g)? }),
        "bench" => bench(g)?.to_json(),
        "corruption" => corruption(g)?.to_json(),
        other => return Err(format!("no command {other}")),
    })
}
