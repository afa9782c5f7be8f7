import { Link } from '@tanstack/react-router';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalXXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function NotFoundPage() {
  const styles = useStyles();
  return (
    <main className={styles.root} data-testid="not-found">
      <Title2 as="h1">Page not found</Title2>
      <Body1>The page you asked for does not exist or has moved.</Body1>
      <Link to="/">Back to the dashboard</Link>
    </main>
  );
}
