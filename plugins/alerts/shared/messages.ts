import { SHARED_MESSAGES } from '@core/shared/messages';
import { CRITERION_KINDS, DIRECTIONS, MAX_CRITERIA, METRICS, NAME_MAX, SENSITIVITIES, UNITS } from './vocabulary';

/**
 * Every message the alert configuration calls answer with. The spec lists the required fields and says metric, unit,
 * direction and alertable_type come from the listed values; it quotes no wording, so these name the field and the
 * allowed values the way the spec's schema does.
 */
export const ALERT_MESSAGES = {
  notObject: 'An alert configuration must be a JSON object.',
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${NAME_MAX} characters`,
  alertableTypeRequired: 'alertable_type is required',
  alertableType: 'alertable_type must be conversation',
  alertableIdRequired: 'alertable_id is required',
  alertableIdUuid: 'alertable_id must be a uuid',
  configRequired: 'config is required',
  criteriaRequired: 'config.criteria must list at least one criterion',
  tooManyCriteria: `config.criteria may list at most ${MAX_CRITERIA} criteria`,
  enabledRequired: 'enabled is required',
  enabledBoolean: 'enabled must be true or false',
  recipientsList: 'recipients must be a list of user uuids or null',
  recipientUnknown: (id: string) => `recipient ${id} is not a user of this organization`,
  metricRequired: (i: number) => `criteria[${i}].metric is required`,
  metric: (i: number) => `criteria[${i}].metric must be one of ${METRICS.join(', ')}`,
  unitRequired: (i: number) => `criteria[${i}].unit is required`,
  unit: (i: number) => `criteria[${i}].unit must be one of ${UNITS.join(', ')}`,
  directionRequired: (i: number) => `criteria[${i}].direction is required`,
  direction: (i: number) => `criteria[${i}].direction must be one of ${DIRECTIONS.join(', ')}`,
  thresholdRequired: (i: number) => `criteria[${i}].threshold is required`,
  threshold: (i: number) => `criteria[${i}].threshold must be a number of at least 0`,
  platform: (i: number) => `criteria[${i}].platform must be a list of platform names or null`,
  riskCategories: (i: number) => `criteria[${i}].risk_categories must be a list of risk categories or null`,
  riskCategoryUnknown: (i: number, value: string) => `criteria[${i}].risk_categories: unknown risk category '${value}'`,
  kind: (i: number) => `criteria[${i}].kind must be one of ${CRITERION_KINDS.join(', ')}`,
  sensitivity: (i: number) => `criteria[${i}].sensitivity must be one of ${SENSITIVITIES.join(', ')}`,
  unusualNeedsCount: (i: number) => `criteria[${i}]: an unusual change is judged on post_count in count units`,
  webhookUrl: 'config.webhook_url must be an http or https URL',
  conversationNotFound: SHARED_MESSAGES.conversationNotFound,
  configNotFound: 'Alert configuration not found',
  notificationNotFound: 'Notification not found',
} as const;
