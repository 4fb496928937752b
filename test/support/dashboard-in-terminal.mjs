// The serve dashboard (tsc's dist/) drawn on a fake terminal of 60 columns and 20 rows, in a process of its own:
// ink draws every frame only where CI is unset (under CI it writes the last frame alone, when it unmounts), and
// it decides so when it loads, so the test that looks at how frames are drawn runs here, started without CI.
// stdin: the dashboard's state (JSON); stdout: everything ink wrote, once a request sent after the first frame
// shows.
import { Writable } from 'node:stream';
import { createElement } from 'react';

const { renderInk } = await import('../../dist/cli/ui/render-ink.js');
const { Dashboard } = await import('../../dist/cli/ui/Dashboard.js');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const initial = JSON.parse(input);

let written = '';
const stream = new Writable({
  write(chunk, _encoding, done) {
    written += String(chunk);
    done();
  },
});
Object.assign(stream, { isTTY: true, columns: 60, rows: 20 });

const listeners = new Set();
const props = {
  info: {
    url: 'http://127.0.0.1:3000/api/flowdrop',
    dir: '/work/flows',
    workflows: () => 5,
    nodeTypes: () => 34,
    watch: true,
    auth: false,
  },
  initial,
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  onQuit: () => {},
  onOpen: async () => '',
};
const instance = renderInk(createElement(Dashboard, props), { stream, env: {} }, { exitOnCtrlC: false, patchConsole: false });

/** Resolves once `check` holds, looking again at each turn of the event loop (never a set time). */
const until = (check) =>
  new Promise((resolve) => {
    const look = () => (check() ? resolve() : setImmediate(look));
    look();
  });
// The dashboard subscribes in an effect, after its first frame.
await until(() => listeners.size === 1);
const at = new Date().toISOString();
for (const listener of listeners) listener({ type: 'request', at, method: 'GET', path: '/later', status: 200, durationMs: 1 });
await until(() => written.includes(' /later'));
instance.unmount();
process.stdout.write(JSON.stringify(written));
