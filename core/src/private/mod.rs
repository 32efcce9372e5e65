//! Binding plumbing: what the Python, Node, Go and wasm bindings need besides the users' API,
//! re-exported here and hidden from the docs (as `serde` keeps such items in its `__private`).
//! Not a stable API: it changes with the bindings in this repository.

pub mod placeholders;

pub use crate::host::{HostId, HostSource, HostText, HOST_HEAD};
pub use crate::pointer::{bytes_pointers, json_pointer, Loc, PointerToken};

use crate::conversion::Conversion;
use crate::error::ConvertError;
use crate::model::{Map, Str, Value};
use crate::options::{Host, Options, PayloadForm};
use crate::targets::{self, Target};

/// Every host a binding is written for, with its name as the value of option `host`.
pub const HOSTS: [(Host, &str); 3] = [(Host::Python, "python"), (Host::Node, "node"), (Host::Go, "go")];

/// [`Options::for_host`] as the options object a binding places before its caller's (a
/// member the caller gives comes later and wins): `{"payload": "sdk", "host": <host>}`. The
/// catalog lists it per host (`binding_defaults`), for the bindings whose defaults are
/// generated from it.
pub fn binding_defaults(host: Host) -> Map<'static> {
    let options = Options::for_host(host);
    let payload = match options.payload {
        PayloadForm::Wire => "wire",
        PayloadForm::Sdk => "sdk",
    };
    let host = options
        .host
        .and_then(|host| HOSTS.iter().find(|(h, _)| *h == host))
        .map_or(Value::Null, |(_, name)| Value::String(Str::borrowed(name)));
    let mut out = Map::with_capacity(2);
    out.push("payload", Value::String(Str::borrowed(payload)));
    out.push("host", host);
    out
}

/// [`crate::convert`] without its walk over the whole input, for a builder that has checked the
/// value as it built it (a binding's lowering): `input` nests arrays and objects no deeper
/// than [`crate::MAX_DEPTH`] (a deeper one may overflow the stack here), and `lossy` says
/// whether any of its strings or keys is lossy ([`Str::is_lossy`]).
pub fn convert_checked<'a>(
    input: Value<'a>,
    lossy: bool,
    target: Target,
    options: &Options,
) -> Result<Conversion<'a>, ConvertError> {
    let validated;
    let options = match options.sdk_host() {
        Some(host) if !options.validate_base64 && targets::payload::target_has_bytes(target, host) => {
            validated = Options {
                validate_base64: true,
                ..options.clone()
            };
            &validated
        }
        _ => options,
    };
    let mut ctx = crate::normalize::Context::new(options);
    let (input, lossy) = crate::normalize::read_json_text(input, lossy, crate::normalize::JsonDoor::Convert, &mut ctx)?;
    let result = if target == Target::AnthropicMcp {
        crate::normalize::normalize_replay(input, lossy, &mut ctx)?
    } else {
        crate::normalize::normalize(input, lossy, &mut ctx)?
    };
    targets::check_tool_call_id(target, &result, &mut ctx)?;
    Ok(targets::render(target, result, &mut ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_defaults_are_for_host_as_options() {
        for (host, name) in HOSTS {
            let defaults = Value::Object(binding_defaults(host));
            assert_eq!(Options::from_value(&defaults).unwrap(), Options::for_host(host));
            let text = format!(r#"{{"payload":"sdk","host":"{name}"}}"#);
            assert_eq!(crate::json::to_string(&defaults), text);
        }
    }
}
