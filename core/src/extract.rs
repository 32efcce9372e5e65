//! `extract_images`: find MCP image blocks anywhere in a JSON-like value (for example what
//! sandboxed code returned after calling tools), apply the payload, MIME and cap rules, and
//! give back the images plus the value as text with a marker where each image was.

use crate::canonical;
use crate::conversion::diagnostic_value;
use crate::error::{Code, ConvertError, Diagnostic};
use crate::fields::Fields;
use crate::marker::Marker;
use crate::model::{Map, Str, Value};
use crate::normalize::{self, Context};
use crate::omitted::Omitted;
use crate::options::{Door, Options};
use crate::parsed::{BlockKind, MediaBlock, MediaKind};
use crate::pointer::{push_token, Loc, PointerToken};
use crate::targets::media::{Media, MediaClass};
use crate::targets::profile::Caps;
use crate::targets::tally::{fit_media, Tally};

const MIB: u64 = 1024 * 1024;

/// The smallest common provider limits, used when no option names a cap.
pub(crate) const DEFAULT_CAPS: Caps = Caps {
    images: Some(20),
    item_bytes: Some(3_932_160),
    total_bytes: Some(20 * MIB),
    dimension: Some(8000),
    many_images_dimension: Some(8000),
    documents: None,
    recommended: crate::fit::Limits::NONE,
};

/// One image found in the value.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtractedImage<'a> {
    /// Canonical base64.
    pub data: Str<'a>,
    /// The MIME type (sniffed from the bytes when the declared one disagreed).
    pub mime_type: Str<'a>,
    /// JSON Pointer of the image object in the value.
    pub path: String,
}

/// What [`extract_images`] returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Extraction<'a> {
    /// The accepted images, in document order.
    pub images: Vec<ExtractedImage<'a>>,
    /// The value with each image replaced by its marker: the string itself when the result is
    /// a string, else its canonical JSON.
    pub text: String,
    /// Every repair and every image kept out by a cap.
    pub diagnostics: Vec<Diagnostic>,
    /// The images kept out by a cap, each with the handle its marker shows.
    pub omitted: Vec<Omitted>,
}

impl<'a> Extraction<'a> {
    /// `{"images": [{"data", "mimeType", "path"}], "text", "diagnostics"?, "omitted"?}`.
    pub fn into_value(self) -> Value<'a> {
        let images = self
            .images
            .into_iter()
            .map(|image| {
                let mut map = Map::with_capacity(3);
                map.push("data", Value::String(image.data));
                map.push("mimeType", Value::String(image.mime_type));
                map.push("path", Value::string(image.path));
                Value::Object(map)
            })
            .collect();
        let mut map = Map::with_capacity(3);
        map.push("images", Value::Array(images));
        map.push("text", Value::string(self.text));
        if !self.diagnostics.is_empty() {
            map.push(
                "diagnostics",
                Value::Array(self.diagnostics.iter().map(diagnostic_value).collect()),
            );
        }
        if !self.omitted.is_empty() {
            map.push("omitted", crate::omitted::list_value(&self.omitted));
        }
        Value::Object(map)
    }
}

/// Extracts the image blocks of `value`.
pub fn extract_images<'a>(value: Value<'a>, options: &Options) -> Result<Extraction<'a>, ConvertError> {
    let crate::depth::Checked { value, lossy } = crate::depth::check(value)?;
    extract_checked(value, lossy, options)
}

/// [`extract_images`] of a value within [`crate::MAX_DEPTH`]; `lossy`: some string or key of it
/// is lossy.
fn extract_checked<'a>(value: Value<'a>, lossy: bool, options: &Options) -> Result<Extraction<'a>, ConvertError> {
    let mut ctx = Context::new(options);
    let (value, lossy) = normalize::read_json_text(value, lossy, normalize::JsonDoor::ExtractImages, &mut ctx)?;
    let root = Loc::at("");
    if lossy {
        normalize::report_lossy(&value, &root, &mut ctx)?;
    }
    let caps = DEFAULT_CAPS.with_options(options);
    let mut walk = Walk {
        ctx,
        caps,
        tally: Tally::default(),
        images: Vec::new(),
        markers: Vec::new(),
    };
    let mut replaced = walk.value(value, &root)?;
    let total = walk.images.len();
    let mut numbered = walk.images.iter().zip(&walk.markers).enumerate().peekable();
    let mut path = String::new();
    number_markers(&mut replaced, &mut path, &mut numbered, total);
    let text = match replaced {
        Value::String(s) => s.as_str().to_owned(),
        other => canonical::to_text_in_order(&other),
    };
    Ok(Extraction {
        images: walk.images,
        text,
        diagnostics: walk.ctx.diagnostics,
        omitted: walk.ctx.omitted,
    })
}

/// Parses `input` (JSON text) and extracts its images; they borrow their payloads from `input`.
/// The parser checks the nesting and notes lossy strings, so the input is not walked again.
pub fn extract_images_str<'a>(input: &'a str, options: &Options) -> Result<Extraction<'a>, ConvertError> {
    let crate::depth::Checked { value, lossy } = crate::json::parse_checked(input)?;
    extract_checked(value, lossy, options)
}

