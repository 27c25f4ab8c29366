import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { complaintItem, feedbackItem, LAWYER_USER_ID, pageMeta } from '../../app/testing-lawyers';
import { AdminComplaintsPage } from './admin-complaints-page';
import { AdminFeedbackPage } from './admin-feedback-page';
import { ComplaintForm } from './complaint-form';
import { FeedbackPanel } from './feedback-panel';

afterEach(() => vi.unstubAllGlobals());

describe('FeedbackPanel', () => {
  it('sends feedback with the page it is about, and lists my feedback with answers', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) => {
      if (call.method === 'POST') return envelope(201, { data: feedbackItem() });
      return envelope(200, {
        data: { feedback: [feedbackItem({ status: 'RESOLVED', response: 'Fixed in the new version. Thank you!' })] },
        metadata: pageMeta(0, 5, 1),
      });
    });
    renderScreen('/profile', <FeedbackPanel showMine />);
    expect(await screen.findByText('Fixed in the new version. Thank you!')).toBeTruthy();
    expect(screen.getByText('Resolved')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'IDEA' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Message must be between 5 and 2000 characters')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Please add a dark map.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/feedback',
      body: { category: 'IDEA', message: 'Please add a dark map.', pagePath: '/profile' },
    });
    expect(await screen.findByText('Thank you. Your feedback was sent to the LegalConnect team.')).toBeTruthy();
  });

  it('speaks Bangla', async () => {
    signInForTest('LAWYER');
    fakeServer(() => envelope(200, { data: { feedback: [] }, metadata: pageMeta(0, 5, 0) }));
    renderScreen('/dashboard/lawyer', <FeedbackPanel showMine />, { lang: 'bn' });
    expect(await screen.findByText('আপনি এখনও কোনো মতামত পাঠাননি।')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'মতামত পাঠান' })).toBeTruthy();
  });
});

describe('ComplaintForm', () => {
  it('asks what happened, then files the complaint about this lawyer', async () => {
    signInForTest('USER');
    const calls = fakeServer(() => envelope(201, { data: complaintItem() }));
    renderScreen('/lawyers/x/details', <ComplaintForm lawyer={{ id: LAWYER_USER_ID, name: 'Tanvir Hossain' }} />);
    expect(screen.getByText(/If Tanvir Hossain does not answer/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    fireEvent.change(screen.getByLabelText('Describe the problem'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose what happened')).toBeTruthy();
    expect(screen.getByText('Description must be between 10 and 2000 characters')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'NO_RESPONSE' } });
    fireEvent.change(screen.getByLabelText('Describe the problem'), {
      target: { value: 'No answer to my messages for three weeks.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/complaints',
      body: {
        lawyerId: LAWYER_USER_ID,
        category: 'NO_RESPONSE',
        description: 'No answer to my messages for three weeks.',
      },
    });
    expect(await screen.findByText('Your complaint was filed. The LegalConnect team will review it.')).toBeTruthy();
  });
});

describe('admin inboxes', () => {
  it('lists complaints by status from the address, and answers one', async () => {
    signInForTest('ADMIN');
    const calls = fakeServer((call) => {
      if (call.method === 'PUT') {
        return envelope(200, { data: complaintItem({ status: 'RESOLVED', response: 'We spoke to the lawyer.' }) });
      }
      return envelope(200, { data: { complaints: [complaintItem()] }, metadata: pageMeta(0, 10, 1) });
    });
    renderScreen('/admin/complaints?status=OPEN', <AdminComplaintsPage />);
    expect(await screen.findByText('No answer to my messages for three weeks.')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/v1/complaints', query: { status: 'OPEN', page: '0', size: '10' } });
    expect(screen.getByRole('tab', { name: 'Open' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Answer: Ayesha Rahman — Tanvir Hossain' }));
    const form = screen.getByRole('form', { name: 'Answer: Ayesha Rahman — Tanvir Hossain' });
    fireEvent.change(within(form).getByLabelText('Answer to the sender'), {
      target: { value: 'We spoke to the lawyer.' },
    });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'RESOLVED' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/v1/complaints/${complaintItem().id}`,
      body: { status: 'RESOLVED', response: 'We spoke to the lawyer.' },
    });
    expect(await screen.findByText('Saved. The sender is told.')).toBeTruthy();
  });

  it('shows an empty feedback list and is for admins only', async () => {
    signInForTest('ADMIN');
    fakeServer(() => envelope(200, { data: { feedback: [] }, metadata: pageMeta(0, 10, 0) }));
    renderScreen('/admin/feedback', <AdminFeedbackPage />);
    expect(await screen.findByText('No feedback here.')).toBeTruthy();
  });

  it('tells a client the inbox is for administrators', () => {
    signInForTest('USER');
    const calls = fakeServer(() => envelope(200, { data: { feedback: [] } }));
    renderScreen('/admin/feedback', <AdminFeedbackPage />);
    expect(screen.getByRole('alert').textContent).toBe('This page is for administrators.');
    expect(calls).toHaveLength(0);
  });
});
