import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Case, Note } from '../../../contract/cases';
import { envelope, fakeServer, renderScreen, signInForTest, testUser, type FakeRequest } from '../../app/testing';
import { CaseDetailPage } from './case-detail-page';
import { CasesPage } from './cases-page';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser().id;
const OTHER = '5a1c3a5e-8b7e-4d6a-9e0f-2f7d1a1b2c3d';
const CASE_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function aCase(overrides: Partial<Case> = {}, lawyerIsMe = false): Case {
  const me = { id: ME, firstName: 'Ayesha', lastName: 'Rahman', email: 'ayesha@example.com' };
  const other = { id: OTHER, firstName: 'Belal', lastName: 'Sikder', email: 'belal@example.com' };
  return {
    caseId: CASE_ID,
    lawyer: { ...(lawyerIsMe ? me : other), firm: 'Sikder Legal' },
    client: lawyerIsMe ? other : me,
    title: 'Land boundary dispute',
    description: 'A neighbour moved the fence.',
    status: 'IN_PROGRESS',
    createdAt: '2026-11-01T10:00:00+06:00',
    updatedAt: '2026-11-02T10:00:00+06:00',
    ...overrides,
  };
}

function note(id: string, ownerId: string, privacy: Note['privacy'], title: string): Note {
  return {
    caseId: CASE_ID,
    caseTitle: 'Land boundary dispute',
    noteId: id,
    ownerId,
    title,
    content: `${title} content`,
    privacy,
    createdAt: '2026-11-03T10:00:00+06:00',
    updatedAt: '2026-11-03T10:00:00+06:00',
  };
}

const meta = (page: number, size: number, total: number) => ({
  page,
  size,
  totalCount: total,
  totalPages: Math.ceil(total / size),
  hasNext: (page + 1) * size < total,
  hasPrevious: page > 0,
  sortField: 'createdAt',
  sortDirection: 'DESC',
});

