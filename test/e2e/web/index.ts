/**
 * The extensionTestsPath module of the web extension host (VS Code for the web, @vscode/test-web): the
 * browser build of mocha, the shared suite (../suite/extension.e2e.ts) and the web-only one.
 */
import 'mocha/mocha';

declare const mocha: {
  setup(opts: { ui: string; reporter: undefined; timeout: number; color: boolean }): void;
  run(done: (failures: number) => void): unknown;
};

export function run(): Promise<void> {
  return new Promise((resolve, reject) => {
    mocha.setup({ ui: 'bdd', reporter: undefined, timeout: 60_000, color: false });
    // Loaded after setup, which defines describe/it.
    require('../suite/extension.e2e');
    require('./web.e2e');
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} web extension test(s) failed.`)) : resolve()));
  });
}
