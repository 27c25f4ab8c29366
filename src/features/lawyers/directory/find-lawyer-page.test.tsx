import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../../app/testing';
import { pageMeta, searchResult } from '../../../app/testing-lawyers';
import { FindLawyerPage } from './find-lawyer-page';

afterEach(() => vi.unstubAllGlobals());

const FIND = '/v1/lawyer-directory/find-lawyers';

function directory(total = 23) {
  return fakeServer((call) => {
    const page = Number(call.query.page ?? 0);
    const count = Math.max(0, Math.min(10, total - page * 10));
    const results = Array.from({ length: count }, (_, i) =>
      searchResult({
        userId: `00000000-0000-4000-8000-${String(page * 10 + i).padStart(12, '0')}`,
        firstName: `Lawyer${page * 10 + i + 1}`,
        email: `lawyer${page * 10 + i + 1}@example.com`,
      }),
    );
    return envelope(200, { data: results, metadata: pageMeta(page, 10, total) });
  });
}

describe('FindLawyerPage', () => {
  it('searches with the filters, sort and page of the address', async () => {
    signInForTest('USER');
    const calls = directory();
    renderScreen('/find-lawyer?division=SYLHET&spec=FAMILY_LAW&q=জমি&sort=RATING&dir=ASC&page=2', <FindLawyerPage />);
    expect(await screen.findByRole('heading', { name: 'Lawyer11 Hossain' })).toBeTruthy();
    const call = calls.find((c) => c.path === FIND);
    expect(call).toMatchObject({
      method: 'POST',
      query: { page: '1', size: '10', sortDirection: 'ASC' },
      body: { division: 'SYLHET', specialization: 'FAMILY_LAW', q: 'জমি', sortBy: 'RATING' },
      authorization: 'Bearer access-token',
    });
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('23 lawyers found · Showing 11–20 of 23');
    expect((screen.getByLabelText('Search lawyers') as HTMLInputElement).value).toBe('জমি');
    expect((screen.getByLabelText('Division') as HTMLSelectElement).value).toBe('SYLHET');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('puts applied filters in the address and starts again at page 1', async () => {
    signInForTest('USER');
    const calls = directory();
    const { router } = renderScreen('/find-lawyer?page=2', <FindLawyerPage />);
    await screen.findByRole('heading', { name: 'Lawyer11 Hossain' });
    fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'DHAKA' } });
    // The district is a search box: a few letters, then the suggestion.
    const district = screen.getByRole('combobox', { name: 'District' });
    district.focus();
    fireEvent.change(district, { target: { value: 'gazi' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Gazipur' }));
    fireEvent.change(screen.getByLabelText('Experience from (years)'), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show lawyers' }));
    });
    expect(router.state.location.search).toBe('?minExp=5&division=DHAKA&district=GAZIPUR');
    await screen.findByRole('heading', { name: 'Lawyer1 Hossain' });
    expect(calls.at(-1)).toMatchObject({
      query: { page: '0' },
      body: { division: 'DHAKA', district: 'GAZIPUR', minExperience: 5, sortBy: 'RELEVANCE' },
    });
  });

  it('pages with links that keep the filters, and back returns to the previous page', async () => {
    signInForTest('ADMIN');
    directory();
    const { router } = renderScreen('/find-lawyer?court=HIGH_COURT_DIVISION', <FindLawyerPage />);
    await screen.findByRole('heading', { name: 'Lawyer1 Hossain' });
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/find-lawyer?court=HIGH_COURT_DIVISION&page=2');
    await act(async () => {
      fireEvent.click(next);
    });
    expect(await screen.findByRole('heading', { name: 'Lawyer11 Hossain' })).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Lawyer1 Hossain' })).toBeTruthy();
    expect(router.state.location.search).toBe('?court=HIGH_COURT_DIVISION');
  });

  it('changes the sort at once, from the first page', async () => {
    signInForTest('USER');
    directory();
    const { router } = renderScreen('/find-lawyer?page=3', <FindLawyerPage />);
    await screen.findByRole('heading', { name: 'Lawyer21 Hossain' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'HOURLY_CHARGE.ASC' } });
    });
    expect(router.state.location.search).toBe('?sort=HOURLY_CHARGE&dir=ASC');
  });

  it('offers one list of orders, without "Best match last"', async () => {
    signInForTest('USER');
    directory();
    renderScreen('/find-lawyer', <FindLawyerPage />);
    await screen.findByRole('heading', { name: 'Lawyer1 Hossain' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Best match',
      'Highest rated first',
      'Most experienced first',
      'Lowest charge first',
      'Highest charge first',
      'Newest first',
    ]);
    expect(screen.queryByLabelText('Order')).toBeNull();
  });

  it('goes to the last page, keeping the filters, when the address asks for a page past the end', async () => {
    signInForTest('USER');
    const calls = directory(2);
    const { router } = renderScreen('/find-lawyer?spec=FAMILY_LAW&page=5', <FindLawyerPage />);
    expect(await screen.findByRole('heading', { name: 'Lawyer1 Hossain' })).toBeTruthy();
    expect(router.state.location.search).toBe('?spec=FAMILY_LAW');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('2 lawyers found · Showing 1–2 of 2');
    expect(screen.queryByText('No lawyer matches this search.')).toBeNull();
    expect(calls.filter((c) => c.path === FIND).map((c) => c.query.page)).toEqual(['4', '0']);
    expect(calls.at(-1)).toMatchObject({ body: { specialization: 'FAMILY_LAW' } });
  });

  it('goes to the last page that has results, not the first', async () => {
    signInForTest('USER');
    directory(23);
    const { router } = renderScreen('/find-lawyer?page=9', <FindLawyerPage />);
    expect(await screen.findByRole('heading', { name: 'Lawyer21 Hossain' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('23 lawyers found · Showing 21–23 of 23');
  });

  it('offers to clear the filters when nothing matches', async () => {
    signInForTest('USER');
    directory(0);
    const { router } = renderScreen('/find-lawyer?spec=MARITIME_LAW&division=RANGPUR', <FindLawyerPage />);
    expect(await screen.findByText('No lawyer matches this search.')).toBeTruthy();
    const empty = screen.getByText('No lawyer matches this search.').parentElement as HTMLElement;
    await act(async () => {
      fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    });
    expect(router.state.location.search).toBe('');
  });

  it('shows the error with a retry', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(500, { error: { message: 'An unexpected error occurred' } }));
    renderScreen('/find-lawyer', <FindLawyerPage />);
    expect(await screen.findByText('The search could not be completed.')).toBeTruthy();
    expect(screen.getByText('Server error. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a lawyer the directory is for clients, without calling it', () => {
    signInForTest('LAWYER');
    const calls = directory();
    renderScreen('/find-lawyer', <FindLawyerPage />);
    expect(screen.getByRole('heading', { name: 'Find Lawyers is for clients' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe(
      '/lawyers/ayesha%40example.com/details',
    );
    expect(calls).toHaveLength(0);
  });

  it('renders in Bangla with Bengali digits', async () => {
    signInForTest('USER');
    directory();
    renderScreen('/find-lawyer', <FindLawyerPage />, { lang: 'bn' });
    await screen.findByRole('heading', { name: 'Lawyer1 Hossain' });
    expect(screen.getByRole('heading', { name: 'আইনজীবী খুঁজুন' })).toBeTruthy();
    expect(screen.getByText(/২৩ জন আইনজীবী পাওয়া গেছে/)).toBeTruthy();
    expect(screen.getAllByText('৳১,৫০০ / ঘণ্টা')).toHaveLength(10);
  });

  it('finds a district by its English, Bangla or old spelling, whatever the interface language', async () => {
    signInForTest('USER');
    const calls = directory();
    const { router } = renderScreen('/find-lawyer', <FindLawyerPage />, { lang: 'bn' });
    await screen.findByRole('heading', { name: 'Lawyer1 Hossain' });
    const district = screen.getByRole('combobox', { name: 'জেলা' });
    district.focus();
    for (const typed of ['bogu', 'বগু', 'Bogra']) {
      fireEvent.change(district, { target: { value: typed } });
      const list = await screen.findByRole('listbox');
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
        typed,
      ).toEqual(['বগুড়া']);
    }
    fireEvent.change(district, { target: { value: 'xyz' } });
    expect(await screen.findByText('এই নামে কোনো জেলা নেই')).toBeTruthy();
    fireEvent.change(district, { target: { value: 'বগু' } });
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'বগুড়া' }));
    // Choosing a district fills in its division.
    expect((screen.getByLabelText('বিভাগ') as HTMLSelectElement).value).toBe('RAJSHAHI');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'আইনজীবী দেখান' }));
    });
    expect(router.state.location.search).toBe('?division=RAJSHAHI&district=BOGRA');
    await vi.waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ division: 'RAJSHAHI', district: 'BOGRA' }));
  });
});
