//! Host values → the core's `Value`.
//!
//! Strings are not copied: an exact `str` is read through its UTF-8 view (for ASCII text that
//! is the object's own buffer), registered in [`Hosts`] and handed to the core as
//! `Str::host`, so the output can return the very same object. `bytes`-like payloads are
//! base64-encoded here (the core reads payloads as base64 text). Host objects that offer a
//! standard way to become data (pydantic `model_dump`, `to_dict()`, dataclass fields) are
//! lowered through it. Any other value has no JSON form (a set, a function, an instance of
//! another class, a non-`str` dict key): `unsupported_value` at its JSON Pointer.

use std::cell::{Cell, RefCell};
use std::ptr;

use mcp_tool_result::__private::{json_pointer, HostId, PointerToken};
use mcp_tool_result::{Code, Map, Number, Str, Value, MAX_DEPTH};
use pyo3::exceptions::PyException;
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyMemoryView, PyString, PyTuple, PyType,
};
use smallvec::SmallVec;

/// The host objects a call borrows from: every borrowed string (so it stays alive, even while
/// the GIL is released), every temporary a borrowed string lives in, and every `bytes` payload
/// with the base64 text made of it. A string's index is its `HostId`.
pub struct Hosts<'py> {
    objects: RefCell<SmallVec<[Bound<'py, PyAny>; 64]>>,
    encoded: RefCell<Vec<String>>,
    borrowed_bytes: Cell<usize>,
}

impl<'py> Hosts<'py> {
    /// An empty table.
    pub fn new() -> Self {
        Hosts {
            objects: RefCell::new(SmallVec::new()),
            encoded: RefCell::new(Vec::new()),
            borrowed_bytes: Cell::new(0),
        }
    }

    /// The object registered under `id`.
    pub fn get(&self, id: HostId) -> Option<Bound<'py, PyAny>> {
        self.objects.borrow().get(id.0 as usize).cloned()
    }

    /// Total length of the text borrowed from host objects, in bytes.
    pub fn borrowed_bytes(&self) -> usize {
        self.borrowed_bytes.get()
    }

    /// Keeps `object` alive as long as the table and returns its index.
    #[inline]
    fn keep(&self, object: Bound<'py, PyAny>) -> HostId {
        let mut objects = self.objects.borrow_mut();
        let id = HostId(u32::try_from(objects.len()).unwrap_or(u32::MAX));
        objects.push(object);
        id
    }

    /// The base64 text of the `bytes` object `owner`, kept with the table's lifetime and tied to
    /// `owner`: where the core passes it through as a bytes value, the output is `owner` again.
    fn encoded<'h>(&'h self, owner: Bound<'py, PyAny>, bytes: &[u8]) -> Str<'h> {
        let mut encoded = self.encoded.borrow_mut();
        encoded.push(base64_simd::STANDARD.encode_to_string(bytes));
        let text: &str = encoded.last().map_or("", String::as_str);
        let ptr: *const str = text;
        drop(encoded);
        // SAFETY: a `String`'s heap buffer stays where it is when the vector of strings grows;
        // the table never changes or removes a string, and drops them only when it is dropped.
        let text: &'h str = unsafe { &*ptr };
        self.borrowed_bytes.set(self.borrowed_bytes.get() + text.len());
        Str::host(text, self.keep(owner))
    }

    /// Keeps `owner` alive as long as the table and returns `text` with the table's lifetime.
    ///
    /// # Safety
    /// `text` must point into `owner`, an immutable object (a `str`, whose UTF-8 view is
    /// cached in the object for its whole life, or a `bytes`).
    #[inline]
    unsafe fn borrow_text<'h>(&'h self, owner: Bound<'py, PyAny>, text: *const str) -> (&'h str, HostId) {
        // SAFETY: `text` points into `owner` (the caller's contract), and the table holds a
        // strong reference to `owner` that it never drops before it is dropped itself.
        let text: &'h str = unsafe { &*text };
        self.borrowed_bytes.set(self.borrowed_bytes.get() + text.len());
        (text, self.keep(owner))
    }
}

