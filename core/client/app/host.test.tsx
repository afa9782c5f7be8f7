import { describe, expect, it } from 'vitest';
import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { serviceKey } from '@core/shared/services/registry';
import { defineClientPlugin } from '../plugin/contract';
import { createWorkbenchHost } from './host';

const page = (name: string) => async () => ({ default: (() => <span>{name}</span>) as ComponentType });
const manifest = (id: string) => ({ id, title: id, version: 1, description: id, apiPrefixes: [] });

describe('workbench host: /myOrganization pages from plugins', () => {
  it('collects each plugin\'s pages, the first plugin in index order winning a page', async () => {
    const host = createWorkbenchHost([
      defineClientPlugin({ manifest: manifest('first'), organizationPages: { datasources: page('first-datasources') } }),
      defineClientPlugin({ manifest: manifest('second'), organizationPages: { datasources: page('second-datasources'), queryAudit: page('audit') } }),
    ]);
    expect(Object.keys(host.organizationPages).sort()).toEqual(['datasources', 'queryAudit']);
    const First = host.organizationPages.datasources!;
    const Audit = host.organizationPages.queryAudit!;
    render(<Suspense fallback="loading"><First /><Audit /></Suspense>);
    expect(await screen.findByText('first-datasources')).toBeTruthy();
    expect(screen.getByText('audit')).toBeTruthy();
    expect(screen.queryByText('second-datasources')).toBeNull();
  });
});

describe('workbench host: plugin services', () => {
  const feed = serviceKey<string>('feeder.feed');

  it('activates providers first, scopes each plugin to its declarations, and disposes in reverse', () => {
    const events: string[] = [];
    const host = createWorkbenchHost([
      defineClientPlugin({
        manifest: manifest('reader'),
        services: { requires: [feed] },
        activate: (services) => {
          events.push(`reader got ${services.get(feed)}`);
          return [() => events.push('dispose reader')];
        },
      }),
      defineClientPlugin({
        manifest: manifest('feeder'),
        services: { provides: [feed] },
        activate: (services) => [services.provide(feed, 'news'), () => events.push('dispose feeder')],
      }),
    ]);
    expect(events).toEqual(['reader got news']);
    host.dispose();
    expect(events).toEqual(['reader got news', 'dispose reader', 'dispose feeder']);
    expect(host.services.has(feed)).toBe(false);
  });

  it('throws in tests when activate reaches a service its plugin did not declare', () => {
    expect(() => createWorkbenchHost([
      defineClientPlugin({ manifest: manifest('feeder'), services: { provides: [feed] }, activate: (s) => [s.provide(feed, 'news')] }),
      defineClientPlugin({ manifest: manifest('sneaky'), activate: (s) => void s.get(feed) }),
    ])).toThrow(new Error(
      "plugin 'sneaky' uses service 'feeder.feed' without declaring it: add it to services.requires or services.optional of its plugin definition",
    ));
  });

  it('refuses to start when a required service has no provider', () => {
    expect(() => createWorkbenchHost([defineClientPlugin({ manifest: manifest('needy'), services: { requires: [feed] } })])).toThrow(
      /^Plugin contract problems:\n- plugin 'needy' requires service 'feeder.feed', which neither core nor any plugin provides \(core provides: core\.api, /,
    );
  });
});
