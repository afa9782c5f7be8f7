import {
  Badge, Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, Tooltip, makeStyles, mergeClasses, tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import {
  ArrowClockwise20Regular, Clock16Regular, Delete20Regular, Edit20Regular, MoreHorizontal20Regular, Pause16Regular,
} from '@fluentui/react-icons';
import type { Conversation, Project } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { badgeLabel, type BadgeLabel } from '../../shared/rules';
import { formatRunTime, useLifecycle } from '../hooks';

export const useItemStyles = makeStyles({
  item: {
    listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '2px', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium, ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: {
    flex: 1, minWidth: 0, textAlign: 'start', justifyContent: 'flex-start', overflow: 'hidden', textOverflow: 'ellipsis',
    whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold, padding: 0, minHeight: 'auto',
  },
  meta: { color: tokens.colorNeutralForeground3 },
  collapsed: { alignItems: 'center', padding: tokens.spacingVerticalXS },
  number: { minWidth: '32px' },
  icon: { color: tokens.colorNeutralForeground3, display: 'inline-flex' },
});

const BADGE_COLOR: Record<BadgeLabel, BadgeProps['color']> = { View: 'success', Running: 'brand', Failed: 'danger', Pending: 'informative' };

export interface ProjectRowProps {
  project: Project;
  position: number;
  collapsed: boolean;
  onlyProject: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** A project row (spec part 1 section 2): name, 'Open', 'Conversations: N', edit and delete. */
export function ProjectRow({ project, position, collapsed, onlyProject, onOpen, onEdit, onRemove }: ProjectRowProps) {
  const styles = useItemStyles();
  if (collapsed) {
    return (
      <li className={mergeClasses(styles.item, styles.collapsed)} data-testid="project-row">
        <Tooltip content={project.name} relationship="label" showDelay={250}>
          <Button appearance="subtle" className={styles.number} onClick={onOpen}>{position}</Button>
        </Tooltip>
      </li>
    );
  }
  const remove = (
    <Button appearance="subtle" size="small" icon={<Delete20Regular />} aria-label={`Remove project ${project.name}`}
      disabledFocusable={onlyProject} onClick={onlyProject ? undefined : onRemove} />
  );
  return (
    <li className={styles.item} data-testid="project-row">
      <div className={styles.line}>
        <Button appearance="transparent" className={styles.name} onClick={onOpen} title={project.name}>{project.name}</Button>
        <Button appearance="subtle" size="small" icon={<Edit20Regular />} aria-label={`Edit project ${project.name}`} onClick={onEdit} />
        {onlyProject ? <Tooltip content={MESSAGES.onlyProject} relationship="description" showDelay={250}>{remove}</Tooltip> : remove}
      </div>
      <div className={styles.line}>
        <Button size="small" appearance="secondary" onClick={onOpen}>Open</Button>
        <Caption1 className={styles.meta}>Conversations: {project.conversation_count}</Caption1>
      </div>
    </li>
  );
}

export interface ConversationItemProps {
  conversation: Conversation;
  position: number;
  collapsed: boolean;
  selected: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** When the list holding this conversation was fetched. */
  fetchedAt?: number;
}

/**
 * A conversation list item (spec part 1 section 2): status badge, title (position when collapsed), last-run time
 * (or, while RUNNING, its DAG step of 5 and enrichment stage), re-run button and the scheduled-query icon.
 */
export function ConversationItem({ conversation, position, collapsed, selected, onOpen, onEdit, onDelete, fetchedAt }: ConversationItemProps) {
  const styles = useItemStyles();
  const life = useLifecycle(conversation, fetchedAt);
  const c = life.conversation;
  const label = badgeLabel(life.status);
  const badge = <Badge appearance="filled" color={BADGE_COLOR[label]} data-testid="status-badge">{label}</Badge>;
  const scheduled = c.threat_feed ? (
    c.suspended
      ? <Tooltip content="Continuous, suspended" relationship="label" showDelay={250}><span className={styles.icon} data-testid="icon-suspended"><Pause16Regular /></span></Tooltip>
      : <Tooltip content="Continuous: runs every day" relationship="label" showDelay={250}><span className={styles.icon} data-testid="icon-continuous"><Clock16Regular /></span></Tooltip>
  ) : null;

  if (collapsed) {
    return (
      <li className={mergeClasses(styles.item, styles.collapsed, selected && styles.selected)} data-testid="conversation-item" data-status={life.status}>
        <Tooltip content={`${c.name} (${label})`} relationship="label" showDelay={250}>
          <Button appearance="subtle" className={styles.number} onClick={onOpen}>{position}</Button>
        </Tooltip>
        {badge}
      </li>
    );
  }
  const stage = c.enrichment_stages[0]?.stage;
  const progress = life.status === 'RUNNING' && c.DAG_step ? `Step ${c.DAG_step} of 5${stage ? ` · ${stage}` : ''}` : null;
  return (
    <li className={mergeClasses(styles.item, selected && styles.selected)} data-testid="conversation-item" data-status={life.status}>
      <div className={styles.line}>
        {badge}
        <Button appearance="transparent" className={styles.name} onClick={onOpen} title={c.name}>{c.name}</Button>
        {scheduled}
        {life.rerunVisible && (
          <Tooltip content={life.rerunDisabledReason ?? 'Re-run'} relationship="label" showDelay={250}>
            <Button appearance="subtle" size="small" icon={<ArrowClockwise20Regular />} aria-label={`Re-run ${c.name}`}
              disabledFocusable={life.rerunDisabledReason !== null} onClick={life.rerunDisabledReason ? undefined : life.rerun} />
          </Tooltip>
        )}
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" size="small" icon={<MoreHorizontal20Regular />} aria-label={`More actions for ${c.name}`} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<Edit20Regular />} onClick={onEdit}>Edit</MenuItem>
              <MenuItem icon={<Delete20Regular />} onClick={onDelete}>Delete</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      <Caption1 className={styles.meta} data-testid="conversation-meta">{progress ?? `Last run: ${formatRunTime(c.last_run)}`}</Caption1>
      {life.rerunError && <Text size={200} role="alert">{life.rerunError}</Text>}
    </li>
  );
}
