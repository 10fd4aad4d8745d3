//! Driving the libFuzzer binaries of the fuzz workspace (`fuzz/`, built by cargo-fuzz) as
//! subprocesses: the harness never links them. [`Fuzzers::locate`] finds them (building them
//! with `cargo fuzz build` in a checkout when cargo-fuzz is there, see [`BUILD_COMMAND`]), [`Run::start`] runs one
//! target in fork mode (crashes, timeouts and OOMs kept in the campaign's `crashes/` and not
//! fatal) in a process group of its own, and a reader thread copies libFuzzer's output to the
//! target's log while keeping its latest numbers ([`Stats`]).

use anyhow::{bail, Context};
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// Where the fuzz binaries live, the seeds tool among them (overrides finding them in the
/// checkout).
pub const BIN_DIR_ENV: &str = "URLDIFF_FUZZ_BIN_DIR";

/// The seeds tool of the fuzz workspace: it knows each target's libFuzzer flags (`-max_len`,
/// `-dict`) and writes its seed corpus. An ordinary program: in a checkout it is built by
/// plain `cargo build` (it does not link libFuzzer, so a build without a sanitizer cannot
/// link it with the fuzzers' flags).
pub const SEEDS_TOOL: &str = "urldiff-fuzz-seeds";

/// Where campaign builds of the fuzz targets go (gitignored with `fuzz/target`).
pub const CAMPAIGN_TARGET_DIR: &str = "fuzz/target/campaign";

/// What builds the campaign's binaries, for messages: each target with
/// `RUSTC_BOOTSTRAP=1 cargo fuzz build -O --debug-assertions -s none --target-dir
/// fuzz/target/campaign TARGET`, and the seeds tool with `cargo build --manifest-path
/// fuzz/Cargo.toml --bin urldiff-fuzz-seeds`.
///
/// Without AddressSanitizer (`-s none`): the fuzzed Rust code forbids `unsafe`, and ada's C++
/// is compiled by its build script without sanitizer flags anyway, so ASan found nothing here
/// that a panic would not, and cost a factor of five in executions per second. Debug assertions
/// (and with them overflow checks) stay on. The ClusterFuzzLite/OSS-Fuzz build keeps ASan.
pub const BUILD_COMMAND: &str = "make fuzz-campaign-build";

/// The built fuzz binaries and the seeds tool.
#[derive(Clone, Debug)]
pub struct Fuzzers {
    pub dir: PathBuf,
    pub seeds_tool: PathBuf,
}

impl Fuzzers {
    /// `$URLDIFF_FUZZ_BIN_DIR`, else the checkout's campaign build — built first when `build`
    /// and cargo-fuzz is installed. Every target and the seeds tool must be there; otherwise
    /// the error says what to run.
    /// `note` is told before a build starts (it takes minutes, its output goes to `log`).
    pub fn locate(
        targets: &[String],
        build: bool,
        log: &Path,
        note: &dyn Fn(&str),
    ) -> anyhow::Result<Fuzzers> {
        let fuzzers = match std::env::var_os(BIN_DIR_ENV) {
            Some(dir) => {
                let dir = PathBuf::from(dir);
                Fuzzers { seeds_tool: dir.join(SEEDS_TOOL), dir }
            }
            None => {
                let Some(root) = checkout() else {
                    bail!(
                        "no fuzz binaries: run urldiff fuzz inside the urldiff checkout (after \
                         `{BUILD_COMMAND}` there), or set {BIN_DIR_ENV} to a folder of built \
                         fuzz targets and {SEEDS_TOOL}"
                    );
                };
                if build && cargo_fuzz_installed() {
                    note(&format!(
                        "building the fuzz binaries (`{BUILD_COMMAND}`; minutes the first time; \
                         --no-build skips it); its output goes to {}",
                        log.display()
                    ));
                    run_build(&root, targets, log)?;
                }
                let target = root.join(CAMPAIGN_TARGET_DIR);
                let dir = release_dir(&target).unwrap_or_else(|| target.join("release"));
                Fuzzers { dir, seeds_tool: root.join("fuzz/target/debug").join(SEEDS_TOOL) }
            }
        };
        let mut missing: Vec<String> = targets
            .iter()
            .map(|t| fuzzers.binary(t))
            .chain([fuzzers.seeds_tool.clone()])
            .filter(|path| !path.is_file())
            .map(|path| path.display().to_string())
            .collect();
        if !missing.is_empty() {
            missing.sort();
            bail!(
                "fuzz binaries missing: {}; build them in the checkout with `{BUILD_COMMAND}` \
                 (cargo-fuzz and libFuzzer: `cargo fuzz build`), or set {BIN_DIR_ENV}",
                missing.join(", ")
            );
        }
        Ok(fuzzers)
    }

