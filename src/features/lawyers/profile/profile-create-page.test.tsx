import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../../app/testing';
import { lawyerInfo } from '../../../app/testing-lawyers';
import { ProfileCreatePage } from './profile-create-page';

afterEach(() => vi.unstubAllGlobals());

const NO_PROFILE = lawyerInfo({
  lawyerId: null,
  firm: null,
  yearsOfExperience: null,
  barCertificateNumber: null,
  barAssociation: null,
  practicingCourt: null,
  division: null,
  district: null,
  bio: null,
  languages: [],
  specializations: [],
  hourlyCharge: null,
  verificationStatus: null,
  verifiedAt: null,
  hasCredentials: false,
});
const CREATED = lawyerInfo({ verificationStatus: 'PENDING', verifiedAt: null, hasCredentials: false });

/** XMLHttpRequest stand-in for the certificate upload: reports progress, answers `status`. */
function fakeUpload(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push(form);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function fillProfile() {
  fireEvent.change(screen.getByLabelText('Firm or chamber'), { target: { value: 'Hossain Law Chamber' } });
  fireEvent.change(screen.getByLabelText('Years of experience'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('Bar certificate (enrolment) number'), {
    target: { value: 'DBA-2011-0457' },
  });
  fireEvent.change(screen.getByLabelText('Practising court'), { target: { value: 'DISTRICT_COURT' } });
  fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'DHAKA' } });
  fireEvent.change(screen.getByLabelText('District'), { target: { value: 'GAZIPUR' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Family Law' }));
}

describe('ProfileCreatePage', () => {
  it('creates the profile, then takes the certificate with progress, then says what happens next', async () => {
    signInForTest('LAWYER');
    let profile = NO_PROFILE;
    const calls = fakeServer((call) => {
      if (call.method === 'POST') {
        profile = CREATED;
        return envelope(201, { data: CREATED });
      }
      return envelope(200, { data: profile });
    });
    renderScreen('/lawyer/profile/create', <ProfileCreatePage />);
    await screen.findByRole('heading', { name: 'Step 1 of 2: practice details' });
    await fillProfile();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/lawyer/profile',
      body: {
        firm: 'Hossain Law Chamber',
        yearsOfExperience: 12,
        barCertificateNumber: 'DBA-2011-0457',
        practicingCourt: 'DISTRICT_COURT',
        division: 'DHAKA',
        district: 'GAZIPUR',
        specializations: ['FAMILY_LAW'],
        languages: ['BN'],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Step 2 of 2: bar certificate' })).toBeTruthy();
    expect(screen.getByText('Your profile is created. Now upload your bar certificate.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending verification' })).toBeTruthy();

    const input = screen.getByLabelText('Choose a file');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 10)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText('This file is 5.1 MB; the limit is 5 MB. Try a smaller scan or a photo.')).toBeTruthy();
    const word = new File(['x'], 'cv.docx', { type: 'application/msword' });
    fireEvent.change(input, { target: { files: [word] } });
    expect(screen.getByText('This file type is not accepted. Choose a PDF, JPEG or PNG file.')).toBeTruthy();

    const sent = fakeUpload(200, { version: 'v1', status: 200, data: { fileName: 'x.pdf' } });
    const pdf = new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    profile = { ...CREATED, hasCredentials: true };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload certificate' }));
    });
    expect(sent[0]?.get('file')).toBe(pdf);
    expect(
      await screen.findByRole('heading', {
        name: 'Thank you. Your profile and certificate are with our team for verification.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your profile' }).getAttribute('href')).toBe('/profile');
  });

  it('shows what is missing before sending anything', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer(() => envelope(200, { data: NO_PROFILE }));
    renderScreen('/lawyer/profile/create', <ProfileCreatePage />);
    await screen.findByRole('button', { name: 'Create profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Choose at least one specialization')).toBeTruthy();
    expect(screen.getByText('Choose the court you practise in')).toBeTruthy();
    expect(screen.getByText('Years of experience is required')).toBeTruthy();
    expect((screen.getByLabelText('District') as HTMLSelectElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's answer, in Bangla for Bangla readers", async () => {
    signInForTest('LAWYER');
    fakeServer((call) =>
      call.method === 'POST'
        ? envelope(409, { error: { message: 'A lawyer with this bar certificate number already exists' } })
        : envelope(200, { data: NO_PROFILE }),
    );
    renderScreen('/lawyer/profile/create', <ProfileCreatePage />, { lang: 'bn' });
    await screen.findByRole('button', { name: 'প্রোফাইল তৈরি করুন' });
    fireEvent.change(screen.getByLabelText('ফার্ম বা চেম্বার'), { target: { value: 'Hossain Law Chamber' } });
    fireEvent.change(screen.getByLabelText('অভিজ্ঞতা (বছর)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('বার সনদ (এনরোলমেন্ট) নম্বর'), { target: { value: 'DBA-2011-0457' } });
    fireEvent.change(screen.getByLabelText('যে আদালতে প্র্যাকটিস করেন'), { target: { value: 'DISTRICT_COURT' } });
    fireEvent.change(screen.getByLabelText('বিভাগ'), { target: { value: 'SYLHET' } });
    fireEvent.change(screen.getByLabelText('জেলা'), { target: { value: 'SYLHET' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'পারিবারিক আইন' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'প্রোফাইল তৈরি করুন' }));
    });
    expect(await screen.findByText('এই বার সনদ নম্বরে আগেই একজন আইনজীবী নিবন্ধিত আছেন')).toBeTruthy();
  });

  it('clears the district when the division changes to one without it', async () => {
    signInForTest('LAWYER');
    fakeServer(() => envelope(200, { data: NO_PROFILE }));
    renderScreen('/lawyer/profile/create', <ProfileCreatePage />);
    await screen.findByRole('button', { name: 'Create profile' });
    fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'SYLHET' } });
    const district = screen.getByLabelText('District') as HTMLSelectElement;
    expect([...district.options].map((o) => o.value)).toEqual(['', 'HABIGANJ', 'MOULVIBAZAR', 'SUNAMGANJ', 'SYLHET']);
    fireEvent.change(district, { target: { value: 'SUNAMGANJ' } });
    fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'DHAKA' } });
    expect((screen.getByLabelText('District') as HTMLSelectElement).value).toBe('');
  });

  it('is for lawyers only', () => {
    signInForTest('USER');
    const calls = fakeServer(() => envelope(200, { data: NO_PROFILE }));
    renderScreen('/lawyer/profile/create', <ProfileCreatePage />);
    expect(screen.getByRole('alert').textContent).toBe('This page is for lawyers.');
    expect(calls).toHaveLength(0);
  });
});
