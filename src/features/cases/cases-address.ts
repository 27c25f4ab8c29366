/** /cases's address: status filter, order and 1-based page, read leniently (unknown → default). */
import { CaseStatusSchema, type CaseStatus } from '../../../contract/enums';

export interface CasesAddress {
  status?: CaseStatus;
  sortDirection: 'ASC' | 'DESC';
  page: number;
}

/** Reads the address leniently: anything unknown is the default. */
export function readCasesAddress(params: URLSearchParams): CasesAddress {
  const status = CaseStatusSchema.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  return {
    ...(status.success ? { status: status.data } : {}),
    sortDirection: params.get('sort') === 'oldest' ? 'ASC' : 'DESC',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function casesAddress({ status, sortDirection, page }: CasesAddress): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (sortDirection === 'ASC') params.set('sort', 'oldest');
  if (page > 0) params.set('page', String(page + 1));
  const query = params.toString();
  return query ? `/cases?${query}` : '/cases';
}
