// One background pass run now and then (rebills, message delivery, web push, chat emails): one pass at a time in
// this process, a timer that skips a beat while a pass still runs, kicks that ask for a pass soon, and a stop
// that waits for the running pass. What a pass does, and why a second node running it is harmless, is the
// caller's (each decides on its streams, never on a read model alone).

export interface PeriodicPass {
  /**
   * One pass now. A caller that finds a pass running waits for it and then runs its own: the running pass read
   * the clock when it began, and the caller wants what is due now.
   */
  tick(): Promise<number>;
  /** Asks for a pass soon without waiting for it; kicks during a pass run one more pass after it. */
  kick(): void;
  /** No pass starts after this; resolves once the running pass (if any) is over. */
  stop(): Promise<void>;
  /** For a pass's loop: stop between items once stop() was called. */
  readonly stopped: boolean;
}

export function startPeriodicPass(options: {
  /** Names the pass in log lines ('rebill pass failed: …'). */
  name: string;
  pass: () => Promise<number>;
  intervalMs: number;
  log?: (message: string) => void;
  /** false: no timer, passes only when ticked or kicked (tests). */
  timer?: boolean;
}): PeriodicPass {
  const log = options.log ?? (() => {});
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const tick = async (): Promise<number> => {
    while (running) await running.catch(() => {});
    running = options.pass().finally(() => {
      running = null;
    });
    return running;
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    void tick()
      .catch((e) => log(`${options.name} pass failed: ${(e as Error).message}`))
      .finally(() => {
        if (again && !stopped) {
          again = false;
          kick();
        }
      });
  };
  const timer = options.timer === false ? null : setInterval(() => {
    if (!running) kick();
  }, options.intervalMs);
  timer?.unref();
  return {
    tick,
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
    get stopped() {
      return stopped;
    },
  };
}