/// Why lowering failed (boxed: lowering returns it through every level of nesting, and a
/// small error keeps each level's result small).
pub struct LowerError(pub Box<LowerFailure>);

/// A conversion error at a path (built up while unwinding), or a Python exception that must
/// propagate as it is (`KeyboardInterrupt` and other non-`Exception`s).
pub enum LowerFailure {
    /// Report as `ConvertError`, optionally chained to the Python exception that caused it.
    Convert {
        code: Code,
        message: String,
        reversed_path: Vec<Segment>,
        cause: Option<PyErr>,
    },
    /// Re-raise unchanged.
    Raise(PyErr),
}

/// One step of a JSON Pointer.
pub enum Segment {
    Key(String),
    Index(usize),
}

impl LowerError {
    fn new(code: Code, message: String) -> Self {
        LowerError(Box::new(LowerFailure::Convert {
            code,
            message,
            reversed_path: Vec::new(),
            cause: None,
        }))
    }

    /// Re-raise `cause` unchanged.
    pub fn raise(cause: PyErr) -> Self {
        LowerError(Box::new(LowerFailure::Raise(cause)))
    }

    fn caused_by(code: Code, message: String, cause: PyErr, py: Python<'_>) -> Self {
        if cause.is_instance_of::<PyException>(py) {
            LowerError(Box::new(LowerFailure::Convert {
                code,
                message,
                reversed_path: Vec::new(),
                cause: Some(cause),
            }))
        } else {
            LowerError::raise(cause)
        }
    }

    fn within(mut self, segment: Segment) -> Self {
        if let LowerFailure::Convert { reversed_path, .. } = &mut *self.0 {
            reversed_path.push(segment);
        }
        self
    }
}

/// The JSON Pointer of a reversed list of segments.
pub fn pointer(reversed: &[Segment]) -> String {
    json_pointer(reversed.iter().rev().map(|segment| match segment {
        Segment::Key(key) => PointerToken::Key(key),
        Segment::Index(i) => PointerToken::Index(*i),
    }))
}

/// The text of a JSON-text argument: a `str`, or UTF-8 `bytes`, `bytearray` or `memoryview`
/// (the mutable kinds are copied first: the text must not change while the core reads it).
pub fn json_text<'h, 'py>(hosts: &'h Hosts<'py>, text: &Bound<'py, PyAny>) -> Result<&'h str, LowerError> {
    if let Ok(s) = text.cast::<PyString>() {
        let utf8: *const str = s.to_str().map_err(|_| {
            LowerError::new(
                Code::InvalidJson,
                "JSON text holds a lone surrogate (not valid Unicode)".to_owned(),
            )
        })?;
        // SAFETY: `utf8` is the UTF-8 view of the `str` `text`.
        return Ok(unsafe { hosts.borrow_text(text.clone(), utf8) }.0);
    }
    let bytes = if text.is_instance_of::<PyBytes>() {
        text.clone()
    } else if text.is_instance_of::<PyByteArray>() || text.is_instance_of::<PyMemoryView>() {
        text.py()
            .get_type::<PyBytes>()
            .call1((text,))
            .map_err(LowerError::raise)?
    } else {
        let message = format!(
            "JSON text must be a str, bytes, bytearray or memoryview, not {}",
            type_name(text)
        );
        return Err(LowerError::new(Code::InvalidJson, message));
    };
    let raw = bytes
        .cast::<PyBytes>()
        .map_err(|e| LowerError::raise(e.into()))?
        .as_bytes();
    let utf8: *const str = std::str::from_utf8(raw)
        .map_err(|e| LowerError::new(Code::InvalidJson, format!("JSON bytes are not UTF-8: {e}")))?;
    // SAFETY: `utf8` is the content of the immutable `bytes` object `bytes`.
    Ok(unsafe { hosts.borrow_text(bytes, utf8) }.0)
}

/// A lowered host value, with what the core's `convert_checked` needs to know of it.
pub struct Lowered<'h> {
    /// The value; lowering refuses nesting deeper than `MAX_DEPTH`, as the core does.
    pub value: Value<'h>,
    /// Whether some string or key had lone surrogates replaced.
    pub lossy: bool,
}

