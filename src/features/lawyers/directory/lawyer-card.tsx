/**
 * One directory result: who, where, what they practise, how experienced, how rated and what an
 * hour costs — in the chosen language (enum names from the contract, Bengali digits and ৳ in
 * Bangla) — and the way to their full profile.
 */
import { Link } from 'react-router-dom';
import { displayName, PRACTICING_COURT_NAMES, SPECIALIZATION_NAMES } from '../../../../contract/enums';
import type { LawyerSearchResult } from '../../../../contract/lawyers';
import { chargeText, experienceText, locationText } from '../../../components/lawyer/lawyer-facts';
import { lawyerFactsMessages } from '../../../components/lawyer/lawyer-facts-messages';
import { RatingStars } from '../../../components/rating/rating-stars';
import { DeferredImage } from '../../../components/offline/deferred-image';
import { useLang, useT } from '../../../lib/i18n';
import { directoryMessages } from './directory-messages';
import Button from '@mui/material/Button';

/** Cards show this many specializations; the rest are counted. */
const SHOWN_SPECIALIZATIONS = 3;

export function lawyerDetailsPath(email: string): string {
  return `/lawyers/${encodeURIComponent(email)}/details`;
}

function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

export function LawyerCard({ lawyer }: { lawyer: LawyerSearchResult }) {
  const t = useT(directoryMessages);
  const tf = useT(lawyerFactsMessages);
  const { lang } = useLang();
  const name = `${lawyer.firstName} ${lawyer.lastName}`.trim();
  const shown = lawyer.specializations.slice(0, SHOWN_SPECIALIZATIONS);
  const hidden = lawyer.specializations.length - shown.length;

  return (
    <article className="lawyer-card" aria-labelledby={`lawyer-${lawyer.userId}`}>
      <div className="lawyer-card-head">
        {lawyer.profilePicture ? (
          <DeferredImage
            className="lawyer-avatar"
            src={lawyer.profilePicture}
            alt=""
            width={56}
            height={56}
            of={name}
            placeholder={
              <span className="lawyer-avatar is-initials" aria-hidden="true">
                {initials(lawyer.firstName, lawyer.lastName)}
              </span>
            }
          />
        ) : (
          <span className="lawyer-avatar is-initials" aria-hidden="true">
            {initials(lawyer.firstName, lawyer.lastName)}
          </span>
        )}
        <div>
          <h3 id={`lawyer-${lawyer.userId}`} className="lawyer-card-name">
            {name}
          </h3>
          <p className="lawyer-card-firm">{lawyer.firm}</p>
        </div>
      </div>
      <ul className="tag-list" aria-label={tf('specializations')}>
        {shown.map((s) => (
          <li key={s}>{displayName(SPECIALIZATION_NAMES, s, lang)}</li>
        ))}
        {hidden > 0 && <li className="is-more">{t('more', { n: hidden })}</li>}
      </ul>
      <dl className="lawyer-card-facts">
        <div>
          <dt>{tf('location')}</dt>
          <dd>{locationText(lawyer, lang)}</dd>
        </div>
        <div>
          <dt>{tf('court')}</dt>
          <dd>{displayName(PRACTICING_COURT_NAMES, lawyer.practicingCourt, lang)}</dd>
        </div>
        <div>
          <dt>{tf('experience')}</dt>
          <dd>{experienceText(lawyer.yearsOfExperience, tf)}</dd>
        </div>
        <div>
          <dt>{tf('rating')}</dt>
          <dd>
            <RatingStars rating={lawyer.averageRating} count={lawyer.reviewCount} />
          </dd>
        </div>
        <div>
          <dt>{tf('charge')}</dt>
          <dd className="lawyer-card-charge">{chargeText(lawyer.hourlyCharge, lang, tf)}</dd>
        </div>
      </dl>
      <Button
        component={Link}
        variant="contained"
        to={lawyerDetailsPath(lawyer.email)}
        aria-label={t('viewProfileOf', { name })}
      >
        {t('viewProfile')}
      </Button>
    </article>
  );
}
