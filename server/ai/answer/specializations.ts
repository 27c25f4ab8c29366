/**
 * Which lawyers a question needs: each corpus Act mapped to the specializations of the lawyer
 * directory (contract/enums.ts) that practise it. An answer suggests the specializations of the Acts
 * it cites, most cited first, and links to /find-lawyer filtered by the first one (the directory
 * filters by one specialization at a time; see src/features/lawyers/directory/search-params.ts).
 */
import type { Specialization } from '../../../contract/enums';

const C = 'CRIMINAL_LAW';
const CV = 'CIVIL_LAW';
const F = 'FAMILY_LAW';
const P = 'PROPERTY_LAW';

export const ACT_SPECIALIZATIONS: Readonly<Record<number, readonly Specialization[]>> = {
  11: [C],
  12: [C, 'ADMINISTRATIVE_LAW'],
  21: [CV],
  24: [C, CV],
  25: [F],
  26: ['CONTRACT_LAW', CV],
  27: [F],
  29: [CV],
  30: [F, P],
  33: [CV, F],
  36: [CV, 'CONTRACT_LAW'],
  38: [C],
  46: ['BANKING_LAW', C],
  47: [P, CV],
  48: [P],
  49: [P],
  64: [F],
  68: [P, CV],
  73: [CV],
  75: [C],
  77: ['TAX_LAW', P],
  86: [CV],
  88: [CV],
  90: [P],
  98: [CV, 'BANKING_LAW'],
  138: [F, P],
  150: ['CONTRACT_LAW', 'CONSUMER_LAW'],
  157: ['CORPORATE_LAW', 'CONTRACT_LAW'],
  171: [F, P],
  173: [F],
  180: [F],
  214: [F],
  232: [P],
  241: [P],
  302: [C],
  305: [F],
  308: [CV],
  326: [P],
  367: ['CONSTITUTIONAL_LAW', 'HUMAN_RIGHTS_LAW'],
  387: [CV],
  462: [C, 'CONSTITUTIONAL_LAW'],
  476: [F],
  619: [P, 'ADMINISTRATIVE_LAW'],
  682: [F],
  748: [P, CV],
  788: ['CORPORATE_LAW'],
  812: ['CORPORATE_LAW', 'BANKING_LAW'],
  834: [CV, 'HUMAN_RIGHTS_LAW'],
  835: [C, F],
  850: [CV, 'CONTRACT_LAW'],
  856: [P],
  883: [C],
  888: [C],
  901: ['BANKING_LAW', CV],
  914: [C, 'ADMINISTRATIVE_LAW'],
  921: ['ADMINISTRATIVE_LAW', F],
  938: [CV, C],
  950: ['CYBER_LAW', C],
  952: ['LABOUR_LAW'],
  1009: [C],
  1010: ['INTELLECTUAL_PROPERTY_LAW'],
  1011: ['ADMINISTRATIVE_LAW', 'HUMAN_RIGHTS_LAW'],
  1014: ['CONSUMER_LAW'],
  1023: ['HUMAN_RIGHTS_LAW'],
  1025: [C, 'ADMINISTRATIVE_LAW'],
  1063: [F, C],
  1086: [C, 'HUMAN_RIGHTS_LAW'],
  1088: [C, 'BANKING_LAW'],
  1091: ['CYBER_LAW', C],
  1105: [F],
  1108: [C, 'CONSTITUTIONAL_LAW'],
  1119: [C, F],
  1126: ['HUMAN_RIGHTS_LAW'],
  1127: ['CONSUMER_LAW'],
  1131: ['IMMIGRATION_LAW', 'LABOUR_LAW'],
  1132: [F],
  1207: [F, C],
  1220: [P, 'ADMINISTRATIVE_LAW'],
  1256: [F, C],
  1261: ['CYBER_LAW', C],
  1273: ['HUMAN_RIGHTS_LAW'],
  1276: [C],
  1351: [C, F],
  1416: [C, CV],
  1449: ['TAX_LAW', P],
  1452: ['INTELLECTUAL_PROPERTY_LAW'],
  1454: [P, C],
  1455: [P],
  1457: ['CYBER_LAW', C],
  1458: ['ADMINISTRATIVE_LAW'],
  1488: [CV, C],
  1524: [C, F],
  1531: [CV],
  1538: ['CYBER_LAW', C],
  1549: [C],
};

/** Used when no cited Act has a mapping (an Act added to the corpus later). */
export const DEFAULT_SPECIALIZATION: Specialization = CV;

/** The specializations of the cited Acts, weighted by how often and how high they are cited. */
export function specializationsFor(actIds: readonly number[]): Specialization[] {
  const weight = new Map<Specialization, number>();
  actIds.forEach((actId, rank) => {
    (ACT_SPECIALIZATIONS[actId] ?? []).forEach((spec, order) => {
      // The earlier the citation and the Act's own ordering, the heavier.
      weight.set(spec, (weight.get(spec) ?? 0) + 1 / (rank + 1) + (order === 0 ? 0.5 : 0));
    });
  });
  return [...weight].sort((a, b) => b[1] - a[1]).map(([spec]) => spec);
}

/** The directory filtered by one specialization (`spec`, as search-params.ts reads it). */
export function findLawyerLink(specialization: Specialization | undefined): string {
  return specialization ? `/find-lawyer?spec=${specialization}` : '/find-lawyer';
}
