//! Pixels read a row at a time, top to bottom, and what a fit reads them from.
//!
//! The resize and the JPEG encoder consume rows in order, so a PNG can be decoded straight
//! into them: a 4K screenshot then never becomes a 25 MB raster. A fit is one pass unless the
//! byte limit is missed; a second pass decodes the image in full once and reuses it.

use super::decode::{self, Crcs};
use super::{FitError, Format, Raster};

/// A source of rows: 8-bit RGB (3 channels) or RGBA (4), read once, top to bottom.
pub(crate) trait Rows {
    /// Pixels in a row.
    fn width(&self) -> u32;
    /// Rows in all.
    fn height(&self) -> u32;
    /// 3 (RGB) or 4 (RGBA).
    fn channels(&self) -> usize;
    /// The next row (`width × channels` bytes). A consumer reads exactly `height` rows.
    fn next_row(&mut self) -> Result<&[u8], FitError>;
}

/// The rows of a decoded raster, owned or borrowed.
pub(crate) struct RasterRows<R> {
    raster: R,
    next: usize,
}

impl<R: AsRef<Raster>> RasterRows<R> {
    pub fn new(raster: R) -> RasterRows<R> {
        RasterRows { raster, next: 0 }
    }
}

impl AsRef<Raster> for Raster {
    fn as_ref(&self) -> &Raster {
        self
    }
}

impl<R: AsRef<Raster>> Rows for RasterRows<R> {
    fn width(&self) -> u32 {
        self.raster.as_ref().width
    }

    fn height(&self) -> u32 {
        self.raster.as_ref().height
    }

    fn channels(&self) -> usize {
        self.raster.as_ref().channels
    }

    fn next_row(&mut self) -> Result<&[u8], FitError> {
        let raster = self.raster.as_ref();
        let line = raster.width as usize * raster.channels;
        let row = &raster.pixels[self.next * line..][..line];
        self.next += 1;
        Ok(row)
    }
}

/// What a fit reads: PNG bytes not yet decoded (read a row at a time on the first pass, decoded
/// in full only if another pass needs them), or a decoded raster.
pub(crate) enum Pixels<'a> {
    /// A PNG, `streamed` once its single row-by-row pass is taken.
    Png {
        bytes: &'a [u8],
        width: u32,
        height: u32,
        crcs: Crcs,
        streamed: bool,
    },
    /// Pixels decoded by the caller.
    Borrowed(&'a Raster),
    /// Pixels decoded here.
    Owned(Raster),
}

impl<'a> Pixels<'a> {
    /// `bytes` of `format`, whose header gave `width` × `height`: a PNG is kept encoded (and
    /// decoded checking its CRCs or not, `crcs`), any other format is decoded now.
    pub fn new(format: Format, bytes: &'a [u8], width: u32, height: u32, crcs: Crcs) -> Result<Pixels<'a>, FitError> {
        Ok(match format {
            Format::Png => Pixels::Png {
                bytes,
                width,
                height,
                crcs,
                streamed: false,
            },
            _ => Pixels::Owned(decode::decode(format, bytes)?),
        })
    }

    /// Width and height.
    pub fn size(&self) -> (u32, u32) {
        match self {
            Pixels::Png { width, height, .. } => (*width, *height),
            Pixels::Borrowed(raster) => (raster.width, raster.height),
            Pixels::Owned(raster) => (raster.width, raster.height),
        }
    }

    /// Decoded from a lossy format (PNG is not).
    pub fn lossy(&self) -> bool {
        match self {
            Pixels::Png { .. } => false,
            Pixels::Borrowed(raster) => raster.lossy,
            Pixels::Owned(raster) => raster.lossy,
        }
    }

    /// The rows, top to bottom: straight from the PNG decoder the first time.
    pub fn rows(&mut self) -> Result<Box<dyn Rows + '_>, FitError> {
        if let Pixels::Png {
            bytes, crcs, streamed, ..
        } = self
        {
            if !*streamed {
                *streamed = true;
                return decode::png_rows(bytes, *crcs);
            }
        }
        Ok(Box::new(RasterRows::new(self.raster()?)))
    }

    /// The whole raster, decoded now if it was not.
    pub fn raster(&mut self) -> Result<&Raster, FitError> {
        match self {
            Pixels::Borrowed(raster) => Ok(raster),
            Pixels::Owned(raster) => Ok(raster),
            Pixels::Png { bytes, crcs, .. } => {
                *self = Pixels::Owned(decode::png(bytes, *crcs)?);
                self.raster()
            }
        }
    }
}
