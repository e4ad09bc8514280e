import { Worker } from 'node:worker_threads';
import { appError } from '../errors.js';

/** a pdfmake document definition: plain data (text, tables, images as data: URLs), so it crosses threads */
export type PdfDocument = Record<string, unknown>;

type Reply = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Job {
  id: number;
  doc: PdfDocument;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

export interface PdfRenderer {
  /** the document as a PDF, made on the renderer's thread; refused with CL_ERR_PRINT_BUSY when the queue is full */
  render(doc: PdfDocument): Promise<Buffer>;
  /** documents waiting or being made */
  readonly queued: number;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  /** documents waiting or being made at most; one more is refused at once rather than left to wait */
  maxQueued: number;
  /** a document still not made after this long fails, and its thread is ended (the next one starts a new one) */
  timeoutMs: number;
}

/**
 * PDF rendering off the main thread (pdfWorker.js): one worker thread, started with the first printout,
 * makes one document at a time from a bounded queue. The event loop keeps answering other requests while
 * a document is laid out; a queue that is full answers at once (429) instead of piling up work.
 */
export function createPdfRenderer({ maxQueued, timeoutMs }: PdfRendererOptions): PdfRenderer {
  let worker: Worker | null = null;
  let running: (Job & { timer: NodeJS.Timeout; on: Worker }) | null = null;
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Worker {
    const w = new Worker(new URL('./pdfWorker.js', import.meta.url));
    w.on('message', (reply: Reply) => {
      const job = running;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      running = null;
      if ('pdf' in reply) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else job.reject(new Error(`PDF rendering failed: ${reply.error}`));
      next();
    });
    const lost = (message: string) => {
      if (worker === w) worker = null;
      if (running?.on === w) {
        const job = running;
        clearTimeout(job.timer);
        running = null;
        job.reject(new Error(message));
        next();
      }
    };
    w.on('error', (error) => lost(`the PDF worker failed: ${error.message}`));
    w.on('exit', () => lost('the PDF worker stopped'));
    // an idle renderer never keeps the process alive
    w.unref();
    return w;
  }

  function next(): void {
    if (running || closed) return;
    const job = waiting.shift();
    if (!job) return;
    const w = (worker ??= start());
    const timer = setTimeout(() => {
      if (running?.id !== job.id) return;
      running = null;
      if (worker === w) worker = null;
      void w.terminate();
      job.reject(new Error(`PDF rendering took longer than ${timeoutMs} ms`));
      next();
    }, timeoutMs);
    running = { ...job, timer, on: w };
    w.postMessage({ id: job.id, doc: job.doc });
  }

  return {
    render(doc) {
      if (closed) return Promise.reject(new Error('the PDF renderer is closed'));
      if (waiting.length + (running ? 1 : 0) >= maxQueued) return Promise.reject(appError('CL_ERR_PRINT_BUSY'));
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ id: nextId++, doc, resolve, reject });
        next();
      });
    },
    get queued() {
      return waiting.length + (running ? 1 : 0);
    },
    async close() {
      closed = true;
      const error = new Error('the PDF renderer is closed');
      for (const job of waiting.splice(0)) job.reject(error);
      if (running) {
        clearTimeout(running.timer);
        running.reject(error);
        running = null;
      }
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
