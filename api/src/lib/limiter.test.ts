// The fair limiter (issue 38 item 7): a free place goes to the account with the fewest tasks running, then
// the one served least recently, so one account's backlog never holds up another's next task.
import { describe, expect, it } from 'vitest';
import { createFairLimiter } from './limiter';

/** A task that runs until released, noting when it starts. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (started.push(name), open), release };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('fair limiter', () => {
  it('serves a newcomer before the backlog of accounts already served, and each account in order', async () => {
    const limiter = createFairLimiter(1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (name: string, account: string) => {
      const g = gate(started, name);
      gates.set(name, g);
      return limiter.run(account, g.task);
    };
    const all = [run('a1', 'A'), run('a2', 'A'), run('a3', 'A'), run('b1', 'B'), run('b2', 'B'), run('c1', 'C')];
    expect(limiter.pending).toBe(5);
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']) {
      await settle();
      expect(started.at(-1)).toBe(name);
      expect(limiter.running).toBe(1);
      gates.get(name)!.release();
    }
    await Promise.all(all);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(limiter.pending).toBe(0);
    expect(limiter.running).toBe(0);
  });

  it('runs up to its limit at once, one account or several, and goes on after a task fails', async () => {
    const limiter = createFairLimiter(2);
    let running = 0;
    let most = 0;
    const task = (fail = false) => async () => {
      running++;
      most = Math.max(most, running);
      await settle();
      running--;
      if (fail) throw new Error('bad picture');
    };
    const results = await Promise.allSettled([limiter.run('A', task(true)), limiter.run('A', task()), limiter.run('A', task()), limiter.run('B', task())]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(most).toBe(2);
    expect(limiter.running).toBe(0);
  });
});
