/**
 * toolschema-language-server in a web worker (VS Code for the web): the same startServer as the Node entry,
 * over the worker's postMessage. esbuild.mjs bundles it for the browser with shims for the Node modules the
 * server imports (server/src/browser/): there is no file system and no git, so workspace folders that are not
 * `file:` URIs are never indexed, no toolschema.config.json is read, and the git baseline reports nothing.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startServer } from './toolServer';
import { MessageChecks, registerRefusals } from './messageChecks';

declare const self: unknown;
const g = globalThis as { setImmediate?: (fn: (...a: unknown[]) => void, ...args: unknown[]) => unknown };
// toolServer.ts coalesces changes with setImmediate, which workers do not have.
if (typeof g.setImmediate !== 'function') g.setImmediate = (fn, ...args) => setTimeout(() => fn(...args), 0);

const checks = new MessageChecks();
const connection = createConnection(new BrowserMessageReader(self as never), new BrowserMessageWriter(self as never), { messageStrategy: checks });
checks.log = (m) => connection.console.warn(m);
registerRefusals(connection);
console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
startServer(connection);
