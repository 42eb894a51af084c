/**
 * toolschema-language-server: the Node entry. `toolschema-language-server --stdio` (any LSP editor), or
 * node IPC when started by the VS Code client. Everything else is in toolServer.ts.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './toolServer';
import { cancelQueuedRequests } from './scheduler';
import { MessageChecks, registerRefusals } from './messageChecks';
import { DISK_WORKER_ARG, processPort, runDiskWorker, workerDiskWork } from './diskWorker';

if (process.argv.includes(DISK_WORKER_ARG) && process.send) {
  // This script started as the server's worker process (server/src/diskWorker.ts): it reads unopened tool
  // files, and ends with the server.
  process.on('disconnect', () => process.exit(0));
  runDiskWorker(processPort(process));
} else {
  main();
}

function main(): void {
  if (process.argv.includes('--version')) {
    process.stdout.write('toolschema-language-server\n');
    process.exit(0);
  }
  if (!process.argv.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket=') || a.startsWith('--pipe='))) {
    process.stderr.write('Usage: toolschema-language-server --stdio\n  Speaks the Language Server Protocol over standard input/output.\n');
    process.exit(2);
  }

  const checks = new MessageChecks();
  const connection = createConnection(ProposedFeatures.all, { connectionStrategy: cancelQueuedRequests, messageStrategy: checks });
  checks.log = (m) => connection.console.warn(m);
  registerRefusals(connection);
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
  process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${e instanceof Error ? e.stack : String(e)}`));
  process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e.stack ?? String(e)}`));
  startServer(connection, { diskWork: (names, log) => workerDiskWork({ script: __filename, names, log }) });
}
