//! The control socket: a test changes a running mount's plan or reads its log
//! (`fracture ctl MOUNTPOINT faults PLAN`, `fracture ctl MOUNTPOINT log`). The socket lives in the
//! mount's private directory (mode 0700, crate::mount::state), so only its user reaches it. One
//! request per connection: a command line, then its text to the end; the answer is `ok` or
//! `error: ...` on its first line, then its text.

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::sync::Arc;

use super::Shared;

pub const SOCKET: &str = "ctl.sock";

/// Answers requests on `dir/ctl.sock` on a thread of its own until the process ends.
pub fn serve(dir: &Path, shared: Arc<Shared>) -> std::io::Result<()> {
    let listener = UnixListener::bind(dir.join(SOCKET))?;
    std::thread::Builder::new().name("fracture-ctl".into()).spawn(move || {
        for stream in listener.incoming().flatten() {
            let _ = answer(stream, &shared);
        }
    })?;
    Ok(())
}

fn answer(mut stream: UnixStream, shared: &Shared) -> std::io::Result<()> {
    let mut request = Vec::new();
    stream.read_to_end(&mut request)?;
    let request = String::from_utf8_lossy(&request);
    let (command, body) = request.split_once('\n').unwrap_or((&request, ""));
    let reply = match command {
        "faults" => match super::rules::parse_plan(body, "PLAN") {
            Ok(rules) => {
                let shown: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
                shared.faults.set_rules(rules);
                shared.log_plan(&shown);
                Ok(String::new())
            }
            Err(e) => Err(e),
        },
        "log" => Ok(shared.log.text()),
        "power-cut" => match &shared.power {
            None => Err("this mount does not hold writes: mount with --power-cut MODEL".into()),
            Some(p) if p.frozen() => Err("the power was cut already".into()),
            Some(p) => match p.cut(None, "fracture ctl power-cut", &shared.log) {
                Some(report) => Ok(format!("{}\n", p.line(&report))),
                None => Err("the power was cut already".into()),
            },
        },
        other => Err(format!("unknown request \"{other}\" (faults, log, power-cut)")),
    };
    let text = match reply {
        Ok(body) => format!("ok\n{body}"),
        Err(e) => format!("error: {e}\n"),
    };
    stream.write_all(text.as_bytes())
}

/// Sends one request to the mount at `mountpoint` (canonical) and returns its answer's text, or the
/// error line.
pub fn request(mountpoint: &Path, command: &str, body: &str) -> Result<String, String> {
    let dir = super::state::dir_of(mountpoint).map_err(|e| e.to_string())?;
    let mut stream = UnixStream::connect(dir.join(SOCKET))
        .map_err(|_| format!("{} is not a running Fracture mount", crate::display::path(mountpoint)))?;
    stream.write_all(format!("{command}\n{body}").as_bytes()).map_err(|e| e.to_string())?;
    stream.shutdown(std::net::Shutdown::Write).map_err(|e| e.to_string())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).map_err(|e| e.to_string())?;
    match answer.split_once('\n') {
        Some(("ok", rest)) => Ok(rest.to_string()),
        Some((line, _)) => Err(line.strip_prefix("error: ").unwrap_or(line).to_string()),
        None => Err("the mount did not answer".into()),
    }
}