    pub fn binary(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The target's libFuzzer flags, as its seeds tool says (`-max_len=…`, `-dict=…`).
    pub fn flags(&self, target: &str) -> anyhow::Result<Vec<String>> {
        let out = self.seeds_tool(&["flags", target])?;
        Ok(out.split_whitespace().map(str::to_owned).collect())
    }

    /// Write the target's seed corpus into `dir/<target>/`.
    pub fn write_seeds(&self, target: &str, dir: &Path) -> anyhow::Result<()> {
        let dir = dir.to_string_lossy();
        self.seeds_tool(&["corpus", "--out", &dir, target]).map(drop)
    }

    fn seeds_tool(&self, args: &[&str]) -> anyhow::Result<String> {
        let tool = &self.seeds_tool;
        let out = Command::new(tool)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("running {}", tool.display()))?;
        if !out.status.success() {
            bail!(
                "{} {} failed ({}): {}",
                tool.display(),
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// The urldiff checkout holding the fuzz workspace, when the working directory is in one.
fn checkout() -> Option<PathBuf> {
    urldiff_corpus::project::find().filter(|root| root.join("fuzz/Cargo.toml").is_file())
}

/// `<target dir>/<triple>/release` (cargo-fuzz builds for an explicit target triple), the
/// first that exists.
fn release_dir(target: &Path) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(target)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| !matches!(e.file_name().to_str(), Some("release" | "debug")))
        .map(|e| e.path().join("release"))
        .filter(|d| d.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter().next()
}

fn cargo_fuzz_installed() -> bool {
    Command::new("cargo")
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Build each target (`cargo fuzz build`, see [`BUILD_COMMAND`]) and the seeds tool in the
/// checkout, their output appended to `log`.
fn run_build(root: &Path, targets: &[String], log: &Path) -> anyhow::Result<()> {
    let out = std::fs::OpenOptions::new().create(true).append(true).open(log)?;
    let campaign = root.join(CAMPAIGN_TARGET_DIR);
    let mut commands: Vec<Command> = targets
        .iter()
        .map(|target| {
            let mut cargo = Command::new("cargo");
            cargo.args(["fuzz", "build", "-O", "--debug-assertions", "-s", "none"]);
            cargo.arg("--target-dir").arg(&campaign).arg(target).env("RUSTC_BOOTSTRAP", "1");
            cargo
        })
        .collect();
    let mut seeds = Command::new("cargo");
    seeds.args(["build", "--manifest-path", "fuzz/Cargo.toml", "--bin", SEEDS_TOOL]);
    commands.push(seeds);
    for mut command in commands {
        let status = command
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(out.try_clone()?)
            .stderr(out.try_clone()?)
            .status()
            .with_context(|| format!("running {command:?}"))?;
        if !status.success() {
            bail!("{command:?} in {} failed ({status}); see {}", root.display(), log.display());
        }
    }
    Ok(())
}

/// libFuzzer's latest numbers for one run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub execs: u64,
    pub execs_per_sec: f64,
    pub corpus: u64,
}

impl Stats {
    /// Read a libFuzzer status line: `#1234 … corp: 56/789b … exec/s: 1000 …` (the fork
    /// mode's `#1234: cov: … corp: 56 exec/s: 1000 …` too). `None` for other lines.
    pub fn parse(line: &str, previous: Stats) -> Option<Stats> {
        let rest = line.strip_prefix('#')?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let execs = digits.parse().ok()?;
        let after = |key: &str| {
            let at = line.find(key)? + key.len();
            let value: String = line[at..]
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            value.parse::<f64>().ok()
        };
        Some(Stats {
            execs,
            execs_per_sec: after("exec/s:").unwrap_or(previous.execs_per_sec),
            corpus: after("corp:").map_or(previous.corpus, |c| c as u64),
        })
    }
}

/// One libFuzzer process (fork mode), running a target.
#[derive(Debug)]
pub struct Run {
    child: Child,
    stats: Arc<Mutex<Stats>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

/// What a run is given.
#[derive(Debug)]
pub struct RunSpec<'a> {
    pub target: &'a str,
    pub seconds: u64,
    pub jobs: u32,
    /// Corpus folders: the first one receives new inputs.
    pub corpora: Vec<PathBuf>,
    pub crashes: PathBuf,
    pub findings: PathBuf,
    pub log: PathBuf,
    /// libFuzzer's scratch folder (`TMPDIR`): fork mode's job folders live there, so a killed
    /// fuzzer leaves them in the campaign, where the next run clears them, not in `/tmp`.
    pub scratch: PathBuf,
}

impl Run {
    pub fn start(fuzzers: &Fuzzers, spec: &RunSpec) -> anyhow::Result<Run> {
        use std::os::unix::process::CommandExt as _;
        let mut args: Vec<String> = spec.corpora.iter().map(|d| d.display().to_string()).collect();
        args.extend(fuzzers.flags(spec.target)?);
        args.extend([
            format!("-max_total_time={}", spec.seconds.max(1)),
            format!("-fork={}", spec.jobs.max(1)),
            "-ignore_crashes=1".into(),
            "-ignore_timeouts=1".into(),
            "-ignore_ooms=1".into(),
            "-timeout=20".into(),
            "-rss_limit_mb=2048".into(),
            "-print_final_stats=1".into(),
            format!("-artifact_prefix={}/", spec.crashes.display()),
        ]);
        if spec.scratch.exists() {
            std::fs::remove_dir_all(&spec.scratch)
                .with_context(|| format!("clearing {}", spec.scratch.display()))?;
        }
        std::fs::create_dir_all(&spec.scratch)?;
        let mut log = std::fs::OpenOptions::new().create(true).append(true).open(&spec.log)?;
        writeln!(log, "=== urldiff fuzz: {} {}", spec.target, args.join(" "))?;
        let mut child = Command::new(fuzzers.binary(spec.target))
            .args(&args)
            .env("URLDIFF_FUZZ_FINDINGS", &spec.findings)
            .env("TMPDIR", &spec.scratch)
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .with_context(|| format!("starting the {} fuzzer", spec.target))?;
        if !urldiff_oracles::subprocess::process::process_group::register(child.id()) {
            let _ = child.kill();
            let _ = child.wait();
            bail!("interrupted");
        }
        let stats = Arc::new(Mutex::new(Stats::default()));
        let stderr = child.stderr.take().expect("piped");
        let shared = Arc::clone(&stats);
        let reader = std::thread::spawn(move || copy_and_parse(stderr, log, &shared));
        Ok(Run { child, stats, reader: Some(reader) })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `Some(success)` once the fuzzer has exited.
    pub fn finished(&mut self) -> anyhow::Result<Option<bool>> {
        let status = self.child.try_wait()?;
        if status.is_some() {
            self.reap();
        }
        Ok(status.map(|s| s.success()))
    }

    /// Stop the fuzzer's whole process group (fork mode's children too) and reap it.
    pub fn stop(&mut self) {
        let pid = self.child.id();
        urldiff_oracles::subprocess::process::process_group::kill_group(pid);
        urldiff_oracles::subprocess::process::process_group::unregister(pid);
        let _ = self.child.wait();
        self.reap();
    }

    fn reap(&mut self) {
        urldiff_oracles::subprocess::process::process_group::unregister(self.child.id());
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        if self.reader.is_some() {
            self.stop();
        }
    }
}

fn copy_and_parse(stderr: impl std::io::Read, mut log: std::fs::File, stats: &Mutex<Stats>) {
    for line in BufReader::new(stderr).lines().map_while(Result::ok) {
        let _ = writeln!(log, "{line}");
        let mut current = stats.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(parsed) = Stats::parse(&line, *current) {
            // Fork mode's final line repeats the total; never go backwards.
            if parsed.execs >= current.execs {
                *current = parsed;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libfuzzer_status_lines_are_read_in_both_modes() {
        let zero = Stats::default();
        let plain =
            "#65536\tpulse  cov: 2093 ft: 7020 corp: 1146/41Kb lim: 48 exec/s: 21845 rss: 84Mb";
        assert_eq!(
            Stats::parse(plain, zero),
            Some(Stats { execs: 65536, execs_per_sec: 21845.0, corpus: 1146 })
        );
        let fork = "#401726: cov: 5161 ft: 21542 corp: 4243 exec/s: 6601 oom/timeout/crash: \
                    0/0/1 time: 62s job: 14 dft_time: 0";
        assert_eq!(
            Stats::parse(fork, zero),
            Some(Stats { execs: 401726, execs_per_sec: 6601.0, corpus: 4243 })
        );
        let before = Stats { execs: 1, execs_per_sec: 5.0, corpus: 7 };
        assert_eq!(
            Stats::parse("#2\tINITED exec/s: 0 rss: 40Mb", before),
            Some(Stats { execs: 2, execs_per_sec: 0.0, corpus: 7 })
        );
        assert_eq!(Stats::parse("INFO: Seed: 1234", zero), None);
        assert_eq!(Stats::parse("#x", zero), None);
    }
}
