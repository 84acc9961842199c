import { describe, expect, it } from 'vitest';
import { Gate } from './dynalite-gate.ts';

describe('the stand-in gate (shared for requests, alone for a transaction)', () => {
  it('lets requests in together, a transaction in alone, and in arrival order', async () => {
    const gate = new Gate();
    const order: string[] = [];
    const leaveA = await gate.enterShared();
    const leaveB = await gate.enterShared();
    const alone = gate.enterAlone().then((leave) => {
      order.push('transaction');
      return leave;
    });
    // A request after the waiting transaction waits for it (no starvation of the transaction).
    const later = gate.enterShared().then((leave) => {
      order.push('later request');
      return leave;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    leaveA();
    await Promise.resolve();
    expect(order).toEqual([]);
    leaveB();
    const leaveT = await alone;
    expect(order).toEqual(['transaction']);
    leaveT();
    (await later)();
    expect(order).toEqual(['transaction', 'later request']);
    // Released twice is released once: the other holder still keeps a transaction out.
    const [first, second] = await Promise.all([gate.enterShared(), gate.enterShared()]);
    first();
    first();
    let entered = false;
    const next = gate.enterAlone().then((leave) => {
      entered = true;
      return leave;
    });
    await Promise.resolve();
    expect(entered).toBe(false);
    second();
    (await next)();
    expect(entered).toBe(true);
  });
});
