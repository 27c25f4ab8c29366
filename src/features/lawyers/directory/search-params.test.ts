import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, filtersToBody, parseSearch, searchToParams, type DirectorySearch } from './search-params';

const full: DirectorySearch = {
  filters: {
    q: 'পারিবারিক',
    minExperience: 5,
    maxExperience: 20,
    practicingCourt: 'FAMILY_COURT',
    division: 'CHATTOGRAM',
    district: 'COMILLA',
    specialization: 'FAMILY_LAW',
    maxHourlyCharge: 2500,
    minRating: 4,
  },
  sortBy: 'HOURLY_CHARGE',
  sortDirection: 'ASC',
  page: 2,
};

describe('find-lawyer address ↔ search', () => {
  it('round-trips every filter, the sort, the direction and the page', () => {
    const params = searchToParams(full);
    expect(parseSearch(new URLSearchParams(params.toString()))).toEqual(full);
    expect(params.get('page')).toBe('3');
    expect(params.get('q')).toBe('পারিবারিক');
  });

  it('leaves defaults out of the address', () => {
    expect(searchToParams(DEFAULT_SEARCH).toString()).toBe('');
    expect(parseSearch(new URLSearchParams(''))).toEqual(DEFAULT_SEARCH);
  });

  it('drops values the server would refuse instead of sending them', () => {
    const parsed = parseSearch(
      new URLSearchParams(
        'court=MOON_COURT&spec=x&minExp=-1&maxExp=99&minRating=7&maxCharge=abc&sort=PRICE&dir=up&page=0',
      ),
    );
    expect(parsed).toEqual(DEFAULT_SEARCH);
  });

  it('drops a district outside the chosen division, and keeps one without a division', () => {
    expect(parseSearch(new URLSearchParams('division=SYLHET&district=GAZIPUR')).filters).toMatchObject({
      division: 'SYLHET',
      district: null,
    });
    expect(parseSearch(new URLSearchParams('district=GAZIPUR')).filters.district).toBe('GAZIPUR');
  });

  it('swaps a reversed experience range', () => {
    expect(parseSearch(new URLSearchParams('minExp=20&maxExp=5')).filters).toMatchObject({
      minExperience: 5,
      maxExperience: 20,
    });
  });

  it('sends only what is set, plus the sort', () => {
    expect(filtersToBody({ ...DEFAULT_SEARCH, filters: { ...DEFAULT_SEARCH.filters, q: '  family ' } })).toEqual({
      sortBy: 'RELEVANCE',
      q: 'family',
    });
    expect(filtersToBody(full)).toEqual({ ...full.filters, sortBy: 'HOURLY_CHARGE' });
  });
});
