/** What other plugins may import from the URLs plugin. */
export { domainLabelsKey, type DomainLabels } from './service';
export { CO_URLS_PATH, coUrlSchema, type CoUrl } from './api';
export { DOMAIN_CATEGORIES, type DomainCategory, type SharedDomain, type SharedUrl, type DomainDetails, type Registration } from './api';
export { urlsPopupSectionsKey, type UrlsPopupSections, type RegistrationSectionProps } from './ui';
