import { ApiError } from '../errors';

// At most `concurrency` argon2 hashes or checks at once in this process, and at most `queue` waiting
// (issue 18 item 2): each costs 19 MiB and tens of milliseconds of a core, so without a bound a burst of
// logins is a lever on the whole service. A full queue is a 503 with retry_after, at once.

export const HASH_BUSY_MESSAGE = 'Too many sign-ins are being checked right now. Try again in a moment.';

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        throw new ApiError(503, HASH_BUSY_MESSAGE, 'unavailable', { details: { retry_after: 1 } });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when no one waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
