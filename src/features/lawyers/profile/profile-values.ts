/**
 * The lawyer profile form's values (what the inputs hold: strings and lists) and their way to and
 * from the contract's LawyerProfile body. Checks use the contract's own schemas, so the phone and
 * the server refuse the same things with the same words.
 */
import type { District, Division, Language, PracticingCourt, Specialization } from '../../../../contract/enums';
import {
  LawyerProfileBodySchema,
  UpdateLawyerProfileBodySchema,
  type LawyerInfo,
  type LawyerProfileBody,
  type UpdateLawyerProfileBody,
} from '../../../../contract/lawyers';
import { validate, type FieldErrors } from '../../../lib/validate';
import { LawyerClientText } from '../lawyer-text';

export type ProfileMode = 'create' | 'edit';

export interface ProfileValues {
  firm: string;
  yearsOfExperience: string;
  barCertificateNumber: string;
  barAssociation: string;
  practicingCourt: PracticingCourt | '';
  division: Division | '';
  district: District | '';
  specializations: Specialization[];
  bio: string;
  languages: Language[];
  /** Create only: later changes go through the hourly-charge form (approved lawyers). */
  hourlyCharge: string;
}

export const EMPTY_PROFILE: ProfileValues = {
  firm: '',
  yearsOfExperience: '',
  barCertificateNumber: '',
  barAssociation: '',
  practicingCourt: '',
  division: '',
  district: '',
  specializations: [],
  bio: '',
  languages: ['BN'],
  hourlyCharge: '',
};

export function valuesFromProfile(profile: LawyerInfo): ProfileValues {
  return {
    firm: profile.firm ?? '',
    yearsOfExperience: profile.yearsOfExperience === null ? '' : String(profile.yearsOfExperience),
    barCertificateNumber: profile.barCertificateNumber ?? '',
    barAssociation: profile.barAssociation ?? '',
    practicingCourt: profile.practicingCourt ?? '',
    division: profile.division ?? '',
    district: profile.district ?? '',
    specializations: [...profile.specializations],
    bio: profile.bio ?? '',
    languages: [...profile.languages],
    hourlyCharge: profile.hourlyCharge === null ? '' : String(profile.hourlyCharge),
  };
}

/** "" → undefined (a missing number), otherwise the number typed (NaN for nonsense, which the schema refuses). */
function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function createBody(values: ProfileValues): LawyerProfileBody {
  const charge = numberOrUndefined(values.hourlyCharge);
  return {
    ...editBody(values),
    barCertificateNumber: values.barCertificateNumber.trim(),
    ...(charge === undefined ? {} : { hourlyCharge: charge }),
  } as LawyerProfileBody;
}

/** The PUT body: the bar number is never sent (it cannot change), the charge has its own call. */
export function editBody(values: ProfileValues): UpdateLawyerProfileBody {
  return {
    firm: values.firm.trim(),
    yearsOfExperience: numberOrUndefined(values.yearsOfExperience),
    barAssociation: values.barAssociation.trim() || null,
    practicingCourt: values.practicingCourt || undefined,
    division: values.division || undefined,
    district: values.district || undefined,
    bio: values.bio.trim(),
    specializations: values.specializations,
    languages: values.languages,
  } as UpdateLawyerProfileBody;
}

/** The first problem per field, as an English contract text (translated for display). */
export function validateProfile(values: ProfileValues, mode: ProfileMode): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.practicingCourt) errors.practicingCourt = LawyerClientText.courtRequired;
  if (!values.division) errors.division = LawyerClientText.divisionRequired;
  if (!values.district) errors.district = LawyerClientText.districtRequired;
  const schemaErrors =
    mode === 'create'
      ? validate(LawyerProfileBodySchema, createBody(values))
      : validate(UpdateLawyerProfileBodySchema, editBody(values));
  for (const [field, message] of Object.entries(schemaErrors)) errors[field] ??= message;
  return errors;
}
