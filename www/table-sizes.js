// The optimal solver's table sizes, named as everywhere in cubehint: h0-2bit, h0, and h3 to h6
// (a flip table beside h0). Earlier versions' names are still read (addresses, bookmarks).
export const SIZES = ['h0-2bit', 'h0', 'h3', 'h4', 'h5', 'h6'];
const ALIASES = { small: 'h0-2bit', medium: 'h0', large: 'h3', huge: 'h4' };

// The size a name means, or null.
export function canonicalSize(name) {
  const size = ALIASES[name] ?? name;
  return SIZES.includes(size) ? size : null;
}

// Whether a size has a flip table (whose build two workers can share).
export const hasFlipTable = (size) => /^h[3-6]$/.test(canonicalSize(size) ?? '');
