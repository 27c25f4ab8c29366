/**
 * Test data in the contract's shapes for the marketplace screens (lawyers, admin, feedback):
 * a lawyer's profile, a directory result, an admin's view of a lawyer, a review, paging metadata.
 * Used only by *.test.ts(x) files.
 */
import type { PageMetadata } from '../../contract/envelope';
import type { Complaint, Feedback } from '../../contract/feedback';
import type { AdminLawyer, LawyerInfo, LawyerSearchResult, Review, Slot } from '../../contract/lawyers';

export const LAWYER_USER_ID = '5f0c8a2e-9a41-4c55-8f0e-2b1c3d4e5f60';
export const LAWYER_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export function lawyerInfo(overrides: Partial<LawyerInfo> = {}): LawyerInfo {
  return {
    id: LAWYER_USER_ID,
    lawyerId: LAWYER_ID,
    firstName: 'Tanvir',
    lastName: 'Hossain',
    email: 'tanvir@example.com',
    firm: 'Hossain Law Chamber',
    yearsOfExperience: 12,
    barCertificateNumber: 'DBA-2011-0457',
    barAssociation: 'Dhaka Bar Association',
    practicingCourt: 'DISTRICT_COURT',
    practicingCourtDisplayName: 'District Court',
    division: 'DHAKA',
    divisionDisplayName: 'Dhaka',
    district: 'GAZIPUR',
    districtDisplayName: 'Gazipur',
    bio: 'Family and property matters in Gazipur and Dhaka.',
    languages: ['BN', 'EN'],
    specializations: ['FAMILY_LAW', 'PROPERTY_LAW'],
    specializationDisplayNames: ['Family Law', 'Property Law'],
    hourlyCharge: 1500,
    verificationStatus: 'APPROVED',
    verifiedAt: '2025-02-10T11:00:00+06:00',
    rejectionReason: null,
    hasCredentials: true,
    completeProfile: true,
    averageRating: 4.5,
    reviewCount: 12,
    profilePicture: null,
    lawyerCreatedAt: '2025-02-01T10:00:00+06:00',
    lawyerUpdatedAt: '2025-02-10T11:00:00+06:00',
    ...overrides,
  };
}

export function searchResult(overrides: Partial<LawyerSearchResult> = {}): LawyerSearchResult {
  return {
    lawyerId: LAWYER_ID,
    userId: LAWYER_USER_ID,
    firstName: 'Tanvir',
    lastName: 'Hossain',
    email: 'tanvir@example.com',
    firm: 'Hossain Law Chamber',
    yearsOfExperience: 12,
    practicingCourt: 'DISTRICT_COURT',
    practicingCourtDisplayName: 'District Court',
    division: 'DHAKA',
    divisionDisplayName: 'Dhaka',
    district: 'GAZIPUR',
    districtDisplayName: 'Gazipur',
    bio: 'Family and property matters.',
    languages: ['BN'],
    specializations: ['FAMILY_LAW', 'PROPERTY_LAW'],
    specializationDisplayNames: ['Family Law', 'Property Law'],
    averageRating: 4.5,
    reviewCount: 12,
    hourlyCharge: 1500,
    profilePicture: null,
    ...overrides,
  };
}

export function adminLawyer(overrides: Partial<LawyerInfo> = {}): AdminLawyer {
  const lawyer = lawyerInfo({
    verificationStatus: 'PENDING',
    verifiedAt: null,
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  });
  return {
    userId: lawyer.id,
    user: {
      id: lawyer.id,
      firstName: lawyer.firstName,
      lastName: lawyer.lastName,
      email: lawyer.email,
      emailVerified: true,
      createdAt: '2025-01-20T09:00:00+06:00',
    },
    lawyerId: lawyer.lawyerId ?? LAWYER_ID,
    lawyer,
    barCertificateFileUrl: lawyer.hasCredentials ? `/v1/lawyer/view-credentials?email=${lawyer.email}` : null,
  };
}

export function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    id: `0000000${n}-1111-4111-8111-111111111111`.slice(-36),
    caseId: `0000000${n}-2222-4222-8222-222222222222`.slice(-36),
    lawyerId: LAWYER_USER_ID,
    clientId: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
    clientName: `Client ${n}`,
    rating: 5,
    review: `Review number ${n}`,
    createdAt: '2025-03-01T10:00:00+06:00',
    updatedAt: '2025-03-01T10:00:00+06:00',
    ...overrides,
  };
}

export function slot(id: string, day: Slot['day'], startTime: string, endTime: string): Slot {
  return { id, day, startTime, endTime };
}

export function pageMeta(page: number, size: number, totalCount: number): PageMetadata {
  const totalPages = Math.max(1, Math.ceil(totalCount / size));
  return {
    totalCount,
    pageNumber: page,
    pageSize: size,
    totalPages,
    hasNext: page < totalPages - 1,
    hasPrevious: page > 0,
    isFirst: page === 0,
    isLast: page >= totalPages - 1,
    sortDirection: 'DESC',
  };
}

const party = {
  id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
  firstName: 'Ayesha',
  lastName: 'Rahman',
  email: 'ayesha@example.com',
};

export function feedbackItem(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    sender: party,
    category: 'BUG',
    message: 'The search page is slow on my phone.',
    pagePath: '/find-lawyer',
    status: 'OPEN',
    response: null,
    createdAt: '2025-03-02T10:00:00+06:00',
    updatedAt: '2025-03-02T10:00:00+06:00',
    resolvedAt: null,
    ...overrides,
  };
}

export function complaintItem(overrides: Partial<Complaint> = {}): Complaint {
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    complainant: party,
    lawyer: { id: LAWYER_USER_ID, firstName: 'Tanvir', lastName: 'Hossain', email: 'tanvir@example.com' },
    caseId: null,
    caseTitle: null,
    category: 'NO_RESPONSE',
    description: 'No answer to my messages for three weeks.',
    status: 'OPEN',
    response: null,
    createdAt: '2025-03-03T10:00:00+06:00',
    updatedAt: '2025-03-03T10:00:00+06:00',
    resolvedAt: null,
    ...overrides,
  };
}
