import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** Renders a panel or component with the providers the workbench gives it (theme, data cache). */
export function renderWithProviders(ui: ReactElement, opts: { queryClient?: QueryClient } = {}) {
  const queryClient = opts.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </FluentProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
