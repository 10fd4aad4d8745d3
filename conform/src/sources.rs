//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: `urldiff_oracles::suites` (WPT, validity, the RFC tables and our own cases, each
//! with its truth, all embedded in the build).
//! Oracles: the registry of `urldiff-oracles` (`default_oracles`), unavailable ones included;
//! the driver skips them. The ledger: [`LedgerSource`]. [`set_up`] makes them as the CLI's
//! flags ([`Wanted`]) ask.

use crate::events::Events;
use crate::Phases;
use anyhow::bail;
use std::path::PathBuf;
use urldiff_compare::ledger::Ledger;
use urldiff_corpus::data::DataSource;
use urldiff_corpus::wpt::{LocateError, WptData};
use urldiff_oracles::answer_cache::{self, CacheNotes};
use urldiff_oracles::suite::Suite;
use urldiff_oracles::{registry, Oracle};

/// Where the ledger of a run comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerSource {
    /// `--ledger DIR`, or the project's `corpus/expected/`: read, and rewritten by `--bless`.
    Folder(PathBuf),
    /// No project (urldiff runs outside a checkout): the ledger committed with this build,
    /// written out to the cache to be read; read-only (`--bless` refuses it).
    Embedded(PathBuf),
}

/// ```
/// use std::path::PathBuf;
/// use urldiff_conform::sources::LedgerSource;
/// // `--ledger DIR` is read (and rewritten by `--bless`) wherever urldiff runs.
/// let source = LedgerSource::find(Some(PathBuf::from("my-ledger"))).unwrap();
/// assert_eq!(source, LedgerSource::Folder(PathBuf::from("my-ledger")));
/// assert_eq!(source.dir(), &PathBuf::from("my-ledger"));
/// ```
impl LedgerSource {
    /// `--ledger DIR`, else the project's ledger (`urldiff_corpus::project`), else the
    /// embedded one.
    pub fn find(explicit: Option<PathBuf>) -> anyhow::Result<LedgerSource> {
        if let Some(dir) = explicit {
            return Ok(LedgerSource::Folder(dir));
        }
        if let Some(project) = urldiff_corpus::project::find() {
            return Ok(LedgerSource::Folder(project.join(urldiff_corpus::project::LEDGER_DIR)));
        }
        let dir = urldiff_corpus::project::write_out("ledger", urldiff_corpus::embedded::LEDGER)
            .map_err(|e| anyhow::anyhow!("cannot write the embedded ledger to the cache: {e}"))?;
        Ok(LedgerSource::Embedded(dir))
    }

    /// The folder to read.
    pub fn dir(&self) -> &PathBuf {
        match self {
            LedgerSource::Folder(dir) | LedgerSource::Embedded(dir) => dir,
        }
    }
}

/// The two ledgers a triage reads (`urldiff triage`): `--ledger DIR` (`explicit`) leaves out
/// the divergences it expects, read against [`urldiff_triage::expected::TRUTH`], which must be
/// among `oracles`; without it, the project's (or the embedded) ledger still says what is
/// known upstream (the second) and leaves nothing out.
pub fn triage_ledgers(
    explicit: Option<&std::path::Path>,
    oracles: &[&dyn Oracle],
) -> anyhow::Result<(Option<Ledger>, Option<Ledger>)> {
    use urldiff_triage::expected::TRUTH;
    match explicit {
        Some(dir) if !oracles.iter().any(|o| o.name() == TRUTH) => bail!(
            "--ledger {} reads the ledgers against `{TRUTH}`, which is not among the oracles",
            dir.display()
        ),
        Some(dir) => Ok((Some(Ledger::load(dir)?), None)),
        None => {
            let known = LedgerSource::find(None).ok().and_then(|s| Ledger::load(s.dir()).ok());
            Ok((None, known))
        }
    }
}

/// Every oracle of a default run (unavailable ones included; the driver skips them). An
/// invalid `URLDIFF_CASE_TIMEOUT_MS` is an error.
pub fn default_oracles(wpt: &Result<WptData, LocateError>) -> anyhow::Result<Vec<Box<dyn Oracle>>> {
    let config = registry::RegistryConfig {
        wpt_data: wpt.as_ref().ok().cloned(),
        ..registry::RegistryConfig::from_env().map_err(anyhow::Error::msg)?
    };
    Ok(registry::default_oracles(&config))
}

/// Every suite of a default run (`urldiff_oracles::suites::default_suites`); without WPT data
/// the WPT and validity suites are left out, reported through `events`.
pub fn default_suites(
    wpt: &Result<WptData, LocateError>,
    cases: &DataSource,
    events: &dyn Events,
) -> anyhow::Result<Vec<Suite>> {
    let skipped = |reason: &str| events.data_skipped("the WPT suites", reason);
    Ok(urldiff_oracles::suites::default_suites(wpt, cases, skipped)?)
}

