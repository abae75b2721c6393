//! The machine's network addresses, for choosing where to share and printing join addresses.

use std::net::{IpAddr, Ipv4Addr};

/// The machine's IPv4 addresses to share on, best first: private LAN addresses (10/8,
/// 172.16/12, 192.168/16), then others (a VPN's, say), then this machine only (127.0.0.1).
#[must_use]
pub fn addresses() -> Vec<IpAddr> {
    let mut found: Vec<Ipv4Addr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|interface| match interface.ip() {
            IpAddr::V4(v4) => Some(v4),
            IpAddr::V6(_) => None,
        })
        .collect();
    found.push(Ipv4Addr::LOCALHOST);
    found.sort_by_key(|a| (rank(*a), *a));
    found.dedup();
    found.into_iter().map(IpAddr::V4).collect()
}

/// 0 for a private LAN address, 1 for another, 2 for a link-local one, 3 for this machine.
fn rank(address: Ipv4Addr) -> u8 {
    if address.is_loopback() {
        3
    } else if address.is_link_local() {
        2
    } else {
        u8::from(!address.is_private())
    }
}

/// The addresses a phone opens to join: one per address of the machine when `bind` is every
/// interface (`0.0.0.0`), else `bind`'s own.
#[must_use]
pub fn join_addresses(bind: IpAddr, port: u16, code: &str) -> Vec<String> {
    let hosts = if bind.is_unspecified() { addresses() } else { vec![bind] };
    hosts.into_iter().map(|host| join_address(host, port, code)).collect()
}

/// The address a phone opens to join.
#[must_use]
pub fn join_address(host: IpAddr, port: u16, code: &str) -> String {
    match host {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/{code}"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/{code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_come_first_and_this_machine_last() {
        let mut list = [
            Ipv4Addr::LOCALHOST,
            Ipv4Addr::new(100, 64, 0, 7),
            Ipv4Addr::new(169, 254, 3, 4),
            Ipv4Addr::new(192, 168, 1, 20),
        ];
        list.sort_by_key(|a| (rank(*a), *a));
        assert_eq!(list[0], Ipv4Addr::new(192, 168, 1, 20));
        assert_eq!(list[1], Ipv4Addr::new(100, 64, 0, 7));
        assert_eq!(list[3], Ipv4Addr::LOCALHOST);
        assert_eq!(addresses().last(), Some(&IpAddr::V4(Ipv4Addr::LOCALHOST)));
    }

    #[test]
    fn a_join_address_names_host_port_and_code() {
        let host = IpAddr::V4(Ipv4Addr::new(192, 168, 1, 20));
        assert_eq!(join_address(host, 7878, "K7QP"), "http://192.168.1.20:7878/K7QP");
        assert_eq!(join_addresses(host, 7878, "K7QP"), ["http://192.168.1.20:7878/K7QP"]);
    }
}
