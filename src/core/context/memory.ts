// A counter store held in memory: one process, one session — `agentguard eval` and `agentguard test` (a dry
// run counts nothing toward the workspace's real budgets, and starts from none), and the unit tests.
import type { CountEvent, CounterStore, LockdownState } from './types';

export class MemoryStore implements CounterStore {
  readonly events: CountEvent[] = [];
  private state: LockdownState | undefined;

  append(ev: CountEvent): void {
    this.events.push({ ...ev });
  }

  appendAndRead(ev: CountEvent, since: number): { events: readonly CountEvent[]; self: number; late: boolean } {
    this.append(ev);
    const events = this.read(since);
    return { events, self: events.length - 1, late: false };
  }

  read(since: number): readonly CountEvent[] {
    // Events arrive in time order here; the last one before `since` ends the window.
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid].t < since) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo);
  }

  lockdown(): LockdownState | undefined {
    return this.state;
  }

  setLockdown(s: LockdownState): void {
    this.state = { ...s };
  }
}
