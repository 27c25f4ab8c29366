/**
 * What a screen shows a signed-in user of the wrong role when its route guard lets every signed-in
 * user in (docs/product.md §2 guards /admin/lawyers and /dashboard/admin only by "logged in"): a plain
 * sentence and the way to their own dashboard, without calling an API that would answer 403.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '../../../contract/auth';
import { useT } from '../../lib/i18n';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { uiMessages } from '../ui-messages';
import Button from '@mui/material/Button';

const NOTE = { ADMIN: 'onlyAdmin', LAWYER: 'onlyLawyer', USER: 'onlyClient' } as const;

export function RoleNotice({ role, title }: { role: Role; title: string }) {
  const t = useT(uiMessages);
  const own = useSessionSelector(selectRole);
  return (
    <section className="container page page-narrow">
      <h1>{title}</h1>
      <p className="alert alert-error" role="alert">
        {t(NOTE[role])}
      </p>
      <Button component={Link} variant="contained" to={own ? dashboardPath(own) : '/'}>
        {t('ownDashboard')}
      </Button>
    </section>
  );
}

/** Renders `children` for the role `only`, the notice for anyone else. */
export function ForRole({ only, title, children }: { only: Role; title: string; children: ReactNode }) {
  const own = useSessionSelector(selectRole);
  return own === only ? children : <RoleNotice role={only} title={title} />;
}
