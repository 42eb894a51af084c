/**
 * A worker thread of the CLI's workspace lint (dist/cli/lintWorker.js, started by lintFiles.ts): lints the
 * batches of files it is sent, first as if no other file defined a tool, then, once sent the workspace's names
 * table, against it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { NameIndex } from '../../../shared/src/linter';
import { indexOf, lintJob, takeRuleTimes, type FromWorker, type RunSettings, type ToWorker } from './lintFiles';

const settings = workerData as RunSettings;
let index: NameIndex | undefined;

parentPort?.on('message', (m: ToWorker) => {
  if (m.kind === 'names') {
    index = indexOf(m.table);
    return;
  }
  let reply: FromWorker;
  try {
    reply = { kind: 'done', records: m.batch.map(({ i, job }) => ({ i, record: lintJob(job, settings, index?.viewFrom(job.uri)) })) };
    if (settings.timing) reply.ruleTimes = takeRuleTimes();
  } catch (e) {
    reply = { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
