import {
  Body1,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import type { PanelDefinition } from '@core/client/plugin/contract';

const useStyles = makeStyles({
  root: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground2,
  },
});

export interface WorkspaceZeroStateProps {
  panels: PanelDefinition[];
  onAdd: (panelType: string) => void;
}

/** The empty workspace (every pane closed): says so and offers every panel that can open here. */
export function WorkspaceZeroState({ panels, onAdd }: WorkspaceZeroStateProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="workspace-zero-state">
      <Subtitle2>This workspace is empty</Subtitle2>
      <Body1>Add a pane to start, or reset the layout from the command palette.</Body1>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="primary" icon={<AddRegular />} disabled={panels.length === 0}>
            Add pane
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {panels.map((panel) => (
              <MenuItem key={panel.type} onClick={() => onAdd(panel.type)} secondaryContent={panel.type}>
                {panel.title}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}
