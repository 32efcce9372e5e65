//! The subset of a UniFFI component interface the Go generator supports, checked and flattened.

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};
use uniffi_bindgen::interface::{AsType, FfiType, Type};
use uniffi_bindgen::ComponentInterface;

/// Everything the renderers need.
pub struct Api {
    /// The UniFFI namespace (the library's crate name); prefixes every symbol.
    pub namespace: String,
    pub docstring: Option<String>,
    pub contract_version: u32,
    pub contract_version_fn: String,
    pub from_bytes_fn: String,
    pub free_fn: String,
    /// `(symbol, expected checksum, item name)` for every exported function.
    pub checksums: Vec<(String, u16, String)>,
    pub functions: Vec<Function>,
    pub records: Vec<Record>,
    pub enums: Vec<Enum>,
    /// Types that need a `read…` function, keyed by their Go id (sorted, so output is stable).
    pub reads: BTreeMap<String, Type>,
    /// Types that need a `write…` function.
    pub writes: BTreeMap<String, Type>,
}

pub struct Function {
    pub name: String,
    pub ffi_name: String,
    pub docstring: Option<String>,
    pub args: Vec<Arg>,
    pub ret: Option<Type>,
    pub ret_ffi: Option<FfiType>,
    /// Name of the error enum the function throws.
    pub throws: Option<String>,
}

pub struct Arg {
    pub name: String,
    pub ty: Type,
    pub ffi: FfiType,
    pub pass: Pass,
}

/// How an argument crosses.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// A primitive by value.
    Scalar,
    /// A top-level `String`: raw UTF-8, copied into a `RustBuffer` by the C shim.
    RawString,
    /// A `&[u8]`: Go memory borrowed as `ForeignBytes` for the call.
    Borrowed,
    /// Serialized by Go, copied into a `RustBuffer` by the C shim.
    Serialized,
}

pub struct Record {
    pub name: String,
    pub docstring: Option<String>,
    pub fields: Vec<Field>,
}

pub struct Field {
    pub name: String,
    pub docstring: Option<String>,
    pub ty: Type,
}

pub struct Enum {
    pub name: String,
    pub docstring: Option<String>,
    pub is_error: bool,
    pub variants: Vec<Variant>,
}

pub struct Variant {
    pub name: String,
    pub docstring: Option<String>,
    pub fields: Vec<Field>,
}

impl Api {
    pub fn new(ci: &ComponentInterface) -> Result<Api> {
        if ci.has_object_definitions() || ci.has_callback_definitions() || ci.has_async_fns() {
            bail!("objects, callback interfaces and async functions are not supported");
        }
        let mut api = Api {
            namespace: ci.namespace().to_owned(),
            docstring: ci.namespace_docstring().map(str::to_owned),
            contract_version: ci.uniffi_contract_version(),
            contract_version_fn: ci.ffi_uniffi_contract_version().name().to_owned(),
            from_bytes_fn: ci.ffi_rustbuffer_from_bytes().name().to_owned(),
            free_fn: ci.ffi_rustbuffer_free().name().to_owned(),
            checksums: Vec::new(),
            functions: Vec::new(),
            records: Vec::new(),
            enums: Vec::new(),
            reads: BTreeMap::new(),
            writes: BTreeMap::new(),
        };
        for record in ci.record_definitions() {
            let fields = record.fields().iter().map(field).collect::<Result<_>>()?;
            api.records.push(Record {
                name: record.name().to_owned(),
                docstring: doc(record.docstring()),
                fields,
            });
        }
        for e in ci.enum_definitions() {
            let is_error = ci.is_name_used_as_error(e.name());
            if is_error && e.is_flat() {
                bail!("error enum {} is flat; give its variants fields", e.name());
            }
            let mut variants = Vec::new();
            for v in e.variants() {
                if v.has_fields() && !is_error {
                    bail!("enum {} has fields; only error enums may carry fields", e.name());
                }
                if v.has_nameless_fields() {
                    bail!("variant {}::{} has unnamed fields", e.name(), v.name());
                }
                let fields = v.fields().iter().map(field).collect::<Result<_>>()?;
                variants.push(Variant {
                    name: v.name().to_owned(),
                    docstring: doc(v.docstring()),
                    fields,
                });
            }
            api.enums.push(Enum {
                name: e.name().to_owned(),
                docstring: doc(e.docstring()),
                is_error,
                variants,
            });
        }
        for f in ci.function_definitions() {
            api.functions
                .push(function(f).with_context(|| format!("function {}", f.name()))?);
        }
        for (symbol, checksum) in ci.iter_checksums() {
            let item = symbol.rsplit("checksum_func_").next().unwrap_or(&symbol).to_owned();
            api.checksums.push((symbol, checksum, item));
        }
        api.collect_codecs(ci)?;
        Ok(api)
    }

