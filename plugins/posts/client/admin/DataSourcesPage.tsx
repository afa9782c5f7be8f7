import { Body1, Title2 } from '@fluentui/react-components';
import { useCurrentUser } from '@core/client/session/SessionContext';
import { DataSourcesSection } from './DataSourcesSection';
import { ImportSection } from './ImportSection';

/** /myOrganization/datasources: the organisation's data sources and, for organisation admins, the import upload. */
export default function DataSourcesPage() {
  const current = useCurrentUser();
  const user = current?.user;
  const isAdmin = Boolean(user && (user.is_global_admin || user.is_org_admin));
  const canRead = Boolean(user && (user.is_global_admin || user.permissions.includes('READ_DATA_SOURCE')));
  return (
    <>
      <Title2 as="h1">Data sources</Title2>
      {canRead
        ? <DataSourcesSection permissions={user?.permissions ?? []} isGlobalAdmin={user?.is_global_admin ?? false} />
        : <Body1>You do not have permission to see the data sources.</Body1>}
      {isAdmin ? <ImportSection /> : null}
    </>
  );
}
