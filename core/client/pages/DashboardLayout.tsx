import { Outlet } from '@tanstack/react-router';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '../app/hostContext';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: 0 },
  picker: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, overflow: 'auto', flexShrink: 0 },
  detail: { flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
});

/** The two-pane dashboard: the project picker (contributed by a plugin through the `picker` slot) and the detail pane. */
export default function DashboardLayout() {
  const styles = useStyles();
  const { slots } = useWorkbench();
  const Picker = slots.picker;
  return (
    <div className={styles.root}>
      {Picker && <aside className={styles.picker}><Picker /></aside>}
      <div className={styles.detail}><Outlet /></div>
    </div>
  );
}
