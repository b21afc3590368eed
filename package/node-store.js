// Where the solver keeps tables in Node: files in a folder, named as the CLI names them, so the
// CLI and the package share one cache. Writes go to a temporary file renamed into place: a
// table cut short is never read. `tables`, a folder of the caller's, is read first.
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// The CLI's cache folder: $CUBEHINT_CACHE, else $XDG_CACHE_HOME/cubehint, else
// ~/.cache/cubehint; null for CUBEHINT_CACHE=off.
export function cacheDir(env = process.env) {
  if (env.CUBEHINT_CACHE === 'off') return null;
  if (env.CUBEHINT_CACHE) return env.CUBEHINT_CACHE;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'cubehint');
}

// The worker's names for whole h0 tables, as the CLI's files are named.
const FILES = { 'optimal-small': 'optimal-h0-2bit', 'optimal-large': 'optimal-h0' };
const fileOf = (key) => `${FILES[key] ?? key}.bin`;
const PIECE = 32 << 20;

export function folderStore({ cache = null, tables = null } = {}) {
  const dirs = [tables, cache].filter(Boolean);
  const read = (name) => {
    for (const dir of dirs) {
      try {
        return readFileSync(join(dir, name));
      } catch {}
    }
    return null;
  };
  // Writes `piece(start, end)` for every piece, `pause()` between them; false when it could not.
  const write = async (name, length, piece, pause = async () => {}) => {
    if (!cache) return false;
    const tmp = join(cache, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    let fd = null;
    try {
      mkdirSync(cache, { recursive: true });
      fd = openSync(tmp, 'w');
      for (let at = 0; at < length; at += PIECE) {
        const bytes = piece(at, Math.min(length, at + PIECE));
        writeSync(fd, bytes, 0, bytes.length, at);
        await pause();
      }
      closeSync(fd);
      fd = null;
      renameSync(tmp, join(cache, name));
      return true;
    } catch {
      if (fd !== null) closeSync(fd);
      rmSync(tmp, { force: true });
      return false;
    }
  };
  return {
    get: async (key) => {
      const b = read(fileOf(key));
      if (!b) return null;
      // A big file's Buffer owns its memory whole: handed over as it is, not copied.
      return b.byteOffset === 0 && b.buffer.byteLength === b.length ? b.buffer : b.buffer.slice(b.byteOffset, b.byteOffset + b.length);
    },
    put: (key, buffer) => write(fileOf(key), buffer.byteLength, (s, e) => new Uint8Array(buffer, s, e - s)),
    putBig: (key, length, piece) => write(fileOf(key), length, piece),
    eachPiece: async (key, each) => {
      const b = read(fileOf(key));
      if (!b) return null;
      for (let at = 0; at < b.length; at += PIECE) if (each(b.subarray(at, Math.min(b.length, at + PIECE)), at, b.length) === false) return null;
      return b.length;
    },
    // A flip table read straight into the solver's memory (as the browser's file store).
    readInto: async (name, headLength, head, into) => {
      for (const dir of dirs) {
        let fd = null;
        try {
          fd = openSync(join(dir, name), 'r');
        } catch {
          continue;
        }
        try {
          const length = fstatSync(fd).size;
          const first = new Uint8Array(Math.min(headLength, length));
          if (readSync(fd, first, 0, first.length, 0) !== first.length || head(first) === false) return null;
          for (let at = headLength; at < length; at += PIECE) {
            const len = Math.min(PIECE, length - at);
            const view = into(at - headLength, len);
            if (view.length !== len || readSync(fd, view, 0, len, at) !== len) return null;
          }
          return length;
        } catch {
          return null;
        } finally {
          closeSync(fd);
        }
      }
      return null;
    },
    storeFlips: (key, length, piece, pause) => write(`${key}.bin`, length, (s, e) => piece(s, e, true), pause),
    // Drops a kept table (in the cache only: the caller's folder is theirs).
    drop: async (key) => {
      if (!cache) return false;
      rmSync(join(cache, fileOf(key)), { force: true });
      return true;
    },
    served: async () => null,
  };
}
