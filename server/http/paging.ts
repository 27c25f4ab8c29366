/**
 * Paging metadata of CONTRACT §1. Lists filter (privacy, status, role) in SQL before they page, so
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
