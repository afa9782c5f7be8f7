import type { QueryClient } from '@tanstack/react-query';
import { lookUpRegistration, lookupErrorMessage } from './api';

/**
 * Looks a domain's registration up now and refreshes what shows it (popups, the shared domains table); answers the
 * sentence to tell the user: the outcome, or the server's reason (409: "Registration lookups are off for this
 * organization"). Used by the domain popup's button and the palette command.
 */
export async function lookUpAndRefresh(domain: string, queryClient: QueryClient): Promise<{ ok: boolean; message: string }> {
  try {
    const answer = await lookUpRegistration(domain);
    await queryClient.invalidateQueries({ queryKey: ['urls'] });
    return { ok: true, message: answer.status === 'found' ? `Registration of ${domain} looked up` : `The registry has no record of ${domain}` };
  } catch (error) {
    return { ok: false, message: lookupErrorMessage(error) };
  }
}
