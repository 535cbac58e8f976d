//! Who may talk to the server. It starts processes, so it answers only
//! requests meant for it:
//!
//! - the `Host` header must name the address served (`127.0.0.1:PORT` or
//!   `localhost:PORT`; with `--listen ADDR`, that address; with an
//!   unspecified address such as `0.0.0.0`, any IP address with the port),
//!   which defeats DNS rebinding: a page of another site that made its
//!   name point here still sends its own name;
//! - the WebSocket and `/api/` requests must come from the server's own
//!   page: an `Origin` of `http://` and the same host, so that another
//!   site open in the browser cannot drive the engines.
//!
//! Anything else gets 403.

use std::net::IpAddr;

/// The addresses the server answers to.
#[derive(Clone, Debug)]
pub struct Guard {
    listen: IpAddr,
    port: u16,
}

/// A `Host` value split into its name and port (80 when absent).
fn split_host(host: &str) -> Option<(String, u16)> {
    let host = host.trim().to_ascii_lowercase();
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{inside}]"), port)
    } else {
        match host.split_once(':') {
            Some((name, port)) => (name.to_string(), Some(port)),
            None => (host.clone(), None),
        }
    };
    let port = match port {
        None => 80,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().ok()?,
        Some(_) => return None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// The IP address of a host name written as one (`[::1]` in brackets).
fn ip_of(name: &str) -> Option<IpAddr> {
    let bare = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(name);
    bare.parse().ok()
}

impl Guard {
    /// The guard of a server listening on `listen`, port `port` (the
    /// port bound, not 0).
    pub fn new(listen: IpAddr, port: u16) -> Guard {
        Guard { listen, port }
    }

    /// Whether a request with this `Host` header is meant for this server.
    pub fn host_ok(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if port != self.port {
            return false;
        }
        if name == "localhost" {
            return self.listen.is_loopback() || self.listen.is_unspecified();
        }
        match ip_of(&name) {
            // The name must be written as the address, never as a
            // domain name that could point anywhere.
            Some(ip) if self.listen.is_unspecified() => {
                ip.is_ipv4() == self.listen.is_ipv4() || ip.is_loopback()
            }
            Some(ip) => ip == self.listen,
            None => false,
        }
    }

    /// Whether a WebSocket or API request with this `Origin` (and a
    /// `Host` that passed [`Guard::host_ok`]) comes from the server's page.
    pub fn origin_ok(&self, origin: Option<&str>, host: &str) -> bool {
        match origin {
            Some(origin) => {
                let own = format!("http://{}", host.trim());
                origin.trim().eq_ignore_ascii_case(&own)
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_must_name_the_served_address() {
        let g = Guard::new("127.0.0.1".parse().unwrap(), 8040);
        for ok in [
            "127.0.0.1:8040",
            "localhost:8040",
            "LOCALHOST:8040",
            " 127.0.0.1:8040 ",
        ] {
            assert!(g.host_ok(ok), "{ok}");
        }
        for bad in [
            "",
            "127.0.0.1",
            "127.0.0.1:80",
            "127.0.0.1:8041",
            "evil.example:8040",
            "127.0.0.1.evil.example:8040",
            "10.0.0.1:8040",
            "[::1]:8040",
            "localhost:",
            "localhost:80x",
            "localhost:8040:1",
            "[::1:8040",
        ] {
            assert!(!g.host_ok(bad), "{bad}");
        }
        let any = Guard::new("0.0.0.0".parse().unwrap(), 80);
        for ok in ["192.168.1.4", "192.168.1.4:80", "localhost", "127.0.0.1:80"] {
            assert!(any.host_ok(ok), "{ok}");
        }
        for bad in ["myhost", "myhost.local:80", "192.168.1.4:81"] {
            assert!(!any.host_ok(bad), "{bad}");
        }
        let v6 = Guard::new("::1".parse().unwrap(), 9000);
        assert!(v6.host_ok("[::1]:9000") && v6.host_ok("localhost:9000"));
        assert!(!v6.host_ok("127.0.0.1:9000"));
        let lan = Guard::new("192.168.1.4".parse().unwrap(), 9000);
        assert!(lan.host_ok("192.168.1.4:9000"));
        assert!(!lan.host_ok("localhost:9000") && !lan.host_ok("127.0.0.1:9000"));
    }

    #[test]
    fn origins_must_be_the_own_page() {
        let g = Guard::new("127.0.0.1".parse().unwrap(), 8040);
        let host = "127.0.0.1:8040";
        assert!(g.origin_ok(Some("http://127.0.0.1:8040"), host));
        for bad in [
            None,
            Some("null"),
            Some(""),
            Some("http://evil.example"),
            Some("http://localhost:8040"),
            Some("https://127.0.0.1:8040"),
            Some("http://127.0.0.1:8040.evil.example"),
        ] {
            assert!(!g.origin_ok(bad, host), "{bad:?}");
        }
    }
}
