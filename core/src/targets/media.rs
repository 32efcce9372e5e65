//! Media a target carries: [`Media`] and its [`MediaClass`].

use crate::fit::Crcs;
use crate::marker::Marker;
use crate::mime;
use crate::model::Str;
use crate::normalize::Context;
use crate::omitted::{self, Omitted};
use crate::parsed::BlockAt;

/// Kinds of media.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MediaClass {
    /// An image block.
    Image,
    /// An audio block.
    Audio,
    /// A document blob.
    Document,
    /// A video blob.
    Video,
}

/// Media a target carries.
pub struct Media<'a> {
    /// What it is.
    pub class: MediaClass,
    /// Its MIME type.
    pub mime: Str<'a>,
    /// Canonical base64.
    pub data: Str<'a>,
    /// The resource uri (blobs).
    pub uri: Option<Str<'a>>,
    /// The decoded text of a `text/plain` document, where the target wants text.
    pub text: Option<String>,
    /// The block it came from (for the token estimate).
    pub at: Option<BlockAt>,
    /// The MIME type and payload it had before fitting or conversion replaced them.
    pub source: Option<(Str<'a>, Str<'a>)>,
    /// The input payload (`source` once replaced, else `data`) passed `validate_images`
    /// ([`Payload::checked`](crate::parsed::Payload::checked)).
    pub checked: bool,
}

impl<'a> Media<'a> {
    /// Puts a fitted or converted image in place of the payload, keeping the first one as the
    /// source (what [`Media::omit`] describes).
    pub fn replace(&mut self, mime: &'static str, bytes: &[u8]) {
        // Base64 needs no JSON escaping: the writer need not scan it.
        let data = Str::owned(base64_simd::STANDARD.encode_to_string(bytes)).mark_json_safe();
        let old = (
            std::mem::replace(&mut self.mime, Str::borrowed(mime)),
            std::mem::replace(&mut self.data, data),
        );
        self.source.get_or_insert(old);
    }

    /// The marker of this media kept from the model (by a cap or the token budget) with `reason`,
    /// recorded in the context's `omitted` list at `path`. Marker and entry describe the original
    /// (before fitting or conversion), whose bytes give the handle.
    pub fn omit(&self, reason: &str, path: String, ctx: &mut Context<'_>) -> String {
        let (mime, data) = self.original();
        // A payload left unchecked (validate_base64 off) that is not base64 is hashed as text.
        let handle = match base64_simd::STANDARD.decode_to_vec(data.as_str().as_bytes()) {
            Ok(bytes) => omitted::handle(&bytes),
            Err(_) => omitted::handle(data.as_str().as_bytes()),
        };
        let marker = self.marker_of(mime, data, Some(&handle), Some(reason));
        ctx.omitted.push(Omitted {
            handle,
            path,
            kind: self.kind(),
            mime_type: mime.as_str().to_owned(),
            bytes: crate::base64::decoded_len(data.as_str()),
        });
        marker
    }

    /// The marker [`Media::omit`] gives, with a stand-in handle of the same length: what it
    /// costs can be known before the handle is worked out.
    pub fn omit_marker_len(&self, reason: &str) -> usize {
        let (mime, data) = self.original();
        self.marker_of(mime, data, Some(omitted::HANDLE_PLACEHOLDER), Some(reason))
            .len()
    }

    /// How a fit decodes the bytes of the input payload (`original`) or of `data`: without
    /// checking a PNG's CRCs again when `validate_images` checked them.
    pub(crate) fn crcs(&self, original: bool) -> Crcs {
        if self.checked && (original || self.source.is_none()) {
            Crcs::Verified
        } else {
            Crcs::Verify
        }
    }

    /// Decoded size in bytes (see [`Payload::size`](crate::parsed::Payload::size)).
    pub fn size(&self) -> u64 {
        crate::base64::decoded_len(self.data.as_str())
    }

    /// The marker of this media, with an optional reason.
    pub fn marker(&self, reason: Option<&str>) -> String {
        self.marker_of(&self.mime, &self.data, None, reason)
    }

    /// The MIME type and payload before fitting or conversion.
    fn original(&self) -> (&Str<'a>, &Str<'a>) {
        self.source
            .as_ref()
            .map_or((&self.mime, &self.data), |(mime, data)| (mime, data))
    }

    fn kind(&self) -> &'static str {
        match self.class {
            MediaClass::Image => "image",
            MediaClass::Audio => "audio",
            MediaClass::Document | MediaClass::Video => "resource",
        }
    }

    fn marker_of(&self, mime: &Str<'_>, data: &Str<'_>, handle: Option<&str>, reason: Option<&str>) -> String {
        let uri = self.uri.as_ref().map(Str::as_str);
        let title = match self.class {
            MediaClass::Image => crate::svg::title_of(mime.as_str(), data),
            _ => None,
        };
        Marker {
            kind: self.kind(),
            label: Some(mime.as_str()),
            title: title.as_deref(),
            size: Some(crate::base64::decoded_len(data.as_str())),
            handle,
            uri,
            reason,
        }
        .render()
    }

    /// A `data:` URL of the payload.
    pub fn data_url(&self) -> String {
        let mut url = String::with_capacity(self.data.as_str().len() + self.mime.as_str().len() + 13);
        url.push_str("data:");
        url.push_str(mime::essence(self.mime.as_str()));
        url.push_str(";base64,");
        url.push_str(self.data.as_str());
        url
    }

    /// The last path segment of the uri, for file names.
    pub fn file_name(&self) -> Option<&str> {
        let uri = self.uri.as_ref()?.as_str();
        let path = uri.split(['?', '#']).next().unwrap_or(uri);
        path.rsplit('/').next().filter(|name| !name.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn media(checked: bool) -> Media<'static> {
        Media {
            class: MediaClass::Image,
            mime: Str::borrowed("image/png"),
            data: Str::borrowed("iVBORw0KGgo="),
            uri: None,
            text: None,
            at: None,
            source: None,
            checked,
        }
    }

    /// Only the bytes `validate_images` checked skip the CRCs: the input payload, also once a
    /// fit replaced it, never the bytes put in its place.
    #[test]
    fn only_checked_input_skips_the_crcs() {
        assert_eq!(media(false).crcs(false), Crcs::Verify);
        let mut checked = media(true);
        assert_eq!(checked.crcs(false), Crcs::Verified);
        checked.replace("image/jpeg", b"\xFF\xD8\xFF");
        assert_eq!(checked.crcs(false), Crcs::Verify);
        assert_eq!(checked.crcs(true), Crcs::Verified);
    }
}
