//! One worker process: spawn, handshake, pipelined batches, kill.
//!
//! A worker is started once and fed many batches. During a batch a writer thread feeds every
//! request while the calling thread reads the answers straight from the worker's stdout (one
//! buffered reader, no hand-off per line) and matches them by id. The per-case time limit is a
//! [`Watchdog`] thread that kills the worker's process group when the next answer is overdue,
//! which ends the blocked read. Another thread keeps the tail of stderr as evidence for crash
//! reports. Restarting after a crash or hang is the caller's business ([`super::pool`]); this
//! module only reports *where* a batch stopped and why.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{self, Hello};
use super::watchdog::{kill_process_group, Watchdog};
use crate::model::{Answer, Case};

/// How much of a worker's stderr is kept as evidence.
const STDERR_TAIL: usize = 16 * 1024;

/// Buffer sizes for the request and answer pipes.
const PIPE_BUFFER: usize = 64 * 1024;

/// How long the collector lets answers gather in the pipe before reading, when it has read all
/// there was and more answers are due. Blocking on an empty pipe instead would make the worker
/// wake the collector with every line it writes, which costs the *worker* a context switch per
/// answer (measured: node-url's write-to-pipe overhead halves, its wall time drops ~30%).
/// Short enough that a fast worker fills only a few KiB of its 64 KiB pipe meanwhile.
const GATHER: Duration = Duration::from_micros(200);

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
    stdout: BufReader<ChildStdout>,
    /// The current answer line (reused, so reading a line allocates nothing).
    line: Vec<u8>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
    next_id: u64,
    pub hello: Hello,
}

/// What reading the next stdout line gave.
enum Line {
    /// A complete line is in `Worker::line`.
    Read,
    /// EOF (or a read error, or a last line cut short): the worker is gone or going.
    Ended,
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
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let tail = Arc::clone(&stderr);
        thread::spawn(move || {
            keep_tail(stderr_pipe, &tail);
            let _ = done_tx.send(());
        });
        let stdin = child.stdin.take();
        let mut worker = Worker {
            child,
            stdin,
            stdout: BufReader::with_capacity(PIPE_BUFFER, stdout),
            line: Vec::with_capacity(1024),
            stderr,
            stderr_done,
            next_id: 0,
            hello: placeholder_hello(),
        };
        let watchdog = Watchdog::start(worker.child.id(), startup);
        let read = worker.read_line();
        let timed_out = watchdog.stop();
        match read {
            Line::Read => match protocol::parse_hello(&String::from_utf8_lossy(&worker.line)) {
                Ok(hello) => {
                    worker.hello = hello;
                    Ok(worker)
                }
                Err(e) => Err(worker.kill_with_evidence(&e)),
            },
            Line::Ended if timed_out => Err(worker
                .kill_with_evidence(&format!("no handshake within {} ms", startup.as_millis()))),
            Line::Ended => Err(worker.kill_with_evidence("the worker exited before its handshake")),
        }
    }

    /// Whether the worker can take another batch (it has not been killed).
    pub fn is_usable(&self) -> bool {
        self.stdin.is_some()
    }

    /// Answer `cases` in order, appending to `out`. On `Err`, `out` holds the answers before the
    /// stopping case and the worker is dead (killed if it was still running). On `Ok` the worker
    /// may still have been killed, by a time-out that struck just as its last answer came:
    /// check [`Worker::is_usable`] before reusing it.
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
                let mut w = BufWriter::with_capacity(PIPE_BUFFER, &mut stdin);
                let ok = cases
                    .iter()
                    .zip(first_id..)
                    .all(|(case, id)| protocol::write_request(&mut w, id, case).is_ok())
                    && w.flush().is_ok();
                drop(w);
                ok.then_some(stdin)
            });
            let watchdog = Watchdog::start(self.child.id(), timeout);
            let result = self.collect(first_id, cases.len(), &watchdog, out);
            // Joined before any reaping below, so it never signals a recycled process group.
            let timed_out = watchdog.stop();
            let result = match result {
                Ok(()) if timed_out => {
                    self.kill();
                    Ok(())
                }
                Ok(()) => Ok(()),
                Err(Stop::TimedOut) => {
                    self.kill();
                    Err(Stop::TimedOut)
                }
                Err(Stop::Crashed(why)) => Err(Stop::Crashed(self.kill_with_evidence(&why))),
            };
            // Killing the worker unblocks a writer stuck on a full pipe.
            let stdin = writer.join().ok().flatten();
            // A worker that was killed, or exited by itself after its last answer, is not reused.
            if result.is_ok() && !timed_out && self.child.try_wait().ok().flatten().is_none() {
                self.stdin = stdin;
            }
            result
        })
    }

    /// Collect the answers for ids `first_id..first_id + n`, stamping each on the watchdog.
    fn collect(
        &mut self,
        first_id: u64,
        n: usize,
        watchdog: &Watchdog,
        out: &mut Vec<Answer>,
    ) -> Result<(), Stop> {
        let model = self.hello.model;
        let last_id = first_id + n as u64;
        for id in first_id..last_id {
            // With one answer left to come there is nothing to gather: no delay for a lone case.
            if self.stdout.buffer().is_empty() && last_id - id > 1 {
                thread::sleep(GATHER);
            }
            if let Line::Ended = self.read_line() {
                return Err(if watchdog.fired() {
                    Stop::TimedOut
                } else {
                    Stop::Crashed("the worker exited".into())
                });
            }
            watchdog.progress();
            let (answered, answer) =
                protocol::read_answer(&self.line, model).map_err(Stop::Crashed)?;
            if answered != id {
                return Err(Stop::Crashed(format!(
                    "answer for id {answered} while waiting for id {id}"
                )));
            }
            // The worker is still in step: a bad answer spoils only its own case.
            out.push(answer.unwrap_or_else(|e| Answer::Crashed {
                details: format!("{} gave an unreadable answer: {e}", self.hello.name),
            }));
        }
        Ok(())
    }

    /// Read the next stdout line into `self.line`.
    fn read_line(&mut self) -> Line {
        self.line.clear();
        match self.stdout.read_until(b'\n', &mut self.line) {
            Ok(_) if self.line.ends_with(b"\n") => Line::Read,
            _ => Line::Ended,
        }
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
        if self.child.try_wait().ok().flatten().is_none() {
            kill_process_group(self.child.id());
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
