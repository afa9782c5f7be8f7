import { Suspense } from 'react';
import { Body1, Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '../app/hostContext';

const useStyles = makeStyles({ root: { padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/** The welcome text of spec part 1 §2, shown when there is nothing else (plugins filling the slot reuse it). */
export function DashboardWelcome() {
  const styles = useStyles();
  return (
    <section className={styles.root} data-testid="dashboard-home">
      <Title3 as="h2">Welcome to Narrascope</Title3>
      <Body1>Select or create a project from the project list to get started.</Body1>
      <Body1>Press Ctrl+K (⌘K on a Mac) at any time to open the command palette.</Body1>
    </section>
  );
}

/**
 * Dashboard home with no conversation chosen (spec part 1 §2): the `dashboardHome` slot (the conversations plugin's
 * loading indicator, Platform Intelligence cards or welcome text) when a plugin fills it, else the welcome text.
 */
export default function DashboardHome() {
  const { slots } = useWorkbench();
  const Home = slots.dashboardHome;
  if (!Home) return <DashboardWelcome />;
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Home />
    </Suspense>
  );
}
