import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  Body1, Button, Caption1, Input, Link, MessageBar, MessageBarBody, Spinner, Subtitle2, Tooltip, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import {
  Add20Regular, ArrowLeft20Regular, PanelLeftContract20Regular, PanelLeftExpand20Regular, Search20Regular,
} from '@fluentui/react-icons';
import { useWorkbench } from '@core/client/app/hostContext';
import { useNotify } from '@core/client/app/notifications';
import type { Conversation, Project } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { canSeeRerun, filterByName, rerunDisabledReason, sortByCreated } from '../../shared/rules';
import {
  useConversationMutations, useConversations, useOrganization, useProjectMutations, useProjects,
} from '../api';
import { ConversationDialog } from '../dialogs/ConversationDialog';
import { DeleteConversationDialog, ProjectDialog, RemoveProjectDialog } from '../dialogs/ProjectDialogs';
import { QuickPick } from '../dialogs/QuickPick';
import { conversationPath, projectPath, useRouteSelection, useSessionInfo } from '../hooks';
import { selectConversation, selectRerunInFlight } from '../lifecycleMachine';
import { lifecyclesKey } from '../lifecycleRegistry';
import { conversationsUiKey } from '../uiService';
import { ConversationItem, ProjectRow } from './items';

/** Local-storage key of the collapsed state: the product name plus picker:collapsed (spec part 1 section 2). */
export const COLLAPSED_KEY = 'narrascope:picker:collapsed';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', width: '300px', boxSizing: 'border-box', padding: tokens.spacingHorizontalS, gap: tokens.spacingVerticalS },
  collapsed: { width: '64px', alignItems: 'center' },
  org: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  barCollapsed: { flexDirection: 'column' },
  title: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  list: { margin: 0, padding: 0, overflowY: 'auto', flex: 1, display: 'flex', flexDirection: 'column', gap: '2px' },
  empty: { padding: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
});

type DialogState =
  | { kind: 'addProject' }
  | { kind: 'editProject'; project: Project }
  | { kind: 'removeProject'; project: Project }
  | { kind: 'createConversation'; projectId: string | null }
  | { kind: 'editConversation'; conversation: Conversation }
  | { kind: 'deleteConversation'; conversation: Conversation }
  | { kind: 'quick'; which: 'project' | 'conversation' };

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The picker side panel (spec part 1 section 2), filling the shell's `picker` slot. Without an organisation it
 * fails with 'not logged in'; changing organisation resets it (it is keyed by the organisation).
 */
export default function Picker() {
  const session = useSessionInfo();
  if (!session?.organizationId) return <MessageBar intent="error"><MessageBarBody>{MESSAGES.notLoggedIn}</MessageBarBody></MessageBar>;
  return <OrganizationPicker key={session.organizationId} org={session.organizationId} />;
}

