import { spawn } from 'node:child_process';
import { Dashboard, type DashboardProps } from './Dashboard.js';
import { renderInk, type InkTarget } from './render-ink.js';

/** Renders the dashboard on the target; returns the function that removes it (before the final log lines). */
export function startDashboard(props: DashboardProps, target: InkTarget): () => void {
  const instance = renderInk(<Dashboard {...props} />, target, { exitOnCtrlC: false, patchConsole: true });
  return () => instance.unmount();
}

/** Opens a URL with the platform's opener; says plainly when there is none (a server, a container). */
export function openInBrowser(url: string): Promise<string> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(`no browser available here: open ${url} yourself`));
    child.once('spawn', () => {
      child.unref();
      resolve(`opened ${url}`);
    });
  });
}
