//! Per-env state (main thread and each worker): the `ConvertError` class, the configured
//! targets and options, and the compiled output builders.
//!
//! Setting properties through Node-API costs about 200 ns each; a function compiled from the
//! output's shape (`(a0, a1) => ({"textResultForLlm": a0, "resultType": a1})`) builds the same
//! object with one call. A shape is compiled the second time it is seen, up to [`MAX_BUILDERS`]
//! shapes per env; others are built through Node-API. Each compiled builder is also put in the
//! array the env hands `index.js` ([`register_builders`]), so that a call returning one leaf can
//! leave the builder's call to JS (see [`set_pending`]): calling JS from here costs more than
//! the rest of a small conversion's lifting.

use std::ffi::{c_void, CStr};
use std::ptr;
use std::rc::Rc;

use mcp_tool_result::{ConvertError, Options, Target};
use napi::sys;
use rustc_hash::FxHashMap;

use crate::error::check;

/// What an env keeps between calls.
struct State {
    /// The `Function` constructor, to compile builders.
    function: sys::napi_ref,
    /// `EvalError`, what `Function` throws when code generation from strings is disabled.
    eval_error: sys::napi_ref,
    /// The `ConvertError` class registered by `index.js`.
    error_class: Option<sys::napi_ref>,
    /// The builders array registered by `index.js` and the pending-builder cell.
    registry: Option<Registry>,
    /// How many builders were put in the registry's array.
    registered: u32,
    /// What `configure` read, by id. Ids are not reused, so each copy of `index.js` in the env
    /// forgets only its own.
    configs: FxHashMap<u32, Rc<Config>>,
    /// The id the next config gets.
    next_config: u32,
    /// Builders by shape source: `None` once seen, `Some` once compiled.
    builders: FxHashMap<String, Option<Compiled>>,
    /// Cleared when the env forbids code generation from strings.
    codegen: bool,
}

/// A target and options read once by `configure`, for every call that gives its id. Their
/// errors are kept and raised by each call, at the point where the core would raise them.
pub(crate) struct Config {
    pub(crate) target: Result<Target, ConvertError>,
    pub(crate) options: Result<Options, ConvertError>,
}

/// A compiled builder.
#[derive(Clone, Copy)]
struct Compiled {
    function: sys::napi_ref,
    /// Its index in the registry's array (none when it was compiled before the registration).
    index: Option<u32>,
}

/// Where `index.js` finds the builders that it calls itself.
#[derive(Clone, Copy)]
struct Registry {
    /// A JS array: compiled builder `i` at index `i`.
    builders: sys::napi_ref,
    /// The memory of the `Int32Array` of one element handed to `index.js`: `i + 1` when the
    /// value returned must still go through builder `i`, else 0 (`index.js` reads it after each
    /// call). Owned by the state (freed by [`finalize`]), not by V8: what JS does with the array
    /// never invalidates it.
    pending: *mut i32,
    /// The `Int32Array` over `pending`.
    typed: sys::napi_ref,
}

/// How many shapes an env remembers.
const MAX_BUILDERS: usize = 512;

/// What to do with an output of a given shape.
pub(crate) enum Builder {
    /// Call this compiled builder with the leaves; `index` is its place in the registered
    /// array, if `index.js` registered one.
    Compiled {
        function: sys::napi_value,
        index: Option<u32>,
    },
    /// Build it through Node-API.
    Generic,
}

/// The registered `ConvertError` class, if any.
pub(crate) fn error_class(env: sys::napi_env) -> Option<sys::napi_value> {
    let state = state(env).ok()?;
    // SAFETY: `state` points to the env's live `State`; only a `Copy` field is read.
    let class = unsafe { (*state).error_class }?;
    value(env, class).ok()
}

