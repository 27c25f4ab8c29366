/**
 * /find-lawyer keeps every filter, the sort and the page in the address (shareable, survives a
 * reload, back/forward step through searches). This is the one translation between the address
 * and the search: unknown or out-of-range values are dropped rather than sent, defaults are left
 * out of the address, and the page is 1-based for people (0-based for the API).
 */
import {
  DISTRICT_DIVISION,
  DistrictSchema,
  DivisionSchema,
  PracticingCourtSchema,
  SpecializationSchema,
  type District,
  type Division,
  type PracticingCourt,
  type SortDirection,
  type Specialization,
} from '../../../../contract/enums';
import {
  LAWYER_LIMITS,
  LawyerSortBySchema,
  type FindLawyersBody,
  type LawyerSortBy,
} from '../../../../contract/lawyers';

export interface DirectoryFilters {
  q: string;
  minExperience: number | null;
  maxExperience: number | null;
  practicingCourt: PracticingCourt | null;
  division: Division | null;
  district: District | null;
  specialization: Specialization | null;
  maxHourlyCharge: number | null;
  minRating: number | null;
}

export interface DirectorySearch {
  filters: DirectoryFilters;
  sortBy: LawyerSortBy;
  sortDirection: SortDirection;
  /** 0-based. */
  page: number;
}

export const EMPTY_FILTERS: DirectoryFilters = {
  q: '',
  minExperience: null,
  maxExperience: null,
  practicingCourt: null,
  division: null,
  district: null,
  specialization: null,
  maxHourlyCharge: null,
  minRating: null,
};

export const DEFAULT_SEARCH: DirectorySearch = {
  filters: EMPTY_FILTERS,
  sortBy: 'RELEVANCE',
  sortDirection: 'DESC',
  page: 0,
};

/** Address keys, short enough to share in a text message. */
const KEY = {
  q: 'q',
  minExperience: 'minExp',
  maxExperience: 'maxExp',
  practicingCourt: 'court',
  division: 'division',
  district: 'district',
  specialization: 'spec',
  maxHourlyCharge: 'maxCharge',
  minRating: 'minRating',
  sortBy: 'sort',
  sortDirection: 'dir',
  page: 'page',
} as const;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;
}

function numberIn(value: string | null, min: number, max: number, integer: boolean): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return null;
  return n;
}

export function parseSearch(params: URLSearchParams): DirectorySearch {
  const get = (key: keyof typeof KEY) => params.get(KEY[key]);
  const division = oneOf(DivisionSchema.options, get('division'));
  const district = oneOf(DistrictSchema.options, get('district'));
  let minExperience = numberIn(get('minExperience'), 0, 50, true);
  let maxExperience = numberIn(get('maxExperience'), 0, 50, true);
  if (minExperience !== null && maxExperience !== null && minExperience > maxExperience) {
    [minExperience, maxExperience] = [maxExperience, minExperience];
  }
  const page = numberIn(get('page'), 1, 1_000_000, true);
  return {
    filters: {
      q: (get('q') ?? '').trim().slice(0, LAWYER_LIMITS.q.max),
      minExperience,
      maxExperience,
      practicingCourt: oneOf(PracticingCourtSchema.options, get('practicingCourt')),
      division,
      // A district outside the division would be refused by the server; the division wins.
      district: district && (!division || DISTRICT_DIVISION[district] === division) ? district : null,
      specialization: oneOf(SpecializationSchema.options, get('specialization')),
      maxHourlyCharge: numberIn(get('maxHourlyCharge'), 0, LAWYER_LIMITS.hourlyCharge.max, false),
      minRating: numberIn(get('minRating'), 0, 5, false),
    },
    sortBy: oneOf(LawyerSortBySchema.options, get('sortBy')) ?? DEFAULT_SEARCH.sortBy,
    sortDirection: get('sortDirection') === 'ASC' ? 'ASC' : 'DESC',
    page: page === null ? 0 : page - 1,
  };
}

export function searchToParams(search: DirectorySearch): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = search;
  const put = (key: keyof typeof KEY, value: string | number | null) => {
    if (value !== null && value !== '') params.set(KEY[key], String(value));
  };
  put('q', filters.q.trim());
  put('minExperience', filters.minExperience);
  put('maxExperience', filters.maxExperience);
  put('practicingCourt', filters.practicingCourt);
  put('division', filters.division);
  put('district', filters.district);
  put('specialization', filters.specialization);
  put('maxHourlyCharge', filters.maxHourlyCharge);
  put('minRating', filters.minRating);
  if (search.sortBy !== DEFAULT_SEARCH.sortBy) put('sortBy', search.sortBy);
  if (search.sortDirection !== DEFAULT_SEARCH.sortDirection) put('sortDirection', search.sortDirection);
  if (search.page > 0) put('page', search.page + 1);
  return params;
}

/** How many filters are set (for "Filters (3)"); the free text is shown on its own. */
export function activeFilterCount(filters: DirectoryFilters): number {
  const { q: _q, ...rest } = filters;
  return Object.values(rest).filter((value) => value !== null).length;
}

/** The API body: only what is set, so the server's appliedFilters echo what the user chose. */
export function filtersToBody(search: DirectorySearch): FindLawyersBody {
  const body: FindLawyersBody = { sortBy: search.sortBy };
  const { q, ...rest } = search.filters;
  if (q.trim()) body.q = q.trim();
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null) (body as Record<string, unknown>)[key] = value;
  }
  return body;
}