/// Extracts the images of JSON text with options given as JSON text (`""` means none) and
/// returns the Extraction as compact JSON text.
pub fn extract_images_json(input: &str, options: &str) -> Result<String, ConvertError> {
    let options = Options::from_json_for(Door::ExtractImages, options)?;
    Ok(crate::json::to_string(
        &extract_images_str(input, &options)?.into_value(),
    ))
}

struct Walk<'o, 'a> {
    ctx: Context<'o>,
    caps: Caps,
    tally: Tally,
    images: Vec<ExtractedImage<'a>>,
    /// The marker of each accepted image, before numbering.
    markers: Vec<String>,
}

type Numbered<'i, 'a> = std::iter::Peekable<
    std::iter::Enumerate<std::iter::Zip<std::slice::Iter<'i, ExtractedImage<'a>>, std::slice::Iter<'i, String>>>,
>;

/// Replaces the marker of each accepted image (found by its path, in document order) by
/// `[image <n> of <total>, …]`.
fn number_markers(value: &mut Value<'_>, path: &mut String, images: &mut Numbered<'_, '_>, total: usize) {
    let Some((n, (image, marker))) = images.peek() else {
        return;
    };
    if image.path == *path {
        let rest = marker.strip_prefix("[image").unwrap_or(marker);
        *value = Value::string(format!("[image {} of {total},{rest}", n + 1));
        images.next();
        return;
    }
    if !image.path.starts_with(path.as_str()) {
        return;
    }
    let len = path.len();
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                push_token(path, PointerToken::Index(i));
                number_markers(item, path, images, total);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            let mut entries = std::mem::take(map).into_entries();
            for (key, item) in entries.iter_mut() {
                push_token(path, PointerToken::Key(key.as_str()));
                number_markers(item, path, images, total);
                path.truncate(len);
            }
            *map = entries.into_iter().collect();
        }
        _ => {}
    }
}

impl<'a> Walk<'_, 'a> {
    fn value(&mut self, value: Value<'a>, loc: &Loc<'_>) -> Result<Value<'a>, ConvertError> {
        match value {
            Value::Object(map) if is_image(&map) => self.image(map, loc),
            Value::Object(map) => {
                let entries = map.into_entries();
                // Duplicate keys resolve to the last one: a shadowed member is kept (it fixes
                // the key's position in the text) but not walked, so no image is taken from a
                // value that nobody reads (found by fuzzing).
                let shadowed: Vec<bool> = {
                    let mut seen = std::collections::HashSet::with_capacity(entries.len());
                    entries
                        .iter()
                        .rev()
                        .map(|(key, _)| !seen.insert(key.as_str()))
                        .collect()
                };
                let mut out = Map::with_capacity(entries.len());
                for ((key, item), shadowed) in entries.into_iter().zip(shadowed.into_iter().rev()) {
                    let item = if shadowed {
                        item
                    } else {
                        self.value(item, &loc.key(key.as_str()))?
                    };
                    out.push(key, item);
                }
                Ok(Value::Object(out))
            }
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.into_iter().enumerate() {
                    out.push(self.value(item, &loc.index(i))?);
                }
                Ok(Value::Array(out))
            }
            other => Ok(other),
        }
    }

    /// Applies the image block rules and the caps; returns the marker string.
    fn image(&mut self, map: Map<'a>, loc: &Loc<'_>) -> Result<Value<'a>, ConvertError> {
        let mut fields = Fields::pick(map);
        let keys = normalize::rename_aliases(&mut fields, normalize::BLOCK_ALIASES, loc, &mut self.ctx)?;
        let marker = match normalize::media_block(MediaKind::Image, &mut fields, &keys, &mut self.ctx)? {
            BlockKind::Media(media) => {
                let MediaBlock { payload, mime, .. } = *media;
                let mut media = Media {
                    class: MediaClass::Image,
                    mime,
                    data: payload.data,
                    uri: None,
                    text: None,
                    at: None,
                    source: None,
                    checked: payload.checked,
                };
                let (caps, dimension, mode) = (&self.caps, self.caps.dimension, self.ctx.options.fit_images);
                let not_fitted = fit_media(&mut media, caps, dimension, &self.tally, mode, &mut self.ctx, || {
                    loc.render()
                });
                match self.tally.over_cap(&media, &self.caps, self.caps.dimension) {
                    Some(reason) => {
                        let message = match not_fitted {
                            Some(why) => format!("image over a provider limit: {reason}; not fitted: {why}"),
                            None => format!("image over a provider limit: {reason}"),
                        };
                        self.ctx.notice(Code::BlockAsMarker, loc.render(), message);
                        media.omit(&reason, loc.render(), &mut self.ctx)
                    }
                    None => {
                        self.tally.count(&media, &self.caps);
                        let marker = media.marker(None);
                        let path = loc.render();
                        self.images.push(ExtractedImage {
                            data: media.data,
                            mime_type: media.mime,
                            path,
                        });
                        self.markers.push(marker.clone());
                        marker
                    }
                }
            }
            BlockKind::Link(link) => Marker::link(link.name.as_str(), link.uri.as_str()).render(),
            omitted => crate::targets::omitted_marker(&omitted).unwrap_or_default(),
        };
        Ok(Value::string(marker))
    }
}

/// An MCP image block: `type` `"image"` and a string `data`.
fn is_image(map: &Map<'_>) -> bool {
    map.get("type").and_then(Value::as_str) == Some("image") && matches!(map.get("data"), Some(Value::String(_)))
}
