//! Memory for the big tables read at random (the optimal solver's h3 and h4, hundreds of
//! megabytes). With 4 KB pages nearly every read of them also misses the TLB; on Linux, where
//! transparent huge pages are often given only to memory that asks for them ("madvise"), asking
//! before the memory is first touched lets the kernel back it with 2 MB pages.

/// An empty Vec with room for `len` bytes, whose memory is asked to be backed by huge pages
/// where the system offers that (Linux); elsewhere a plain `Vec::with_capacity`.
pub fn with_capacity(len: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(len);
    advise(&mut v);
    v
}

#[cfg(all(target_os = "linux", not(target_family = "wasm")))]
fn advise(v: &mut Vec<u8>) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let start = v.as_mut_ptr() as usize;
    let (from, to) = (start.next_multiple_of(HUGE), (start + v.capacity()) / HUGE * HUGE);
    if to > from {
        // SAFETY: the range lies within the Vec's own allocation, and the advice changes only
        // how the kernel backs those pages, not their contents; a refusal is harmless.
        unsafe { madvise(from as *mut std::ffi::c_void, to - from, MADV_HUGEPAGE) };
    }
}

#[cfg(not(all(target_os = "linux", not(target_family = "wasm"))))]
fn advise(_: &mut Vec<u8>) {}

#[cfg(test)]
mod tests {
    #[test]
    fn advised_memory_holds_what_is_put_in_it() {
        let mut v = super::with_capacity(5 << 20);
        assert!(v.is_empty() && v.capacity() >= 5 << 20);
        v.extend((0..5 << 20).map(|i| (i * 7) as u8));
        assert!(v.iter().enumerate().all(|(i, &b)| b == (i * 7) as u8));
    }
}
