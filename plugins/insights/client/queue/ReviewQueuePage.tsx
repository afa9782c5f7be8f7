import { Body1, Title2 } from '@fluentui/react-components';
import { ReviewQueue } from './ReviewQueue';

/** /myOrganization/insights: the organisation's insights to review, and those reviewed. */
export default function ReviewQueuePage() {
  return (
    <>
      <Title2 as="h1">Insights</Title2>
      <Body1>What analysts know about accounts and web domains. Senior analysts approve or decline pending insights.</Body1>
      <ReviewQueue paneId="myOrganization.insights" />
    </>
  );
}
