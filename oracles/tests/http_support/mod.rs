//! The fake HTTP services of the HTTP oracle's tests: reading one POST's body.

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;

/// The body of the next request on `reader` (by its Content-Length), `None` when the client
/// hung up first.
pub fn read_body(reader: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut length = 0;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 {
            return None;
        }
        if header == "\r\n" {
            break;
        }
        if let Some(v) = header.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(body)
}
