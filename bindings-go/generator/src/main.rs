//! `uniffi-go-gen`: writes the cgo package of the Go binding from the UniFFI metadata that a
//! library built with UniFFI proc-macros carries (library mode: the `.a` or the `.so`).
//!
//! Usage: `uniffi-go-gen <library> <out-dir> <go-package>`. Writes `<namespace>.h` (the C ABI
//! plus one call shim per function) and `<namespace>.go` (lowering, lifting, errors and the
//! init-time contract/checksum checks). Covers what the binding's interface uses: integers,
//! floats, bools, strings, bytes (owned and borrowed), `Option`, `Vec`, records, fieldless
//! enums and error enums with fields; anything else is rejected with an error.

mod gofile;
mod header;
mod model;

use std::fs;

use anyhow::{bail, Context, Result};
use camino::Utf8PathBuf;
use uniffi_bindgen::{BindgenLoader, BindgenPaths, ComponentInterface, GlobalConfig};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [library, out_dir, package] = args.as_slice() else {
        bail!("usage: uniffi-go-gen <library (.a or .so)> <out-dir> <go-package>");
    };
    let ci = load(&Utf8PathBuf::from(library))?;
    let api = model::Api::new(&ci).with_context(|| format!("unsupported interface in {library}"))?;
    let out_dir = Utf8PathBuf::from(out_dir);
    fs::create_dir_all(&out_dir).with_context(|| format!("creating {out_dir}"))?;
    let header_name = format!("{}.h", api.namespace);
    write(&out_dir.join(&header_name), &header::render(&api))?;
    write(
        &out_dir.join(format!("{}.go", api.namespace)),
        &gofile::render(&api, package, &header_name),
    )?;
    Ok(())
}

/// Loads the one component interface the library defines, with its FFI signatures derived.
fn load(library: &Utf8PathBuf) -> Result<ComponentInterface> {
    let loader = BindgenLoader::new(BindgenPaths::default(), GlobalConfig::default());
    let metadata = loader
        .load_metadata(library)
        .with_context(|| format!("reading UniFFI metadata from {library}"))?;
    let mut cis = loader.load_cis(metadata)?;
    if cis.len() != 1 {
        bail!(
            "{library} defines {} UniFFI components; expected exactly one",
            cis.len()
        );
    }
    let mut ci = cis.remove(0);
    // load_cis leaves every scaffolding function as `f(RustCallStatus*)` until this runs.
    ci.derive_ffi_funcs()?;
    Ok(ci)
}

fn write(path: &Utf8PathBuf, text: &str) -> Result<()> {
    fs::write(path, text).with_context(|| format!("writing {path}"))
}
