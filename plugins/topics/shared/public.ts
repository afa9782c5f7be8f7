/** The only file other plugins may import: the topic engine's types, the API schemas and the narratives service. */
export * from './types';
export * from './api';
export * from './service';
export { TOPICS_DIMENSIONS } from './dimensions';
