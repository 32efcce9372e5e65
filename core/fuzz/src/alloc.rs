//! A counting global allocator: live bytes, their peak, and the largest single request.
//! Deterministic, unlike RSS: the memory-bound checks read it around one conversion.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Wraps the system allocator and counts; install it with `#[global_allocator]`.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static LARGEST: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Relaxed) + size;
    PEAK.fetch_max(live, Relaxed);
    LARGEST.fetch_max(size, Relaxed);
}

// SAFETY: every call goes to `System` unchanged; the counters are only statistics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            grew(new_size);
        }
        p
    }
}

/// What one measured call allocated beyond what was live before it.
#[derive(Debug, Clone, Copy)]
pub struct Usage {
    /// Peak of live heap bytes during the call, above the live bytes at its start.
    pub peak: usize,
    /// The largest single allocation during the call.
    pub largest: usize,
}

/// Runs `f` and reports its heap usage (with [`Counting`] installed; single-threaded callers).
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    LARGEST.store(0, Relaxed);
    let result = f();
    let usage = Usage {
        peak: PEAK.load(Relaxed) - base,
        largest: LARGEST.load(Relaxed),
    };
    (result, usage)
}
