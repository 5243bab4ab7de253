//! Where a request comes from, and how much one address may ask for.

use crate::error::ApiError;
use crate::hub::now_ms;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};
use wocable_net::{RateLimit, Verdict};

/// Where a request comes from: the connection's address, or, from a
/// reverse proxy on this machine, the client it names (the last address
/// of `X-Forwarded-For`, the one the proxy added: a client may send the
/// header with addresses of its choosing). An IPv6 client has a /64 of
/// its own: its limit is the block's.
pub fn client(peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let forwarded = || headers.get("x-forwarded-for")?.to_str().ok()?.rsplit(',').next()?.trim().parse().ok();
    let address = match peer.ip().is_loopback() {
        true => forwarded().unwrap_or(peer.ip()),
        false => peer.ip(),
    };
    match address {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        v4 => v4,
    }
}

/// A request's [`client`] address, as an extractor.
pub struct Origin(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Origin {
    type Rejection = <ConnectInfo<SocketAddr> as FromRequestParts<S>>::Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Origin, Self::Rejection> {
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await?;
        Ok(Origin(client(peer, &parts.headers)))
    }
}

/// Addresses whose limits are kept before those refilled are let go.
const ADDRESSES_KEPT: usize = 10_000;

/// Requests of one kind that each address may make at once, and per hour
/// after that.
pub struct AddressLimit {
    at_once: u32,
    per_hour: u32,
    /// What a request over the limit is told.
    refusal: fn() -> ApiError,
    /// `None`: no limit (`--no-address-limits`).
    by_address: Option<Mutex<HashMap<IpAddr, RateLimit>>>,
}

impl AddressLimit {
    fn new(at_once: u32, per_hour: u32, refusal: fn() -> ApiError, on: bool) -> AddressLimit {
        AddressLimit { at_once, per_hour, refusal, by_address: on.then(Mutex::default) }
    }

    pub fn check(&self, Origin(address): &Origin) -> Result<(), ApiError> {
        let Some(by_address) = &self.by_address else { return Ok(()) };
        let now = now_ms();
        let mut limits = by_address.lock().unwrap_or_else(PoisonError::into_inner);
        if limits.len() >= ADDRESSES_KEPT {
            limits.retain(|_, limit| !limit.is_full(now));
        }
        // Still full: so many addresses at once are an attack; memory is
        // kept bounded, at the cost of their limits starting again.
        if limits.len() >= ADDRESSES_KEPT {
            limits.clear();
        }
        let limit = limits.entry(*address).or_insert_with(|| RateLimit::per_hour(self.at_once, self.per_hour, now));
        match limit.check(now) {
            Verdict::Accept => Ok(()),
            Verdict::Refuse | Verdict::Flood => Err((self.refusal)()),
        }
    }
}

/// What one address may ask the lobby for: enough for a school or a
/// family behind one address, too few for a script to fill the database,
/// guess recovery codes, or look for private rooms among a billion codes.
pub struct AddressLimits {
    /// Accounts made or recovered.
    pub accounts: AddressLimit,
    /// Rooms made.
    pub rooms: AddressLimit,
    /// Random games asked for.
    pub random: AddressLimit,
    /// Rooms joined or looked up by code.
    pub codes: AddressLimit,
    /// Rematches asked for or answered: a player asks every few seconds
    /// while the others make up their minds.
    pub rematches: AddressLimit,
    /// Games watched: a spectator asks again at each move.
    pub watching: AddressLimit,
    /// Friends listed (an open app asks again at each change, and at
    /// least every 25 s: a class's worth of open apps), asked, answered or
    /// blocked, and invitations answered.
    pub friends: AddressLimit,
}

impl AddressLimits {
    /// The limits, or none (`on` false) for a benchmark whose every
    /// client comes from one address.
    pub fn new(on: bool) -> AddressLimits {
        let many = || ApiError::TooManyRequests;
        AddressLimits {
            accounts: AddressLimit::new(50, 20, || ApiError::TooManyAccounts, on),
            rooms: AddressLimit::new(30, 120, many, on),
            random: AddressLimit::new(60, 600, many, on),
            codes: AddressLimit::new(60, 600, many, on),
            rematches: AddressLimit::new(120, 3600, many, on),
            watching: AddressLimit::new(600, 7200, many, on),
            friends: AddressLimit::new(600, 14400, many, on),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_limit_and_none_without_limits() {
        let limits = AddressLimits::new(true);
        let (one, two) = (Origin([10, 0, 0, 1].into()), Origin([10, 0, 0, 2].into()));
        for _ in 0..30 {
            assert!(limits.rooms.check(&one).is_ok());
        }
        assert!(matches!(limits.rooms.check(&one), Err(ApiError::TooManyRequests)));
        assert!(limits.rooms.check(&two).is_ok(), "another address is not held back");
        assert!(limits.codes.check(&one).is_ok(), "nor another kind of request");
        let open = AddressLimits::new(false);
        assert!((0..1000).all(|_| open.rooms.check(&one).is_ok()));
    }

    #[test]
    fn a_proxy_on_this_machine_names_the_client_and_a_v6_block_is_one_address() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "1.2.3.4, 5.6.7.8".parse().unwrap());
        let local: SocketAddr = "127.0.0.1:9".parse().unwrap();
        let remote: SocketAddr = "9.9.9.9:9".parse().unwrap();
        assert_eq!(client(local, &headers), IpAddr::from([5, 6, 7, 8]));
        assert_eq!(client(remote, &headers), IpAddr::from([9, 9, 9, 9]), "only a local proxy is believed");
        let v6: SocketAddr = "[2001:db8::1:2:3:4]:9".parse().unwrap();
        assert_eq!(client(v6, &HeaderMap::new()), "2001:db8::".parse::<IpAddr>().unwrap());
    }
}
