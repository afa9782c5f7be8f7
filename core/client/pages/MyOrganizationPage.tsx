import { Suspense, lazy } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { Body1, Radio, RadioGroup, Spinner, Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { KeybindingsEditor } from '../commands';
import { useWorkbench } from '../app/hostContext';
import { useTheme } from '../app/theme';
import { MY_ORGANIZATION_PAGES, type MyOrganizationPage as PageId } from '../app/routes';
import { accessApi } from '../session/accessApi';
import { ApiKeysSection, MfaSection, PasswordSection, PreferencesSection } from './account/SettingsSections';

// The access management pages are core's own (they manage core tables); the other pages come from plugins.
const CORE_PAGES: Partial<Record<PageId, ReturnType<typeof lazy>>> = {
  userManagement: lazy(() => import('./admin/UserManagementPage')),
  organizations: lazy(() => import('./admin/OrganizationsPage')),
  eventAudit: lazy(() => import('./admin/EventAuditPage')),
  systemStatus: lazy(() => import('./admin/SystemStatusPage')),
};

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: 0 },
  nav: { width: '220px', flexShrink: 0, borderRight: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalM,
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  active: { fontWeight: tokens.fontWeightSemibold },
  content: { flex: 1, overflow: 'auto', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

const LABELS: Record<PageId, string> = {
  settings: 'Settings', datasources: 'Data sources', insights: 'Insights', organizations: 'Organizations',
  userManagement: 'User management', systemStatus: 'System status', queryAudit: 'Query audit', eventAudit: 'Event audit',
  alertAudit: 'Alert audit',
};

function SettingsPage() {
  const { theme, setTheme } = useTheme();
  const { commands } = useWorkbench();
  return (
    <>
      <Title2 as="h1">Settings</Title2>
      <section aria-labelledby="theme-heading">
        <Title3 as="h2" id="theme-heading">Theme</Title3>
        <RadioGroup value={theme} layout="horizontal" onChange={(_, d) => {
          const next = d.value === 'dark' ? 'dark' : 'light';
          setTheme(next);
          // Also kept as the account's preference (spec part 1 §3) so it follows the user to other browsers.
          void accessApi.saveMyPreference({ theme: next }).catch(() => undefined);
        }}>
          <Radio value="light" label="Light" />
          <Radio value="dark" label="Dark" />
        </RadioGroup>
      </section>
      <PreferencesSection />
      <MfaSection />
      <ApiKeysSection />
      <PasswordSection />
      <section aria-labelledby="keys-heading">
        <Title3 as="h2" id="keys-heading">Keyboard shortcuts</Title3>
        <KeybindingsEditor registry={commands} />
      </section>
    </>
  );
}

/** /myOrganization and its children (spec part 1 §2). Management pages are contributed by the access and admin issues. */
export default function MyOrganizationPage() {
  const styles = useStyles();
  const { slots, organizationPages } = useWorkbench();
  const { page } = useParams({ strict: false }) as { page?: string };
  const current = (MY_ORGANIZATION_PAGES as readonly string[]).includes(page ?? '') ? (page as PageId) : 'settings';
  const Pages = slots.organizationPages;
  const CorePage = CORE_PAGES[current] ?? organizationPages[current];
  return (
    <div className={styles.root}>
      <nav className={styles.nav} aria-label="Organization">
        {MY_ORGANIZATION_PAGES.map((p) => (
          <Link key={p} to="/myOrganization/{-$page}" params={{ page: p }} className={p === current ? styles.active : undefined}>
            {LABELS[p]}
          </Link>
        ))}
      </nav>
      {/* It scrolls, so it takes focus: keyboard users scroll it with the arrow keys (axe scrollable-region-focusable). */}
      <div className={styles.content} tabIndex={0}>
        {current === 'settings' ? <SettingsPage /> : CorePage ? (
          <Suspense fallback={<Spinner />}><CorePage /></Suspense>
        ) : Pages ? (
          <Suspense fallback={<Spinner />}><Pages /></Suspense>
        ) : (
          <>
            <Title2 as="h1">{LABELS[current]}</Title2>
            <Body1>This management page is not available in this installation yet.</Body1>
          </>
        )}
      </div>
    </div>
  );
}
