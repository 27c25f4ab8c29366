/** Status filter and page of the admin inboxes, from and to the address (?status=OPEN&page=2). */
export function readInbox<S extends string>(params: URLSearchParams, statuses: readonly S[]) {
  const status = statuses.find((s) => s === params.get('status'));
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;
  return { status, page };
}

export function inboxAddress(base: string, status: string | undefined, page = 0): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 0) params.set('page', String(page + 1));
  const query = params.toString();
  return `${base}${query ? `?${query}` : ''}`;
}
