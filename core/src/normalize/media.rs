//! Payloads (`data`, `blob`) and MIME types: data URLs, URLs, base64 repair, sniffing.

use std::borrow::Cow;

use super::{Context, Keys};
use crate::base64;
use crate::error::{Code, ConvertError};
use crate::fields::Fields;
use crate::fit::Format;
use crate::imagecheck::{self, Verdict};
use crate::mime;
use crate::model::{Str, Value};
use crate::options::ValidateImages;
use crate::parsed::{BlockKind, Link, MediaBlock, MediaKind, Omitted, Payload};
use crate::pointer::Loc;

/// What became of a payload string.
pub(super) enum PayloadOutcome<'a> {
    /// A usable payload, with the MIME type named by a `data:` URL prefix.
    Ok(Payload<'a>, Option<String>),
    /// The payload is a URL to the content.
    Url(Str<'a>),
    /// The block must be replaced by an omitted marker with this reason.
    Omitted(&'static str),
}

/// Applies the payload rules to a `data` or `blob` string (always inlined: the string and the
/// outcome then move without copies).
#[inline(always)]
pub(super) fn payload<'a>(
    text: Str<'a>,
    loc: &Loc<'_>,
    allow_url: bool,
    ctx: &mut Context<'_>,
) -> Result<PayloadOutcome<'a>, ConvertError> {
    // A host string is read only as far as these checks need (see `HostText`).
    if text.is_empty() {
        ctx.repair(Code::EmptyPayload, loc, "the payload is empty")?;
        return Ok(PayloadOutcome::Omitted("empty data"));
    }
    if allow_url
        && ["http://", "https://", "file://"]
            .iter()
            .any(|scheme| starts_with_ignore_case(text.head(scheme.len()), scheme))
    {
        ctx.repair(
            Code::UrlInData,
            loc,
            "the payload is a URL, not base64; given as a resource link",
        )?;
        return Ok(PayloadOutcome::Url(text));
    }
    let mut hint = None;
    let mut data = text;
    if starts_with_ignore_case(data.head(5), "data:") {
        if let Some(comma) = data.as_str().find(',') {
            let declared = data.as_str()[5..comma].split(';').next().unwrap_or("").trim();
            hint = (!declared.is_empty()).then(|| mime::normalize(declared).into_owned());
            ctx.repair(Code::DataUrl, loc, "the payload is a data: URL; prefix stripped")?;
            data = data.slice_from(comma + 1);
            if data.as_str().is_empty() {
                ctx.repair(Code::EmptyPayload, loc, "the data: URL holds no data")?;
                return Ok(PayloadOutcome::Omitted("empty data"));
            }
        }
    }
    if ctx.options.validate_base64 {
        if data.is_canonical_base64() {
            data = data.mark_json_safe();
        } else if let Some(fixed) = base64::repair(data.as_str()) {
            if fixed.is_empty() {
                ctx.repair(Code::EmptyPayload, loc, "the payload holds only whitespace and padding")?;
                return Ok(PayloadOutcome::Omitted("empty data"));
            }
            let message = "base64 re-encoded canonically (whitespace, alphabet, padding or padding bits)";
            ctx.repair(Code::Base64NotCanonical, loc, message)?;
            data = Str::owned(fixed).mark_json_safe();
        } else {
            let message = match base64::raw_bytes_hint(data.as_str()) {
                Some(format) => format!("the payload is not base64: it looks like raw {format} bytes written as text"),
                None => "the payload is not base64".to_owned(),
            };
            ctx.repair(Code::InvalidBase64, loc, message)?;
            return Ok(PayloadOutcome::Omitted("invalid base64"));
        }
    }
    Ok(PayloadOutcome::Ok(Payload { data, checked: false }, hint))
}

/// The normalized, non-empty declared MIME type of a field, for omitted markers.
pub(super) fn declared_label(value: Option<&Value<'_>>) -> Option<String> {
    value
        .and_then(Value::as_str)
        .map(mime::normalize)
        .filter(|m| !m.is_empty())
        .map(Cow::into_owned)
}

pub(crate) fn media_block<'a>(
    kind: MediaKind,
    entries: &mut Fields<'a>,
    keys: &Keys<'_, '_>,
    ctx: &mut Context<'_>,
) -> Result<BlockKind<'a>, ConvertError> {
    let loc = keys.base;
    let declared = entries.take("mimeType");
    let omitted = |reason| {
        BlockKind::Omitted(Box::new(Omitted {
            kind: kind.name(),
            label: declared_label(declared.as_ref()),
            uri: None,
            reason,
            size: None,
        }))
    };
    let data_loc = loc.key("data");
    let (payload, hint) = match entries.take("data") {
        Some(Value::String(text)) => match payload(text, &data_loc, true, ctx)? {
            PayloadOutcome::Ok(payload, hint) => (payload, hint),
            PayloadOutcome::Omitted(reason) => return Ok(omitted(reason)),
            PayloadOutcome::Url(url) => {
                let mime = declared_label(declared.as_ref()).map(Str::owned);
                return Ok(link(url, mime));
            }
        },
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                &data_loc,
                format!("{} block without data", kind.name()),
            )?;
            return Ok(omitted("missing data"));
        }
        Some(other) => {
            let message = format!("data must be a string, not {}", other.type_name());
            ctx.repair(Code::InvalidFieldType, &data_loc, message)?;
            return Ok(omitted("invalid data"));
        }
    };
    let sniffed = sniff(&payload, ctx);
    let mime = match declared {
        Some(Value::String(declared)) => checked_mime(declared, sniffed, &keys.loc("mimeType"), ctx)?,
        missing => match hint {
            Some(hint) => checked_mime(Str::owned(hint), sniffed, &data_loc, ctx)?,
            None => {
                let fallback = sniffed.unwrap_or("application/octet-stream");
                let (code, message) = match &missing {
                    None | Some(Value::Null) => (Code::MissingField, format!("mimeType is missing; using {fallback}")),
                    Some(other) => (
                        Code::InvalidFieldType,
                        format!("mimeType must be a string, not {}; using {fallback}", other.type_name()),
                    ),
                };
                ctx.repair(code, &keys.loc("mimeType"), message)?;
                Str::borrowed(fallback)
            }
        },
    };
    let mut payload = payload;
    if kind == MediaKind::Image {
        if let Some(reason) = checked_bytes(&mut payload, mime.as_str(), &data_loc, ctx)? {
            return Ok(invalid("image", &payload, &mime, None, reason));
        }
    }
    Ok(BlockKind::Media(Box::new(MediaBlock { kind, payload, mime })))
}

