//! The standard library's allocator (dlmalloc in wasm32), behind calls that are never inlined.
//!
//! With LTO, the optimiser inlines the allocator's entry points, dlmalloc's size checks included, into
//! every function that allocates or frees: about 170 bytes at each of dozens of call sites. One call
//! away instead, the module is 5 kB smaller and no slower: the engine allocates outside its loops
//! (docs/performance-history.md, "Module size").

use std::alloc::{GlobalAlloc, Layout, System};

pub struct Allocator;

// SAFETY: every method hands its arguments to `System` unchanged, so `System`'s guarantees hold.
unsafe impl GlobalAlloc for Allocator {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc_zeroed(layout) }
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
