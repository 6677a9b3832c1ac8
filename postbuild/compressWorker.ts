/**
 * The worker thread of compress.ts `startBuildCompression`: compresses the files the main thread names, in
 * this thread's event loop, which the post-build steps on the main thread cannot hold; one file at a time
 * until the main thread says `done`, then one per core. Answers `done` with what it did, or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startCompression, type CompressionAnswer, type CompressionJob, type CompressionMessage } from './compress';

const { dir, cacheDir } = workerData as CompressionJob;
const compression = startCompression(dir, { cacheDir, concurrency: 1 });
const port = parentPort!;

port.on('message', (message: CompressionMessage) => {
  if ('add' in message) return compression.add(message.add);
  const answer = (reply: CompressionAnswer) => {
    port.postMessage(reply);
    port.close();
  };
  compression.done().then(
    (report) => answer({ report }),
    (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
  );
});
