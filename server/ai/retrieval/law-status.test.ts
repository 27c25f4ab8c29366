/** The curated repeal table: the cyber laws' chain ends at the Act in force. */
import { describe, expect, it } from 'vitest';
import { actInForce, lawStatus } from './law-status';

describe('lawStatus', () => {
  it('follows Digital Security Act 2018 → Cyber Security Act 2023 → Cyber Suraksha Ordinance 2025', () => {
    expect(lawStatus(1261)).toMatchObject({ kind: 'repealed', replacedBy: 1457 });
    expect(lawStatus(1457)).toMatchObject({ kind: 'repealed', replacedBy: 1538 });
    expect(lawStatus(1538)).toEqual({ kind: 'in_force' });
    expect(actInForce(1261)).toBe(1538);
  });

  it('marks amending Acts', () => {
    expect(lawStatus(1351)).toMatchObject({ kind: 'amending', amends: 835 });
    expect(lawStatus(11)).toEqual({ kind: 'in_force' });
  });
});
