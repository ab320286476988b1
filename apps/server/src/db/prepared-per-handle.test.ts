import { describe, expect, it } from 'vitest';
import { preparedPerHandle } from './prepared-per-handle.ts';

describe('preparedPerHandle', () => {
  it('prepares once per handle and hands back the same statements for it', () => {
    const prepared: string[] = [];
    const statementsOf = preparedPerHandle((db: { name: string }) => {
      prepared.push(db.name);
      return { byId: `${db.name}:by_id` };
    });
    const primary = { name: 'primary' };
    const lookups = { name: 'lookups' };

    const first = statementsOf(primary);
    expect(first).toEqual({ byId: 'primary:by_id' });
    expect(statementsOf(primary)).toBe(first);
    expect(statementsOf(lookups)).toEqual({ byId: 'lookups:by_id' });
    expect(statementsOf(lookups)).not.toBe(first);
    expect(prepared).toEqual(['primary', 'lookups']);
  });

  it('keeps each helper its own statements for the same handle', () => {
    const db = { name: 'primary' };
    const users = preparedPerHandle(() => ({ statement: 'users' }));
    const orders = preparedPerHandle(() => ({ statement: 'orders' }));
    expect(users(db).statement).toBe('users');
    expect(orders(db).statement).toBe('orders');
  });

  it('prepares again for a handle after a prepare that threw', () => {
    let calls = 0;
    const statementOf = preparedPerHandle((db: { name: string }) => {
      calls += 1;
      if (calls === 1) throw new Error('the schema is not there yet');
      return `${db.name}:statement`;
    });
    const db = { name: 'primary' };
    expect(() => statementOf(db)).toThrow(/schema/);
    expect(statementOf(db)).toBe('primary:statement');
  });
});
