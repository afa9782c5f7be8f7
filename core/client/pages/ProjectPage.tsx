import { useParams } from '@tanstack/react-router';
import { Body1, Title3, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ root: { padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

export default function ProjectPage() {
  const styles = useStyles();
  const { projectName } = useParams({ strict: false }) as { projectName?: string };
  return (
    <section className={styles.root}>
      <Title3 as="h2">{projectName}</Title3>
      <Body1>Choose a conversation of this project from the list, or create one.</Body1>
    </section>
  );
}
