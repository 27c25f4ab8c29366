/** The hourly charge in ৳ (PUT /lawyer/hourly-charge): set, change or remove; approved lawyers only. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { HourlyChargeBodySchema, LAWYER_LIMITS, type LawyerInfo } from '../../../../contract/lawyers';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { formErrorText } from '../../../lib/api/app-error';
import { formatMoney } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/validate';
import { useSetHourlyChargeMutation } from '../api/lawyers-api';
import { useLawyerFieldErrors, useLawyerText } from '../lawyer-text';
import { approvalLock } from './approval-lock';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import Button from '@mui/material/Button';

export function HourlyChargeForm({ profile }: { profile: LawyerInfo }) {
  const t = useT(lawyerProfileMessages);
  const tl = useLawyerText();
  const { lang } = useLang();
  const lockId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [setCharge, { isLoading, error }] = useSetHourlyChargeMutation();
  const [text, setText] = useState(profile.hourlyCharge === null ? '' : String(profile.hourlyCharge));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useLawyerFieldErrors(clientErrors, error);
  const lock = approvalLock(profile);

  const save = async (hourlyCharge: number | null) => {
    const errors = hourlyCharge === null ? {} : validate(HourlyChargeBodySchema, { hourlyCharge });
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      await setCharge({ hourlyCharge }).unwrap();
      setSuccess(t(hourlyCharge === null ? 'chargeCleared' : 'chargeSaved'));
      if (hourlyCharge === null) setText('');
    } catch (err) {
      setFailure(formErrorText(err, t('chargeFailed')));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    // An empty field is a number the user has not typed yet, not a wish to remove the charge.
    void save(trimmed === '' ? Number.NaN : Number(trimmed));
  };

  return (
    <section className="card profile-section" aria-labelledby="charge-title">
      <h2 id="charge-title">{t('chargeTitle')}</h2>
      <p className="muted">{t('chargeIntro')}</p>
      <p>
        {profile.hourlyCharge === null
          ? t('chargeNone')
          : t('chargeCurrent', { amount: formatMoney(profile.hourlyCharge, lang) })}
      </p>
      {lock && (
        <p id={lockId} className="alert alert-info">
          {t(lock)}
        </p>
      )}
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <fieldset className="form" disabled={Boolean(lock)} aria-describedby={lock ? lockId : undefined}>
          <TextField
            label={t('chargeLabel')}
            name="hourlyCharge"
            type="number"
            inputMode="decimal"
            min={LAWYER_LIMITS.hourlyCharge.min}
            max={LAWYER_LIMITS.hourlyCharge.max}
            step="0.01"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={errorFor('hourlyCharge')}
          />
          <FormAlert error={failure && tl(failure)} success={success} />
          <div className="btn-row">
            <Button variant="contained" type="submit" disabled={isLoading}>
              {isLoading ? t('chargeSaving') : t('chargeSave')}
            </Button>
            {profile.hourlyCharge !== null && (
              <Button variant="outlined" type="button" disabled={isLoading} onClick={() => void save(null)}>
                {t('chargeClear')}
              </Button>
            )}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
