// Where the worker keeps tables between visits: IndexedDB (in 32 MB pieces for big ones) and,
// for the flip tables, files in the origin private file system, which workers read fast and
// synchronously. Only bytes go in and out; checking them is the solver's (`docs/tables.md`).

const TABLE_DB = 'cubehint-tables';

// Outside a browser (Node: the package's folder store, `package/node-store.js`) another store
// answers these calls: { get, put, putBig, eachPiece, readInto, storeFlips, drop, served }.
let other = null;
export const useStore = (store) => (other = store);

// Where served table files are looked for (`servedFile`): beside the page by default; the
// package names a URL of its caller's, or none.
let servedBase = 'page';
export const serveTablesFrom = (base) => (servedBase = base);

// One connection for the worker's life (a table kept in pieces is tens of reads).
let db = null;
function openDb() {
  db ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(TABLE_DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore('tables');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((err) => {
    db = null; // asked again next time
    throw err;
  });
  return db;
}

export async function dbGet(key) {
  if (other) return other.get(key);
  const db = await openDb();
  return new Promise((resolve) => {
    const req = db.transaction('tables').objectStore('tables').get(key);
    req.onsuccess = () => resolve(req.result ?? null);
    req.onerror = () => resolve(null);
  });
}

export async function dbPut(key, value) {
  if (other) return other.put(key, value);
  const db = await openDb();
  return new Promise((resolve) => {
    const tx = db.transaction('tables', 'readwrite');
    tx.objectStore('tables').put(value, key);
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => resolve(false);
    tx.onabort = () => resolve(false);
  });
}

// IndexedDB takes at most about 127 MB a value in Chromium: bigger tables are kept in 32 MB
// pieces under `key:0`, `key:1`, … with their count and length under `key`.
// `piece(start, end)` gives those bytes (so a table need not be copied whole first).
export const PIECE = 32 << 20;
export async function dbPutBig(key, length, piece) {
  if (other) return other.putBig(key, length, piece);
  const pieces = Math.ceil(length / PIECE);
  for (let i = 0; i < pieces; i++) {
    if (!(await dbPut(`${key}:${i}`, piece(i * PIECE, Math.min(length, (i + 1) * PIECE)).buffer))) return false;
  }
  return dbPut(key, { pieces, length });
}

// Hands the pieces of a table kept by dbPutBig to `each(bytes, offset, length)` in order (until
// it returns false), the next one already being read while one is handed over (reading two or
// four ahead loaded h5 no faster); the table's length, or null if it is not kept whole.
export async function dbEachPiece(key, each) {
  if (other) return other.eachPiece(key, each);
  const head = await dbGet(key);
  if (!head?.pieces) return null;
  let next = dbGet(`${key}:0`);
  for (let i = 0; i < head.pieces; i++) {
    const piece = await next;
    next = i + 1 < head.pieces ? dbGet(`${key}:${i + 1}`) : null;
    if (!piece || i * PIECE + piece.byteLength > head.length) return null;
    if (each(new Uint8Array(piece), i * PIECE, head.length) === false) return null;
  }
  return head.length;
}

export async function dbGetBig(key) {
  let out = null;
  const length = await dbEachPiece(key, (piece, at, length) => {
    out ??= new Uint8Array(length);
    out.set(piece, at);
  });
  return length === out?.length ? out : null;
}

// Flip tables (hundreds of megabytes) are kept as files in the origin private file system where
// the browser lets workers read them synchronously (many times faster than IndexedDB's pieces);
// elsewhere (a page opened from disk, say), and for copies kept by earlier versions, they are
// in IndexedDB.
function filesKept() {
  return typeof FileSystemFileHandle !== 'undefined' && 'createSyncAccessHandle' in FileSystemFileHandle.prototype && !!navigator.storage?.getDirectory;
}

async function fileHandle(name, create) {
  return (await navigator.storage.getDirectory()).getFileHandle(name, { create });
}

// A kept file's sync access handle for reading, or null; several workers read at once
// ('read-only'), and one writing it makes readers wait a while.
async function openForReading(name) {
  if (!filesKept()) return null;
  for (let tries = 0; ; tries++) {
    try {
      return await (await fileHandle(name, false)).createSyncAccessHandle({ mode: 'read-only' });
    } catch (err) {
      if (err?.name !== 'NoModificationAllowedError' || tries >= 100) return null;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// Reads a kept file straight into memory that `into(at, len)` gives (a view of the solver's
// table), no copy: its first `headLength` bytes go to `head(bytes)` first, which says whether
// to go on. The file's length, or null if there is none or it cannot be read whole.
export async function fileReadInto(name, headLength, head, into) {
  if (other) return other.readInto(name, headLength, head, into);
  const h = await openForReading(name);
  if (!h) return null;
  try {
    const length = h.getSize();
    const first = new Uint8Array(Math.min(headLength, length));
    if (h.read(first, { at: 0 }) !== first.length || head(first) === false) return null;
    for (let at = headLength; at < length; at += PIECE) {
      const len = Math.min(PIECE, length - at);
      const view = into(at - headLength, len); // shorter where the file is longer than the table
      if (view.length !== len || h.read(view, { at }) !== len) return null;
    }
    return length;
  } catch {
    return null;
  } finally {
    h.close();
  }
}

// Writes a kept file from `piece(start, end)` (as dbPutBig), letting queued work run between
// pieces; false if it could not (a file cut short is refused by its checks when read).
async function filePutBig(name, length, piece, pause) {
  if (!filesKept()) return false;
  let h = null;
  try {
    h = await (await fileHandle(name, true)).createSyncAccessHandle();
    h.truncate(0);
    for (let at = 0; at < length; at += PIECE) {
      const bytes = piece(at, Math.min(length, at + PIECE), true); // written before the next call
      if (h.write(bytes, { at }) !== bytes.length) throw new Error('not written');
      await pause();
    }
    h.flush();
    return true;
  } catch {
    // Not all written (the origin's storage full, say): no file left behind to be read.
    h?.close();
    h = null;
    await (await navigator.storage.getDirectory()).removeEntry(name).catch(() => {});
    return false;
  } finally {
    h?.close();
  }
}

// Drops what IndexedDB keeps under `key` (in pieces or not).
export async function dbDeleteBig(key) {
  if (other) return other.drop(key);
  const head = await dbGet(key);
  const keys = [key, ...Array.from({ length: head?.pieces ?? 0 }, (_, i) => `${key}:${i}`)];
  const db = await openDb();
  return new Promise((resolve) => {
    const tx = db.transaction('tables', 'readwrite');
    for (const k of keys) tx.objectStore('tables').delete(k);
    tx.oncomplete = () => resolve(true);
    tx.onerror = tx.onabort = () => resolve(false);
  });
}

// Keeps a flip table: as a file where it can, then without a copy in IndexedDB (an earlier
// version's, or one that failed its check); else in IndexedDB.
export async function storeFlips(key, length, piece, pause) {
  if (other) return other.storeFlips(key, length, piece, pause);
  if (await filePutBig(`${key}.bin`, length, piece, pause)) return dbDeleteBig(key).then(() => true, () => true);
  return dbPutBig(key, length, piece);
}

// A table file served beside the page (`cubehint tables --out www/tables`: `path` is
// `tables/NAME.bin`), or from the URL the package's caller named, or null.
export async function servedFile(path) {
  if (other) return other.served(path);
  if (!servedBase) return null;
  if (servedBase === 'page' && !location.protocol.startsWith('http')) return null;
  const url = servedBase === 'page' ? new URL(path, location.href) : new URL(path.replace(/^tables\//, ''), servedBase);
  try {
    const r = await fetch(url);
    return r.ok ? await r.arrayBuffer() : null;
  } catch {
    return null;
  }
}
