import { z } from 'zod';
import { defineCommand, type CommandContext } from '@core/client/plugin/contract';
import { domainKind } from '@core/client/selection/kinds';
import { apiKey, filtersKey, notificationsKey, selectionKey } from '@core/client/services/keys';
import { filterToDomain } from './filterToDomain';
import { lookUpAndRefresh } from './lookup';

const CATEGORY = 'URLs';
/** A domain is selected (a row of the shared domains table) or its popup is open. */
const WHEN_DOMAIN = "conversationId && (selectionKind == 'domain' || popupKind == 'domain')";
const domainArgs = z.object({ domain: z.string().min(1).optional() }).default({});

/** The domain the command is about: its argument, else the open domain popup's, else the selected one. */
function domainOf(ctx: CommandContext, domain: string | undefined): string | null {
  const selection = ctx.services.get(selectionKey);
  return domain ?? selection.popup(domainKind)?.domain ?? selection.selected(domainKind)?.domain ?? null;
}

export const openDomainCommand = defineCommand({
  id: 'urls.openDomain',
  title: 'Open domain',
  category: CATEGORY,
  keywords: ['domain popup', 'registration', 'timeline', 'website', 'fqdn'],
  when: WHEN_DOMAIN,
  args: domainArgs,
  run: (ctx, { domain }) => {
    const fqdn = domainOf(ctx, domain);
    if (fqdn) ctx.services.get(selectionKey).openPopup(domainKind, { domain: fqdn });
  },
});

export const lookUpRegistrationCommand = defineCommand({
  id: 'urls.lookUpRegistration',
  title: 'Look up domain registration',
  category: CATEGORY,
  keywords: ['rdap', 'whois', 'registrar', 'registrant'],
  when: WHEN_DOMAIN,
  args: domainArgs,
  run: async (ctx, { domain }) => {
    const fqdn = domainOf(ctx, domain);
    if (!fqdn) return;
    const outcome = await lookUpAndRefresh(fqdn, ctx.services.get(apiKey).queryClient);
    // The server's reason is the message (409: lookups are off for the organisation), not a generic failure.
    if (ctx.services.has(notificationsKey)) ctx.services.get(notificationsKey).notify(outcome.message, outcome.ok ? 'success' : 'error');
  },
});

export const filterToDomainCommand = defineCommand({
  id: 'urls.filterToDomain',
  title: 'Filter to domain',
  category: CATEGORY,
  keywords: ['posts linking', 'narrow', 'website'],
  when: WHEN_DOMAIN,
  args: domainArgs,
  run: (ctx, { domain }) => {
    const fqdn = domainOf(ctx, domain);
    if (fqdn) filterToDomain(ctx.services.get(filtersKey), fqdn);
  },
});

export const urlsCommands = [openDomainCommand, lookUpRegistrationCommand, filterToDomainCommand];
