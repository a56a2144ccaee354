// A bound on how many CPU-heavy tasks (photo resizing, agreement PDFs) run at once in one process, so that
// they never starve the requests around them.

/** At most `limit` tasks run at once; the others wait in arrival order. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    get pending() {
      return waiting.length;
    },
    /** Tasks running now. */
    get running() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

type Turn = { waiters: Array<() => void>; running: number; lastStart: number; arrival: number };

/**
 * At most `limit` tasks run at once, and a free place goes to the waiting account that has the fewest tasks
 * running, then the one served least recently, then the one that came first: one account's backlog (four
 * huge images) never makes another account's next task wait behind more than one task of each account
 * ahead of it (issue 38 item 7). Within an account, tasks run in arrival order.
 */
export function createFairLimiter(limit: number) {
  let running = 0;
  let served = 0;
  let arrivals = 0;
  const turns = new Map<string, Turn>();
  const turnOf = (account: string): Turn => {
    let turn = turns.get(account);
    if (!turn) turns.set(account, (turn = { waiters: [], running: 0, lastStart: -1, arrival: arrivals++ }));
    return turn;
  };
  const ahead = (a: Turn, b: Turn) => a.running - b.running || a.lastStart - b.lastStart || a.arrival - b.arrival;
  const pending = () => {
    let waiting = 0;
    for (const turn of turns.values()) waiting += turn.waiters.length;
    return waiting;
  };
  function next(): void {
    let pick: Turn | undefined;
    for (const turn of turns.values()) if (turn.waiters.length && (!pick || ahead(turn, pick) < 0)) pick = turn;
    if (!pick) return;
    running++;
    pick.waiters.shift()!();
  }
  return {
    /** Tasks waiting for a place, all accounts. */
    get pending() {
      return pending();
    },
    get running() {
      return running;
    },
    async run<T>(account: string, task: () => Promise<T>): Promise<T> {
      const turn = turnOf(account);
      if (running >= limit || pending() > 0) {
        await new Promise<void>((resolve) => {
          turn.waiters.push(resolve);
          if (running < limit) next();
        });
      } else running++;
      turn.running++;
      turn.lastStart = served++;
      try {
        return await task();
      } finally {
        turn.running--;
        running--;
        if (!turn.running && !turn.waiters.length) turns.delete(account);
        next();
      }
    },
  };
}
