// `npm test`'s static checks — `npm run typecheck` and `npm run lint` — side by side: each is one
// single-threaded process, so on two cores they take the time of the longer instead of the sum (issue 26).
// Each one's output is printed whole when it ends (never interleaved); the exit code is the first failure's.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const status = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`${text ? `${text}\n` : ''}checks: ${script} ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(CHECKS.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
