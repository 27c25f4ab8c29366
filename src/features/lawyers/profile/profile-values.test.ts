import { describe, expect, it } from 'vitest';
import { createBody, editBody, EMPTY_PROFILE, validateProfile, type ProfileValues } from './profile-values';

const filled: ProfileValues = {
  ...EMPTY_PROFILE,
  firm: 'Rahman & Associates',
  yearsOfExperience: '12',
  barCertificateNumber: 'DBA-2011-0457',
  practicingCourt: 'DISTRICT_COURT',
  division: 'DHAKA',
  district: 'GAZIPUR',
  specializations: ['FAMILY_LAW'],
  bio: 'Family matters.',
  hourlyCharge: '1500',
};

describe('lawyer profile form', () => {
  it('accepts a complete profile and builds the contract body', () => {
    expect(validateProfile(filled, 'create')).toEqual({});
    expect(createBody(filled)).toMatchObject({
      firm: 'Rahman & Associates',
      yearsOfExperience: 12,
      barCertificateNumber: 'DBA-2011-0457',
      barAssociation: null,
      hourlyCharge: 1500,
      languages: ['BN'],
    });
  });

  it('never sends the bar number or the charge when editing', () => {
    const body = editBody(filled);
    expect(body).not.toHaveProperty('barCertificateNumber');
    expect(body).not.toHaveProperty('hourlyCharge');
  });

  it('names every missing field with the contract texts', () => {
    const errors = validateProfile(EMPTY_PROFILE, 'create');
    expect(errors).toMatchObject({
      firm: 'Firm must be between 2 and 255 characters',
      yearsOfExperience: 'Years of experience is required',
      barCertificateNumber: 'Bar certificate number must be between 5 and 50 characters',
      practicingCourt: 'Choose the court you practise in',
      division: 'Choose a division',
      district: 'Choose a district',
      specializations: 'Choose at least one specialization',
    });
  });

  it('refuses a district outside the division, out-of-range years and a long bio', () => {
    const errors = validateProfile(
      { ...filled, district: 'SYLHET', yearsOfExperience: '51', bio: 'x'.repeat(2001) },
      'edit',
    );
    expect(errors).toEqual({
      district: 'District does not belong to the selected division',
      yearsOfExperience: 'Years of experience must be between 0 and 50',
      bio: 'Bio must be at most 2000 characters',
    });
  });
});
