// The solver worker (`solver.worker.js`) in a Node worker thread: the Web Worker globals it
// uses, its tables kept in folders (`node-store.js`), and its wasm read from the package.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { folderStore } from './node-store.js';
import { useStore } from './table-store.js';

globalThis.postMessage = (msg, transfer) => parentPort.postMessage(msg, transfer);
globalThis.onmessage = null;
useStore(folderStore(workerData));
await import('./solver.worker.js');
const wasm = readFileSync(new URL('./pkg/cubehint_bg.wasm', import.meta.url));
globalThis.onmessage({ data: { id: 0, cmd: 'init', arg: wasm } });
parentPort.on('message', (data) => globalThis.onmessage({ data }));
