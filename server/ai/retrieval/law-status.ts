/**
 * Which corpus Acts are no longer the law in force, or only amend another, from a small curated
 * table (the corpus metadata carries no repeal information). Answers and search results say so, so a
 * citizen is not told to rely on the repealed Digital Security Act 2018.
 */

export type LawStatus =
  | { kind: 'in_force' }
  | { kind: 'repealed'; replacedBy: number; note: string }
  | { kind: 'amending'; amends: number; note: string };

const REPEALED: Record<number, { replacedBy: number; note: string }> = {
  1261: {
    replacedBy: 1457,
    note: 'Repealed by the Cyber Security Act 2023 (সাইবার নিরাপত্তা আইন, ২০২৩), itself replaced by the Cyber Suraksha Ordinance 2025.',
  },
  1457: {
    replacedBy: 1538,
    note: 'Repealed by the Cyber Suraksha Ordinance 2025 (সাইবার সুরক্ষা অধ্যাদেশ, ২০২৫).',
  },
};

const AMENDING: Record<number, { amends: number; note: string }> = {
  1351: { amends: 835, note: 'Amends the Nari-o-Shishu Nirjatan Daman Ain 2000.' },
  1524: { amends: 835, note: 'Amends the Nari-o-Shishu Nirjatan Daman Ain 2000.' },
  1488: { amends: 938, note: 'Amends the Village Courts Act 2006.' },
  1416: { amends: 24, note: 'Amends the Evidence Act 1872 (already merged into the corpus text of that Act).' },
  1531: { amends: 86, note: 'Amends the Code of Civil Procedure 1908.' },
  1549: { amends: 75, note: 'Amends the Code of Criminal Procedure 1898.' },
};

export function lawStatus(actId: number): LawStatus {
  const repealed = REPEALED[actId];
  if (repealed) return { kind: 'repealed', ...repealed };
  const amending = AMENDING[actId];
  if (amending) return { kind: 'amending', ...amending };
  return { kind: 'in_force' };
}

/** The Act in force that follows `actId` through every replacement (itself when in force). */
export function actInForce(actId: number): number {
  let current = actId;
  for (let step = 0; step < 10; step += 1) {
    const next = REPEALED[current];
    if (!next) return current;
    current = next.replacedBy;
  }
  return current;
}