/// Lowers a host value (a `str` is a string value, never JSON text).
pub fn value<'h, 'py>(hosts: &'h Hosts<'py>, object: &Bound<'py, PyAny>) -> Result<Lowered<'h>, LowerError> {
    let lowerer = Lowerer::new(hosts);
    let value = lowerer.value(object.clone(), 0)?;
    Ok(Lowered {
        value,
        lossy: lowerer.lossy.get(),
    })
}

/// Lowers keyword options into an object (the core parses and checks them).
pub fn options<'h, 'py>(hosts: &'h Hosts<'py>, options: Option<&Bound<'py, PyDict>>) -> Result<Value<'h>, LowerError> {
    match options {
        None => Ok(Value::Null),
        Some(dict) => Lowerer::new(hosts).dict(dict, 1).map_err(invalid_option),
    }
}

/// Lowers the keyword options of `options` that `pick` marks (one flag per entry, in order),
/// as [`options`] lowers them.
pub fn call_options<'h, 'py>(
    hosts: &'h Hosts<'py>,
    options: &Bound<'py, PyDict>,
    pick: &[bool],
) -> Result<Map<'h>, LowerError> {
    // Snapshot first, as `Lowerer::dict` does: lowering a value may run Python code.
    let entries: SmallVec<[(Bound<'py, PyAny>, Bound<'py, PyAny>); 4]> = options
        .iter()
        .zip(pick)
        .filter(|(_, &picked)| picked)
        .map(|(entry, _)| entry)
        .collect();
    let lowerer = Lowerer::new(hosts);
    let mut map = Map::with_capacity(entries.len());
    for (key, value) in entries {
        // Keyword names are `str`.
        let key = lowerer.string(key.cast_into::<PyString>().map_err(|e| LowerError::raise(e.into()))?)?;
        match lowerer.value(value, 1) {
            Ok(value) => map.push(key, value),
            Err(e) => return Err(invalid_option(e.within(Segment::Key(key.as_str().to_owned())))),
        }
    }
    Ok(map)
}

/// A lowering error of an option, as `invalid_option`.
fn invalid_option(mut error: LowerError) -> LowerError {
    if let LowerFailure::Convert { code, .. } = &mut *error.0 {
        *code = Code::InvalidOption;
    }
    error
}

struct Lowerer<'h, 'py> {
    hosts: &'h Hosts<'py>,
    /// How many dumps of pydantic models enclose the value being lowered.
    in_pydantic: Cell<u32>,
    /// Whether a string had lone surrogates replaced.
    lossy: Cell<bool>,
}

impl<'h, 'py> Lowerer<'h, 'py> {
    fn new(hosts: &'h Hosts<'py>) -> Self {
        Lowerer {
            hosts,
            in_pydantic: Cell::new(0),
            lossy: Cell::new(false),
        }
    }
}

impl<'h, 'py> Lowerer<'h, 'py> {
    /// `depth` is the nesting of the containers around `object`. Exact built-in types are
    /// recognized by a type-pointer comparison first (type checks through the limited API are
    /// function calls); subclasses and the rarer types take [`Self::other`].
    fn value(&self, object: Bound<'py, PyAny>, depth: usize) -> Result<Value<'h>, LowerError> {
        if object.is_exact_instance_of::<PyString>() {
            // SAFETY: the exact type was just checked.
            let s = unsafe { object.cast_into_unchecked::<PyString>() };
            return Ok(Value::String(self.exact_string(s)?));
        }
        if let Ok(dict) = object.cast_exact::<PyDict>() {
            return self.dict(dict, depth + 1);
        }
        if let Ok(list) = object.cast_exact::<PyList>() {
            return self.sequence(list.iter(), list.len(), depth + 1);
        }
        if object.is_none() {
            return Ok(Value::Null);
        }
        if let Ok(b) = object.cast_exact::<PyBool>() {
            return Ok(Value::Bool(b.is_true()));
        }
        if let Ok(int) = object.cast_exact::<PyInt>() {
            return integer(int).map(Value::Number);
        }
        if let Ok(float) = object.cast_exact::<PyFloat>() {
            return Ok(Value::Number(Number::Float(float.value())));
        }
        self.other(object, depth)
    }

    fn other(&self, object: Bound<'py, PyAny>, depth: usize) -> Result<Value<'h>, LowerError> {
        if let Ok(s) = object.cast::<PyString>() {
            return Ok(Value::String(self.string(s.clone())?));
        }
        if let Ok(dict) = object.cast::<PyDict>() {
            return self.dict(dict, depth + 1);
        }
        if let Ok(tuple) = object.cast::<PyTuple>() {
            return self.sequence(tuple.iter(), tuple.len(), depth + 1);
        }
        if let Ok(list) = object.cast::<PyList>() {
            return self.sequence(list.iter(), list.len(), depth + 1);
        }
        if let Ok(int) = object.cast::<PyInt>() {
            return integer(int).map(Value::Number);
        }
        if let Ok(float) = object.cast::<PyFloat>() {
            return Ok(Value::Number(Number::Float(float.value())));
        }
        if let Ok(bytes) = object.cast::<PyBytes>() {
            if object.is_exact_instance_of::<PyBytes>() {
                return Ok(Value::String(self.hosts.encoded(object.clone(), bytes.as_bytes())));
            }
            // A subclass is copied: the output holds plain bytes.
            let encoded = base64_simd::STANDARD.encode_to_string(bytes.as_bytes());
            return Ok(Value::String(Str::owned(encoded)));
        }
        if let Ok(array) = object.cast::<PyByteArray>() {
            // SAFETY: no Python code runs while the slice is borrowed (the GIL is held and
            // the encoder is plain Rust), so the bytearray cannot be resized under it.
            let encoded = base64_simd::STANDARD.encode_to_string(unsafe { array.as_bytes() });
            return Ok(Value::String(Str::owned(encoded)));
        }
        if object.is_instance_of::<PyMemoryView>() {
            let py = object.py();
            let bytes = object.call_method0(intern!(py, "tobytes")).map_err(|e| {
                let message = format!("memoryview could not be read: {e}");
                LowerError::caused_by(Code::UnsupportedValue, message, e, py)
            })?;
            return self.value(bytes, depth);
        }
        self.host_object(&object, depth)
    }

    /// A host object that offers a standard way to become data, in this order of preference:
    /// a callable `model_dump` (pydantic models), a callable `to_dict`, dataclass fields. Inside
    /// the dump of a pydantic model, a value with none of them (a URL, a datetime, an enum) is
    /// written by pydantic's own JSON serializer. Anything else has no JSON form.
    fn host_object(&self, object: &Bound<'py, PyAny>, depth: usize) -> Result<Value<'h>, LowerError> {
        let py = object.py();
        if let Some(dump) = method(object, intern!(py, "model_dump"))? {
            // Python mode keeps `bytes` fields as bytes (payloads, encoded once here); JSON mode
            // would decode them as UTF-8 or write the model's own base64 flavour (URL-safe).
            let kwargs = PyDict::new(py);
            for (key, value) in [
                (intern!(py, "mode"), intern!(py, "python").as_any()),
                (intern!(py, "by_alias"), PyBool::new(py, true).as_any()),
                (intern!(py, "exclude_none"), PyBool::new(py, true).as_any()),
            ] {
                kwargs.set_item(key, value).map_err(LowerError::raise)?;
            }
            let dumped = self.dump(object, &dump, Some(&kwargs), "model_dump")?;
            let pydantic = is_pydantic_model(object);
            self.in_pydantic.set(self.in_pydantic.get() + u32::from(pydantic));
            let value = self.value(dumped, depth);
            self.in_pydantic.set(self.in_pydantic.get() - u32::from(pydantic));
            return value;
        }
        if let Some(to_dict) = method(object, intern!(py, "to_dict"))? {
            let dumped = self.dump(object, &to_dict, None, "to_dict")?;
            return self.value(dumped, depth);
        }
        if let Some(fields) = dataclass_fields(object)? {
            return self.dataclass(object, &fields, depth + 1);
        }
        if self.in_pydantic.get() > 0 {
            return self.pydantic_leaf(object, depth);
        }
        Err(LowerError::new(Code::UnsupportedValue, unsupported(object)))
    }

    /// Calls `object`'s dump method `name`; the result must be lowered without another dump.
    fn dump(
        &self,
        object: &Bound<'py, PyAny>,
        method: &Bound<'py, PyAny>,
        kwargs: Option<&Bound<'py, PyDict>>,
        name: &str,
    ) -> Result<Bound<'py, PyAny>, LowerError> {
        let py = object.py();
        let dumped = method.call((), kwargs).map_err(|e| {
            let message = format!("{}.{name}() raised {e}", type_name(object));
            LowerError::caused_by(Code::UnsupportedValue, message, e, py)
        })?;
        if !is_json_like(&dumped) {
            let message = format!("{}.{name}() returned {}", type_name(object), type_name(&dumped));
            return Err(LowerError::new(Code::UnsupportedValue, message));
        }
        // The dump is a temporary: keep it alive while strings borrow from it.
        self.hosts.keep(dumped.clone());
        Ok(dumped)
    }

    /// A dataclass instance as the object of its fields, in declaration order (the values are
    /// lowered in place, not copied first as `dataclasses.asdict` does). `depth` is its nesting.
    fn dataclass(
        &self,
        object: &Bound<'py, PyAny>,
        fields: &Bound<'py, PyAny>,
        depth: usize,
    ) -> Result<Value<'h>, LowerError> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        let py = object.py();
        let fields: SmallVec<[Bound<'py, PyAny>; 8]> = fields
            .try_iter()
            .and_then(|fields| fields.collect::<PyResult<_>>())
            .map_err(LowerError::raise)?;
        let mut map = Map::with_capacity(fields.len());
        for field in fields {
            let name = field
                .getattr(intern!(py, "name"))
                .and_then(|name| Ok(name.cast_into::<PyString>()?))
                .map_err(LowerError::raise)?;
            let key = self.string(name.clone())?;
            let segment = || Segment::Key(key.as_str().to_owned());
            let value = object.getattr(&name).map_err(|e| {
                let message = format!("reading field {name} of {} raised {e}", type_name(object));
                LowerError::caused_by(Code::UnsupportedValue, message, e, py).within(segment())
            })?;
            let value = self.value(value, depth).map_err(|e| e.within(segment()))?;
            map.push(key, value);
        }
        Ok(Value::Object(map))
    }

    /// A value inside a pydantic dump with no JSON form of its own, as pydantic writes it in JSON.
    fn pydantic_leaf(&self, object: &Bound<'py, PyAny>, depth: usize) -> Result<Value<'h>, LowerError> {
        static TO_JSONABLE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let py = object.py();
        let written = TO_JSONABLE
            .import(py, "pydantic_core", "to_jsonable_python")
            .and_then(|to_jsonable| to_jsonable.call1((object,)))
            .map_err(|e| {
                let message = format!("{} (pydantic could not write it either: {e})", unsupported(object));
                LowerError::caused_by(Code::UnsupportedValue, message, e, py)
            })?;
        if !is_json_like(&written) {
            let message = format!("pydantic wrote {} as {}", type_name(object), type_name(&written));
            return Err(LowerError::new(Code::UnsupportedValue, message));
        }
        self.hosts.keep(written.clone());
        self.value(written, depth)
    }

    fn string(&self, s: Bound<'py, PyString>) -> Result<Str<'h>, LowerError> {
        if s.is_exact_instance_of::<PyString>() {
            return self.exact_string(s);
        }
        match s.to_str() {
            // A str subclass (e.g. a StrEnum member) is copied: the output holds plain str.
            Ok(text) => Ok(Str::owned(text.to_owned())),
            Err(_) => self.lossy_string(&s),
        }
    }

    /// [`Self::string`] for an exact `str`: its UTF-8 view, borrowed (one call for the view).
    #[inline]
    fn exact_string(&self, s: Bound<'py, PyString>) -> Result<Str<'h>, LowerError> {
        let mut len: ffi::Py_ssize_t = 0;
        // SAFETY: `s` is a live `str`, and `len` a valid place for the length.
        let data = unsafe { ffi::PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut len) };
        if data.is_null() {
            // A lone surrogate (the exception set says so).
            drop(PyErr::take(s.py()));
            return self.lossy_string(&s);
        }
        // SAFETY: a view is `len` bytes of UTF-8, cached in `s` for its whole life.
        let text: *const str =
            unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(data.cast::<u8>(), len as usize)) };
        // SAFETY: `text` is the UTF-8 view of the `str` `s`.
        let (text, id) = unsafe { self.hosts.borrow_text(s.into_any(), text) };
        Ok(Str::host(text, id))
    }

    /// A `str` holding lone surrogates, with them replaced.
    #[cold]
    fn lossy_string(&self, s: &Bound<'py, PyString>) -> Result<Str<'h>, LowerError> {
        self.lossy.set(true);
        replace_surrogates(s).map(Str::lossy)
    }

    /// `depth` is the nesting of this dict.
    fn dict(&self, dict: &Bound<'py, PyDict>, depth: usize) -> Result<Value<'h>, LowerError> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        // Snapshot first: lowering a value may run Python code (`model_dump`) that changes
        // the dict, and iterating a changing dict is an error.
        let py = dict.py();
        let mut entries: SmallVec<[(Bound<'py, PyAny>, Bound<'py, PyAny>); 8]> = SmallVec::new();
        let (mut pos, mut key, mut value) = (0, ptr::null_mut(), ptr::null_mut());
        // SAFETY: `dict` is a live dict, and no Python code runs while the loop reads it
        // (`PyDict_Next` calls no `__eq__` or `__hash__`).
        while unsafe { ffi::PyDict_Next(dict.as_ptr(), &mut pos, &mut key, &mut value) } != 0 {
            // SAFETY: `PyDict_Next` returned true: both are valid borrowed references, made
            // strong here before anything can change the dict.
            entries.push(unsafe { (Bound::from_borrowed_ptr(py, key), Bound::from_borrowed_ptr(py, value)) });
        }
        let mut map = Map::with_capacity(entries.len());
        for (key, value) in entries {
            let key = if key.is_exact_instance_of::<PyString>() {
                // SAFETY: the exact type was just checked.
                self.exact_string(unsafe { key.cast_into_unchecked::<PyString>() })?
            } else {
                match key.cast_into::<PyString>() {
                    Ok(key) => self.string(key)?,
                    Err(e) => {
                        let key = e.into_inner();
                        let message = format!("dict key of unsupported type {} (keys must be str)", type_name(&key));
                        let segment =
                            Segment::Key(key.str().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default());
                        return Err(LowerError::new(Code::UnsupportedValue, message).within(segment));
                    }
                }
            };
            match self.value(value, depth) {
                Ok(value) => map.push(key, value),
                Err(e) => return Err(e.within(Segment::Key(key.as_str().to_owned()))),
            }
        }
        Ok(Value::Object(map))
    }

    /// `depth` is the nesting of this list or tuple.
    fn sequence(
        &self,
        items: impl Iterator<Item = Bound<'py, PyAny>>,
        len: usize,
        depth: usize,
    ) -> Result<Value<'h>, LowerError> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        let mut values = Vec::with_capacity(len);
        for (i, item) in items.enumerate() {
            values.push(self.value(item, depth).map_err(|e| e.within(Segment::Index(i)))?);
        }
        Ok(Value::Array(values))
    }
}

/// `object`'s attribute `name` when it is callable.
fn method<'py>(
    object: &Bound<'py, PyAny>,
    name: &Bound<'py, PyString>,
) -> Result<Option<Bound<'py, PyAny>>, LowerError> {
    match object.getattr_opt(name) {
        Ok(found) => Ok(found.filter(|m| m.is_callable())),
        Err(e) => {
            let message = format!("{} (reading its {name} attribute raised {e})", unsupported(object));
            Err(LowerError::caused_by(Code::UnsupportedValue, message, e, object.py()))
        }
    }
}

/// The `dataclasses.fields` of a dataclass instance (not of a dataclass type), else `None`.
fn dataclass_fields<'py>(object: &Bound<'py, PyAny>) -> Result<Option<Bound<'py, PyAny>>, LowerError> {
    static FIELDS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = object.py();
    let is_dataclass = !object.is_instance_of::<PyType>()
        && matches!(
            object.get_type().getattr_opt(intern!(py, "__dataclass_fields__")),
            Ok(Some(_))
        );
    if !is_dataclass {
        return Ok(None);
    }
    FIELDS
        .import(py, "dataclasses", "fields")
        .and_then(|fields| fields.call1((object,)))
        .map(Some)
        .map_err(|e| {
            let message = format!("dataclasses.fields() of {} raised {e}", type_name(object));
            LowerError::caused_by(Code::UnsupportedValue, message, e, py)
        })
}

