//! Media a target carries: [`Media`] and its [`MediaClass`].

use crate::marker::Marker;
use crate::mime;
use crate::model::Str;
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
}

impl Media<'_> {
    /// Decoded size in bytes (see [`Payload::size`](crate::parsed::Payload::size)).
    pub fn size(&self) -> u64 {
        crate::base64::decoded_len(self.data.as_str())
    }

    /// The marker of this media, with an optional reason.
    pub fn marker(&self, reason: Option<&str>) -> String {
        let kind = match self.class {
            MediaClass::Image => "image",
            MediaClass::Audio => "audio",
            MediaClass::Document | MediaClass::Video => "resource",
        };
        let uri = self.uri.as_ref().map(Str::as_str);
        let title = match self.class {
            MediaClass::Image => crate::svg::title_of(self.mime.as_str(), &self.data),
            _ => None,
        };
        Marker {
            kind,
            label: Some(self.mime.as_str()),
            title: title.as_deref(),
            size: Some(self.size()),
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
