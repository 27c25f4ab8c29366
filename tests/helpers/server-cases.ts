/**
 * The cast of the case suites: an approved lawyer (Karim Uddin) and their client (Nusrat Jahan), and
 * the outsiders every authorization check needs — another approved lawyer, a stranger, an admin —
 * plus a case opened between the two parties through the API.
 */
import { CaseSchema, type Case } from '../../contract/cases';
import type { TestApp } from './server-app';
import { call, verifiedUser } from './server-http';
import { adminSession, lawyerSession, type Session } from './server-lawyers';

export interface CaseParties {
  lawyer: Session;
  client: Session;
  otherLawyer: Session;
  stranger: Session;
  admin: Session;
}

/** The lawyer and the client; with `outsiders`, the other lawyer, the stranger and the admin too. */
export async function caseParties(t: TestApp): Promise<CaseParties>;
export async function caseParties(
  t: TestApp,
  options: { outsiders: false },
): Promise<Pick<CaseParties, 'lawyer' | 'client'>>;
export async function caseParties(
  t: TestApp,
  { outsiders = true }: { outsiders?: boolean } = {},
): Promise<CaseParties | Pick<CaseParties, 'lawyer' | 'client'>> {
  const lawyer = (await lawyerSession(t, { firstName: 'Karim', lastName: 'Uddin' })).session;
  if (!outsiders) {
    const client = await verifiedUser(t.app, t.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' });
    return { lawyer, client };
  }
  const otherLawyer = (await lawyerSession(t)).session;
  const client = await verifiedUser(t.app, t.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' });
  const stranger = await verifiedUser(t.app, t.mailDir);
  const admin = await adminSession(t);
  return { lawyer, client, otherLawyer, stranger, admin };
}

/** POST /v1/case/ by `lawyer` for `client` ("Land dispute in Savar" unless overridden); must be 201. */
export async function openTestCase(
  t: TestApp,
  lawyer: Session,
  client: Session,
  overrides: Record<string, unknown> = {},
): Promise<Case> {
  const res = await call(t.app, 'POST', '/v1/case/', {
    token: lawyer.token,
    body: { title: 'Land dispute in Savar', clientEmail: client.email, description: 'Boundary', ...overrides },
  });
  if (res.status !== 201) throw new Error(`opening a test case answered ${res.status}: ${JSON.stringify(res.json)}`);
  return CaseSchema.parse(res.json?.data);
}
