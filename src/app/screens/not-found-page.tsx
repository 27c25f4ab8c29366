/** The 404 screen for any address the app does not know. */
import { Link } from 'react-router-dom';
import { localDigits } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { appMessages } from '../app-messages';
import Button from '@mui/material/Button';

export function NotFoundPage() {
  const t = useT(appMessages);
  const { lang } = useLang();
  useDocumentTitle(t('notFoundTitle'));
  return (
    <section className="container page page-narrow">
      <p className="not-found-code" aria-hidden="true">
        {localDigits('404', lang)}
      </p>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
      <Button component={Link} variant="contained" to="/">
        {t('notFoundHome')}
      </Button>
    </section>
  );
}
