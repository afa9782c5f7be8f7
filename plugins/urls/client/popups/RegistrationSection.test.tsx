import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInWorkbench } from '@core/client/testing/workbench';
import type { Registration } from '../../shared/api';
import { popupSections } from './sections';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const registration = (name: string, at: string): Registration => ({
  name, telephone: null, registrar: 'Gandi SAS', contact_email: null, reg_created_at: '2024-12-28T00:00:00.000Z', reg_expires_at: null,
  reg_updated_at: at, looked_up_at: at,
});
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((r) => r.textContent);

/** The section other plugins' URL and domain popups show (urls.popupSections), against a stubbed domain-details answer. */
function render(answer: { status: number; data: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ data: answer.data, metadata: { errors: answer.status === 200 ? [] : ['x'], info: null, msg: null, pagination_info: null } }),
      { status: answer.status, headers: { 'content-type': 'application/json' } });
  }));
  renderInWorkbench(<popupSections.Registration conversationId="c1" domainOrUrl="https://news.example.com/story?x=1" />);
  return calls;
}

describe('the registration section of the URL and domain popups', () => {
  it("asks domain-details (with history) for the link's host and shows Current and Past Registration, missing values Unavailable", async () => {
    const newest = registration('Privacy Protect, LLC', '2025-01-06T00:00:00.000Z');
    const calls = render({ status: 200, data: { registration: newest, history: [newest, registration('Alex Morgan', '2025-01-01T00:00:00.000Z')] } });
    const current = await screen.findByRole('table', { name: 'Current Registration' });
    expect(rowsOf(current)).toEqual(['Creation2024-12-28', 'ExpirationUnavailable', 'Last Updated2025-01-06', 'RegistrarGandi SAS', 'Registrar EmailUnavailable']);
    expect(rowsOf(screen.getByRole('table', { name: 'Past Registration' }))).toEqual([
      'DateNamesPhonesRegistrarsEmails', '2025-01-06Privacy Protect, LLCUnavailableGandi SASUnavailable', '2025-01-01Alex MorganUnavailableGandi SASUnavailable',
    ]);
    const call = new URL(calls[0]!, 'http://localhost');
    expect(call.pathname).toBe('/api/v2/analysis/domain-details/news.example.com');
    expect(call.searchParams.get('history')).toBe('true');
    expect(call.searchParams.get('conversation_id')).toBe('c1');
  });

  it('a domain nobody registered in our data: every value Unavailable; a failed call says so', async () => {
    render({ status: 500, data: null });
    expect((await screen.findByRole('alert')).textContent).toBe('The registration could not be loaded.');
    expect(rowsOf(screen.getByRole('table', { name: 'Past Registration' }))).toEqual(['DateNamesPhonesRegistrarsEmails', 'Unavailable']);
  });
});