/// What a run is set up from (`urldiff conform`'s flags).
#[derive(Clone, Debug, Default)]
pub struct Wanted {
    /// `--cases DIR`: our own cases from this folder instead of the embedded ones.
    pub cases: Option<PathBuf>,
    /// `--only-cases`: no WPT or RFC suites.
    pub only_cases: bool,
    /// `--ledger DIR`.
    pub ledger: Option<PathBuf>,
    /// `--bless`: the ledger must be a folder to rewrite.
    pub bless: bool,
    /// `--table-oracle NAME=FILE`: only these oracles ([`crate::table_oracle`]).
    pub table_oracles: Vec<String>,
    /// `--no-cache`: no answer cache in front of the subprocess oracles.
    pub no_cache: bool,
    /// `--oracle NAME`: the oracles the run asks (every one when empty); only their
    /// identities and cache files are read.
    pub oracles: Vec<String>,
}

/// A run's suites, oracles and ledger, set up.
pub struct SetUp {
    pub suites: Vec<Suite>,
    pub ledger: LedgerSource,
    pub oracles: Vec<Box<dyn Oracle>>,
    /// What the answer cache has to say, once its oracles are gone.
    pub cache_notes: CacheNotes,
    /// Some suites could not be loaded (no WPT data).
    pub incomplete_suites: bool,
    /// How long reading the suites, the registry and the cache took.
    pub phases: Phases,
}

impl std::fmt::Debug for SetUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let oracles: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        let suites: Vec<&str> = self.suites.iter().map(|s| s.name.as_str()).collect();
        f.debug_struct("SetUp")
            .field("suites", &suites)
            .field("ledger", &self.ledger)
            .field("oracles", &oracles)
            .finish_non_exhaustive()
    }
}

/// Set up a run as `wanted` says: the suites (without WPT data, the WPT suites are left out,
/// reported through `events`), the ledger (`--bless` refuses the embedded one), the oracles
/// (those the run asks behind the answer cache unless `no_cache`). The suites are read while
/// the oracles are set up and their caches read.
pub fn set_up(wanted: Wanted, events: &dyn Events) -> anyhow::Result<SetUp> {
    let mut phases = Phases::default();
    let cases = wanted.cases.clone().map_or_else(urldiff_corpus::cases, DataSource::Dir);
    let ledger = LedgerSource::find(wanted.ledger.clone())?;
    if let (true, LedgerSource::Embedded(_)) = (wanted.bless, &ledger) {
        bail!(
            "--bless rewrites the ledger, but there is none to rewrite here: urldiff is running \
             outside a urldiff checkout (no corpus/expected/ in this folder or above), so it \
             reads the ledger embedded in the binary. Run it in a checkout or pass --ledger DIR."
        );
    }
    // Located once for both the suites and the `wpt` oracle.
    let wpt = urldiff_corpus::wpt::locate();
    let cache_notes = CacheNotes::default();
    let (suites, oracles) = std::thread::scope(|scope| {
        let oracles = scope.spawn(|| {
            let mut phases = Phases::default();
            (set_up_oracles(&wanted, &wpt, &cache_notes, &mut phases), phases)
        });
        let suites = phases.time("suites", || {
            anyhow::Ok(if wanted.only_cases {
                urldiff_oracles::suites::cases_suites(&cases, "cases/", "test fixture")?
            } else {
                default_suites(&wpt, &cases, events)?
            })
        });
        let (oracles, oracle_phases) = oracles.join().expect("the oracles' set-up panicked");
        phases.0.extend(oracle_phases.0);
        (suites, oracles)
    });
    let (suites, oracles) = (suites?, oracles?);
    let incomplete_suites = !wanted.only_cases && wpt.is_err();
    Ok(SetUp { suites, ledger, oracles, cache_notes, incomplete_suites, phases })
}

/// The oracles of the run (`--table-oracle`'s, else the registry's), those it asks
/// (`--oracle`, every one when none is named) answering from the answer cache unless
/// `--no-cache`.
fn set_up_oracles(
    wanted: &Wanted,
    wpt: &Result<WptData, LocateError>,
    notes: &CacheNotes,
    phases: &mut Phases,
) -> anyhow::Result<Vec<Box<dyn Oracle>>> {
    let oracles: Vec<Box<dyn Oracle>> = phases.time("registry", || {
        if wanted.table_oracles.is_empty() {
            return default_oracles(wpt);
        }
        let mut fakes: Vec<Box<dyn Oracle>> = Vec::new();
        for spec in &wanted.table_oracles {
            fakes.push(Box::new(crate::table_oracle::table_oracle(spec)?));
        }
        anyhow::Ok(fakes)
    })?;
    if wanted.no_cache {
        return Ok(oracles);
    }
    let dir = answer_cache::default_dir();
    let selected = &wanted.oracles;
    let runs = |o: &dyn Oracle| selected.is_empty() || selected.iter().any(|s| s == o.name());
    Ok(phases.time("cache", || answer_cache::cache_where(oracles, &dir, notes, runs)))
}
