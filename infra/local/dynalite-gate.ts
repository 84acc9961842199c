/**
 * A fair shared/exclusive gate (a readers–writer lock) for the DynamoDB stand-in: every ordinary
 * request holds it shared while dynalite handles it, a TransactWriteItems holds it alone
 * (dynalite-transactions.ts). Requests are let through in arrival order, so a transaction waits only
 * for the requests that came before it, and requests after it wait for it (no starvation either way).
 */
export class Gate {
  private shared = 0;
  private exclusive = false;
  private readonly waiting: Array<{ alone: boolean; go: () => void }> = [];

  /** Resolves with the release function once the gate is held shared. */
  enterShared(): Promise<() => void> {
    return this.enter(false);
  }

  /** Resolves with the release function once the gate is held alone. */
  enterAlone(): Promise<() => void> {
    return this.enter(true);
  }

  private enter(alone: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting.push({ alone, go: () => resolve(this.releaser(alone)) });
      this.pump();
    });
  }

  private releaser(alone: boolean): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (alone) this.exclusive = false;
      else this.shared--;
      this.pump();
    };
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.exclusive) {
      const next = this.waiting[0]!;
      if (next.alone && this.shared > 0) return;
      this.waiting.shift();
      if (next.alone) this.exclusive = true;
      else this.shared++;
      next.go();
    }
  }
}
