/** The /law-insights address: `?q=` (search text) and `?page=` (1-based, as people read it). */
export interface InsightsAddress {
  q: string;
  /** 0-based. */
  page: number;
}

export function readInsightsAddress(params: URLSearchParams): InsightsAddress {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { q: (params.get('q') ?? '').trim(), page: Number.isFinite(page) && page > 1 ? page - 1 : 0 };
}

export function insightsAddress({ q, page }: InsightsAddress): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 0) params.set('page', String(page + 1));
  const query = params.toString();
  return query ? `/law-insights?${query}` : '/law-insights';
}
