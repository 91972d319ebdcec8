// Schedules label previews while the user types: at most one request in flight, the first
// change after a quiet spell goes at once, and later changes within `interval` ms are
// coalesced into one trailing request with the latest input. A 429 waits its Retry-After.
import { ApiError } from './api';

export type PreviewRun<T> = (body: string) => Promise<T>;

export interface PreviewHandlers<T> {
  onResult: (result: T, body: string) => void;
  onError: (err: unknown, body: string) => void;
  onWaiting?: (seconds: number) => void;
}

export class PreviewScheduler<T> {
  private latest: string | null = null;
  private done: string | null = null;
  private inFlight = false;
  private lastStart = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holdUntil = 0;
  private stopped = false;

  constructor(
    private readonly run: PreviewRun<T>,
    private readonly handlers: PreviewHandlers<T>,
    private readonly interval = 150,
  ) {}

  /** A new input (its request body as JSON text); ignored when it is the one shown. */
  request(body: string): void {
    this.latest = body;
    this.pump();
  }

  /** Forgets the last result, so the same input is asked again (after a save, a reload). */
  invalidate(): void {
    this.done = null;
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private pump(): void {
    if (this.stopped || this.inFlight || this.timer || this.latest === null || this.latest === this.done) return;
    const now = performance.now();
    const at = Math.max(this.lastStart + this.interval, this.holdUntil);
    if (now >= at) {
      void this.start(this.latest);
    } else {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, at - now);
    }
  }

  private async start(body: string): Promise<void> {
    this.inFlight = true;
    this.lastStart = performance.now();
    try {
      const result = await this.run(body);
      this.done = body;
      if (!this.stopped && body === this.latest) this.handlers.onResult(result, body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        const seconds = err.retryAfter ?? 1;
        this.holdUntil = performance.now() + seconds * 1000;
        this.handlers.onWaiting?.(seconds);
      } else {
        this.done = body;
        if (!this.stopped && body === this.latest) this.handlers.onError(err, body);
      }
    } finally {
      this.inFlight = false;
      this.pump();
    }
  }
}
