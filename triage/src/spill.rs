//! Where a triage run keeps every group's members (`Group::members` lists them all), so that
//! its memory is bounded by the groups and not by the input: in memory ([`Members::memory`],
//! for small runs and the library's [`crate::pipeline::triage`]) or spilled to a folder
//! ([`Members::spill`], `urldiff triage`): one file per group, each batch's new members
//! appended sorted as one run, the runs merged in member order when `findings.json` is
//! written ([`crate::findings_json`]). Memory then holds, per group, one buffer per run
//! while merging (their total is capped by [`MERGE_BUFFERS`]), never the members.

use crate::findings::{member_key, Original};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The bytes of read buffers one group's merge may hold (one buffer per run).
pub const MERGE_BUFFERS: usize = 32 << 20;

/// One group's spill file and its runs (offset, length), each sorted in member order.
#[derive(Debug, Default)]
struct Spilled {
    runs: Vec<(u64, u64)>,
    end: u64,
}

/// Every group's members, by group id.
#[derive(Debug)]
pub struct Members {
    /// Members of the batch under way, by group id (sorted and written at the batch's end).
    pending: BTreeMap<String, Vec<Original>>,
    store: Store,
}

#[derive(Debug)]
enum Store {
    Memory(BTreeMap<String, Vec<Original>>),
    Disk { dir: PathBuf, groups: BTreeMap<String, Spilled> },
}

fn in_member_order(members: &mut [Original]) {
    members.sort_by(|a, b| {
        member_key(&a.input, a.base.as_deref()).cmp(&member_key(&b.input, b.base.as_deref()))
    });
}

impl Members {
    /// Members kept in memory.
    pub fn memory() -> Self {
        Members { pending: BTreeMap::new(), store: Store::Memory(BTreeMap::new()) }
    }

    /// Members spilled to files in `dir` (an empty folder the caller owns and removes).
    pub fn spill(dir: &Path) -> Self {
        let store = Store::Disk { dir: dir.to_owned(), groups: BTreeMap::new() };
        Members { pending: BTreeMap::new(), store }
    }

    /// A new member of group `id` (each case once per group).
    pub fn push(&mut self, id: String, member: Original) {
        self.pending.entry(id).or_default().push(member);
    }

    /// The batch is over: its members go to the store, each group's as one sorted run.
    pub fn end_batch(&mut self) -> std::io::Result<()> {
        for (id, mut members) in std::mem::take(&mut self.pending) {
            match &mut self.store {
                Store::Memory(all) => all.entry(id).or_default().append(&mut members),
                Store::Disk { dir, groups } => {
                    in_member_order(&mut members);
                    let spilled = groups.entry(id.clone()).or_default();
                    let mut file = std::io::BufWriter::new(
                        std::fs::OpenOptions::new()
                            .create(true)
                            .append(true)
                            .open(dir.join(&id))?,
                    );
                    let mut written = 0u64;
                    for m in &members {
                        let line = serde_json::to_string(m).map_err(std::io::Error::other)?;
                        file.write_all(line.as_bytes())?;
                        file.write_all(b"\n")?;
                        written += line.len() as u64 + 1;
                    }
                    file.flush()?;
                    spilled.runs.push((spilled.end, written));
                    spilled.end += written;
                }
            }
        }
        Ok(())
    }

    /// Whether group `id`'s members are here.
    pub fn has(&self, id: &str) -> bool {
        match &self.store {
            Store::Memory(all) => all.contains_key(id),
            Store::Disk { groups, .. } => groups.contains_key(id),
        }
    }

    /// Group `id`'s members in member order (none for a group it does not hold).
    pub fn of(
        &self,
        id: &str,
    ) -> std::io::Result<Box<dyn Iterator<Item = std::io::Result<Original>> + '_>> {
        match &self.store {
            Store::Memory(all) => {
                let mut members = all.get(id).cloned().unwrap_or_default();
                in_member_order(&mut members);
                Ok(Box::new(members.into_iter().map(Ok)))
            }
            Store::Disk { dir, groups } => match groups.get(id) {
                None => Ok(Box::new(std::iter::empty())),
                Some(spilled) => Ok(Box::new(Merge::open(&dir.join(id), &spilled.runs)?)),
            },
        }
    }

    /// Take group `id`'s members out, in member order (in memory: for
    /// [`crate::pipeline::triage`], whose findings list them).
    pub fn take(&mut self, id: &str) -> std::io::Result<Vec<Original>> {
        if let Store::Memory(all) = &mut self.store {
            let mut members = all.remove(id).unwrap_or_default();
            in_member_order(&mut members);
            return Ok(members);
        }
        self.of(id)?.collect()
    }
}

/// One run of a spill file, read a buffer at a time, and its next member.
struct Run {
    reader: BufReader<RunSlice>,
    head: Option<Original>,
}

/// The bytes `[at, end)` of a file, read with `pread` (the runs share one handle).
struct RunSlice {
    file: Rc<File>,
    at: u64,
    end: u64,
}

impl Read for RunSlice {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = (self.end - self.at).min(buf.len() as u64) as usize;
        if left == 0 {
            return Ok(0);
        }
        let n = self.file.read_at(&mut buf[..left], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

impl Run {
    fn advance(&mut self) -> std::io::Result<()> {
        let mut line = String::new();
        self.head = match self.reader.read_line(&mut line)? {
            0 => None,
            _ => Some(serde_json::from_str(line.trim_end()).map_err(std::io::Error::other)?),
        };
        Ok(())
    }
}

/// A member's place in member order, owned, with the run it heads.
type Head = std::cmp::Reverse<((usize, String, Option<String>), usize)>;

fn head(o: &Original, run: usize) -> Head {
    let (n, input, base) = member_key(&o.input, o.base.as_deref());
    std::cmp::Reverse(((n, input.to_owned(), base.map(str::to_owned)), run))
}

/// The runs of one spill file merged in member order (a heap of the runs' heads).
struct Merge {
    runs: Vec<Run>,
    heads: std::collections::BinaryHeap<Head>,
}

impl Merge {
    fn open(path: &Path, runs: &[(u64, u64)]) -> std::io::Result<Merge> {
        let file = Rc::new(File::open(path)?);
        let buffer = (MERGE_BUFFERS / runs.len().max(1)).clamp(512, 64 << 10);
        let mut merged = Merge { runs: Vec::with_capacity(runs.len()), heads: Default::default() };
        for (i, &(at, len)) in runs.iter().enumerate() {
            let slice = RunSlice { file: Rc::clone(&file), at, end: at + len };
            let mut run = Run { reader: BufReader::with_capacity(buffer, slice), head: None };
            run.advance()?;
            merged.heads.extend(run.head.as_ref().map(|o| head(o, i)));
            merged.runs.push(run);
        }
        Ok(merged)
    }
}

impl Iterator for Merge {
    type Item = std::io::Result<Original>;

    fn next(&mut self) -> Option<Self::Item> {
        let std::cmp::Reverse((_, i)) = self.heads.pop()?;
        let run = &mut self.runs[i];
        let member = run.head.take();
        if let Err(e) = run.advance() {
            return Some(Err(e));
        }
        self.heads.extend(run.head.as_ref().map(|o| head(o, i)));
        member.map(Ok)
    }
}
