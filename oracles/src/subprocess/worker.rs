//! One worker process: spawn, handshake, pipelined batches, kill.
//!
//! A worker is started once and fed many batches. During a batch a writer thread feeds every
//! request while the calling thread collects answers, matched by id, each within the case
//! timeout. A dedicated reader thread drains stdout into a channel (so the worker never blocks
//! on a full pipe), and another keeps the tail of stderr as evidence for crash reports.
//! Restarting after a crash or hang is the caller's business ([`super::pool`]); this module
//! only reports *where* a batch stopped and why.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{self, Hello, WireAnswer};
use crate::model::{Answer, Case};

/// How much of a worker's stderr is kept as evidence.
const STDERR_TAIL: usize = 16 * 1024;

/// How to start a worker process.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub cwd: Option<PathBuf>,
    pub env: Vec<(String, String)>,
}

impl WorkerCommand {
    pub fn new(program: impl Into<PathBuf>, args: &[&str]) -> Self {
        WorkerCommand {
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            ..WorkerCommand::default()
        }
    }

    /// The command as one line, for messages.
    pub fn display(&self) -> String {
        let mut s = self.program.display().to_string();
        for a in &self.args {
            s.push(' ');
            s.push_str(a);
        }
        s
    }
}

/// Why a batch stopped before its end: the case at the stop position gets this answer.
#[derive(Debug)]
pub enum Stop {
    /// No answer within the case timeout: the worker has been killed.
    TimedOut,
    /// The worker died or broke the protocol; the details carry its stderr and exit status.
    Crashed(String),
}

/// A running worker.
#[derive(Debug)]
pub struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
    next_id: u64,
    pub hello: Hello,
}

impl Worker {
    /// Start `command` and wait up to `startup` for its handshake line.
    pub fn spawn(command: &WorkerCommand, startup: Duration) -> Result<Worker, String> {
        let mut cmd = Command::new(&command.program);
        cmd.args(&command.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(cwd) = &command.cwd {
            cmd.current_dir(cwd);
        }
        cmd.envs(command.env.iter().map(|(k, v)| (k, v)));
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child =
            cmd.spawn().map_err(|e| format!("cannot start `{}`: {e}", command.display()))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr_pipe = child.stderr.take().expect("stderr is piped");
        let (line_tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::with_capacity(64 * 1024, stdout);
            let mut buf = Vec::new();
            while matches!(reader.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
                if line_tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                    break;
                }
                buf.clear();
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let tail = Arc::clone(&stderr);
        thread::spawn(move || {
            keep_tail(stderr_pipe, &tail);
            let _ = done_tx.send(());
        });
        let mut worker = Worker {
            child,
            stdin: None,
            lines,
            stderr,
            stderr_done,
            next_id: 0,
            hello: placeholder_hello(),
        };
        worker.stdin = worker.child.stdin.take();
        match worker.lines.recv_timeout(startup) {
            Ok(line) => match protocol::parse_hello(&line) {
                Ok(hello) => {
                    worker.hello = hello;
                    Ok(worker)
                }
                Err(e) => Err(worker.kill_with_evidence(&e)),
            },
            Err(RecvTimeoutError::Timeout) => Err(worker
                .kill_with_evidence(&format!("no handshake within {} ms", startup.as_millis()))),
            Err(RecvTimeoutError::Disconnected) => {
                Err(worker.kill_with_evidence("the worker exited before its handshake"))
            }
        }
    }

    /// Answer `cases` in order, appending to `out`. On `Err`, `out` holds the answers before the
    /// stopping case and the worker is dead (killed if it was still running).
    pub fn run(
        &mut self,
        cases: &[&Case],
        timeout: Duration,
        out: &mut Vec<Answer>,
    ) -> Result<(), Stop> {
        let first_id = self.next_id;
        self.next_id += cases.len() as u64;
        let Some(mut stdin) = self.stdin.take() else {
            return Err(Stop::Crashed("the worker's stdin is closed".into()));
        };
        thread::scope(|scope| {
            let writer = scope.spawn(move || {
                let mut w = BufWriter::with_capacity(64 * 1024, &mut stdin);
                let ok = cases.iter().zip(first_id..).all(|(case, id)| {
                    w.write_all(protocol::request_line(id, case).as_bytes()).is_ok()
                }) && w.flush().is_ok();
                drop(w);
                ok.then_some(stdin)
            });
            let result = self.collect(first_id, cases.len(), timeout, out);
            let result = match result {
                Ok(()) => Ok(()),
                Err(Stop::TimedOut) => {
                    self.kill();
                    Err(Stop::TimedOut)
                }
                Err(Stop::Crashed(why)) => Err(Stop::Crashed(self.kill_with_evidence(&why))),
            };
            // Killing the worker unblocks a writer stuck on a full pipe.
            self.stdin = writer.join().ok().flatten();
            result
        })
    }

    /// Collect the answers for ids `first_id..first_id + n`.
    fn collect(
        &mut self,
        first_id: u64,
        n: usize,
        timeout: Duration,
        out: &mut Vec<Answer>,
    ) -> Result<(), Stop> {
        let model = self.hello.model;
        for id in first_id..first_id + n as u64 {
            let line = match self.lines.recv_timeout(timeout) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Stop::TimedOut),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Stop::Crashed("the worker exited".into()))
                }
            };
            let wire = WireAnswer::parse(&line).map_err(Stop::Crashed)?;
            if wire.id != id {
                return Err(Stop::Crashed(format!(
                    "answer for id {} while waiting for id {id}",
                    wire.id
                )));
            }
            // The worker is still in step: a bad answer spoils only its own case.
            out.push(wire.into_answer(model).unwrap_or_else(|e| Answer::Crashed {
                details: format!("{} gave an unreadable answer: {e}", self.hello.name),
            }));
        }
        Ok(())
    }

    /// The worker's stderr so far (its tail), lossily decoded.
    pub fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
    }

    /// Kill the worker and describe why it stopped: `why`, its exit status and stderr.
    fn kill_with_evidence(&mut self, why: &str) -> String {
        let status = self.wait_briefly(Duration::from_millis(500));
        self.kill();
        // The stderr reader ends once every holder of the pipe is gone.
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        let status = status.map_or_else(|| "killed".to_owned(), |s| s.to_string());
        let stderr = self.stderr_tail();
        let stderr = stderr.trim_end();
        if stderr.is_empty() {
            format!("{why} ({status}); stderr was empty")
        } else {
            format!("{why} ({status}); stderr:\n{stderr}")
        }
    }

    /// Wait up to `limit` for the process to exit by itself.
    fn wait_briefly(&mut self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Kill the worker's whole process group (a shell worker's children too) and reap it.
    pub fn kill(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.child.id())])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Keep the last [`STDERR_TAIL`] bytes read from `pipe` in `tail`.
fn keep_tail(mut pipe: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut chunk = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut chunk) {
        if n == 0 {
            break;
        }
        let mut t = tail.lock().unwrap_or_else(|p| p.into_inner());
        t.extend_from_slice(&chunk[..n]);
        if t.len() > STDERR_TAIL {
            let cut = t.len() - STDERR_TAIL;
            t.drain(..cut);
        }
    }
}

fn placeholder_hello() -> Hello {
    Hello {
        name: String::new(),
        version: String::new(),
        model: crate::model::RecordModel::Whatwg,
        fields: Vec::new(),
        case_kinds: Vec::new(),
    }
}
