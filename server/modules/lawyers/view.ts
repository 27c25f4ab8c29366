/** Database rows → the contract's LawyerInfo and LawyerSearchResult (English display names). */
import {
  DISTRICT_NAMES,
  DIVISION_NAMES,
  PRACTICING_COURT_NAMES,
  SPECIALIZATION_NAMES,
  type Specialization,
} from '../../../contract/enums';
import type { LawyerInfo } from '../../../contract/lawyers';
import { pictureUrl } from '../users/pictures';
import type { LawyerProfileRow, LawyerUser } from './repository';

/** The admin sees why a profile was rejected, and so does its lawyer; nobody else does. */
export interface LawyerViewOptions {
  showRejectionReason: boolean;
}

export function specializationNames(list: readonly Specialization[]): string[] {
  return list.map((s) => SPECIALIZATION_NAMES[s].en);
}

/** A complete profile has every required field (the schema enforces those) and a bar certificate. */
export function isCompleteProfile(profile: LawyerProfileRow | null): boolean {
  return profile !== null && profile.certificateKey !== null;
}

export function toLawyerInfo(
  user: Pick<LawyerUser, 'id' | 'firstName' | 'lastName' | 'email' | 'profilePicture'>,
  profile: LawyerProfileRow | null,
  options: LawyerViewOptions,
): LawyerInfo {
  return {
    id: user.id,
    lawyerId: profile?.id ?? null,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    firm: profile?.firm ?? null,
    yearsOfExperience: profile?.yearsOfExperience ?? null,
    barCertificateNumber: profile?.barCertificateNumber ?? null,
    barAssociation: profile?.barAssociation ?? null,
    practicingCourt: profile?.practicingCourt ?? null,
    practicingCourtDisplayName: profile ? PRACTICING_COURT_NAMES[profile.practicingCourt].en : null,
    division: profile?.division ?? null,
    divisionDisplayName: profile ? DIVISION_NAMES[profile.division].en : null,
    district: profile?.district ?? null,
    districtDisplayName: profile ? DISTRICT_NAMES[profile.district].en : null,
    bio: profile?.bio ?? null,
    languages: profile?.languages ?? [],
    specializations: profile?.specializations ?? [],
    specializationDisplayNames: profile ? specializationNames(profile.specializations) : [],
    hourlyCharge: money(profile?.hourlyCharge),
    verificationStatus: profile?.verificationStatus ?? null,
    verifiedAt: profile?.verifiedAt?.toISOString() ?? null,
    rejectionReason: options.showRejectionReason ? (profile?.rejectionReason ?? null) : null,
    hasCredentials: profile?.certificateKey != null,
    completeProfile: isCompleteProfile(profile),
    averageRating: money(profile?.averageRating),
    reviewCount: profile?.reviewCount ?? 0,
    profilePicture: pictureUrl(user.profilePicture),
    lawyerCreatedAt: profile?.createdAt.toISOString() ?? null,
    lawyerUpdatedAt: profile?.updatedAt.toISOString() ?? null,
  };
}

/**
 * numeric(…, 2) → a JSON number with at most 2 decimals. Drivers hand numerics over as strings (or
 * numbers with float noise after arithmetic); rounding to the paisa gives the value as stored.
 */
export function money(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 100) / 100;
}
