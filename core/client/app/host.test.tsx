import { describe, expect, it } from 'vitest';
import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
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