function OrganizationPicker({ org }: { org: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { services } = useWorkbench();
  const session = useSessionInfo();
  const route = useRouteSelection();
  const [view, setView] = useState<'projects' | 'conversations'>(route.projectName ? 'conversations' : 'projects');
  const [selectedName, setSelectedName] = useState<string | null>(route.projectName);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  // The route decides: a project in it shows its conversations; without one the picker falls back to the projects.
  useEffect(() => {
    setSelectedName(route.projectName);
    setView(route.projectName ? 'conversations' : 'projects');
    setSearch('');
  }, [route.projectName]);

  const organization = useOrganization(org);
  const projects = useProjects(org);
  const projectList = useMemo(() => projects.data ?? [], [projects.data]);
  const project = projectList.find((p) => p.name === selectedName) ?? null;
  const conversations = useConversations(org, project?.id ?? null, view === 'conversations' && !!project);
  const everything = useConversations(org, null, dialog?.kind === 'quick' && dialog.which === 'conversation');
  const projectMutations = useProjectMutations(org);
  const conversationMutations = useConversationMutations(org);

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch (error) {
      // Local-storage write failure shows its message (spec part 1 section 8).
      notify((error as Error).message, 'error');
    }
  };

  const chooseProject = (p: Project) => {
    setSearch('');
    void navigate({ href: projectPath(p.name) });
  };
  const openConversation = (c: Conversation) => {
    const owner = projectList.find((p) => p.id === c.project_id);
    void navigate({ href: conversationPath(owner?.name ?? null, c.id) });
  };

  // The palette's commands reach this UI through a service while the picker is mounted.
  const latest = useRef({ project, session });
  latest.current = { project, session };
  useEffect(() => services.provide(conversationsUiKey, {
    openCreateConversation: (projectName) => {
      const byName = projectList.find((p) => p.name === projectName) ?? latest.current.project;
      setDialog({ kind: 'createConversation', projectId: byName?.id ?? null });
    },
    openQuickPick: (which) => setDialog({ kind: 'quick', which }),
    rerunState: (id) => {
      const actor = services.get(lifecyclesKey).peek(id);
      if (!actor) return 'The conversation is still loading';
      const snapshot = actor.getSnapshot();
      const c = selectConversation(snapshot);
      if (!canSeeRerun(c, latest.current.session)) return 'This conversation cannot be re-run by you';
      return rerunDisabledReason(c.status, selectRerunInFlight(snapshot)) ?? true;
    },
    rerun: (id) => services.get(lifecyclesKey).peek(id)?.send({ type: 'RERUN' }),
  }), [services, projectList]);

  const inConversations = view === 'conversations';
  const visibleProjects = filterByName(projectList, search);
  const visibleConversations = sortByCreated(filterByName(conversations.data ?? [], search));
  const mayRerun = (c: Conversation) => canSeeRerun(c, session);

  return (
    <nav className={mergeClasses(styles.root, collapsed && styles.collapsed)} aria-label="Projects and conversations" data-testid="picker">
      {!collapsed && (
        <Caption1 className={styles.org} data-testid="picker-organization">{organization.data?.name ?? ''}</Caption1>
      )}
      {!collapsed && organization.data?.topic_radar_enabled && <Link href="/" onClick={(e) => { e.preventDefault(); void navigate({ href: '/' }); }}>Topic Radar</Link>}
      <div className={mergeClasses(styles.bar, collapsed && styles.barCollapsed)}>
        {inConversations && (
          <Tooltip content="Back to projects" relationship="label" showDelay={250}>
            <Button appearance="subtle" icon={<ArrowLeft20Regular />} aria-label="Back" onClick={() => { setView('projects'); setSearch(''); }} />
          </Tooltip>
        )}
        {!collapsed && (
          <div className={styles.title}>
            <Subtitle2 as="h2">{inConversations ? 'Conversations' : 'My Projects'}</Subtitle2>
            {inConversations && selectedName && <Caption1>in {selectedName}</Caption1>}
          </div>
        )}
        <Tooltip content={inConversations ? 'Create conversation' : 'Add project'} relationship="label" showDelay={250}>
          <Button appearance="subtle" icon={<Add20Regular />} aria-label={inConversations ? 'Create conversation' : 'Add project'}
            onClick={() => setDialog(inConversations ? { kind: 'createConversation', projectId: project?.id ?? null } : { kind: 'addProject' })} />
        </Tooltip>
        <Tooltip content={collapsed ? 'Expand' : 'Collapse'} relationship="label" showDelay={250}>
          <Button appearance="subtle" icon={collapsed ? <PanelLeftExpand20Regular /> : <PanelLeftContract20Regular />}
            aria-label={collapsed ? 'Expand' : 'Collapse'} aria-pressed={collapsed} onClick={toggleCollapsed} />
        </Tooltip>
      </div>
      {!collapsed && (
        <Input value={search} onChange={(_, d) => setSearch(d.value)} contentBefore={<Search20Regular />}
          placeholder={inConversations ? 'Search Conversations' : 'Search Projects'} aria-label={inConversations ? 'Search Conversations' : 'Search Projects'} />
      )}

      {!inConversations && (
        projects.isPending ? <Spinner size="small" label={collapsed ? undefined : 'Loading projects…'} />
          : projects.isError ? <MessageBar intent="error"><MessageBarBody>{(projects.error as Error).message}</MessageBarBody></MessageBar>
            : (
              <ul className={styles.list} aria-label="Projects">
                {visibleProjects.length === 0 && !collapsed && (
                  <Body1 className={styles.empty}>{projectList.length === 0 ? 'No projects yet: add one with +.' : 'No project matches your search.'}</Body1>
                )}
                {visibleProjects.map((p, i) => (
                  <ProjectRow key={p.id} project={p} position={i + 1} collapsed={collapsed} onlyProject={projectList.length === 1}
                    onOpen={() => chooseProject(p)} onEdit={() => setDialog({ kind: 'editProject', project: p })}
                    onRemove={() => setDialog({ kind: 'removeProject', project: p })} />
                ))}
              </ul>
            )
      )}

      {inConversations && (
        projects.isPending || (project && conversations.isPending) ? <Spinner size="small" label={collapsed ? undefined : 'Loading conversations…'} />
          : !project ? <Body1 className={styles.empty}>{MESSAGES.projectNotFound}</Body1>
            : conversations.isError ? <MessageBar intent="error"><MessageBarBody>{(conversations.error as Error).message}</MessageBarBody></MessageBar>
              : (
                <ul className={styles.list} aria-label="Conversations">
                  {visibleConversations.length === 0 && !collapsed && (
                    <Body1 className={styles.empty}>{(conversations.data ?? []).length === 0 ? 'No conversations yet: create one with +.' : 'No conversation matches your search.'}</Body1>
                  )}
                  {visibleConversations.map((c, i) => (
                    <ConversationItem key={c.id} conversation={c} position={i + 1} collapsed={collapsed} selected={route.conversationId === c.id}
                      fetchedAt={conversations.dataUpdatedAt}
                      onOpen={() => openConversation(c)} onEdit={() => setDialog({ kind: 'editConversation', conversation: c })}
                      onDelete={() => setDialog({ kind: 'deleteConversation', conversation: c })} />
                  ))}
                </ul>
              )
      )}

      {dialog?.kind === 'addProject' && (
        <ProjectDialog project={null} projects={projectList} onClose={() => setDialog(null)}
          onSave={(name) => projectMutations.add.mutateAsync(name)} />
      )}
      {dialog?.kind === 'editProject' && (
        <ProjectDialog project={dialog.project} projects={projectList} onClose={() => setDialog(null)}
          onSave={async (name) => {
            const saved = await projectMutations.rename.mutateAsync({ project: dialog.project, name });
            // The route names the project: follow the rename.
            if (selectedName === dialog.project.name) void navigate({ href: projectPath(saved.name), replace: true });
          }} />
      )}
      {dialog?.kind === 'removeProject' && (
        <RemoveProjectDialog project={dialog.project} onClose={() => setDialog(null)}
          onRemove={async () => {
            await projectMutations.remove.mutateAsync(dialog.project);
            if (selectedName === dialog.project.name) void navigate({ href: '/' });
          }} />
      )}
      {(dialog?.kind === 'createConversation' || dialog?.kind === 'editConversation') && (
        <ConversationDialog
          conversation={dialog.kind === 'editConversation' ? dialog.conversation : null}
          projects={projectList}
          defaultProjectId={dialog.kind === 'createConversation' ? dialog.projectId : null}
          mayRerun={dialog.kind === 'editConversation' && mayRerun(dialog.conversation)}
          create={(body) => conversationMutations.create.mutateAsync(body)}
          edit={(id, body) => conversationMutations.edit.mutateAsync({ id, body })}
          onClose={() => setDialog(null)}
          onSaved={(c) => {
            // A new conversation in another project: show that project's conversations.
            const owner = projectList.find((p) => p.id === c.project_id);
            if (dialog.kind === 'createConversation' && owner && owner.name !== selectedName) void navigate({ href: projectPath(owner.name) });
          }}
        />
      )}
      {dialog?.kind === 'deleteConversation' && (
        <DeleteConversationDialog name={dialog.conversation.name} onClose={() => setDialog(null)}
          onDelete={async () => {
            await conversationMutations.remove.mutateAsync(dialog.conversation.id);
            if (route.conversationId === dialog.conversation.id) void navigate({ href: selectedName ? projectPath(selectedName) : '/' });
          }} />
      )}
      {dialog?.kind === 'quick' && (
        <QuickPick
          title={dialog.which === 'project' ? 'Go to project' : 'Go to conversation'}
          placeholder={dialog.which === 'project' ? 'Search projects by name…' : 'Search conversations by name…'}
          loading={dialog.which === 'project' ? projects.isPending : everything.isPending}
          items={dialog.which === 'project'
            ? projectList.map((p) => ({ id: p.id, label: p.name, detail: `Conversations: ${p.conversation_count}` }))
            : sortByCreated(everything.data ?? []).map((c) => ({ id: c.id, label: c.name, detail: projectList.find((p) => p.id === c.project_id)?.name }))}
          onClose={() => setDialog(null)}
          onPick={(item) => {
            setDialog(null);
            if (dialog.which === 'project') {
              const p = projectList.find((x) => x.id === item.id);
              if (p) chooseProject(p);
            } else {
              const c = everything.data?.find((x) => x.id === item.id);
              if (c) openConversation(c);
            }
          }}
        />
      )}
    </nav>
  );
}