/// Whether `object` is a pydantic model (its class has pydantic's serializer).
fn is_pydantic_model(object: &Bound<'_, PyAny>) -> bool {
    let py = object.py();
    matches!(
        object.get_type().getattr_opt(intern!(py, "__pydantic_serializer__")),
        Ok(Some(_))
    )
}

fn unsupported(object: &Bound<'_, PyAny>) -> String {
    format!(
        "Python type {} has no JSON form (no model_dump, to_dict or dataclass fields)",
        type_name(object)
    )
}

/// Whether `object` is lowered without another dump (so a dump cannot recurse).
fn is_json_like(object: &Bound<'_, PyAny>) -> bool {
    object.is_none()
        || object.is_instance_of::<PyString>()
        || object.is_instance_of::<PyDict>()
        || object.is_instance_of::<PyList>()
        || object.is_instance_of::<PyTuple>()
        || object.is_instance_of::<PyInt>()
        || object.is_instance_of::<PyFloat>()
        || object.is_instance_of::<PyBytes>()
        || object.is_instance_of::<PyByteArray>()
        || object.is_instance_of::<PyMemoryView>()
}

fn too_deep() -> LowerError {
    LowerError::new(Code::TooDeep, format!("nesting deeper than {MAX_DEPTH} levels"))
}

