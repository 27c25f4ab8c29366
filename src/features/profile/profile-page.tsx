/**
 * /profile (docs/product.md §2 view-profile): name, picture and password of the signed-in user, and last
 * "Your data" (download my data, delete my account). Other
 * features add their parts (a lawyer's status and practice, "Send feedback") through `notice`,
 * `sections` and `aside`,
 * composed in src/app, because features do not import each other.
 */
import type { ReactNode } from 'react';
import { useContractText } from '../../lib/contract-text';
import { formErrorText } from '../../lib/api/app-error';
import { useT } from '../../lib/i18n';
import { useUserInfoQuery } from '../../lib/session/session-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DataRightsSection } from './data-rights-section';
import { LanguageSection } from './language-section';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { PictureForm } from './picture-form';
import { profileMessages } from './profile-messages';
import Button from '@mui/material/Button';
import './profile.css';

interface ProfilePageProps {
  /** Shown first, under the title (e.g. a lawyer's verification status). */
  notice?: ReactNode;
  /** Shown after the name, before the password (e.g. the lawyer's practice details). */
  sections?: ReactNode;
  /** Shown last (e.g. "Send feedback"). */
  aside?: ReactNode;
}

export function ProfilePage({ notice, sections, aside }: ProfilePageProps) {
  const t = useT(profileMessages);
  const tx = useContractText();
  const { data: user, error, isLoading, isFetching, refetch } = useUserInfoQuery();
  useDocumentTitle(t('title'));

  return (
    <div className="container page profile">
      <header>
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </header>
      {notice}
      {isLoading && (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      )}
      {error && !user && !isFetching && (
        <div className="alert alert-error" role="alert">
          <p>{t('loadFailed')}</p>
          <p>{tx(formErrorText(error, ''))}</p>
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {user && (
        <>
          <PictureForm picture={user.profilePicture} />
          {/* Keyed by id so the form restarts from the server's values when the user changes. */}
          <NameForm key={user.id} user={user} />
          <LanguageSection user={user} />
        </>
      )}
      {user && sections}
      <PasswordForm />
      {aside}
      <DataRightsSection />
    </div>
  );
}
