//! urldiff-fuzz-seeds: writes the fuzz targets' seed corpora and options, and replays inputs
//! through a check without libFuzzer.
//!
//!     urldiff-fuzz-seeds corpus [--out DIR] [--without-findings] [TARGET...]
//!                                         # DIR/<target>/<hash> (default fuzz/corpus); with
//!                                         # --without-findings, only seeds that find nothing
//!                                         # (for engines built with crash-on-divergence)
//!     urldiff-fuzz-seeds options --out DIR [--dict NAME]  # DIR/<target>.options (OSS-Fuzz)
//!     urldiff-fuzz-seeds flags TARGET                     # libFuzzer flags: -max_len, -dict
//!     urldiff-fuzz-seeds list                             # the target names
//!     urldiff-fuzz-seeds replay TARGET FILE...            # run the check, print what broke

use anyhow::{anyhow, bail, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use urldiff_fuzz::checks::{self, Target, TARGETS};
use urldiff_fuzz::{replay, seeds};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("urldiff-fuzz-seeds: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<ExitCode> {
    let (command, rest) =
        args.split_first().ok_or_else(|| anyhow!("usage: see the source's header"))?;
    match command.as_str() {
        "corpus" => corpus(rest),
        "options" => options(rest),
        "flags" => {
            let target = target(rest.first().map(String::as_str).unwrap_or(""))?;
            println!("{}", seeds::libfuzzer_flags(target, &seeds::dictionary_path()).join(" "));
            Ok(ExitCode::SUCCESS)
        }
        "list" => {
            TARGETS.iter().for_each(|t| println!("{}", t.name));
            Ok(ExitCode::SUCCESS)
        }
        "replay" => replay_files(rest),
        other => bail!("unknown command {other:?}"),
    }
}

fn target(name: &str) -> Result<&'static Target> {
    let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
    checks::target(name)
        .ok_or_else(|| anyhow!("unknown target {name:?} (targets: {})", names.join(", ")))
}

/// `--flag VALUE` out of `args`, and the rest.
fn take_flag(args: &[String], flag: &str) -> (Option<String>, Vec<String>) {
    let mut value = None;
    let mut rest = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == flag {
            value = iter.next().cloned();
        } else {
            rest.push(arg.clone());
        }
    }
    (value, rest)
}

fn corpus(args: &[String]) -> Result<ExitCode> {
    let (out, names) = take_flag(args, "--out");
    let clean = names.iter().any(|n| n == "--without-findings");
    let names: Vec<String> = names.into_iter().filter(|n| n != "--without-findings").collect();
    let out =
        out.map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"), PathBuf::from);
    let targets: Vec<&Target> = if names.is_empty() {
        TARGETS.to_vec()
    } else {
        names.iter().map(|n| target(n)).collect::<Result<_>>()?
    };
    let sources = seeds::Sources::locate()?;
    let strings = seeds::Strings::read(&sources)?;
    println!("seeds from {} and {}", sources.wpt.revision, sources.rfc.shown("*.json"));
    for target in targets {
        let dir = out.join(target.name);
        let mut generated = seeds::generate(target, &strings);
        if clean {
            generated = seeds::without_findings(target, generated);
        }
        let written = seeds::write(&dir, &generated)?;
        println!("{:<12} {written:>6} seeds in {}", target.name, dir.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn options(args: &[String]) -> Result<ExitCode> {
    let (out, rest) = take_flag(args, "--out");
    let (dict, _) = take_flag(&rest, "--dict");
    let out = PathBuf::from(out.ok_or_else(|| anyhow!("options needs --out DIR"))?);
    let dict = dict.unwrap_or_else(|| "url.dict".to_owned());
    std::fs::create_dir_all(&out)?;
    for target in TARGETS {
        std::fs::write(
            out.join(format!("{}.options", target.name)),
            seeds::options_file(target, &dict),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn replay_files(args: &[String]) -> Result<ExitCode> {
    let (name, files) = args.split_first().ok_or_else(|| anyhow!("replay needs TARGET FILE..."))?;
    let target = target(name)?;
    let inputs = files
        .iter()
        .map(|f| Ok((f.clone(), std::fs::read(f).map_err(|e| anyhow!("{f}: {e}"))?)))
        .collect::<Result<Vec<_>>>()?;
    let result = replay::replay(target, inputs);
    for (label, violation) in &result.violations {
        println!("{label}: {violation}");
    }
    for finding in &result.findings {
        println!("finding {}: {}", finding.signature, finding.detail);
    }
    println!(
        "{}: {} inputs, {} broken invariants, {} findings",
        target.name,
        result.executed,
        result.violations.len(),
        result.findings.len()
    );
    Ok(if result.violations.is_empty() && result.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
