import { vi } from 'vitest';
import { run } from './main';

/** For the CLI's tests: runs `npm run cli -- <argv>` in this process and answers its exit code and what it printed. */
export async function cliOutput(...argv: string[]): Promise<{ code: number; err: string; out: string }> {
  const err: string[] = [];
  const out: string[] = [];
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((t) => { err.push(String(t)); return true; });
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation((t) => { out.push(String(t)); return true; });
  try {
    return { code: await run(argv), err: err.join(''), out: out.join('') };
  } finally {
    errSpy.mockRestore();
    outSpy.mockRestore();
  }
}