fn integer(int: &Bound<'_, PyInt>) -> Result<Number<'static>, LowerError> {
    if let Ok(i) = int.extract::<i64>() {
        return Ok(Number::Int(i));
    }
    if let Ok(u) = int.extract::<u64>() {
        return Ok(Number::UInt(u));
    }
    // Beyond 64 bits: the decimal literal (of the int value, whatever a subclass prints).
    let py = int.py();
    let text = py
        .get_type::<PyInt>()
        .call1((int,))
        .and_then(|exact| exact.str())
        .map_err(|e| {
            let message = format!("integer could not be written in decimal: {e}");
            LowerError::caused_by(Code::UnsupportedValue, message, e, py)
        })?;
    Ok(Number::Raw(text.to_string_lossy().into_owned().into()))
}

/// The text of a `str` holding lone surrogates: each lone surrogate becomes U+FFFD and a
/// high/low pair becomes its character, as if the string had gone through JSON text.
fn replace_surrogates(s: &Bound<'_, PyString>) -> Result<String, LowerError> {
    let py = s.py();
    // `str.encode(s, …)`, not `s.encode(…)`: a subclass may override `encode`.
    py.get_type::<PyString>()
        .call_method1(intern!(py, "encode"), (s, "utf-16-le", "surrogatepass"))
        .and_then(|utf16| utf16.call_method1(intern!(py, "decode"), ("utf-16-le", "replace")))
        .and_then(|text| Ok(text.cast::<PyString>()?.to_str()?.to_owned()))
        .map_err(|e| {
            LowerError::caused_by(
                Code::InternalError,
                format!("replacing lone surrogates failed: {e}"),
                e,
                py,
            )
        })
}

fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .fully_qualified_name()
        .map_or_else(|_| "<unknown>".to_owned(), |name| name.to_string_lossy().into_owned())
}
