import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { visitorSalts } from '../../../src/server/db/schema';
import { VisitorSalts } from '../../../src/server/smart-links/visitor-salts';
import { setUpTestApp } from '../support/test-app';

const testApp = setUpTestApp();

const storedDays = async () =>
  (
    await testApp()
      .db.select({ day: visitorSalts.day })
      .from(visitorSalts)
      .orderBy(visitorSalts.day)
  ).map(({ day }) => day);

describe("the visitors' daily salt", () => {
  test('is the same for every server process on a day, and new the next day', async () => {
    const { db } = testApp();
    const [first, second] = [new VisitorSalts(db), new VisitorSalts(db)];

    const [one, other] = await Promise.all([
      first.saltFor(new Date('2026-11-21T00:00:00Z')),
      second.saltFor(new Date('2026-11-21T23:59:59Z')),
    ]);
    const nextDay = await first.saltFor(new Date('2026-11-22T00:00:00Z'));

    expect(one).toBe(other);
    expect(one).toMatch(/^[\w-]{43}$/);
    expect(nextDay).not.toBe(one);
  });

  test('is at hand without waiting once read, for its own day only', async () => {
    const salts = new VisitorSalts(testApp().db);
    const morning = new Date('2026-11-21T09:00:00Z');
    expect(salts.readSaltFor(morning)).toBeUndefined();

    const salt = await salts.saltFor(morning);

    expect(salts.readSaltFor(new Date('2026-11-21T23:59:59.999Z'))).toBe(salt);
    expect(salts.readSaltFor(new Date('2026-11-22T00:00:00Z'))).toBeUndefined();
    expect(salts.readSaltFor(new Date('2026-11-20T23:59:59Z'))).toBeUndefined();
  });

  test('is read from the database once a day', async () => {
    const { db } = testApp();
    const salts = new VisitorSalts(db);
    const salt = await salts.saltFor(new Date('2026-11-21T09:00:00Z'));
    await db.delete(visitorSalts);

    expect(await salts.saltFor(new Date('2026-11-21T17:00:00Z'))).toBe(salt);
  });

  test('is deleted once it is more than two days old', async () => {
    const { db } = testApp();
    const salts = new VisitorSalts(db);
    for (const day of ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']) {
      await salts.saltFor(new Date(`${day}T12:00:00Z`));
    }

    expect(await storedDays()).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });

  test('is tried again after the database failed to give it', async () => {
    const { db } = testApp();
    const salts = new VisitorSalts(db);
    await db.execute(sql`alter table visitor_salts rename to visitor_salts_away`);
    const failed = salts.saltFor(new Date('2026-11-21T09:00:00Z'));
    await expect(failed).rejects.toThrow();
    await db.execute(sql`alter table visitor_salts_away rename to visitor_salts`);

    await expect(salts.saltFor(new Date('2026-11-21T09:00:01Z'))).resolves.toMatch(/^[\w-]{43}$/);
  });

  test('during an outage is one of this process’s own for the day, and the stored one after', async () => {
    const { db } = testApp();
    let reachable = false;
    const unreachable = () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    const line = new Proxy(db, {
      get: (target, property, receiver): unknown =>
        reachable ? Reflect.get(target, property, receiver) : unreachable,
    });
    const salts = new VisitorSalts(line);

    const during = await salts.saltFor(new Date('2026-11-21T09:00:00Z'));
    const later = await salts.saltFor(new Date('2026-11-21T09:30:00Z'));
    reachable = true;
    const after = await salts.saltFor(new Date('2026-11-21T10:00:00Z'));

    expect(during).toMatch(/^[\w-]{43}$/);
    expect(later).toBe(during);
    expect(after).not.toBe(during);
    expect(await storedDays()).toEqual(['2026-11-21']);
  });
});
