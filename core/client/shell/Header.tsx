import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  Avatar, Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemLink, MenuItemRadio, MenuList,
  MenuPopover, MenuTrigger, Tooltip, makeStyles, tokens,
} from '@fluentui/react-components';
import { Settings24Regular, Search20Regular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useSelector } from '@xstate/react';
import { apiGet } from '../api/client';
import { useSessionActor } from '../session/SessionContext';
import { settledSession, signOut } from '../session/sessionActor';
import { FeedbackDialog } from './FeedbackDialog';

const useStyles = makeStyles({
  header: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, height: '48px', padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexShrink: 0,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground1, textDecoration: 'none' },
  spacer: { flex: 1 },
});

const organizationListSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** Organisations sorted by name for the switcher (spec part 1 §6). */
export function sortOrganizations<T extends { name: string }>(orgs: readonly T[]): T[] {
  return [...orgs].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/**
 * Header of spec part 1 §2: product name to /, App Settings, user menu (organisation switcher, feedback, sign out).
 * `actions`: the plugins' `headerActions` slot (e.g. the alert notification bell), before the palette button.
 */
export function Header({ onOpenPalette, actions = null }: { onOpenPalette: () => void; actions?: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const current = useSelector(session, (s) => s.context.current);
  const user = current?.user;
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const organizations = useQuery({
    queryKey: ['core', 'organizations'],
    enabled: !!user?.is_global_admin,
    queryFn: () => apiGet('/api/v2/organization', { schema: organizationListSchema }),
  });
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const orgs = sortOrganizations(organizations.data ?? []);

  // Switching refreshes the session with organization_id, forgets the other organisation's data and lands on /.
  const switchTo = async (organizationId: string) => {
    session.send({ type: 'SWITCH_ORGANIZATION', organizationId });
    await settledSession(session);
    queryClient.clear();
    await navigate({ to: '/' });
  };

  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>Narrascope</Link>
      <div className={styles.spacer} />
      {actions}
      {/* A description, not the label: the accessible name must contain the visible text (WCAG 2.5.3). */}
      <Tooltip content="Command palette (Ctrl+K)" relationship="description" showDelay={250}>
        <Button appearance="subtle" icon={<Search20Regular />} onClick={onOpenPalette}>Commands</Button>
      </Tooltip>
      <Tooltip content="App Settings" relationship="label" showDelay={250}>
        <Button appearance="subtle" icon={<Settings24Regular />} aria-label="App Settings"
          onClick={() => void navigate({ to: '/myOrganization/{-$page}', params: { page: 'settings' } })} />
      </Tooltip>
      {/* Beside the button, not in it: its initials would be visible text missing from the button's name. */}
      <Avatar name={name} size={28} aria-hidden />
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" aria-label={`User menu: ${name}`}>{name}</Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList
            checkedValues={{ organization: user ? [user.organization_id] : [] }}
            onCheckedValueChange={(_, d) => {
              const id = d.checkedItems[0];
              if (id && id !== user?.organization_id) void switchTo(id);
            }}
          >
            {user?.is_global_admin && orgs.length > 0 && (
              <MenuGroup>
                <MenuGroupHeader>Organization</MenuGroupHeader>
                {orgs.map((o) => <MenuItemRadio key={o.id} name="organization" value={o.id}>{o.name}</MenuItemRadio>)}
                <MenuDivider />
              </MenuGroup>
            )}
            {current?.feedback_url
              ? <MenuItemLink href={current.feedback_url} target="_blank" rel="noreferrer">Submit feedback</MenuItemLink>
              : <MenuItem onClick={() => setFeedbackOpen(true)}>Submit feedback</MenuItem>}
            <MenuItem onClick={() => void signOut(session)}>Sign out</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </header>
  );
}
