/**
 * The honest stand-in for screens that later issues build: the screen's name, a plain statement
 * that it is being built, and the way back to the user's dashboard. Route and guard are already real.
 */
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { appMessages, type PlaceholderScreen } from '../app-messages';

export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const t = useT(appMessages);
  const role = useSessionSelector(selectRole);
  const title = t(`screen.${screen}`);
  useDocumentTitle(title);
  return (
    <section className="container page page-narrow">
      <h1>{title}</h1>
      <p className="alert alert-info">{t('placeholderBody')}</p>
      <p className="muted">{t('placeholderNext')}</p>
      <Link className="btn btn-primary" to={role ? dashboardPath(role) : '/'}>
        {t('placeholderDashboard')}
      </Link>
    </section>
  );
}
