/**
 * toolschema-language-server: the Node entry. `toolschema-language-server --stdio` (any LSP editor), or
 * node IPC when started by the VS Code client. Everything else is in toolServer.ts.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './toolServer';
import { cancelQueuedRequests } from './scheduler';
import { MessageChecks, registerRefusals } from './messageChecks';
import { DISK_WORKER_ARG, processPort, runDiskWorker, workerDiskWork } from './diskWorker';
import { FramingGuard } from './framing';
import { Console } from 'node:console';
import { boundHeapGrowth } from './memory';
import { setFlagsFromString } from 'node:v8';

// Both processes (the server and its disk worker) hold parse trees of large files: see memory.ts.
boundHeapGrowth();
// The engine's regular expressions are large (description-injection's scan was 17,000 characters; its gate is 7,800): V8
// compiles each one to bytecode and interprets it first, then compiles it again to machine code once it is used
// often. That first pass made the first lint in a new process about 60 ms longer (the combined scan alone: 59 to
// 91 ms to compile and run once, 12 to 13 ms compiled to machine code at once); the matches are the same. The CLI
// sets the same flag (cli/bin.ts). A `--regexp-tier-up` given on the command line is kept.
if (!process.execArgv.some((a) => /^--(?:no-)?regexp[-_]tier[-_]up\b/.test(a))) {
  try {
    setFlagsFromString('--no-regexp-tier-up');
  } catch {
    // a runtime without V8 flags
  }
}

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
  const options = { connectionStrategy: cancelQueuedRequests, messageStrategy: checks };
  const stdio = process.argv.includes('--stdio');
  // Standard output carries the protocol: the console methods that write there (info, debug, dir, table, …) write
  // to standard error instead, and log and error go to the client's log below. (vscode-languageserver does the
  // like when it opens stdio itself; here it is given the streams.)
  if (stdio) globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  // Over stdio the input's framing is checked first (framing.ts): a broken header ends the server with a message
  // instead of leaving it alive and deaf. (The other transports are started by the VS Code client.)
  const connection = stdio
    ? createConnection(
        ProposedFeatures.all,
        process.stdin.pipe(
          new FramingGuard((why) => {
            process.stderr.write(`toolschema-language-server: ${why} Exiting.\n`);
            process.exit(1);
          }),
        ),
        process.stdout,
        options,
      )
    : createConnection(ProposedFeatures.all, options);
  checks.log = (m) => connection.console.warn(m);
  registerRefusals(connection);
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
  process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${e instanceof Error ? e.stack : String(e)}`));
  process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e.stack ?? String(e)}`));
  startServer(connection, { diskWork: (names, log) => workerDiskWork({ script: __filename, names, log }), clientUri: (uri) => checks.clientUri(uri) });
}
