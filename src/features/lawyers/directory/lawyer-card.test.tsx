import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { searchResult } from '../../../app/testing-lawyers';
import { LanguageProvider, type Lang } from '../../../lib/i18n';
import { LawyerCard } from './lawyer-card';

function renderCard(lang: Lang, overrides: Parameters<typeof searchResult>[0] = {}) {
  const router = createMemoryRouter([{ path: '/', element: <LawyerCard lawyer={searchResult(overrides)} /> }]);
  return render(
    <LanguageProvider initial={lang}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

describe('LawyerCard', () => {
  it('shows who, where, what, how experienced, how rated and what an hour costs', () => {
    const { container } = renderCard('en');
    expect(screen.getByRole('heading', { name: 'Tanvir Hossain' })).toBeTruthy();
    expect(screen.getByText('Hossain Law Chamber')).toBeTruthy();
    expect(screen.getByText('Family Law')).toBeTruthy();
    expect(screen.getByText('Property Law')).toBeTruthy();
    expect(screen.getByText('Gazipur, Dhaka')).toBeTruthy();
    expect(screen.getByText('District Court')).toBeTruthy();
    expect(screen.getByText('12 years')).toBeTruthy();
    expect(screen.getByText('Rated 4.5 out of 5, 12 reviews')).toBeTruthy();
    expect(screen.getByText('৳1,500 / hour')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View profile of Tanvir Hossain' });
    expect(link.getAttribute('href')).toBe('/lawyers/tanvir%40example.com/details');
    expect(container.textContent).toContain('View profile');
  });

  it('speaks Bangla with Bengali digits and the taka sign', () => {
    renderCard('bn', { hourlyCharge: 12500, yearsOfExperience: 7, reviewCount: 3, averageRating: 4 });
    expect(screen.getByText('৳১২,৫০০ / ঘণ্টা')).toBeTruthy();
    expect(screen.getByText('৭ বছর')).toBeTruthy();
    expect(screen.getByText('গাজীপুর, ঢাকা')).toBeTruthy();
    expect(screen.getByText('পারিবারিক আইন')).toBeTruthy();
    expect(screen.getByText('জেলা জজ আদালত')).toBeTruthy();
    expect(screen.getByText('৫-এর মধ্যে ৪.০ রেটিং, ৩টি রিভিউ')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tanvir Hossain-এর প্রোফাইল দেখুন' })).toBeTruthy();
  });

  it('says when there are no reviews or no charge yet, and counts hidden specializations', () => {
    renderCard('en', {
      averageRating: null,
      reviewCount: 0,
      hourlyCharge: null,
      specializations: ['FAMILY_LAW', 'PROPERTY_LAW', 'CIVIL_LAW', 'TAX_LAW', 'CYBER_LAW'],
    });
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.getByText('+2 more')).toBeTruthy();
  });
});
