/** The document search in the address (/document-search?q=…&scope=…&lang=…&act=…&actTitle=…). */
import type { SearchScope } from '../../../contract/ai';
import type { SearchArgs } from './api/ai-api';

const SCOPES: readonly SearchScope[] = ['all', 'laws', 'documents'];

/** The search in the address: `q`, `scope`, `lang`, `act` (and `actTitle`, to name the Act filter). */
export function readSearchAddress(params: URLSearchParams): { args: SearchArgs | null; actTitle: string | null } {
  const query = (params.get('q') ?? '').trim().slice(0, 500);
  const scopeParam = params.get('scope');
  const scope: SearchScope = SCOPES.find((s) => s === scopeParam) ?? 'all';
  const langParam = params.get('lang');
  const language = langParam === 'en' || langParam === 'bn' ? langParam : undefined;
  const act = Number(params.get('act'));
  const actId = Number.isInteger(act) && act > 0 ? act : undefined;
  if (!query) return { args: null, actTitle: null };
  return {
    args: {
      query,
      scope: actId !== undefined ? 'laws' : scope,
      ...(language ? { language } : {}),
      ...(actId !== undefined ? { act_id: actId } : {}),
    },
    actTitle: actId !== undefined ? params.get('actTitle') : null,
  };
}
