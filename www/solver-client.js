// Talks to the solver worker: each request {id, cmd, arg} gets a Promise for its reply;
// progress messages go to a callback.
export class SolverClient {
  constructor(url, onProgress, type = 'module') {
    this.worker = new Worker(url, { type });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.progress) {
        onProgress(msg.progress);
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      // How long the worker itself took (its own clock), for benchmarks.
      this.lastMs = msg.ms;
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new Error(msg.error));
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || 'the solver stopped'));
      this.pending.clear();
    };
  }

  // Stops the worker at once (a search cannot be interrupted otherwise); pending calls fail.
  terminate() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('stopped'));
    this.pending.clear();
  }

  call(cmd, arg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, cmd, arg });
    });
  }
}