/// The constructor of every exception thrown in this env: the first `class` registered (each
/// copy of `index.js` in the env then uses that one, so that its errors are of its class).
pub(crate) fn register_error_class(
    env: sys::napi_env,
    class: sys::napi_value,
) -> Result<sys::napi_value, sys::napi_status> {
    let state = state(env)?;
    // SAFETY: `state` points to the env's live `State`; only a `Copy` field is read.
    if let Some(kept) = unsafe { (*state).error_class } {
        return value(env, kept);
    }
    let reference = reference(env, class)?;
    // SAFETY: `state` is the env's `State`; no other borrow of it is alive.
    unsafe { (*state).error_class = Some(reference) };
    Ok(class)
}

/// The JS array where compiled builders are handed to JS and the `Int32Array` where
/// [`set_pending`] names the one to call, made on the first call and the same ones after that
/// (each copy of `index.js` loaded in the env, as test runners that reset their module registry
/// load it, reads the same two); `None` when the env refuses external array buffers (builders are
/// then called from here).
pub(crate) fn register_builders(
    env: sys::napi_env,
) -> Result<Option<(sys::napi_value, sys::napi_value)>, sys::napi_status> {
    let state = state(env)?;
    // SAFETY: only a `Copy` field of the env's `State` is read.
    if let Some(registry) = unsafe { (*state).registry } {
        return Ok(Some((value(env, registry.builders)?, value(env, registry.typed)?)));
    }
    let mut builders = ptr::null_mut();
    // SAFETY: creates an array in the live env.
    check(unsafe { sys::napi_create_array(env, &mut builders) })?;
    let pending = Box::into_raw(Box::new(0i32));
    let (mut buffer, mut typed) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: `pending` points to 4 writable bytes that live until the env ends (`finalize`
    // frees them); the array buffer only borrows them (no finalizer).
    let status =
        unsafe { sys::napi_create_external_arraybuffer(env, pending.cast(), 4, None, ptr::null_mut(), &mut buffer) };
    if let Err(status) = check(status) {
        // SAFETY: no array buffer was made of the cell.
        drop(unsafe { Box::from_raw(pending) });
        return match status {
            sys::Status::napi_no_external_buffers_allowed => Ok(None),
            status => Err(status),
        };
    }
    // From here on a failure leaks the 4 bytes: an array buffer may point to them.
    // SAFETY: `buffer` is the live 4-byte array buffer just created.
    check(unsafe { sys::napi_create_typedarray(env, sys::TypedarrayType::int32_array, 1, buffer, 0, &mut typed) })?;
    let registry = Registry {
        builders: reference(env, builders)?,
        pending,
        typed: reference(env, typed)?,
    };
    // SAFETY: `state` is the env's `State`; no other borrow of it is alive.
    unsafe { (*state).registry = Some(registry) };
    Ok(Some((builders, typed)))
}

/// Tells `index.js` whether the value returned must still go through a builder, and which one
/// (each call that returns sets it, so that no earlier value lingers).
pub(crate) fn set_pending(env: sys::napi_env, builder: Option<u32>) -> Result<(), sys::napi_status> {
    let state = state(env)?;
    // SAFETY: only a `Copy` field of the env's `State` is read.
    if let Some(registry) = unsafe { (*state).registry } {
        // SAFETY: `pending` is the live cell of the registry; JS only reads it on this thread,
        // after the call returns.
        unsafe { registry.pending.write(builder.map_or(0, |i| i as i32 + 1)) };
    }
    Ok(())
}

/// Keeps `config` and returns its id.
pub(crate) fn add_config(env: sys::napi_env, config: Config) -> Result<u32, sys::napi_status> {
    let state = state(env)?;
    // SAFETY: a short borrow of the env's `State`; no JS runs while it is alive.
    let (configs, next) = unsafe { (&mut (*state).configs, &mut (*state).next_config) };
    // After 2^32 configs the ids wrap; one still kept is skipped.
    while configs.contains_key(next) {
        *next = next.wrapping_add(1);
    }
    let id = *next;
    *next = next.wrapping_add(1);
    configs.insert(id, Rc::new(config));
    Ok(id)
}

/// The config of `id`, if it is one.
pub(crate) fn config(env: sys::napi_env, id: u32) -> Result<Option<Rc<Config>>, sys::napi_status> {
    let state = state(env)?;
    // SAFETY: as above.
    let configs = unsafe { &(*state).configs };
    Ok(configs.get(&id).cloned())
}

/// Drops the configs of `ids` (those ids become unknown).
pub(crate) fn forget_configs(env: sys::napi_env, ids: &[u32]) -> Result<(), sys::napi_status> {
    let state = state(env)?;
    // SAFETY: as above.
    let configs = unsafe { &mut (*state).configs };
    for id in ids {
        configs.remove(id);
    }
    Ok(())
}

fn state(env: sys::napi_env) -> Result<*mut State, sys::napi_status> {
    let mut data = ptr::null_mut();
    // SAFETY: reads this addon's instance-data slot of the live env.
    check(unsafe { sys::napi_get_instance_data(env, &mut data) })?;
    if !data.is_null() {
        return Ok(data.cast());
    }
    let state = Box::into_raw(Box::new(State {
        function: global_function(env, c"Function")?,
        eval_error: global_function(env, c"EvalError")?,
        error_class: None,
        registry: None,
        registered: 0,
        configs: FxHashMap::default(),
        next_config: 0,
        builders: FxHashMap::default(),
        codegen: true,
    }));
    // SAFETY: hands the box to the env, which frees it through `finalize` when it ends.
    check(unsafe { sys::napi_set_instance_data(env, state.cast(), Some(finalize), ptr::null_mut()) })?;
    Ok(state)
}

unsafe extern "C" fn finalize(env: sys::napi_env, data: *mut c_void, _hint: *mut c_void) {
    // SAFETY: `data` is the box `state` leaked; the env calls this once, at teardown.
    let state = unsafe { Box::from_raw(data.cast::<State>()) };
    let builders = state.builders.values().flatten().map(|compiled| compiled.function);
    let registry = state.registry.map(|registry| {
        // SAFETY: the cell was leaked by `register_builders` for the env's lifetime, which ends.
        drop(unsafe { Box::from_raw(registry.pending) });
        [registry.builders, registry.typed]
    });
    let fixed = [Some(state.function), Some(state.eval_error), state.error_class]
        .into_iter()
        .flatten()
        .chain(registry.into_iter().flatten());
    for reference in fixed.chain(builders) {
        // SAFETY: every reference was created in this env.
        unsafe { sys::napi_delete_reference(env, reference) };
    }
}

/// The builder for the output shape `source`, an expression over `leaves` parameters `a0, a1, …`.
pub(crate) fn builder(env: sys::napi_env, source: &str, leaves: usize) -> Result<Builder, sys::napi_status> {
    let state = state(env)?;
    // SAFETY: a short borrow of the env's `State`; no JS runs while it is alive.
    let (seen, function, eval_error) = unsafe {
        let state = &mut *state;
        if !state.codegen {
            return Ok(Builder::Generic);
        }
        let seen = match state.builders.get(source) {
            Some(Some(compiled)) => {
                return Ok(Builder::Compiled {
                    function: value(env, compiled.function)?,
                    index: compiled.index,
                })
            }
            Some(None) => true,
            None if state.builders.len() < MAX_BUILDERS => {
                state.builders.insert(source.to_owned(), None);
                false
            }
            None => return Ok(Builder::Generic),
        };
        (seen, state.function, state.eval_error)
    };
    if !seen {
        return Ok(Builder::Generic);
    }
    let Some(compiled) = compile(env, value(env, function)?, value(env, eval_error)?, source, leaves)? else {
        // SAFETY: as above.
        unsafe { (*state).codegen = false };
        return Ok(Builder::Generic);
    };
    // SAFETY: as above; only `Copy` fields are read.
    let (registry, next) = unsafe { ((*state).registry, (*state).registered) };
    let index = match registry {
        Some(registry) => {
            // SAFETY: the registered array is live; `compiled` is a live function.
            check(unsafe { sys::napi_set_element(env, value(env, registry.builders)?, next, compiled) })?;
            // SAFETY: as above.
            unsafe { (*state).registered = next + 1 };
            Some(next)
        }
        None => None,
    };
    let function = reference(env, compiled)?;
    // SAFETY: as above.
    unsafe {
        (*state)
            .builders
            .insert(source.to_owned(), Some(Compiled { function, index }))
    };
    Ok(Builder::Compiled {
        function: compiled,
        index,
    })
}

/// `new Function("a0,a1,…", "return (" + source + ")")`; `None` when the env refuses (code
/// generation from strings disabled: an `EvalError`). Any other exception is a bug in the
/// generated source and fails the call.
fn compile(
    env: sys::napi_env,
    function: sys::napi_value,
    eval_error: sys::napi_value,
    source: &str,
    leaves: usize,
) -> Result<Option<sys::napi_value>, sys::napi_status> {
    let params = (0..leaves).map(|i| format!("a{i}")).collect::<Vec<_>>().join(",");
    let body = format!("return ({source})");
    let args = [string(env, &params)?, string(env, &body)?];
    let mut compiled = ptr::null_mut();
    // SAFETY: `function` is the `Function` constructor; the arguments are live strings.
    let status = unsafe { sys::napi_new_instance(env, function, args.len(), args.as_ptr(), &mut compiled) };
    if status == sys::Status::napi_pending_exception {
        let (mut exception, mut refused) = (ptr::null_mut(), false);
        // SAFETY: takes over the pending exception and tests it against `EvalError`.
        unsafe {
            check(sys::napi_get_and_clear_last_exception(env, &mut exception))?;
            check(sys::napi_instanceof(env, exception, eval_error, &mut refused))?;
        }
        return if refused { Ok(None) } else { Err(status) };
    }
    check(status)?;
    Ok(Some(compiled))
}

fn string(env: sys::napi_env, text: &str) -> Result<sys::napi_value, sys::napi_status> {
    let mut value = ptr::null_mut();
    // SAFETY: `text` is valid UTF-8 of the given length.
    check(unsafe { sys::napi_create_string_utf8(env, text.as_ptr().cast(), text.len() as isize, &mut value) })?;
    Ok(value)
}

/// A strong reference to `v`, which keeps it alive until the env ends (or the reference is
/// deleted).
fn reference(env: sys::napi_env, v: sys::napi_value) -> Result<sys::napi_ref, sys::napi_status> {
    let mut reference = ptr::null_mut();
    // SAFETY: `v` is a live value of the current call.
    check(unsafe { sys::napi_create_reference(env, v, 1, &mut reference) })?;
    Ok(reference)
}

/// A reference to `globalThis[name]`.
fn global_function(env: sys::napi_env, name: &CStr) -> Result<sys::napi_ref, sys::napi_status> {
    let (mut global, mut function, mut reference) = (ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
    // SAFETY: reads a built-in of the live env's global object; `name` is NUL-terminated.
    unsafe {
        check(sys::napi_get_global(env, &mut global))?;
        check(sys::napi_get_named_property(env, global, name.as_ptr(), &mut function))?;
        check(sys::napi_create_reference(env, function, 1, &mut reference))?;
    }
    Ok(reference)
}

fn value(env: sys::napi_env, reference: sys::napi_ref) -> Result<sys::napi_value, sys::napi_status> {
    let mut value = ptr::null_mut();
    // SAFETY: `reference` was created in this env and is still held.
    check(unsafe { sys::napi_get_reference_value(env, reference, &mut value) })?;
    Ok(value)
}
