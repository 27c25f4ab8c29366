/**
 * A lawyer's practice facts as a definition list, in the chosen language (enum names from the
 * contract), plus the verification status badge. Shared by the public details page, the lawyer's
 * own profile and the admin's verification screen, so all three describe a lawyer the same way.
 */
import type { VerificationStatus } from '../../../contract/enums';
import {
  displayName,
  DISTRICT_NAMES,
  DIVISION_NAMES,
  LANGUAGE_NAMES,
  PRACTICING_COURT_NAMES,
  SPECIALIZATION_NAMES,
} from '../../../contract/enums';
import type { LawyerInfo } from '../../../contract/lawyers';
import { formatMoney } from '../../lib/format';
import { useLang, useT, type Lang, type Translate } from '../../lib/i18n';
import { lawyerFactsMessages } from './lawyer-facts-messages';
import './lawyer-facts.css';

type FactsKey = keyof typeof lawyerFactsMessages.en;

export function experienceText(years: number, t: Translate<FactsKey>): string {
  if (years <= 0) return t('lessThanYear');
  return years === 1 ? t('oneYear') : t('years', { n: years });
}

export function locationText(
  place: { district: LawyerInfo['district']; division: LawyerInfo['division'] },
  lang: Lang,
): string {
  const parts = [
    place.district && displayName(DISTRICT_NAMES, place.district, lang),
    place.division && displayName(DIVISION_NAMES, place.division, lang),
  ].filter(Boolean);
  return parts.join(', ');
}

export function chargeText(amount: number | null, lang: Lang, t: Translate<FactsKey>): string {
  return amount === null ? t('noCharge') : t('perHour', { amount: formatMoney(amount, lang) });
}

export function VerificationBadge({ status }: { status: VerificationStatus | null }) {
  const t = useT(lawyerFactsMessages);
  return (
    <span className={`status-badge is-${(status ?? 'none').toLowerCase()}`}>{t(`status${status ?? 'NONE'}`)}</span>
  );
}

export function LawyerFacts({ lawyer, showBarNumber = false }: { lawyer: LawyerInfo; showBarNumber?: boolean }) {
  const t = useT(lawyerFactsMessages);
  const { lang } = useLang();
  return (
    <dl className="lawyer-facts">
      {lawyer.firm && (
        <div>
          <dt>{t('firm')}</dt>
          <dd>{lawyer.firm}</dd>
        </div>
      )}
      {lawyer.yearsOfExperience !== null && (
        <div>
          <dt>{t('experience')}</dt>
          <dd>{experienceText(lawyer.yearsOfExperience, t)}</dd>
        </div>
      )}
      {lawyer.practicingCourt && (
        <div>
          <dt>{t('court')}</dt>
          <dd>{displayName(PRACTICING_COURT_NAMES, lawyer.practicingCourt, lang)}</dd>
        </div>
      )}
      {(lawyer.district || lawyer.division) && (
        <div>
          <dt>{t('location')}</dt>
          <dd>{locationText(lawyer, lang)}</dd>
        </div>
      )}
      {lawyer.specializations.length > 0 && (
        <div className="is-wide">
          <dt>{t('specializations')}</dt>
          <dd>
            <ul className="tag-list">
              {lawyer.specializations.map((s) => (
                <li key={s}>{displayName(SPECIALIZATION_NAMES, s, lang)}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {lawyer.languages.length > 0 && (
        <div>
          <dt>{t('languages')}</dt>
          <dd>{lawyer.languages.map((l) => displayName(LANGUAGE_NAMES, l, lang)).join(', ')}</dd>
        </div>
      )}
      <div>
        <dt>{t('charge')}</dt>
        <dd>{chargeText(lawyer.hourlyCharge, lang, t)}</dd>
      </div>
      {showBarNumber && lawyer.barCertificateNumber && (
        <div>
          <dt>{t('barNumber')}</dt>
          <dd>{lawyer.barCertificateNumber}</dd>
        </div>
      )}
      {lawyer.barAssociation && (
        <div>
          <dt>{t('barAssociation')}</dt>
          <dd>{lawyer.barAssociation}</dd>
        </div>
      )}
      {lawyer.bio && (
        <div className="is-wide">
          <dt>{t('bio')}</dt>
          <dd className="lawyer-bio">{lawyer.bio}</dd>
        </div>
      )}
    </dl>
  );
}
