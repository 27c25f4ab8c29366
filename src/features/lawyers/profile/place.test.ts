import { describe, expect, it } from 'vitest';
import { DISTRICT_DIVISION } from '../../../../contract/enums';
import { districtOptions, divisionOptions, withDistrict, withDivision } from './place';

describe('division → district', () => {
  it('lists only the districts of the chosen division', () => {
    const sylhet = districtOptions('SYLHET', 'en').map((o) => o.value);
    expect(sylhet.sort()).toEqual(['HABIGANJ', 'MOULVIBAZAR', 'SUNAMGANJ', 'SYLHET']);
    for (const option of districtOptions('KHULNA', 'en')) {
      expect(DISTRICT_DIVISION[option.value as keyof typeof DISTRICT_DIVISION]).toBe('KHULNA');
    }
    expect(districtOptions('DHAKA', 'en')).toHaveLength(13);
  });

  it('lists all 64 districts without a division', () => {
    expect(districtOptions('', 'en')).toHaveLength(64);
  });

  it('names and sorts districts in Bangla for Bangla readers', () => {
    const labels = districtOptions('SYLHET', 'bn').map((o) => o.label);
    expect(labels).toContain('সিলেট');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'bn')));
    expect(divisionOptions('bn').map((o) => o.label)).toContain('চট্টগ্রাম');
  });

  it('clears a district that is not in the newly chosen division', () => {
    expect(withDivision({ division: 'DHAKA', district: 'GAZIPUR' }, 'SYLHET')).toEqual({
      division: 'SYLHET',
      district: '',
    });
  });

  it('keeps a district that is in the newly chosen division', () => {
    expect(withDivision({ division: '', district: 'SYLHET' }, 'SYLHET')).toEqual({
      division: 'SYLHET',
      district: 'SYLHET',
    });
  });

  it("fills in a chosen district's division when none is chosen yet", () => {
    expect(withDistrict({ division: '', district: '' }, 'COXS_BAZAR')).toEqual({
      division: 'CHATTOGRAM',
      district: 'COXS_BAZAR',
    });
  });
});
