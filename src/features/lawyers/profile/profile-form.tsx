/**
 * The lawyer profile form, for creating (/lawyer/profile/create) and for editing (/profile).
 * Creating asks for the bar number and, optionally, a first hourly charge; editing shows the bar
 * number read-only and leaves the charge to its own form. Errors: the phone's checks first (the
 * contract's schemas), then the server's per-field messages, each by its field.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  LANGUAGE_NAMES,
  LanguageSchema,
  PRACTICING_COURT_NAMES,
  PracticingCourtSchema,
  SPECIALIZATION_NAMES,
  SpecializationSchema,
  type Language,
  type PracticingCourt,
  type Specialization,
} from '../../../../contract/enums';
import { LAWYER_LIMITS, type LawyerInfo } from '../../../../contract/lawyers';
import { ChipGroup } from '../../../components/form/chip-group';
import { FormAlert } from '../../../components/form/form-alert';
import { enumOptions, SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { formErrorText } from '../../../lib/api/app-error';
import { useLang, useT } from '../../../lib/i18n';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../../lib/validate';
import { useCreateLawyerProfileMutation, useUpdateLawyerProfileMutation } from '../api/lawyers-api';
import { useLawyerFieldErrors, useLawyerText } from '../lawyer-text';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import { PlaceFields } from './place-fields';
import {
  createBody,
  editBody,
  EMPTY_PROFILE,
  valuesFromProfile,
  validateProfile,
  type ProfileMode,
  type ProfileValues,
} from './profile-values';
import Button from '@mui/material/Button';

interface ProfileFormProps {
  mode: ProfileMode;
  /** Editing: the saved profile the form starts from. */
  profile?: LawyerInfo;
  onSaved?: (profile: LawyerInfo) => void;
}

export function ProfileForm({ mode, profile, onSaved }: ProfileFormProps) {
  const t = useT(lawyerProfileMessages);
  const tl = useLawyerText();
  const { lang } = useLang();
  const form = useRef<HTMLFormElement>(null);
  const [create, creating] = useCreateLawyerProfileMutation();
  const [update, updating] = useUpdateLawyerProfileMutation();
  const { isLoading, error } = mode === 'create' ? creating : updating;
  const [values, setValues] = useState<ProfileValues>(() => (profile ? valuesFromProfile(profile) : EMPTY_PROFILE));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useLawyerFieldErrors(clientErrors, error);

  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setValues((was) => ({ ...was, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateProfile(values, mode);
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const saved =
        mode === 'create' ? await create(createBody(values)).unwrap() : await update(editBody(values)).unwrap();
      if (mode === 'edit') setSuccess(t('saved'));
      onSaved?.(saved);
    } catch (err) {
      setFailure(formErrorText(err, t(mode === 'create' ? 'createFailed' : 'saveFailed')));
      focusFirstInvalid(form.current);
    }
  };

  const courtOptions = enumOptions(PracticingCourtSchema.options, PRACTICING_COURT_NAMES, lang);
  const specializationOptions = enumOptions(SpecializationSchema.options, SPECIALIZATION_NAMES, lang);
  const languageOptions = enumOptions(LanguageSchema.options, LANGUAGE_NAMES, lang);

  return (
    <form ref={form} className="form lawyer-profile-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('firm')}
        name="firm"
        autoComplete="organization"
        required
        maxLength={LAWYER_LIMITS.firm.max}
        value={values.firm}
        onChange={(e) => set('firm', e.target.value)}
        hint={t('firmHint')}
        error={errorFor('firm')}
      />
      <div className="form-row">
        <TextField
          label={t('years')}
          name="yearsOfExperience"
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
          step={1}
          required
          value={values.yearsOfExperience}
          onChange={(e) => set('yearsOfExperience', e.target.value)}
          error={errorFor('yearsOfExperience')}
        />
        <TextField
          label={t('barNumber')}
          name="barCertificateNumber"
          required={mode === 'create'}
          readOnly={mode === 'edit'}
          maxLength={LAWYER_LIMITS.barCertificateNumber.max}
          value={values.barCertificateNumber}
          onChange={(e) => set('barCertificateNumber', e.target.value)}
          hint={mode === 'create' ? t('barNumberHint') : t('barNumberFixed')}
          error={errorFor('barCertificateNumber')}
        />
      </div>
      <TextField
        label={t('barAssociation')}
        name="barAssociation"
        maxLength={LAWYER_LIMITS.barAssociation.max}
        value={values.barAssociation}
        onChange={(e) => set('barAssociation', e.target.value)}
        hint={t('barAssociationHint')}
        error={errorFor('barAssociation')}
      />
      <SelectField
        label={t('court')}
        name="practicingCourt"
        required
        placeholder={t('chooseCourt')}
        options={courtOptions}
        value={values.practicingCourt}
        onChange={(e) => set('practicingCourt', e.target.value as PracticingCourt | '')}
        error={errorFor('practicingCourt')}
      />
      <div className="form-row">
        <PlaceFields
          place={{ division: values.division, district: values.district }}
          onChange={(place) => setValues((was) => ({ ...was, ...place }))}
          divisionFirst
          required
          labels={{
            division: t('division'),
            district: t('district'),
            anyDivision: t('chooseDivision'),
            anyDistrict: t('chooseDistrict'),
            districtHint: t('districtFirst'),
          }}
          errors={{ division: errorFor('division'), district: errorFor('district') }}
        />
      </div>
      <ChipGroup
        legend={t('specializations')}
        name="specializations"
        options={specializationOptions}
        selected={values.specializations}
        onChange={(next) => set('specializations', next as Specialization[])}
        hint={t('specializationsHint')}
        error={errorFor('specializations')}
      />
      <ChipGroup
        legend={t('languages')}
        name="languages"
        options={languageOptions}
        selected={values.languages}
        onChange={(next) => set('languages', next as Language[])}
        error={errorFor('languages')}
      />
      <TextareaField
        label={t('bio')}
        name="bio"
        rows={5}
        value={values.bio}
        counterMax={LAWYER_LIMITS.bio.max}
        onChange={(e) => set('bio', e.target.value)}
        hint={t('bioHint')}
        error={errorFor('bio')}
      />
      {mode === 'create' && (
        <TextField
          label={t('hourlyCharge')}
          name="hourlyCharge"
          type="number"
          inputMode="decimal"
          min={LAWYER_LIMITS.hourlyCharge.min}
          step="0.01"
          value={values.hourlyCharge}
          onChange={(e) => set('hourlyCharge', e.target.value)}
          hint={t('hourlyChargeHint')}
          error={errorFor('hourlyCharge')}
        />
      )}
      {mode === 'edit' && profile?.verificationStatus === 'APPROVED' && (
        <p className="field-hint">{t('reverifyNote')}</p>
      )}
      <FormAlert error={failure && tl(failure)} success={success} />
      <div>
        <Button variant="contained" type="submit" disabled={isLoading}>
          {mode === 'create' ? (isLoading ? t('creating') : t('create')) : isLoading ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