    /// Fills `reads` and `writes` with every type reachable from a return, error or argument.
    fn collect_codecs(&mut self, ci: &ComponentInterface) -> Result<()> {
        let mut reads = Vec::new();
        let mut writes = Vec::new();
        for f in &self.functions {
            match &f.ret {
                Some(Type::String) | None => {}
                Some(t) if matches!(f.ret_ffi, Some(FfiType::RustBuffer(_))) => reads.push(t.clone()),
                Some(_) => {}
            }
            if let Some(name) = &f.throws {
                reads.push(
                    ci.get_type(name)
                        .with_context(|| format!("unknown error type {name}"))?,
                );
            }
            for a in f.args.iter().filter(|a| a.pass == Pass::Serialized) {
                writes.push(a.ty.clone());
            }
        }
        while let Some(t) = reads.pop() {
            if self.reads.insert(type_id(&t), t.clone()).is_none() {
                reads.extend(self.children(&t)?);
            }
        }
        while let Some(t) = writes.pop() {
            if let Some(e) = self.enum_def(&t).filter(|e| e.is_error) {
                bail!("error enum {} cannot be an argument", e.name);
            }
            if self.writes.insert(type_id(&t), t.clone()).is_none() {
                writes.extend(self.children(&t)?);
            }
        }
        Ok(())
    }

    /// The types a type's codec calls into.
    fn children(&self, t: &Type) -> Result<Vec<Type>> {
        Ok(match t {
            Type::Optional { inner_type } => vec![(**inner_type).clone(), Type::UInt8],
            Type::Sequence { inner_type } => vec![(**inner_type).clone(), Type::Int32],
            Type::String | Type::Bytes => vec![Type::Int32],
            Type::Boolean => vec![Type::UInt8],
            Type::Record { name, .. } => self.record(name)?.fields.iter().map(|f| f.ty.clone()).collect(),
            Type::Enum { name, .. } => {
                let e = self.enum_def(t).with_context(|| format!("unknown enum {name}"))?;
                let mut out = vec![Type::Int32];
                out.extend(e.variants.iter().flat_map(|v| v.fields.iter().map(|f| f.ty.clone())));
                out
            }
            _ => Vec::new(),
        })
    }

    pub fn record(&self, name: &str) -> Result<&Record> {
        self.records
            .iter()
            .find(|r| r.name == name)
            .with_context(|| format!("unknown record {name}"))
    }

    pub fn enum_def(&self, t: &Type) -> Option<&Enum> {
        match t {
            Type::Enum { name, .. } => self.enums.iter().find(|e| &e.name == name),
            _ => None,
        }
    }
}

