import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs the CLI behind `npm start` / `npm run cli` as operators do, in its own process group, and collects what it
 * prints. Every child is remembered so a test's afterAll can kill what is still running (`killAll`).
 */
export function processRunner(dataDir: string) {
  const children: ChildProcess[] = [];
  const spawnCli = (args: string[], env: Record<string, string>) => {
    const { NARRASCOPE_DEMO_PASSWORD: _unset, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: repoRoot, detached: true,
      env: { ...inherited, NARRASCOPE_DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => { output += String(d); });
    child.stderr!.on('data', (d) => { output += String(d); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  };
  return {
    spawnCli,
    /**
     * `serve` (with `args`, e.g. `--no-worker`), waiting until the health check answers. A process that exits first
     * because its port was taken meanwhile (freePort closes the port before the child listens on it; other test
     * files start servers too) is started again on another port; any other early exit fails with what it printed.
     */
    async serve(env: Record<string, string> = {}, args: string[] = []) {
      for (let attempt = 1; ; attempt++) {
        const port = await freePort();
        const run = spawnCli(['serve', ...args], { PORT: String(port), ...env });
        const url = `http://127.0.0.1:${port}`;
        let healthy = false;
        for (let i = 0; i < 1200 && run.child.exitCode === null && !healthy; i++) {
          try {
            healthy = (await fetch(`${url}/api/v2/health`)).ok;
          } catch { /* starting */ }
          if (!healthy) await new Promise((r) => setTimeout(r, 100));
        }
        if (!healthy) {
          if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGKILL'); // still silent after 2 minutes
          await run.exited;
          if (attempt < 3 && run.output().includes('EADDRINUSE')) continue;
          throw new Error(`serve did not answer its health check (exit code ${run.child.exitCode}):\n${run.output()}`);
        }
        const stop = () => new Promise<void>((resolve) => { run.child.once('exit', () => resolve()); process.kill(-run.child.pid!, 'SIGTERM'); });
        return { url, output: run.output, stop };
      }
    },
    killAll() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
    },
  };
}
