/** What a crashed screen shows instead (docs/product.md §2): the message, Try Again and Reload Page. */
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { errorMessages } from './error-messages';
import Button from '@mui/material/Button';

export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const t = useT(errorMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus here so keyboard and screen-reader users learn that the screen changed.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="container page page-narrow" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      <p>{t('body')}</p>
      <div className="btn-row">
        <Button variant="contained" type="button" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
        <Button variant="outlined" type="button" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    </section>
  );
}
