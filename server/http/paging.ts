/**
 * Paging metadata of docs/api.md §1. Lists filter (privacy, status, role) in SQL before they page, so
 * `totalCount` is the true number of matching rows and every flag below follows from it.
 */
import type { PageMetadata } from '../../contract/envelope';

export interface PageRequest {
  page: number;
  size: number;
}

export interface PageMetadataInput extends PageRequest {
  totalCount: number;
  sortDirection?: 'ASC' | 'DESC';
  sortField?: string;
  appliedFilters?: Record<string, unknown>;
}

export function pageMetadata(input: PageMetadataInput): PageMetadata {
  const totalPages = Math.ceil(input.totalCount / input.size);
  const metadata: PageMetadata = {
    totalCount: input.totalCount,
    pageNumber: input.page,
    pageSize: input.size,
    totalPages,
    hasNext: input.page + 1 < totalPages,
    hasPrevious: input.page > 0,
    isFirst: input.page === 0,
    isLast: input.page + 1 >= totalPages,
  };
  if (input.sortDirection) metadata.sortDirection = input.sortDirection;
  if (input.sortField) metadata.sortField = input.sortField;
  if (input.appliedFilters) metadata.appliedFilters = input.appliedFilters;
  return metadata;
}

/** Rows to skip for a page (0-based). */
export function pageOffset(page: PageRequest): number {
  return page.page * page.size;
}

/**
 * A page read together with its count: the page's statement carries the count as an uncorrelated
 * scalar subquery (`total`, computed once per statement), so a list costs one round trip instead
 * of two. Only a page past the end has no row to carry it; then `count` asks separately.
 */
export async function withTotal<R extends { total: number }>(
  rows: R[],
  offset: number,
  count: () => Promise<number>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const first = rows[0];
  const total = first ? first.total : offset === 0 ? 0 : await count();
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
