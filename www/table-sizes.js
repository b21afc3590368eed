// The optimal solver's table sizes, named as everywhere in cubehint: h0-2bit, h0, and h3 to h6
// (a flip table, with no h0 beside it). Earlier versions' names are still read (addresses, bookmarks).
export const SIZES = ['h0-2bit', 'h0', 'h3', 'h4', 'h5', 'h6'];
const ALIASES = { small: 'h0-2bit', medium: 'h0', large: 'h3', huge: 'h4' };

// The size a name means, or null.
export function canonicalSize(name) {
  const size = ALIASES[name] ?? name;
  return SIZES.includes(size) ? size : null;
}

// Whether a size has a flip table (whose build two workers can share).
export const hasFlipTable = (size) => /^h[3-6]$/.test(canonicalSize(size) ?? '');

// The optimal tables' size for a machine with `memory` GB (h6 with 16, h4 with 8, h3 with 4, h0
// with 2, h0-2bit below).
export const sizeForMemory = (memory) => (memory < 2 ? 'h0-2bit' : memory < 4 ? 'h0' : memory < 8 ? 'h3' : memory < 16 ? 'h4' : 'h6');

// Workers for a shared optimal search: one a core, at most four, each with its own copy of the
// tables (GB each, below), using at most a third of the memory.
export function workersFor(size, memory, cores) {
  const perWorker = { h6: 2.1, h5: 1.05, h4: 0.55, h3: 0.3, h0: 0.1, 'h0-2bit': 0.05 }[canonicalSize(size)] ?? 0.35;
  return Math.max(1, Math.min(cores || 1, 4, Math.floor(memory / 3 / perWorker)));
}
