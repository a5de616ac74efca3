// Time in `agentguard eval` and `agentguard test`: the timed calls of the input are one session, and time
// moves as their lines say — `at` is an ISO time or seconds since the session began. A line without `at` is a
// case on its own (src/cli/session.ts): it sees the session's lockdown but neither sees nor adds to its
// counts, so a list of independent cases (the acceptance corpora) is judged case by case, as it always was.

export class SessionClock {
  private t: number | undefined;

  /** `start`: when the session began (what `at: 0` is). */
  constructor(private readonly start: number) {}

  now(): number {
    return this.t ?? this.start;
  }

  /** Move to a line's time (a line without one stays at the time of the line before). Returns the time, or what is wrong with `at`. */
  advance(at: unknown): number | { error: string } {
    let next: number;
    if (at === undefined) next = this.now();
    else if (typeof at === 'number' && Number.isFinite(at) && at >= 0) next = this.start + Math.round(at * 1000);
    else if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && /^\d{4}-\d\d-\d\dT/.test(at)) next = Date.parse(at);
    else return { error: '`at` must be an ISO time (2026-12-01T10:00:05Z) or a number of seconds since the session began' };
    if (this.t !== undefined && next < this.t) {
      return { error: `\`at\` goes back in time (${new Date(next).toISOString()} is before the line before it, ${new Date(this.t).toISOString()})` };
    }
    this.t = next;
    return next;
  }
}