fn function(f: &uniffi_bindgen::interface::Function) -> Result<Function> {
    let ffi = f.ffi_func();
    let mut args = Vec::new();
    for (a, fa) in f.arguments().into_iter().zip(ffi.arguments()) {
        let ty = a.as_type();
        check_type(&ty)?;
        let pass = match (&ty, fa.type_()) {
            (_, FfiType::ForeignBytes) => Pass::Borrowed,
            (Type::String, _) => Pass::RawString,
            (_, FfiType::RustBuffer(_)) => Pass::Serialized,
            (_, ffi) if scalar(&ffi) => Pass::Scalar,
            (_, ffi) => bail!("argument {} has FFI type {ffi:?}", a.name()),
        };
        args.push(Arg {
            name: a.name().to_owned(),
            ty,
            ffi: fa.type_(),
            pass,
        });
    }
    if let Some(t) = f.return_type() {
        check_type(t)?;
    }
    let throws = match f.throws_type() {
        None => None,
        Some(Type::Enum { name, .. }) => Some(name.clone()),
        Some(t) => bail!("throws {t:?}; only error enums are supported"),
    };
    Ok(Function {
        name: f.name().to_owned(),
        ffi_name: ffi.name().to_owned(),
        docstring: doc(f.docstring()),
        args,
        ret: f.return_type().cloned(),
        ret_ffi: ffi.return_type().cloned(),
        throws,
    })
}

fn field(f: &uniffi_bindgen::interface::Field) -> Result<Field> {
    let ty = f.as_type();
    check_type(&ty).with_context(|| format!("field {}", f.name()))?;
    Ok(Field {
        name: f.name().to_owned(),
        docstring: doc(f.docstring()),
        ty,
    })
}

/// Rejects the types this generator does not cover.
fn check_type(t: &Type) -> Result<()> {
    match t {
        Type::Optional { inner_type } | Type::Sequence { inner_type } => check_type(inner_type),
        Type::Record { .. } | Type::Enum { .. } | Type::String | Type::Bytes | Type::Boolean => Ok(()),
        t if primitive(t) => Ok(()),
        t => bail!("unsupported type {t:?}"),
    }
}

/// Integers and floats.
pub fn primitive(t: &Type) -> bool {
    matches!(
        t,
        Type::UInt8
            | Type::Int8
            | Type::UInt16
            | Type::Int16
            | Type::UInt32
            | Type::Int32
            | Type::UInt64
            | Type::Int64
            | Type::Float32
            | Type::Float64
    )
}

fn scalar(t: &FfiType) -> bool {
    c_scalar(t).is_some()
}

/// The C type of a by-value FFI scalar.
pub fn c_scalar(t: &FfiType) -> Option<&'static str> {
    Some(match t {
        FfiType::UInt8 => "uint8_t",
        FfiType::Int8 => "int8_t",
        FfiType::UInt16 => "uint16_t",
        FfiType::Int16 => "int16_t",
        FfiType::UInt32 => "uint32_t",
        FfiType::Int32 => "int32_t",
        FfiType::UInt64 => "uint64_t",
        FfiType::Int64 => "int64_t",
        FfiType::Float32 => "float",
        FfiType::Float64 => "double",
        _ => return None,
    })
}

/// The C type of any FFI value this generator passes.
pub fn c_type(t: &FfiType) -> &'static str {
    match t {
        FfiType::RustBuffer(_) => "RustBuffer",
        FfiType::ForeignBytes => "ForeignBytes",
        t => c_scalar(t).expect("checked by Api::new"),
    }
}

/// A stable identifier for a type, used in codec function names (`readOptionalString`).
pub fn type_id(t: &Type) -> String {
    match t {
        Type::UInt8 => "Uint8".into(),
        Type::Int8 => "Int8".into(),
        Type::UInt16 => "Uint16".into(),
        Type::Int16 => "Int16".into(),
        Type::UInt32 => "Uint32".into(),
        Type::Int32 => "Int32".into(),
        Type::UInt64 => "Uint64".into(),
        Type::Int64 => "Int64".into(),
        Type::Float32 => "Float32".into(),
        Type::Float64 => "Float64".into(),
        Type::Boolean => "Bool".into(),
        Type::String => "String".into(),
        Type::Bytes => "Bytes".into(),
        Type::Optional { inner_type } => format!("Optional{}", type_id(inner_type)),
        Type::Sequence { inner_type } => format!("Sequence{}", type_id(inner_type)),
        Type::Record { name, .. } | Type::Enum { name, .. } => crate::gofile::pascal(name),
        t => unreachable!("rejected by check_type: {t:?}"),
    }
}

fn doc(d: Option<&str>) -> Option<String> {
    d.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}
