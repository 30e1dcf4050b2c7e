// A worker thread of the HTML pipeline (pipeline.mjs): finishes the share of the pages it is given,
// with the same code and cache as the build's thread, and sends back what it came to.
import { parentPort, workerData } from 'node:worker_threads';
import { finishPages } from './pipeline.mjs';

parentPort?.postMessage(await finishPages(workerData.files, workerData.options));