/// The omitted block of bytes that [`checked_bytes`] refused: `[kind mime, size: reason]`.
pub(super) fn invalid<'a>(
    kind: &'static str,
    payload: &Payload<'_>,
    mime: &Str<'_>,
    uri: Option<String>,
    reason: &'static str,
) -> BlockKind<'a> {
    BlockKind::Omitted(Box::new(Omitted {
        kind,
        label: Some(mime.as_str().to_owned()),
        uri,
        reason,
        size: Some(payload.size()),
    }))
}

/// Applies `validate_images` to a payload of type `mime`: PNG, JPEG, GIF and WebP by their
/// structure (see [`imagecheck`]), BMP, TIFF and PDF by their signature. Repairs the payload
/// in place (`image_repaired`), or returns the marker reason of bytes that cannot be sent
/// (`invalid_image`, `invalid_document`). Other types, and payloads that are not base64
/// (`validate_base64: false`), are left as they are.
pub(super) fn checked_bytes(
    payload: &mut Payload<'_>,
    mime: &str,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<&'static str>, ConvertError> {
    let mode = ctx.options.validate_images;
    let essence = mime::essence(mime);
    let Some(reason) = imagecheck::invalid_reason(essence).filter(|_| mode != ValidateImages::Off) else {
        return Ok(None);
    };
    if !ctx.options.validate_base64 && !payload.data.is_canonical_base64() {
        return Ok(None);
    }
    let head = base64::prefix_bytes(payload.data.head(base64::PREFIX_CHARS));
    let why = match (imagecheck::signature_ok(essence, &head), Format::of_mime(essence)) {
        (Some(true), _) | (None, None) => return Ok(None),
        (Some(false), _) => "the bytes do not start with its signature".to_owned(),
        (None, Some(format)) => {
            let Ok(bytes) = base64_simd::STANDARD.decode_to_vec(payload.data.as_str().as_bytes()) else {
                return Ok(None);
            };
            match imagecheck::check(format, &bytes, mode == ValidateImages::Decode) {
                Verdict::Valid => {
                    payload.checked = true;
                    return Ok(None);
                }
                Verdict::Repaired(fixed, what) => {
                    ctx.repair(Code::ImageRepaired, loc, format!("image repaired: {what}"))?;
                    payload.data = Str::owned(base64_simd::STANDARD.encode_to_string(&fixed)).mark_json_safe();
                    payload.checked = true;
                    return Ok(None);
                }
                Verdict::Invalid(why) => why,
            }
        }
    };
    let code = match essence {
        "application/pdf" => Code::InvalidDocument,
        _ => Code::InvalidImage,
    };
    ctx.repair(code, loc, format!("{reason}: {why}"))?;
    Ok(Some(reason))
}

pub(super) fn link<'a>(uri: Str<'a>, mime: Option<Str<'a>>) -> BlockKind<'a> {
    BlockKind::Link(Box::new(Link {
        name: uri.clone(),
        uri,
        title: None,
        description: None,
        mime,
        size: None,
        icons: None,
    }))
}

pub(super) fn sniff(payload: &Payload<'_>, ctx: &Context<'_>) -> Option<&'static str> {
    if ctx.options.sniff_mime {
        mime::sniff(&base64::prefix_bytes(payload.data.head(base64::PREFIX_CHARS)))
    } else {
        None
    }
}

/// Normalizes a declared MIME type and checks it against the sniffed one (always inlined: the
/// type then moves without copies).
#[inline(always)]
pub(super) fn checked_mime<'a>(
    declared: Str<'a>,
    sniffed: Option<&'static str>,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Str<'a>, ConvertError> {
    // The common case: the type the bytes have, already written as it should be.
    if sniffed == Some(declared.as_str()) {
        return Ok(declared);
    }
    let mime = match mime::normalize(declared.as_str()) {
        Cow::Borrowed(_) => declared,
        Cow::Owned(normalized) => {
            let message = format!("mimeType {:?} read as {normalized:?}", declared.as_str());
            ctx.notice(Code::MimeTypeNormalized, loc.render(), message);
            Str::owned(normalized)
        }
    };
    match sniffed {
        Some(actual) if !mime::same_format(mime::essence(mime.as_str()), actual) => {
            let message = format!(
                "mimeType says {} but the bytes are {actual}; using {actual}",
                mime.as_str()
            );
            ctx.repair(Code::MimeTypeMismatch, loc, message)?;
            Ok(Str::borrowed(actual))
        }
        _ => Ok(mime),
    }
}

/// Whether `text` (or its first bytes) starts with `prefix`, ignoring ASCII case.
pub(super) fn starts_with_ignore_case(text: &[u8], prefix: &str) -> bool {
    text.len() >= prefix.len() && text[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}
