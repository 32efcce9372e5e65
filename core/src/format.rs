//! The image formats the fitter reads or writes, known by their magic bytes and MIME types
//! (shared by [`crate::fit`] and the header reader `imagesize`).

/// An image format the fitter reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PNG (`image/png`).
    Png,
    /// JPEG (`image/jpeg`).
    Jpeg,
    /// GIF (`image/gif`); read only, its first frame.
    Gif,
    /// WebP (`image/webp`); read only.
    Webp,
}

impl Format {
    /// Every format, in the order of [`Format::sniff`].
    pub const ALL: [Format; 4] = [Format::Png, Format::Jpeg, Format::Gif, Format::Webp];

    /// The format whose MIME type is `essence`.
    pub fn of_mime(essence: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.mime() == essence)
    }

    /// The format of `bytes`, from its magic bytes.
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Format::Png)
        } else if bytes.starts_with(b"\xFF\xD8\xFF") {
            Some(Format::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Format::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Format::Webp)
        } else {
            None
        }
    }

    /// The MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Gif => "image/gif",
            Format::Webp => "image/webp",
        }
    }

    /// The short name (`png`, `jpeg`, `gif`, `webp`).
    pub fn name(self) -> &'static str {
        &self.mime()[6..]
    }
}
