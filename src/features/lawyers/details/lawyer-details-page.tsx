/**
 * /lawyers/{email}/details (docs/product.md §2 lawyer-details): a verified lawyer's full profile, weekly
 * availability and reviews, and the "Message" button that opens a conversation with docs/product.md §5's
 * default first message (the chat screen reads `receiverId` and `draft` from history state).
 * Things other features offer about a lawyer (a client's complaint form) come in through `aside`,
 * composed by src/app, because features do not import each other.
 */
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { LawyerInfo } from '../../../../contract/lawyers';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { LawyerFacts, VerificationBadge } from '../../../components/lawyer/lawyer-facts';
import { DeferredImage } from '../../../components/offline/deferred-image';
import { isAppError } from '../../../lib/api/app-error';
import { formatDate } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { selectUser } from '../../../lib/session/session-slice';
import { useSessionSelector } from '../../../lib/store-hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLawyerProfileQuery } from '../api/lawyers-api';
import { AvailabilityTable } from './availability-table';
import { detailsMessages } from './details-messages';
import { ReviewsList } from './reviews-list';
import Button from '@mui/material/Button';
import '../directory/directory.css';
import './details.css';

/** What the chat screen finds in history state when it opens from here. */
export interface ChatStartState {
  receiverId: string;
  draft: string;
}

interface LawyerDetailsPageProps {
  /** Extra sections about this lawyer for the signed-in user (e.g. "Report a problem"). */
  aside?: (lawyer: LawyerInfo) => ReactNode;
}

export function LawyerDetailsPage({ aside }: LawyerDetailsPageProps) {
  const t = useT(detailsMessages);
  const { email = '' } = useParams();
  const { data: lawyer, error, isLoading, refetch } = useLawyerProfileQuery(email, { skip: !email });
  const found = lawyer?.lawyerId ? lawyer : null;
  const name = found ? `${found.firstName} ${found.lastName}`.trim() : '';
  useDocumentTitle(name || t('title'));

  const notFound = (lawyer && !found) || (isAppError(error) && error.status === 404);

  return (
    <div className="container page lawyer-details">
      <p>
        <Link to="/find-lawyer">← {t('backToSearch')}</Link>
      </p>
      {isLoading && <LoadingState label={t('loading')} />}
      {notFound && (
        <section>
          <h1>{t('title')}</h1>
          <p className="alert alert-info" role="alert">
            {t('notFound')}
          </p>
        </section>
      )}
      {error && !notFound && (
        <>
          <h1>{t('title')}</h1>
          <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />
        </>
      )}
      {found && <LawyerProfile lawyer={found} aside={aside} />}
    </div>
  );
}

function LawyerProfile({ lawyer, aside }: { lawyer: LawyerInfo; aside: LawyerDetailsPageProps['aside'] }) {
  const t = useT(detailsMessages);
  const { lang } = useLang();
  const navigate = useNavigate();
  const user = useSessionSelector(selectUser);
  const name = `${lawyer.firstName} ${lawyer.lastName}`.trim();
  // Chat pairs a client (or the admin) with a lawyer; a lawyer does not message another from here.
  const canMessage = user !== null && user.role !== 'LAWYER' && user.id !== lawyer.id;

  const message = () => {
    const state: ChatStartState = { receiverId: lawyer.id, draft: t('draft') };
    void navigate('/chat', { state });
  };

  return (
    <>
      <header className="card lawyer-details-head">
        {lawyer.profilePicture ? (
          <DeferredImage
            className="lawyer-avatar is-large"
            src={lawyer.profilePicture}
            alt=""
            width={96}
            height={96}
            of={`${lawyer.firstName} ${lawyer.lastName}`.trim()}
            placeholder={
              <span className="lawyer-avatar is-initials is-large" aria-hidden="true">
                {`${lawyer.firstName.charAt(0)}${lawyer.lastName.charAt(0)}`.toUpperCase()}
              </span>
            }
          />
        ) : (
          <span className="lawyer-avatar is-initials is-large" aria-hidden="true">
            {`${lawyer.firstName.charAt(0)}${lawyer.lastName.charAt(0)}`.toUpperCase()}
          </span>
        )}
        <div className="lawyer-details-id">
          <h1>{name}</h1>
          {lawyer.firm && <p className="lawyer-card-firm">{lawyer.firm}</p>}
          <p className="lawyer-details-status">
            <VerificationBadge status={lawyer.verificationStatus} />
            {lawyer.verificationStatus === 'APPROVED' && lawyer.verifiedAt && (
              <span className="muted">{t('verifiedSince', { date: formatDate(lawyer.verifiedAt, lang) })}</span>
            )}
          </p>
        </div>
        {canMessage && (
          <div className="lawyer-details-actions">
            <Button variant="contained" type="button" aria-describedby="message-hint" onClick={message}>
              {t('message')}
            </Button>
            <p id="message-hint" className="field-hint">
              {t('messageHint')}
            </p>
          </div>
        )}
      </header>

      <section className="card" aria-labelledby="practice-title">
        <h2 id="practice-title">{t('practiceTitle')}</h2>
        <LawyerFacts lawyer={lawyer} />
      </section>

      <section className="card" aria-labelledby="availability-title">
        <h2 id="availability-title">{t('availabilityTitle')}</h2>
        <p className="muted">{t('availabilityIntro')}</p>
        <AvailabilityTable email={lawyer.email} />
      </section>

      <section className="card reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('reviewsTitle')}</h2>
        <ReviewsList userId={lawyer.id} averageRating={lawyer.averageRating} reviewCount={lawyer.reviewCount} />
      </section>

      {aside?.(lawyer)}
    </>
  );
}