describe('CasesPage', () => {
  it('lists my cases with the status filter and order taken from the address', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) =>
      call.path === '/v1/case'
        ? envelope(200, { data: { cases: [aCase({ status: 'RESOLVED' })] }, metadata: meta(1, 10, 11) })
        : envelope(404, { error: { message: 'Resource not found' } }),
    );
    renderScreen('/cases?status=RESOLVED&sort=oldest&page=2', <CasesPage />);
    const link = await screen.findByRole('link', { name: 'Land boundary dispute' });
    expect(link.getAttribute('href')).toBe(`/case/${CASE_ID}`);
    expect(calls.find((c) => c.path === '/v1/case')?.query).toEqual({
      page: '1',
      size: '10',
      sortDirection: 'ASC',
      status: 'RESOLVED',
    });
    expect(screen.getByText(/Lawyer:/).closest('p')?.textContent).toContain('Belal Sikder · Sikder Legal');
    expect(screen.getByRole('tab', { name: 'Resolved' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('11 cases')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('tells a client with no cases how to get one', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(200, { data: { cases: [] }, metadata: meta(0, 10, 0) }));
    renderScreen('/cases', <CasesPage />);
    expect(await screen.findByText('No cases yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a lawyer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open a case' })).toBeNull();
  });

  it('lets a lawyer open a case for a client by email and shows the server refusal under the form', async () => {
    signInForTest('LAWYER');
    let attempts = 0;
    const calls = fakeServer((call) => {
      if (call.path === '/v1/case' && call.method === 'POST') {
        attempts += 1;
        return attempts === 1
          ? envelope(404, { error: { message: 'No client is found with this email address' } })
          : envelope(201, { data: aCase({}, true), message: 'Case created' });
      }
      return envelope(200, { data: { cases: [] }, metadata: meta(0, 10, 0) });
    });
    const { router } = renderScreen('/cases', <CasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open a case' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open case' }));
    expect(await screen.findByText('Title must be between 2 and 255 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText("Client's email address"), { target: { value: 'Belal@Example.com' } });
    fireEvent.change(screen.getByLabelText('Case title'), { target: { value: 'Land boundary dispute' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open case' }));
    expect(await screen.findByText('No client is found with this email address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open case' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/case/${CASE_ID}`));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      clientEmail: 'Belal@Example.com',
      title: 'Land boundary dispute',
      description: '',
    });
  });

  it('shows a lawyer who waits for approval where they stand, not a form the server would refuse', async () => {
    signInForTest('LAWYER');
    fakeServer((call) =>
      call.path === '/v1/lawyer/profile'
        ? envelope(200, { data: { lawyerId: 'l1', verificationStatus: 'PENDING', hasCredentials: true } })
        : envelope(200, { data: { cases: [] }, metadata: meta(0, 10, 0) }),
    );
    renderScreen('/cases', <CasesPage />, { lang: 'bn' });
    expect(await screen.findByText(/অ্যাডমিন আপনার প্রোফাইল অনুমোদন করলে/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'মামলা খুলুন' })).toBeNull();
    expect(screen.getByRole('link', { name: 'আপনার প্রোফাইল' }).getAttribute('href')).toBe('/profile');
  });

  it('speaks Bangla', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(200, { data: { cases: [aCase()] }, metadata: meta(0, 10, 1) }));
    renderScreen('/cases', <CasesPage />, { lang: 'bn' });
    expect(await screen.findByRole('heading', { level: 1, name: 'আমার মামলা' })).toBeTruthy();
    expect(await screen.findByText('১টি মামলা')).toBeTruthy();
    expect(screen.getAllByText('চলমান').length).toBe(2); // the filter tab and the case's badge
  });
});

function caseServer(item: Case, notes: Note[], extra?: (call: FakeRequest) => Response | undefined) {
  return fakeServer((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === `/v1/case/${CASE_ID}`) return envelope(200, { data: item });
    if (call.path === `/v1/case-assets/cases/${CASE_ID}/notes`) {
      return envelope(200, { data: { notes }, metadata: meta(0, 50, notes.length) });
    }
    return envelope(404, { error: { message: 'Resource not found' } });
  });
}

const ROUTE = '/case/:id';
const PATH = `/case/${CASE_ID}`;

describe('CaseDetailPage', () => {
  it('shows the case, its parties and my notes; another party never gets edit buttons on theirs', async () => {
    signInForTest('USER');
    caseServer(aCase(), [note('n1', ME, 'PRIVATE', 'My reminder'), note('n2', OTHER, 'SHARED', 'Hearing plan')]);
    renderScreen(PATH, <CaseDetailPage />, { route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Land boundary dispute' })).toBeTruthy();
    expect(screen.getByText('belal@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit case' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Review' })).toBeNull();

    const mine = (await screen.findByRole('heading', { name: 'My reminder' })).closest('li')!;
    expect(within(mine).getByText('Private')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const theirs = screen.getByRole('heading', { name: 'Hearing plan' }).closest('li')!;
    expect(within(theirs).getByText('Shared')).toBeTruthy();
    expect(within(theirs).getByText(/By Belal Sikder/)).toBeTruthy();
    expect(within(theirs).queryByRole('button')).toBeNull();
  });

  it('adds a shared note and deletes one only after the confirmation', async () => {
    signInForTest('USER');
    const calls = caseServer(aCase(), [note('n1', ME, 'PRIVATE', 'My reminder')], (call) => {
      if (call.path === '/v1/case-assets/notes' && call.method === 'POST') {
        return envelope(201, { data: note('n9', ME, 'SHARED', 'New'), message: 'Note created' });
      }
      if (call.path === '/v1/case-assets/notes/n1' && call.method === 'DELETE') {
        return envelope(200, { data: true, message: 'Note deleted' });
      }
      return undefined;
    });
    renderScreen(PATH, <CaseDetailPage />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a note' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Documents to bring' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Deed and mutation papers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      caseId: CASE_ID,
      title: 'Documents to bring',
      content: 'Deed and mutation papers',
      privacy: 'SHARED',
    });

    const item = (await screen.findByRole('heading', { name: 'My reminder' })).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = within(item).getByRole('alertdialog', { name: 'Delete this note?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it("gives the case's lawyer edit and resolve, and messages the other party from the page", async () => {
    signInForTest('LAWYER');
    const calls = caseServer(aCase({}, true), [], (call) =>
      call.path === `/v1/case/${CASE_ID}/status`
        ? envelope(200, { data: aCase({ status: 'RESOLVED' }, true), message: 'Case status updated' })
        : undefined,
    );
    const { router } = renderScreen(PATH, <CaseDetailPage />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as resolved' }));
    await vi.waitFor(() => expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ status: 'RESOLVED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Message Belal Sikder' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.state).toEqual({ receiverId: OTHER, draft: '' });
  });

  it('lets the client of a resolved case rate the lawyer', async () => {
    signInForTest('USER');
    const calls = caseServer(aCase({ status: 'RESOLVED' }), [], (call) => {
      if (call.path === `/v1/lawyer-directory/reviews/${CASE_ID}`) {
        // The tab asks with orNull=1, so "no review yet" is not a 404 in the console (defect 14).
        expect(call.query).toEqual({ orNull: '1' });
        return envelope(200, { data: null });
      }
      if (call.path === '/v1/lawyer-directory/reviews' && call.method === 'POST') {
        return envelope(201, {
          data: {
            id: 'r1',
            caseId: CASE_ID,
            lawyerId: OTHER,
            clientId: ME,
            clientName: 'Ayesha Rahman',
            rating: 4,
            review: 'Patient and clear.',
            createdAt: '2026-11-04T10:00:00+06:00',
            updatedAt: '2026-11-04T10:00:00+06:00',
          },
        });
      }
      return undefined;
    });
    renderScreen(`${PATH}?tab=review`, <CaseDetailPage />, { route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Your review of Belal Sikder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('Review (optional)'), { target: { value: 'Patient and clear.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        caseId: CASE_ID,
        rating: 4,
        review: 'Patient and clear.',
      }),
    );
  });

  it('says a case that is not mine does not exist', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(404, { error: { message: 'Case not found' } }));
    renderScreen(PATH, <CaseDetailPage />, { route: ROUTE });
    expect(await screen.findByText('This case does not exist, or it is not yours.')).toBeTruthy();
  });
});
